// RUN: dml-opt %s | dml-opt | FileCheck %s
// RUN: dml-opt %s --mlir-print-op-generic | dml-opt | FileCheck %s
// RUN: dml-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Round trip of dml.gather (DML_GATHER_OPERATOR_DESC): index_dimensions 0, 1
// and N, and below the rank of the indices; every data type of the feature
// level 4.1 table; signed and unsigned index types; ranks 1, 4 and 8; the 1.0,
// 2.1, 3.0 and 4.1 tables.

// CHECK-LABEL: func.func @gather_rows
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<3x2xf32>, %[[J:[a-z0-9_]+]]: tensor<1x4xui32>)
// CHECK:         %[[Y:[a-z0-9_]+]] = dml.gather %[[X]], %[[J]], axis = 0, index_dimensions = 1 : (tensor<3x2xf32>, tensor<1x4xui32>) -> tensor<4x2xf32>
// CHECK:         return %[[Y]] : tensor<4x2xf32>
// GENERIC-LABEL: sym_name = "gather_rows"
// GENERIC:       ^bb0(%[[X:[a-z0-9_]+]]: tensor<3x2xf32>, %[[J:[a-z0-9_]+]]: tensor<1x4xui32>):
// GENERIC:       %[[Y:[0-9]+]] = "dml.gather"(%[[X]], %[[J]]) <{axis = 0 : i32, index_dimensions = 1 : i32}> : (tensor<3x2xf32>, tensor<1x4xui32>) -> tensor<4x2xf32>
// GENERIC:       "func.return"(%[[Y]])
func.func @gather_rows(%x: tensor<3x2xf32>, %j: tensor<1x4xui32>) -> tensor<4x2xf32> {
  %y = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xf32>, tensor<1x4xui32>) -> tensor<4x2xf32>
  return %y : tensor<4x2xf32>
}

// index_dimensions = 0: a scalar index removes the axis; the output gets a
// leading 1.
// CHECK-LABEL: func.func @gather_index_dimensions_0
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<2x3x4xf32>, %[[J:[a-z0-9_]+]]: tensor<1x1x1xui32>)
// CHECK:         dml.gather %[[X]], %[[J]], axis = 1, index_dimensions = 0 : (tensor<2x3x4xf32>, tensor<1x1x1xui32>) -> tensor<1x2x4xf32>
// CHECK:         dml.gather %[[X]], %[[J]], axis = 0, index_dimensions = 0 : (tensor<2x3x4xf32>, tensor<1x1x1xui32>) -> tensor<1x3x4xf32>
// CHECK:         dml.gather %[[X]], %[[J]], axis = 2, index_dimensions = 0 : (tensor<2x3x4xf32>, tensor<1x1x1xui32>) -> tensor<1x2x3xf32>
// GENERIC-LABEL: sym_name = "gather_index_dimensions_0"
// GENERIC:       "dml.gather"(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) <{axis = 1 : i32, index_dimensions = 0 : i32}> : (tensor<2x3x4xf32>, tensor<1x1x1xui32>) -> tensor<1x2x4xf32>
func.func @gather_index_dimensions_0(%x: tensor<2x3x4xf32>, %j: tensor<1x1x1xui32>) {
  %0 = dml.gather %x, %j, axis = 1, index_dimensions = 0 : (tensor<2x3x4xf32>, tensor<1x1x1xui32>) -> tensor<1x2x4xf32>
  %1 = dml.gather %x, %j, axis = 0, index_dimensions = 0 : (tensor<2x3x4xf32>, tensor<1x1x1xui32>) -> tensor<1x3x4xf32>
  %2 = dml.gather %x, %j, axis = 2, index_dimensions = 0 : (tensor<2x3x4xf32>, tensor<1x1x1xui32>) -> tensor<1x2x3xf32>
  return
}

