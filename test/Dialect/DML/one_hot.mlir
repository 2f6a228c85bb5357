// RUN: dml-opt %s | dml-opt | FileCheck %s
// RUN: dml-opt %s --mlir-print-op-generic | dml-opt | FileCheck %s
// RUN: dml-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Round trip of dml.one_hot (DML_ONE_HOT_OPERATOR_DESC): every value data type
// of the feature level 4.1 table, signed and unsigned index types, ranks 1, 4
// and 8, values tensors of several shapes, the 2.0, 2.1, 3.0 and 4.1 tables.

// CHECK-LABEL: func.func @one_hot_last_axis
// CHECK-SAME:    (%[[J:[a-z0-9_]+]]: tensor<1x1x3x1xui32>, %[[W:[a-z0-9_]+]]: tensor<1x1x1x2xf32>)
// CHECK:         %[[Y:[a-z0-9_]+]] = dml.one_hot %[[J]], %[[W]], axis = 3 : (tensor<1x1x3x1xui32>, tensor<1x1x1x2xf32>) -> tensor<1x1x3x4xf32>
// CHECK:         return %[[Y]] : tensor<1x1x3x4xf32>
// GENERIC-LABEL: sym_name = "one_hot_last_axis"
// GENERIC:       ^bb0(%[[J:[a-z0-9_]+]]: tensor<1x1x3x1xui32>, %[[W:[a-z0-9_]+]]: tensor<1x1x1x2xf32>):
// GENERIC:       %[[Y:[0-9]+]] = "dml.one_hot"(%[[J]], %[[W]]) <{axis = 3 : i32}> : (tensor<1x1x3x1xui32>, tensor<1x1x1x2xf32>) -> tensor<1x1x3x4xf32>
// GENERIC:       "func.return"(%[[Y]])
func.func @one_hot_last_axis(%j: tensor<1x1x3x1xui32>, %w: tensor<1x1x1x2xf32>) -> tensor<1x1x3x4xf32> {
  %y = dml.one_hot %j, %w, axis = 3 : (tensor<1x1x3x1xui32>, tensor<1x1x1x2xf32>) -> tensor<1x1x3x4xf32>
  return %y : tensor<1x1x3x4xf32>
}

// Depth on a middle axis, a depth of 1, values with more than 2 elements and
// the on value on an outer dimension.
// CHECK-LABEL: func.func @one_hot_axes_and_values_shapes
// CHECK-SAME:    (%[[J:[a-z0-9_]+]]: tensor<2x1x4x5xui32>, %[[K:[a-z0-9_]+]]: tensor<2x3x4x1xui32>, %[[W:[a-z0-9_]+]]: tensor<1x1x3x1xf32>, %[[V:[a-z0-9_]+]]: tensor<2x1x1x1xf32>)
// CHECK:         dml.one_hot %[[J]], %[[W]], axis = 1 : (tensor<2x1x4x5xui32>, tensor<1x1x3x1xf32>) -> tensor<2x3x4x5xf32>
// CHECK:         dml.one_hot %[[K]], %[[V]], axis = 3 : (tensor<2x3x4x1xui32>, tensor<2x1x1x1xf32>) -> tensor<2x3x4x7xf32>
// CHECK:         dml.one_hot %[[K]], %[[W]], axis = 3 : (tensor<2x3x4x1xui32>, tensor<1x1x3x1xf32>) -> tensor<2x3x4x1xf32>
// GENERIC-LABEL: sym_name = "one_hot_axes_and_values_shapes"
// GENERIC:       "dml.one_hot"(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) <{axis = 1 : i32}> : (tensor<2x1x4x5xui32>, tensor<1x1x3x1xf32>) -> tensor<2x3x4x5xf32>
func.func @one_hot_axes_and_values_shapes(%j: tensor<2x1x4x5xui32>, %k: tensor<2x3x4x1xui32>, %w: tensor<1x1x3x1xf32>, %v: tensor<2x1x1x1xf32>) {
  %0 = dml.one_hot %j, %w, axis = 1 : (tensor<2x1x4x5xui32>, tensor<1x1x3x1xf32>) -> tensor<2x3x4x5xf32>
  %1 = dml.one_hot %k, %v, axis = 3 : (tensor<2x3x4x1xui32>, tensor<2x1x1x1xf32>) -> tensor<2x3x4x7xf32>
  %2 = dml.one_hot %k, %w, axis = 3 : (tensor<2x3x4x1xui32>, tensor<1x1x3x1xf32>) -> tensor<2x3x4x1xf32>
  return
}

