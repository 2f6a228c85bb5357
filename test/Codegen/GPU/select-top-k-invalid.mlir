// dml-gpu-select-top-k rejects what it cannot lower with a diagnostic.
// RUN: dml-opt %s --dml-gpu-select-top-k -split-input-file -verify-diagnostics

// On tensors (before bufferization).
func.func @tensors(%x: tensor<4x1000xf32>, %v: tensor<4x5xf32>, %i: tensor<4x5xi32>) -> (tensor<4x5xf32>, tensor<4x5xi32>) {
  // expected-error @+1 {{'dml.select_top_k' op dml-gpu-select-top-k: must be bufferized first}}
  %r:2 = dml.select_top_k ins(%x : tensor<4x1000xf32>) outs(%v, %i : tensor<4x5xf32>, tensor<4x5xi32>) axis = 1 k = 5 direction = decreasing -> tensor<4x5xf32>, tensor<4x5xi32>
  return %r#0, %r#1 : tensor<4x5xf32>, tensor<4x5xi32>
}

// -----

// Inside a loop: the kernel is launched from host code only.
func.func @nested(%x: memref<4x1000xf32>, %v: memref<4x5xf32>, %i: memref<4x5xi32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  scf.for %iv = %c0 to %c2 step %c1 {
    // expected-error @+1 {{'dml.select_top_k' op dml-gpu-select-top-k: must be in a function body (host code)}}
    dml.select_top_k ins(%x : memref<4x1000xf32>) outs(%v, %i : memref<4x5xf32>, memref<4x5xi32>) axis = 1 k = 5 direction = decreasing
  }
  return
}

// -----

// A prologue op that has no scalar form.
func.func @prologue(%x: memref<4x1000xf32>, %v: memref<4x5xf32>, %i: memref<4x5xi32>) {
  // expected-error @+1 {{'dml.select_top_k' op prologue op 'scf.execute_region' cannot be lowered: only arith and math ops are supported}}
  dml.select_top_k ins(%x : memref<4x1000xf32>) outs(%v, %i : memref<4x5xf32>, memref<4x5xi32>) axis = 1 k = 5 direction = decreasing maps = [affine_map<(d0, d1) -> (d0, d1)>] {
  ^bb0(%a: f32):
    %r = scf.execute_region -> f32 {
      scf.yield %a : f32
    }
    dml.yield %r : f32
  }
  return
}

// -----

// i1 elements have no byte-wise key.
func.func @bits(%x: memref<4x1000xi1>, %v: memref<4x5xi1>, %i: memref<4x5xi32>) {
  // expected-error @+1 {{'dml.select_top_k' op dml-gpu-select-top-k: element type of 8, 16, 32 or 64 bits expected}}
  dml.select_top_k ins(%x : memref<4x1000xi1>) outs(%v, %i : memref<4x5xi1>, memref<4x5xi32>) axis = 1 k = 5 direction = decreasing
  return
}

// -----

// Positions are 32-bit in the kernel.
func.func @long(%x: memref<2147483648xf32>, %v: memref<5xf32>, %i: memref<5xi64>) {
  // expected-error @+1 {{'dml.select_top_k' op dml-gpu-select-top-k: sequences shorter than 2^31 expected}}
  dml.select_top_k ins(%x : memref<2147483648xf32>) outs(%v, %i : memref<5xf32>, memref<5xi64>) axis = 0 k = 5 direction = decreasing
  return
}

// -----

// An empty input (the dml.top_k verifier rejects it; select_top_k may carry
// it): no kernel of zero blocks or zero warps.
func.func @empty(%x: memref<0x1000xf32>, %v: memref<0x5xf32>, %i: memref<0x5xi32>) {
  // expected-error @+1 {{'dml.select_top_k' op dml-gpu-select-top-k: sizes and K of at least 1 expected}}
  dml.select_top_k ins(%x : memref<0x1000xf32>) outs(%v, %i : memref<0x5xf32>, memref<0x5xi32>) axis = 1 k = 5 direction = decreasing
  return
}
