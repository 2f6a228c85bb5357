// The GPU target has no top_k lowering yet: a clear error, no crash.
// RUN: dml-opt %s --dml-gpu-pipeline -verify-diagnostics -split-input-file

func.func @topk(%x: tensor<3x4xf32>) -> (tensor<3x2xf32>, tensor<3x2xui32>) {
  // expected-error @+1 {{dml-gpu-pipeline: dml.top_k is not supported on the GPU target yet}}
  %0, %1 = dml.top_k %x, axis = 1, k = 2, direction = decreasing : tensor<3x4xf32> -> tensor<3x2xf32>, tensor<3x2xui32>
  return %0, %1 : tensor<3x2xf32>, tensor<3x2xui32>
}

// -----

// Its structured form (what stage 1 makes of dml.top_k) is rejected too.
func.func @select(%x: tensor<4x1000xf32>, %v: tensor<4x5xf32>, %i: tensor<4x5xi32>) -> (tensor<4x5xf32>, tensor<4x5xi32>) {
  // expected-error @+1 {{dml-gpu-pipeline: dml.select_top_k is not supported on the GPU target yet}}
  %r:2 = dml.select_top_k ins(%x : tensor<4x1000xf32>) outs(%v, %i : tensor<4x5xf32>, tensor<4x5xi32>) axis = 1 k = 5 direction = decreasing -> tensor<4x5xf32>, tensor<4x5xi32>
  return %r#0, %r#1 : tensor<4x5xf32>, tensor<4x5xi32>
}
