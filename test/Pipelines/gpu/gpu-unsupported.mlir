// The GPU target has no top_k lowering yet: a clear error, no crash.
// RUN: dml-opt %s --dml-gpu-pipeline -verify-diagnostics -split-input-file

func.func @topk(%x: tensor<3x4xf32>) -> (tensor<3x2xf32>, tensor<3x2xui32>) {
  // expected-error @+1 {{dml-gpu-pipeline: dml.top_k is not supported on the GPU target yet}}
  %0, %1 = dml.top_k %x, axis = 1, k = 2, direction = decreasing : tensor<3x4xf32> -> tensor<3x2xf32>, tensor<3x2xui32>
  return %0, %1 : tensor<3x2xf32>, tensor<3x2xui32>
}
