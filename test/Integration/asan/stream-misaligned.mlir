// Streamed outputs at every 16-byte offset from a cache line (numpy's large
// arrays start 16 bytes past a page): the head of each row up to its first
// 64-byte line, the line-aligned non-temporal chunks with their page
// prefetches, and the tail write every element exactly once, bit for bit,
// and nothing outside the output (AddressSanitizer; the bytes before the
// output are poisoned). caller-streaming-bytes=1 streams these small
// outputs; rows of 100 f32 (400 bytes), 104 f16 and gathered rows of 200
// f32 give every row a different head.
// REQUIRES: clang
// RUN: dml-opt %s --dml-cpu-pipeline="sanitize-address stream-fills=true stream-page-prefetch=true caller-streaming-bytes=1" | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// RUN: %clang -Wno-override-module -fsanitize=address -O1 -c %t.ll -o %t.o
// RUN: %clang -fsanitize=address -I %S/Inputs %S/Inputs/stream_misaligned_harness.c %t.o -o %t.exe
// RUN: %t.exe | FileCheck %s
// Control: the one_hot output one element short is caught.
// RUN: not %t.exe undersized 2>&1 | FileCheck %s --check-prefix=CONTROL

// IR: store <{{[0-9]+}} x float> {{.*}}, align 64, !nontemporal
// IR: store <{{[0-9]+}} x half> {{.*}}, align 64, !nontemporal
// CHECK: offset 0: one_hot ok, f16 ok, gather ok
// CHECK-NEXT: offset 16: one_hot ok, f16 ok, gather ok
// CHECK-NEXT: offset 32: one_hot ok, f16 ok, gather ok
// CHECK-NEXT: offset 48: one_hot ok, f16 ok, gather ok
// CONTROL: ERROR: AddressSanitizer: heap-buffer-overflow
// CONTROL: WRITE of size

func.func @one_hot_f32(%j: tensor<7x1xi32>, %w: tensor<1x2xf32>) -> tensor<7x100xf32> {
  %o = dml.one_hot %j, %w, axis = 1 : (tensor<7x1xi32>, tensor<1x2xf32>) -> tensor<7x100xf32>
  return %o : tensor<7x100xf32>
}

func.func @one_hot_f16(%j: tensor<5x1xi32>, %w: tensor<1x2xf16>) -> tensor<5x104xf16> {
  %o = dml.one_hot %j, %w, axis = 1 : (tensor<5x1xi32>, tensor<1x2xf16>) -> tensor<5x104xf16>
  return %o : tensor<5x104xf16>
}

func.func @gather_rows(%x: tensor<10x200xf32>, %j: tensor<1x9xi32>) -> tensor<9x200xf32> {
  %g = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<10x200xf32>, tensor<1x9xi32>) -> tensor<9x200xf32>
  return %g : tensor<9x200xf32>
}