// Every value data type of the feature level 4.1 table.
// CHECK-LABEL: func.func @one_hot_data_types
// CHECK-SAME:    (%[[J:[a-z0-9_]+]]: tensor<3x1xui32>, %[[WF64:[a-z0-9_]+]]: tensor<1x2xf64>, %[[WF32:[a-z0-9_]+]]: tensor<1x2xf32>, %[[WF16:[a-z0-9_]+]]: tensor<1x2xf16>, %[[WI64:[a-z0-9_]+]]: tensor<1x2xi64>, %[[WI32:[a-z0-9_]+]]: tensor<1x2xi32>, %[[WI16:[a-z0-9_]+]]: tensor<1x2xi16>, %[[WI8:[a-z0-9_]+]]: tensor<1x2xi8>, %[[WUI64:[a-z0-9_]+]]: tensor<1x2xui64>, %[[WUI32:[a-z0-9_]+]]: tensor<1x2xui32>, %[[WUI16:[a-z0-9_]+]]: tensor<1x2xui16>, %[[WUI8:[a-z0-9_]+]]: tensor<1x2xui8>)
// CHECK:         dml.one_hot %[[J]], %[[WF64]], axis = 1 : (tensor<3x1xui32>, tensor<1x2xf64>) -> tensor<3x4xf64>
// CHECK:         dml.one_hot %[[J]], %[[WF32]], axis = 1 : (tensor<3x1xui32>, tensor<1x2xf32>) -> tensor<3x4xf32>
// CHECK:         dml.one_hot %[[J]], %[[WF16]], axis = 1 : (tensor<3x1xui32>, tensor<1x2xf16>) -> tensor<3x4xf16>
// CHECK:         dml.one_hot %[[J]], %[[WI64]], axis = 1 : (tensor<3x1xui32>, tensor<1x2xi64>) -> tensor<3x4xi64>
// CHECK:         dml.one_hot %[[J]], %[[WI32]], axis = 1 : (tensor<3x1xui32>, tensor<1x2xi32>) -> tensor<3x4xi32>
// CHECK:         dml.one_hot %[[J]], %[[WI16]], axis = 1 : (tensor<3x1xui32>, tensor<1x2xi16>) -> tensor<3x4xi16>
// CHECK:         dml.one_hot %[[J]], %[[WI8]], axis = 1 : (tensor<3x1xui32>, tensor<1x2xi8>) -> tensor<3x4xi8>
// CHECK:         dml.one_hot %[[J]], %[[WUI64]], axis = 1 : (tensor<3x1xui32>, tensor<1x2xui64>) -> tensor<3x4xui64>
// CHECK:         dml.one_hot %[[J]], %[[WUI32]], axis = 1 : (tensor<3x1xui32>, tensor<1x2xui32>) -> tensor<3x4xui32>
// CHECK:         dml.one_hot %[[J]], %[[WUI16]], axis = 1 : (tensor<3x1xui32>, tensor<1x2xui16>) -> tensor<3x4xui16>
// CHECK:         dml.one_hot %[[J]], %[[WUI8]], axis = 1 : (tensor<3x1xui32>, tensor<1x2xui8>) -> tensor<3x4xui8>
func.func @one_hot_data_types(%j: tensor<3x1xui32>, %wf64: tensor<1x2xf64>, %wf32: tensor<1x2xf32>, %wf16: tensor<1x2xf16>, %wi64: tensor<1x2xi64>, %wi32: tensor<1x2xi32>, %wi16: tensor<1x2xi16>, %wi8: tensor<1x2xi8>, %wui64: tensor<1x2xui64>, %wui32: tensor<1x2xui32>, %wui16: tensor<1x2xui16>, %wui8: tensor<1x2xui8>) {
  %0 = dml.one_hot %j, %wf64, axis = 1 : (tensor<3x1xui32>, tensor<1x2xf64>) -> tensor<3x4xf64>
  %1 = dml.one_hot %j, %wf32, axis = 1 : (tensor<3x1xui32>, tensor<1x2xf32>) -> tensor<3x4xf32>
  %2 = dml.one_hot %j, %wf16, axis = 1 : (tensor<3x1xui32>, tensor<1x2xf16>) -> tensor<3x4xf16>
  %3 = dml.one_hot %j, %wi64, axis = 1 : (tensor<3x1xui32>, tensor<1x2xi64>) -> tensor<3x4xi64>
  %4 = dml.one_hot %j, %wi32, axis = 1 : (tensor<3x1xui32>, tensor<1x2xi32>) -> tensor<3x4xi32>
  %5 = dml.one_hot %j, %wi16, axis = 1 : (tensor<3x1xui32>, tensor<1x2xi16>) -> tensor<3x4xi16>
  %6 = dml.one_hot %j, %wi8, axis = 1 : (tensor<3x1xui32>, tensor<1x2xi8>) -> tensor<3x4xi8>
  %7 = dml.one_hot %j, %wui64, axis = 1 : (tensor<3x1xui32>, tensor<1x2xui64>) -> tensor<3x4xui64>
  %8 = dml.one_hot %j, %wui32, axis = 1 : (tensor<3x1xui32>, tensor<1x2xui32>) -> tensor<3x4xui32>
  %9 = dml.one_hot %j, %wui16, axis = 1 : (tensor<3x1xui32>, tensor<1x2xui16>) -> tensor<3x4xui16>
  %10 = dml.one_hot %j, %wui8, axis = 1 : (tensor<3x1xui32>, tensor<1x2xui8>) -> tensor<3x4xui8>
  return
}

