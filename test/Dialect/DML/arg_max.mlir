// RUN: dml-opt %s | dml-opt | FileCheck %s
// RUN: dml-opt %s --mlir-print-op-generic | dml-opt | FileCheck %s
// RUN: dml-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Round trip of dml.arg_max (DML_ARGMAX_OPERATOR_DESC): every input data type
// of the feature level 4.1 table, every output index type, ranks 1 and 8,
// both directions, one, several and unordered axes, explicit feature levels.

// CHECK-LABEL: func.func @arg_max_all_axes
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<3x3xf32>)
// CHECK:         %[[Y:[a-z0-9_]+]] = dml.arg_max %[[X]], axes = [0, 1], direction = increasing : tensor<3x3xf32> -> tensor<1x1xui32>
// CHECK:         return %[[Y]] : tensor<1x1xui32>
// GENERIC-LABEL: sym_name = "arg_max_all_axes"
// GENERIC:       ^bb0(%[[X:[a-z0-9_]+]]: tensor<3x3xf32>):
// GENERIC:       %[[Y:[0-9]+]] = "dml.arg_max"(%[[X]]) <{axes = array<i32: 0, 1>, direction = #dml<axis_direction increasing>}> : (tensor<3x3xf32>) -> tensor<1x1xui32>
// GENERIC:       "func.return"(%[[Y]])
func.func @arg_max_all_axes(%x: tensor<3x3xf32>) -> tensor<1x1xui32> {
  %y = dml.arg_max %x, axes = [0, 1], direction = increasing : tensor<3x3xf32> -> tensor<1x1xui32>
  return %y : tensor<1x1xui32>
}

// The order of `axes` is kept as written (it is a set for the semantics).
// CHECK-LABEL: func.func @arg_max_decreasing_unordered_axes
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<2x3x4xf32>)
// CHECK:         dml.arg_max %[[X]], axes = [2, 0], direction = decreasing : tensor<2x3x4xf32> -> tensor<1x3x1xi64>
// GENERIC-LABEL: sym_name = "arg_max_decreasing_unordered_axes"
// GENERIC:       "dml.arg_max"(%{{[a-z0-9_]+}}) <{axes = array<i32: 2, 0>, direction = #dml<axis_direction decreasing>}> : (tensor<2x3x4xf32>) -> tensor<1x3x1xi64>
func.func @arg_max_decreasing_unordered_axes(%x: tensor<2x3x4xf32>) -> tensor<1x3x1xi64> {
  %y = dml.arg_max %x, axes = [2, 0], direction = decreasing : tensor<2x3x4xf32> -> tensor<1x3x1xi64>
  return %y : tensor<1x3x1xi64>
}

// CHECK-LABEL: func.func @arg_max_float_types
// CHECK-SAME:    (%[[H:[a-z0-9_]+]]: tensor<4x5xf16>, %[[F:[a-z0-9_]+]]: tensor<4x5xf32>)
// CHECK:         dml.arg_max %[[H]], axes = [1], direction = increasing : tensor<4x5xf16> -> tensor<4x1xi32>
// CHECK:         dml.arg_max %[[F]], axes = [0], direction = decreasing : tensor<4x5xf32> -> tensor<1x5xui64>
func.func @arg_max_float_types(%h: tensor<4x5xf16>, %f: tensor<4x5xf32>) {
  %0 = dml.arg_max %h, axes = [1], direction = increasing : tensor<4x5xf16> -> tensor<4x1xi32>
  %1 = dml.arg_max %f, axes = [0], direction = decreasing : tensor<4x5xf32> -> tensor<1x5xui64>
  return
}

// CHECK-LABEL: func.func @arg_max_signed_types
// CHECK-SAME:    (%[[A:[a-z0-9_]+]]: tensor<6xi8>, %[[B:[a-z0-9_]+]]: tensor<6xi16>, %[[C:[a-z0-9_]+]]: tensor<6xi32>, %[[D:[a-z0-9_]+]]: tensor<6xi64>)
// CHECK:         dml.arg_max %[[A]], axes = [0], direction = increasing : tensor<6xi8> -> tensor<1xui32>
// CHECK:         dml.arg_max %[[B]], axes = [0], direction = decreasing : tensor<6xi16> -> tensor<1xi32>
// CHECK:         dml.arg_max %[[C]], axes = [0], direction = increasing : tensor<6xi32> -> tensor<1xui64>
// CHECK:         dml.arg_max %[[D]], axes = [0], direction = decreasing : tensor<6xi64> -> tensor<1xi64>
func.func @arg_max_signed_types(%a: tensor<6xi8>, %b: tensor<6xi16>, %c: tensor<6xi32>, %d: tensor<6xi64>) {
  %0 = dml.arg_max %a, axes = [0], direction = increasing : tensor<6xi8> -> tensor<1xui32>
  %1 = dml.arg_max %b, axes = [0], direction = decreasing : tensor<6xi16> -> tensor<1xi32>
  %2 = dml.arg_max %c, axes = [0], direction = increasing : tensor<6xi32> -> tensor<1xui64>
  %3 = dml.arg_max %d, axes = [0], direction = decreasing : tensor<6xi64> -> tensor<1xi64>
  return
}

