// long-row-prefetch=D: rows of at least 16 KiB of an inner reduction are
// software-prefetched D bytes ahead of the loads, one prefetch per cache
// line of the chunk, the column clamped to the row's last chunk (never
// outside the buffer); long-row-prefetch-locality picks the hint. Off by
// default; shorter rows never.
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen | FileCheck %s --check-prefix=OFF
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen="long-row-prefetch=1024 long-row-streams=1" | FileCheck %s --check-prefix=ONE
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen="long-row-prefetch=2048 long-row-prefetch-locality=2" | FileCheck %s --check-prefix=FOUR

// OFF-NOT: memref.prefetch

// 4096 f32 = 16 KiB rows. One row, 64 lanes (4 lines) per step: 1024 bytes
// = 256 elements ahead, clamped to 4096 - 64.
// ONE-LABEL: func.func @long_rows
// ONE: scf.for %[[I:.*]] = %c0 to %c4096 step %c64 iter_args({{.*}}) -> (vector<64xf32>)
// ONE: %[[AHEAD:.*]] = arith.addi %[[I]], %c256 : index
// ONE: %[[AT:.*]] = arith.minui %[[AHEAD]], %c4032 : index
// ONE: memref.prefetch %arg0[%[[ROW:.*]], %[[AT]]], read, locality<3>, data
// ONE-COUNT-3: memref.prefetch %arg0[%[[ROW]], %{{.*}}], read, locality<3>, data
// ONE-NOT: memref.prefetch
// ONE: vector.load %arg0[%[[ROW]], %[[I]]]
// Four rows, one line each per step: 512 elements ahead, hint 2 (L2).
// FOUR-LABEL: func.func @long_rows
// FOUR: scf.for %[[I:.*]] = %c0 to %c4096 step %c16
// FOUR: %[[AHEAD:.*]] = arith.addi %[[I]], %c512 : index
// FOUR: %[[AT:.*]] = arith.minui %[[AHEAD]], %c4080 : index
// FOUR-COUNT-4: memref.prefetch %arg0[%{{.*}}, %[[AT]]], read, locality<2>, data
// FOUR-NOT: memref.prefetch
// FOUR: vector.load
func.func @long_rows(%x: tensor<8x4096xf32>) -> tensor<8x1xf32> {
  %r = dml.reduce %x, function = sum, axes = [1] : tensor<8x4096xf32> -> tensor<8x1xf32>
  return %r : tensor<8x1xf32>
}

// 4095 f32: one element short of 16 KiB.
// ONE-LABEL: func.func @short_rows
// ONE-NOT: memref.prefetch
// ONE: return
// FOUR-LABEL: func.func @short_rows
// FOUR-NOT: memref.prefetch
// FOUR: return
func.func @short_rows(%x: tensor<8x4095xf32>) -> tensor<8x1xf32> {
  %r = dml.reduce %x, function = sum, axes = [1] : tensor<8x4095xf32> -> tensor<8x1xf32>
  return %r : tensor<8x1xf32>
}
