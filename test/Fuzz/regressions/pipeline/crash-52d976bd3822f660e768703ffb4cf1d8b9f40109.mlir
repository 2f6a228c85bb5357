// dml-fuzz-options: vectorize=0 vector-bits=8 threads=1
module {
  func.func @f(%a0: tensor<2xui64>, %a1: tensor<1x1x1x1xi64>, %a2: tensor<1x1x1x2xf32>) -> (tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>) {
    %v0 = dml.reduce %a0, function = multiply, axes = [0] : tensor<2xui64> -> tensor<1xui64>
    %v1 = dml.reduce %v0, function = multiply, axes = [0] : tensor<1xui64> -> tensor<1xui64>
    %v2 = dml.one_hot %a1, %a2, axis = 3 : (tensor<1x1x1x1xi64>, tensor<1x1x1x2xf32>) -> tensor<1x1x1x1xf32>
    return %v2, %v2, %v2 : tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>
  }
}
