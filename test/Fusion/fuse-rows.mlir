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

// softmax -> top_k: dml.select_top_k (with softmax's exp and division in
// its prologue) is tiled along its rows like a generic, so the maxima, the
// sums and the selection of each block of 8 rows read the block from the
// cache. The selection reads the block's maxima and sums (8-element
// scratch, no [N, 1] expand_shape) and writes its rows of the outputs.
// CHECK-LABEL: func.func @softmax_top_k
// CHECK-SAME: (%[[X:.*]]: tensor<256x2000xf32>)
// CHECK: scf.forall (%[[R:.*]]) = (0) to (256) step (8) shared_outs(%[[V:.*]] = %{{.*}}, %[[I:.*]] = %{{.*}}) -> (tensor<256x4xf32>, tensor<256x4xi32>)
// CHECK: %[[ROWS:.*]] = tensor.extract_slice %[[X]][%[[R]], 0] [8, 2000] [1, 1]
// CHECK: %[[MAX:.*]] = linalg.generic {{.*}}["parallel", "reduction"]{{.*}} ins(%[[ROWS]] : tensor<8x2000xf32>) outs(%{{.*}} : tensor<8xf32>)
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}}["parallel", "reduction"]{{.*}} ins(%[[ROWS]], %[[MAX]] : tensor<8x2000xf32>, tensor<8xf32>) outs(%{{.*}} : tensor<8xf32>)
// CHECK: math.exp
// CHECK: %[[VB:.*]] = tensor.extract_slice %[[V]][%[[R]], 0] [8, 4] [1, 1]
// CHECK: %[[IB:.*]] = tensor.extract_slice %[[I]][%[[R]], 0] [8, 4] [1, 1]
// CHECK: %[[SEL:.*]]:2 = dml.select_top_k ins(%[[ROWS]], %[[MAX]], %[[SUM]] : tensor<8x2000xf32>, tensor<8xf32>, tensor<8xf32>) outs(%[[VB]], %[[IB]] : tensor<8x4xf32>, tensor<8x4xi32>) axis = 1 k = 4 direction = decreasing maps = [#{{.*}}, #[[ROW:.*]], #[[ROW]]]
// CHECK: arith.subf
// CHECK: math.exp
// CHECK: arith.divf
// CHECK: tensor.parallel_insert_slice %[[SEL]]#0 into %[[V]][%[[R]], 0] [8, 4] [1, 1]
// CHECK: tensor.parallel_insert_slice %[[SEL]]#1 into %[[I]][%[[R]], 0] [8, 4] [1, 1]
// CHECK-NOT: linalg.generic
// CHECK: return
// The blocks are the parallel loop; the selection inside stays sequential.
// LOOPS-LABEL: func.func @softmax_top_k
// LOOPS: scf.parallel
// LOOPS-NOT: scf.parallel
// LOOPS: llvm.call_intrinsic "llvm.experimental.vector.compress"
// LOOPS-NOT: scf.parallel
// LOOPS: return
// UNFUSED-LABEL: func.func @softmax_top_k
// UNFUSED-NOT: scf.forall
// UNFUSED: dml.select_top_k ins(%{{.*}} : tensor<256x2000xf32>)
func.func @softmax_top_k(%x: tensor<256x2000xf32>) -> (tensor<256x4xf32>, tensor<256x4xui32>) {
  %max = dml.reduce %x, function = max, axes = [1] : tensor<256x2000xf32> -> tensor<256x1xf32>
  %e0 = tensor.empty() : tensor<256x2000xf32>
  %e = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max : tensor<256x2000xf32>, tensor<256x1xf32>) outs(%e0 : tensor<256x2000xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %ex = math.exp %d : f32
    linalg.yield %ex : f32
  } -> tensor<256x2000xf32>
  %sum = dml.reduce %e, function = sum, axes = [1] : tensor<256x2000xf32> -> tensor<256x1xf32>
  %p = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%e, %sum : tensor<256x2000xf32>, tensor<256x1xf32>) outs(%e0 : tensor<256x2000xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %q = arith.divf %a, %s : f32
    linalg.yield %q : f32
  } -> tensor<256x2000xf32>
  %v, %i = dml.top_k %p, axis = 1, k = 4, direction = decreasing : tensor<256x2000xf32> -> tensor<256x4xf32>, tensor<256x4xui32>
  return %v, %i : tensor<256x4xf32>, tensor<256x4xui32>
}

// -----

// log-softmax -> top_k (a sampling head): LOG_SUM_EXP's passes and the
// selection of x - lse run by blocks of 8 rows; max + log(sum) is in the
// selection's prologue (code generation evaluates it once per row).
// CHECK-LABEL: func.func @log_softmax_top_k
// CHECK: scf.forall (%[[R:.*]]) = (0) to (64) step (8)
// CHECK: %[[ROWS:.*]] = tensor.extract_slice %{{.*}}[%[[R]], 0] [8, 4096] [1, 1]
// CHECK: %[[MAX:.*]] = linalg.generic {{.*}}["parallel", "reduction"]{{.*}} ins(%[[ROWS]] : tensor<8x4096xf32>)
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}}["parallel", "reduction"]{{.*}} ins(%[[ROWS]], %[[MAX]] : tensor<8x4096xf32>, tensor<8xf32>)
// CHECK: dml.select_top_k ins(%[[ROWS]], %[[MAX]], %[[SUM]] : tensor<8x4096xf32>, tensor<8xf32>, tensor<8xf32>) {{.*}} axis = 1 k = 50
// CHECK: math.log
// CHECK: arith.subf
// CHECK: scf.forall.in_parallel
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @log_softmax_top_k(%x: tensor<64x4096xf32>) -> (tensor<64x50xf32>, tensor<64x50xui32>) {
  %lse = dml.reduce %x, function = log_sum_exp, axes = [1] : tensor<64x4096xf32> -> tensor<64x1xf32>
  %e0 = tensor.empty() : tensor<64x4096xf32>
  %l = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %lse : tensor<64x4096xf32>, tensor<64x1xf32>) outs(%e0 : tensor<64x4096xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    linalg.yield %d : f32
  } -> tensor<64x4096xf32>
  %v, %i = dml.top_k %l, axis = 1, k = 50, direction = decreasing : tensor<64x4096xf32> -> tensor<64x50xf32>, tensor<64x50xui32>
  return %v, %i : tensor<64x50xf32>, tensor<64x50xui32>
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

// -----

// A reduction of a reduction's one-element result: the rank-0 result reaches
// the second reduction through an expand_shape that is not folded into the
// read, because the read is at the loop index, the only bound of that loop
// (folding it made the generic invalid: "indexing maps are non-invertible").
// CHECK-LABEL: func.func @reduce_of_single_element
// CHECK: %[[FIRST:.*]]:2 = linalg.generic {{.*}}iterator_types = ["reduction"]{{.*}} ins(%{{.*}} : tensor<695xi64>)
// CHECK: %[[ONE:.*]] = tensor.expand_shape %[[FIRST]]#1 [] output_shape [1] : tensor<i32> into tensor<1xi32>
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction"]{{.*}} ins(%[[ONE]] : tensor<1xi32>)
func.func @reduce_of_single_element(%x: tensor<695xi64>) -> tensor<1xi32> {
  %a = dml.reduce %x, function = argmin, axes = [0] : tensor<695xi64> -> tensor<1xi32>
  %b = dml.reduce %a, function = argmin, axes = [0] : tensor<1xi32> -> tensor<1xi32>
  return %b : tensor<1xi32>
}
