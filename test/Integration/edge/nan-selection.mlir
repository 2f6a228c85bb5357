// NaN, +-Inf and +-0 in the selection operators (spec 1.5, proposal): NaN
// equals NaN and is greater than +Inf; -0 == +0 is a tie. Reduce MAX
// propagates NaN, MIN ignores it unless the whole window is NaN; ArgMax picks
// the first (increasing) / last (decreasing) NaN; ArgMin ignores NaN unless
// all are NaN; TopK1 decreasing lists NaNs first, increasing lists them last,
// ties in ascending index order. The sign of a zero returned by MAX/MIN is
// left open (not checked); TopK1 returns the selected element itself.
//
// Rows of %x: [1, nan, inf, nan], [2, -0, 0, 3], [nan, nan, nan, nan],
//             [-inf, inf, 5, -inf]

// REQUIRES: dml-run
// RUN: dml-run %s --function=max --input="4x4xf32=1 nan inf nan 2 -0 0 3 nan nan nan nan -inf inf 5 -inf" | FileCheck %s --check-prefix=MAX --match-full-lines
// RUN: dml-run %s --function=min --input="4x4xf32=1 nan inf nan 2 -0 0 3 nan nan nan nan -inf inf 5 -inf" | FileCheck %s --check-prefix=MIN --match-full-lines
// RUN: dml-run %s --function=argmax_inc --input="4x4xf32=1 nan inf nan 2 -0 0 3 nan nan nan nan -inf inf 5 -inf" | FileCheck %s --check-prefix=ARGMAX-INC --match-full-lines
// RUN: dml-run %s --function=argmax_dec --input="4x4xf32=1 nan inf nan 2 -0 0 3 nan nan nan nan -inf inf 5 -inf" | FileCheck %s --check-prefix=ARGMAX-DEC --match-full-lines
// RUN: dml-run %s --function=argmin_inc --input="4x4xf32=1 nan inf nan 2 -0 0 3 nan nan nan nan -inf inf 5 -inf" | FileCheck %s --check-prefix=ARGMIN-INC --match-full-lines
// RUN: dml-run %s --function=argmin_dec --input="4x4xf32=1 nan inf nan 2 -0 0 3 nan nan nan nan -inf inf 5 -inf" | FileCheck %s --check-prefix=ARGMIN-DEC --match-full-lines
// RUN: dml-run %s --function=reduce_argmax --input="4x4xf32=1 nan inf nan 2 -0 0 3 nan nan nan nan -inf inf 5 -inf" | FileCheck %s --check-prefix=RARGMAX --match-full-lines
// RUN: dml-run %s --function=reduce_argmin --input="4x4xf32=1 nan inf nan 2 -0 0 3 nan nan nan nan -inf inf 5 -inf" | FileCheck %s --check-prefix=RARGMIN --match-full-lines
// RUN: dml-run %s --function=topk_dec --input="4x4xf32=1 nan inf nan 2 -0 0 3 nan nan nan nan -inf inf 5 -inf" | FileCheck %s --check-prefix=TOPK-DEC --match-full-lines
// RUN: dml-run %s --function=topk_inc --input="4x4xf32=1 nan inf nan 2 -0 0 3 nan nan nan nan -inf inf 5 -inf" | FileCheck %s --check-prefix=TOPK-INC --match-full-lines
// RUN: dml-run %s --function=topk1_dec --input="4x4xf32=1 nan inf nan 2 -0 0 3 nan nan nan nan -inf inf 5 -inf" | FileCheck %s --check-prefix=TOPK1-DEC --match-full-lines
// RUN: dml-run %s --function=topk1_inc --input="4x4xf32=1 nan inf nan 2 -0 0 3 nan nan nan nan -inf inf 5 -inf" | FileCheck %s --check-prefix=TOPK1-INC --match-full-lines
// RUN: dml-run %s --function=columns_f16 --input="3x4xf16=nan 1 -inf 0 nan -inf -inf -0 2 inf -inf nan" | FileCheck %s --check-prefix=F16 --match-full-lines

// MAX:      tensor<4x1xf32>
// MAX-NEXT: {{\[\[}}nan], [3], [nan], [inf]]
func.func @max(%x: tensor<4x4xf32>) -> tensor<4x1xf32> {
  %0 = dml.reduce %x, function = max, axes = [1] : tensor<4x4xf32> -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}

