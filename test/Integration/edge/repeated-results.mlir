// A result returned several times (and an argument returned as a result):
// every output holds the value. Returning one op's result twice used to crash
// the pipeline (see test/Pipelines/repeated-results.mlir).

// REQUIRES: dml-run
// RUN: dml-run %s --function=twice --input="2x3xf32=1 2 3 4 5 6" | FileCheck %s --check-prefix=TWICE --match-full-lines
// RUN: dml-run %s --function=twice --pipeline-options="vectorize=0 threads=2" --input="2x3xf32=1 2 3 4 5 6" | FileCheck %s --check-prefix=TWICE --match-full-lines
// RUN: dml-run %s --function=top_k_mixed --input="4x3xf32=1 9 5 7 2 6 3 8 4 0 10 2" | FileCheck %s --check-prefix=MIXED --match-full-lines

// TWICE:      tensor<2x1xf32>
// TWICE-NEXT: {{\[\[}}6], [15]]
// TWICE-NEXT: tensor<2x3xf32>
// TWICE-NEXT: {{\[\[}}1, 2, 3], [4, 5, 6]]
// TWICE-NEXT: tensor<2x1xf32>
// TWICE-NEXT: {{\[\[}}6], [15]]
// TWICE-NEXT: tensor<2x1xf32>
// TWICE-NEXT: {{\[\[}}6], [15]]
func.func @twice(%x: tensor<2x3xf32>) -> (tensor<2x1xf32>, tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x1xf32>) {
  %y = dml.reduce %x, function = sum, axes = [1] : tensor<2x3xf32> -> tensor<2x1xf32>
  return %y, %x, %y, %y : tensor<2x1xf32>, tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x1xf32>
}

// MIXED:      tensor<2x3xf32>
// MIXED-NEXT: {{\[\[}}7, 10, 6], [3, 9, 5]]
// MIXED-NEXT: tensor<2x3xui32>
// MIXED-NEXT: {{\[\[}}1, 3, 1], [2, 0, 0]]
// MIXED-NEXT: tensor<2x3xf32>
// MIXED-NEXT: {{\[\[}}7, 10, 6], [3, 9, 5]]
// MIXED-NEXT: tensor<2x3xui32>
// MIXED-NEXT: {{\[\[}}1, 3, 1], [2, 0, 0]]
func.func @top_k_mixed(%x: tensor<4x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xui32>, tensor<2x3xf32>, tensor<2x3xui32>) {
  %v, %i = dml.top_k %x, axis = 0, k = 2, direction = decreasing : tensor<4x3xf32> -> tensor<2x3xf32>, tensor<2x3xui32>
  return %v, %i, %v, %i : tensor<2x3xf32>, tensor<2x3xui32>, tensor<2x3xf32>, tensor<2x3xui32>
}
