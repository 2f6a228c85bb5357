// One function per data type for the runner tests: @gather_<type> returns
// rows [1, 0, 1, 0] of a 2x3 input (dml.gather) and the input itself.

func.func @gather_f16(%x: tensor<2x3xf16>, %j: tensor<1x4xui32>)
    -> (tensor<4x3xf16>, tensor<2x3xf16>) {
  %y = dml.gather %x, %j, axis = 0, index_dimensions = 1
      : (tensor<2x3xf16>, tensor<1x4xui32>) -> tensor<4x3xf16>
  return %y, %x : tensor<4x3xf16>, tensor<2x3xf16>
}

func.func @gather_f32(%x: tensor<2x3xf32>, %j: tensor<1x4xui32>)
    -> (tensor<4x3xf32>, tensor<2x3xf32>) {
  %y = dml.gather %x, %j, axis = 0, index_dimensions = 1
      : (tensor<2x3xf32>, tensor<1x4xui32>) -> tensor<4x3xf32>
  return %y, %x : tensor<4x3xf32>, tensor<2x3xf32>
}

func.func @gather_f64(%x: tensor<2x3xf64>, %j: tensor<1x4xui32>)
    -> (tensor<4x3xf64>, tensor<2x3xf64>) {
  %y = dml.gather %x, %j, axis = 0, index_dimensions = 1
      : (tensor<2x3xf64>, tensor<1x4xui32>) -> tensor<4x3xf64>
  return %y, %x : tensor<4x3xf64>, tensor<2x3xf64>
}

func.func @gather_i8(%x: tensor<2x3xi8>, %j: tensor<1x4xui32>)
    -> (tensor<4x3xi8>, tensor<2x3xi8>) {
  %y = dml.gather %x, %j, axis = 0, index_dimensions = 1
      : (tensor<2x3xi8>, tensor<1x4xui32>) -> tensor<4x3xi8>
  return %y, %x : tensor<4x3xi8>, tensor<2x3xi8>
}

func.func @gather_i16(%x: tensor<2x3xi16>, %j: tensor<1x4xui32>)
    -> (tensor<4x3xi16>, tensor<2x3xi16>) {
  %y = dml.gather %x, %j, axis = 0, index_dimensions = 1
      : (tensor<2x3xi16>, tensor<1x4xui32>) -> tensor<4x3xi16>
  return %y, %x : tensor<4x3xi16>, tensor<2x3xi16>
}

func.func @gather_i32(%x: tensor<2x3xi32>, %j: tensor<1x4xui32>)
    -> (tensor<4x3xi32>, tensor<2x3xi32>) {
  %y = dml.gather %x, %j, axis = 0, index_dimensions = 1
      : (tensor<2x3xi32>, tensor<1x4xui32>) -> tensor<4x3xi32>
  return %y, %x : tensor<4x3xi32>, tensor<2x3xi32>
}

func.func @gather_i64(%x: tensor<2x3xi64>, %j: tensor<1x4xui32>)
    -> (tensor<4x3xi64>, tensor<2x3xi64>) {
  %y = dml.gather %x, %j, axis = 0, index_dimensions = 1
      : (tensor<2x3xi64>, tensor<1x4xui32>) -> tensor<4x3xi64>
  return %y, %x : tensor<4x3xi64>, tensor<2x3xi64>
}

func.func @gather_ui8(%x: tensor<2x3xui8>, %j: tensor<1x4xui32>)
    -> (tensor<4x3xui8>, tensor<2x3xui8>) {
  %y = dml.gather %x, %j, axis = 0, index_dimensions = 1
      : (tensor<2x3xui8>, tensor<1x4xui32>) -> tensor<4x3xui8>
  return %y, %x : tensor<4x3xui8>, tensor<2x3xui8>
}

func.func @gather_ui16(%x: tensor<2x3xui16>, %j: tensor<1x4xui32>)
    -> (tensor<4x3xui16>, tensor<2x3xui16>) {
  %y = dml.gather %x, %j, axis = 0, index_dimensions = 1
      : (tensor<2x3xui16>, tensor<1x4xui32>) -> tensor<4x3xui16>
  return %y, %x : tensor<4x3xui16>, tensor<2x3xui16>
}

func.func @gather_ui32(%x: tensor<2x3xui32>, %j: tensor<1x4xui32>)
    -> (tensor<4x3xui32>, tensor<2x3xui32>) {
  %y = dml.gather %x, %j, axis = 0, index_dimensions = 1
      : (tensor<2x3xui32>, tensor<1x4xui32>) -> tensor<4x3xui32>
  return %y, %x : tensor<4x3xui32>, tensor<2x3xui32>
}

func.func @gather_ui64(%x: tensor<2x3xui64>, %j: tensor<1x4xui32>)
    -> (tensor<4x3xui64>, tensor<2x3xui64>) {
  %y = dml.gather %x, %j, axis = 0, index_dimensions = 1
      : (tensor<2x3xui64>, tensor<1x4xui32>) -> tensor<4x3xui64>
  return %y, %x : tensor<4x3xui64>, tensor<2x3xui64>
}
