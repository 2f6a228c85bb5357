// stream-fills=false writes the
// outputs of store-only loops (nothing read along the vectorized
// dimension: one_hot, fills) with ordinary stores at any size; loops that
// read what they store (a gather's rows) keep non-temporal stores.
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen="stream-fills=false" | FileCheck %s
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen="stream-fills=true" | FileCheck %s --check-prefix=STREAM

// 4096 x 4096 x 4 bytes = 64 MiB.
// CHECK-LABEL: func.func @large_one_hot
// CHECK: vector.store %{{[^{]*}} : memref<4096x4096xf32>, vector<32xf32>
// CHECK-NOT: nontemporal
// CHECK: return
// STREAM-LABEL: func.func @large_one_hot
// STREAM: vector.store %{{.*}} {alignment = 64 : i64, nontemporal = true} : memref<4096x4096xf32>, vector<32xf32>
func.func @large_one_hot(%j: tensor<4096x1xi32>, %w: tensor<1x2xf32>) -> tensor<4096x4096xf32> {
  %r = dml.one_hot %j, %w, axis = 1 : (tensor<4096x1xi32>, tensor<1x2xf32>) -> tensor<4096x4096xf32>
  return %r : tensor<4096x4096xf32>
}

// 2048 x 1024 x 4 bytes = 8 MiB into the caller's buffer.
// CHECK-LABEL: func.func @caller_gather
// CHECK: vector.store %{{.*}} {alignment = 64 : i64, nontemporal = true} : memref<2048x1024xf32>
// STREAM-LABEL: func.func @caller_gather
// STREAM: vector.store %{{.*}} {alignment = 64 : i64, nontemporal = true} : memref<2048x1024xf32>
func.func @caller_gather(%x: tensor<100x1024xf32>, %j: tensor<1x2048xi32>) -> tensor<2048x1024xf32> {
  %g = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<100x1024xf32>, tensor<1x2048xi32>) -> tensor<2048x1024xf32>
  return %g : tensor<2048x1024xf32>
}