// MIN:      tensor<4x1xf32>
// MIN-NEXT: {{\[\[}}1], [{{-?0}}], [nan], [-inf]]
func.func @min(%x: tensor<4x4xf32>) -> tensor<4x1xf32> {
  %0 = dml.reduce %x, function = min, axes = [1] : tensor<4x4xf32> -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}

// ARGMAX-INC:      tensor<4x1xui32>
// ARGMAX-INC-NEXT: {{\[\[}}1], [3], [0], [1]]
func.func @argmax_inc(%x: tensor<4x4xf32>) -> tensor<4x1xui32> {
  %0 = dml.arg_max %x, axes = [1], direction = increasing : tensor<4x4xf32> -> tensor<4x1xui32>
  return %0 : tensor<4x1xui32>
}

// ARGMAX-DEC:      tensor<4x1xi64>
// ARGMAX-DEC-NEXT: {{\[\[}}3], [3], [3], [1]]
func.func @argmax_dec(%x: tensor<4x4xf32>) -> tensor<4x1xi64> {
  %0 = dml.arg_max %x, axes = [1], direction = decreasing : tensor<4x4xf32> -> tensor<4x1xi64>
  return %0 : tensor<4x1xi64>
}

// ARGMIN-INC:      tensor<4x1xui64>
// ARGMIN-INC-NEXT: {{\[\[}}0], [1], [0], [0]]
func.func @argmin_inc(%x: tensor<4x4xf32>) -> tensor<4x1xui64> {
  %0 = dml.arg_min %x, axes = [1], direction = increasing : tensor<4x4xf32> -> tensor<4x1xui64>
  return %0 : tensor<4x1xui64>
}

// ARGMIN-DEC:      tensor<4x1xi32>
// ARGMIN-DEC-NEXT: {{\[\[}}0], [2], [3], [3]]
func.func @argmin_dec(%x: tensor<4x4xf32>) -> tensor<4x1xi32> {
  %0 = dml.arg_min %x, axes = [1], direction = decreasing : tensor<4x4xf32> -> tensor<4x1xi32>
  return %0 : tensor<4x1xi32>
}

// RARGMAX:      tensor<4x1xui32>
// RARGMAX-NEXT: {{\[\[}}1], [3], [0], [1]]
func.func @reduce_argmax(%x: tensor<4x4xf32>) -> tensor<4x1xui32> {
  %0 = dml.reduce %x, function = argmax, axes = [1] : tensor<4x4xf32> -> tensor<4x1xui32>
  return %0 : tensor<4x1xui32>
}

// RARGMIN:      tensor<4x1xui32>
// RARGMIN-NEXT: {{\[\[}}0], [1], [0], [0]]
func.func @reduce_argmin(%x: tensor<4x4xf32>) -> tensor<4x1xui32> {
  %0 = dml.reduce %x, function = argmin, axes = [1] : tensor<4x4xf32> -> tensor<4x1xui32>
  return %0 : tensor<4x1xui32>
}

// K = axis size: the whole rows sorted.
// TOPK-DEC:      tensor<4x4xf32>
// TOPK-DEC-NEXT: {{\[\[}}nan, nan, inf, 1], [3, 2, -0, 0], [nan, nan, nan, nan], [inf, 5, -inf, -inf]]
// TOPK-DEC-NEXT: tensor<4x4xui32>
// TOPK-DEC-NEXT: {{\[\[}}1, 3, 2, 0], [3, 0, 1, 2], [0, 1, 2, 3], [1, 2, 0, 3]]
func.func @topk_dec(%x: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xui32>) {
  %v, %i = dml.top_k %x, axis = 1, k = 4, direction = decreasing : tensor<4x4xf32> -> tensor<4x4xf32>, tensor<4x4xui32>
  return %v, %i : tensor<4x4xf32>, tensor<4x4xui32>
}

