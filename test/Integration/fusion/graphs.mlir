// Graphs whose intermediates the fusion stage removes, run with fusion on
// (the default) and off: both must print the values computed by hand below.
//
// REQUIRES: dml-run
// RUN: dml-run %s --function=embedding_bag --input="1x4x3xf32=1 2 3 10 20 30 100 200 300 1000 2000 3000" --input="1x2x3xi32=0 -1 7 2 2 -100" | FileCheck %s --check-prefix=BAG --match-full-lines
// RUN: dml-run %s --function=embedding_bag --pipeline-options=fusion=false --input="1x4x3xf32=1 2 3 10 20 30 100 200 300 1000 2000 3000" --input="1x2x3xi32=0 -1 7 2 2 -100" | FileCheck %s --check-prefix=BAG --match-full-lines
// RUN: dml-run %s --function=one_hot_statistics --input="6x1xi32=0 9 10 -1 -10 -11" --input="1x2xf32=-1 5" | FileCheck %s --check-prefix=ONEHOT --match-full-lines
// RUN: dml-run %s --function=one_hot_statistics --pipeline-options=fusion=false --input="6x1xi32=0 9 10 -1 -10 -11" --input="1x2xf32=-1 5" | FileCheck %s --check-prefix=ONEHOT --match-full-lines
// RUN: dml-run %s --function=row_statistics --input="2x4xf32=1 -2 3 -4 0.5 0.5 0.5 0.5" | FileCheck %s --check-prefix=ROWS --match-full-lines
// RUN: dml-run %s --function=row_statistics --pipeline-options=fusion=false --input="2x4xf32=1 -2 3 -4 0.5 0.5 0.5 0.5" | FileCheck %s --check-prefix=ROWS --match-full-lines
// RUN: dml-run %s --function=softmax --input="2x4xf32=0 0.693147181 1.09861229 1.38629436 5 5 5 5" | FileCheck %s --check-prefix=SOFTMAX --match-full-lines
// RUN: dml-run %s --function=softmax --pipeline-options=fusion=false --input="2x4xf32=0 0.693147181 1.09861229 1.38629436 5 5 5 5" | FileCheck %s --check-prefix=SOFTMAX --match-full-lines

// Bags of table rows: -1 is the last row, 7 clamps to the last, -100 wraps
// to -96 and clamps to the first. Bag 0 = r0 + r3 + r3, bag 1 = r2 + r2 + r0.
// BAG:      tensor<2x1x3xf32>
// BAG-NEXT: {{\[\[\[}}2001, 4002, 6003]], {{\[\[}}201, 402, 603]]]
func.func @embedding_bag(%t: tensor<1x4x3xf32>, %ids: tensor<1x2x3xi32>) -> tensor<2x1x3xf32> {
  %g = dml.gather %t, %ids, axis = 1, index_dimensions = 2 : (tensor<1x4x3xf32>, tensor<1x2x3xi32>) -> tensor<2x3x3xf32>
  %s = dml.reduce %g, function = sum, axes = [1] : tensor<2x3x3xf32> -> tensor<2x1x3xf32>
  return %s : tensor<2x1x3xf32>
}

// One-hot rows of depth 10 (off -1, on 5), reduced over the depth: an index
// in range (0, 9, -1, -10) gives max 5 and sum 5 - 9 = -4; out of range
// (10, -11) leaves the row off: max -1, sum -10. The arg_max of each row
// (first of ties) is the hot position, or 0 for an all-off row.
// ONEHOT:      tensor<6x1xf32>
// ONEHOT-NEXT: {{\[\[}}5], [5], [-1], [5], [5], [-1]]
// ONEHOT-NEXT: tensor<6x1xf32>
// ONEHOT-NEXT: {{\[\[}}-4], [-4], [-10], [-4], [-4], [-10]]
// ONEHOT-NEXT: tensor<6x1xui32>
// ONEHOT-NEXT: {{\[\[}}0], [9], [0], [9], [0], [0]]
func.func @one_hot_statistics(%i: tensor<6x1xi32>, %v: tensor<1x2xf32>) -> (tensor<6x1xf32>, tensor<6x1xf32>, tensor<6x1xui32>) {
  %o = dml.one_hot %i, %v, axis = 1 : (tensor<6x1xi32>, tensor<1x2xf32>) -> tensor<6x10xf32>
  %m = dml.reduce %o, function = max, axes = [1] : tensor<6x10xf32> -> tensor<6x1xf32>
  %s = dml.reduce %o, function = sum, axes = [1] : tensor<6x10xf32> -> tensor<6x1xf32>
  %a = dml.arg_max %o, axes = [1], direction = increasing : tensor<6x10xf32> -> tensor<6x1xui32>
  return %m, %s, %a : tensor<6x1xf32>, tensor<6x1xf32>, tensor<6x1xui32>
}

// Sibling reductions of one input (max, sum, sum of squares, L1).
// ROWS:      tensor<2x1xf32>
// ROWS-NEXT: {{\[\[}}3], [0.5]]
// ROWS-NEXT: tensor<2x1xf32>
// ROWS-NEXT: {{\[\[}}-2], [2]]
// ROWS-NEXT: tensor<2x1xf32>
// ROWS-NEXT: {{\[\[}}30], [1]]
// ROWS-NEXT: tensor<2x1xf32>
// ROWS-NEXT: {{\[\[}}10], [2]]
func.func @row_statistics(%x: tensor<2x4xf32>) -> (tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>) {
  %m = dml.reduce %x, function = max, axes = [1] : tensor<2x4xf32> -> tensor<2x1xf32>
  %s = dml.reduce %x, function = sum, axes = [1] : tensor<2x4xf32> -> tensor<2x1xf32>
  %q = dml.reduce %x, function = sum_square, axes = [1] : tensor<2x4xf32> -> tensor<2x1xf32>
  %l = dml.reduce %x, function = l1, axes = [1] : tensor<2x4xf32> -> tensor<2x1xf32>
  return %m, %s, %q, %l : tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>
}

// Softmax written with elementwise ops on tensors around two reductions:
// exp(row 0) = 1, 2, 3, 4 (sum 10); row 1 is constant.
// SOFTMAX:      tensor<2x4xf32>
// SOFTMAX-NEXT: {{\[\[}}0.1, 0.2, 0.3{{[0-9]*}}, 0.4{{[0-9]*}}], [0.25, 0.25, 0.25, 0.25]]
func.func @softmax(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %m = dml.reduce %x, function = max, axes = [1] : tensor<2x4xf32> -> tensor<2x1xf32>
  %mc = tensor.collapse_shape %m [[0, 1]] : tensor<2x1xf32> into tensor<2xf32>
  %e0 = tensor.empty() : tensor<2x4xf32>
  %mb = linalg.broadcast ins(%mc : tensor<2xf32>) outs(%e0 : tensor<2x4xf32>) dimensions = [1]
  %d = arith.subf %x, %mb : tensor<2x4xf32>
  %e = math.exp %d : tensor<2x4xf32>
  %s = dml.reduce %e, function = sum, axes = [1] : tensor<2x4xf32> -> tensor<2x1xf32>
  %sc = tensor.collapse_shape %s [[0, 1]] : tensor<2x1xf32> into tensor<2xf32>
  %sb = linalg.broadcast ins(%sc : tensor<2xf32>) outs(%e0 : tensor<2x4xf32>) dimensions = [1]
  %y = arith.divf %e, %sb : tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}
