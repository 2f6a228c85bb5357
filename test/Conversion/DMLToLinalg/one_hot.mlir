// RUN: dml-opt %s --convert-dml-to-linalg --split-input-file | FileCheck %s

// The index tensor is read through a map pinning the axis to 0; off/on are
// values[0,0,0,0] and values[0,0,0,1]; signed indices wrap once and must
// then lie in [0, depth).
// CHECK-DAG: #[[$PINNED:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @one_hot_signed
// CHECK-SAME: (%[[J:.*]]: tensor<1x1x3x1xi32>, %[[W:.*]]: tensor<1x1x1x2xf32>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[OFF:.*]] = tensor.extract %[[W]][%[[C0]], %[[C0]], %[[C0]], %[[C0]]]
// CHECK: %[[ON:.*]] = tensor.extract %[[W]][%[[C0]], %[[C0]], %[[C0]], %[[C1]]]
// CHECK: linalg.generic {indexing_maps = [#[[$PINNED]], #[[$ID]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[J]] : tensor<1x1x3x1xi32>)
// CHECK: ^bb0(%[[I:.*]]: i32, %{{.*}}: f32):
// CHECK: %[[I64:.*]] = arith.extsi %[[I]] : i32 to i64
// CHECK-DAG: %[[L:.*]] = arith.constant 4 : i64
// CHECK: arith.cmpi slt
// CHECK: %[[NORM:.*]] = arith.select
// CHECK: %[[GE:.*]] = arith.cmpi sge, %[[NORM]]
// CHECK: %[[LT:.*]] = arith.cmpi slt, %[[NORM]], %[[L]]
// CHECK: %[[IN:.*]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK: %[[POS:.*]] = linalg.index 3 : index
// CHECK: %[[POS64:.*]] = arith.index_cast %[[POS]] : index to i64
// CHECK: %[[AT:.*]] = arith.cmpi eq, %[[POS64]], %[[NORM]] : i64
// CHECK: %[[HOT:.*]] = arith.andi %[[IN]], %[[AT]] : i1
// CHECK: %[[V:.*]] = arith.select %[[HOT]], %[[ON]], %[[OFF]] : f32
// CHECK: linalg.yield %[[V]] : f32
func.func @one_hot_signed(%j: tensor<1x1x3x1xi32>, %w: tensor<1x1x1x2xf32>) -> tensor<1x1x3x4xf32> {
  %o = dml.one_hot %j, %w, axis = 3 : (tensor<1x1x3x1xi32>, tensor<1x1x1x2xf32>) -> tensor<1x1x3x4xf32>
  return %o : tensor<1x1x3x4xf32>
}

// -----

// Unsigned indices: a single unsigned range check. The on value of a
// {1,1,3,1} values tensor is one step along dimension 2.
// CHECK-LABEL: func.func @one_hot_unsigned
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: tensor.extract %{{.*}}[%[[C0]], %[[C0]], %[[C0]], %[[C0]]] : tensor<1x1x3x1xi8>
// CHECK: tensor.extract %{{.*}}[%[[C0]], %[[C0]], %[[C1]], %[[C0]]] : tensor<1x1x3x1xi8>
// CHECK: arith.extui
// CHECK-NOT: arith.cmpi slt
// CHECK: arith.cmpi ult
func.func @one_hot_unsigned(%j: tensor<1x1x3x1xui32>, %w: tensor<1x1x3x1xui8>) -> tensor<1x1x3x4xui8> {
  %o = dml.one_hot %j, %w, axis = 3 : (tensor<1x1x3x1xui32>, tensor<1x1x3x1xui8>) -> tensor<1x1x3x4xui8>
  return %o : tensor<1x1x3x4xui8>
}
