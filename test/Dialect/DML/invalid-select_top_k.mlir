// RUN: dml-opt %s -split-input-file -verify-diagnostics

// Every diagnostic of dml.select_top_k's verifier.

func.func @f(%x: tensor<4x8xf32>, %v: vector<4x2xf32>, %i: tensor<4x2xi32>) {
  // expected-error @below {{'dml.select_top_k' op values must be a ranked tensor or a memref, got 'vector<4x2xf32>'}}
  %r:2 = "dml.select_top_k"(%x, %v, %i) <{axis = 1 : i64, k = 2 : i64, direction = #dml<axis_direction decreasing>}> ({}) : (tensor<4x8xf32>, vector<4x2xf32>, tensor<4x2xi32>) -> (tensor<4x2xf32>, tensor<4x2xi32>)
  return
}

// -----

func.func @f(%x: tensor<4x8xf32>, %v: tensor<4x2xf32>, %i: memref<4x2xi32>) {
  // expected-error @below {{'dml.select_top_k' op indices must be ranked tensors like values, got 'memref<4x2xi32>'}}
  %r:2 = dml.select_top_k ins(%x : tensor<4x8xf32>) outs(%v, %i : tensor<4x2xf32>, memref<4x2xi32>) axis = 1 k = 2 direction = decreasing -> tensor<4x2xf32>, tensor<4x2xi32>
  return
}

// -----

func.func @f(%x: tensor<4x8xf32>, %v: memref<4x2xf32>, %i: memref<4x2xi32>) {
  // expected-error @below {{'dml.select_top_k' op input #0 must be memrefs like values, got 'tensor<4x8xf32>'}}
  dml.select_top_k ins(%x : tensor<4x8xf32>) outs(%v, %i : memref<4x2xf32>, memref<4x2xi32>) axis = 1 k = 2 direction = decreasing
  return
}

// -----

func.func @f(%x: tensor<4x8xf32>, %v: tensor<?x2xf32>, %i: tensor<4x2xi32>) {
  // expected-error @below {{'dml.select_top_k' op values and indices must have static shapes, got 'tensor<?x2xf32>' and 'tensor<4x2xi32>'}}
  %r:2 = dml.select_top_k ins(%x : tensor<4x8xf32>) outs(%v, %i : tensor<?x2xf32>, tensor<4x2xi32>) axis = 1 k = 2 direction = decreasing -> tensor<?x2xf32>, tensor<4x2xi32>
  return
}

// -----

func.func @f(%x: tensor<?x8xf32>, %v: tensor<4x2xf32>, %i: tensor<4x2xi32>) {
  // expected-error @below {{'dml.select_top_k' op input #0 must have a static shape, got 'tensor<?x8xf32>'}}
  %r:2 = dml.select_top_k ins(%x : tensor<?x8xf32>) outs(%v, %i : tensor<4x2xf32>, tensor<4x2xi32>) axis = 1 k = 2 direction = decreasing -> tensor<4x2xf32>, tensor<4x2xi32>
  return
}

// -----

func.func @f(%x: memref<4x8xf32>, %v: memref<4x2xf32>, %i: memref<4x2xi32>) {
  // expected-error @below {{'dml.select_top_k' op results must be 0 (the types of values and indices on tensors, none on memrefs), got 2 of types 'tensor<4x2xf32>', 'tensor<4x2xi32>'}}
  %r:2 = dml.select_top_k ins(%x : memref<4x8xf32>) outs(%v, %i : memref<4x2xf32>, memref<4x2xi32>) axis = 1 k = 2 direction = decreasing -> tensor<4x2xf32>, tensor<4x2xi32>
  return
}

// -----

func.func @f(%x: tensor<4x8xf32>, %v: tensor<4x2xf32>, %i: tensor<4x2xi32>) {
  // expected-error @below {{'dml.select_top_k' op axis must be in [0, 2) (the rank of values), got 2}}
  %r:2 = dml.select_top_k ins(%x : tensor<4x8xf32>) outs(%v, %i : tensor<4x2xf32>, tensor<4x2xi32>) axis = 2 k = 2 direction = decreasing -> tensor<4x2xf32>, tensor<4x2xi32>
  return
}

// -----

func.func @f(%x: tensor<4x8xf32>, %v: tensor<4x2xf32>, %i: tensor<4x3xi32>) {
  // expected-error @below {{'dml.select_top_k' op indices must have the shape of values 'tensor<4x2xf32>', got 'tensor<4x3xi32>'}}
  %r:2 = dml.select_top_k ins(%x : tensor<4x8xf32>) outs(%v, %i : tensor<4x2xf32>, tensor<4x3xi32>) axis = 1 k = 2 direction = decreasing -> tensor<4x2xf32>, tensor<4x3xi32>
  return
}

// -----

func.func @f(%x: tensor<4x8xf32>, %v: tensor<4x2xf32>, %i: tensor<4x2xi16>) {
  // expected-error @below {{'dml.select_top_k' op indices element type must be i32 or i64, got 'i16'}}
  %r:2 = dml.select_top_k ins(%x : tensor<4x8xf32>) outs(%v, %i : tensor<4x2xf32>, tensor<4x2xi16>) axis = 1 k = 2 direction = decreasing -> tensor<4x2xf32>, tensor<4x2xi16>
  return
}

// -----

func.func @f(%x: tensor<4x8xf32>, %v: tensor<4x2xf32>, %i: tensor<4x2xi32>) {
  // expected-error @below {{'dml.select_top_k' op indexing_maps must be absent without a prologue region}}
  %r:2 = dml.select_top_k ins(%x : tensor<4x8xf32>) outs(%v, %i : tensor<4x2xf32>, tensor<4x2xi32>) axis = 1 k = 2 direction = decreasing maps = [affine_map<(d0, d1) -> (d0, d1)>] -> tensor<4x2xf32>, tensor<4x2xi32>
  return
}

// -----

func.func @f(%x: tensor<4x8xf32>, %v: tensor<4x2xf32>, %i: tensor<4x2xi32>) {
  // expected-error @below {{'dml.select_top_k' op without a prologue region, the op must have exactly 1 input, got 2}}
  %r:2 = dml.select_top_k ins(%x, %x : tensor<4x8xf32>, tensor<4x8xf32>) outs(%v, %i : tensor<4x2xf32>, tensor<4x2xi32>) axis = 1 k = 2 direction = decreasing -> tensor<4x2xf32>, tensor<4x2xi32>
  return
}

// -----

func.func @f(%x: tensor<4x8xf32>, %v: tensor<4x2xf32>, %i: tensor<4x2xi32>) {
  // expected-error @below {{'dml.select_top_k' op a prologue region needs indexing_maps}}
  %r:2 = dml.select_top_k ins(%x : tensor<4x8xf32>) outs(%v, %i : tensor<4x2xf32>, tensor<4x2xi32>) axis = 1 k = 2 direction = decreasing {
  ^bb0(%a: f32):
    dml.yield %a : f32
  } -> tensor<4x2xf32>, tensor<4x2xi32>
  return
}

// -----

func.func @f(%x: tensor<4x8xf32>, %v: tensor<4x2xf32>, %i: tensor<4x2xi32>) {
  // expected-error @below {{'dml.select_top_k' op indexing_maps must have one map per input (1), got 2}}
  %r:2 = dml.select_top_k ins(%x : tensor<4x8xf32>) outs(%v, %i : tensor<4x2xf32>, tensor<4x2xi32>) axis = 1 k = 2 direction = decreasing maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>] {
  ^bb0(%a: f32):
    dml.yield %a : f32
  } -> tensor<4x2xf32>, tensor<4x2xi32>
  return
}

