// RUN: dml-opt %s --dml-to-linalg --split-input-file | FileCheck %s
// RUN: dml-opt %s --dml-to-linalg="fusion=false" --split-input-file | FileCheck %s --check-prefix=UNFUSED

// Embedding bag: dml.gather -> dml.reduce sum. The [512, 32, 768] gathered
// tensor is gone: one reduction reads the ids and the table rows directly.
// CHECK-LABEL: func.func @embedding_bag
// CHECK-SAME: (%[[TABLE:.*]]: tensor<1x50257x768xf32>, %[[IDS:.*]]: tensor<1x512x32xi32>)
// CHECK-NOT: tensor<512x32x768xf32>
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction", "parallel"]{{.*}} ins(%[[IDS]] : tensor<1x512x32xi32>) outs(%{{.*}} : tensor<512x768xf32>)
// CHECK: ^bb0(%[[ID:.*]]: i32, %[[ACC:.*]]: f32):
// CHECK: arith.minsi
// CHECK: %[[ROW:.*]] = tensor.extract %[[TABLE]][%{{.*}}, %{{.*}}, %{{.*}}] : tensor<1x50257x768xf32>
// CHECK: %[[NEXT:.*]] = arith.addf %[[ACC]], %[[ROW]] : f32
// CHECK: linalg.yield %[[NEXT]]
// CHECK-NOT: linalg.generic
// UNFUSED-LABEL: func.func @embedding_bag
// UNFUSED: } -> tensor<512x32x768xf32>
// UNFUSED: linalg.generic {{.*}} ins(%{{.*}} : tensor<512x32x768xf32>)
func.func @embedding_bag(%t: tensor<1x50257x768xf32>, %ids: tensor<1x512x32xi32>) -> tensor<512x1x768xf32> {
  %g = dml.gather %t, %ids, axis = 1, index_dimensions = 2 : (tensor<1x50257x768xf32>, tensor<1x512x32xi32>) -> tensor<512x32x768xf32>
  %s = dml.reduce %g, function = sum, axes = [1] : tensor<512x32x768xf32> -> tensor<512x1x768xf32>
  return %s : tensor<512x1x768xf32>
}

// -----

// dml.one_hot -> dml.reduce max over the depth axis: the one-hot tensor is
// computed where the reduction reads it. Nothing the fused op reads spans
// the depth, so it gets a constant i8 "shape operand" that bounds that loop
// (its loads are dead; no buffer is allocated for it).
// CHECK-LABEL: func.func @one_hot_reduce
// CHECK-SAME: (%[[I:.*]]: tensor<6x1xi32>, %[[V:.*]]: tensor<1x2xf32>)
// CHECK-NOT: tensor<6x10xf32>
// CHECK: %[[SHAPE:.*]] = arith.constant dense<0> : tensor<10xi8>
// CHECK-NOT: tensor<6x10xf32>
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} ins(%[[I]], %[[SHAPE]] : tensor<6x1xi32>, tensor<10xi8>)
// CHECK: arith.maximumf
// CHECK-NOT: linalg.generic
// UNFUSED-LABEL: func.func @one_hot_reduce
// UNFUSED: } -> tensor<6x10xf32>
func.func @one_hot_reduce(%i: tensor<6x1xi32>, %v: tensor<1x2xf32>) -> tensor<6x1xf32> {
  %o = dml.one_hot %i, %v, axis = 1 : (tensor<6x1xi32>, tensor<1x2xf32>) -> tensor<6x10xf32>
  %m = dml.reduce %o, function = max, axes = [1] : tensor<6x10xf32> -> tensor<6x1xf32>
  return %m : tensor<6x1xf32>
}

// -----