// index_dimensions = 1: rank 1 (r = N) and rank 2 (r below the indices rank).
// CHECK-LABEL: func.func @gather_index_dimensions_1
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<4xf32>, %[[J:[a-z0-9_]+]]: tensor<5xui32>, %[[A:[a-z0-9_]+]]: tensor<3x2xf32>, %[[B:[a-z0-9_]+]]: tensor<1x2xui32>)
// CHECK:         dml.gather %[[X]], %[[J]], axis = 0, index_dimensions = 1 : (tensor<4xf32>, tensor<5xui32>) -> tensor<5xf32>
// CHECK:         dml.gather %[[A]], %[[B]], axis = 1, index_dimensions = 1 : (tensor<3x2xf32>, tensor<1x2xui32>) -> tensor<3x2xf32>
// CHECK:         dml.gather %[[A]], %[[B]], axis = 0, index_dimensions = 1 : (tensor<3x2xf32>, tensor<1x2xui32>) -> tensor<2x2xf32>
func.func @gather_index_dimensions_1(%x: tensor<4xf32>, %j: tensor<5xui32>, %a: tensor<3x2xf32>, %b: tensor<1x2xui32>) {
  %0 = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<4xf32>, tensor<5xui32>) -> tensor<5xf32>
  %1 = dml.gather %a, %b, axis = 1, index_dimensions = 1 : (tensor<3x2xf32>, tensor<1x2xui32>) -> tensor<3x2xf32>
  %2 = dml.gather %a, %b, axis = 0, index_dimensions = 1 : (tensor<3x2xf32>, tensor<1x2xui32>) -> tensor<2x2xf32>
  return
}

// index_dimensions = N (DML-MLIR proposal): every indices dimension holds
// indices; the dropped leading entries are leading 1s of the input.
// CHECK-LABEL: func.func @gather_index_dimensions_n
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<1x1x3xf32>, %[[J:[a-z0-9_]+]]: tensor<2x2x2xui32>, %[[A:[a-z0-9_]+]]: tensor<1x5xi16>, %[[B:[a-z0-9_]+]]: tensor<3x4xi64>)
// CHECK:         dml.gather %[[X]], %[[J]], axis = 2, index_dimensions = 3 : (tensor<1x1x3xf32>, tensor<2x2x2xui32>) -> tensor<2x2x2xf32>
// CHECK:         dml.gather %[[A]], %[[B]], axis = 1, index_dimensions = 2 : (tensor<1x5xi16>, tensor<3x4xi64>) -> tensor<3x4xi16>
// GENERIC-LABEL: sym_name = "gather_index_dimensions_n"
// GENERIC:       "dml.gather"(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) <{axis = 2 : i32, index_dimensions = 3 : i32}> : (tensor<1x1x3xf32>, tensor<2x2x2xui32>) -> tensor<2x2x2xf32>
func.func @gather_index_dimensions_n(%x: tensor<1x1x3xf32>, %j: tensor<2x2x2xui32>, %a: tensor<1x5xi16>, %b: tensor<3x4xi64>) {
  %0 = dml.gather %x, %j, axis = 2, index_dimensions = 3 : (tensor<1x1x3xf32>, tensor<2x2x2xui32>) -> tensor<2x2x2xf32>
  %1 = dml.gather %a, %b, axis = 1, index_dimensions = 2 : (tensor<1x5xi16>, tensor<3x4xi64>) -> tensor<3x4xi16>
  return
}

