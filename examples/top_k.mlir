// DirectML TopK1, Example 1: the two largest values of each row of a
// 1x1x3x4 tensor, with their positions.
func.func @main(%x: tensor<1x1x3x4xf32>) -> (tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>) {
  %values, %indices = dml.top_k %x, axis = 3, k = 2, direction = decreasing
      : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>
  return %values, %indices : tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>
}
