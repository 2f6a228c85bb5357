// Ahead of time, home-ranges follows the target CPU (chooseHomeRanges): on
// for AMD Zen, off for other CPUs; an explicit option overrides the CPU's
// choice. Each default object must equal the one with the CPU's choice
// spelled out, and the two choices must give different code.
// REQUIRES: dml-compile
// RUN: rm -rf %t && mkdir -p %t
// RUN: dml-compile %s -o %t/zen.o --cpu znver5 --threads 2
// RUN: dml-compile %s -o %t/zen-on.o --cpu znver5 --threads 2 --cpu-options "home-ranges=true"
// RUN: dml-compile %s -o %t/zen-off.o --cpu znver5 --threads 2 --cpu-options "home-ranges=false"
// RUN: cmp %t/zen.o %t/zen-on.o
// RUN: not cmp -s %t/zen.o %t/zen-off.o
// RUN: dml-compile %s -o %t/xeon.o --cpu sapphirerapids --threads 2
// RUN: dml-compile %s -o %t/xeon-off.o --cpu sapphirerapids --threads 2 --cpu-options "home-ranges=false"
// RUN: dml-compile %s -o %t/xeon-on.o --cpu sapphirerapids --threads 2 --cpu-options "home-ranges=true"
// RUN: cmp %t/xeon.o %t/xeon-off.o
// RUN: not cmp -s %t/xeon.o %t/xeon-on.o

func.func @sum_rows(%x: tensor<4096x4096xf32>) -> tensor<4096x1xf32> {
  %r = dml.reduce %x, function = sum, axes = [1] : tensor<4096x4096xf32> -> tensor<4096x1xf32>
  return %r : tensor<4096x1xf32>
}