// -----

func.func @f(%x: tensor<4x8xf32>, %v: tensor<4x2xf32>, %i: tensor<4x2xi32>) {
  // expected-error @below {{'dml.select_top_k' op prologue region must have exactly 1 block, got 2}}
  %r:2 = dml.select_top_k ins(%x : tensor<4x8xf32>) outs(%v, %i : tensor<4x2xf32>, tensor<4x2xi32>) axis = 1 k = 2 direction = decreasing maps = [affine_map<(d0, d1) -> (d0, d1)>] {
  ^bb0(%a: f32):
    cf.br ^bb1
  ^bb1:
    dml.yield %a : f32
  } -> tensor<4x2xf32>, tensor<4x2xi32>
  return
}

// -----

func.func @f(%x: tensor<4x8xf32>, %v: tensor<4x2xf32>, %i: tensor<4x2xi32>) {
  // expected-error @below {{'dml.select_top_k' op prologue region must have one argument per input (1), got 2}}
  %r:2 = dml.select_top_k ins(%x : tensor<4x8xf32>) outs(%v, %i : tensor<4x2xf32>, tensor<4x2xi32>) axis = 1 k = 2 direction = decreasing maps = [affine_map<(d0, d1) -> (d0, d1)>] {
  ^bb0(%a: f32, %b: f32):
    dml.yield %a : f32
  } -> tensor<4x2xf32>, tensor<4x2xi32>
  return
}

