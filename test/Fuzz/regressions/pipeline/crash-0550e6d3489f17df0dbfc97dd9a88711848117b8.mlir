// dml-fuzz-options: vectorize=0 vector-bits=8 threads=1
module attributes {dml.feature_level = "5.0"} {
  func.func @f(%a0: tensor<5x1xi64>, %a1: tensor<1x2xi32>, %a2: tensor<3x3x5x3x3x3x3x4xui32>, %a3: tensor<4x4x4x4xui32>) -> (tensor<4x4x4x1xi64>, tensor<5x1xi32>, tensor<5x1xi32>) {
    %v0 = dml.one_hot %a0, %a1, axis = 1 {dml.feature_level = "5.0"} : (tensor<5x1xi64>, tensor<1x2xi32>) -> tensor<5x1xi32>
    %v1 = dml.arg_min %a2, axes = [3], direction = decreasing : tensor<3x3x5x3x3x3x3x4xui32> -> tensor<3x3x5x1x3x3x3x4xi64>
    %v2 = dml.arg_max %a3, axes = [3], direction = decreasing : tensor<4x4x4x4xui32> -> tensor<4x4x4x1xi64>
    return %v2, %v0, %v0 : tensor<4x4x4x1xi64>, tensor<5x1xi32>, tensor<5x1xi32>
  }
}
