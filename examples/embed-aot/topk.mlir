// Compiled ahead of time by dml-compile into topk.o and topk.h. The input is
// stored column-major: dml.strides gives its element strides.
func.func @topk(%x: tensor<2x6xf32> {dml.strides = array<i64: 1, 2>})
    -> (tensor<2x3xf32>, tensor<2x3xui32>) {
  %v, %i = dml.top_k %x, axis = 1, k = 3, direction = decreasing
      : tensor<2x6xf32> -> tensor<2x3xf32>, tensor<2x3xui32>
  return %v, %i : tensor<2x3xf32>, tensor<2x3xui32>
}
