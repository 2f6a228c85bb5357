// Out-of-range gather indices never read outside the input: the kernel is
// compiled with AddressSanitizer instrumentation and run on exact-size heap
// buffers. Signed indices wrap once (i + S) and then clamp to [0, S - 1];
// unsigned ones clamp to S - 1.
// REQUIRES: clang
// RUN: dml-opt %s --dml-cpu-pipeline="sanitize-address" | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: %clang -Wno-override-module -fsanitize=address -O1 -c %t.ll -o %t.o
// RUN: %clang -fsanitize=address -I %S/Inputs %S/Inputs/gather_harness.c %t.o -o %t.exe
// RUN: %t.exe | FileCheck %s
// Control: one element short, the clamped read of the last element is caught.
// RUN: not %t.exe undersized 2>&1 | FileCheck %s --check-prefix=CONTROL

// CHECK: signed: 11 14 11 11 14 14 13
// CHECK: unsigned: 2 2 2 4 4 4 6 6 6
// CONTROL: ERROR: AddressSanitizer: heap-buffer-overflow
// CONTROL: READ of size 4

func.func @gather_signed(%x: tensor<4xf32>, %j: tensor<7xi64>) -> tensor<7xf32> {
  %g = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<4xf32>, tensor<7xi64>) -> tensor<7xf32>
  return %g : tensor<7xf32>
}

func.func @gather_unsigned(%x: tensor<3x2xf32>, %j: tensor<1x3xui32>) -> tensor<3x3xf32> {
  %g = dml.gather %x, %j, axis = 1, index_dimensions = 1 : (tensor<3x2xf32>, tensor<1x3xui32>) -> tensor<3x3xf32>
  return %g : tensor<3x3xf32>
}
