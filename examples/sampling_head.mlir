// A sampling head compiled as one graph: log-softmax of the logits written
// with TOSA ops around dml ops, then the 50 best tokens. The fusion stage
// computes the log-softmax where top_k's selection reads it (no [64, 32000]
// intermediate), and the reductions' per-row values live in the kernel's
// workspace (no allocation per call).
func.func @main(%logits: tensor<64x32000xf32>) -> (tensor<64x50xf32>, tensor<64x50xui32>) {
  %max = dml.reduce %logits, function = max, axes = [1] : tensor<64x32000xf32> -> tensor<64x1xf32>
  %shifted = tosa.sub %logits, %max : (tensor<64x32000xf32>, tensor<64x1xf32>) -> tensor<64x32000xf32>
  %lse = dml.reduce %shifted, function = log_sum_exp, axes = [1] : tensor<64x32000xf32> -> tensor<64x1xf32>
  %logp = tosa.sub %shifted, %lse : (tensor<64x32000xf32>, tensor<64x1xf32>) -> tensor<64x32000xf32>
  %values, %tokens = dml.top_k %logp, axis = 1, k = 50, direction = decreasing
      : tensor<64x32000xf32> -> tensor<64x50xf32>, tensor<64x50xui32>
  return %values, %tokens : tensor<64x50xf32>, tensor<64x50xui32>
}
