// RUN: dml-opt %s | dml-opt | FileCheck %s
// RUN: dml-opt %s --mlir-print-op-generic | dml-opt | FileCheck %s
// RUN: dml-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Round trip of dml.reduce (DML_REDUCE_OPERATOR_DESC): all 12 functions, every
// data type of each function's feature level 5.0 table, ranks 1, 4 and 8, and
// the 1.0, 2.1 and 3.0 tables.

// CHECK-LABEL: func.func @reduce_sum_columns
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<3x3xf32>)
// CHECK:         %[[Y:[a-z0-9_]+]] = dml.reduce %[[X]], function = sum, axes = [0] : tensor<3x3xf32> -> tensor<1x3xf32>
// CHECK:         return %[[Y]] : tensor<1x3xf32>
// GENERIC-LABEL: sym_name = "reduce_sum_columns"
// GENERIC:       ^bb0(%[[X:[a-z0-9_]+]]: tensor<3x3xf32>):
// GENERIC:       %[[Y:[0-9]+]] = "dml.reduce"(%[[X]]) <{axes = array<i32: 0>, function = #dml<reduce_function sum>}> : (tensor<3x3xf32>) -> tensor<1x3xf32>
// GENERIC:       "func.return"(%[[Y]])
func.func @reduce_sum_columns(%x: tensor<3x3xf32>) -> tensor<1x3xf32> {
  %y = dml.reduce %x, function = sum, axes = [0] : tensor<3x3xf32> -> tensor<1x3xf32>
  return %y : tensor<1x3xf32>
}

