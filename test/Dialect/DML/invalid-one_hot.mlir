// RUN: dml-opt %s -split-input-file -verify-diagnostics

// Every diagnostic dml.one_hot can produce. The marker above each case names the
// rule in docs/verifier-rules.md.

// onehot_c1: values with another dimension count
func.func @one_hot(%j: tensor<1x1x3x1xui32>, %w: tensor<2xf32>) {
  // expected-error @below {{'dml.one_hot' op values must have the same dimension count as indices (4), got 1}}
  %y = dml.one_hot %j, %w, axis = 3 : (tensor<1x1x3x1xui32>, tensor<2xf32>) -> tensor<1x1x3x4xf32>
  return
}

// -----

// onehot_c1: output with another dimension count
func.func @one_hot(%j: tensor<1x1x3x1xui32>, %w: tensor<1x1x1x2xf32>) {
  // expected-error @below {{'dml.one_hot' op output must have the same dimension count as indices (4), got 2}}
  %y = dml.one_hot %j, %w, axis = 3 : (tensor<1x1x3x1xui32>, tensor<1x1x1x2xf32>) -> tensor<3x4xf32>
  return
}

// -----

// onehot_c2: output element type differs from the values'
func.func @one_hot(%j: tensor<1x1x3x1xui32>, %w: tensor<1x1x1x2xf32>) {
  // expected-error @below {{'dml.one_hot' op output element type must equal values element type 'f32', got 'f16'}}
  %y = dml.one_hot %j, %w, axis = 3 : (tensor<1x1x3x1xui32>, tensor<1x1x1x2xf32>) -> tensor<1x1x3x4xf16>
  return
}

// -----

// onehot_c3: axis equal to the dimension count
func.func @one_hot(%j: tensor<1x1x3x1xui32>, %w: tensor<1x1x1x2xf32>) {
  // expected-error @below {{'dml.one_hot' op axis must be in [0, 4) for rank 4, got 4}}
  %y = dml.one_hot %j, %w, axis = 4 : (tensor<1x1x3x1xui32>, tensor<1x1x1x2xf32>) -> tensor<1x1x3x4xf32>
  return
}

// -----

// onehot_c3: negative axis
func.func @one_hot(%j: tensor<1x1x3x1xui32>, %w: tensor<1x1x1x2xf32>) {
  // expected-error @below {{'dml.one_hot' op axis must be in [0, 4) for rank 4, got -1}}
  %y = dml.one_hot %j, %w, axis = -1 : (tensor<1x1x3x1xui32>, tensor<1x1x1x2xf32>) -> tensor<1x1x3x4xf32>
  return
}

// -----

// onehot_c4: indices size at the axis is not 1
func.func @one_hot(%j: tensor<1x1x3x4xui32>, %w: tensor<1x1x1x2xf32>) {
  // expected-error @below {{'dml.one_hot' op indices dimension 3 must be 1 because it is the axis, got 4}}
  %y = dml.one_hot %j, %w, axis = 3 : (tensor<1x1x3x4xui32>, tensor<1x1x1x2xf32>) -> tensor<1x1x3x4xf32>
  return
}

// -----

// onehot_c4: indices size off the axis differs from the output's
func.func @one_hot(%j: tensor<1x1x2x1xui32>, %w: tensor<1x1x1x2xf32>) {
  // expected-error @below {{'dml.one_hot' op indices dimension 2 must equal output dimension 2 = 3, got 2}}
  %y = dml.one_hot %j, %w, axis = 3 : (tensor<1x1x2x1xui32>, tensor<1x1x1x2xf32>) -> tensor<1x1x3x4xf32>
  return
}

// -----

// onehot_c4: indices laid out for another axis
func.func @one_hot(%j: tensor<1x1x3x1xui32>, %w: tensor<1x1x1x2xf32>) {
  // expected-error @below {{'dml.one_hot' op indices dimension 2 must be 1 because it is the axis, got 3}}
  %y = dml.one_hot %j, %w, axis = 2 : (tensor<1x1x3x1xui32>, tensor<1x1x1x2xf32>) -> tensor<1x1x3x4xf32>
  return
}

// -----

// onehot_c5: values with a single element
func.func @one_hot(%j: tensor<1x1x3x1xui32>, %w: tensor<1x1x1x1xf32>) {
  // expected-error @below {{'dml.one_hot' op values must hold at least 2 elements (the off and on values), got 1}}
  %y = dml.one_hot %j, %w, axis = 3 : (tensor<1x1x3x1xui32>, tensor<1x1x1x1xf32>) -> tensor<1x1x3x4xf32>
  return
}

// -----

