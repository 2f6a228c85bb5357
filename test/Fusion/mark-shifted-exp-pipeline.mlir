// RUN: dml-opt %s --dml-to-linalg | FileCheck %s
// RUN: dml-opt %s --dml-to-linalg=fusion=false | FileCheck %s --check-prefix=UNFUSED

// softmax -> top_k after the fusion stage: the exp pass of the row block
// (exp(x - max) summed) is marked shifted and summed; the selection's
// prologue recomputes exp(x - max) in dml.select_top_k, which keeps the
// plain exp. LOG_SUM_EXP is marked too. Without fusion nothing is marked.
// CHECK-LABEL: func.func @softmax_top_k
// CHECK: linalg.generic
// CHECK: arith.maximumf
// CHECK: linalg.generic
// CHECK: math.exp %{{.*}} {dml.shifted_exp, dml.summed_exp} : f32
// CHECK: dml.select_top_k
// CHECK: math.exp %{{.*}} : f32
// CHECK-LABEL: func.func @log_sum_exp
// CHECK: math.exp %{{.*}} {dml.shifted_exp, dml.summed_exp} : f32
// UNFUSED-NOT: dml.shifted_exp
func.func @softmax_top_k(%x: tensor<64x4096xf32>) -> (tensor<64x8xf32>, tensor<64x8xui64>) {
  %max = dml.reduce %x, function = max, axes = [1] : tensor<64x4096xf32> -> tensor<64x1xf32>
  %e0 = tensor.empty() : tensor<64x4096xf32>
  %e = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max : tensor<64x4096xf32>, tensor<64x1xf32>) outs(%e0 : tensor<64x4096xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %ex = math.exp %d : f32
    linalg.yield %ex : f32
  } -> tensor<64x4096xf32>
  %sum = dml.reduce %e, function = sum, axes = [1] : tensor<64x4096xf32> -> tensor<64x1xf32>
  %p = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%e, %sum : tensor<64x4096xf32>, tensor<64x1xf32>) outs(%e0 : tensor<64x4096xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %q = arith.divf %a, %s : f32
    linalg.yield %q : f32
  } -> tensor<64x4096xf32>
  %v, %i = dml.top_k %p, axis = 1, k = 8, direction = decreasing : tensor<64x4096xf32> -> tensor<64x8xf32>, tensor<64x8xui64>
  return %v, %i : tensor<64x8xf32>, tensor<64x8xui64>
}

func.func @log_sum_exp(%x: tensor<64x4096xf32>) -> tensor<64x1xf32> {
  %r = dml.reduce %x, function = log_sum_exp, axes = [1] : tensor<64x4096xf32> -> tensor<64x1xf32>
  return %r : tensor<64x1xf32>
}
