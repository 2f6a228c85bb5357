// More adversarial one_hot indices under AddressSanitizer (see
// one-hot-oob.mlir): the depth axis first (axis 0) and in the middle, i32
// indices at INT32_MIN/MAX, ui64 indices whose bit patterns are negative as
// i64 (huge unsigned values: out of range, all off; never wrapped), i8 and
// f16 values, and rows longer than a vector with a tail. Signed indices in
// [-L, -1] wrap to i + L; everything else outside [0, L) gives an all-off
// sequence.
// REQUIRES: clang
// RUN: dml-opt %s --dml-cpu-pipeline="sanitize-address" | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: %clang -Wno-override-module -fsanitize=address -O1 -c %t.ll -o %t.o
// RUN: %clang -fsanitize=address -I %S/Inputs %S/Inputs/one_hot_more_harness.c %t.o -o %t.exe
// RUN: %t.exe | FileCheck %s
// RUN: dml-opt %s --dml-cpu-pipeline="sanitize-address vectorize=0" | mlir-translate --mlir-to-llvmir -o %t.scalar.ll
// RUN: %clang -Wno-override-module -fsanitize=address -O1 -c %t.scalar.ll -o %t.scalar.o
// RUN: %clang -fsanitize=address -I %S/Inputs %S/Inputs/one_hot_more_harness.c %t.scalar.o -o %t.scalar.exe
// RUN: %t.scalar.exe | FileCheck %s
// Control: the axis-0 output one element short is caught.
// RUN: not %t.exe undersized 2>&1 | FileCheck %s --check-prefix=CONTROL

// Depth 5 along axis 0 (printed per column: the position of the on value,
// or - for all off), for INT32_MIN, INT32_MAX, -6, -5, -1, 5, 2.
// CHECK:      axis0: - - - 0 4 - 2
// CHECK-NEXT: axis0 ok
// Depth 6 along axis 1 for UINT64_MAX, 2^63, UINT64_MAX - 1, 6, 5, 0.
// CHECK-NEXT: ui64: - - - - 5 0
// CHECK-NEXT: ui64 ok
// Depth 4 along the middle axis of 2x4x3, i8 values, for INT64_MIN,
// INT64_MAX, -5, -4, -1, 4, 0, 1, 2, 3, -2, -3.
// CHECK-NEXT: middle: - - - 0 3 - 0 1 2 3 2 1
// CHECK-NEXT: middle ok
// CHECK-NEXT: f16 long ok
// CONTROL: ERROR: AddressSanitizer: heap-buffer-overflow
// CONTROL: WRITE of size

func.func @one_hot_axis0(%j: tensor<1x7xi32>, %w: tensor<2x1xf32>) -> tensor<5x7xf32> {
  %o = dml.one_hot %j, %w, axis = 0 : (tensor<1x7xi32>, tensor<2x1xf32>) -> tensor<5x7xf32>
  return %o : tensor<5x7xf32>
}

func.func @one_hot_u64(%j: tensor<6x1xui64>, %w: tensor<1x2xf32>) -> tensor<6x6xf32> {
  %o = dml.one_hot %j, %w, axis = 1 : (tensor<6x1xui64>, tensor<1x2xf32>) -> tensor<6x6xf32>
  return %o : tensor<6x6xf32>
}

func.func @one_hot_middle(%j: tensor<4x1x3xi64>, %w: tensor<1x1x2xi8>) -> tensor<4x4x3xi8> {
  %o = dml.one_hot %j, %w, axis = 1 : (tensor<4x1x3xi64>, tensor<1x1x2xi8>) -> tensor<4x4x3xi8>
  return %o : tensor<4x4x3xi8>
}

func.func @one_hot_f16_long(%j: tensor<13x1xi64>, %w: tensor<1x2xf16>) -> tensor<13x37xf16> {
  %o = dml.one_hot %j, %w, axis = 1 : (tensor<13x1xi64>, tensor<1x2xf16>) -> tensor<13x37xf16>
  return %o : tensor<13x37xf16>
}
