// RUN: dml-opt %s --dml-to-linalg --dml-bufferize | FileCheck %s

// dml.select_top_k bufferizes in destination style: its destinations become
// the caller's output buffers (out-params), with no allocation and no copy.
// CHECK-LABEL: func.func @top_k(
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<4x1000xf32>, %[[V:[a-z0-9]+]]: memref<4x5xf32>, %[[I:[a-z0-9]+]]: memref<4x5xi32>)
// CHECK-NEXT: dml.select_top_k ins(%[[X]] : memref<4x1000xf32>) outs(%[[V]], %[[I]] : memref<4x5xf32>, memref<4x5xi32>) axis = 1 k = 5 direction = decreasing
// CHECK-NEXT: return
func.func @top_k(%x: tensor<4x1000xf32>) -> (tensor<4x5xf32>, tensor<4x5xui32>) {
  %v, %i = dml.top_k %x, axis = 1, k = 5, direction = decreasing : tensor<4x1000xf32> -> tensor<4x5xf32>, tensor<4x5xui32>
  return %v, %i : tensor<4x5xf32>, tensor<4x5xui32>
}

// A fused prologue bufferizes with its inputs read in place.
// CHECK-LABEL: func.func @scaled(
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<4x1000xf32>, %[[V:[a-z0-9]+]]: memref<4x5xf32>, %[[I:[a-z0-9]+]]: memref<4x5xi32>)
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: dml.select_top_k ins(%[[X]] : memref<4x1000xf32>) outs(%[[V]], %[[I]] : memref<4x5xf32>, memref<4x5xi32>)
// CHECK: arith.mulf
// CHECK: dml.yield
func.func @scaled(%x: tensor<4x1000xf32>) -> (tensor<4x5xf32>, tensor<4x5xui32>) {
  %c = arith.constant dense<3.0> : tensor<4x1000xf32>
  %y = arith.mulf %x, %c : tensor<4x1000xf32>
  %v, %i = dml.top_k %y, axis = 1, k = 5, direction = decreasing : tensor<4x1000xf32> -> tensor<4x5xf32>, tensor<4x5xui32>
  return %v, %i : tensor<4x5xf32>, tensor<4x5xui32>
}