// CHECK-LABEL: func.func @reduce_all_functions_f32
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<2x3xf32>)
// CHECK:         dml.reduce %[[X]], function = argmax, axes = [1, 0] : tensor<2x3xf32> -> tensor<1x1xui32>
// CHECK:         dml.reduce %[[X]], function = argmin, axes = [1, 0] : tensor<2x3xf32> -> tensor<1x1xui32>
// CHECK:         dml.reduce %[[X]], function = average, axes = [1, 0] : tensor<2x3xf32> -> tensor<1x1xf32>
// CHECK:         dml.reduce %[[X]], function = l1, axes = [1, 0] : tensor<2x3xf32> -> tensor<1x1xf32>
// CHECK:         dml.reduce %[[X]], function = l2, axes = [1, 0] : tensor<2x3xf32> -> tensor<1x1xf32>
// CHECK:         dml.reduce %[[X]], function = log_sum, axes = [1, 0] : tensor<2x3xf32> -> tensor<1x1xf32>
// CHECK:         dml.reduce %[[X]], function = log_sum_exp, axes = [1, 0] : tensor<2x3xf32> -> tensor<1x1xf32>
// CHECK:         dml.reduce %[[X]], function = max, axes = [1, 0] : tensor<2x3xf32> -> tensor<1x1xf32>
// CHECK:         dml.reduce %[[X]], function = min, axes = [1, 0] : tensor<2x3xf32> -> tensor<1x1xf32>
// CHECK:         dml.reduce %[[X]], function = multiply, axes = [1, 0] : tensor<2x3xf32> -> tensor<1x1xf32>
// CHECK:         dml.reduce %[[X]], function = sum, axes = [1, 0] : tensor<2x3xf32> -> tensor<1x1xf32>
// CHECK:         dml.reduce %[[X]], function = sum_square, axes = [1, 0] : tensor<2x3xf32> -> tensor<1x1xf32>
// GENERIC-LABEL: sym_name = "reduce_all_functions_f32"
// GENERIC:       "dml.reduce"(%{{[a-z0-9_]+}}) <{axes = array<i32: 1, 0>, function = #dml<reduce_function argmax>}> : (tensor<2x3xf32>) -> tensor<1x1xui32>
// GENERIC:       "dml.reduce"(%{{[a-z0-9_]+}}) <{axes = array<i32: 1, 0>, function = #dml<reduce_function argmin>}> : (tensor<2x3xf32>) -> tensor<1x1xui32>
// GENERIC:       "dml.reduce"(%{{[a-z0-9_]+}}) <{axes = array<i32: 1, 0>, function = #dml<reduce_function average>}> : (tensor<2x3xf32>) -> tensor<1x1xf32>
// GENERIC:       "dml.reduce"(%{{[a-z0-9_]+}}) <{axes = array<i32: 1, 0>, function = #dml<reduce_function l1>}> : (tensor<2x3xf32>) -> tensor<1x1xf32>
// GENERIC:       "dml.reduce"(%{{[a-z0-9_]+}}) <{axes = array<i32: 1, 0>, function = #dml<reduce_function l2>}> : (tensor<2x3xf32>) -> tensor<1x1xf32>
// GENERIC:       "dml.reduce"(%{{[a-z0-9_]+}}) <{axes = array<i32: 1, 0>, function = #dml<reduce_function log_sum>}> : (tensor<2x3xf32>) -> tensor<1x1xf32>
// GENERIC:       "dml.reduce"(%{{[a-z0-9_]+}}) <{axes = array<i32: 1, 0>, function = #dml<reduce_function log_sum_exp>}> : (tensor<2x3xf32>) -> tensor<1x1xf32>
// GENERIC:       "dml.reduce"(%{{[a-z0-9_]+}}) <{axes = array<i32: 1, 0>, function = #dml<reduce_function max>}> : (tensor<2x3xf32>) -> tensor<1x1xf32>
// GENERIC:       "dml.reduce"(%{{[a-z0-9_]+}}) <{axes = array<i32: 1, 0>, function = #dml<reduce_function min>}> : (tensor<2x3xf32>) -> tensor<1x1xf32>
// GENERIC:       "dml.reduce"(%{{[a-z0-9_]+}}) <{axes = array<i32: 1, 0>, function = #dml<reduce_function multiply>}> : (tensor<2x3xf32>) -> tensor<1x1xf32>
// GENERIC:       "dml.reduce"(%{{[a-z0-9_]+}}) <{axes = array<i32: 1, 0>, function = #dml<reduce_function sum>}> : (tensor<2x3xf32>) -> tensor<1x1xf32>
// GENERIC:       "dml.reduce"(%{{[a-z0-9_]+}}) <{axes = array<i32: 1, 0>, function = #dml<reduce_function sum_square>}> : (tensor<2x3xf32>) -> tensor<1x1xf32>
func.func @reduce_all_functions_f32(%x: tensor<2x3xf32>) {
  %0 = dml.reduce %x, function = argmax, axes = [1, 0] : tensor<2x3xf32> -> tensor<1x1xui32>
  %1 = dml.reduce %x, function = argmin, axes = [1, 0] : tensor<2x3xf32> -> tensor<1x1xui32>
  %2 = dml.reduce %x, function = average, axes = [1, 0] : tensor<2x3xf32> -> tensor<1x1xf32>
  %3 = dml.reduce %x, function = l1, axes = [1, 0] : tensor<2x3xf32> -> tensor<1x1xf32>
  %4 = dml.reduce %x, function = l2, axes = [1, 0] : tensor<2x3xf32> -> tensor<1x1xf32>
  %5 = dml.reduce %x, function = log_sum, axes = [1, 0] : tensor<2x3xf32> -> tensor<1x1xf32>
  %6 = dml.reduce %x, function = log_sum_exp, axes = [1, 0] : tensor<2x3xf32> -> tensor<1x1xf32>
  %7 = dml.reduce %x, function = max, axes = [1, 0] : tensor<2x3xf32> -> tensor<1x1xf32>
  %8 = dml.reduce %x, function = min, axes = [1, 0] : tensor<2x3xf32> -> tensor<1x1xf32>
  %9 = dml.reduce %x, function = multiply, axes = [1, 0] : tensor<2x3xf32> -> tensor<1x1xf32>
  %10 = dml.reduce %x, function = sum, axes = [1, 0] : tensor<2x3xf32> -> tensor<1x1xf32>
  %11 = dml.reduce %x, function = sum_square, axes = [1, 0] : tensor<2x3xf32> -> tensor<1x1xf32>
  return
}

