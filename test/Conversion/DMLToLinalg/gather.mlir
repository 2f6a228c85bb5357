// RUN: dml-opt %s --convert-dml-to-linalg --split-input-file | FileCheck %s

// Signed indices: negative values wrap by the axis size, then clamp.
// CHECK-LABEL: func.func @gather_rows_signed
// CHECK-SAME: (%[[X:.*]]: tensor<3x2xf32>, %[[J:.*]]: tensor<1x4xi32>) -> tensor<4x2xf32>
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<4x2xf32>
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]{{.*}} outs(%[[EMPTY]] : tensor<4x2xf32>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[O0:.*]] = linalg.index 0 : index
// CHECK-DAG: %[[O1:.*]] = linalg.index 1 : index
// CHECK: %[[I:.*]] = tensor.extract %[[J]][%[[C0]], %[[O0]]] : tensor<1x4xi32>
// CHECK: %[[I64:.*]] = arith.extsi %[[I]] : i32 to i64
// CHECK-DAG: %[[SIZE:.*]] = arith.constant 3 : i64
// CHECK-DAG: %[[LAST:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[I64]], %[[ZERO]] : i64
// CHECK: %[[WRAP:.*]] = arith.addi %[[I64]], %[[SIZE]] : i64
// CHECK: %[[NORM:.*]] = arith.select %[[NEG]], %[[WRAP]], %[[I64]] : i64
// CHECK: %[[LO:.*]] = arith.maxsi %[[NORM]], %[[ZERO]] : i64
// CHECK: %[[CLAMPED:.*]] = arith.minsi %[[LO]], %[[LAST]] : i64
// CHECK: %[[IDX:.*]] = arith.index_cast %[[CLAMPED]] : i64 to index
// CHECK: %[[V:.*]] = tensor.extract %[[X]][%[[IDX]], %[[O1]]] : tensor<3x2xf32>
// CHECK: linalg.yield %[[V]] : f32
func.func @gather_rows_signed(%x: tensor<3x2xf32>, %j: tensor<1x4xi32>) -> tensor<4x2xf32> {
  %g = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xf32>, tensor<1x4xi32>) -> tensor<4x2xf32>
  return %g : tensor<4x2xf32>
}

// -----

// Unsigned indices are zero-extended and clamped with an unsigned min; the
// function signature becomes signless.
// CHECK-LABEL: func.func @gather_unsigned
// CHECK-SAME: tensor<4xi32>, %{{.*}}: tensor<5xi64>) -> tensor<5xi32>
// CHECK-NOT: arith.extsi
// CHECK: arith.minui %{{.*}}, %{{.*}} : i64
func.func @gather_unsigned(%x: tensor<4xui32>, %j: tensor<5xui64>) -> tensor<5xui32> {
  %g = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<4xui32>, tensor<5xui64>) -> tensor<5xui32>
  return %g : tensor<5xui32>
}

// -----

// index_dimensions = 2 on a padded 3-D input: the output coordinate is
// right-aligned into the concatenated shape with one leading zero.
// CHECK-LABEL: func.func @gather_nested
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[O0:.*]] = linalg.index 0 : index
// CHECK-DAG: %[[O1:.*]] = linalg.index 1 : index
// CHECK-DAG: %[[O2:.*]] = linalg.index 2 : index
// CHECK: tensor.extract %{{.*}}[%[[C0]], %[[O1]], %[[O2]]] : tensor<1x1x2xi32>
// CHECK: tensor.extract %{{.*}}[%[[C0]], %[[O0]], %{{.*}}] : tensor<1x3x3xf32>
func.func @gather_nested(%x: tensor<1x3x3xf32>, %j: tensor<1x1x2xui32>) -> tensor<3x1x2xf32> {
  %g = dml.gather %x, %j, axis = 2, index_dimensions = 2 : (tensor<1x3x3xf32>, tensor<1x1x2xui32>) -> tensor<3x1x2xf32>
  return %g : tensor<3x1x2xf32>
}