// Signed and unsigned index types.
// CHECK-LABEL: func.func @one_hot_index_types
// CHECK-SAME:    (%[[JI32:[a-z0-9_]+]]: tensor<1x6xi32>, %[[JI64:[a-z0-9_]+]]: tensor<1x6xi64>, %[[JUI32:[a-z0-9_]+]]: tensor<1x6xui32>, %[[JUI64:[a-z0-9_]+]]: tensor<1x6xui64>, %[[W:[a-z0-9_]+]]: tensor<1x2xf16>)
// CHECK:         dml.one_hot %[[JI32]], %[[W]], axis = 0 : (tensor<1x6xi32>, tensor<1x2xf16>) -> tensor<5x6xf16>
// CHECK:         dml.one_hot %[[JI64]], %[[W]], axis = 0 : (tensor<1x6xi64>, tensor<1x2xf16>) -> tensor<5x6xf16>
// CHECK:         dml.one_hot %[[JUI32]], %[[W]], axis = 0 : (tensor<1x6xui32>, tensor<1x2xf16>) -> tensor<5x6xf16>
// CHECK:         dml.one_hot %[[JUI64]], %[[W]], axis = 0 : (tensor<1x6xui64>, tensor<1x2xf16>) -> tensor<5x6xf16>
// GENERIC-LABEL: sym_name = "one_hot_index_types"
// GENERIC:       "dml.one_hot"(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) <{axis = 0 : i32}> : (tensor<1x6xi32>, tensor<1x2xf16>) -> tensor<5x6xf16>
// GENERIC:       "dml.one_hot"(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) <{axis = 0 : i32}> : (tensor<1x6xi64>, tensor<1x2xf16>) -> tensor<5x6xf16>
func.func @one_hot_index_types(%ji32: tensor<1x6xi32>, %ji64: tensor<1x6xi64>, %jui32: tensor<1x6xui32>, %jui64: tensor<1x6xui64>, %w: tensor<1x2xf16>) {
  %0 = dml.one_hot %ji32, %w, axis = 0 : (tensor<1x6xi32>, tensor<1x2xf16>) -> tensor<5x6xf16>
  %1 = dml.one_hot %ji64, %w, axis = 0 : (tensor<1x6xi64>, tensor<1x2xf16>) -> tensor<5x6xf16>
  %2 = dml.one_hot %jui32, %w, axis = 0 : (tensor<1x6xui32>, tensor<1x2xf16>) -> tensor<5x6xf16>
  %3 = dml.one_hot %jui64, %w, axis = 0 : (tensor<1x6xui64>, tensor<1x2xf16>) -> tensor<5x6xf16>
  return
}