// CHECK-LABEL: func.func @reduce_all_functions_f16_rank1
// CHECK-SAME:    (%[[H:[a-z0-9_]+]]: tensor<9xf16>)
// CHECK:         dml.reduce %[[H]], function = argmax, axes = [0] : tensor<9xf16> -> tensor<1xi64>
// CHECK:         dml.reduce %[[H]], function = argmin, axes = [0] : tensor<9xf16> -> tensor<1xi64>
// CHECK:         dml.reduce %[[H]], function = average, axes = [0] : tensor<9xf16> -> tensor<1xf16>
// CHECK:         dml.reduce %[[H]], function = l1, axes = [0] : tensor<9xf16> -> tensor<1xf16>
// CHECK:         dml.reduce %[[H]], function = l2, axes = [0] : tensor<9xf16> -> tensor<1xf16>
// CHECK:         dml.reduce %[[H]], function = log_sum, axes = [0] : tensor<9xf16> -> tensor<1xf16>
// CHECK:         dml.reduce %[[H]], function = log_sum_exp, axes = [0] : tensor<9xf16> -> tensor<1xf16>
// CHECK:         dml.reduce %[[H]], function = max, axes = [0] : tensor<9xf16> -> tensor<1xf16>
// CHECK:         dml.reduce %[[H]], function = min, axes = [0] : tensor<9xf16> -> tensor<1xf16>
// CHECK:         dml.reduce %[[H]], function = multiply, axes = [0] : tensor<9xf16> -> tensor<1xf16>
// CHECK:         dml.reduce %[[H]], function = sum, axes = [0] : tensor<9xf16> -> tensor<1xf16>
// CHECK:         dml.reduce %[[H]], function = sum_square, axes = [0] : tensor<9xf16> -> tensor<1xf16>
func.func @reduce_all_functions_f16_rank1(%h: tensor<9xf16>) {
  %0 = dml.reduce %h, function = argmax, axes = [0] : tensor<9xf16> -> tensor<1xi64>
  %1 = dml.reduce %h, function = argmin, axes = [0] : tensor<9xf16> -> tensor<1xi64>
  %2 = dml.reduce %h, function = average, axes = [0] : tensor<9xf16> -> tensor<1xf16>
  %3 = dml.reduce %h, function = l1, axes = [0] : tensor<9xf16> -> tensor<1xf16>
  %4 = dml.reduce %h, function = l2, axes = [0] : tensor<9xf16> -> tensor<1xf16>
  %5 = dml.reduce %h, function = log_sum, axes = [0] : tensor<9xf16> -> tensor<1xf16>
  %6 = dml.reduce %h, function = log_sum_exp, axes = [0] : tensor<9xf16> -> tensor<1xf16>
  %7 = dml.reduce %h, function = max, axes = [0] : tensor<9xf16> -> tensor<1xf16>
  %8 = dml.reduce %h, function = min, axes = [0] : tensor<9xf16> -> tensor<1xf16>
  %9 = dml.reduce %h, function = multiply, axes = [0] : tensor<9xf16> -> tensor<1xf16>
  %10 = dml.reduce %h, function = sum, axes = [0] : tensor<9xf16> -> tensor<1xf16>
  %11 = dml.reduce %h, function = sum_square, axes = [0] : tensor<9xf16> -> tensor<1xf16>
  return
}

// CHECK-LABEL: func.func @reduce_argmax_argmin_integer_types
// CHECK-SAME:    (%[[I8:[a-z0-9_]+]]: tensor<4x5xi8>, %[[I16:[a-z0-9_]+]]: tensor<4x5xi16>, %[[I32:[a-z0-9_]+]]: tensor<4x5xi32>, %[[I64:[a-z0-9_]+]]: tensor<4x5xi64>, %[[UI8:[a-z0-9_]+]]: tensor<4x5xui8>, %[[UI16:[a-z0-9_]+]]: tensor<4x5xui16>, %[[UI32:[a-z0-9_]+]]: tensor<4x5xui32>, %[[UI64:[a-z0-9_]+]]: tensor<4x5xui64>)
// CHECK:         dml.reduce %[[I8]], function = argmax, axes = [1] : tensor<4x5xi8> -> tensor<4x1xui32>
// CHECK:         dml.reduce %[[I16]], function = argmin, axes = [1] : tensor<4x5xi16> -> tensor<4x1xi32>
// CHECK:         dml.reduce %[[I32]], function = argmax, axes = [1] : tensor<4x5xi32> -> tensor<4x1xui64>
// CHECK:         dml.reduce %[[I64]], function = argmin, axes = [1] : tensor<4x5xi64> -> tensor<4x1xi64>
// CHECK:         dml.reduce %[[UI8]], function = argmax, axes = [1] : tensor<4x5xui8> -> tensor<4x1xui32>
// CHECK:         dml.reduce %[[UI16]], function = argmin, axes = [1] : tensor<4x5xui16> -> tensor<4x1xi32>
// CHECK:         dml.reduce %[[UI32]], function = argmax, axes = [1] : tensor<4x5xui32> -> tensor<4x1xui64>
// CHECK:         dml.reduce %[[UI64]], function = argmin, axes = [1] : tensor<4x5xui64> -> tensor<4x1xi64>
func.func @reduce_argmax_argmin_integer_types(%i8: tensor<4x5xi8>, %i16: tensor<4x5xi16>, %i32: tensor<4x5xi32>, %i64: tensor<4x5xi64>, %ui8: tensor<4x5xui8>, %ui16: tensor<4x5xui16>, %ui32: tensor<4x5xui32>, %ui64: tensor<4x5xui64>) {
  %0 = dml.reduce %i8, function = argmax, axes = [1] : tensor<4x5xi8> -> tensor<4x1xui32>
  %1 = dml.reduce %i16, function = argmin, axes = [1] : tensor<4x5xi16> -> tensor<4x1xi32>
  %2 = dml.reduce %i32, function = argmax, axes = [1] : tensor<4x5xi32> -> tensor<4x1xui64>
  %3 = dml.reduce %i64, function = argmin, axes = [1] : tensor<4x5xi64> -> tensor<4x1xi64>
  %4 = dml.reduce %ui8, function = argmax, axes = [1] : tensor<4x5xui8> -> tensor<4x1xui32>
  %5 = dml.reduce %ui16, function = argmin, axes = [1] : tensor<4x5xui16> -> tensor<4x1xi32>
  %6 = dml.reduce %ui32, function = argmax, axes = [1] : tensor<4x5xui32> -> tensor<4x1xui64>
  %7 = dml.reduce %ui64, function = argmin, axes = [1] : tensor<4x5xui64> -> tensor<4x1xi64>
  return
}

