// dml-linalg-to-vector-loops distributes blocks of an innermost parallel
// dimension: up to 1024 elements each, smaller when the parallel loop would
// otherwise have fewer than items-per-thread (4) x threads iterations (a
// column sum has no other parallel dimension: 4096 columns are 4 blocks of
// 1024, which would leave 12 of 16 threads idle), never below 64 elements.
// RUN: dml-opt %s --dml-linalg-to-vector-loops="threads=1" --canonicalize | FileCheck %s --check-prefixes=CHECK,T1
// RUN: dml-opt %s --dml-linalg-to-vector-loops="threads=2" --canonicalize | FileCheck %s --check-prefixes=CHECK,T2
// RUN: dml-opt %s --dml-linalg-to-vector-loops="threads=16" --canonicalize | FileCheck %s --check-prefixes=CHECK,T16
// RUN: dml-opt %s --dml-linalg-to-vector-loops="threads=0" --canonicalize | FileCheck %s --check-prefixes=CHECK,T16
// RUN: dml-opt %s --dml-linalg-to-vector-loops="threads=16 items-per-thread=1" --canonicalize | FileCheck %s --check-prefixes=CHECK,I1
// The pipeline passes its thread count on.
// RUN: dml-opt %s --dml-codegen="threads=16" | FileCheck %s --check-prefixes=CHECK,T16

// CHECK-LABEL: func.func @column_sum
// T1:  scf.parallel (%[[B:.*]]) = (%c0) to (%c4) step (%c1) {
// T1:    arith.muli %[[B]], %c1024 : index
// T2:  scf.parallel (%[[B:.*]]) = (%c0) to (%c8) step (%c1) {
// T2:    arith.muli %[[B]], %c512 : index
// T16: scf.parallel (%[[B:.*]]) = (%c0) to (%c64) step (%c1) {
// T16:   arith.muli %[[B]], %c64 : index
// I1:  scf.parallel (%[[B:.*]]) = (%c0) to (%c16) step (%c1) {
// I1:    arith.muli %[[B]], %c256 : index
// Every thread reduces all rows of its columns, a chunk of 64 lanes at a time;
// blocks of at most 4 chunks (16 threads: 1, items-per-thread=1: 4) carry
// their outputs through the step loop.
// CHECK:   scf.for %[[STEP:.*]] = %c0 to %c1024 step %c1
// T1-SAME: {
// T2-SAME: {
// T16-SAME: iter_args
// I1-SAME: iter_args
// Pieces of rows shorter than a page (4 KiB) are prefetched ~8 KiB ahead,
// one prefetch per line, at rows clamped to the last: the hardware
// prefetchers stop at pages and need a few misses to follow a stream.
// T2:      %[[ROW:.*]] = arith.muli %[[STEP]], %c4 : index
// T2:      %[[AHEAD:.*]] = arith.addi %[[ROW]], %c4 : index
// T2:      %[[CLAMPED:.*]] = arith.minui %[[AHEAD]], %c4095 : index
// T2:      scf.for %[[COL:.*]] = %{{.*}} to %{{.*}} step %c64 {
// T2:        memref.prefetch %arg0[%[[CLAMPED]], %[[COL]]], read, locality<3>, data
// T2-COUNT-15: memref.prefetch
// T2-NOT:    memref.prefetch
// Pieces under 1 KiB (16 threads: 64 columns, 256 bytes) are not: there
// prefetching cost more than it gained.
// T16-NOT: memref.prefetch
// T1-NOT:  memref.prefetch
// CHECK:     vector.load %arg0[%{{.*}}, %{{.*}}] : memref<4096x4096xf32>, vector<64xf32>
func.func @column_sum(%x: memref<4096x4096xf32>, %y: memref<4096xf32>) {
  linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (c)>],
                  iterator_types = ["reduction", "parallel"]}
      ins(%x : memref<4096x4096xf32>) outs(%y : memref<4096xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// Narrow columns: blocks stop at 64 elements (4 blocks of the 256 columns;
// with 1 thread one block, whose parallel loop folds away).
// CHECK-LABEL: func.func @narrow_column_sum
// T1-NOT: scf.parallel
// T2:  scf.parallel (%{{.*}}) = (%c0) to (%c4) step (%c1) {
// T16: scf.parallel (%[[B:.*]]) = (%c0) to (%c4) step (%c1) {
// T16:   arith.muli %[[B]], %c64 : index
// I1:  scf.parallel (%{{.*}}) = (%c0) to (%c4) step (%c1) {
// CHECK: scf.for %{{.*}} = %c0 to %c1024 step %c1 iter_args(
func.func @narrow_column_sum(%x: memref<4096x256xf32>, %y: memref<256xf32>) {
  linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (c)>],
                  iterator_types = ["reduction", "parallel"]}
      ins(%x : memref<4096x256xf32>) outs(%y : memref<256xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// Enough outer parallel iterations (64 rows x 4 blocks): blocks of 1024
// whatever the thread count.
// CHECK-LABEL: func.func @rows_times_blocks
// CHECK: scf.parallel (%{{.*}}, %[[B:.*]]) = (%c0, %c0) to (%c64, %c4) step (%c1, %c1) {
// CHECK:   arith.muli %[[B]], %c1024 : index
func.func @rows_times_blocks(%a: memref<64x4096xf32>, %b: memref<64x4096xf32>) {
  linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r, c)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<64x4096xf32>) outs(%b : memref<64x4096xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.mulf %in, %in : f32
    linalg.yield %s : f32
  }
  return
}
