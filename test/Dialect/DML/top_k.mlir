// RUN: dml-opt %s | dml-opt | FileCheck %s
// RUN: dml-opt %s --mlir-print-op-generic | dml-opt | FileCheck %s
// RUN: dml-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Round trip of dml.top_k (DML_TOP_K1_OPERATOR_DESC): every data type of the
// feature level 5.0 table, ranks 1, 4 and 8, both directions, K = 1 and
// K = axis size, ui32 and ui64 indices, and explicit feature levels.

// CHECK-LABEL: func.func @top_k_f32_rank4
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<1x1x3x4xf32>)
// CHECK:         %[[V:[a-z0-9_]+]], %[[I:[a-z0-9_]+]] = dml.top_k %[[X]], axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>
// CHECK:         return %[[V]], %[[I]] : tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>
// GENERIC-LABEL: sym_name = "top_k_f32_rank4"
// GENERIC:       ^bb0(%[[X:[a-z0-9_]+]]: tensor<1x1x3x4xf32>):
// GENERIC:       %[[R:[0-9]+]]:2 = "dml.top_k"(%[[X]]) <{axis = 3 : i32, direction = #dml<axis_direction decreasing>, k = 2 : i32}> : (tensor<1x1x3x4xf32>) -> (tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>)
// GENERIC:       "func.return"(%[[R]]#0, %[[R]]#1)
func.func @top_k_f32_rank4(%x: tensor<1x1x3x4xf32>) -> (tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>) {
  %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>
  return %v, %i : tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>
}

// CHECK-LABEL: func.func @top_k_increasing
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<1x1x3x4xf32>)
// CHECK:         dml.top_k %[[X]], axis = 3, k = 3, direction = increasing : tensor<1x1x3x4xf32> -> tensor<1x1x3x3xf32>, tensor<1x1x3x3xui32>
// GENERIC-LABEL: sym_name = "top_k_increasing"
// GENERIC:       "dml.top_k"(%{{[a-z0-9_]+}}) <{axis = 3 : i32, direction = #dml<axis_direction increasing>, k = 3 : i32}>
func.func @top_k_increasing(%x: tensor<1x1x3x4xf32>) -> (tensor<1x1x3x3xf32>, tensor<1x1x3x3xui32>) {
  %v, %i = dml.top_k %x, axis = 3, k = 3, direction = increasing : tensor<1x1x3x4xf32> -> tensor<1x1x3x3xf32>, tensor<1x1x3x3xui32>
  return %v, %i : tensor<1x1x3x3xf32>, tensor<1x1x3x3xui32>
}

// CHECK-LABEL: func.func @top_k_float_types
// CHECK-SAME:    (%[[H:[a-z0-9_]+]]: tensor<2x5xf16>, %[[F:[a-z0-9_]+]]: tensor<2x5xf32>)
// CHECK:         dml.top_k %[[H]], axis = 1, k = 3, direction = decreasing : tensor<2x5xf16> -> tensor<2x3xf16>, tensor<2x3xui32>
// CHECK:         dml.top_k %[[F]], axis = 0, k = 1, direction = increasing : tensor<2x5xf32> -> tensor<1x5xf32>, tensor<1x5xui64>
func.func @top_k_float_types(%h: tensor<2x5xf16>, %f: tensor<2x5xf32>) {
  %v0, %i0 = dml.top_k %h, axis = 1, k = 3, direction = decreasing : tensor<2x5xf16> -> tensor<2x3xf16>, tensor<2x3xui32>
  %v1, %i1 = dml.top_k %f, axis = 0, k = 1, direction = increasing : tensor<2x5xf32> -> tensor<1x5xf32>, tensor<1x5xui64>
  return
}