// CHECK-LABEL: func.func @reduce_min_max_integer_types
// CHECK-SAME:    (%[[I8:[a-z0-9_]+]]: tensor<4x5xi8>, %[[I16:[a-z0-9_]+]]: tensor<4x5xi16>, %[[I32:[a-z0-9_]+]]: tensor<4x5xi32>, %[[I64:[a-z0-9_]+]]: tensor<4x5xi64>, %[[UI8:[a-z0-9_]+]]: tensor<4x5xui8>, %[[UI16:[a-z0-9_]+]]: tensor<4x5xui16>, %[[UI32:[a-z0-9_]+]]: tensor<4x5xui32>, %[[UI64:[a-z0-9_]+]]: tensor<4x5xui64>)
// CHECK:         dml.reduce %[[I8]], function = max, axes = [0] : tensor<4x5xi8> -> tensor<1x5xi8>
// CHECK:         dml.reduce %[[I16]], function = min, axes = [0] : tensor<4x5xi16> -> tensor<1x5xi16>
// CHECK:         dml.reduce %[[I32]], function = max, axes = [0] : tensor<4x5xi32> -> tensor<1x5xi32>
// CHECK:         dml.reduce %[[I64]], function = min, axes = [0] : tensor<4x5xi64> -> tensor<1x5xi64>
// CHECK:         dml.reduce %[[UI8]], function = max, axes = [0] : tensor<4x5xui8> -> tensor<1x5xui8>
// CHECK:         dml.reduce %[[UI16]], function = min, axes = [0] : tensor<4x5xui16> -> tensor<1x5xui16>
// CHECK:         dml.reduce %[[UI32]], function = max, axes = [0] : tensor<4x5xui32> -> tensor<1x5xui32>
// CHECK:         dml.reduce %[[UI64]], function = min, axes = [0] : tensor<4x5xui64> -> tensor<1x5xui64>
// CHECK:         dml.reduce %[[I8]], function = min, axes = [0] : tensor<4x5xi8> -> tensor<1x5xi8>
// CHECK:         dml.reduce %[[I16]], function = max, axes = [0] : tensor<4x5xi16> -> tensor<1x5xi16>
// CHECK:         dml.reduce %[[I32]], function = min, axes = [0] : tensor<4x5xi32> -> tensor<1x5xi32>
// CHECK:         dml.reduce %[[I64]], function = max, axes = [0] : tensor<4x5xi64> -> tensor<1x5xi64>
// CHECK:         dml.reduce %[[UI8]], function = min, axes = [0] : tensor<4x5xui8> -> tensor<1x5xui8>
// CHECK:         dml.reduce %[[UI16]], function = max, axes = [0] : tensor<4x5xui16> -> tensor<1x5xui16>
// CHECK:         dml.reduce %[[UI32]], function = min, axes = [0] : tensor<4x5xui32> -> tensor<1x5xui32>
// CHECK:         dml.reduce %[[UI64]], function = max, axes = [0] : tensor<4x5xui64> -> tensor<1x5xui64>
func.func @reduce_min_max_integer_types(%i8: tensor<4x5xi8>, %i16: tensor<4x5xi16>, %i32: tensor<4x5xi32>, %i64: tensor<4x5xi64>, %ui8: tensor<4x5xui8>, %ui16: tensor<4x5xui16>, %ui32: tensor<4x5xui32>, %ui64: tensor<4x5xui64>) {
  %0 = dml.reduce %i8, function = max, axes = [0] : tensor<4x5xi8> -> tensor<1x5xi8>
  %1 = dml.reduce %i16, function = min, axes = [0] : tensor<4x5xi16> -> tensor<1x5xi16>
  %2 = dml.reduce %i32, function = max, axes = [0] : tensor<4x5xi32> -> tensor<1x5xi32>
  %3 = dml.reduce %i64, function = min, axes = [0] : tensor<4x5xi64> -> tensor<1x5xi64>
  %4 = dml.reduce %ui8, function = max, axes = [0] : tensor<4x5xui8> -> tensor<1x5xui8>
  %5 = dml.reduce %ui16, function = min, axes = [0] : tensor<4x5xui16> -> tensor<1x5xui16>
  %6 = dml.reduce %ui32, function = max, axes = [0] : tensor<4x5xui32> -> tensor<1x5xui32>
  %7 = dml.reduce %ui64, function = min, axes = [0] : tensor<4x5xui64> -> tensor<1x5xui64>
  %8 = dml.reduce %i8, function = min, axes = [0] : tensor<4x5xi8> -> tensor<1x5xi8>
  %9 = dml.reduce %i16, function = max, axes = [0] : tensor<4x5xi16> -> tensor<1x5xi16>
  %10 = dml.reduce %i32, function = min, axes = [0] : tensor<4x5xi32> -> tensor<1x5xi32>
  %11 = dml.reduce %i64, function = max, axes = [0] : tensor<4x5xi64> -> tensor<1x5xi64>
  %12 = dml.reduce %ui8, function = min, axes = [0] : tensor<4x5xui8> -> tensor<1x5xui8>
  %13 = dml.reduce %ui16, function = max, axes = [0] : tensor<4x5xui16> -> tensor<1x5xui16>
  %14 = dml.reduce %ui32, function = min, axes = [0] : tensor<4x5xui32> -> tensor<1x5xui32>
  %15 = dml.reduce %ui64, function = max, axes = [0] : tensor<4x5xui64> -> tensor<1x5xui64>
  return
}