// CHECK-LABEL: func.func @arg_max_unsigned_types
// CHECK-SAME:    (%[[A:[a-z0-9_]+]]: tensor<6xui8>, %[[B:[a-z0-9_]+]]: tensor<6xui16>, %[[C:[a-z0-9_]+]]: tensor<6xui32>, %[[D:[a-z0-9_]+]]: tensor<6xui64>)
// CHECK:         dml.arg_max %[[A]], axes = [0], direction = decreasing : tensor<6xui8> -> tensor<1xi64>
// CHECK:         dml.arg_max %[[B]], axes = [0], direction = increasing : tensor<6xui16> -> tensor<1xui64>
// CHECK:         dml.arg_max %[[C]], axes = [0], direction = decreasing : tensor<6xui32> -> tensor<1xui32>
// CHECK:         dml.arg_max %[[D]], axes = [0], direction = increasing : tensor<6xui64> -> tensor<1xi32>
func.func @arg_max_unsigned_types(%a: tensor<6xui8>, %b: tensor<6xui16>, %c: tensor<6xui32>, %d: tensor<6xui64>) {
  %0 = dml.arg_max %a, axes = [0], direction = decreasing : tensor<6xui8> -> tensor<1xi64>
  %1 = dml.arg_max %b, axes = [0], direction = increasing : tensor<6xui16> -> tensor<1xui64>
  %2 = dml.arg_max %c, axes = [0], direction = decreasing : tensor<6xui32> -> tensor<1xui32>
  %3 = dml.arg_max %d, axes = [0], direction = increasing : tensor<6xui64> -> tensor<1xi32>
  return
}

// CHECK-LABEL: func.func @arg_max_rank8
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<2x1x3x1x2x1x4x5xf32>)
// CHECK:         dml.arg_max %[[X]], axes = [7], direction = increasing : tensor<2x1x3x1x2x1x4x5xf32> -> tensor<2x1x3x1x2x1x4x1xui32>
// CHECK:         dml.arg_max %[[X]], axes = [0, 2, 4, 6, 7], direction = decreasing : tensor<2x1x3x1x2x1x4x5xf32> -> tensor<1x1x1x1x1x1x1x1xi32>
// GENERIC-LABEL: sym_name = "arg_max_rank8"
// GENERIC:       "dml.arg_max"(%{{[a-z0-9_]+}}) <{axes = array<i32: 7>, direction = #dml<axis_direction increasing>}>
// GENERIC:       "dml.arg_max"(%{{[a-z0-9_]+}}) <{axes = array<i32: 0, 2, 4, 6, 7>, direction = #dml<axis_direction decreasing>}>
func.func @arg_max_rank8(%x: tensor<2x1x3x1x2x1x4x5xf32>) {
  %0 = dml.arg_max %x, axes = [7], direction = increasing : tensor<2x1x3x1x2x1x4x5xf32> -> tensor<2x1x3x1x2x1x4x1xui32>
  %1 = dml.arg_max %x, axes = [0, 2, 4, 6, 7], direction = decreasing : tensor<2x1x3x1x2x1x4x5xf32> -> tensor<1x1x1x1x1x1x1x1xi32>
  return
}

// The largest i32 window: 2^31 elements, last index 2^31 - 1.
// CHECK-LABEL: func.func @arg_max_i32_largest_window
// CHECK:         dml.arg_max %{{[a-z0-9_]+}}, axes = [0], direction = increasing : tensor<2147483648xi8> -> tensor<1xi32>
func.func @arg_max_i32_largest_window(%x: tensor<2147483648xi8>) -> tensor<1xi32> {
  %y = dml.arg_max %x, axes = [0], direction = increasing : tensor<2147483648xi8> -> tensor<1xi32>
  return %y : tensor<1xi32>
}

// Feature level 3.0, the introduction level: 1 to 8 dimensions, no 64-bit
// inputs, every index type.
// CHECK-LABEL: module attributes {dml.feature_level = "3.0"}
// CHECK:       func.func @arg_max_fl30
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<5xui32>, %[[Y:[a-z0-9_]+]]: tensor<1x2x3x4xi16>)
// CHECK:         dml.arg_max %[[X]], axes = [0], direction = increasing : tensor<5xui32> -> tensor<1xui64>
// CHECK:         dml.arg_max %[[Y]], axes = [1, 3], direction = decreasing : tensor<1x2x3x4xi16> -> tensor<1x1x3x1xi64>
// GENERIC-LABEL: sym_name = "arg_max_fl30"
// GENERIC:       }) {dml.feature_level = "3.0"} : () -> ()
module attributes {dml.feature_level = "3.0"} {
  func.func @arg_max_fl30(%x: tensor<5xui32>, %y: tensor<1x2x3x4xi16>) {
    %0 = dml.arg_max %x, axes = [0], direction = increasing : tensor<5xui32> -> tensor<1xui64>
    %1 = dml.arg_max %y, axes = [1, 3], direction = decreasing : tensor<1x2x3x4xi16> -> tensor<1x1x3x1xi64>
    return
  }
}

// Feature level 4.1 adds 64-bit inputs.
// CHECK-LABEL: module attributes {dml.feature_level = "4.1"}
// CHECK:       func.func @arg_max_fl41
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<3x2xi64>)
// CHECK:         dml.arg_max %[[X]], axes = [1], direction = increasing : tensor<3x2xi64> -> tensor<3x1xui32>
// CHECK:         dml.arg_max %[[X]], axes = [0], direction = decreasing {dml.feature_level = "6.4"} : tensor<3x2xi64> -> tensor<1x2xi32>
// GENERIC-LABEL: sym_name = "arg_max_fl41"
// GENERIC:       "dml.arg_max"(%{{[a-z0-9_]+}}) <{axes = array<i32: 0>, direction = #dml<axis_direction decreasing>}> {dml.feature_level = "6.4"}
module attributes {dml.feature_level = "4.1"} {
  func.func @arg_max_fl41(%x: tensor<3x2xi64>) {
    %0 = dml.arg_max %x, axes = [1], direction = increasing : tensor<3x2xi64> -> tensor<3x1xui32>
    %1 = dml.arg_max %x, axes = [0], direction = decreasing {dml.feature_level = "6.4"} : tensor<3x2xi64> -> tensor<1x2xi32>
    return
  }
}
