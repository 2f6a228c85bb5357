// After the whole CPU pipeline, the kernel of a graph allocates nothing: its
// intermediates (a log-softmax's reduced and broadcast tensors, a gather's
// rows, arg_max's indices, top_k's per-block scratch under OpenMP) are
// views of the workspace, its last argument, recorded in
// dml.workspace_bytes.
// RUN: dml-opt %s --dml-cpu-pipeline | FileCheck %s --implicit-check-not=@malloc --implicit-check-not=@free --implicit-check-not=@aligned_alloc
// RUN: dml-opt %s --dml-cpu-pipeline=threads=2 | FileCheck %s --implicit-check-not=@malloc --implicit-check-not=@free --implicit-check-not=@aligned_alloc
// Control: without the workspace the same kernels call malloc.
// RUN: dml-opt %s --dml-cpu-pipeline=workspace=false | FileCheck %s --check-prefix=MALLOC

// MALLOC: llvm.call @malloc

// CHECK-LABEL: llvm.func @logsoftmax_topk(
// CHECK-SAME: dml.workspace_bytes = {{[1-9][0-9]*}}
func.func @logsoftmax_topk(%x: tensor<64x1000xf32>) -> (tensor<64x8xf32>, tensor<64x8xui32>) {
  %m = dml.reduce %x, function = max, axes = [1] : tensor<64x1000xf32> -> tensor<64x1xf32>
  %m1 = tensor.collapse_shape %m [[0, 1]] : tensor<64x1xf32> into tensor<64xf32>
  %e = tensor.empty() : tensor<64x1000xf32>
  %mb = linalg.broadcast ins(%m1 : tensor<64xf32>) outs(%e : tensor<64x1000xf32>) dimensions = [1]
  %d = arith.subf %x, %mb : tensor<64x1000xf32>
  %lse = dml.reduce %d, function = log_sum_exp, axes = [1] : tensor<64x1000xf32> -> tensor<64x1xf32>
  %l1 = tensor.collapse_shape %lse [[0, 1]] : tensor<64x1xf32> into tensor<64xf32>
  %lb = linalg.broadcast ins(%l1 : tensor<64xf32>) outs(%e : tensor<64x1000xf32>) dimensions = [1]
  %ls = arith.subf %d, %lb : tensor<64x1000xf32>
  %v, %i = dml.top_k %ls, axis = 1, k = 8, direction = decreasing : tensor<64x1000xf32> -> tensor<64x8xf32>, tensor<64x8xui32>
  return %v, %i : tensor<64x8xf32>, tensor<64x8xui32>
}

// The fused embedding bag needs no scratch at all: the sums are written into
// the out-param, viewed without its kept axis (dml-reshaped-results-in-place).
// CHECK-LABEL: llvm.func @gather_reduce(
// CHECK-SAME: dml.workspace_bytes = 0 :
func.func @gather_reduce(%t: tensor<1x1000x64xf32>, %ids: tensor<1x16x8xi32>) -> tensor<16x1x64xf32> {
  %g = dml.gather %t, %ids, axis = 1, index_dimensions = 2 : (tensor<1x1000x64xf32>, tensor<1x16x8xi32>) -> tensor<16x8x64xf32>
  %r = dml.reduce %g, function = sum, axes = [1] : tensor<16x8x64xf32> -> tensor<16x1x64xf32>
  return %r : tensor<16x1x64xf32>
}

// CHECK-LABEL: llvm.func @argmax_onehot(
// CHECK-SAME: dml.workspace_bytes = {{[1-9][0-9]*}}
func.func @argmax_onehot(%x: tensor<64x1000xf32>, %w: tensor<1x2xf32>) -> tensor<64x1000xf32> {
  %a = dml.arg_max %x, axes = [1], direction = increasing : tensor<64x1000xf32> -> tensor<64x1xui32>
  %o = dml.one_hot %a, %w, axis = 1 : (tensor<64x1xui32>, tensor<1x2xf32>) -> tensor<64x1000xf32>
  return %o : tensor<64x1000xf32>
}

// top_k alone: its scratch, one slot per block of rows.
// CHECK-LABEL: llvm.func @topk(
// CHECK-SAME: dml.workspace_bytes = {{[1-9][0-9]*}}
func.func @topk(%x: tensor<256x4096xf32>) -> (tensor<256x16xf32>, tensor<256x16xui32>) {
  %v, %i = dml.top_k %x, axis = 1, k = 16, direction = decreasing : tensor<256x4096xf32> -> tensor<256x16xf32>, tensor<256x16xui32>
  return %v, %i : tensor<256x16xf32>, tensor<256x16xui32>
}