// tensor_c1: dynamically shaped values
func.func @one_hot(%j: tensor<1x1x3x1xui32>, %w: tensor<1x1x1x?xf32>) {
  // expected-error @below {{'dml.one_hot' op operand #1 must be statically shaped tensor of any type values, but got 'tensor<1x1x1x?xf32>'}}
  %y = dml.one_hot %j, %w, axis = 3 : (tensor<1x1x3x1xui32>, tensor<1x1x1x?xf32>) -> tensor<1x1x3x4xf32>
  return
}

// -----

// tensor_c1: unranked indices (generic form)
func.func @one_hot(%j: tensor<*xui32>, %w: tensor<1x1x1x2xf32>) {
  // expected-error @below {{'dml.one_hot' op operand #0 must be statically shaped tensor of any type values, but got 'tensor<*xui32>'}}
  %y = "dml.one_hot"(%j, %w) <{axis = 3 : i32}> : (tensor<*xui32>, tensor<1x1x1x2xf32>) -> tensor<1x1x3x4xf32>
  return
}

// -----

// tensor_c2: zero-size output dimension (depth 0)
func.func @one_hot(%j: tensor<1x1x3x1xui32>, %w: tensor<1x1x1x2xf32>) {
  // expected-error @below {{'dml.one_hot' op output dimension 3 must be >= 1 (DirectML sizes are positive), got 0}}
  %y = dml.one_hot %j, %w, axis = 3 : (tensor<1x1x3x1xui32>, tensor<1x1x1x2xf32>) -> tensor<1x1x3x0xf32>
  return
}

// -----

// tensor_c3: output with 3 * 2^31 elements (depth 2^31)
func.func @one_hot(%j: tensor<1x1x3x1xui32>, %w: tensor<1x1x1x2xf32>) {
  // expected-error @below {{'dml.one_hot' op output has 6442450944 elements; a DirectML tensor holds at most 4294967295}}
  %y = dml.one_hot %j, %w, axis = 3 : (tensor<1x1x3x1xui32>, tensor<1x1x1x2xf32>) -> tensor<1x1x3x2147483648xf32>
  return
}

// -----

// tensor_c4: bf16 values
func.func @one_hot(%j: tensor<1x1x3x1xui32>, %w: tensor<1x1x1x2xbf16>) {
  // expected-error @below {{'dml.one_hot' op values element type 'bf16' is not a DirectML data type; expected one of {FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8} (OneHot ValuesTensor at feature level 5.0)}}
  %y = dml.one_hot %j, %w, axis = 3 : (tensor<1x1x3x1xui32>, tensor<1x1x1x2xbf16>) -> tensor<1x1x3x4xbf16>
  return
}

// -----

// tensor_c4: i1 indices
func.func @one_hot(%j: tensor<1x1x3x1xi1>, %w: tensor<1x1x1x2xf32>) {
  // expected-error @below {{'dml.one_hot' op indices element type 'i1' is not a DirectML data type; expected one of {INT64, INT32, UINT64, UINT32} (OneHot IndicesTensor at feature level 5.0)}}
  %y = dml.one_hot %j, %w, axis = 3 : (tensor<1x1x3x1xi1>, tensor<1x1x1x2xf32>) -> tensor<1x1x3x4xf32>
  return
}

// -----

// tensor_c4: si64 indices
func.func @one_hot(%j: tensor<1x1x3x1xsi64>, %w: tensor<1x1x1x2xf32>) {
  // expected-error @below {{'dml.one_hot' op indices element type 'si64' is not a DirectML data type; expected one of {INT64, INT32, UINT64, UINT32} (OneHot IndicesTensor at feature level 5.0)}}
  %y = dml.one_hot %j, %w, axis = 3 : (tensor<1x1x3x1xsi64>, tensor<1x1x1x2xf32>) -> tensor<1x1x3x4xf32>
  return
}

// -----

// fl_c1: below the introduction level 2.0
module attributes {dml.feature_level = "1.0"} {
  func.func @one_hot(%j: tensor<1x1x3x1xui32>, %w: tensor<1x1x1x2xf32>) {
    // expected-error @below {{'dml.one_hot' op requires DirectML feature level 2.0 or newer (OneHot was introduced at 2.0), but the selected feature level is 1.0}}
    %y = dml.one_hot %j, %w, axis = 3 : (tensor<1x1x3x1xui32>, tensor<1x1x1x2xf32>) -> tensor<1x1x3x4xf32>
    return
  }
}

// -----

