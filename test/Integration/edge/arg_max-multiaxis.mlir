// ArgMax/ArgMin over several axes (spec 3): the index is the row-major flat
// position inside the window over the reduced axes taken in ascending axis
// order, whatever order `axes` lists; INCREASING returns the first of equal
// extremes, DECREASING the last. Reduce ARGMAX/ARGMIN equal INCREASING.
//
// %x is 2x3x4, zero except x[1,0,2] = 9, x[0,1,3] = 8, x[1,2,0] = 7,
// x[0,0,1] = -5, x[1,1,1] = -6, x[0,2,3] = -7.

// REQUIRES: dml-run
// RUN: dml-run %s --function=multiaxis --input="2x3x4xf32=0 -5 0 0 0 0 0 8 0 0 0 -7 0 0 9 0 0 -6 0 0 7 0 0 0" | FileCheck %s --check-prefix=MULTI --match-full-lines
// RUN: dml-run %s --function=ties --input="2x2x2xi32=1 4 4 0 4 1 0 4" --input="2x3xf16=1 1 1 1 1 1" | FileCheck %s --check-prefix=TIES --match-full-lines

// Window (i, k) for every j: flat = 4 i + k; all axes: 12 i + 4 j + k;
// window (j, k) for every i: 4 j + k.
// MULTI:      tensor<1x3x1xui32>
// MULTI-NEXT: {{\[\[\[}}6], [3], [4]]]
// MULTI-NEXT: tensor<1x3x1xi32>
// MULTI-NEXT: {{\[\[\[}}1], [5], [3]]]
// MULTI-NEXT: tensor<1x3x1xui32>
// MULTI-NEXT: {{\[\[\[}}6], [3], [4]]]
// MULTI-NEXT: tensor<1x3x1xi64>
// MULTI-NEXT: {{\[\[\[}}1], [5], [3]]]
// MULTI-NEXT: tensor<1x1x1xui64>
// MULTI-NEXT: {{\[\[\[}}14]]]
// MULTI-NEXT: tensor<1x1x1xui32>
// MULTI-NEXT: {{\[\[\[}}11]]]
// MULTI-NEXT: tensor<2x1x1xui32>
// MULTI-NEXT: {{\[\[\[}}7]], {{\[\[}}2]]]
// MULTI-NEXT: tensor<2x1x1xi32>
// MULTI-NEXT: {{\[\[\[}}11]], {{\[\[}}5]]]
func.func @multiaxis(%x: tensor<2x3x4xf32>) -> (tensor<1x3x1xui32>, tensor<1x3x1xi32>, tensor<1x3x1xui32>, tensor<1x3x1xi64>, tensor<1x1x1xui64>, tensor<1x1x1xui32>, tensor<2x1x1xui32>, tensor<2x1x1xi32>) {
  %0 = dml.arg_max %x, axes = [2, 0], direction = increasing : tensor<2x3x4xf32> -> tensor<1x3x1xui32>
  %1 = dml.arg_min %x, axes = [0, 2], direction = increasing : tensor<2x3x4xf32> -> tensor<1x3x1xi32>
  %2 = dml.reduce %x, function = argmax, axes = [2, 0] : tensor<2x3x4xf32> -> tensor<1x3x1xui32>
  %3 = dml.reduce %x, function = argmin, axes = [2, 0] : tensor<2x3x4xf32> -> tensor<1x3x1xi64>
  %4 = dml.arg_max %x, axes = [1, 2, 0], direction = increasing : tensor<2x3x4xf32> -> tensor<1x1x1xui64>
  %5 = dml.arg_min %x, axes = [2, 0, 1], direction = decreasing : tensor<2x3x4xf32> -> tensor<1x1x1xui32>
  %6 = dml.arg_max %x, axes = [2, 1], direction = decreasing : tensor<2x3x4xf32> -> tensor<2x1x1xui32>
  %7 = dml.arg_min %x, axes = [1, 2], direction = decreasing : tensor<2x3x4xf32> -> tensor<2x1x1xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<1x3x1xui32>, tensor<1x3x1xi32>, tensor<1x3x1xui32>, tensor<1x3x1xi64>, tensor<1x1x1xui64>, tensor<1x1x1xui32>, tensor<2x1x1xui32>, tensor<2x1x1xi32>
}

// %z = [[[1, 4], [4, 0]], [[4, 1], [0, 4]]]: over axes {0, 2} the window of
// j = 0 is [1, 4, 4, 1] and of j = 1 is [4, 0, 0, 4]. %w is all ones.
// TIES:      tensor<1x2x1xui32>
// TIES-NEXT: {{\[\[\[}}2], [3]]]
// TIES-NEXT: tensor<1x2x1xui32>
// TIES-NEXT: {{\[\[\[}}1], [0]]]
// TIES-NEXT: tensor<1x2x1xi64>
// TIES-NEXT: {{\[\[\[}}3], [2]]]
// TIES-NEXT: tensor<1x2x1xi64>
// TIES-NEXT: {{\[\[\[}}0], [1]]]
// TIES-NEXT: tensor<1x1xui32>
// TIES-NEXT: {{\[\[}}5]]
// TIES-NEXT: tensor<1x1xui32>
// TIES-NEXT: {{\[\[}}0]]
// TIES-NEXT: tensor<1x1xi32>
// TIES-NEXT: {{\[\[}}5]]
// TIES-NEXT: tensor<1x1xui32>
// TIES-NEXT: {{\[\[}}0]]
// TIES-NEXT: tensor<2x1xui32>
// TIES-NEXT: {{\[\[}}2], [2]]
func.func @ties(%z: tensor<2x2x2xi32>, %w: tensor<2x3xf16>) -> (tensor<1x2x1xui32>, tensor<1x2x1xui32>, tensor<1x2x1xi64>, tensor<1x2x1xi64>, tensor<1x1xui32>, tensor<1x1xui32>, tensor<1x1xi32>, tensor<1x1xui32>, tensor<2x1xui32>) {
  %0 = dml.arg_max %z, axes = [0, 2], direction = decreasing : tensor<2x2x2xi32> -> tensor<1x2x1xui32>
  %1 = dml.arg_max %z, axes = [2, 0], direction = increasing : tensor<2x2x2xi32> -> tensor<1x2x1xui32>
  %2 = dml.arg_min %z, axes = [2, 0], direction = decreasing : tensor<2x2x2xi32> -> tensor<1x2x1xi64>
  %3 = dml.arg_min %z, axes = [0, 2], direction = increasing : tensor<2x2x2xi32> -> tensor<1x2x1xi64>
  %4 = dml.arg_max %w, axes = [0, 1], direction = decreasing : tensor<2x3xf16> -> tensor<1x1xui32>
  %5 = dml.arg_max %w, axes = [1, 0], direction = increasing : tensor<2x3xf16> -> tensor<1x1xui32>
  %6 = dml.arg_min %w, axes = [1, 0], direction = decreasing : tensor<2x3xf16> -> tensor<1x1xi32>
  %7 = dml.reduce %w, function = argmin, axes = [1, 0] : tensor<2x3xf16> -> tensor<1x1xui32>
  %8 = dml.arg_max %w, axes = [1], direction = decreasing : tensor<2x3xf16> -> tensor<2x1xui32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<1x2x1xui32>, tensor<1x2x1xui32>, tensor<1x2x1xi64>, tensor<1x2x1xi64>, tensor<1x1xui32>, tensor<1x1xui32>, tensor<1x1xi32>, tensor<1x1xui32>, tensor<2x1xui32>
}
