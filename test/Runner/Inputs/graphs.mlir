// Graphs whose intermediates live in the workspace (allocations.test).
func.func @logsoftmax_topk(%x: tensor<16x300xf32>) -> (tensor<16x4xf32>, tensor<16x4xui32>) {
  %m = dml.reduce %x, function = max, axes = [1] : tensor<16x300xf32> -> tensor<16x1xf32>
  %m1 = tensor.collapse_shape %m [[0, 1]] : tensor<16x1xf32> into tensor<16xf32>
  %e = tensor.empty() : tensor<16x300xf32>
  %mb = linalg.broadcast ins(%m1 : tensor<16xf32>) outs(%e : tensor<16x300xf32>) dimensions = [1]
  %d = arith.subf %x, %mb : tensor<16x300xf32>
  %lse = dml.reduce %d, function = log_sum_exp, axes = [1] : tensor<16x300xf32> -> tensor<16x1xf32>
  %l1 = tensor.collapse_shape %lse [[0, 1]] : tensor<16x1xf32> into tensor<16xf32>
  %lb = linalg.broadcast ins(%l1 : tensor<16xf32>) outs(%e : tensor<16x300xf32>) dimensions = [1]
  %ls = arith.subf %d, %lb : tensor<16x300xf32>
  %v, %i = dml.top_k %ls, axis = 1, k = 4, direction = decreasing : tensor<16x300xf32> -> tensor<16x4xf32>, tensor<16x4xui32>
  return %v, %i : tensor<16x4xf32>, tensor<16x4xui32>
}

func.func @gather_reduce(%t: tensor<1x100x64xf32>, %ids: tensor<1x16x8xi32>) -> tensor<16x1x64xf32> {
  %g = dml.gather %t, %ids, axis = 1, index_dimensions = 2 : (tensor<1x100x64xf32>, tensor<1x16x8xi32>) -> tensor<16x8x64xf32>
  %r = dml.reduce %g, function = sum, axes = [1] : tensor<16x8x64xf32> -> tensor<16x1x64xf32>
  return %r : tensor<16x1x64xf32>
}

// Large enough (65536 iterations) to run as an OpenMP region at 2 threads.
func.func @row_moments(%x: tensor<256x256xf32>) -> (tensor<256x1xf32>, tensor<256x1xf32>) {
  %m = dml.reduce %x, function = max, axes = [1] : tensor<256x256xf32> -> tensor<256x1xf32>
  %s = dml.reduce %x, function = sum, axes = [1] : tensor<256x256xf32> -> tensor<256x1xf32>
  return %m, %s : tensor<256x1xf32>, tensor<256x1xf32>
}
