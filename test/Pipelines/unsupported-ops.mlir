// Ops the pipeline cannot compile are rejected by its first check
// (dml-check-supported-ops), naming the op, never "op was not bufferized" or
// "failed to legalize operation" stages later.
// RUN: dml-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect --dml-cpu-pipeline

func.func @conv(%x: tensor<1x8x8x3xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>) -> tensor<1x6x6x4xf32> {
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  // expected-error @+1 {{'tosa.conv2d' op is not supported by the dml pipeline (it compiles dml ops, TOSA elementwise, shape and reduction ops, and arith, math, tensor and linalg ops on static tensors; see docs/pipeline.md, "Mixed graphs")}}
  %y = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x6x6x4xf32>
  return %y : tensor<1x6x6x4xf32>
}

// -----

func.func @matmul(%a: tensor<4x8xf32>, %b: tensor<8x3xf32>) -> tensor<4x3xf32> {
  %e = tensor.empty() : tensor<4x3xf32>
  // expected-error @+1 {{'linalg.matmul' op is not supported by the dml pipeline}}
  %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x3xf32>) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  return %m : tensor<4x3xf32>
}

// -----

func.func @tosa_matmul(%a: tensor<1x4x8xf32>, %b: tensor<1x8x3xf32>) -> tensor<1x4x3xf32> {
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  // expected-error @+1 {{'tosa.matmul' op is not supported by the dml pipeline}}
  %m = tosa.matmul %a, %b, %zp, %zp : (tensor<1x4x8xf32>, tensor<1x8x3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x3xf32>
  return %m : tensor<1x4x3xf32>
}

// -----

// Control flow on tensors is not compiled either, even around dml ops.
func.func @scf_if(%x: tensor<4xf32>, %c: i1) -> tensor<1xf32> {
  // expected-error @+1 {{'scf.if' op is not supported by the dml pipeline}}
  %r = scf.if %c -> tensor<4xf32> {
    scf.yield %x : tensor<4xf32>
  } else {
    scf.yield %x : tensor<4xf32>
  }
  %s = dml.reduce %r, function = sum, axes = [0] : tensor<4xf32> -> tensor<1xf32>
  return %s : tensor<1xf32>
}

// -----

// An op of a dialect that is not registered at all.
func.func @unknown(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'foo.bar' op is not supported by the dml pipeline}}
  %y = "foo.bar"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// expected-error @+1 {{'func.func' op signature type 'tensor<?x4xf32>': tensors with dynamic sizes are not supported by the dml pipeline (static shapes only)}}
func.func @dynamic(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  return %x : tensor<?x4xf32>
}

// -----

func.func @dynamic_result(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant 4 : index
  // expected-error @+1 {{'tensor.empty' op result of type 'tensor<?xf32>': tensors with dynamic sizes are not supported by the dml pipeline (static shapes only)}}
  %e = tensor.empty(%c) : tensor<?xf32>
  return %x : tensor<4xf32>
}