// CHECK-LABEL: func.func @reduce_wide_integer_types
// CHECK-SAME:    (%[[I32:[a-z0-9_]+]]: tensor<4x5xi32>, %[[I64:[a-z0-9_]+]]: tensor<4x5xi64>, %[[UI32:[a-z0-9_]+]]: tensor<4x5xui32>, %[[UI64:[a-z0-9_]+]]: tensor<4x5xui64>)
// CHECK:         dml.reduce %[[I32]], function = l1, axes = [0, 1] : tensor<4x5xi32> -> tensor<1x1xi32>
// CHECK:         dml.reduce %[[I64]], function = l1, axes = [0, 1] : tensor<4x5xi64> -> tensor<1x1xi64>
// CHECK:         dml.reduce %[[UI32]], function = l1, axes = [0, 1] : tensor<4x5xui32> -> tensor<1x1xui32>
// CHECK:         dml.reduce %[[UI64]], function = l1, axes = [0, 1] : tensor<4x5xui64> -> tensor<1x1xui64>
// CHECK:         dml.reduce %[[I32]], function = sum_square, axes = [0, 1] : tensor<4x5xi32> -> tensor<1x1xi32>
// CHECK:         dml.reduce %[[I64]], function = sum_square, axes = [0, 1] : tensor<4x5xi64> -> tensor<1x1xi64>
// CHECK:         dml.reduce %[[UI32]], function = sum_square, axes = [0, 1] : tensor<4x5xui32> -> tensor<1x1xui32>
// CHECK:         dml.reduce %[[UI64]], function = sum_square, axes = [0, 1] : tensor<4x5xui64> -> tensor<1x1xui64>
// CHECK:         dml.reduce %[[I32]], function = multiply, axes = [0, 1] : tensor<4x5xi32> -> tensor<1x1xi32>
// CHECK:         dml.reduce %[[I64]], function = multiply, axes = [0, 1] : tensor<4x5xi64> -> tensor<1x1xi64>
// CHECK:         dml.reduce %[[UI32]], function = multiply, axes = [0, 1] : tensor<4x5xui32> -> tensor<1x1xui32>
// CHECK:         dml.reduce %[[UI64]], function = multiply, axes = [0, 1] : tensor<4x5xui64> -> tensor<1x1xui64>
// CHECK:         dml.reduce %[[I32]], function = sum, axes = [0, 1] : tensor<4x5xi32> -> tensor<1x1xi32>
// CHECK:         dml.reduce %[[I64]], function = sum, axes = [0, 1] : tensor<4x5xi64> -> tensor<1x1xi64>
// CHECK:         dml.reduce %[[UI32]], function = sum, axes = [0, 1] : tensor<4x5xui32> -> tensor<1x1xui32>
// CHECK:         dml.reduce %[[UI64]], function = sum, axes = [0, 1] : tensor<4x5xui64> -> tensor<1x1xui64>
func.func @reduce_wide_integer_types(%i32: tensor<4x5xi32>, %i64: tensor<4x5xi64>, %ui32: tensor<4x5xui32>, %ui64: tensor<4x5xui64>) {
  %0 = dml.reduce %i32, function = l1, axes = [0, 1] : tensor<4x5xi32> -> tensor<1x1xi32>
  %1 = dml.reduce %i64, function = l1, axes = [0, 1] : tensor<4x5xi64> -> tensor<1x1xi64>
  %2 = dml.reduce %ui32, function = l1, axes = [0, 1] : tensor<4x5xui32> -> tensor<1x1xui32>
  %3 = dml.reduce %ui64, function = l1, axes = [0, 1] : tensor<4x5xui64> -> tensor<1x1xui64>
  %4 = dml.reduce %i32, function = sum_square, axes = [0, 1] : tensor<4x5xi32> -> tensor<1x1xi32>
  %5 = dml.reduce %i64, function = sum_square, axes = [0, 1] : tensor<4x5xi64> -> tensor<1x1xi64>
  %6 = dml.reduce %ui32, function = sum_square, axes = [0, 1] : tensor<4x5xui32> -> tensor<1x1xui32>
  %7 = dml.reduce %ui64, function = sum_square, axes = [0, 1] : tensor<4x5xui64> -> tensor<1x1xui64>
  %8 = dml.reduce %i32, function = multiply, axes = [0, 1] : tensor<4x5xi32> -> tensor<1x1xi32>
  %9 = dml.reduce %i64, function = multiply, axes = [0, 1] : tensor<4x5xi64> -> tensor<1x1xi64>
  %10 = dml.reduce %ui32, function = multiply, axes = [0, 1] : tensor<4x5xui32> -> tensor<1x1xui32>
  %11 = dml.reduce %ui64, function = multiply, axes = [0, 1] : tensor<4x5xui64> -> tensor<1x1xui64>
  %12 = dml.reduce %i32, function = sum, axes = [0, 1] : tensor<4x5xi32> -> tensor<1x1xi32>
  %13 = dml.reduce %i64, function = sum, axes = [0, 1] : tensor<4x5xi64> -> tensor<1x1xi64>
  %14 = dml.reduce %ui32, function = sum, axes = [0, 1] : tensor<4x5xui32> -> tensor<1x1xui32>
  %15 = dml.reduce %ui64, function = sum, axes = [0, 1] : tensor<4x5xui64> -> tensor<1x1xui64>
  return
}

