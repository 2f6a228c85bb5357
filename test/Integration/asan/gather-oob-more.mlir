// More adversarial gather indices under AddressSanitizer (see gather-oob.mlir):
// i32 indices at INT32_MIN/MAX; ui64 indices whose bit patterns are negative
// as i64 (they are huge unsigned values, clamped to S - 1, never wrapped);
// two index dimensions; f16 data; lengths that are not multiples of the
// vector width (vector tails read the exact-size buffers only). Signed
// indices wrap once (i + S) and then clamp to [0, S - 1].
// REQUIRES: clang
// RUN: dml-opt %s --dml-cpu-pipeline="sanitize-address" | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: %clang -Wno-override-module -fsanitize=address -O1 -c %t.ll -o %t.o
// RUN: %clang -fsanitize=address -I %S/Inputs %S/Inputs/gather_more_harness.c %t.o -o %t.exe
// RUN: %t.exe | FileCheck %s
// Scalar code (vectorize=0) reads the same elements.
// RUN: dml-opt %s --dml-cpu-pipeline="sanitize-address vectorize=0" | mlir-translate --mlir-to-llvmir -o %t.scalar.ll
// RUN: %clang -Wno-override-module -fsanitize=address -O1 -c %t.scalar.ll -o %t.scalar.o
// RUN: %clang -fsanitize=address -I %S/Inputs %S/Inputs/gather_more_harness.c %t.scalar.o -o %t.scalar.exe
// RUN: %t.scalar.exe | FileCheck %s
// Control: the i32 index buffer one element short is caught.
// RUN: not %t.exe undersized 2>&1 | FileCheck %s --check-prefix=CONTROL

// Rows of x (5x3, row r = 10r + 1..3) picked by
// INT32_MIN, INT32_MAX, -6, -5, -1, 5, 2, then 30 indices (7i mod 13) - 6
// (i = 7..36); the harness also checks every row against the rule.
// CHECK:      i32: 0 4 0 0 4 4 2 4 3 4 4 4 0 0 1 0 2 1 3 2 4 3 4 4 4 0 0 1 0 2 1 3 2 4 3 4 4
// CHECK-NEXT: i32 rows ok
// Columns of x (4x6) picked by UINT64_MAX, 2^63, UINT64_MAX - 1, 6, 5, 0,
// then 13 indices i mod 8 (i = 6..18).
// CHECK-NEXT: ui64: 5 5 5 5 5 0 5 5 0 1 2 3 4 5 5 5 0 1 2
// CHECK-NEXT: ui64 columns ok
// 2x4 index pairs into axis 1 of x (1x5x3): INT64_MIN, INT64_MAX, -6, -5,
// -1, 5, 1, 3.
// CHECK-NEXT: 2d: 0 4 0 0 4 4 1 3
// CHECK-NEXT: 2d rows ok
// f16 data, 67 i64 indices (i * 5 mod 45) - 6 into 33 elements.
// CHECK-NEXT: f16 long ok
// CONTROL: ERROR: AddressSanitizer: heap-buffer-overflow
// CONTROL: READ of size 4

func.func @gather_i32(%x: tensor<5x3xf32>, %j: tensor<1x37xi32>) -> tensor<37x3xf32> {
  %g = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<5x3xf32>, tensor<1x37xi32>) -> tensor<37x3xf32>
  return %g : tensor<37x3xf32>
}

func.func @gather_u64(%x: tensor<4x6xf32>, %j: tensor<1x19xui64>) -> tensor<4x19xf32> {
  %g = dml.gather %x, %j, axis = 1, index_dimensions = 1 : (tensor<4x6xf32>, tensor<1x19xui64>) -> tensor<4x19xf32>
  return %g : tensor<4x19xf32>
}

func.func @gather_2d(%x: tensor<1x5x3xf32>, %j: tensor<1x2x4xi64>) -> tensor<2x4x3xf32> {
  %g = dml.gather %x, %j, axis = 1, index_dimensions = 2 : (tensor<1x5x3xf32>, tensor<1x2x4xi64>) -> tensor<2x4x3xf32>
  return %g : tensor<2x4x3xf32>
}

func.func @gather_f16_long(%x: tensor<33xf16>, %j: tensor<67xi64>) -> tensor<67xf16> {
  %g = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<33xf16>, tensor<67xi64>) -> tensor<67xf16>
  return %g : tensor<67xf16>
}
