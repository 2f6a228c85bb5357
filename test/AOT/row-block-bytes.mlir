// Ahead of time, row-block-bytes follows the target CPU (chooseRowBlockBytes):
// 128 KiB for AMD Zen (one 128 KB row of LOG_SUM_EXP per block), 256 KiB for
// other CPUs (two rows); an explicit option overrides the CPU's choice. Each
// default object must equal the one with the CPU's choice spelled out, and
// the two choices must give different code.
// REQUIRES: dml-compile
// RUN: rm -rf %t && mkdir -p %t
// RUN: dml-compile %s -o %t/zen.o --cpu znver5 --threads 1
// RUN: dml-compile %s -o %t/zen-128.o --cpu znver5 --threads 1 --cpu-options "row-block-bytes=131072"
// RUN: dml-compile %s -o %t/zen-256.o --cpu znver5 --threads 1 --cpu-options "row-block-bytes=262144"
// RUN: cmp %t/zen.o %t/zen-128.o
// RUN: not cmp -s %t/zen.o %t/zen-256.o
// RUN: dml-compile %s -o %t/xeon.o --cpu sapphirerapids --threads 1
// RUN: dml-compile %s -o %t/xeon-256.o --cpu sapphirerapids --threads 1 --cpu-options "row-block-bytes=262144"
// RUN: dml-compile %s -o %t/xeon-128.o --cpu sapphirerapids --threads 1 --cpu-options "row-block-bytes=131072"
// RUN: cmp %t/xeon.o %t/xeon-256.o
// RUN: not cmp -s %t/xeon.o %t/xeon-128.o

func.func @lse_rows(%x: tensor<64x32000xf32>) -> tensor<64x1xf32> {
  %r = dml.reduce %x, function = log_sum_exp, axes = [1] : tensor<64x32000xf32> -> tensor<64x1xf32>
  return %r : tensor<64x1xf32>
}
