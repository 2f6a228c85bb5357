// RUN: dml-opt %s --dml-to-linalg --split-input-file | FileCheck %s
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen --split-input-file | FileCheck %s --check-prefix=LOOPS
// RUN: dml-opt %s --dml-to-linalg="fusion=false" --split-input-file | FileCheck %s --check-prefix=UNFUSED

// The max, the sum and the sum of squares of the rows of one input: one
// generic with three results reads each row once (x * x of SUM_SQUARE is
// fused into it first).
// CHECK-LABEL: func.func @row_statistics
// CHECK-SAME: (%[[X:.*]]: tensor<64x1000xf32>)
// CHECK: %[[R:.*]]:3 = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} ins(%[[X]] : tensor<64x1000xf32>) outs(%{{.*}}, %{{.*}}, %{{.*}} : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>)
// CHECK: ^bb0(%[[IN:.*]]: f32, %[[M:.*]]: f32, %[[S:.*]]: f32, %[[Q:.*]]: f32):
// CHECK-DAG: %[[M2:.*]] = arith.maximumf %[[M]], %[[IN]] : f32
// CHECK-DAG: %[[S2:.*]] = arith.addf %[[S]], %[[IN]] : f32
// CHECK-DAG: %[[SQ:.*]] = arith.mulf %[[IN]], %[[IN]] : f32
// CHECK-DAG: %[[Q2:.*]] = arith.addf %[[Q]], %[[SQ]] : f32
// CHECK: linalg.yield %[[M2]], %[[S2]], %[[Q2]] : f32, f32, f32
// CHECK-NOT: linalg.generic
// The loop nest accumulates three sets of lanes and reduces each once.
// LOOPS-LABEL: func.func @row_statistics
// LOOPS: scf.for
// LOOPS-DAG: vector.reduction <maximumf>
// LOOPS-DAG: vector.reduction <add>
// LOOPS-NOT: linalg.
// UNFUSED-LABEL: func.func @row_statistics
// UNFUSED-COUNT-3: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
func.func @row_statistics(%x: tensor<64x1000xf32>) -> (tensor<64x1xf32>, tensor<64x1xf32>, tensor<64x1xf32>) {
  %m = dml.reduce %x, function = max, axes = [1] : tensor<64x1000xf32> -> tensor<64x1xf32>
  %s = dml.reduce %x, function = sum, axes = [1] : tensor<64x1000xf32> -> tensor<64x1xf32>
  %q = dml.reduce %x, function = sum_square, axes = [1] : tensor<64x1000xf32> -> tensor<64x1xf32>
  return %m, %s, %q : tensor<64x1xf32>, tensor<64x1xf32>, tensor<64x1xf32>
}

// -----

// A reduction that reads the other's result is not its sibling (the sum of
// exp(x - max) needs the max first); reductions over different axes of one
// input iterate differently and stay apart too.
// CHECK-LABEL: func.func @not_siblings
// CHECK-COUNT-4: linalg.generic
// CHECK-NOT: linalg.generic
func.func @not_siblings(%x: tensor<16x32xf32>) -> (tensor<16x1xf32>, tensor<1x32xf32>) {
  %lse = dml.reduce %x, function = log_sum_exp, axes = [1] : tensor<16x32xf32> -> tensor<16x1xf32>
  %cols = dml.reduce %x, function = sum, axes = [0] : tensor<16x32xf32> -> tensor<1x32xf32>
  return %lse, %cols : tensor<16x1xf32>, tensor<1x32xf32>
}

// -----

// An op between the two siblings that uses the first one's result moves
// after the merged op.
// CHECK-LABEL: func.func @user_in_between
// CHECK: %[[R:.*]]:2 = linalg.generic
// CHECK: arith.maximumf
// CHECK: arith.minnumf
// CHECK: tensor.expand_shape %[[R]]#0
// CHECK: tensor.expand_shape %[[R]]#1
func.func @user_in_between(%x: tensor<16x32xf32>) -> (tensor<16x1xf32>, tensor<16x1xf32>) {
  %m = dml.reduce %x, function = max, axes = [1] : tensor<16x32xf32> -> tensor<16x1xf32>
  %n = dml.reduce %x, function = min, axes = [1] : tensor<16x32xf32> -> tensor<16x1xf32>
  return %m, %n : tensor<16x1xf32>, tensor<16x1xf32>
}

