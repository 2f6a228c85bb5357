// Ahead of time, store-only outputs (a large one_hot) stream on every CPU
// (stream-fills). AMD Zen (chooseStreamPagePrefetch) writes whole 64-byte
// aligned lines (one vmovntps zmm per line) after one prefetchw per
// page; other CPUs keep 16-byte pieces (vmovntps xmm) without prefetches.
// Explicit options override the CPU's choice.
// REQUIRES: dml-compile
// RUN: rm -rf %t && mkdir -p %t
// RUN: dml-compile %s -o %t/zen.o --cpu znver5
// RUN: llvm-objdump -d %t/zen.o | FileCheck %s --check-prefix=LINES
// RUN: dml-compile %s -o %t/xeon.o --cpu sapphirerapids
// RUN: llvm-objdump -d %t/xeon.o | FileCheck %s --check-prefix=PIECES
// RUN: dml-compile %s -o %t/zen-plain.o --cpu znver5 --cpu-options "stream-fills=false"
// RUN: llvm-objdump -d %t/zen-plain.o | FileCheck %s --check-prefix=PLAIN
// RUN: dml-compile %s -o %t/xeon-page.o --cpu sapphirerapids --cpu-options "stream-page-prefetch=true"
// RUN: llvm-objdump -d %t/xeon-page.o | FileCheck %s --check-prefix=LINES

// PLAIN-NOT: vmovnt
// PLAIN: vmovups {{.*}}%zmm
// PLAIN-NOT: vmovnt
// LINES-NOT: vmovntps %xmm
// LINES: prefetchw
// LINES: vmovntps %zmm
// LINES-NOT: vmovntps %xmm
// PIECES-NOT: prefetchw
// PIECES-NOT: vmovntps %zmm
// PIECES: vmovntps %xmm
// PIECES-NOT: vmovntps %zmm
// PIECES-NOT: prefetchw

func.func @one_hot(%j: tensor<4096x1xi32>, %w: tensor<1x2xf32>) -> tensor<4096x4096xf32> {
  %r = dml.one_hot %j, %w, axis = 1 : (tensor<4096x1xi32>, tensor<1x2xf32>) -> tensor<4096x4096xf32>
  return %r : tensor<4096x4096xf32>
}
