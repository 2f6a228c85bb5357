// Ahead of time, long-row-claims-per-thread follows the target CPU
// (chooseLongRowClaimsPerThread): 32 for CPUs other than AMD Zen, 0 (the
// pass's claims-per-thread) for Zen; an explicit option overrides the CPU's
// choice. Each default object must equal the one with the CPU's choice
// spelled out, and the two choices must give different code.
// REQUIRES: dml-compile
// RUN: rm -rf %t && mkdir -p %t
// RUN: dml-compile %s -o %t/xeon.o --cpu sapphirerapids --threads 2
// RUN: dml-compile %s -o %t/xeon-32.o --cpu sapphirerapids --threads 2 --cpu-options "long-row-claims-per-thread=32"
// RUN: dml-compile %s -o %t/xeon-0.o --cpu sapphirerapids --threads 2 --cpu-options "long-row-claims-per-thread=0"
// RUN: cmp %t/xeon.o %t/xeon-32.o
// RUN: not cmp -s %t/xeon.o %t/xeon-0.o
// RUN: dml-compile %s -o %t/v4.o --cpu x86-64-v4 --threads 2
// RUN: dml-compile %s -o %t/v4-c32.o --cpu x86-64-v4 --threads 2 --cpu-options "long-row-claims-per-thread=0 claims-per-thread=32"
// RUN: cmp %t/v4.o %t/v4-c32.o
// RUN: dml-compile %s -o %t/zen.o --cpu znver5 --threads 2
// RUN: dml-compile %s -o %t/zen-0.o --cpu znver5 --threads 2 --cpu-options "long-row-claims-per-thread=0"
// RUN: dml-compile %s -o %t/zen-32.o --cpu znver5 --threads 2 --cpu-options "long-row-claims-per-thread=32"
// RUN: cmp %t/zen.o %t/zen-0.o
// RUN: not cmp -s %t/zen.o %t/zen-32.o

func.func @sum_rows(%x: tensor<4096x4096xf32>) -> tensor<4096x1xf32> {
  %r = dml.reduce %x, function = sum, axes = [1] : tensor<4096x4096xf32> -> tensor<4096x1xf32>
  return %r : tensor<4096x1xf32>
}
