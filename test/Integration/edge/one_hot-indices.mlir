// OneHot with adversarial indices (spec 1.6 and 6): signed indices count
// from the end (-1 is the last position); anything still outside [0, L) —
// INT min/max, below -L, L and above — gives an all-OffValue sequence
// (proposal for i < -L). Unsigned indices are never negative and 64-bit
// indices are not truncated. OffValue = values[0...0], OnValue = the second
// element along the innermost dimension of `values` longer than 1.

// REQUIRES: dml-run
// RUN: dml-run %s --function=signed --input="8x1xi64=-9223372036854775808 9223372036854775807 -1 -4 -5 4 0 4294967297" --input="1x2xf32=0 1" --input="1x5xi32=-2147483648 2147483647 -3 -1 3" --input="1x2xi32=7 -7" | FileCheck %s --check-prefix=SIGNED --match-full-lines
// RUN: dml-run %s --function=unsigned --input="4x1xui32=4294967295 4294967294 4 3" --input="3x1xf16=4 2 9" --input="1x1x4xui64=18446744073709551615 9223372036854775808 1 4294967296" --input="2x1x2xui8=0 255 9 9" | FileCheck %s --check-prefix=UNSIGNED --match-full-lines
// RUN: dml-run %s --function=depth1 --input="1x3xi32=0 -1 1" --input="1x2xf64=0.5 -0.25" | FileCheck %s --check-prefix=DEPTH1 --match-full-lines

// SIGNED:      tensor<8x4xf32>
// SIGNED-NEXT: {{\[\[}}0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 1], [1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0]]
// SIGNED-NEXT: tensor<3x5xi32>
// SIGNED-NEXT: {{\[\[}}7, 7, -7, 7, 7], [7, 7, 7, 7, 7], [7, 7, 7, -7, 7]]
func.func @signed(%j0: tensor<8x1xi64>, %w0: tensor<1x2xf32>, %j1: tensor<1x5xi32>, %w1: tensor<1x2xi32>) -> (tensor<8x4xf32>, tensor<3x5xi32>) {
  %0 = dml.one_hot %j0, %w0, axis = 1 : (tensor<8x1xi64>, tensor<1x2xf32>) -> tensor<8x4xf32>
  %1 = dml.one_hot %j1, %w1, axis = 0 : (tensor<1x5xi32>, tensor<1x2xi32>) -> tensor<3x5xi32>
  return %0, %1 : tensor<8x4xf32>, tensor<3x5xi32>
}

// values {3, 1} = [4, 2, 9]: Off 4, On 2 (9 unused). values {2, 1, 2} =
// [[[0, 255]], [[9, 9]]]: Off 0, On 255.
// UNSIGNED:      tensor<4x4xf16>
// UNSIGNED-NEXT: {{\[\[}}4, 4, 4, 4], [4, 4, 4, 4], [4, 4, 4, 4], [4, 4, 4, 2]]
// UNSIGNED-NEXT: tensor<1x2x4xui8>
// UNSIGNED-NEXT: {{\[\[\[}}0, 0, 0, 0], [0, 0, 255, 0]]]
func.func @unsigned(%j0: tensor<4x1xui32>, %w0: tensor<3x1xf16>, %j1: tensor<1x1x4xui64>, %w1: tensor<2x1x2xui8>) -> (tensor<4x4xf16>, tensor<1x2x4xui8>) {
  %0 = dml.one_hot %j0, %w0, axis = 1 : (tensor<4x1xui32>, tensor<3x1xf16>) -> tensor<4x4xf16>
  %1 = dml.one_hot %j1, %w1, axis = 1 : (tensor<1x1x4xui64>, tensor<2x1x2xui8>) -> tensor<1x2x4xui8>
  return %0, %1 : tensor<4x4xf16>, tensor<1x2x4xui8>
}

// Depth L = 1: 0 and -1 hit, 1 is out of range.
// DEPTH1:      tensor<1x3xf64>
// DEPTH1-NEXT: {{\[\[}}-0.25, -0.25, 0.5]]
func.func @depth1(%j: tensor<1x3xi32>, %w: tensor<1x2xf64>) -> tensor<1x3xf64> {
  %0 = dml.one_hot %j, %w, axis = 0 : (tensor<1x3xi32>, tensor<1x2xf64>) -> tensor<1x3xf64>
  return %0 : tensor<1x3xf64>
}
