// RUN: dml-opt %s --convert-dml-to-linalg --split-input-file | FileCheck %s

// top_k becomes its structured form on tensors, with tensor.empty
// destinations; unsigned types become signless, with `unsigned` keeping the
// order.
// CHECK-LABEL: func.func @top_k_increasing
// CHECK-SAME: (%[[X:.*]]: tensor<2x5xf16>) -> (tensor<2x3xf16>, tensor<2x3xi64>)
// CHECK-DAG: %[[EV:.*]] = tensor.empty() : tensor<2x3xf16>
// CHECK-DAG: %[[EI:.*]] = tensor.empty() : tensor<2x3xi64>
// CHECK: %[[R:.*]]:2 = dml.select_top_k ins(%[[X]] : tensor<2x5xf16>) outs(%[[EV]], %[[EI]] : tensor<2x3xf16>, tensor<2x3xi64>) axis = 1 k = 3 direction = increasing -> tensor<2x3xf16>, tensor<2x3xi64>
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @top_k_increasing(%x: tensor<2x5xf16>) -> (tensor<2x3xf16>, tensor<2x3xui64>) {
  %v, %i = dml.top_k %x, axis = 1, k = 3, direction = increasing : tensor<2x5xf16> -> tensor<2x3xf16>, tensor<2x3xui64>
  return %v, %i : tensor<2x3xf16>, tensor<2x3xui64>
}

// -----

// CHECK-LABEL: func.func @top_k_unsigned_axis0
// CHECK: dml.select_top_k ins(%{{.*}} : tensor<6x2xi32>) outs(%{{.*}}, %{{.*}} : tensor<4x2xi32>, tensor<4x2xi32>) axis = 0 k = 4 direction = decreasing unsigned
func.func @top_k_unsigned_axis0(%x: tensor<6x2xui32>) -> (tensor<4x2xui32>, tensor<4x2xui32>) {
  %v, %i = dml.top_k %x, axis = 0, k = 4, direction = decreasing : tensor<6x2xui32> -> tensor<4x2xui32>, tensor<4x2xui32>
  return %v, %i : tensor<4x2xui32>, tensor<4x2xui32>
}
