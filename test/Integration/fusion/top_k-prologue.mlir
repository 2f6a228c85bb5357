// Elementwise producers fused into top_k's selection (dml-fuse-into-top-k)
// compute the same selection as numpy on the unfused graph: softmax over
// rows written with dml.reduce and linalg ops, then top_k; x * 2 + 1 (arith
// on tensors) then top_k, on f32 (keys, ragged rows), i64 (value/index
// heap) and along a non-innermost axis (element by element). With and
// without vectors, and with threads.

// REQUIRES: dml-run
// RUN: %PYTHON %S/Inputs/check_top_k_prologue.py dml-run %s %t
// RUN: %PYTHON %S/Inputs/check_top_k_prologue.py dml-run %s %t "vectorize=0"
// RUN: %PYTHON %S/Inputs/check_top_k_prologue.py dml-run %s %t "threads=2"
// RUN: dml-opt %s --dml-to-linalg | FileCheck %s

// The selections read the original inputs: no intermediate tensor.
// CHECK-LABEL: func.func @softmax_top_k
// The row maxima and sums are read without their [4, 1] expand_shape.
// CHECK: dml.select_top_k ins(%arg0, %{{.*}}, %{{.*}} : tensor<4x1000xf32>, tensor<4xf32>, tensor<4xf32>)
// CHECK: math.exp
// CHECK: arith.divf
// Splat constants become scalars: the selection reads x only.
// CHECK-LABEL: func.func @affine_top_k
// CHECK-NOT: linalg.generic
// CHECK: dml.select_top_k ins(%arg0 : tensor<4x1000xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf

func.func @softmax_top_k(%x: tensor<4x1000xf32>) -> (tensor<4x5xf32>, tensor<4x5xui32>) {
  %max = dml.reduce %x, function = max, axes = [1] : tensor<4x1000xf32> -> tensor<4x1xf32>
  %init = tensor.empty() : tensor<4x1000xf32>
  %e = linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%x, %max : tensor<4x1000xf32>, tensor<4x1xf32>) outs(%init : tensor<4x1000xf32>) {
  ^bb0(%a: f32, %m: f32, %out: f32):
    %d = arith.subf %a, %m : f32
    %ex = math.exp %d : f32
    linalg.yield %ex : f32
  } -> tensor<4x1000xf32>
  %sum = dml.reduce %e, function = sum, axes = [1] : tensor<4x1000xf32> -> tensor<4x1xf32>
  %p = linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%e, %sum : tensor<4x1000xf32>, tensor<4x1xf32>) outs(%init : tensor<4x1000xf32>) {
  ^bb0(%a: f32, %s: f32, %out: f32):
    %q = arith.divf %a, %s : f32
    linalg.yield %q : f32
  } -> tensor<4x1000xf32>
  %v, %i = dml.top_k %p, axis = 1, k = 5, direction = decreasing : tensor<4x1000xf32> -> tensor<4x5xf32>, tensor<4x5xui32>
  return %v, %i : tensor<4x5xf32>, tensor<4x5xui32>
}

func.func @affine_top_k(%x: tensor<4x1000xf32>) -> (tensor<4x7xf32>, tensor<4x7xui32>) {
  %two = arith.constant dense<2.0> : tensor<4x1000xf32>
  %one = arith.constant dense<1.0> : tensor<4x1000xf32>
  %y = arith.mulf %x, %two : tensor<4x1000xf32>
  %z = arith.addf %y, %one : tensor<4x1000xf32>
  %v, %i = dml.top_k %z, axis = 1, k = 7, direction = increasing : tensor<4x1000xf32> -> tensor<4x7xf32>, tensor<4x7xui32>
  return %v, %i : tensor<4x7xf32>, tensor<4x7xui32>
}

func.func @affine_i64(%x: tensor<3x300xi64>) -> (tensor<3x4xi64>, tensor<3x4xui32>) {
  %two = arith.constant dense<2> : tensor<3x300xi64>
  %one = arith.constant dense<1> : tensor<3x300xi64>
  %y = arith.muli %x, %two : tensor<3x300xi64>
  %z = arith.addi %y, %one : tensor<3x300xi64>
  %v, %i = dml.top_k %z, axis = 1, k = 4, direction = decreasing : tensor<3x300xi64> -> tensor<3x4xi64>, tensor<3x4xui32>
  return %v, %i : tensor<3x4xi64>, tensor<3x4xui32>
}

func.func @affine_axis0(%x: tensor<300x3xf32>) -> (tensor<4x3xf32>, tensor<4x3xui32>) {
  %two = arith.constant dense<2.0> : tensor<300x3xf32>
  %one = arith.constant dense<1.0> : tensor<300x3xf32>
  %y = arith.mulf %x, %two : tensor<300x3xf32>
  %z = arith.addf %y, %one : tensor<300x3xf32>
  %v, %i = dml.top_k %z, axis = 0, k = 4, direction = increasing : tensor<300x3xf32> -> tensor<4x3xf32>, tensor<4x3xui32>
  return %v, %i : tensor<4x3xf32>, tensor<4x3xui32>
}