// fl_c2: 2-D tensors at 2.0
module attributes {dml.feature_level = "2.0"} {
  func.func @one_hot(%j: tensor<3x1xui32>, %w: tensor<1x2xf32>) {
    // expected-error @below {{'dml.one_hot' op indices must have exactly 4 dimensions at feature level 2.0 (OneHot IndicesTensor row of feature level 2.0; 1 to 8 need a newer level), got 2}}
    %y = dml.one_hot %j, %w, axis = 1 : (tensor<3x1xui32>, tensor<1x2xf32>) -> tensor<3x4xf32>
    return
  }
}

// -----

// fl_c2: 3-D tensors at 2.1
module attributes {dml.feature_level = "2.1"} {
  func.func @one_hot(%j: tensor<1x3x1xui32>, %w: tensor<1x1x2xf32>) {
    // expected-error @below {{'dml.one_hot' op indices must have exactly 4 dimensions at feature level 2.1 (OneHot IndicesTensor row of feature level 2.1; 1 to 8 need a newer level), got 3}}
    %y = dml.one_hot %j, %w, axis = 2 : (tensor<1x3x1xui32>, tensor<1x1x2xf32>) -> tensor<1x3x4xf32>
    return
  }
}

// -----

// fl_c3: 9-D tensors
func.func @one_hot(%j: tensor<1x1x1x1x1x1x1x3x1xui32>, %w: tensor<1x1x1x1x1x1x1x1x2xf32>) {
  // expected-error @below {{'dml.one_hot' op indices must have 1 to 8 dimensions (OneHot IndicesTensor), got 9}}
  %y = dml.one_hot %j, %w, axis = 8 : (tensor<1x1x1x1x1x1x1x3x1xui32>, tensor<1x1x1x1x1x1x1x1x2xf32>) -> tensor<1x1x1x1x1x1x1x3x4xf32>
  return
}

// -----

// fl_c4: 4.1 IndicesTensor: i16
func.func @one_hot(%j: tensor<1x1x3x1xi16>, %w: tensor<1x1x1x2xf32>) {
  // expected-error @below {{'dml.one_hot' op indices data type must be one of {INT64, INT32, UINT64, UINT32} (OneHot IndicesTensor at feature level 5.0), got INT16 ('i16')}}
  %y = dml.one_hot %j, %w, axis = 3 : (tensor<1x1x3x1xi16>, tensor<1x1x1x2xf32>) -> tensor<1x1x3x4xf32>
  return
}

// -----

// fl_c4: 4.1 IndicesTensor: ui8
func.func @one_hot(%j: tensor<1x1x3x1xui8>, %w: tensor<1x1x1x2xf32>) {
  // expected-error @below {{'dml.one_hot' op indices data type must be one of {INT64, INT32, UINT64, UINT32} (OneHot IndicesTensor at feature level 5.0), got UINT8 ('ui8')}}
  %y = dml.one_hot %j, %w, axis = 3 : (tensor<1x1x3x1xui8>, tensor<1x1x1x2xf32>) -> tensor<1x1x3x4xf32>
  return
}

// -----

// fl_c4: 3.0 IndicesTensor: ui16
module attributes {dml.feature_level = "3.0"} {
  func.func @one_hot(%j: tensor<3x1xui16>, %w: tensor<1x2xf32>) {
    // expected-error @below {{'dml.one_hot' op indices data type must be one of {INT64, INT32, UINT64, UINT32} (OneHot IndicesTensor at feature level 3.0), got UINT16 ('ui16')}}
    %y = dml.one_hot %j, %w, axis = 1 : (tensor<3x1xui16>, tensor<1x2xf32>) -> tensor<3x4xf32>
    return
  }
}

// -----

// fl_c4: 3.0 ValuesTensor: f64
module attributes {dml.feature_level = "3.0"} {
  func.func @one_hot(%j: tensor<3x1xui32>, %w: tensor<1x2xf64>) {
    // expected-error @below {{'dml.one_hot' op values data type must be one of {FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8} (OneHot ValuesTensor at feature level 3.0), got FLOAT64 ('f64')}}
    %y = dml.one_hot %j, %w, axis = 1 : (tensor<3x1xui32>, tensor<1x2xf64>) -> tensor<3x4xf64>
    return
  }
}

// -----

// fl_c4: 3.0 ValuesTensor: i64 at 4.0
module attributes {dml.feature_level = "4.0"} {
  func.func @one_hot(%j: tensor<3x1xi64>, %w: tensor<1x2xi64>) {
    // expected-error @below {{'dml.one_hot' op values data type must be one of {FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8} (OneHot ValuesTensor at feature level 4.0), got INT64 ('i64')}}
    %y = dml.one_hot %j, %w, axis = 1 : (tensor<3x1xi64>, tensor<1x2xi64>) -> tensor<3x4xi64>
    return
  }
}

// -----