// CHECK-LABEL: func.func @one_hot_rank1
// CHECK-SAME:    (%[[J:[a-z0-9_]+]]: tensor<1xui32>, %[[W:[a-z0-9_]+]]: tensor<2xi8>)
// CHECK:         dml.one_hot %[[J]], %[[W]], axis = 0 : (tensor<1xui32>, tensor<2xi8>) -> tensor<5xi8>
// CHECK:         dml.one_hot %[[J]], %[[W]], axis = 0 : (tensor<1xui32>, tensor<2xi8>) -> tensor<1xi8>
func.func @one_hot_rank1(%j: tensor<1xui32>, %w: tensor<2xi8>) {
  %0 = dml.one_hot %j, %w, axis = 0 : (tensor<1xui32>, tensor<2xi8>) -> tensor<5xi8>
  %1 = dml.one_hot %j, %w, axis = 0 : (tensor<1xui32>, tensor<2xi8>) -> tensor<1xi8>
  return
}

// CHECK-LABEL: func.func @one_hot_rank8
// CHECK-SAME:    (%[[J:[a-z0-9_]+]]: tensor<2x1x3x1x2x1x4x1xi64>, %[[K:[a-z0-9_]+]]: tensor<1x1x3x1x2x1x4x5xi64>, %[[W:[a-z0-9_]+]]: tensor<1x1x1x1x1x1x1x2xf32>)
// CHECK:         dml.one_hot %[[J]], %[[W]], axis = 7 : (tensor<2x1x3x1x2x1x4x1xi64>, tensor<1x1x1x1x1x1x1x2xf32>) -> tensor<2x1x3x1x2x1x4x9xf32>
// CHECK:         dml.one_hot %[[K]], %[[W]], axis = 0 : (tensor<1x1x3x1x2x1x4x5xi64>, tensor<1x1x1x1x1x1x1x2xf32>) -> tensor<6x1x3x1x2x1x4x5xf32>
func.func @one_hot_rank8(%j: tensor<2x1x3x1x2x1x4x1xi64>, %k: tensor<1x1x3x1x2x1x4x5xi64>, %w: tensor<1x1x1x1x1x1x1x2xf32>) {
  %0 = dml.one_hot %j, %w, axis = 7 : (tensor<2x1x3x1x2x1x4x1xi64>, tensor<1x1x1x1x1x1x1x2xf32>) -> tensor<2x1x3x1x2x1x4x9xf32>
  %1 = dml.one_hot %k, %w, axis = 0 : (tensor<1x1x3x1x2x1x4x5xi64>, tensor<1x1x1x1x1x1x1x2xf32>) -> tensor<6x1x3x1x2x1x4x5xf32>
  return
}

// Feature level 2.0, the introduction level: 4-D FLOAT32/FLOAT16 values,
// UINT32 indices.
// CHECK-LABEL: module attributes {dml.feature_level = "2.0"}
// CHECK:       func.func @one_hot_fl20
// CHECK-SAME:    (%[[J:[a-z0-9_]+]]: tensor<1x1x3x1xui32>, %[[W:[a-z0-9_]+]]: tensor<1x1x1x2xf32>, %[[H:[a-z0-9_]+]]: tensor<2x1x1x1xf16>)
// CHECK:         dml.one_hot %[[J]], %[[W]], axis = 3 : (tensor<1x1x3x1xui32>, tensor<1x1x1x2xf32>) -> tensor<1x1x3x4xf32>
// CHECK:         dml.one_hot %[[J]], %[[H]], axis = 3 : (tensor<1x1x3x1xui32>, tensor<2x1x1x1xf16>) -> tensor<1x1x3x2xf16>
// GENERIC-LABEL: sym_name = "one_hot_fl20"
// GENERIC:       }) {dml.feature_level = "2.0"} : () -> ()
module attributes {dml.feature_level = "2.0"} {
  func.func @one_hot_fl20(%j: tensor<1x1x3x1xui32>, %w: tensor<1x1x1x2xf32>, %h: tensor<2x1x1x1xf16>) {
    %0 = dml.one_hot %j, %w, axis = 3 : (tensor<1x1x3x1xui32>, tensor<1x1x1x2xf32>) -> tensor<1x1x3x4xf32>
    %1 = dml.one_hot %j, %h, axis = 3 : (tensor<1x1x3x1xui32>, tensor<2x1x1x1xf16>) -> tensor<1x1x3x2xf16>
    return
  }
}