// index_dimensions between 1 and N, below the rank of the indices.
// CHECK-LABEL: func.func @gather_nested
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<1x3x3xf32>, %[[J:[a-z0-9_]+]]: tensor<1x1x2xui32>, %[[A:[a-z0-9_]+]]: tensor<1x3x2xf32>, %[[B:[a-z0-9_]+]]: tensor<1x2x2xui32>, %[[C:[a-z0-9_]+]]: tensor<1x1x5x6xf32>, %[[D:[a-z0-9_]+]]: tensor<1x3x1x2xi32>, %[[E:[a-z0-9_]+]]: tensor<1x1x1x2xui64>)
// CHECK:         dml.gather %[[X]], %[[J]], axis = 2, index_dimensions = 2 : (tensor<1x3x3xf32>, tensor<1x1x2xui32>) -> tensor<3x1x2xf32>
// CHECK:         dml.gather %[[A]], %[[B]], axis = 1, index_dimensions = 2 : (tensor<1x3x2xf32>, tensor<1x2x2xui32>) -> tensor<2x2x2xf32>
// CHECK:         dml.gather %[[C]], %[[D]], axis = 2, index_dimensions = 3 : (tensor<1x1x5x6xf32>, tensor<1x3x1x2xi32>) -> tensor<3x1x2x6xf32>
// CHECK:         dml.gather %[[C]], %[[E]], axis = 3, index_dimensions = 2 : (tensor<1x1x5x6xf32>, tensor<1x1x1x2xui64>) -> tensor<1x5x1x2xf32>
func.func @gather_nested(%x: tensor<1x3x3xf32>, %j: tensor<1x1x2xui32>, %a: tensor<1x3x2xf32>, %b: tensor<1x2x2xui32>, %c: tensor<1x1x5x6xf32>, %d: tensor<1x3x1x2xi32>, %e: tensor<1x1x1x2xui64>) {
  %0 = dml.gather %x, %j, axis = 2, index_dimensions = 2 : (tensor<1x3x3xf32>, tensor<1x1x2xui32>) -> tensor<3x1x2xf32>
  %1 = dml.gather %a, %b, axis = 1, index_dimensions = 2 : (tensor<1x3x2xf32>, tensor<1x2x2xui32>) -> tensor<2x2x2xf32>
  %2 = dml.gather %c, %d, axis = 2, index_dimensions = 3 : (tensor<1x1x5x6xf32>, tensor<1x3x1x2xi32>) -> tensor<3x1x2x6xf32>
  %3 = dml.gather %c, %e, axis = 3, index_dimensions = 2 : (tensor<1x1x5x6xf32>, tensor<1x1x1x2xui64>) -> tensor<1x5x1x2xf32>
  return
}

