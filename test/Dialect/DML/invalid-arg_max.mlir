// RUN: dml-opt %s -split-input-file -verify-diagnostics

// Every diagnostic dml.arg_max can produce (rule ids argmax_c* cover ArgMax; the
// twin cases for dml.arg_min are in invalid-arg_min.mlir). The marker above
// each case names the rule in docs/verifier-rules.md.

// argmax_c1: output with another dimension count
func.func @arg_max(%x: tensor<3x3xf32>) {
  // expected-error @below {{'dml.arg_max' op output must have the same dimension count as input (2), got 1}}
  %y = dml.arg_max %x, axes = [1], direction = increasing : tensor<3x3xf32> -> tensor<3xui32>
  return
}

// -----

// argmax_c2: no axes (DML-MLIR proposal)
func.func @arg_max(%x: tensor<3x3xf32>) {
  // expected-error @below {{'dml.arg_max' op axes must name at least one axis (DML-MLIR proposal: AxisCount >= 1), got []}}
  %y = dml.arg_max %x, axes = [], direction = increasing : tensor<3x3xf32> -> tensor<3x3xui32>
  return
}

// -----

// argmax_c3: axis equal to the dimension count
func.func @arg_max(%x: tensor<3x3xf32>) {
  // expected-error @below {{'dml.arg_max' op axes[0] must be in [0, 2) for rank 2, got 2}}
  %y = dml.arg_max %x, axes = [2], direction = increasing : tensor<3x3xf32> -> tensor<3x1xui32>
  return
}

// -----

// argmax_c3: negative axis
func.func @arg_max(%x: tensor<3x3xf32>) {
  // expected-error @below {{'dml.arg_max' op axes[1] must be in [0, 2) for rank 2, got -1}}
  %y = dml.arg_max %x, axes = [0, -1], direction = increasing : tensor<3x3xf32> -> tensor<3x1xui32>
  return
}

// -----

// argmax_c4: repeated axis (DML-MLIR proposal)
func.func @arg_max(%x: tensor<3x3xf32>) {
  // expected-error @below {{'dml.arg_max' op axes must not repeat an axis (DML-MLIR proposal), but axes[2] = 1 repeats axes[0]}}
  %y = dml.arg_max %x, axes = [1, 0, 1], direction = increasing : tensor<3x3xf32> -> tensor<1x1xui32>
  return
}

// -----

// argmax_c5: reduced output dimension not 1
func.func @arg_max(%x: tensor<3x3xf32>) {
  // expected-error @below {{'dml.arg_max' op output dimension 1 must be 1 because axis 1 is reduced, got 3}}
  %y = dml.arg_max %x, axes = [1], direction = increasing : tensor<3x3xf32> -> tensor<3x3xui32>
  return
}

// -----

// argmax_c5: kept output dimension differs from the input's
func.func @arg_max(%x: tensor<3x3xf32>) {
  // expected-error @below {{'dml.arg_max' op output dimension 0 must equal input dimension 0 = 3, got 2}}
  %y = dml.arg_max %x, axes = [1], direction = increasing : tensor<3x3xf32> -> tensor<2x1xui32>
  return
}

// -----

// argmax_c6: i32 output for a window of 2^31 + 1 elements (DML-MLIR proposal)
func.func @arg_max(%x: tensor<2147483649xi8>) {
  // expected-error @below {{'dml.arg_max' op output element type 'i32' cannot hold the largest index of a 2147483649-element reduction window (2147483648; DML-MLIR proposal: reject statically), largest representable 2147483647}}
  %y = dml.arg_max %x, axes = [0], direction = increasing : tensor<2147483649xi8> -> tensor<1xi32>
  return
}

// -----

// argmax_c6: i32 output for a 65536 x 32769 window over two axes
func.func @arg_max(%x: tensor<65536x32769xui8>) {
  // expected-error @below {{'dml.arg_max' op output element type 'i32' cannot hold the largest index of a 2147549184-element reduction window (2147549183; DML-MLIR proposal: reject statically), largest representable 2147483647}}
  %y = dml.arg_max %x, axes = [1, 0], direction = increasing : tensor<65536x32769xui8> -> tensor<1x1xi32>
  return
}

// -----

// tensor_c1: dynamically shaped input
func.func @arg_max(%x: tensor<?x3xf32>) {
  // expected-error @below {{'dml.arg_max' op operand #0 must be statically shaped tensor of any type values, but got 'tensor<?x3xf32>'}}
  %y = dml.arg_max %x, axes = [1], direction = increasing : tensor<?x3xf32> -> tensor<3x1xui32>
  return
}

