// Ahead of time, stream-fills follows the target CPU (chooseStreamFills):
// AMD Zen writes a large one_hot with ordinary stores, other CPUs with
// non-temporal ones; an explicit option overrides the CPU's choice.
// REQUIRES: dml-compile
// RUN: rm -rf %t && mkdir -p %t
// RUN: dml-compile %s -o %t/zen.o --cpu znver5
// RUN: llvm-objdump -d %t/zen.o | FileCheck %s --check-prefix=PLAIN
// RUN: dml-compile %s -o %t/xeon.o --cpu sapphirerapids
// RUN: llvm-objdump -d %t/xeon.o | FileCheck %s --check-prefix=STREAM
// RUN: dml-compile %s -o %t/zen-stream.o --cpu znver5 --cpu-options "stream-fills=true"
// RUN: llvm-objdump -d %t/zen-stream.o | FileCheck %s --check-prefix=STREAM

// PLAIN-NOT: vmovnt
// PLAIN: vmovups {{.*}}%zmm
// PLAIN-NOT: vmovnt
// STREAM: vmovntps

func.func @one_hot(%j: tensor<4096x1xi32>, %w: tensor<1x2xf32>) -> tensor<4096x4096xf32> {
  %r = dml.one_hot %j, %w, axis = 1 : (tensor<4096x1xi32>, tensor<1x2xf32>) -> tensor<4096x4096xf32>
  return %r : tensor<4096x4096xf32>
}