// Every data type of the feature level 4.1 table.
// CHECK-LABEL: func.func @gather_data_types
// CHECK-SAME:    (%[[XF64:[a-z0-9_]+]]: tensor<3x2xf64>, %[[XF32:[a-z0-9_]+]]: tensor<3x2xf32>, %[[XF16:[a-z0-9_]+]]: tensor<3x2xf16>, %[[XI64:[a-z0-9_]+]]: tensor<3x2xi64>, %[[XI32:[a-z0-9_]+]]: tensor<3x2xi32>, %[[XI16:[a-z0-9_]+]]: tensor<3x2xi16>, %[[XI8:[a-z0-9_]+]]: tensor<3x2xi8>, %[[XUI64:[a-z0-9_]+]]: tensor<3x2xui64>, %[[XUI32:[a-z0-9_]+]]: tensor<3x2xui32>, %[[XUI16:[a-z0-9_]+]]: tensor<3x2xui16>, %[[XUI8:[a-z0-9_]+]]: tensor<3x2xui8>, %[[J:[a-z0-9_]+]]: tensor<1x4xui32>)
// CHECK:         dml.gather %[[XF64]], %[[J]], axis = 0, index_dimensions = 1 : (tensor<3x2xf64>, tensor<1x4xui32>) -> tensor<4x2xf64>
// CHECK:         dml.gather %[[XF32]], %[[J]], axis = 0, index_dimensions = 1 : (tensor<3x2xf32>, tensor<1x4xui32>) -> tensor<4x2xf32>
// CHECK:         dml.gather %[[XF16]], %[[J]], axis = 0, index_dimensions = 1 : (tensor<3x2xf16>, tensor<1x4xui32>) -> tensor<4x2xf16>
// CHECK:         dml.gather %[[XI64]], %[[J]], axis = 0, index_dimensions = 1 : (tensor<3x2xi64>, tensor<1x4xui32>) -> tensor<4x2xi64>
// CHECK:         dml.gather %[[XI32]], %[[J]], axis = 0, index_dimensions = 1 : (tensor<3x2xi32>, tensor<1x4xui32>) -> tensor<4x2xi32>
// CHECK:         dml.gather %[[XI16]], %[[J]], axis = 0, index_dimensions = 1 : (tensor<3x2xi16>, tensor<1x4xui32>) -> tensor<4x2xi16>
// CHECK:         dml.gather %[[XI8]], %[[J]], axis = 0, index_dimensions = 1 : (tensor<3x2xi8>, tensor<1x4xui32>) -> tensor<4x2xi8>
// CHECK:         dml.gather %[[XUI64]], %[[J]], axis = 0, index_dimensions = 1 : (tensor<3x2xui64>, tensor<1x4xui32>) -> tensor<4x2xui64>
// CHECK:         dml.gather %[[XUI32]], %[[J]], axis = 0, index_dimensions = 1 : (tensor<3x2xui32>, tensor<1x4xui32>) -> tensor<4x2xui32>
// CHECK:         dml.gather %[[XUI16]], %[[J]], axis = 0, index_dimensions = 1 : (tensor<3x2xui16>, tensor<1x4xui32>) -> tensor<4x2xui16>
// CHECK:         dml.gather %[[XUI8]], %[[J]], axis = 0, index_dimensions = 1 : (tensor<3x2xui8>, tensor<1x4xui32>) -> tensor<4x2xui8>
func.func @gather_data_types(%xf64: tensor<3x2xf64>, %xf32: tensor<3x2xf32>, %xf16: tensor<3x2xf16>, %xi64: tensor<3x2xi64>, %xi32: tensor<3x2xi32>, %xi16: tensor<3x2xi16>, %xi8: tensor<3x2xi8>, %xui64: tensor<3x2xui64>, %xui32: tensor<3x2xui32>, %xui16: tensor<3x2xui16>, %xui8: tensor<3x2xui8>, %j: tensor<1x4xui32>) {
  %0 = dml.gather %xf64, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xf64>, tensor<1x4xui32>) -> tensor<4x2xf64>
  %1 = dml.gather %xf32, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xf32>, tensor<1x4xui32>) -> tensor<4x2xf32>
  %2 = dml.gather %xf16, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xf16>, tensor<1x4xui32>) -> tensor<4x2xf16>
  %3 = dml.gather %xi64, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xi64>, tensor<1x4xui32>) -> tensor<4x2xi64>
  %4 = dml.gather %xi32, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xi32>, tensor<1x4xui32>) -> tensor<4x2xi32>
  %5 = dml.gather %xi16, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xi16>, tensor<1x4xui32>) -> tensor<4x2xi16>
  %6 = dml.gather %xi8, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xi8>, tensor<1x4xui32>) -> tensor<4x2xi8>
  %7 = dml.gather %xui64, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xui64>, tensor<1x4xui32>) -> tensor<4x2xui64>
  %8 = dml.gather %xui32, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xui32>, tensor<1x4xui32>) -> tensor<4x2xui32>
  %9 = dml.gather %xui16, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xui16>, tensor<1x4xui32>) -> tensor<4x2xui16>
  %10 = dml.gather %xui8, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xui8>, tensor<1x4xui32>) -> tensor<4x2xui8>
  return
}

