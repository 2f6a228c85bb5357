// RUN: dml-opt %s | dml-opt | FileCheck %s

// Function arguments may carry DML_BUFFER_TENSOR_DESC strides; zero strides
// broadcast, larger strides pad, permuted strides describe other layouts.

// CHECK-LABEL: func.func @broadcast
// CHECK-SAME: {dml.strides = array<i64: 0, 1>}
func.func @broadcast(%x: tensor<3x4xf32> {dml.strides = array<i64: 0, 1>}) -> tensor<3x1xf32> {
  %y = dml.reduce %x, function = sum, axes = [1] : tensor<3x4xf32> -> tensor<3x1xf32>
  return %y : tensor<3x1xf32>
}

// CHECK-LABEL: func.func @transposed
// CHECK-SAME: {dml.strides = array<i64: 1, 3>}
func.func @transposed(%x: tensor<3x4xf32> {dml.strides = array<i64: 1, 3>}) -> tensor<3x4xf32> {
  return %x : tensor<3x4xf32>
}

// CHECK-LABEL: func.func @memref
// CHECK-SAME: {dml.strides = array<i64: 8, 1>}
func.func @memref(%x: memref<2x4xf32, strided<[8, 1]>> {dml.strides = array<i64: 8, 1>}) {
  return
}