// -----

// tensor_c1: unranked output (generic form)
func.func @arg_max(%x: tensor<3x3xf32>) {
  // expected-error @below {{'dml.arg_max' op result #0 must be statically shaped tensor of any type values, but got 'tensor<*xui32>'}}
  %y = "dml.arg_max"(%x) <{axes = array<i32: 1>, direction = #dml<axis_direction increasing>}> : (tensor<3x3xf32>) -> tensor<*xui32>
  return
}

// -----

// tensor_c2: zero-size input dimension
func.func @arg_max(%x: tensor<3x0xf32>) {
  // expected-error @below {{'dml.arg_max' op input dimension 1 must be >= 1 (DirectML sizes are positive), got 0}}
  %y = dml.arg_max %x, axes = [1], direction = increasing : tensor<3x0xf32> -> tensor<3x1xui32>
  return
}

// -----

// tensor_c2: zero-size output dimension
func.func @arg_max(%x: tensor<3x3xf32>) {
  // expected-error @below {{'dml.arg_max' op output dimension 0 must be >= 1 (DirectML sizes are positive), got 0}}
  %y = dml.arg_max %x, axes = [1], direction = increasing : tensor<3x3xf32> -> tensor<0x1xui32>
  return
}

// -----

// tensor_c3: input with 2^33 elements
func.func @arg_max(%x: tensor<4294967296x2xf32>) {
  // expected-error @below {{'dml.arg_max' op input has more than 4294967295 elements; a DirectML tensor holds at most 4294967295}}
  %y = dml.arg_max %x, axes = [1], direction = increasing : tensor<4294967296x2xf32> -> tensor<4294967296x1xui32>
  return
}

// -----

// tensor_c4: bf16 input
func.func @arg_max(%x: tensor<3x3xbf16>) {
  // expected-error @below {{'dml.arg_max' op input element type 'bf16' is not a DirectML data type; expected one of {FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8} (ArgMax/ArgMin InputTensor at feature level 5.0)}}
  %y = dml.arg_max %x, axes = [1], direction = increasing : tensor<3x3xbf16> -> tensor<3x1xui32>
  return
}

// -----

// tensor_c4: si64 output
func.func @arg_max(%x: tensor<3x3xf32>) {
  // expected-error @below {{'dml.arg_max' op output element type 'si64' is not a DirectML data type; expected one of {INT64, INT32, UINT64, UINT32} (ArgMax/ArgMin OutputTensor at feature level 5.0)}}
  %y = dml.arg_max %x, axes = [1], direction = increasing : tensor<3x3xf32> -> tensor<3x1xsi64>
  return
}

// -----

// tensor_c4: index output
func.func @arg_max(%x: tensor<3x3xf32>) {
  // expected-error @below {{'dml.arg_max' op output element type 'index' is not a DirectML data type; expected one of {INT64, INT32, UINT64, UINT32} (ArgMax/ArgMin OutputTensor at feature level 5.0)}}
  %y = dml.arg_max %x, axes = [1], direction = increasing : tensor<3x3xf32> -> tensor<3x1xindex>
  return
}

// -----

// fl_c1: below the introduction level 3.0
module attributes {dml.feature_level = "2.1"} {
  func.func @arg_max(%x: tensor<1x1x3x3xf32>) {
    // expected-error @below {{'dml.arg_max' op requires DirectML feature level 3.0 or newer (ArgMax/ArgMin was introduced at 3.0), but the selected feature level is 2.1}}
    %y = dml.arg_max %x, axes = [3], direction = increasing : tensor<1x1x3x3xf32> -> tensor<1x1x3x1xui32>
    return
  }
}

// -----

// fl_c3: 9-D tensors
func.func @arg_max(%x: tensor<1x1x1x1x1x1x1x3x3xf32>) {
  // expected-error @below {{'dml.arg_max' op input must have 1 to 8 dimensions (ArgMax/ArgMin InputTensor), got 9}}
  %y = dml.arg_max %x, axes = [8], direction = increasing : tensor<1x1x1x1x1x1x1x3x3xf32> -> tensor<1x1x1x1x1x1x1x3x1xui32>
  return
}

// -----

// fl_c4: 4.1 InputTensor: f64
func.func @arg_max(%x: tensor<3x3xf64>) {
  // expected-error @below {{'dml.arg_max' op input data type must be one of {FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8} (ArgMax/ArgMin InputTensor at feature level 5.0), got FLOAT64 ('f64')}}
  %y = dml.arg_max %x, axes = [1], direction = increasing : tensor<3x3xf64> -> tensor<3x1xui32>
  return
}

// -----

// fl_c4: 4.1 OutputTensor: f32
func.func @arg_max(%x: tensor<3x3xf32>) {
  // expected-error @below {{'dml.arg_max' op output data type must be one of {INT64, INT32, UINT64, UINT32} (ArgMax/ArgMin OutputTensor at feature level 5.0), got FLOAT32 ('f32')}}
  %y = dml.arg_max %x, axes = [1], direction = increasing : tensor<3x3xf32> -> tensor<3x1xf32>
  return
}

// -----

// fl_c4: 4.1 OutputTensor: i16
func.func @arg_max(%x: tensor<3x3xf32>) {
  // expected-error @below {{'dml.arg_max' op output data type must be one of {INT64, INT32, UINT64, UINT32} (ArgMax/ArgMin OutputTensor at feature level 5.0), got INT16 ('i16')}}
  %y = dml.arg_max %x, axes = [1], direction = increasing : tensor<3x3xf32> -> tensor<3x1xi16>
  return
}

// -----

// fl_c4: 3.0 InputTensor: i64 at 4.0
module attributes {dml.feature_level = "4.0"} {
  func.func @arg_max(%x: tensor<3x3xi64>) {
    // expected-error @below {{'dml.arg_max' op input data type must be one of {FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8} (ArgMax/ArgMin InputTensor at feature level 4.0), got INT64 ('i64')}}
    %y = dml.arg_max %x, axes = [1], direction = increasing : tensor<3x3xi64> -> tensor<3x1xui32>
    return
  }
}

// -----

// fl_c4: 3.0 InputTensor: ui64 at 3.0
module attributes {dml.feature_level = "3.0"} {
  func.func @arg_max(%x: tensor<3x3xui64>) {
    // expected-error @below {{'dml.arg_max' op input data type must be one of {FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8} (ArgMax/ArgMin InputTensor at feature level 3.0), got UINT64 ('ui64')}}
    %y = dml.arg_max %x, axes = [1], direction = increasing : tensor<3x3xui64> -> tensor<3x1xui32>
    return
  }
}

// -----

// fl_c4: 3.0 OutputTensor: ui16
module attributes {dml.feature_level = "3.0"} {
  func.func @arg_max(%x: tensor<3x3xf32>) {
    // expected-error @below {{'dml.arg_max' op output data type must be one of {INT64, INT32, UINT64, UINT32} (ArgMax/ArgMin OutputTensor at feature level 3.0), got UINT16 ('ui16')}}
    %y = dml.arg_max %x, axes = [1], direction = increasing : tensor<3x3xf32> -> tensor<3x1xui16>
    return
  }
}

// -----

// parse_c1: unknown direction keyword
func.func @arg_max(%x: tensor<3x3xf32>) {
  // expected-error @below {{custom op 'dml.arg_max' expected one of increasing, decreasing, got 'upward'}}
  %y = dml.arg_max %x, axes = [1], direction = upward : tensor<3x3xf32> -> tensor<3x1xui32>
  return
}

// -----

// parse_c2: unknown direction in the generic form
func.func @arg_max(%x: tensor<3x3xf32>) {
  // expected-error @below {{expected one of [increasing, decreasing] for DML_AXIS_DIRECTION, got: upward}}
  // expected-error @below {{failed to parse DML_AxisDirectionAttr parameter 'value' which is to be a `::mlir::dml::AxisDirection`}}
  %y = "dml.arg_max"(%x) <{axes = array<i32: 1>, direction = #dml<axis_direction upward>}> : (tensor<3x3xf32>) -> tensor<3x1xui32>
  return
}

// -----

// parse_c3: axes as an array attribute in the generic form
func.func @arg_max(%x: tensor<3x3xf32>) {
  // expected-error @below {{invalid properties {axes = [1 : i32], direction = #dml<axis_direction increasing>} for op dml.arg_max: Invalid attribute `axes` in property conversion: [1 : i32]}}
  %y = "dml.arg_max"(%x) <{axes = [1 : i32], direction = #dml<axis_direction increasing>}> : (tensor<3x3xf32>) -> tensor<3x1xui32>
  return
}

// -----

// parse_c3: missing axes in the generic form
func.func @arg_max(%x: tensor<3x3xf32>) {
  // expected-error @below {{'dml.arg_max' op requires attribute 'axes'}}
  %y = "dml.arg_max"(%x) <{direction = #dml<axis_direction increasing>}> : (tensor<3x3xf32>) -> tensor<3x1xui32>
  return
}