// Signed and unsigned index types.
// CHECK-LABEL: func.func @gather_index_types
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<5x3xf32>, %[[JI32:[a-z0-9_]+]]: tensor<1x2xi32>, %[[JI64:[a-z0-9_]+]]: tensor<1x2xi64>, %[[JUI32:[a-z0-9_]+]]: tensor<1x2xui32>, %[[JUI64:[a-z0-9_]+]]: tensor<1x2xui64>)
// CHECK:         dml.gather %[[X]], %[[JI32]], axis = 0, index_dimensions = 1 : (tensor<5x3xf32>, tensor<1x2xi32>) -> tensor<2x3xf32>
// CHECK:         dml.gather %[[X]], %[[JI64]], axis = 0, index_dimensions = 1 : (tensor<5x3xf32>, tensor<1x2xi64>) -> tensor<2x3xf32>
// CHECK:         dml.gather %[[X]], %[[JUI32]], axis = 0, index_dimensions = 1 : (tensor<5x3xf32>, tensor<1x2xui32>) -> tensor<2x3xf32>
// CHECK:         dml.gather %[[X]], %[[JUI64]], axis = 0, index_dimensions = 1 : (tensor<5x3xf32>, tensor<1x2xui64>) -> tensor<2x3xf32>
// GENERIC-LABEL: sym_name = "gather_index_types"
// GENERIC:       "dml.gather"(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) <{axis = 0 : i32, index_dimensions = 1 : i32}> : (tensor<5x3xf32>, tensor<1x2xi32>) -> tensor<2x3xf32>
// GENERIC:       "dml.gather"(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) <{axis = 0 : i32, index_dimensions = 1 : i32}> : (tensor<5x3xf32>, tensor<1x2xi64>) -> tensor<2x3xf32>
func.func @gather_index_types(%x: tensor<5x3xf32>, %ji32: tensor<1x2xi32>, %ji64: tensor<1x2xi64>, %jui32: tensor<1x2xui32>, %jui64: tensor<1x2xui64>) {
  %0 = dml.gather %x, %ji32, axis = 0, index_dimensions = 1 : (tensor<5x3xf32>, tensor<1x2xi32>) -> tensor<2x3xf32>
  %1 = dml.gather %x, %ji64, axis = 0, index_dimensions = 1 : (tensor<5x3xf32>, tensor<1x2xi64>) -> tensor<2x3xf32>
  %2 = dml.gather %x, %jui32, axis = 0, index_dimensions = 1 : (tensor<5x3xf32>, tensor<1x2xui32>) -> tensor<2x3xf32>
  %3 = dml.gather %x, %jui64, axis = 0, index_dimensions = 1 : (tensor<5x3xf32>, tensor<1x2xui64>) -> tensor<2x3xf32>
  return
}

// CHECK-LABEL: func.func @gather_rank8
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<2x1x3x1x2x1x4x5xf16>, %[[J:[a-z0-9_]+]]: tensor<1x1x1x1x1x1x1x6xui64>, %[[K:[a-z0-9_]+]]: tensor<1x1x1x1x1x1x1x1xi32>)
// CHECK:         dml.gather %[[X]], %[[J]], axis = 7, index_dimensions = 1 : (tensor<2x1x3x1x2x1x4x5xf16>, tensor<1x1x1x1x1x1x1x6xui64>) -> tensor<2x1x3x1x2x1x4x6xf16>
// CHECK:         dml.gather %[[X]], %[[J]], axis = 2, index_dimensions = 1 : (tensor<2x1x3x1x2x1x4x5xf16>, tensor<1x1x1x1x1x1x1x6xui64>) -> tensor<2x1x6x1x2x1x4x5xf16>
// CHECK:         dml.gather %[[X]], %[[K]], axis = 0, index_dimensions = 0 : (tensor<2x1x3x1x2x1x4x5xf16>, tensor<1x1x1x1x1x1x1x1xi32>) -> tensor<1x1x3x1x2x1x4x5xf16>
func.func @gather_rank8(%x: tensor<2x1x3x1x2x1x4x5xf16>, %j: tensor<1x1x1x1x1x1x1x6xui64>, %k: tensor<1x1x1x1x1x1x1x1xi32>) {
  %0 = dml.gather %x, %j, axis = 7, index_dimensions = 1 : (tensor<2x1x3x1x2x1x4x5xf16>, tensor<1x1x1x1x1x1x1x6xui64>) -> tensor<2x1x3x1x2x1x4x6xf16>
  %1 = dml.gather %x, %j, axis = 2, index_dimensions = 1 : (tensor<2x1x3x1x2x1x4x5xf16>, tensor<1x1x1x1x1x1x1x6xui64>) -> tensor<2x1x6x1x2x1x4x5xf16>
  %2 = dml.gather %x, %k, axis = 0, index_dimensions = 0 : (tensor<2x1x3x1x2x1x4x5xf16>, tensor<1x1x1x1x1x1x1x1xi32>) -> tensor<1x1x3x1x2x1x4x5xf16>
  return
}

