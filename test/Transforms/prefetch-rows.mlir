// dml-linalg-to-vector-loops prefetches rows read at a loaded index only
// when the row is the same for every column of the chunk loop: here an
// index per (output row, step) is prefetched 8 steps ahead (rows of 1 KiB:
// ~8 KiB of reads), an index per (step, column) is not (the row changes
// along the chunk loop, which then stays scalar).
// RUN: dml-opt %s --dml-linalg-to-vector-loops --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @per_row
// CHECK: scf.parallel (%[[I:[a-z0-9]+]]) =
// CHECK: scf.for %[[STEP:.*]] = %c0 to %c2 step %c1 {
// CHECK: %[[ROW:.*]] = arith.muli %[[STEP]], %c4 : index
// CHECK: %[[AHEAD:.*]] = arith.addi %[[ROW]], %c8 : index
// CHECK: %[[CARRY:.*]] = arith.divui %[[AHEAD]], %c8 : index
// CHECK: %[[AT:.*]] = arith.remui %[[AHEAD]], %c8 : index
// CHECK: %[[NEXT:.*]] = arith.addi %[[I]], %[[CARRY]] : index
// CHECK: %[[CLAMPED:.*]] = arith.minui %[[NEXT]], %c63 : index
// CHECK: memref.load %{{.*}}[%[[CLAMPED]], %[[AT]]] : memref<64x8xi32>
// CHECK: scf.for
// CHECK-COUNT-8: memref.prefetch
// CHECK-LABEL: func.func @per_column
// CHECK-NOT: memref.prefetch
// CHECK: memref.load %arg0[%{{.*}}, %{{.*}}] : memref<100x256xf32>
// CHECK-NOT: memref.prefetch
// CHECK: return
#idx_rows = affine_map<(i, k, c) -> (i, k)>
#idx_cols = affine_map<(i, k, c) -> (k, c)>
#out = affine_map<(i, k, c) -> (i, c)>
func.func @per_row(%t: memref<100x256xf32>, %j: memref<64x8xi32>, %o: memref<64x256xf32>) {
  linalg.generic {indexing_maps = [#idx_rows, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%j : memref<64x8xi32>) outs(%o : memref<64x256xf32>) {
  ^bb0(%in: i32, %acc: f32):
    %c = linalg.index 2 : index
    %lo = arith.constant 0 : i32
    %hi = arith.constant 99 : i32
    %a = arith.maxsi %in, %lo : i32
    %b = arith.minsi %a, %hi : i32
    %r = arith.index_cast %b : i32 to index
    %v = memref.load %t[%r, %c] : memref<100x256xf32>
    %s = arith.addf %acc, %v : f32
    linalg.yield %s : f32
  }
  return
}
func.func @per_column(%t: memref<100x256xf32>, %j: memref<8x256xi32>, %o: memref<64x256xf32>) {
  linalg.generic {indexing_maps = [#idx_cols, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%j : memref<8x256xi32>) outs(%o : memref<64x256xf32>) {
  ^bb0(%in: i32, %acc: f32):
    %c = linalg.index 2 : index
    %lo = arith.constant 0 : i32
    %hi = arith.constant 99 : i32
    %a = arith.maxsi %in, %lo : i32
    %b = arith.minsi %a, %hi : i32
    %r = arith.index_cast %b : i32 to index
    %v = memref.load %t[%r, %c] : memref<100x256xf32>
    %s = arith.addf %acc, %v : f32
    linalg.yield %s : f32
  }
  return
}