// CHECK-LABEL: func.func @reduce_rank8
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<2x1x3x1x2x1x4x5xf32>)
// CHECK:         dml.reduce %[[X]], function = sum, axes = [7] : tensor<2x1x3x1x2x1x4x5xf32> -> tensor<2x1x3x1x2x1x4x1xf32>
// CHECK:         dml.reduce %[[X]], function = log_sum_exp, axes = [0, 2, 4, 6, 7] : tensor<2x1x3x1x2x1x4x5xf32> -> tensor<1x1x1x1x1x1x1x1xf32>
// CHECK:         dml.reduce %[[X]], function = argmin, axes = [6, 1] : tensor<2x1x3x1x2x1x4x5xf32> -> tensor<2x1x3x1x2x1x1x5xui64>
// GENERIC-LABEL: sym_name = "reduce_rank8"
// GENERIC:       "dml.reduce"(%{{[a-z0-9_]+}}) <{axes = array<i32: 0, 2, 4, 6, 7>, function = #dml<reduce_function log_sum_exp>}>
func.func @reduce_rank8(%x: tensor<2x1x3x1x2x1x4x5xf32>) {
  %0 = dml.reduce %x, function = sum, axes = [7] : tensor<2x1x3x1x2x1x4x5xf32> -> tensor<2x1x3x1x2x1x4x1xf32>
  %1 = dml.reduce %x, function = log_sum_exp, axes = [0, 2, 4, 6, 7] : tensor<2x1x3x1x2x1x4x5xf32> -> tensor<1x1x1x1x1x1x1x1xf32>
  %2 = dml.reduce %x, function = argmin, axes = [6, 1] : tensor<2x1x3x1x2x1x4x5xf32> -> tensor<2x1x3x1x2x1x1x5xui64>
  return
}