// Feature level 1.0, the introduction level: 4-D FLOAT32/FLOAT16, UINT32 indices.
// CHECK-LABEL: module attributes {dml.feature_level = "1.0"}
// CHECK:       func.func @gather_fl10
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<1x1x3x2xf32>, %[[H:[a-z0-9_]+]]: tensor<1x1x3x2xf16>, %[[J:[a-z0-9_]+]]: tensor<1x1x1x4xui32>)
// CHECK:         dml.gather %[[X]], %[[J]], axis = 2, index_dimensions = 1 : (tensor<1x1x3x2xf32>, tensor<1x1x1x4xui32>) -> tensor<1x1x4x2xf32>
// CHECK:         dml.gather %[[H]], %[[J]], axis = 3, index_dimensions = 1 : (tensor<1x1x3x2xf16>, tensor<1x1x1x4xui32>) -> tensor<1x1x3x4xf16>
// GENERIC-LABEL: sym_name = "gather_fl10"
// GENERIC:       }) {dml.feature_level = "1.0"} : () -> ()
module attributes {dml.feature_level = "1.0"} {
  func.func @gather_fl10(%x: tensor<1x1x3x2xf32>, %h: tensor<1x1x3x2xf16>, %j: tensor<1x1x1x4xui32>) {
    %0 = dml.gather %x, %j, axis = 2, index_dimensions = 1 : (tensor<1x1x3x2xf32>, tensor<1x1x1x4xui32>) -> tensor<1x1x4x2xf32>
    %1 = dml.gather %h, %j, axis = 3, index_dimensions = 1 : (tensor<1x1x3x2xf16>, tensor<1x1x1x4xui32>) -> tensor<1x1x3x4xf16>
    return
  }
}

// Feature level 2.1: 8- to 32-bit integer data, still 4-D and UINT32 indices.
// CHECK-LABEL: module attributes {dml.feature_level = "2.1"}
// CHECK:       func.func @gather_fl21
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<1x1x3x2xi8>, %[[U:[a-z0-9_]+]]: tensor<1x1x3x2xui32>, %[[J:[a-z0-9_]+]]: tensor<1x1x1x4xui32>)
// CHECK:         dml.gather %[[X]], %[[J]], axis = 2, index_dimensions = 1 : (tensor<1x1x3x2xi8>, tensor<1x1x1x4xui32>) -> tensor<1x1x4x2xi8>
// CHECK:         dml.gather %[[U]], %[[J]], axis = 2, index_dimensions = 2 : (tensor<1x1x3x2xui32>, tensor<1x1x1x4xui32>) -> tensor<1x1x4x2xui32>
// GENERIC-LABEL: sym_name = "gather_fl21"
// GENERIC:       }) {dml.feature_level = "2.1"} : () -> ()
module attributes {dml.feature_level = "2.1"} {
  func.func @gather_fl21(%x: tensor<1x1x3x2xi8>, %u: tensor<1x1x3x2xui32>, %j: tensor<1x1x1x4xui32>) {
    %0 = dml.gather %x, %j, axis = 2, index_dimensions = 1 : (tensor<1x1x3x2xi8>, tensor<1x1x1x4xui32>) -> tensor<1x1x4x2xi8>
    %1 = dml.gather %u, %j, axis = 2, index_dimensions = 2 : (tensor<1x1x3x2xui32>, tensor<1x1x1x4xui32>) -> tensor<1x1x4x2xui32>
    return
  }
}

