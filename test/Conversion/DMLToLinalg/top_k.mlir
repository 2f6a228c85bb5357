// RUN: dml-opt %s --convert-dml-to-linalg --split-input-file | FileCheck %s

// One scan per sequence (outer loop over the non-axis dimension, inner loop
// over the axis) keeping the best K sorted in the outputs. An element enters
// when fewer than K are kept or when it beats the K-th; the shift loop moves
// kept entries up while the new element is strictly better (ties keep the
// lower index first). increasing: "better" = smaller, NaN greatest.
// CHECK-LABEL: func.func @top_k_increasing
// CHECK-SAME: (%[[X:.*]]: tensor<2x5xf16>) -> (tensor<2x3xf16>, tensor<2x3xi64>)
// CHECK-DAG: %[[K:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[KM1:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[S:.*]] = arith.constant 5 : index
// CHECK: %[[V0:.*]] = tensor.empty() : tensor<2x3xf16>
// CHECK: %[[I0:.*]] = tensor.empty() : tensor<2x3xi64>
// CHECK: %[[R:.*]]:2 = scf.for %[[ROW:[a-z0-9_]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[V0]], %{{.*}} = %[[I0]])
// CHECK: scf.for %[[J:[a-z0-9_]+]] = %{{.*}} to %[[S]] step %{{.*}} iter_args(%[[KEPT:.*]] = %{{.*}}, %[[KEPTI:.*]] = %{{.*}}, %[[COUNT:.*]] = %{{.*}})
// CHECK: %[[E:.*]] = tensor.extract %[[X]][%[[ROW]], %[[J]]] : tensor<2x5xf16>
// CHECK: %[[FULL:.*]] = arith.cmpi eq, %[[COUNT]], %[[K]] : index
// CHECK: %[[KTH:.*]] = tensor.extract %[[KEPT]][%[[ROW]], %[[KM1]]]
// CHECK: arith.cmpf ogt, %[[KTH]], %[[E]] : f16
// CHECK: %[[ENTERS:.*]] = arith.select %[[FULL]], %{{.*}}, %{{.*}} : i1
// CHECK: scf.if %[[ENTERS]]
// CHECK: scf.while
// CHECK: scf.condition
// CHECK: } do {
// CHECK: tensor.insert
// CHECK: tensor.insert
// CHECK: %[[POS:.*]] = arith.index_cast %[[J]] : index to i64
// CHECK: tensor.insert %[[POS]]
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @top_k_increasing(%x: tensor<2x5xf16>) -> (tensor<2x3xf16>, tensor<2x3xui64>) {
  %v, %i = dml.top_k %x, axis = 1, k = 3, direction = increasing : tensor<2x5xf16> -> tensor<2x3xf16>, tensor<2x3xui64>
  return %v, %i : tensor<2x3xf16>, tensor<2x3xui64>
}

// -----

// decreasing on unsigned integers compares with ugt; the axis may be any
// dimension (here the first: loops run over dimension 1 outside).
// CHECK-LABEL: func.func @top_k_decreasing_axis0
// CHECK: scf.for %[[COL:[a-z0-9_]+]] =
// CHECK: scf.for %[[J:[a-z0-9_]+]] =
// CHECK: tensor.extract %{{.*}}[%[[J]], %[[COL]]] : tensor<6x2xi32>
// CHECK: arith.cmpi ugt
// CHECK: arith.index_cast %[[J]] : index to i32
func.func @top_k_decreasing_axis0(%x: tensor<6x2xui32>) -> (tensor<4x2xui32>, tensor<4x2xui32>) {
  %v, %i = dml.top_k %x, axis = 0, k = 4, direction = decreasing : tensor<6x2xui32> -> tensor<4x2xui32>, tensor<4x2xui32>
  return %v, %i : tensor<4x2xui32>, tensor<4x2xui32>
}
