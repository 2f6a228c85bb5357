func.func @f(%x: tensor<3x4xf32>) -> (tensor<3x9xf32>, tensor<3x9xui32>) {
  %v, %i = dml.top_k %x, axis = 1, k = 9, direction = decreasing : tensor<3x4xf32> -> tensor<3x9xf32>, tensor<3x9xui32>
  return %v, %i : tensor<3x9xf32>, tensor<3x9xui32>
}
