// Max/min reductions combined by arith.maximumf/minimumf over the innermost
// dimension: the vector lanes take the plain max (fastmath nnan nsz, one
// vmaxps) and keep a NaN flag per lane (cmpf uno, ori) instead of the exact
// lowering's blends and compares on every element; after the loop a
// flagged lane becomes NaN and the exact reduction of the lanes propagates
// it. The scalar remainder stays exact. Sibling sums are unchanged.
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen | FileCheck %s

// CHECK-LABEL: func.func @max_sum_square
// CHECK-DAG: %[[NAN:.*]] = arith.constant dense<0x7FC00000> : vector<16xf32>
// CHECK-DAG: %[[CLEAR:.*]] = arith.constant dense<false> : vector<16xi1>
// CHECK: %[[LANES:.*]]:16 = scf.for %{{.*}} iter_args(%[[MAX:[a-z0-9_]+]] = %{{[a-z0-9_]+}}, %[[SUM:[a-z0-9_]+]] = %{{[a-z0-9_]+}}, %[[SQ:[a-z0-9_]+]] = %{{[a-z0-9_]+}}, %[[FLAG:[a-z0-9_]+]] = %[[CLEAR]], {{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xi1>,
// CHECK: %[[X:.*]] = vector.load
// CHECK-DAG: arith.addf %[[SUM]], %[[X]] : vector<16xf32>
// CHECK-DAG: %[[NEWMAX:.*]] = arith.maximumf %[[MAX]], %[[X]] fastmath<nnan,nsz> : vector<16xf32>
// CHECK-DAG: %[[ISNAN:.*]] = arith.cmpf uno, %[[X]], %[[X]] : vector<16xf32>
// CHECK-DAG: %[[NEWFLAG:.*]] = arith.ori %[[FLAG]], %[[ISNAN]] : vector<16xi1>
// CHECK: scf.yield %[[NEWMAX]], %{{.*}}, %{{.*}}, %[[NEWFLAG]],
// CHECK: %[[ROW:.*]] = arith.select %[[LANES]]#3, %[[NAN]], %[[LANES]]#0 : vector<16xi1>, vector<16xf32>
// CHECK: vector.reduction <maximumf>, %[[ROW]] : vector<16xf32> into f32
// CHECK: vector.reduction <add>, %[[LANES]]#1
func.func @max_sum_square(%x: tensor<8x4096xf32>) -> (tensor<8x1xf32>, tensor<8x1xf32>, tensor<8x1xf32>) {
  %0 = dml.reduce %x, function = max, axes = [1] : tensor<8x4096xf32> -> tensor<8x1xf32>
  %1 = dml.reduce %x, function = sum, axes = [1] : tensor<8x4096xf32> -> tensor<8x1xf32>
  %2 = dml.reduce %x, function = sum_square, axes = [1] : tensor<8x4096xf32> -> tensor<8x1xf32>
  return %0, %1, %2 : tensor<8x1xf32>, tensor<8x1xf32>, tensor<8x1xf32>
}

// One row at a time over a 4-register chunk; the remainder (300 = 4 * 64 + 44)
// is scalar and exact.
// CHECK-LABEL: func.func @max_remainder
// CHECK: %[[LANES:.*]]:2 = scf.for {{.*}} -> (vector<64xf32>, vector<64xi1>)
// CHECK: arith.maximumf %{{.*}}, %{{.*}} fastmath<nnan,nsz> : vector<64xf32>
// CHECK: %[[REST:.*]] = scf.for {{.*}} -> (f32)
// CHECK: arith.maximumf %{{.*}}, %{{.*}} : f32
// CHECK: arith.select %[[LANES]]#1, %{{.*}}, %[[LANES]]#0 : vector<64xi1>, vector<64xf32>
// CHECK: vector.reduction <maximumf>
// CHECK: arith.maximumf %{{.*}}, %[[REST]] : f32
func.func @max_remainder(%x: tensor<5x300xf32>) -> tensor<5x1xf32> {
  %0 = dml.reduce %x, function = max, axes = [1] : tensor<5x300xf32> -> tensor<5x1xf32>
  return %0 : tensor<5x1xf32>
}
