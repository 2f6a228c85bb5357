// RUN: dml-opt %s | dml-opt | FileCheck %s
// RUN: dml-opt %s --mlir-print-op-generic | dml-opt | FileCheck %s
// RUN: dml-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @top_k_f32_rank4
// CHECK: %{{.*}}, %{{.*}} = dml.top_k %{{.*}}, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>
// GENERIC: "dml.top_k"(%{{.*}}) <{axis = 3 : i32, direction = #dml<axis_direction decreasing>, k = 2 : i32}>
func.func @top_k_f32_rank4(%x: tensor<1x1x3x4xf32>) -> (tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>) {
  %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>
  return %v, %i : tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>
}
