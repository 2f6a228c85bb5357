// Elementwise outputs are written with non-temporal stores (DirectML's
// 16-byte buffer alignment; from each row's first 64-byte line on, whole
// aligned lines: stream-line-aligned.mlir) from 8 MiB into the caller's
// buffers and from 64 MiB into the kernel's own; smaller ones and outputs
// of reductions use ordinary stores.
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen | FileCheck %s
// RUN: dml-opt %s --dml-to-linalg="fusion=false" --dml-bufferize --dml-codegen | FileCheck %s --check-prefix=UNFUSED

// 4096 x 4096 x 4 bytes = 64 MiB.
// CHECK-LABEL: func.func @large_one_hot
// CHECK: vector.store %{{.*}} {alignment = 64 : i64, nontemporal = true} : memref<4096x4096xf32>, vector<32xf32>
func.func @large_one_hot(%j: tensor<4096x1xi32>, %w: tensor<1x2xf32>) -> tensor<4096x4096xf32> {
  %r = dml.one_hot %j, %w, axis = 1 : (tensor<4096x1xi32>, tensor<1x2xf32>) -> tensor<4096x4096xf32>
  return %r : tensor<4096x4096xf32>
}

// CHECK-LABEL: func.func @small_one_hot
// CHECK-NOT: nontemporal
// CHECK: return
func.func @small_one_hot(%j: tensor<511x1xi32>, %w: tensor<1x2xf32>) -> tensor<511x4096xf32> {
  %r = dml.one_hot %j, %w, axis = 1 : (tensor<511x1xi32>, tensor<1x2xf32>) -> tensor<511x4096xf32>
  return %r : tensor<511x4096xf32>
}

// 2048 x 1024 x 4 bytes = 8 MiB into the caller's buffer.
// CHECK-LABEL: func.func @caller_gather
// CHECK: vector.store %{{.*}} {alignment = 64 : i64, nontemporal = true} : memref<2048x1024xf32>
func.func @caller_gather(%x: tensor<100x1024xf32>, %j: tensor<1x2048xi32>) -> tensor<2048x1024xf32> {
  %g = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<100x1024xf32>, tensor<1x2048xi32>) -> tensor<2048x1024xf32>
  return %g : tensor<2048x1024xf32>
}

// CHECK-LABEL: func.func @small_caller_gather
// CHECK-NOT: nontemporal
// CHECK: return
func.func @small_caller_gather(%x: tensor<100x1024xf32>, %j: tensor<1x2047xi32>) -> tensor<2047x1024xf32> {
  %g = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<100x1024xf32>, tensor<1x2047xi32>) -> tensor<2047x1024xf32>
  return %g : tensor<2047x1024xf32>
}

// An 8 MiB intermediate the kernel reads back (in the workspace) keeps
// ordinary stores (with fusion off; fused, the gathered rows are summed
// where they are read and no intermediate exists).
// UNFUSED-LABEL: func.func @kernel_gather
// UNFUSED: memref.view %{{.*}} to memref<2048x1024xf32>
// UNFUSED: vector.store %{{[^{]*}} : memref<2048x1024xf32>, vector<32xf32>
// UNFUSED-NOT: nontemporal
// UNFUSED: return
// CHECK-LABEL: func.func @kernel_gather
// CHECK-NOT: memref<2048x1024xf32>
// CHECK: return
func.func @kernel_gather(%x: tensor<100x1024xf32>, %j: tensor<1x2048xi32>) -> tensor<1x1xf32> {
  %g = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<100x1024xf32>, tensor<1x2048xi32>) -> tensor<2048x1024xf32>
  %r = dml.reduce %g, function = sum, axes = [0, 1] : tensor<2048x1024xf32> -> tensor<1x1xf32>
  return %r : tensor<1x1xf32>
}