// Feature level 1.0: 4-D FLOAT32/FLOAT16 for every function, UINT32 indices.
// CHECK-LABEL: module attributes {dml.feature_level = "1.0"}
// CHECK:       func.func @reduce_fl10
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<1x2x3x4xf32>, %[[H:[a-z0-9_]+]]: tensor<1x2x3x4xf16>)
// CHECK:         dml.reduce %[[X]], function = argmax, axes = [2] : tensor<1x2x3x4xf32> -> tensor<1x2x1x4xui32>
// CHECK:         dml.reduce %[[H]], function = argmin, axes = [2] : tensor<1x2x3x4xf16> -> tensor<1x2x1x4xui32>
// CHECK:         dml.reduce %[[X]], function = average, axes = [2] : tensor<1x2x3x4xf32> -> tensor<1x2x1x4xf32>
// CHECK:         dml.reduce %[[H]], function = l1, axes = [2] : tensor<1x2x3x4xf16> -> tensor<1x2x1x4xf16>
// CHECK:         dml.reduce %[[X]], function = l2, axes = [2] : tensor<1x2x3x4xf32> -> tensor<1x2x1x4xf32>
// CHECK:         dml.reduce %[[H]], function = log_sum, axes = [2] : tensor<1x2x3x4xf16> -> tensor<1x2x1x4xf16>
// CHECK:         dml.reduce %[[X]], function = log_sum_exp, axes = [2] : tensor<1x2x3x4xf32> -> tensor<1x2x1x4xf32>
// CHECK:         dml.reduce %[[H]], function = max, axes = [2] : tensor<1x2x3x4xf16> -> tensor<1x2x1x4xf16>
// CHECK:         dml.reduce %[[X]], function = min, axes = [2] : tensor<1x2x3x4xf32> -> tensor<1x2x1x4xf32>
// CHECK:         dml.reduce %[[H]], function = multiply, axes = [2] : tensor<1x2x3x4xf16> -> tensor<1x2x1x4xf16>
// CHECK:         dml.reduce %[[X]], function = sum, axes = [2] : tensor<1x2x3x4xf32> -> tensor<1x2x1x4xf32>
// CHECK:         dml.reduce %[[H]], function = sum_square, axes = [2] : tensor<1x2x3x4xf16> -> tensor<1x2x1x4xf16>
// GENERIC-LABEL: sym_name = "reduce_fl10"
// GENERIC:       }) {dml.feature_level = "1.0"} : () -> ()
module attributes {dml.feature_level = "1.0"} {
  func.func @reduce_fl10(%x: tensor<1x2x3x4xf32>, %h: tensor<1x2x3x4xf16>) {
    %0 = dml.reduce %x, function = argmax, axes = [2] : tensor<1x2x3x4xf32> -> tensor<1x2x1x4xui32>
    %1 = dml.reduce %h, function = argmin, axes = [2] : tensor<1x2x3x4xf16> -> tensor<1x2x1x4xui32>
    %2 = dml.reduce %x, function = average, axes = [2] : tensor<1x2x3x4xf32> -> tensor<1x2x1x4xf32>
    %3 = dml.reduce %h, function = l1, axes = [2] : tensor<1x2x3x4xf16> -> tensor<1x2x1x4xf16>
    %4 = dml.reduce %x, function = l2, axes = [2] : tensor<1x2x3x4xf32> -> tensor<1x2x1x4xf32>
    %5 = dml.reduce %h, function = log_sum, axes = [2] : tensor<1x2x3x4xf16> -> tensor<1x2x1x4xf16>
    %6 = dml.reduce %x, function = log_sum_exp, axes = [2] : tensor<1x2x3x4xf32> -> tensor<1x2x1x4xf32>
    %7 = dml.reduce %h, function = max, axes = [2] : tensor<1x2x3x4xf16> -> tensor<1x2x1x4xf16>
    %8 = dml.reduce %x, function = min, axes = [2] : tensor<1x2x3x4xf32> -> tensor<1x2x1x4xf32>
    %9 = dml.reduce %h, function = multiply, axes = [2] : tensor<1x2x3x4xf16> -> tensor<1x2x1x4xf16>
    %10 = dml.reduce %x, function = sum, axes = [2] : tensor<1x2x3x4xf32> -> tensor<1x2x1x4xf32>
    %11 = dml.reduce %h, function = sum_square, axes = [2] : tensor<1x2x3x4xf16> -> tensor<1x2x1x4xf16>
    return
  }
}

