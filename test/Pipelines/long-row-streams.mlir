// Rows of at least 16 KiB read at most long-row-streams rows at once
// (default 4): one row then keeps the W = 4-register chunk; shorter rows
// still interleave 4 outputs.
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen | FileCheck %s --check-prefix=FOUR
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen="long-row-streams=1" | FileCheck %s --check-prefix=ONE
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen="long-row-streams=2" | FileCheck %s --check-prefix=TWO
// long-row-wide: the J long rows keep a whole chunk each (J x 4 registers);
// shorter rows still take one register each.
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen="long-row-wide=true" | FileCheck %s --check-prefix=WIDE

// 4096 f32: 16 KiB rows.
// FOUR-LABEL: func.func @long_rows
// FOUR: scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// ONE-LABEL: func.func @long_rows
// ONE: scf.for %{{.*}} = %c0 to %c4096 step %c64 iter_args({{.*}}) -> (vector<64xf32>)
// ONE: vector.load {{.*}} : memref<8x4096xf32>, vector<64xf32>
// ONE-COUNT-1: vector.reduction <add>
// ONE-NOT: vector.reduction
// ONE: return
// TWO-LABEL: func.func @long_rows
// TWO: scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>)
// WIDE-LABEL: func.func @long_rows
// WIDE: scf.for %{{.*}} = %c0 to %c4096 step %c64 iter_args({{.*}}) -> (vector<64xf32>, vector<64xf32>, vector<64xf32>, vector<64xf32>)
// WIDE-COUNT-4: vector.reduction <add>
// WIDE-NOT: vector.reduction
// WIDE: return
func.func @long_rows(%x: tensor<8x4096xf32>) -> tensor<8x1xf32> {
  %r = dml.reduce %x, function = sum, axes = [1] : tensor<8x4096xf32> -> tensor<8x1xf32>
  return %r : tensor<8x1xf32>
}

// 4095 f32: one element short of 16 KiB.
// FOUR-LABEL: func.func @short_rows
// FOUR: scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// ONE-LABEL: func.func @short_rows
// ONE: scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// WIDE-LABEL: func.func @short_rows
// WIDE: scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
func.func @short_rows(%x: tensor<8x4095xf32>) -> tensor<8x1xf32> {
  %r = dml.reduce %x, function = sum, axes = [1] : tensor<8x4095xf32> -> tensor<8x1xf32>
  return %r : tensor<8x1xf32>
}

// long-row-wide keeps J x 4 registers x outputs accumulators within half of
// AVX-512's 32 registers: three outputs (12 registers per row) read one
// row at a time.
// WIDE-LABEL: func.func @three_outputs
// WIDE: scf.for %{{.*}} = %c0 to %c4096 step %c64 iter_args({{.*}}) -> (vector<64xf32>, vector<64xf32>, vector<64xf32>, vector<64xi1>)
func.func @three_outputs(%x: tensor<8x4096xf32>) -> (tensor<8x1xf32>, tensor<8x1xf32>, tensor<8x1xf32>) {
  %a = dml.reduce %x, function = max, axes = [1] : tensor<8x4096xf32> -> tensor<8x1xf32>
  %b = dml.reduce %x, function = sum, axes = [1] : tensor<8x4096xf32> -> tensor<8x1xf32>
  %c = dml.reduce %x, function = sum_square, axes = [1] : tensor<8x4096xf32> -> tensor<8x1xf32>
  return %a, %b, %c : tensor<8x1xf32>, tensor<8x1xf32>, tensor<8x1xf32>
}

// A body with math ops (the exp of log_sum_exp's second pass) reads one row
// at a time; its max pass (no math) reads 4 wide rows.
// WIDE-LABEL: func.func @log_sum_exp
// WIDE: scf.for %{{.*}} = %c0 to %c4096 step %c64 iter_args({{.*}}) -> (vector<64xf32>, vector<64xi1>, vector<64xf32>, vector<64xi1>, vector<64xf32>, vector<64xi1>, vector<64xf32>, vector<64xi1>)
// WIDE: scf.for %{{.*}} = %c0 to %c4096 step %c64 iter_args(%{{[^,]*}}) -> (vector<64xf32>)
func.func @log_sum_exp(%x: tensor<8x4096xf32>) -> tensor<8x1xf32> {
  %r = dml.reduce %x, function = log_sum_exp, axes = [1] : tensor<8x4096xf32> -> tensor<8x1xf32>
  return %r : tensor<8x1xf32>
}