// CHECK-LABEL: func.func @top_k_signed_types
// CHECK-SAME:    (%[[A:[a-z0-9_]+]]: tensor<6xi8>, %[[B:[a-z0-9_]+]]: tensor<6xi16>, %[[C:[a-z0-9_]+]]: tensor<6xi32>, %[[D:[a-z0-9_]+]]: tensor<6xi64>)
// CHECK:         dml.top_k %[[A]], axis = 0, k = 2, direction = decreasing : tensor<6xi8> -> tensor<2xi8>, tensor<2xui32>
// CHECK:         dml.top_k %[[B]], axis = 0, k = 3, direction = increasing : tensor<6xi16> -> tensor<3xi16>, tensor<3xui32>
// CHECK:         dml.top_k %[[C]], axis = 0, k = 4, direction = decreasing : tensor<6xi32> -> tensor<4xi32>, tensor<4xui64>
// CHECK:         dml.top_k %[[D]], axis = 0, k = 5, direction = increasing : tensor<6xi64> -> tensor<5xi64>, tensor<5xui64>
func.func @top_k_signed_types(%a: tensor<6xi8>, %b: tensor<6xi16>, %c: tensor<6xi32>, %d: tensor<6xi64>) {
  %v0, %i0 = dml.top_k %a, axis = 0, k = 2, direction = decreasing : tensor<6xi8> -> tensor<2xi8>, tensor<2xui32>
  %v1, %i1 = dml.top_k %b, axis = 0, k = 3, direction = increasing : tensor<6xi16> -> tensor<3xi16>, tensor<3xui32>
  %v2, %i2 = dml.top_k %c, axis = 0, k = 4, direction = decreasing : tensor<6xi32> -> tensor<4xi32>, tensor<4xui64>
  %v3, %i3 = dml.top_k %d, axis = 0, k = 5, direction = increasing : tensor<6xi64> -> tensor<5xi64>, tensor<5xui64>
  return
}

// CHECK-LABEL: func.func @top_k_unsigned_types
// CHECK-SAME:    (%[[A:[a-z0-9_]+]]: tensor<6xui8>, %[[B:[a-z0-9_]+]]: tensor<6xui16>, %[[C:[a-z0-9_]+]]: tensor<6xui32>, %[[D:[a-z0-9_]+]]: tensor<6xui64>)
// CHECK:         dml.top_k %[[A]], axis = 0, k = 1, direction = increasing : tensor<6xui8> -> tensor<1xui8>, tensor<1xui32>
// CHECK:         dml.top_k %[[B]], axis = 0, k = 2, direction = decreasing : tensor<6xui16> -> tensor<2xui16>, tensor<2xui32>
// CHECK:         dml.top_k %[[C]], axis = 0, k = 3, direction = increasing : tensor<6xui32> -> tensor<3xui32>, tensor<3xui32>
// CHECK:         dml.top_k %[[D]], axis = 0, k = 6, direction = decreasing : tensor<6xui64> -> tensor<6xui64>, tensor<6xui64>
func.func @top_k_unsigned_types(%a: tensor<6xui8>, %b: tensor<6xui16>, %c: tensor<6xui32>, %d: tensor<6xui64>) {
  %v0, %i0 = dml.top_k %a, axis = 0, k = 1, direction = increasing : tensor<6xui8> -> tensor<1xui8>, tensor<1xui32>
  %v1, %i1 = dml.top_k %b, axis = 0, k = 2, direction = decreasing : tensor<6xui16> -> tensor<2xui16>, tensor<2xui32>
  %v2, %i2 = dml.top_k %c, axis = 0, k = 3, direction = increasing : tensor<6xui32> -> tensor<3xui32>, tensor<3xui32>
  %v3, %i3 = dml.top_k %d, axis = 0, k = 6, direction = decreasing : tensor<6xui64> -> tensor<6xui64>, tensor<6xui64>
  return
}

// K equal to the axis size (DML-MLIR proposal) on a rank-1 tensor.
// CHECK-LABEL: func.func @top_k_rank1_k_equals_size
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<7xf32>)
// CHECK:         dml.top_k %[[X]], axis = 0, k = 7, direction = increasing : tensor<7xf32> -> tensor<7xf32>, tensor<7xui32>
func.func @top_k_rank1_k_equals_size(%x: tensor<7xf32>) -> (tensor<7xf32>, tensor<7xui32>) {
  %v, %i = dml.top_k %x, axis = 0, k = 7, direction = increasing : tensor<7xf32> -> tensor<7xf32>, tensor<7xui32>
  return %v, %i : tensor<7xf32>, tensor<7xui32>
}

