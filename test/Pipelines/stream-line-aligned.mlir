// Non-temporal stores start on a cache line: the elements of a block up to
// the output's next 64-byte boundary (from the buffer's aligned pointer)
// are written one at a time, then whole chunks claim 64-byte alignment
// (one full-width store per line, never a line split in two or four
// 16-byte stores), then a scalar tail. With stream-page-prefetch, one line
// of each page of the streamed range is prefetched for writing first;
// without it, store-only loops (one_hot) keep 16-byte pieces (faster on the
// 16-core Xeon), row copies (gather) are still aligned.
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen="stream-fills=true" | FileCheck %s
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen="stream-fills=true stream-page-prefetch=false" | FileCheck %s --check-prefix=NOPAGE

// CHECK-LABEL: func.func @one_hot
// CHECK: %[[BLOCK:.*]] = arith.muli %{{.*}}, %c1024 : index
// CHECK: %[[PTR:.*]] = memref.extract_aligned_pointer_as_index %arg2
// CHECK: %[[ADDR:.*]] = arith.addi %[[PTR]], %{{.*}} : index
// CHECK: %[[NEG:.*]] = arith.subi %c0, %[[ADDR]] : index
// CHECK: %[[TOLINE:.*]] = arith.andi %[[NEG]], %c63 : index
// CHECK: %[[HEAD:.*]] = arith.divui %[[TOLINE]], %c4 : index
// CHECK: %[[CLAMPED:.*]] = arith.minui %[[HEAD]],
// CHECK: %[[ALIGNED:.*]] = arith.addi %[[BLOCK]], %[[CLAMPED]] : index
// CHECK: scf.for %{{.*}} = %[[BLOCK]] to %[[ALIGNED]] step %c1 {
// CHECK:   memref.store
// CHECK: %[[VEND:.*]] = arith.addi %[[ALIGNED]], %{{.*}} : index
// CHECK: scf.for %[[P:.*]] = %[[ALIGNED]] to %[[VEND]] step %c1024 {
// CHECK-NEXT: memref.prefetch %arg2[%{{.*}}, %[[P]]], write, locality<3>, data
// CHECK: scf.for %[[C:.*]] = %[[ALIGNED]] to %[[VEND]] step %c32 {
// CHECK: vector.store %{{.*}}, %arg2[%{{.*}}, %[[C]]] {alignment = 64 : i64, nontemporal = true} : memref<4096x4096xf32>, vector<32xf32>
// CHECK: scf.for %{{.*}} = %[[VEND]] to
// CHECK:   memref.store
// NOPAGE-LABEL: func.func @one_hot
// NOPAGE-NOT: memref.prefetch
// NOPAGE-NOT: extract_aligned_pointer
// NOPAGE: vector.store {{.*}} {alignment = 16 : i64, nontemporal = true}
// NOPAGE-NOT: memref.prefetch
// NOPAGE: return
func.func @one_hot(%j: tensor<4096x1xi32>, %w: tensor<1x2xf32>) -> tensor<4096x4096xf32> {
  %r = dml.one_hot %j, %w, axis = 1 : (tensor<4096x1xi32>, tensor<1x2xf32>) -> tensor<4096x4096xf32>
  return %r : tensor<4096x4096xf32>
}

// Gathered rows (a copy into the caller's 8 MiB) are aligned the same way.
// CHECK-LABEL: func.func @gather
// CHECK: memref.extract_aligned_pointer_as_index %arg2
// CHECK: memref.prefetch %arg2{{.*}}, write, locality<3>, data
// CHECK: vector.store {{.*}} {alignment = 64 : i64, nontemporal = true} : memref<2048x1024xf32>, vector<32xf32>
// NOPAGE-LABEL: func.func @gather
// NOPAGE: memref.extract_aligned_pointer_as_index %arg2
// NOPAGE-NOT: memref.prefetch %arg2
// NOPAGE: vector.store {{.*}} {alignment = 64 : i64, nontemporal = true} : memref<2048x1024xf32>, vector<32xf32>
// NOPAGE-NOT: memref.prefetch %arg2
// NOPAGE: return
func.func @gather(%x: tensor<100x1024xf32>, %j: tensor<1x2048xi32>) -> tensor<2048x1024xf32> {
  %g = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<100x1024xf32>, tensor<1x2048xi32>) -> tensor<2048x1024xf32>
  return %g : tensor<2048x1024xf32>
}
