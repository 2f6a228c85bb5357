// RUN: dml-opt %s --split-input-file --dml-fuse-into-top-k --canonicalize | FileCheck %s

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0, 0)>

// A chain of elementwise and broadcasting producers disappears into the
// prologue: the selection reads x and the two [4, 1] tensors through the
// composed maps, and no [4, 1000] tensor is left.
// CHECK: #[[$ROW:map[0-9]*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK: #[[$ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @chain
// CHECK-SAME: (%[[X:.*]]: tensor<4x1000xf32>, %[[M:.*]]: tensor<4x1xf32>, %[[S:.*]]: tensor<4x1xf32>)
// CHECK-NOT: linalg.generic
// CHECK: dml.select_top_k ins(%[[S]], %[[X]], %[[M]] : tensor<4x1xf32>, tensor<4x1000xf32>, tensor<4x1xf32>) {{.*}} maps = [#[[$ROW]], #[[$ID]], #[[$ROW]]] {
// CHECK: ^bb0(%[[AS:.*]]: f32, %[[AX:.*]]: f32, %[[AM:.*]]: f32):
// CHECK: %[[D:.*]] = arith.subf %[[AX]], %[[AM]] : f32
// CHECK: %[[E:.*]] = math.exp %[[D]] : f32
// CHECK: %[[Q:.*]] = arith.divf %[[E]], %[[AS]] : f32
// CHECK: dml.yield %[[Q]] : f32
func.func @chain(%x: tensor<4x1000xf32>, %m: tensor<4x1xf32>, %s: tensor<4x1xf32>) -> (tensor<4x5xf32>, tensor<4x5xi32>) {
  %init = tensor.empty() : tensor<4x1000xf32>
  %e = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %m : tensor<4x1000xf32>, tensor<4x1xf32>) outs(%init : tensor<4x1000xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %d = arith.subf %a, %b : f32
    %ex = math.exp %d : f32
    linalg.yield %ex : f32
  } -> tensor<4x1000xf32>
  %p = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%e, %s : tensor<4x1000xf32>, tensor<4x1xf32>) outs(%init : tensor<4x1000xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %q = arith.divf %a, %b : f32
    linalg.yield %q : f32
  } -> tensor<4x1000xf32>
  %ev = tensor.empty() : tensor<4x5xf32>
  %ei = tensor.empty() : tensor<4x5xi32>
  %r:2 = dml.select_top_k ins(%p : tensor<4x1000xf32>) outs(%ev, %ei : tensor<4x5xf32>, tensor<4x5xi32>) axis = 1 k = 5 direction = decreasing -> tensor<4x5xf32>, tensor<4x5xi32>
  return %r#0, %r#1 : tensor<4x5xf32>, tensor<4x5xi32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// A transposed producer composes its output map's inverse: the selection
// reads y[d1, d0].
// CHECK: #[[$T:map[0-9]*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @transposed
// CHECK: dml.select_top_k ins(%{{.*}} : tensor<1000x4xf32>) {{.*}} maps = [#[[$T]]]
// CHECK: arith.negf
func.func @transposed(%y: tensor<1000x4xf32>) -> (tensor<4x5xf32>, tensor<4x5xi32>) {
  %init = tensor.empty() : tensor<4x1000xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, #id], iterator_types = ["parallel", "parallel"]}
      ins(%y : tensor<1000x4xf32>) outs(%init : tensor<4x1000xf32>) {
  ^bb0(%a: f32, %out: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<4x1000xf32>
  %ev = tensor.empty() : tensor<4x5xf32>
  %ei = tensor.empty() : tensor<4x5xi32>
  %r:2 = dml.select_top_k ins(%t : tensor<4x1000xf32>) outs(%ev, %ei : tensor<4x5xf32>, tensor<4x5xi32>) axis = 1 k = 5 direction = decreasing -> tensor<4x5xf32>, tensor<4x5xi32>
  return %r#0, %r#1 : tensor<4x5xf32>, tensor<4x5xi32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// Not fused: a reduction producer, and a body reading the output.
// CHECK-LABEL: func.func @not_fused
// CHECK: %[[R:.*]] = linalg.generic
// CHECK: dml.select_top_k ins(%[[R]] : tensor<4x8xf32>)
// CHECK-NOT: maps
func.func @not_fused(%x: tensor<4x8xf32>, %acc: tensor<4x8xf32>) -> (tensor<4x2xf32>, tensor<4x2xi32>) {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%acc : tensor<4x8xf32>) {
  ^bb0(%a: f32, %out: f32):
    %s = arith.addf %a, %out : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  %ev = tensor.empty() : tensor<4x2xf32>
  %ei = tensor.empty() : tensor<4x2xi32>
  %v:2 = dml.select_top_k ins(%r : tensor<4x8xf32>) outs(%ev, %ei : tensor<4x2xf32>, tensor<4x2xi32>) axis = 1 k = 2 direction = decreasing -> tensor<4x2xf32>, tensor<4x2xi32>
  return %v#0, %v#1 : tensor<4x2xf32>, tensor<4x2xi32>
}
