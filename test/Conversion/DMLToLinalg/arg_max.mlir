// RUN: dml-opt %s --convert-dml-to-linalg --split-input-file | FileCheck %s

// Two reductions with plain combiners: the maximum (maximumf: NaN is the
// greatest), then the smallest flat index (row-major over the reduced axes)
// whose element equals it, NaN matching NaN.
// CHECK-LABEL: func.func @arg_max_all_axes
// CHECK: %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[MINIT:.*]] = linalg.fill ins(%[[NEGINF]] : f32) outs(%{{.*}} : tensor<f32>)
// CHECK: %[[M:.*]] = linalg.generic {{.*}}iterator_types = ["reduction", "reduction"]{{.*}} outs(%[[MINIT]] : tensor<f32>)
// CHECK: arith.maximumf
// CHECK: %[[BIG:.*]] = arith.constant 9223372036854775807 : i64
// CHECK: %[[IINIT:.*]] = linalg.fill ins(%[[BIG]] : i64)
// CHECK: %[[IDX:.*]] = linalg.generic {{.*}}iterator_types = ["reduction", "reduction"]{{.*}} ins(%{{.*}}, %[[M]] : tensor<3x3xf32>, tensor<f32>) outs(%[[IINIT]] : tensor<i64>)
// CHECK: ^bb0(%[[E:.*]]: f32, %[[MAX:.*]]: f32, %[[ACC:.*]]: i64):
// CHECK-DAG: linalg.index 0
// CHECK-DAG: arith.constant 3 : i64
// CHECK-DAG: linalg.index 1
// CHECK: %[[EQ:.*]] = arith.cmpf oeq, %[[E]], %[[MAX]] : f32
// CHECK: %[[ENAN:.*]] = arith.cmpf uno, %[[E]], %[[E]] : f32
// CHECK: %[[MNAN:.*]] = arith.cmpf uno, %[[MAX]], %[[MAX]] : f32
// CHECK: %[[BOTH:.*]] = arith.andi %[[ENAN]], %[[MNAN]] : i1
// CHECK: %[[MATCH:.*]] = arith.ori %[[EQ]], %[[BOTH]] : i1
// CHECK: %[[CAND:.*]] = arith.select %[[MATCH]]
// CHECK: arith.minsi %[[CAND]], %[[ACC]] : i64
// CHECK: linalg.generic
// CHECK: arith.trunci %{{.*}} : i64 to i32
// CHECK: tensor.expand_shape %{{.*}} [] output_shape [1, 1] : tensor<i32> into tensor<1x1xi32>
func.func @arg_max_all_axes(%x: tensor<3x3xf32>) -> tensor<1x1xui32> {
  %a = dml.arg_max %x, axes = [1, 0], direction = increasing : tensor<3x3xf32> -> tensor<1x1xui32>
  return %a : tensor<1x1xui32>
}

// -----

// decreasing picks the last index (maxsi, sentinel -1); arg_min uses minnumf
// seeded with NaN (NaN only wins when the whole window is NaN).
// CHECK-LABEL: func.func @arg_min_decreasing
// CHECK: %[[NAN:.*]] = arith.constant 0x7FC00000 : f32
// CHECK: linalg.fill ins(%[[NAN]] : f32)
// CHECK: arith.minnumf
// CHECK: arith.constant -1 : i64
// CHECK: arith.maxsi
// CHECK-NOT: arith.trunci
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [3, 1] : tensor<3xi64> into tensor<3x1xi64>
func.func @arg_min_decreasing(%x: tensor<3x3xf32>) -> tensor<3x1xi64> {
  %a = dml.arg_min %x, axes = [1], direction = decreasing : tensor<3x3xf32> -> tensor<3x1xi64>
  return %a : tensor<3x1xi64>
}

// -----

// Integer inputs compare with the signedness of the DirectML type.
// CHECK-LABEL: func.func @arg_max_unsigned
// CHECK: arith.constant 0 : i8
// CHECK: arith.maxui
// CHECK: arith.cmpi eq
// CHECK-LABEL: func.func @arg_min_signed
// CHECK: arith.constant 127 : i8
// CHECK: arith.minsi
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
// CHECK-DAG: %[[IDX:.*]] = linalg.fill ins(%{{.*}} : i64) outs(%{{.*}} : tensor<5xi64>)
// CHECK: %[[R:.*]]:2 = linalg.generic {{.*}}iterator_types = ["reduction", "parallel"]{{.*}} ins(%{{.*}} : tensor<4x5xf32>) outs(%[[BEST]], %[[IDX]] : tensor<5xf32>, tensor<5xi64>)
// CHECK: ^bb0(%[[E:.*]]: f32, %[[B:.*]]: f32, %[[I:.*]]: i64):
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[E]], %[[B]] : f32
// CHECK: %[[BETTER:.*]] = arith.ori %[[GT]], %{{.*}} : i1
// CHECK: %[[ROW:.*]] = linalg.index 0 : index
// CHECK: %[[NB:.*]] = arith.select %[[BETTER]], %[[E]], %[[B]] : f32
// CHECK: %[[NI:.*]] = arith.select %[[BETTER]], %{{.*}}, %[[I]] : i64
// CHECK: linalg.yield %[[NB]], %[[NI]] : f32, i64
// CHECK: tensor.expand_shape %[[R]]#1
// CHECK-LABEL: func.func @arg_min_columns_last
// CHECK: arith.constant 0x7FC00000 : f32
// CHECK: arith.cmpf ogt, %[[B2:.*]], %[[E2:.*]] : f32
// CHECK: arith.xori
func.func @arg_max_columns_single_pass(%x: tensor<4x5xf32>) -> tensor<1x5xi64> {
  %a = dml.arg_max %x, axes = [0], direction = increasing : tensor<4x5xf32> -> tensor<1x5xi64>
  return %a : tensor<1x5xi64>
}
func.func @arg_min_columns_last(%x: tensor<4x5xf32>) -> tensor<1x5xi64> {
  %a = dml.arg_min %x, axes = [0], direction = decreasing : tensor<4x5xf32> -> tensor<1x5xi64>
  return %a : tensor<1x5xi64>
}
