// Ahead of time, row-block-min-rows follows the target CPU
// (chooseRowBlockMinRows): 4 for AMD Zen (LOG_SUM_EXP's 128 KB rows, of which
// only 2 fit 256 KiB, then run one per block), 2 for other CPUs (two rows
// per block); an explicit option overrides the CPU's choice. Each default
// object must equal the one with the CPU's choice spelled out, and the two
// choices must give different code.
// REQUIRES: dml-compile
// RUN: rm -rf %t && mkdir -p %t
// RUN: dml-compile %s -o %t/zen.o --cpu znver5 --threads 1
// RUN: dml-compile %s -o %t/zen-4.o --cpu znver5 --threads 1 --cpu-options "row-block-min-rows=4"
// RUN: dml-compile %s -o %t/zen-2.o --cpu znver5 --threads 1 --cpu-options "row-block-min-rows=2"
// RUN: cmp %t/zen.o %t/zen-4.o
// RUN: not cmp -s %t/zen.o %t/zen-2.o
// RUN: dml-compile %s -o %t/xeon.o --cpu sapphirerapids --threads 1
// RUN: dml-compile %s -o %t/xeon-2.o --cpu sapphirerapids --threads 1 --cpu-options "row-block-min-rows=2"
// RUN: dml-compile %s -o %t/xeon-4.o --cpu sapphirerapids --threads 1 --cpu-options "row-block-min-rows=4"
// RUN: cmp %t/xeon.o %t/xeon-2.o
// RUN: not cmp -s %t/xeon.o %t/xeon-4.o

func.func @lse_rows(%x: tensor<64x32000xf32>) -> tensor<64x1xf32> {
  %r = dml.reduce %x, function = log_sum_exp, axes = [1] : tensor<64x32000xf32> -> tensor<64x1xf32>
  return %r : tensor<64x1xf32>
}
