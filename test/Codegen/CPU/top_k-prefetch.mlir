// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-lower-top-k --split-input-file | FileCheck %s

// Short contiguous rows (4 KiB): the scan of row r prefetches, one line per
// chunk, row r + 2 (8 KiB ahead), clamped to the last row so that no
// address lies outside the input. The bound pass of a short row reads it
// at once and then computes longer than it read: without this, the
// hardware prefetchers leave each row's first pass waiting on memory.
// CHECK-LABEL: func.func @top_k_short_rows
// CHECK-SAME: (%[[IN:[a-z0-9]+]]: memref<16x1024xf32>
// CHECK: scf.for %[[ROW:[a-z0-9_]+]] =
// CHECK: %[[AHEAD:.*]] = arith.addi %[[ROW]], %c2{{.*}} : index
// CHECK: %[[NEXT:.*]] = arith.minui %[[AHEAD]], %c15{{.*}} : index
// The bound pass does not prefetch.
// CHECK-NOT: memref.prefetch
// CHECK: arith.trunci %{{.*}} : i64 to i32
// CHECK: scf.for %[[J:[a-z0-9_]+]] = %{{.*}} to %c1024{{.*}} step %c16
// CHECK-NEXT: memref.prefetch %[[IN]][%[[NEXT]], %[[J]]], read, locality<3>, data : memref<16x1024xf32>
// CHECK: vector.load %[[IN]][%[[ROW]], %[[J]]] : memref<16x1024xf32>, vector<16xf32>
// CHECK-NOT: memref.prefetch
// CHECK: return
func.func @top_k_short_rows(%x: tensor<16x1024xf32>) -> (tensor<16x8xf32>, tensor<16x8xui64>) {
  %v, %i = dml.top_k %x, axis = 1, k = 8, direction = decreasing : tensor<16x1024xf32> -> tensor<16x8xf32>, tensor<16x8xui64>
  return %v, %i : tensor<16x8xf32>, tensor<16x8xui64>
}

// -----

// More outer dimensions: the sequence 4 ahead (2 KiB rows), clamped to the
// last of the 6, in row-major coordinates.
// CHECK-LABEL: func.func @top_k_rank3
// CHECK-SAME: (%[[IN:[a-z0-9]+]]: memref<2x3x512xf32>
// CHECK: scf.for %[[SEQ:[a-z0-9_]+]] =
// CHECK: %[[AHEAD:.*]] = arith.addi %[[SEQ]], %c4{{.*}} : index
// CHECK: %[[NEXT:.*]] = arith.minui %[[AHEAD]], %c5{{.*}} : index
// CHECK: %[[D1:.*]] = arith.remui %[[NEXT]], %c3{{.*}} : index
// CHECK: %[[D0:.*]] = arith.divui %[[NEXT]], %c3{{.*}} : index
// CHECK: memref.prefetch %[[IN]][%[[D0]], %[[D1]], %{{.*}}], read, locality<3>, data : memref<2x3x512xf32>
func.func @top_k_rank3(%x: tensor<2x3x512xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xui32>) {
  %v, %i = dml.top_k %x, axis = 2, k = 4, direction = increasing : tensor<2x3x512xf32> -> tensor<2x3x4xf32>, tensor<2x3x4xui32>
  return %v, %i : tensor<2x3x4xf32>, tensor<2x3x4xui32>
}

// -----

// Long rows (32 KiB) stream through the hardware prefetchers; one row, and
// a strided axis, have nothing to prefetch.
// CHECK-LABEL: func.func @top_k_long_rows
// CHECK-NOT: memref.prefetch
// CHECK-LABEL: func.func @top_k_one_row
// CHECK-NOT: memref.prefetch
// CHECK-LABEL: func.func @top_k_axis0
// CHECK-NOT: memref.prefetch
// CHECK: return
func.func @top_k_long_rows(%x: tensor<4x8192xf32>) -> (tensor<4x8xf32>, tensor<4x8xui64>) {
  %v, %i = dml.top_k %x, axis = 1, k = 8, direction = decreasing : tensor<4x8192xf32> -> tensor<4x8xf32>, tensor<4x8xui64>
  return %v, %i : tensor<4x8xf32>, tensor<4x8xui64>
}
func.func @top_k_one_row(%x: tensor<1x1024xf32>) -> (tensor<1x8xf32>, tensor<1x8xui64>) {
  %v, %i = dml.top_k %x, axis = 1, k = 8, direction = decreasing : tensor<1x1024xf32> -> tensor<1x8xf32>, tensor<1x8xui64>
  return %v, %i : tensor<1x8xf32>, tensor<1x8xui64>
}
func.func @top_k_axis0(%x: tensor<1024x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xui64>) {
  %v, %i = dml.top_k %x, axis = 0, k = 8, direction = decreasing : tensor<1024x16xf32> -> tensor<8x16xf32>, tensor<8x16xui64>
  return %v, %i : tensor<8x16xf32>, tensor<8x16xui64>
}
