// dml-fuzz-options: vectorize=1 vector-bits=128 threads=1
module {
  func.func @f(%a0: tensor<1x3x2x4xi8>) -> (tensor<1x3x2x4xui64>, tensor<1x3x2x4xui64>, tensor<1x3x2x4xi8>) {
    %v0, %v1 = dml.top_k %a0, axis = 0, k = 1, direction = decreasing : tensor<1x3x2x4xi8> -> tensor<1x3x2x4xi8>, tensor<1x3x2x4xui64>
    return %v1, %v1, %v0 : tensor<1x3x2x4xui64>, tensor<1x3x2x4xui64>, tensor<1x3x2x4xi8>
  }
}
