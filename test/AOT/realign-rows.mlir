// Ahead of time, realign-rows follows the target's features
// (chooseRealignRows): AVX-512F targets (Intel and AMD alike) read long f32
// rows that start off a 64-byte boundary with aligned loads, the row's
// outer aligned vectors masked (a masked load, or folded into a masked
// vaddps), and vpermt2ps/vpermi2ps; AVX2 targets keep the
// plain loop, and asking for it there is an error.
// REQUIRES: dml-compile
// RUN: rm -rf %t && mkdir -p %t
// RUN: dml-compile %s -o %t/v4.o --cpu x86-64-v4
// RUN: llvm-objdump -d --no-show-raw-insn %t/v4.o | FileCheck %s --check-prefix=REALIGN
// RUN: dml-compile %s -o %t/zen.o --cpu znver5
// RUN: llvm-objdump -d --no-show-raw-insn %t/zen.o | FileCheck %s --check-prefix=REALIGN
// RUN: dml-compile %s -o %t/v4-off.o --cpu x86-64-v4 --cpu-options "realign-rows=false"
// RUN: llvm-objdump -d --no-show-raw-insn %t/v4-off.o | FileCheck %s --check-prefix=PLAIN
// RUN: dml-compile %s -o %t/v3.o --cpu x86-64-v3
// RUN: llvm-objdump -d --no-show-raw-insn %t/v3.o | FileCheck %s --check-prefix=PLAIN
// RUN: not dml-compile %s -o %t/v3-on.o --cpu x86-64-v3 --cpu-options "realign-rows=true" 2>&1 | FileCheck %s --check-prefix=ERROR

// REALIGN: v{{[a-z]+}}ps {{.*}}(%r{{[0-9a-z]+}}), %zmm{{.*}} {%k{{[1-7]}}}
// REALIGN: vperm{{[it]}}2ps
// PLAIN-NOT: vperm{{[it]}}2ps
// PLAIN-NOT: {%k
// ERROR: dml-compile: realign-rows=true needs a target with AVX-512F (vpermi2ps); the target CPU {{.*}} with its features has none

func.func @sum_rows(%x: tensor<64x4096xf32>) -> tensor<64x1xf32> {
  %r = dml.reduce %x, function = sum, axes = [1] : tensor<64x4096xf32> -> tensor<64x1xf32>
  return %r : tensor<64x1xf32>
}
