// Ahead of time, prefetch-gathered-rows follows the target CPU
// (chooseGatheredRowPrefetch): on for AMD Zen, off for other CPUs; an
// explicit option overrides the CPU's choice. Each default object must equal
// the one with the CPU's choice spelled out, and the two choices must give
// different code.
// REQUIRES: dml-compile
// RUN: rm -rf %t && mkdir -p %t
// RUN: dml-compile %s -o %t/zen.o --cpu znver5 --threads 2
// RUN: dml-compile %s -o %t/zen-on.o --cpu znver5 --threads 2 --cpu-options "prefetch-gathered-rows=true"
// RUN: dml-compile %s -o %t/zen-off.o --cpu znver5 --threads 2 --cpu-options "prefetch-gathered-rows=false"
// RUN: cmp %t/zen.o %t/zen-on.o
// RUN: not cmp -s %t/zen.o %t/zen-off.o
// RUN: dml-compile %s -o %t/xeon.o --cpu sapphirerapids --threads 2
// RUN: dml-compile %s -o %t/xeon-off.o --cpu sapphirerapids --threads 2 --cpu-options "prefetch-gathered-rows=false"
// RUN: dml-compile %s -o %t/xeon-on.o --cpu sapphirerapids --threads 2 --cpu-options "prefetch-gathered-rows=true"
// RUN: cmp %t/xeon.o %t/xeon-off.o
// RUN: not cmp -s %t/xeon.o %t/xeon-on.o
// RUN: dml-compile %s -o %t/v4.o --cpu x86-64-v4 --threads 2
// RUN: dml-compile %s -o %t/v4-off.o --cpu x86-64-v4 --threads 2 --cpu-options "prefetch-gathered-rows=false"
// RUN: cmp %t/v4.o %t/v4-off.o

func.func @gather_rows(%x: tensor<50257x768xf32>, %j: tensor<1x4096xi32>) -> tensor<4096x768xf32> {
  %g = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<50257x768xf32>, tensor<1x4096xi32>) -> tensor<4096x768xf32>
  return %g : tensor<4096x768xf32>
}