// Softmax: exp(x - max) is read by the sum and by the division. It is
// cloned for each reader and fused into both, so no [8, 100] tensor but the
// result remains; the broadcasts (linalg.broadcast, generalized) fuse too.
// CHECK-LABEL: func.func @softmax
// CHECK-SAME: (%[[X:.*]]: tensor<8x100xf32>)
// CHECK: %[[MAX:.*]] = linalg.generic {{.*}}["parallel", "reduction"]{{.*}} ins(%[[X]] : tensor<8x100xf32>)
// CHECK: arith.maximumf
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}}["parallel", "reduction"]{{.*}} ins(%[[X]], %[[MAX]] : tensor<8x100xf32>, tensor<8xf32>)
// CHECK: arith.subf
// CHECK: math.exp
// CHECK: arith.addf
// CHECK: %[[Y:.*]] = linalg.generic {{.*}}["parallel", "parallel"]{{.*}} ins(%[[X]], %[[MAX]], %[[SUM]] : tensor<8x100xf32>, tensor<8xf32>, tensor<8xf32>) outs(%{{.*}} : tensor<8x100xf32>)
// CHECK: arith.subf
// CHECK: math.exp
// CHECK: arith.divf
// CHECK-NOT: linalg.generic
// CHECK: return
// UNFUSED-LABEL: func.func @softmax
// UNFUSED-COUNT-5: } -> tensor<8x100xf32>
func.func @softmax(%x: tensor<8x100xf32>) -> tensor<8x100xf32> {
  %m = dml.reduce %x, function = max, axes = [1] : tensor<8x100xf32> -> tensor<8x1xf32>
  %mc = tensor.collapse_shape %m [[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
  %e0 = tensor.empty() : tensor<8x100xf32>
  %mb = linalg.broadcast ins(%mc : tensor<8xf32>) outs(%e0 : tensor<8x100xf32>) dimensions = [1]
  %d = arith.subf %x, %mb : tensor<8x100xf32>
  %e = math.exp %d : tensor<8x100xf32>
  %s = dml.reduce %e, function = sum, axes = [1] : tensor<8x100xf32> -> tensor<8x1xf32>
  %sc = tensor.collapse_shape %s [[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
  %sb = linalg.broadcast ins(%sc : tensor<8xf32>) outs(%e0 : tensor<8x100xf32>) dimensions = [1]
  %y = arith.divf %e, %sb : tensor<8x100xf32>
  return %y : tensor<8x100xf32>
}

// -----

// An elementwise producer of an arg reduction over the innermost axis
// (one pass, value and index): the pass computes x * x itself.
// CHECK-LABEL: func.func @scaled_arg_max
// CHECK-SAME: (%[[X:.*]]: tensor<4x64xf32>)
// CHECK: linalg.generic {{.*}}["parallel", "reduction"]{{.*}} ins(%[[X]] : tensor<4x64xf32>)
// CHECK: arith.mulf
// CHECK-NOT: tensor<4x64xf32>
// CHECK: return
func.func @scaled_arg_max(%x: tensor<4x64xf32>) -> tensor<4x1xui32> {
  %y = arith.mulf %x, %x : tensor<4x64xf32>
  %a = dml.arg_max %y, axes = [1], direction = increasing : tensor<4x64xf32> -> tensor<4x1xui32>
  return %a : tensor<4x1xui32>
}

// -----

// A producer that is also a result of the function must be written anyway:
// it is not cloned, and the reduction reads it (no second computation).
// CHECK-LABEL: func.func @shared_with_result
// CHECK: %[[E:.*]] = linalg.generic {{.*}}["parallel", "parallel"]
// CHECK: math.exp
// CHECK: linalg.generic {{.*}}["parallel", "reduction"]{{.*}} ins(%[[E]] : tensor<4x64xf32>)
// CHECK-NOT: math.exp
// CHECK: return %[[E]]
func.func @shared_with_result(%x: tensor<4x64xf32>) -> (tensor<4x64xf32>, tensor<4x1xf32>) {
  %e = math.exp %x : tensor<4x64xf32>
  %s = dml.reduce %e, function = sum, axes = [1] : tensor<4x64xf32> -> tensor<4x1xf32>
  return %e, %s : tensor<4x64xf32>, tensor<4x1xf32>
}
