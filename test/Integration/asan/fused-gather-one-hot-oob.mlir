// Out-of-range indices never leave their buffers when gather and one_hot feed
// a reduction in the same function: gather -> reduce (sum) and one_hot ->
// reduce (sum, arg_max) with adversarial indices (INT min/max, -S-1, -S, -1,
// S), compiled with AddressSanitizer and run on exact-size heap buffers.
// Without graph fusion the gathered / one-hot intermediate is a buffer of the
// kernel (heap, instrumented: its accesses are checked too; workspace=false
// keeps each temporary a separate heap block); with fusion the
// reduction's loop reads the indices and the gathered input directly, and the
// same checks hold. Signed gather indices wrap once (i + S) and clamp to
// [0, S - 1]; one_hot indices in [-L, -1] wrap, others outside [0, L) give
// an all-off sequence.
// REQUIRES: clang
// RUN: dml-opt %s --dml-cpu-pipeline="sanitize-address workspace=false" | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: %clang -Wno-override-module -fsanitize=address -O1 -c %t.ll -o %t.o
// RUN: %clang -fsanitize=address -I %S/Inputs %S/Inputs/fused_harness.c %t.o -o %t.exe
// RUN: %t.exe | FileCheck %s
// Scalar code (vectorize=0) reads the same elements.
// RUN: dml-opt %s --dml-cpu-pipeline="sanitize-address vectorize=0 workspace=false" | mlir-translate --mlir-to-llvmir -o %t.scalar.ll
// RUN: %clang -Wno-override-module -fsanitize=address -O1 -c %t.scalar.ll -o %t.scalar.o
// RUN: %clang -fsanitize=address -I %S/Inputs %S/Inputs/fused_harness.c %t.scalar.o -o %t.scalar.exe
// RUN: %t.scalar.exe | FileCheck %s
// Unfused (the intermediate is a heap buffer of its own, checked too).
// RUN: dml-opt %s --dml-cpu-pipeline="sanitize-address fusion=false workspace=false" | mlir-translate --mlir-to-llvmir -o %t.unfused.ll
// RUN: %clang -Wno-override-module -fsanitize=address -O1 -c %t.unfused.ll -o %t.unfused.o
// RUN: %clang -fsanitize=address -I %S/Inputs %S/Inputs/fused_harness.c %t.unfused.o -o %t.unfused.exe
// RUN: %t.unfused.exe | FileCheck %s
// Controls: the gathered input one element short (the clamped read of the
// last row), and the one_hot indices one element short, are caught.
// RUN: not %t.exe undersized-input 2>&1 | FileCheck %s --check-prefix=CONTROL
// RUN: not %t.exe undersized-indices 2>&1 | FileCheck %s --check-prefix=CONTROL-INDICES

// Rows of x (5x19, x[r][c] = 100r + c, row sum 1900r + 171) picked by
// INT64_MIN, INT64_MAX, -6, -5, -1, 5, 2 (rows 0 4 0 0 4 4 2), summed.
// CHECK:      gather_sum_rows: 171 7771 171 171 7771 7771 3971
// 21 i32 column indices into x (3x6, x[r][c] = 100r + c), summed over the
// index axis (the reduction loop reads the indices): INT32_MIN, INT32_MAX,
// -7, 6, -6, -1, 0, 5, 3, then (5i mod 15) - 4; checked against the rule.
// CHECK-NEXT: gather_sum_indices: ok
// Depth 4 along axis 1 (off 0.25, on 8) for INT64_MIN, INT64_MAX, -5, -4,
// -1, 4, 2: sum and arg_max (first maximum) of each sequence.
// CHECK-NEXT: one_hot_sum: 1 1 1 8.75 8.75 1 8.75
// CHECK-NEXT: one_hot_arg_max: 0 0 0 0 3 0 2
// Depth 5 along axis 0 for 37 i32 indices (INT32_MIN, INT32_MAX, -6, -5, -1,
// 5, 2, then (7i mod 13) - 6): sum and arg_max (last maximum).
// CHECK-NEXT: one_hot_axis0: ok
// CONTROL: ERROR: AddressSanitizer: heap-buffer-overflow
// CONTROL: READ of size 4
// CONTROL-INDICES: ERROR: AddressSanitizer: heap-buffer-overflow
// CONTROL-INDICES: READ of size 8

func.func @gather_sum_rows(%x: tensor<5x19xf32>, %j: tensor<1x7xi64>) -> tensor<7x1xf32> {
  %g = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<5x19xf32>, tensor<1x7xi64>) -> tensor<7x19xf32>
  %s = dml.reduce %g, function = sum, axes = [1] : tensor<7x19xf32> -> tensor<7x1xf32>
  return %s : tensor<7x1xf32>
}

func.func @gather_sum_indices(%x: tensor<3x6xf32>, %j: tensor<1x21xi32>) -> tensor<3x1xf32> {
  %g = dml.gather %x, %j, axis = 1, index_dimensions = 1 : (tensor<3x6xf32>, tensor<1x21xi32>) -> tensor<3x21xf32>
  %s = dml.reduce %g, function = sum, axes = [1] : tensor<3x21xf32> -> tensor<3x1xf32>
  return %s : tensor<3x1xf32>
}

func.func @one_hot_sum(%j: tensor<7x1xi64>, %w: tensor<1x2xf32>) -> (tensor<7x1xf32>, tensor<7x1xui32>) {
  %o = dml.one_hot %j, %w, axis = 1 : (tensor<7x1xi64>, tensor<1x2xf32>) -> tensor<7x4xf32>
  %s = dml.reduce %o, function = sum, axes = [1] : tensor<7x4xf32> -> tensor<7x1xf32>
  %a = dml.arg_max %o, axes = [1], direction = increasing : tensor<7x4xf32> -> tensor<7x1xui32>
  return %s, %a : tensor<7x1xf32>, tensor<7x1xui32>
}

func.func @one_hot_axis0(%j: tensor<1x37xi32>, %w: tensor<2x1xf32>) -> (tensor<1x37xf32>, tensor<1x37xui32>) {
  %o = dml.one_hot %j, %w, axis = 0 : (tensor<1x37xi32>, tensor<2x1xf32>) -> tensor<5x37xf32>
  %s = dml.reduce %o, function = sum, axes = [0] : tensor<5x37xf32> -> tensor<1x37xf32>
  %a = dml.arg_max %o, axes = [0], direction = decreasing : tensor<5x37xf32> -> tensor<1x37xui32>
  return %s, %a : tensor<1x37xf32>, tensor<1x37xui32>
}