// Feature level 3.0: 1 to 8 dimensions, signed and 64-bit indices.
// CHECK-LABEL: module attributes {dml.feature_level = "3.0"}
// CHECK:       func.func @gather_fl30
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<3x2xf16>, %[[J:[a-z0-9_]+]]: tensor<1x4xi32>, %[[K:[a-z0-9_]+]]: tensor<1x4xi64>, %[[L:[a-z0-9_]+]]: tensor<1x4xui64>)
// CHECK:         dml.gather %[[X]], %[[J]], axis = 0, index_dimensions = 1 : (tensor<3x2xf16>, tensor<1x4xi32>) -> tensor<4x2xf16>
// CHECK:         dml.gather %[[X]], %[[K]], axis = 0, index_dimensions = 1 : (tensor<3x2xf16>, tensor<1x4xi64>) -> tensor<4x2xf16>
// CHECK:         dml.gather %[[X]], %[[L]], axis = 0, index_dimensions = 1 : (tensor<3x2xf16>, tensor<1x4xui64>) -> tensor<4x2xf16>
// GENERIC-LABEL: sym_name = "gather_fl30"
// GENERIC:       }) {dml.feature_level = "3.0"} : () -> ()
module attributes {dml.feature_level = "3.0"} {
  func.func @gather_fl30(%x: tensor<3x2xf16>, %j: tensor<1x4xi32>, %k: tensor<1x4xi64>, %l: tensor<1x4xui64>) {
    %0 = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xf16>, tensor<1x4xi32>) -> tensor<4x2xf16>
    %1 = dml.gather %x, %k, axis = 0, index_dimensions = 1 : (tensor<3x2xf16>, tensor<1x4xi64>) -> tensor<4x2xf16>
    %2 = dml.gather %x, %l, axis = 0, index_dimensions = 1 : (tensor<3x2xf16>, tensor<1x4xui64>) -> tensor<4x2xf16>
    return
  }
}

// Feature level 4.1 adds FLOAT64 and 64-bit integer data.
// CHECK-LABEL: module attributes {dml.feature_level = "4.1"}
// CHECK:       func.func @gather_fl41
// CHECK-SAME:    (%[[X:[a-z0-9_]+]]: tensor<3x2xf64>, %[[I:[a-z0-9_]+]]: tensor<3x2xi64>, %[[J:[a-z0-9_]+]]: tensor<1x4xi64>)
// CHECK:         dml.gather %[[X]], %[[J]], axis = 0, index_dimensions = 1 : (tensor<3x2xf64>, tensor<1x4xi64>) -> tensor<4x2xf64>
// CHECK:         dml.gather %[[I]], %[[J]], axis = 0, index_dimensions = 1 {dml.feature_level = "4.1"} : (tensor<3x2xi64>, tensor<1x4xi64>) -> tensor<4x2xi64>
// GENERIC-LABEL: sym_name = "gather_fl41"
// GENERIC:       }) {dml.feature_level = "4.1"} : () -> ()
module attributes {dml.feature_level = "4.1"} {
  func.func @gather_fl41(%x: tensor<3x2xf64>, %i: tensor<3x2xi64>, %j: tensor<1x4xi64>) {
    %0 = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xf64>, tensor<1x4xi64>) -> tensor<4x2xf64>
    %1 = dml.gather %i, %j, axis = 0, index_dimensions = 1 {dml.feature_level = "4.1"} : (tensor<3x2xi64>, tensor<1x4xi64>) -> tensor<4x2xi64>
    return
  }
}