// fl_c4: 2.1 IndicesTensor: signed i32
module attributes {dml.feature_level = "2.1"} {
  func.func @one_hot(%j: tensor<1x1x3x1xi32>, %w: tensor<1x1x1x2xf32>) {
    // expected-error @below {{'dml.one_hot' op indices data type must be one of {UINT32} (OneHot IndicesTensor at feature level 2.1), got INT32 ('i32')}}
    %y = dml.one_hot %j, %w, axis = 3 : (tensor<1x1x3x1xi32>, tensor<1x1x1x2xf32>) -> tensor<1x1x3x4xf32>
    return
  }
}

// -----

// fl_c4: 2.1 IndicesTensor: ui64
module attributes {dml.feature_level = "2.1"} {
  func.func @one_hot(%j: tensor<1x1x3x1xui64>, %w: tensor<1x1x1x2xf32>) {
    // expected-error @below {{'dml.one_hot' op indices data type must be one of {UINT32} (OneHot IndicesTensor at feature level 2.1), got UINT64 ('ui64')}}
    %y = dml.one_hot %j, %w, axis = 3 : (tensor<1x1x3x1xui64>, tensor<1x1x1x2xf32>) -> tensor<1x1x3x4xf32>
    return
  }
}

// -----

// fl_c4: 2.1 ValuesTensor: ui64
module attributes {dml.feature_level = "2.1"} {
  func.func @one_hot(%j: tensor<1x1x3x1xui32>, %w: tensor<1x1x1x2xui64>) {
    // expected-error @below {{'dml.one_hot' op values data type must be one of {FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8} (OneHot ValuesTensor at feature level 2.1), got UINT64 ('ui64')}}
    %y = dml.one_hot %j, %w, axis = 3 : (tensor<1x1x3x1xui32>, tensor<1x1x1x2xui64>) -> tensor<1x1x3x4xui64>
    return
  }
}

// -----

// fl_c4: 2.0 IndicesTensor: i64
module attributes {dml.feature_level = "2.0"} {
  func.func @one_hot(%j: tensor<1x1x3x1xi64>, %w: tensor<1x1x1x2xf32>) {
    // expected-error @below {{'dml.one_hot' op indices data type must be one of {UINT32} (OneHot IndicesTensor at feature level 2.0), got INT64 ('i64')}}
    %y = dml.one_hot %j, %w, axis = 3 : (tensor<1x1x3x1xi64>, tensor<1x1x1x2xf32>) -> tensor<1x1x3x4xf32>
    return
  }
}

// -----

// fl_c4: 2.0 ValuesTensor: i32
module attributes {dml.feature_level = "2.0"} {
  func.func @one_hot(%j: tensor<1x1x3x1xui32>, %w: tensor<1x1x1x2xi32>) {
    // expected-error @below {{'dml.one_hot' op values data type must be one of {FLOAT32, FLOAT16} (OneHot ValuesTensor at feature level 2.0), got INT32 ('i32')}}
    %y = dml.one_hot %j, %w, axis = 3 : (tensor<1x1x3x1xui32>, tensor<1x1x1x2xi32>) -> tensor<1x1x3x4xi32>
    return
  }
}

// -----

// fl_c4: 2.0 ValuesTensor: ui8
module attributes {dml.feature_level = "2.0"} {
  func.func @one_hot(%j: tensor<1x1x3x1xui32>, %w: tensor<1x1x1x2xui8>) {
    // expected-error @below {{'dml.one_hot' op values data type must be one of {FLOAT32, FLOAT16} (OneHot ValuesTensor at feature level 2.0), got UINT8 ('ui8')}}
    %y = dml.one_hot %j, %w, axis = 3 : (tensor<1x1x3x1xui32>, tensor<1x1x1x2xui8>) -> tensor<1x1x3x4xui8>
    return
  }
}

// -----

// parse_c3: axis of the wrong integer type in the generic form
func.func @one_hot(%j: tensor<1x1x3x1xui32>, %w: tensor<1x1x1x2xf32>) {
  // expected-error @below {{'dml.one_hot' op attribute 'axis' failed to satisfy constraint: 32-bit signless integer attribute}}
  %y = "dml.one_hot"(%j, %w) <{axis = 3 : si32}> : (tensor<1x1x3x1xui32>, tensor<1x1x1x2xf32>) -> tensor<1x1x3x4xf32>
  return
}

// -----

// parse_c3: missing axis in the generic form
func.func @one_hot(%j: tensor<1x1x3x1xui32>, %w: tensor<1x1x1x2xf32>) {
  // expected-error @below {{'dml.one_hot' op requires attribute 'axis'}}
  %y = "dml.one_hot"(%j, %w) : (tensor<1x1x3x1xui32>, tensor<1x1x1x2xf32>) -> tensor<1x1x3x4xf32>
  return
}
