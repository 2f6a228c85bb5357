// row-block-bytes: the largest input footprint of a block of rows of a fused
// chain of row reductions (dml-fuse-rows' block-bytes); row-block-min-rows
// the fewest rows of a block of several (min-block-rows). LOG_SUM_EXP of
// 128000-byte rows runs 2 rows per block by default (256 KiB), and 1 row per
// block with 131072 bytes or with at least 4 rows asked (AMD Zen's choice,
// chooseRowBlockMinRows). The pipeline's
// next-block-prefetch and next-block-prefetch-locality reach
// dml-prefetch-next-block (blocks-ahead, locality); 0 prefetches nothing.
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen | FileCheck %s --check-prefix=TWO
// RUN: dml-opt %s --dml-to-linalg="row-block-bytes=131072" --dml-bufferize --dml-codegen | FileCheck %s --check-prefix=ONE
// RUN: dml-opt %s --dml-to-linalg="row-block-min-rows=4" --dml-bufferize --dml-codegen | FileCheck %s --check-prefix=ONE
// RUN: dml-opt %s --dml-to-linalg="row-block-min-rows=4 row-block-bytes=524288" --dml-bufferize --dml-codegen | FileCheck %s --check-prefix=FOUR
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen="next-block-prefetch=2 next-block-prefetch-locality=1" | FileCheck %s --check-prefix=AHEAD
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen="next-block-prefetch=0" | FileCheck %s --check-prefix=NONE

// TWO-LABEL: func.func @lse_rows
// TWO: scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%c2)
// TWO: memref.subview %{{.*}}[%{{.*}}, 0] [2, 32000] [1, 1]
// TWO: memref.prefetch %{{.*}}, read, locality<3>, data
// ONE-LABEL: func.func @lse_rows
// ONE: scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%c1)
// ONE: memref.subview %{{.*}}[%{{.*}}, 0] [1, 32000] [1, 1]
// ONE: memref.prefetch %{{.*}}, read, locality<3>, data
// FOUR-LABEL: func.func @lse_rows
// FOUR: scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%c4)
// FOUR: memref.subview %{{.*}}[%{{.*}}, 0] [4, 32000] [1, 1]
// AHEAD-LABEL: func.func @lse_rows
// AHEAD: scf.parallel (%[[IV:.*]]) = (%{{.*}}) to (%{{.*}}) step (%c2)
// AHEAD: arith.addi %[[IV]], %c4 : index
// AHEAD: memref.prefetch %{{.*}}, read, locality<1>, data
// NONE-LABEL: func.func @lse_rows
// NONE-NOT: memref.prefetch
// NONE: return
func.func @lse_rows(%x: tensor<64x32000xf32>) -> tensor<64x1xf32> {
  %r = dml.reduce %x, function = log_sum_exp, axes = [1] : tensor<64x32000xf32> -> tensor<64x1xf32>
  return %r : tensor<64x1xf32>
}
