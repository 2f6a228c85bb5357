// Ahead of time, store-only outputs (a large one_hot) stream on every CPU
// (chooseStreamFills), in whole 64-byte aligned lines (one vmovntps zmm per
// line, never 16-byte pieces); AMD Zen prefetches one line of each page
// for writing first (chooseStreamPagePrefetch), other CPUs do not. Explicit
// options override the CPU's choice.
// REQUIRES: dml-compile
// RUN: rm -rf %t && mkdir -p %t
// RUN: dml-compile %s -o %t/zen.o --cpu znver5
// RUN: llvm-objdump -d %t/zen.o | FileCheck %s --check-prefixes=STREAM,PAGE
// RUN: dml-compile %s -o %t/xeon.o --cpu sapphirerapids
// RUN: llvm-objdump -d %t/xeon.o | FileCheck %s --check-prefixes=STREAM,NOPAGE
// RUN: dml-compile %s -o %t/zen-plain.o --cpu znver5 --cpu-options "stream-fills=false"
// RUN: llvm-objdump -d %t/zen-plain.o | FileCheck %s --check-prefix=PLAIN
// RUN: dml-compile %s -o %t/xeon-page.o --cpu sapphirerapids --cpu-options "stream-page-prefetch=true"
// RUN: llvm-objdump -d %t/xeon-page.o | FileCheck %s --check-prefixes=STREAM,PAGE

// PLAIN-NOT: vmovnt
// PLAIN: vmovups {{.*}}%zmm
// PLAIN-NOT: vmovnt
// NOPAGE-NOT: prefetchw
// PAGE: prefetchw
// STREAM-NOT: vmovntps %xmm
// STREAM: vmovntps %zmm
// STREAM-NOT: vmovntps %xmm
// NOPAGE-NOT: prefetchw

func.func @one_hot(%j: tensor<4096x1xi32>, %w: tensor<1x2xf32>) -> tensor<4096x4096xf32> {
  %r = dml.one_hot %j, %w, axis = 1 : (tensor<4096x1xi32>, tensor<1x2xf32>) -> tensor<4096x4096xf32>
  return %r : tensor<4096x4096xf32>
}
