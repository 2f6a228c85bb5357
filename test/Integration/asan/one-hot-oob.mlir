// Out-of-range one_hot indices give an all-off row and never cause an
// access outside the buffers (AddressSanitizer-instrumented kernel,
// exact-size heap buffers). INT64_MIN/MAX, -L-1 and L are out of range;
// -L and -1 wrap to 0 and L-1.
// REQUIRES: clang
// RUN: dml-opt %s --dml-cpu-pipeline="sanitize-address" | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: %clang -Wno-override-module -fsanitize=address -O1 -c %t.ll -o %t.o
// RUN: %clang -fsanitize=address -I %S/Inputs %S/Inputs/one_hot_harness.c %t.o -o %t.exe
// RUN: %t.exe | FileCheck %s
// RUN: not %t.exe undersized 2>&1 | FileCheck %s --check-prefix=CONTROL

// CHECK: row 0: 0 0 0 0
// CHECK-NEXT: row 1: 0 0 0 0
// CHECK-NEXT: row 2: 0 0 0 0
// CHECK-NEXT: row 3: 1 0 0 0
// CHECK-NEXT: row 4: 0 0 0 1
// CHECK-NEXT: row 5: 0 0 0 0
// CONTROL: ERROR: AddressSanitizer: heap-buffer-overflow
// CONTROL: WRITE of size

func.func @one_hot(%j: tensor<6x1xi64>, %w: tensor<1x2xf32>) -> tensor<6x4xf32> {
  %o = dml.one_hot %j, %w, axis = 1 : (tensor<6x1xi64>, tensor<1x2xf32>) -> tensor<6x4xf32>
  return %o : tensor<6x4xf32>
}
