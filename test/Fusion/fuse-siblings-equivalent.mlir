// RUN: dml-opt %s --dml-fuse-siblings --canonicalize --split-input-file | FileCheck %s

// dml-fuse-siblings keeps one of the results of a merged generic that
// compute the same value (EquivalentResults.h); the rest stay.


// The same body over different inits or a non-commutative op with swapped
// operands is not the same value: both results stay.
// CHECK-LABEL: func.func @different_results_stay
// CHECK: %{{.*}}:2 = linalg.generic
// CHECK: arith.subf %out, %in : f32
// CHECK: arith.subf %in, %out{{.*}} : f32
// CHECK: linalg.yield %{{.*}}, %{{.*}} : f32, f32
#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @different_results_stay(%x: tensor<8x16xf32>, %init: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %a = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8x16xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %d = arith.subf %out, %in : f32
    linalg.yield %d : f32
  } -> tensor<8xf32>
  %b = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8x16xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %d = arith.subf %in, %out : f32
    linalg.yield %d : f32
  } -> tensor<8xf32>
  return %a, %b : tensor<8xf32>, tensor<8xf32>
}

// -----

// Two copies of one commutative reduction over the same init are one.
// CHECK-LABEL: func.func @same_sum_twice
// CHECK: %[[S:.*]] = linalg.generic
// CHECK: arith.addf
// CHECK-NOT: arith.addf
// CHECK: return %[[S]], %[[S]]
#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @same_sum_twice(%x: tensor<8x16xf32>, %init: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %a = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8x16xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %d = arith.addf %out, %in : f32
    linalg.yield %d : f32
  } -> tensor<8xf32>
  %b = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8x16xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %d = arith.addf %in, %out : f32
    linalg.yield %d : f32
  } -> tensor<8xf32>
  return %a, %b : tensor<8xf32>, tensor<8xf32>
}

// -----

// One body over two different inits: two values.
// CHECK-LABEL: func.func @different_inits_stay
// CHECK: %[[R:.*]]:2 = linalg.generic
// CHECK-COUNT-2: arith.addf
// CHECK: return %[[R]]#0, %[[R]]#1
#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @different_inits_stay(%x: tensor<8x16xf32>, %init: tensor<8xf32>, %other: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %a = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8x16xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %d = arith.addf %out, %in : f32
    linalg.yield %d : f32
  } -> tensor<8xf32>
  %b = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8x16xf32>) outs(%other : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %d = arith.addf %out, %in : f32
    linalg.yield %d : f32
  } -> tensor<8xf32>
  return %a, %b : tensor<8xf32>, tensor<8xf32>
}
