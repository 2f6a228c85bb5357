// RUN: dml-opt %s --convert-dml-to-linalg --split-input-file | FileCheck %s

// One pass with two outputs (best value, flat index row-major over the
// reduced axes), also when the innermost axis is reduced: the element
// replaces the best when greater in the total order (unordered-or-greater
// than a best that is a number: NaN is the greatest, the first one wins).
// The window has 9 elements, so the flat index is i32.
// CHECK-LABEL: func.func @arg_max_all_axes
// CHECK: %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[BINIT:.*]] = linalg.fill ins(%[[NEGINF]] : f32) outs(%{{.*}} : tensor<f32>)
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[IINIT:.*]] = linalg.fill ins(%[[ZERO]] : i32) outs(%{{.*}} : tensor<i32>)
// CHECK: %[[R:.*]]:2 = linalg.generic {{.*}}iterator_types = ["reduction", "reduction"]{{.*}} ins(%{{.*}} : tensor<3x3xf32>) outs(%[[BINIT]], %[[IINIT]] : tensor<f32>, tensor<i32>)
// CHECK: ^bb0(%[[E:.*]]: f32, %[[B:.*]]: f32, %[[I:.*]]: i32):
// CHECK: %[[UGT:.*]] = arith.cmpf ugt, %[[E]], %[[B]] : f32
// CHECK: %[[NUM:.*]] = arith.cmpf ord, %[[B]], %[[B]] : f32
// CHECK: %[[BETTER:.*]] = arith.andi %[[UGT]], %[[NUM]] : i1
// CHECK-DAG: linalg.index 1
// CHECK-DAG: arith.constant 3 : i32
// CHECK-DAG: linalg.index 0
// CHECK: %[[NB:.*]] = arith.select %[[BETTER]], %[[E]], %[[B]] : f32
// CHECK: %[[NI:.*]] = arith.select %[[BETTER]], %{{.*}}, %[[I]] : i32
// CHECK: linalg.yield %[[NB]], %[[NI]] : f32, i32
// CHECK-NOT: arith.trunci
// CHECK: tensor.expand_shape %[[R]]#1 [] output_shape [1, 1] : tensor<i32> into tensor<1x1xi32>
func.func @arg_max_all_axes(%x: tensor<3x3xf32>) -> tensor<1x1xui32> {
  %a = dml.arg_max %x, axes = [1, 0], direction = increasing : tensor<3x3xf32> -> tensor<1x1xui32>
  return %a : tensor<1x1xui32>
}

// -----

// decreasing picks the last index (the best does not beat the element);
// arg_min seeds the best with NaN, the greatest value, so that any number
// replaces it. The i32 flat index is zero-extended to the i64 result.
// CHECK-LABEL: func.func @arg_min_decreasing
// CHECK: %[[NAN:.*]] = arith.constant 0x7FC00000 : f32
// CHECK: linalg.fill ins(%[[NAN]] : f32)
// CHECK: ^bb0(%[[E:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: i32):
// CHECK: arith.cmpf ugt, %[[E]], %[[B]] : f32
// CHECK: arith.xori
// CHECK: arith.extui %{{.*}} : i32 to i64
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [3, 1] : tensor<3xi64> into tensor<3x1xi64>
func.func @arg_min_decreasing(%x: tensor<3x3xf32>) -> tensor<3x1xi64> {
  %a = dml.arg_min %x, axes = [1], direction = decreasing : tensor<3x3xf32> -> tensor<3x1xi64>
  return %a : tensor<3x1xi64>
}

// -----

// Integer inputs compare with the signedness of the DirectML type.
// CHECK-LABEL: func.func @arg_max_unsigned
// CHECK: arith.constant 0 : i8
// CHECK: arith.cmpi ugt
// CHECK-LABEL: func.func @arg_min_signed
// CHECK: arith.constant 127 : i8
// CHECK: arith.cmpi sgt
func.func @arg_max_unsigned(%x: tensor<4x5xui8>) -> tensor<4x1xi32> {
  %a = dml.arg_max %x, axes = [1], direction = increasing : tensor<4x5xui8> -> tensor<4x1xi32>
  return %a : tensor<4x1xi32>
}
func.func @arg_min_signed(%x: tensor<4x5xi8>) -> tensor<4x1xi32> {
  %a = dml.arg_min %x, axes = [1], direction = increasing : tensor<4x5xi8> -> tensor<4x1xi32>
  return %a : tensor<4x1xi32>
}

// -----

// The innermost dimension kept: one pass with two outputs (best value and
// its flat index), updated in row-major iteration order. increasing keeps
// the first extreme (strict comparison); decreasing the last (the current
// best does not beat the element).
// CHECK-LABEL: func.func @arg_max_columns_single_pass
// CHECK-DAG: %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK-DAG: %[[BEST:.*]] = linalg.fill ins(%[[NEGINF]] : f32) outs(%{{.*}} : tensor<5xf32>)
// CHECK-DAG: %[[IDX:.*]] = linalg.fill ins(%{{.*}} : i32) outs(%{{.*}} : tensor<5xi32>)
// CHECK: %[[R:.*]]:2 = linalg.generic {{.*}}iterator_types = ["reduction", "parallel"]{{.*}} ins(%{{.*}} : tensor<4x5xf32>) outs(%[[BEST]], %[[IDX]] : tensor<5xf32>, tensor<5xi32>)
// CHECK: ^bb0(%[[E:.*]]: f32, %[[B:.*]]: f32, %[[I:.*]]: i32):
// CHECK: %[[GT:.*]] = arith.cmpf ugt, %[[E]], %[[B]] : f32
// CHECK: %[[NUM:.*]] = arith.cmpf ord, %[[B]], %[[B]] : f32
// CHECK: %[[BETTER:.*]] = arith.andi %[[GT]], %[[NUM]] : i1
// CHECK: %[[ROW:.*]] = linalg.index 0 : index
// CHECK: %[[NB:.*]] = arith.select %[[BETTER]], %[[E]], %[[B]] : f32
// CHECK: %[[NI:.*]] = arith.select %[[BETTER]], %{{.*}}, %[[I]] : i32
// CHECK: linalg.yield %[[NB]], %[[NI]] : f32, i32
// CHECK: arith.extui %{{.*}} : i32 to i64
// CHECK: tensor.expand_shape
// CHECK-LABEL: func.func @arg_min_columns_last
// CHECK: arith.constant 0x7FC00000 : f32
// CHECK: arith.cmpf ugt, %[[B2:.*]], %[[E2:.*]] : f32
// CHECK: arith.xori
func.func @arg_max_columns_single_pass(%x: tensor<4x5xf32>) -> tensor<1x5xi64> {
  %a = dml.arg_max %x, axes = [0], direction = increasing : tensor<4x5xf32> -> tensor<1x5xi64>
  return %a : tensor<1x5xi64>
}
func.func @arg_min_columns_last(%x: tensor<4x5xf32>) -> tensor<1x5xi64> {
  %a = dml.arg_min %x, axes = [0], direction = decreasing : tensor<4x5xf32> -> tensor<1x5xi64>
  return %a : tensor<1x5xi64>
}
