// RUN: dml-opt %s --dml-to-linalg --split-input-file | FileCheck %s
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen --split-input-file | FileCheck %s --check-prefix=LOOPS
// RUN: dml-opt %s --dml-to-linalg="fusion=false" --split-input-file | FileCheck %s --check-prefix=UNFUSED

// Softmax over [256, 1000]: the row maxima, the sums and the output are
// computed for 8 rows at a time (8 x 4000 bytes of input per block), so the
// second and third passes read the rows from the cache. The reduced values
// are 8-element scratch tensors.
// CHECK-LABEL: func.func @softmax
// CHECK-SAME: (%[[X:.*]]: tensor<256x1000xf32>)
// CHECK: scf.forall (%[[R:.*]]) = (0) to (256) step (8) shared_outs(%[[OUT:.*]] = %{{.*}}) -> (tensor<256x1000xf32>)
// CHECK: %[[ROWS:.*]] = tensor.extract_slice %[[X]][%[[R]], 0] [8, 1000] [1, 1]
// CHECK: %[[MAX:.*]] = linalg.generic {{.*}}["parallel", "reduction"]{{.*}} ins(%[[ROWS]] : tensor<8x1000xf32>) outs(%{{.*}} : tensor<8xf32>)
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}}["parallel", "reduction"]{{.*}} ins(%[[ROWS]], %[[MAX]] : tensor<8x1000xf32>, tensor<8xf32>) outs(%{{.*}} : tensor<8xf32>)
// CHECK: %[[Y:.*]] = linalg.generic {{.*}}["parallel", "parallel"]{{.*}} ins(%[[ROWS]], %[[MAX]], %[[SUM]] : tensor<8x1000xf32>, tensor<8xf32>, tensor<8xf32>)
// CHECK: tensor.parallel_insert_slice %[[Y]] into %[[OUT]][%[[R]], 0] [8, 1000] [1, 1]
// The blocks are the parallel loop; the loops inside stay sequential.
// LOOPS-LABEL: func.func @softmax
// LOOPS: scf.parallel
// LOOPS-NOT: scf.parallel
// LOOPS: return
// UNFUSED-LABEL: func.func @softmax
// UNFUSED-NOT: scf.forall
func.func @softmax(%x: tensor<256x1000xf32>) -> tensor<256x1000xf32> {
  %m = dml.reduce %x, function = max, axes = [1] : tensor<256x1000xf32> -> tensor<256x1xf32>
  %mc = tensor.collapse_shape %m [[0, 1]] : tensor<256x1xf32> into tensor<256xf32>
  %e0 = tensor.empty() : tensor<256x1000xf32>
  %mb = linalg.broadcast ins(%mc : tensor<256xf32>) outs(%e0 : tensor<256x1000xf32>) dimensions = [1]
  %d = arith.subf %x, %mb : tensor<256x1000xf32>
  %e = math.exp %d : tensor<256x1000xf32>
  %s = dml.reduce %e, function = sum, axes = [1] : tensor<256x1000xf32> -> tensor<256x1xf32>
  %sc = tensor.collapse_shape %s [[0, 1]] : tensor<256x1xf32> into tensor<256xf32>
  %sb = linalg.broadcast ins(%sc : tensor<256xf32>) outs(%e0 : tensor<256x1000xf32>) dimensions = [1]
  %y = arith.divf %e, %sb : tensor<256x1000xf32>
  return %y : tensor<256x1000xf32>
}

// -----

// LOG_SUM_EXP (max, then the sum of exp(x - max), then max + log(sum)) and
// the one-pass arg_max over rows (value and index): the max and the arg_max
// are siblings (one pass over the input with three outputs); the sum and the
// post-ops run by blocks of 8 rows.
// CHECK-LABEL: func.func @row_chains
// CHECK: %[[PASS1:.*]]:3 = linalg.generic {{.*}}["parallel", "reduction"]{{.*}} ins(%{{.*}} : tensor<512x1024xf32>) outs(%{{.*}}, %{{.*}}, %{{.*}} : tensor<512xf32>, tensor<512xf32>, tensor<512xi32>)
// CHECK: arith.maximumf
// CHECK: arith.select
// CHECK: scf.forall (%{{.*}}) = (0) to (512) step (8) shared_outs({{.*}}) -> (tensor<512xf32>)
// CHECK: tensor.extract_slice %[[PASS1]]#0
// CHECK: linalg.generic {{.*}}["parallel", "reduction"]{{.*}} ins(%{{.*}}, %{{.*}} : tensor<8x1024xf32>, tensor<8xf32>)
// CHECK: linalg.generic {{.*}}["parallel"]
// CHECK: scf.forall.in_parallel
// CHECK-NOT: scf.forall
func.func @row_chains(%x: tensor<512x1024xf32>) -> (tensor<512x1xf32>, tensor<512x1xui32>) {
  %l = dml.reduce %x, function = log_sum_exp, axes = [1] : tensor<512x1024xf32> -> tensor<512x1xf32>
  %a = dml.arg_max %x, axes = [1], direction = increasing : tensor<512x1024xf32> -> tensor<512x1xui32>
  return %l, %a : tensor<512x1xf32>, tensor<512x1xui32>
}

// -----

// Not tiled: inputs below 65536 elements (the cache holds them anyway), a
// single reduction (nothing to fuse), and a chain whose intermediate is
// also a result (it must be written whole).
// CHECK-LABEL: func.func @small
// CHECK-NOT: scf.forall
// CHECK-LABEL: func.func @single
// CHECK-NOT: scf.forall
// CHECK-LABEL: func.func @shared_max
// CHECK-NOT: scf.forall
// CHECK: return
func.func @small(%x: tensor<64x1000xf32>) -> tensor<64x1xf32> {
  %l = dml.reduce %x, function = log_sum_exp, axes = [1] : tensor<64x1000xf32> -> tensor<64x1xf32>
  return %l : tensor<64x1xf32>
}
func.func @single(%x: tensor<512x1024xf32>) -> tensor<512x1xf32> {
  %s = dml.reduce %x, function = sum, axes = [1] : tensor<512x1024xf32> -> tensor<512x1xf32>
  return %s : tensor<512x1xf32>
}
func.func @shared_max(%x: tensor<512x1024xf32>) -> (tensor<512x1xf32>, tensor<512x1024xf32>) {
  %m = dml.reduce %x, function = max, axes = [1] : tensor<512x1024xf32> -> tensor<512x1xf32>
  %mc = tensor.collapse_shape %m [[0, 1]] : tensor<512x1xf32> into tensor<512xf32>
  %e0 = tensor.empty() : tensor<512x1024xf32>
  %mb = linalg.broadcast ins(%mc : tensor<512xf32>) outs(%e0 : tensor<512x1024xf32>) dimensions = [1]
  %d = arith.subf %x, %mb : tensor<512x1024xf32>
  return %m, %d : tensor<512x1xf32>, tensor<512x1024xf32>
}
