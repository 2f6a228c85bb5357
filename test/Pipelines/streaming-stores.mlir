// Elementwise outputs of 64 MiB and more are written with non-temporal
// stores (16-byte aligned, DirectML's buffer alignment); smaller ones and
// outputs of reductions use ordinary stores.
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen | FileCheck %s

// 4096 x 4096 x 4 bytes = 64 MiB.
// CHECK-LABEL: func.func @large_one_hot
// CHECK: vector.store %{{.*}} {alignment = 16 : i64, nontemporal = true} : memref<4096x4096xf32>, vector<32xf32>
func.func @large_one_hot(%j: tensor<4096x1xi32>, %w: tensor<1x2xf32>) -> tensor<4096x4096xf32> {
  %r = dml.one_hot %j, %w, axis = 1 : (tensor<4096x1xi32>, tensor<1x2xf32>) -> tensor<4096x4096xf32>
  return %r : tensor<4096x4096xf32>
}

// CHECK-LABEL: func.func @small_one_hot
// CHECK-NOT: nontemporal
// CHECK: return
func.func @small_one_hot(%j: tensor<4095x1xi32>, %w: tensor<1x2xf32>) -> tensor<4095x4096xf32> {
  %r = dml.one_hot %j, %w, axis = 1 : (tensor<4095x1xi32>, tensor<1x2xf32>) -> tensor<4095x4096xf32>
  return %r : tensor<4095x4096xf32>
}
