// dml-fuzz-options: vectorize=0 vector-bits=8 threads=1
module {
  func.func @f(%a0: tensor<5x1xi64>, %a1: tensor<1x2xf16>) -> (tensor<5x1xf16>, tensor<1x2xf16>, tensor<5x1xf16>) {
    %v0 = dml.one_hot %a0, %a1, axis = 1 : (tensor<5x1xi64>, tensor<1x2xf16>) -> tensor<5x1xf16>
    return %v0, %a1, %v0 : tensor<5x1xf16>, tensor<1x2xf16>, tensor<5x1xf16>
  }
}