// Feature level 2.1: 8- to 32-bit integer values, still 4-D and UINT32 indices.
// CHECK-LABEL: module attributes {dml.feature_level = "2.1"}
// CHECK:       func.func @one_hot_fl21
// CHECK-SAME:    (%[[J:[a-z0-9_]+]]: tensor<1x1x3x1xui32>, %[[W:[a-z0-9_]+]]: tensor<1x1x1x2xi8>, %[[U:[a-z0-9_]+]]: tensor<1x1x1x2xui32>)
// CHECK:         dml.one_hot %[[J]], %[[W]], axis = 3 : (tensor<1x1x3x1xui32>, tensor<1x1x1x2xi8>) -> tensor<1x1x3x4xi8>
// CHECK:         dml.one_hot %[[J]], %[[U]], axis = 3 : (tensor<1x1x3x1xui32>, tensor<1x1x1x2xui32>) -> tensor<1x1x3x4xui32>
// GENERIC-LABEL: sym_name = "one_hot_fl21"
// GENERIC:       }) {dml.feature_level = "2.1"} : () -> ()
module attributes {dml.feature_level = "2.1"} {
  func.func @one_hot_fl21(%j: tensor<1x1x3x1xui32>, %w: tensor<1x1x1x2xi8>, %u: tensor<1x1x1x2xui32>) {
    %0 = dml.one_hot %j, %w, axis = 3 : (tensor<1x1x3x1xui32>, tensor<1x1x1x2xi8>) -> tensor<1x1x3x4xi8>
    %1 = dml.one_hot %j, %u, axis = 3 : (tensor<1x1x3x1xui32>, tensor<1x1x1x2xui32>) -> tensor<1x1x3x4xui32>
    return
  }
}

// Feature level 3.0: 1 to 8 dimensions, signed and 64-bit indices.
// CHECK-LABEL: module attributes {dml.feature_level = "3.0"}
// CHECK:       func.func @one_hot_fl30
// CHECK-SAME:    (%[[J:[a-z0-9_]+]]: tensor<3x1xi32>, %[[K:[a-z0-9_]+]]: tensor<3x1xui64>, %[[W:[a-z0-9_]+]]: tensor<2x1xi16>)
// CHECK:         dml.one_hot %[[J]], %[[W]], axis = 1 : (tensor<3x1xi32>, tensor<2x1xi16>) -> tensor<3x4xi16>
// CHECK:         dml.one_hot %[[K]], %[[W]], axis = 1 : (tensor<3x1xui64>, tensor<2x1xi16>) -> tensor<3x4xi16>
// GENERIC-LABEL: sym_name = "one_hot_fl30"
// GENERIC:       }) {dml.feature_level = "3.0"} : () -> ()
module attributes {dml.feature_level = "3.0"} {
  func.func @one_hot_fl30(%j: tensor<3x1xi32>, %k: tensor<3x1xui64>, %w: tensor<2x1xi16>) {
    %0 = dml.one_hot %j, %w, axis = 1 : (tensor<3x1xi32>, tensor<2x1xi16>) -> tensor<3x4xi16>
    %1 = dml.one_hot %k, %w, axis = 1 : (tensor<3x1xui64>, tensor<2x1xi16>) -> tensor<3x4xi16>
    return
  }
}

// Feature level 4.1 adds FLOAT64 and 64-bit integer values.
// CHECK-LABEL: module attributes {dml.feature_level = "4.1"}
// CHECK:       func.func @one_hot_fl41
// CHECK-SAME:    (%[[J:[a-z0-9_]+]]: tensor<3x1xi64>, %[[W:[a-z0-9_]+]]: tensor<1x2xf64>, %[[V:[a-z0-9_]+]]: tensor<1x2xui64>)
// CHECK:         dml.one_hot %[[J]], %[[W]], axis = 1 : (tensor<3x1xi64>, tensor<1x2xf64>) -> tensor<3x4xf64>
// CHECK:         dml.one_hot %[[J]], %[[V]], axis = 1 {dml.feature_level = "4.1"} : (tensor<3x1xi64>, tensor<1x2xui64>) -> tensor<3x4xui64>
// GENERIC-LABEL: sym_name = "one_hot_fl41"
// GENERIC:       }) {dml.feature_level = "4.1"} : () -> ()
module attributes {dml.feature_level = "4.1"} {
  func.func @one_hot_fl41(%j: tensor<3x1xi64>, %w: tensor<1x2xf64>, %v: tensor<1x2xui64>) {
    %0 = dml.one_hot %j, %w, axis = 1 : (tensor<3x1xi64>, tensor<1x2xf64>) -> tensor<3x4xf64>
    %1 = dml.one_hot %j, %v, axis = 1 {dml.feature_level = "4.1"} : (tensor<3x1xi64>, tensor<1x2xui64>) -> tensor<3x4xui64>
    return
  }
}
