// top_k's key selection reads and writes its scratch buffer (compressed
// candidates, rank vectors rounded up to 8 keys, radix counts and spare
// copy, heap pruning) and reloads values at selected positions: compiled
// with AddressSanitizer and run on exact-size heap buffers, every path stays
// in bounds and agrees with a naive selection (value descending, ties by
// ascending index).
// REQUIRES: clang
// The scratch stays in exact-size heap buffers here (workspace=false), so
// that AddressSanitizer sees each buffer's own bounds; inside the workspace
// they would be views of one larger buffer.
// RUN: dml-opt %s --dml-cpu-pipeline="sanitize-address workspace=false" | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: %clang -Wno-override-module -fsanitize=address -O1 -c %t.ll -o %t.o
// RUN: %clang -fsanitize=address -I %S/Inputs %S/Inputs/top_k_harness.c %t.o -o %t.exe
// RUN: %t.exe | FileCheck %s
// With 512-bit vectors (native-compress): the scan's appends compress 8
// keys in a register and store all 8 at the count, past the keys that
// passed; the stores must stay inside C (clang without -march expands the
// compress, so this runs on any x86-64).
// RUN: dml-opt %s --dml-cpu-pipeline="sanitize-address workspace=false vector-bits=512" | mlir-translate --mlir-to-llvmir -o %t512.ll
// RUN: %clang -Wno-override-module -fsanitize=address -O1 -c %t512.ll -o %t512.o
// RUN: %clang -fsanitize=address -I %S/Inputs %S/Inputs/top_k_harness.c %t512.o -o %t512.exe
// RUN: %t512.exe | FileCheck %s
// Control: one element short, the read of the last element is caught.
// RUN: not %t.exe undersized 2>&1 | FileCheck %s --check-prefix=CONTROL

// CONTROL: ERROR: AddressSanitizer: heap-buffer-overflow
// CONTROL: READ of size

// Small K: partition bound, candidates placed by rank.
// CHECK: small_k: ok
func.func @small_k(%x: tensor<4x4096xf32>) -> (tensor<4x8xf32>, tensor<4x8xui32>) {
  %v, %i = dml.top_k %x, axis = 1, k = 8, direction = decreasing : tensor<4x4096xf32> -> tensor<4x8xf32>, tensor<4x8xui32>
  return %v, %i : tensor<4x8xf32>, tensor<4x8xui32>
}

// Large K: sampled guess, radix sort of the candidates.
// CHECK: large_k: ok
func.func @large_k(%x: tensor<2x65536xf32>) -> (tensor<2x1024xf32>, tensor<2x1024xui32>) {
  %v, %i = dml.top_k %x, axis = 1, k = 1024, direction = decreasing : tensor<2x65536xf32> -> tensor<2x1024xf32>, tensor<2x1024xui32>
  return %v, %i : tensor<2x1024xf32>, tensor<2x1024xui32>
}

// No bound and rising data: the buffer fills and is pruned again and
// again; heap selection at the end.
// CHECK: pruned: ok
func.func @pruned(%x: tensor<2x3000xf32>) -> (tensor<2x300xf32>, tensor<2x300xui32>) {
  %v, %i = dml.top_k %x, axis = 1, k = 300, direction = decreasing : tensor<2x3000xf32> -> tensor<2x300xf32>, tensor<2x300xui32>
  return %v, %i : tensor<2x300xf32>, tensor<2x300xui32>
}

// Ragged rows: masked chunks (sampled guess, radix sort).
// CHECK: ragged: ok
func.func @ragged(%x: tensor<2x20001xf32>) -> (tensor<2x600xf32>, tensor<2x600xui32>) {
  %v, %i = dml.top_k %x, axis = 1, k = 600, direction = decreasing : tensor<2x20001xf32> -> tensor<2x600xf32>, tensor<2x600xui32>
  return %v, %i : tensor<2x600xf32>, tensor<2x600xui32>
}

// A strided axis: element by element, pruned, ranks.
// CHECK: strided: ok
func.func @strided(%x: tensor<1000x3xf32>) -> (tensor<7x3xf32>, tensor<7x3xui32>) {
  %v, %i = dml.top_k %x, axis = 0, k = 7, direction = decreasing : tensor<1000x3xf32> -> tensor<7x3xf32>, tensor<7x3xui32>
  return %v, %i : tensor<7x3xf32>, tensor<7x3xui32>
}
