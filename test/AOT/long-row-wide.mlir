// Ahead of time, long-row-wide follows the target CPU (chooseLongRowWide):
// for AMD Zen the 4 long rows read at once keep a whole 4-register chunk
// each (16 accumulators), for other CPUs one register each; an explicit
// option overrides the CPU's choice.
// REQUIRES: dml-compile
// RUN: rm -rf %t && mkdir -p %t
// RUN: dml-compile %s -o %t/zen.o --cpu znver5
// RUN: llvm-objdump -d --no-show-raw-insn %t/zen.o | FileCheck %s --check-prefix=WIDE
// RUN: dml-compile %s -o %t/xeon.o --cpu sapphirerapids
// RUN: llvm-objdump -d --no-show-raw-insn %t/xeon.o | FileCheck %s --check-prefix=NARROW
// RUN: dml-compile %s -o %t/zen-narrow.o --cpu znver5 --cpu-options "long-row-wide=false"
// RUN: llvm-objdump -d --no-show-raw-insn %t/zen-narrow.o | FileCheck %s --check-prefix=NARROW

// 16 live accumulators (4 rows x 4 registers) need zmm15 or above; 4 rows
// of one register each do not.
// WIDE: vaddps {{.*}}%zmm{{1[5-9]|2[0-9]|3[01]}}
// NARROW-NOT: %zmm{{1[5-9]|2[0-9]|3[01]}}

func.func @sum_rows(%x: tensor<64x4096xf32>) -> tensor<64x1xf32> {
  %r = dml.reduce %x, function = sum, axes = [1] : tensor<64x4096xf32> -> tensor<64x1xf32>
  return %r : tensor<64x1xf32>
}