// Feature level 2.1: INT32/UINT32 for MIN/MAX and MULTIPLY/SUM, 8- to 32-bit
// inputs for ARGMAX/ARGMIN; still 4-D only.
// CHECK-LABEL: module attributes {dml.feature_level = "2.1"}
// CHECK:       func.func @reduce_fl21
// CHECK-SAME:    (%[[I:[a-z0-9_]+]]: tensor<2x2x3x4xi32>, %[[U:[a-z0-9_]+]]: tensor<2x2x3x4xui32>, %[[B:[a-z0-9_]+]]: tensor<2x2x3x4xi8>, %[[S:[a-z0-9_]+]]: tensor<2x2x3x4xui16>)
// CHECK:         dml.reduce %[[I]], function = max, axes = [0, 3] : tensor<2x2x3x4xi32> -> tensor<1x2x3x1xi32>
// CHECK:         dml.reduce %[[U]], function = min, axes = [1] : tensor<2x2x3x4xui32> -> tensor<2x1x3x4xui32>
// CHECK:         dml.reduce %[[I]], function = sum, axes = [3] : tensor<2x2x3x4xi32> -> tensor<2x2x3x1xi32>
// CHECK:         dml.reduce %[[U]], function = multiply, axes = [0] : tensor<2x2x3x4xui32> -> tensor<1x2x3x4xui32>
// CHECK:         dml.reduce %[[B]], function = argmax, axes = [3] : tensor<2x2x3x4xi8> -> tensor<2x2x3x1xui32>
// CHECK:         dml.reduce %[[S]], function = argmin, axes = [2] : tensor<2x2x3x4xui16> -> tensor<2x2x1x4xui32>
// GENERIC-LABEL: sym_name = "reduce_fl21"
// GENERIC:       }) {dml.feature_level = "2.1"} : () -> ()
module attributes {dml.feature_level = "2.1"} {
  func.func @reduce_fl21(%i: tensor<2x2x3x4xi32>, %u: tensor<2x2x3x4xui32>, %b: tensor<2x2x3x4xi8>, %s: tensor<2x2x3x4xui16>) {
    %0 = dml.reduce %i, function = max, axes = [0, 3] : tensor<2x2x3x4xi32> -> tensor<1x2x3x1xi32>
    %1 = dml.reduce %u, function = min, axes = [1] : tensor<2x2x3x4xui32> -> tensor<2x1x3x4xui32>
    %2 = dml.reduce %i, function = sum, axes = [3] : tensor<2x2x3x4xi32> -> tensor<2x2x3x1xi32>
    %3 = dml.reduce %u, function = multiply, axes = [0] : tensor<2x2x3x4xui32> -> tensor<1x2x3x4xui32>
    %4 = dml.reduce %b, function = argmax, axes = [3] : tensor<2x2x3x4xi8> -> tensor<2x2x3x1xui32>
    %5 = dml.reduce %s, function = argmin, axes = [2] : tensor<2x2x3x4xui16> -> tensor<2x2x1x4xui32>
    return
  }
}

// Feature level 3.0: 1 to 8 dimensions; signed 64-bit indices for ARGMAX/ARGMIN.
// CHECK-LABEL: module attributes {dml.feature_level = "3.0"}
// CHECK:       func.func @reduce_fl30
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<6xf32>, %[[I:[a-z0-9_]+]]: tensor<3x4xi8>)
// CHECK:         dml.reduce %[[X]], function = average, axes = [0] : tensor<6xf32> -> tensor<1xf32>
// CHECK:         dml.reduce %[[X]], function = l2, axes = [0] : tensor<6xf32> -> tensor<1xf32>
// CHECK:         dml.reduce %[[X]], function = argmax, axes = [0] : tensor<6xf32> -> tensor<1xi64>
// CHECK:         dml.reduce %[[I]], function = min, axes = [1] : tensor<3x4xi8> -> tensor<3x1xi8>
// CHECK:         dml.reduce %[[I]], function = argmin, axes = [0, 1] : tensor<3x4xi8> -> tensor<1x1xi32>
// CHECK:         dml.reduce %[[X]], function = sum, axes = [0] {dml.feature_level = "5.0"} : tensor<6xf32> -> tensor<1xf32>
// GENERIC-LABEL: sym_name = "reduce_fl30"
// GENERIC:       "dml.reduce"(%{{[a-z0-9_]+}}) <{axes = array<i32: 0>, function = #dml<reduce_function sum>}> {dml.feature_level = "5.0"}
// GENERIC:       }) {dml.feature_level = "3.0"} : () -> ()
module attributes {dml.feature_level = "3.0"} {
  func.func @reduce_fl30(%x: tensor<6xf32>, %i: tensor<3x4xi8>) {
    %0 = dml.reduce %x, function = average, axes = [0] : tensor<6xf32> -> tensor<1xf32>
    %1 = dml.reduce %x, function = l2, axes = [0] : tensor<6xf32> -> tensor<1xf32>
    %2 = dml.reduce %x, function = argmax, axes = [0] : tensor<6xf32> -> tensor<1xi64>
    %3 = dml.reduce %i, function = min, axes = [1] : tensor<3x4xi8> -> tensor<3x1xi8>
    %4 = dml.reduce %i, function = argmin, axes = [0, 1] : tensor<3x4xi8> -> tensor<1x1xi32>
    %5 = dml.reduce %x, function = sum, axes = [0] {dml.feature_level = "5.0"} : tensor<6xf32> -> tensor<1xf32>
    return
  }
}