// CHECK-LABEL: func.func @top_k_rank8
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<2x1x3x1x2x1x4x5xf16>)
// CHECK:         dml.top_k %[[X]], axis = 7, k = 2, direction = decreasing : tensor<2x1x3x1x2x1x4x5xf16> -> tensor<2x1x3x1x2x1x4x2xf16>, tensor<2x1x3x1x2x1x4x2xui32>
// CHECK:         dml.top_k %[[X]], axis = 0, k = 1, direction = increasing : tensor<2x1x3x1x2x1x4x5xf16> -> tensor<1x1x3x1x2x1x4x5xf16>, tensor<1x1x3x1x2x1x4x5xui64>
// GENERIC-LABEL: sym_name = "top_k_rank8"
// GENERIC:       "dml.top_k"(%{{[a-z0-9_]+}}) <{axis = 7 : i32, direction = #dml<axis_direction decreasing>, k = 2 : i32}> : (tensor<2x1x3x1x2x1x4x5xf16>) -> (tensor<2x1x3x1x2x1x4x2xf16>, tensor<2x1x3x1x2x1x4x2xui32>)
// GENERIC:       "dml.top_k"(%{{[a-z0-9_]+}}) <{axis = 0 : i32, direction = #dml<axis_direction increasing>, k = 1 : i32}> : (tensor<2x1x3x1x2x1x4x5xf16>) -> (tensor<1x1x3x1x2x1x4x5xf16>, tensor<1x1x3x1x2x1x4x5xui64>)
func.func @top_k_rank8(%x: tensor<2x1x3x1x2x1x4x5xf16>) {
  %v0, %i0 = dml.top_k %x, axis = 7, k = 2, direction = decreasing : tensor<2x1x3x1x2x1x4x5xf16> -> tensor<2x1x3x1x2x1x4x2xf16>, tensor<2x1x3x1x2x1x4x2xui32>
  %v1, %i1 = dml.top_k %x, axis = 0, k = 1, direction = increasing : tensor<2x1x3x1x2x1x4x5xf16> -> tensor<1x1x3x1x2x1x4x5xf16>, tensor<1x1x3x1x2x1x4x5xui64>
  return
}

// Feature level 2.1, the introduction level: 4-D only, no 64-bit types.
// CHECK-LABEL: module attributes {dml.feature_level = "2.1"}
// CHECK:       func.func @top_k_fl21
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<1x2x3x4xi8>, %[[Y:[a-z0-9_]+]]: tensor<2x1x1x4xf16>)
// CHECK:         dml.top_k %[[X]], axis = 3, k = 4, direction = decreasing : tensor<1x2x3x4xi8> -> tensor<1x2x3x4xi8>, tensor<1x2x3x4xui32>
// CHECK:         dml.top_k %[[Y]], axis = 0, k = 1, direction = increasing : tensor<2x1x1x4xf16> -> tensor<1x1x1x4xf16>, tensor<1x1x1x4xui32>
// GENERIC-LABEL: sym_name = "top_k_fl21"
// GENERIC:       }) {dml.feature_level = "2.1"} : () -> ()
module attributes {dml.feature_level = "2.1"} {
  func.func @top_k_fl21(%x: tensor<1x2x3x4xi8>, %y: tensor<2x1x1x4xf16>) {
    %v0, %i0 = dml.top_k %x, axis = 3, k = 4, direction = decreasing : tensor<1x2x3x4xi8> -> tensor<1x2x3x4xi8>, tensor<1x2x3x4xui32>
    %v1, %i1 = dml.top_k %y, axis = 0, k = 1, direction = increasing : tensor<2x1x1x4xf16> -> tensor<1x1x1x4xf16>, tensor<1x1x1x4xui32>
    return
  }
}

// Feature level 3.1 allows 1 to 8 dimensions; the attribute on the op
// overrides the enclosing module's.
// CHECK-LABEL: module attributes {dml.feature_level = "3.1"}
// CHECK:       func.func @top_k_fl31
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<5xui16>, %[[Y:[a-z0-9_]+]]: tensor<3x2xi32>)
// CHECK:         dml.top_k %[[X]], axis = 0, k = 2, direction = increasing : tensor<5xui16> -> tensor<2xui16>, tensor<2xui32>
// CHECK:         dml.top_k %[[Y]], axis = 1, k = 2, direction = decreasing {dml.feature_level = "5.0"} : tensor<3x2xi32> -> tensor<3x2xi32>, tensor<3x2xui64>
// GENERIC-LABEL: sym_name = "top_k_fl31"
// GENERIC:       "dml.top_k"(%{{[a-z0-9_]+}}) <{axis = 1 : i32, direction = #dml<axis_direction decreasing>, k = 2 : i32}> {dml.feature_level = "5.0"}
// GENERIC:       }) {dml.feature_level = "3.1"} : () -> ()
module attributes {dml.feature_level = "3.1"} {
  func.func @top_k_fl31(%x: tensor<5xui16>, %y: tensor<3x2xi32>) {
    %v0, %i0 = dml.top_k %x, axis = 0, k = 2, direction = increasing : tensor<5xui16> -> tensor<2xui16>, tensor<2xui32>
    %v1, %i1 = dml.top_k %y, axis = 1, k = 2, direction = decreasing {dml.feature_level = "5.0"} : tensor<3x2xi32> -> tensor<3x2xi32>, tensor<3x2xui64>
    return
  }
}