// -----

func.func @f(%x: tensor<4x8xf32>, %v: tensor<4x2xf32>, %i: tensor<4x2xi32>) {
  // expected-error @below {{'dml.select_top_k' op prologue argument #0 must have the element type of input #0 ('f32'), got 'f16'}}
  %r:2 = dml.select_top_k ins(%x : tensor<4x8xf32>) outs(%v, %i : tensor<4x2xf32>, tensor<4x2xi32>) axis = 1 k = 2 direction = decreasing maps = [affine_map<(d0, d1) -> (d0, d1)>] {
  ^bb0(%a: f16):
    %e = arith.extf %a : f16 to f32
    dml.yield %e : f32
  } -> tensor<4x2xf32>, tensor<4x2xi32>
  return
}

// -----

func.func @f(%x: tensor<4x8xf32>, %v: tensor<4x2xf32>, %i: tensor<4x2xi32>) {
  // expected-error @below {{'dml.select_top_k' op prologue region must end with a dml.yield of one value}}
  %r:2 = dml.select_top_k ins(%x : tensor<4x8xf32>) outs(%v, %i : tensor<4x2xf32>, tensor<4x2xi32>) axis = 1 k = 2 direction = decreasing maps = [affine_map<(d0, d1) -> (d0, d1)>] {
  ^bb0(%a: f32):
    dml.yield %a, %a : f32, f32
  } -> tensor<4x2xf32>, tensor<4x2xi32>
  return
}

// -----

func.func @f(%x: tensor<4x8xf32>, %v: tensor<4x2xf32>, %i: tensor<4x2xi32>) {
  // expected-error @below {{'dml.select_top_k' op indexing map #0 must map 2 dimensions to the 2 indices of input #0, got affine_map<(d0, d1) -> (d1)>}}
  %r:2 = dml.select_top_k ins(%x : tensor<4x8xf32>) outs(%v, %i : tensor<4x2xf32>, tensor<4x2xi32>) axis = 1 k = 2 direction = decreasing maps = [affine_map<(d0, d1) -> (d1)>] {
  ^bb0(%a: f32):
    dml.yield %a : f32
  } -> tensor<4x2xf32>, tensor<4x2xi32>
  return
}

// -----

func.func @f(%x: tensor<4x8xf32>, %v: tensor<4x2xf32>, %i: tensor<4x2xi32>) {
  // expected-error @below {{'dml.select_top_k' op indexing map #0 result #0 must be in [0, 4), got 4}}
  %r:2 = dml.select_top_k ins(%x : tensor<4x8xf32>) outs(%v, %i : tensor<4x2xf32>, tensor<4x2xi32>) axis = 1 k = 2 direction = decreasing maps = [affine_map<(d0, d1) -> (4, d1)>] {
  ^bb0(%a: f32):
    dml.yield %a : f32
  } -> tensor<4x2xf32>, tensor<4x2xi32>
  return
}

// -----

func.func @f(%x: tensor<4x8xf32>, %v: tensor<4x2xf32>, %i: tensor<4x2xi32>) {
  // expected-error @below {{'dml.select_top_k' op indexing map #0 result #0 must be a dimension or a constant, got d0 + 1}}
  %r:2 = dml.select_top_k ins(%x : tensor<4x8xf32>) outs(%v, %i : tensor<4x2xf32>, tensor<4x2xi32>) axis = 1 k = 2 direction = decreasing maps = [affine_map<(d0, d1) -> (d0 + 1, d1)>] {
  ^bb0(%a: f32):
    dml.yield %a : f32
  } -> tensor<4x2xf32>, tensor<4x2xi32>
  return
}

// -----

func.func @f(%x: tensor<4x1xf32>, %v: tensor<4x2xf32>, %i: tensor<4x2xi32>) {
  // expected-error @below {{'dml.select_top_k' op no indexing map reads dimension 1 (the axis), so the sequence length is unknown}}
  %r:2 = dml.select_top_k ins(%x : tensor<4x1xf32>) outs(%v, %i : tensor<4x2xf32>, tensor<4x2xi32>) axis = 1 k = 2 direction = decreasing maps = [affine_map<(d0, d1) -> (d0, 0)>] {
  ^bb0(%a: f32):
    dml.yield %a : f32
  } -> tensor<4x2xf32>, tensor<4x2xi32>
  return
}

