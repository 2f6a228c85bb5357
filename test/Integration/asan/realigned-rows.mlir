// Long f32 rows that start off a 64-byte boundary are read with aligned
// loads rebuilt by vpermi2ps (realign-rows): the first aligned vector of a
// row reaches before it and the last one past it, so both are masked
// loads. Compiled with AddressSanitizer and run on buffers whose bytes
// before and after the tensor are poisoned, at 0, 16, 32 and 48 bytes past
// a 64-byte boundary: nothing outside the tensor is read, and every result
// is bit-identical to the aligned run (the plain loop). The runs set
// ASAN_OPTIONS themselves: the poisoning is the harness's own
// (allow_user_poisoning), which the sanitizer stage's environment turns off.
// REQUIRES: clang, avx512f
// RUN: dml-opt %s --dml-cpu-pipeline="vector-bits=512 realign-rows=true sanitize-address workspace=false" | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: %clang -Wno-override-module -fsanitize=address -O1 -mavx512f -c %t.ll -o %t.o
// RUN: %clang -fsanitize=address -I %S/Inputs %S/Inputs/realigned_rows_harness.c %t.o -o %t.exe
// RUN: env ASAN_OPTIONS=allow_user_poisoning=1:detect_leaks=0 %t.exe | FileCheck %s
// The wide rows of AMD Zen (a 4-register chunk per row: 5 aligned loads).
// RUN: dml-opt %s --dml-cpu-pipeline="vector-bits=512 realign-rows=true long-row-wide=true sanitize-address workspace=false" | mlir-translate --mlir-to-llvmir -o %t.wide.ll
// RUN: %clang -Wno-override-module -fsanitize=address -O1 -mavx512f -c %t.wide.ll -o %t.wide.o
// RUN: %clang -fsanitize=address -I %S/Inputs %S/Inputs/realigned_rows_harness.c %t.wide.o -o %t.wide.exe
// RUN: env ASAN_OPTIONS=allow_user_poisoning=1:detect_leaks=0 %t.wide.exe | FileCheck %s
// Control: one_row 16 bytes past a boundary with the tensor's last element
// poisoned too: it is lane 3 of the row's masked tail vector, and the
// masked load's active lane is caught.
// RUN: env ASAN_OPTIONS=allow_user_poisoning=1:detect_leaks=0 not %t.exe undersized 2>&1 | FileCheck %s --check-prefix=CONTROL

// CONTROL: ERROR: AddressSanitizer: use-after-poison
// CONTROL: READ of size
// CONTROL: in _mlir_ciface_one_row

// Rows of 4100 elements (16400 bytes): each row starts 16 bytes further
// past a boundary than the one before; a 4-element scalar remainder.
// CHECK: sum_rows: ok
func.func @sum_rows(%x: tensor<6x4100xf32>) -> tensor<6x1xf32> {
  %r = dml.reduce %x, function = sum, axes = [1] : tensor<6x4100xf32> -> tensor<6x1xf32>
  return %r : tensor<6x1xf32>
}

// Max with a NaN flag per lane (fast extrema).
// CHECK: max_rows: ok
func.func @max_rows(%x: tensor<4x4096xf32>) -> tensor<4x1xf32> {
  %r = dml.reduce %x, function = max, axes = [1] : tensor<4x4096xf32> -> tensor<4x1xf32>
  return %r : tensor<4x1xf32>
}

// A selection (positions from the loop, values from the realigned loads)
// with a vector tail over the last 64 elements.
// CHECK: arg_max_rows: ok
func.func @arg_max_rows(%x: tensor<3x8200xf32>) -> tensor<3x1xui32> {
  %r = dml.arg_max %x, axes = [1], direction = increasing : tensor<3x8200xf32> -> tensor<3x1xui32>
  return %r : tensor<3x1xui32>
}

// An outer reduction axis: the accumulators carried from one outer step to
// the next enter the rotated lane order and leave it again.
// CHECK: outer_sum: ok
func.func @outer_sum(%x: tensor<3x4x4100xf32>) -> tensor<1x4x1xf32> {
  %r = dml.reduce %x, function = sum, axes = [0, 2] : tensor<3x4x4100xf32> -> tensor<1x4x1xf32>
  return %r : tensor<1x4x1xf32>
}

// One row: no parallel loop, one step only when the row is one chunk.
// CHECK: one_row: ok
func.func @one_row(%x: tensor<4096xf32>) -> tensor<1xf32> {
  %r = dml.reduce %x, function = sum_square, axes = [0] : tensor<4096xf32> -> tensor<1xf32>
  return %r : tensor<1xf32>
}
