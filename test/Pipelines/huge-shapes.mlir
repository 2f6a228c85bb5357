// Static shapes whose size in bytes does not fit the signed 64-bit sizes and
// offsets of the generated code are rejected with a diagnostic, wherever
// they appear (dml ops limit their own tensors to 2^32 - 1 elements; these
// come from the function signature or other ops). Merely huge shapes that
// do fit (4 TiB) compile: the caller allocates them. The same holds for the
// extent of `dml.strides`.
// RUN: dml-opt %s --dml-cpu-pipeline -split-input-file -verify-diagnostics

// expected-error @below {{argument 0 of @arg: tensor<2305843009213693952x2xf32> is too large: its size in bytes overflows 64 bits}}
func.func @arg(%x: tensor<2305843009213693952x2xf32>) -> tensor<1xf32> {
  %c = arith.constant dense<1.0> : tensor<1xf32>
  return %c : tensor<1xf32>
}

// -----

// expected-error @below {{result 0 of @result: tensor<1152921504606846976xf64> is too large: its size in bytes (9223372036854775808) exceeds 2^63 - 1}}
func.func @result(%x: tensor<2xf32>) -> tensor<1152921504606846976xf64> {
  %z = tensor.empty() : tensor<1152921504606846976xf64>
  return %z : tensor<1152921504606846976xf64>
}

// -----

func.func @inner(%x: tensor<2x3xf32>) -> tensor<2x1xf32> {
  // expected-error @below {{tensor<4611686018427387904x4xi8> is too large: its size in bytes overflows 64 bits}}
  %z = tensor.empty() : tensor<4611686018427387904x4xi8>
  %y = dml.reduce %x, function = sum, axes = [1] : tensor<2x3xf32> -> tensor<2x1xf32>
  return %y : tensor<2x1xf32>
}

// -----

// Strides that put the second element 2^62 elements (2^64 bytes) away.
// expected-error @below {{argument 0 of @strides: 'dml.strides' array<i64: 4611686018427387904> of tensor<2xf32> reach beyond 2^63 - 1 bytes}}
func.func @strides(%x: tensor<2xf32> {dml.strides = array<i64: 4611686018427387904>}) -> tensor<1xf32> {
  %y = dml.reduce %x, function = sum, axes = [0] : tensor<2xf32> -> tensor<1xf32>
  return %y : tensor<1xf32>
}

// -----

// 2^60 elements apart (2^62 bytes): addressable, compiles.
func.func @far_strides(%x: tensor<2x3xf32> {dml.strides = array<i64: 1152921504606846976, 0>}) -> tensor<2x1xf32> {
  %y = dml.reduce %x, function = sum, axes = [1] : tensor<2x3xf32> -> tensor<2x1xf32>
  return %y : tensor<2x1xf32>
}

// -----

// 4 TiB in and out: fine.
func.func @four_tib(%x: tensor<1099511627776xf32>) -> tensor<1099511627776xf32> {
  return %x : tensor<1099511627776xf32>
}
