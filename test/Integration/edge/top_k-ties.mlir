// TopK1 ties (spec 2): equal values are listed in ascending index order in
// both directions, and when equal values straddle the K boundary the lower
// indices are selected. K = 1 and K = the axis size; a non-innermost axis.

// REQUIRES: dml-run
// RUN: dml-run %s --function=rows --input="2x5xf32=5 3 5 3 5 7 7 7 7 7" | FileCheck %s --check-prefix=ROWS --match-full-lines
// RUN: dml-run %s --function=outer_axis --input="4x1x2xi32=2 -1 9 -1 2 -1 9 -1" | FileCheck %s --check-prefix=OUTER --match-full-lines

// Rows [5, 3, 5, 3, 5] and [7, 7, 7, 7, 7].
// ROWS:      tensor<2x2xf32>
// ROWS-NEXT: {{\[\[}}5, 5], [7, 7]]
// ROWS-NEXT: tensor<2x2xui32>
// ROWS-NEXT: {{\[\[}}0, 2], [0, 1]]
// ROWS-NEXT: tensor<2x4xf32>
// ROWS-NEXT: {{\[\[}}5, 5, 5, 3], [7, 7, 7, 7]]
// ROWS-NEXT: tensor<2x4xui32>
// ROWS-NEXT: {{\[\[}}0, 2, 4, 1], [0, 1, 2, 3]]
// ROWS-NEXT: tensor<2x5xf32>
// ROWS-NEXT: {{\[\[}}5, 5, 5, 3, 3], [7, 7, 7, 7, 7]]
// ROWS-NEXT: tensor<2x5xui64>
// ROWS-NEXT: {{\[\[}}0, 2, 4, 1, 3], [0, 1, 2, 3, 4]]
// ROWS-NEXT: tensor<2x1xf32>
// ROWS-NEXT: {{\[\[}}3], [7]]
// ROWS-NEXT: tensor<2x1xui32>
// ROWS-NEXT: {{\[\[}}1], [0]]
// ROWS-NEXT: tensor<2x3xf32>
// ROWS-NEXT: {{\[\[}}3, 3, 5], [7, 7, 7]]
// ROWS-NEXT: tensor<2x3xui32>
// ROWS-NEXT: {{\[\[}}1, 3, 0], [0, 1, 2]]
// ROWS-NEXT: tensor<2x5xf32>
// ROWS-NEXT: {{\[\[}}3, 3, 5, 5, 5], [7, 7, 7, 7, 7]]
// ROWS-NEXT: tensor<2x5xui64>
// ROWS-NEXT: {{\[\[}}1, 3, 0, 2, 4], [0, 1, 2, 3, 4]]
func.func @rows(%x: tensor<2x5xf32>) -> (tensor<2x2xf32>, tensor<2x2xui32>, tensor<2x4xf32>, tensor<2x4xui32>, tensor<2x5xf32>, tensor<2x5xui64>, tensor<2x1xf32>, tensor<2x1xui32>, tensor<2x3xf32>, tensor<2x3xui32>, tensor<2x5xf32>, tensor<2x5xui64>) {
  %v0, %i0 = dml.top_k %x, axis = 1, k = 2, direction = decreasing : tensor<2x5xf32> -> tensor<2x2xf32>, tensor<2x2xui32>
  %v1, %i1 = dml.top_k %x, axis = 1, k = 4, direction = decreasing : tensor<2x5xf32> -> tensor<2x4xf32>, tensor<2x4xui32>
  %v2, %i2 = dml.top_k %x, axis = 1, k = 5, direction = decreasing : tensor<2x5xf32> -> tensor<2x5xf32>, tensor<2x5xui64>
  %v3, %i3 = dml.top_k %x, axis = 1, k = 1, direction = increasing : tensor<2x5xf32> -> tensor<2x1xf32>, tensor<2x1xui32>
  %v4, %i4 = dml.top_k %x, axis = 1, k = 3, direction = increasing : tensor<2x5xf32> -> tensor<2x3xf32>, tensor<2x3xui32>
  %v5, %i5 = dml.top_k %x, axis = 1, k = 5, direction = increasing : tensor<2x5xf32> -> tensor<2x5xf32>, tensor<2x5xui64>
  return %v0, %i0, %v1, %i1, %v2, %i2, %v3, %i3, %v4, %i4, %v5, %i5 : tensor<2x2xf32>, tensor<2x2xui32>, tensor<2x4xf32>, tensor<2x4xui32>, tensor<2x5xf32>, tensor<2x5xui64>, tensor<2x1xf32>, tensor<2x1xui32>, tensor<2x3xf32>, tensor<2x3xui32>, tensor<2x5xf32>, tensor<2x5xui64>
}

// Along axis 0 of a 4x1x2 tensor: columns [2, 9, 2, 9] and [-1, -1, -1, -1].
// OUTER:      tensor<4x1x2xi32>
// OUTER-NEXT: {{\[\[\[}}9, -1]], {{\[\[}}9, -1]], {{\[\[}}2, -1]], {{\[\[}}2, -1]]]
// OUTER-NEXT: tensor<4x1x2xui64>
// OUTER-NEXT: {{\[\[\[}}1, 0]], {{\[\[}}3, 1]], {{\[\[}}0, 2]], {{\[\[}}2, 3]]]
// OUTER-NEXT: tensor<3x1x2xi32>
// OUTER-NEXT: {{\[\[\[}}2, -1]], {{\[\[}}2, -1]], {{\[\[}}9, -1]]]
// OUTER-NEXT: tensor<3x1x2xui32>
// OUTER-NEXT: {{\[\[\[}}0, 0]], {{\[\[}}2, 1]], {{\[\[}}1, 2]]]
func.func @outer_axis(%x: tensor<4x1x2xi32>) -> (tensor<4x1x2xi32>, tensor<4x1x2xui64>, tensor<3x1x2xi32>, tensor<3x1x2xui32>) {
  %v0, %i0 = dml.top_k %x, axis = 0, k = 4, direction = decreasing : tensor<4x1x2xi32> -> tensor<4x1x2xi32>, tensor<4x1x2xui64>
  %v1, %i1 = dml.top_k %x, axis = 0, k = 3, direction = increasing : tensor<4x1x2xi32> -> tensor<3x1x2xi32>, tensor<3x1x2xui32>
  return %v0, %i0, %v1, %i1 : tensor<4x1x2xi32>, tensor<4x1x2xui64>, tensor<3x1x2xi32>, tensor<3x1x2xui32>
}