// TOPK-INC:      tensor<4x4xf32>
// TOPK-INC-NEXT: {{\[\[}}1, inf, nan, nan], [-0, 0, 2, 3], [nan, nan, nan, nan], [-inf, -inf, 5, inf]]
// TOPK-INC-NEXT: tensor<4x4xui64>
// TOPK-INC-NEXT: {{\[\[}}0, 2, 1, 3], [1, 2, 0, 3], [0, 1, 2, 3], [0, 3, 2, 1]]
func.func @topk_inc(%x: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xui64>) {
  %v, %i = dml.top_k %x, axis = 1, k = 4, direction = increasing : tensor<4x4xf32> -> tensor<4x4xf32>, tensor<4x4xui64>
  return %v, %i : tensor<4x4xf32>, tensor<4x4xui64>
}

// K = 1: equals Reduce MAX / ARGMAX (decreasing) and MIN / ARGMIN (increasing).
// TOPK1-DEC:      tensor<4x1xf32>
// TOPK1-DEC-NEXT: {{\[\[}}nan], [3], [nan], [inf]]
// TOPK1-DEC-NEXT: tensor<4x1xui32>
// TOPK1-DEC-NEXT: {{\[\[}}1], [3], [0], [1]]
func.func @topk1_dec(%x: tensor<4x4xf32>) -> (tensor<4x1xf32>, tensor<4x1xui32>) {
  %v, %i = dml.top_k %x, axis = 1, k = 1, direction = decreasing : tensor<4x4xf32> -> tensor<4x1xf32>, tensor<4x1xui32>
  return %v, %i : tensor<4x1xf32>, tensor<4x1xui32>
}

// TOPK1-INC:      tensor<4x1xf32>
// TOPK1-INC-NEXT: {{\[\[}}1], [-0], [nan], [-inf]]
// TOPK1-INC-NEXT: tensor<4x1xui32>
// TOPK1-INC-NEXT: {{\[\[}}0], [1], [0], [0]]
func.func @topk1_inc(%x: tensor<4x4xf32>) -> (tensor<4x1xf32>, tensor<4x1xui32>) {
  %v, %i = dml.top_k %x, axis = 1, k = 1, direction = increasing : tensor<4x4xf32> -> tensor<4x1xf32>, tensor<4x1xui32>
  return %v, %i : tensor<4x1xf32>, tensor<4x1xui32>
}

// f16 over axis 0 (columns [nan, nan, 2], [1, -inf, inf], [-inf, -inf, -inf],
// [0, -0, nan]): max, min, argmax decreasing, argmin decreasing, top_k K=2.
// F16:      tensor<1x4xf16>
// F16-NEXT: {{\[\[}}nan, inf, -inf, nan]]
// F16-NEXT: tensor<1x4xf16>
// F16-NEXT: {{\[\[}}2, -inf, -inf, {{-?0}}]]
// F16-NEXT: tensor<1x4xui32>
// F16-NEXT: {{\[\[}}1, 2, 2, 2]]
// F16-NEXT: tensor<1x4xui32>
// F16-NEXT: {{\[\[}}2, 1, 2, 1]]
// F16-NEXT: tensor<2x4xf16>
// F16-NEXT: {{\[\[}}nan, inf, -inf, nan], [nan, 1, -inf, 0]]
// F16-NEXT: tensor<2x4xui32>
// F16-NEXT: {{\[\[}}0, 2, 0, 2], [1, 0, 1, 0]]
func.func @columns_f16(%x: tensor<3x4xf16>) -> (tensor<1x4xf16>, tensor<1x4xf16>, tensor<1x4xui32>, tensor<1x4xui32>, tensor<2x4xf16>, tensor<2x4xui32>) {
  %max = dml.reduce %x, function = max, axes = [0] : tensor<3x4xf16> -> tensor<1x4xf16>
  %min = dml.reduce %x, function = min, axes = [0] : tensor<3x4xf16> -> tensor<1x4xf16>
  %amax = dml.arg_max %x, axes = [0], direction = decreasing : tensor<3x4xf16> -> tensor<1x4xui32>
  %amin = dml.arg_min %x, axes = [0], direction = decreasing : tensor<3x4xf16> -> tensor<1x4xui32>
  %v, %i = dml.top_k %x, axis = 0, k = 2, direction = decreasing : tensor<3x4xf16> -> tensor<2x4xf16>, tensor<2x4xui32>
  return %max, %min, %amax, %amin, %v, %i : tensor<1x4xf16>, tensor<1x4xf16>, tensor<1x4xui32>, tensor<1x4xui32>, tensor<2x4xf16>, tensor<2x4xui32>
}