// -----

func.func @f(%x: tensor<4x8xf32>, %v: tensor<5x2xf32>, %i: tensor<5x2xi32>) {
  // expected-error @below {{'dml.select_top_k' op input #0 dimension 0 must have size 5 (iteration dimension 0 of values), got 4}}
  %r:2 = dml.select_top_k ins(%x : tensor<4x8xf32>) outs(%v, %i : tensor<5x2xf32>, tensor<5x2xi32>) axis = 1 k = 2 direction = decreasing -> tensor<5x2xf32>, tensor<5x2xi32>
  return
}

// -----

func.func @f(%x: tensor<4x8xf32>, %y: tensor<4x9xf32>, %v: tensor<4x2xf32>, %i: tensor<4x2xi32>) {
  // expected-error @below {{'dml.select_top_k' op input #1 dimension 1 must have size 8 (iteration dimension 1 of the sequence), got 9}}
  %r:2 = dml.select_top_k ins(%x, %y : tensor<4x8xf32>, tensor<4x9xf32>) outs(%v, %i : tensor<4x2xf32>, tensor<4x2xi32>) axis = 1 k = 2 direction = decreasing maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>] {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    dml.yield %s : f32
  } -> tensor<4x2xf32>, tensor<4x2xi32>
  return
}

// -----

func.func @f(%x: tensor<4x8xf32>, %v: tensor<4x9xf32>, %i: tensor<4x9xi32>) {
  // expected-error @below {{'dml.select_top_k' op k must be in [1, 8] (the sequence length), got 9}}
  %r:2 = dml.select_top_k ins(%x : tensor<4x8xf32>) outs(%v, %i : tensor<4x9xf32>, tensor<4x9xi32>) axis = 1 k = 9 direction = decreasing -> tensor<4x9xf32>, tensor<4x9xi32>
  return
}

// -----

func.func @f(%x: tensor<4x8xf32>, %v: tensor<4x3xf32>, %i: tensor<4x3xi32>) {
  // expected-error @below {{'dml.select_top_k' op values dimension 1 (the axis) must be k (2), got 3}}
  %r:2 = dml.select_top_k ins(%x : tensor<4x8xf32>) outs(%v, %i : tensor<4x3xf32>, tensor<4x3xi32>) axis = 1 k = 2 direction = decreasing -> tensor<4x3xf32>, tensor<4x3xi32>
  return
}

// -----

func.func @f(%x: tensor<4x8xf32>, %v: tensor<4x2xf16>, %i: tensor<4x2xi32>) {
  // expected-error @below {{'dml.select_top_k' op values element type must be the selected element type 'f32', got 'f16'}}
  %r:2 = dml.select_top_k ins(%x : tensor<4x8xf32>) outs(%v, %i : tensor<4x2xf16>, tensor<4x2xi32>) axis = 1 k = 2 direction = decreasing -> tensor<4x2xf16>, tensor<4x2xi32>
  return
}

// -----

func.func @f(%x: tensor<4x8xui8>, %v: tensor<4x2xui8>, %i: tensor<4x2xi32>) {
  // expected-error @below {{'dml.select_top_k' op selected element type must be a float or a signless integer, got 'ui8'}}
  %r:2 = dml.select_top_k ins(%x : tensor<4x8xui8>) outs(%v, %i : tensor<4x2xui8>, tensor<4x2xi32>) axis = 1 k = 2 direction = decreasing -> tensor<4x2xui8>, tensor<4x2xi32>
  return
}

// -----

func.func @f(%x: tensor<4x8xf32>, %v: tensor<4x2xf32>, %i: tensor<4x2xi32>) {
  // expected-error @below {{'dml.select_top_k' op 'unsigned' needs integer elements, got 'f32'}}
  %r:2 = dml.select_top_k ins(%x : tensor<4x8xf32>) outs(%v, %i : tensor<4x2xf32>, tensor<4x2xi32>) axis = 1 k = 2 direction = decreasing unsigned -> tensor<4x2xf32>, tensor<4x2xi32>
  return
}

// -----

func.func @f(%x: tensor<4x8xf32>) {
  // expected-error @below {{'dml.yield' op expects parent op 'dml.select_top_k'}}
  dml.yield %x : tensor<4x8xf32>
}
