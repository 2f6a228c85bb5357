// RUN: dml-opt %s --convert-dml-to-linalg --split-input-file | FileCheck %s

// Signed indices: negative values wrap by the axis size, then clamp. The
// indices are an input of the generic (map: output coordinates -> index
// coordinates), so that fusion sees what the op reads.
// CHECK-DAG: #[[$IMAP:.*]] = affine_map<(d0, d1) -> (0, d0)>
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @gather_rows_signed
// CHECK-SAME: (%[[X:.*]]: tensor<3x2xf32>, %[[J:.*]]: tensor<1x4xi32>) -> tensor<4x2xf32>
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<4x2xf32>
// CHECK: linalg.generic {indexing_maps = [#[[$IMAP]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[J]] : tensor<1x4xi32>) outs(%[[EMPTY]] : tensor<4x2xf32>)
// CHECK: ^bb0(%[[I:.*]]: i32, %{{.*}}: f32):
// CHECK: %[[O1:.*]] = linalg.index 1 : index
// 32-bit indices into an axis below 2^31 are normalized in i32.
// CHECK-NOT: arith.extsi
// CHECK-DAG: %[[SIZE:.*]] = arith.constant 3 : i32
// CHECK-DAG: %[[LAST:.*]] = arith.constant 2 : i32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[I]], %[[ZERO]] : i32
// CHECK: %[[WRAP:.*]] = arith.addi %[[I]], %[[SIZE]] : i32
// CHECK: %[[NORM:.*]] = arith.select %[[NEG]], %[[WRAP]], %[[I]] : i32
// CHECK: %[[LO:.*]] = arith.maxsi %[[NORM]], %[[ZERO]] : i32
// CHECK: %[[CLAMPED:.*]] = arith.minsi %[[LO]], %[[LAST]] : i32
// CHECK: %[[IDX:.*]] = arith.index_cast %[[CLAMPED]] : i32 to index
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

// 64-bit signed indices keep 64-bit arithmetic.
// CHECK-LABEL: func.func @gather_signed_i64
// CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} : i64
// CHECK: arith.minsi %{{.*}}, %{{.*}} : i64
// CHECK: arith.index_cast %{{.*}} : i64 to index
func.func @gather_signed_i64(%x: tensor<4xf32>, %j: tensor<5xi64>) -> tensor<5xf32> {
  %g = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<4xf32>, tensor<5xi64>) -> tensor<5xf32>
  return %g : tensor<5xf32>
}

// -----

// Unsigned 32-bit indices: an unsigned min in i32, then a sign-extending
// cast (the clamped value is below 2^31).
// CHECK-LABEL: func.func @gather_unsigned_i32
// CHECK-NOT: arith.extui
// CHECK: %[[M:.*]] = arith.minui %{{.*}}, %{{.*}} : i32
// CHECK: arith.index_cast %[[M]] : i32 to index
func.func @gather_unsigned_i32(%x: tensor<4xf32>, %j: tensor<5xui32>) -> tensor<5xf32> {
  %g = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<4xf32>, tensor<5xui32>) -> tensor<5xf32>
  return %g : tensor<5xf32>
}

// -----

// index_dimensions = 2 on a padded 3-D input: the output coordinate is
// right-aligned into the concatenated shape with one leading zero.
// CHECK: #[[$NESTED:.*]] = affine_map<(d0, d1, d2) -> (0, d1, d2)>
// CHECK-LABEL: func.func @gather_nested
// CHECK-SAME: (%[[X:.*]]: tensor<1x3x3xf32>, %[[J:.*]]: tensor<1x1x2xi32>)
// CHECK: linalg.generic {indexing_maps = [#[[$NESTED]], #{{.*}}], {{.*}} ins(%[[J]] : tensor<1x1x2xi32>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[O0:.*]] = linalg.index 0 : index
// CHECK: tensor.extract %[[X]][%[[C0]], %[[O0]], %{{.*}}] : tensor<1x3x3xf32>
func.func @gather_nested(%x: tensor<1x3x3xf32>, %j: tensor<1x1x2xui32>) -> tensor<3x1x2xf32> {
  %g = dml.gather %x, %j, axis = 2, index_dimensions = 2 : (tensor<1x3x3xf32>, tensor<1x1x2xui32>) -> tensor<3x1x2xf32>
  return %g : tensor<3x1x2xf32>
}
