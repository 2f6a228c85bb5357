// RUN: dml-opt %s -split-input-file -verify-diagnostics

// Every diagnostic dml.gather can produce. The marker above each case names the
// rule in docs/verifier-rules.md.

// gather_c1: indices with another dimension count
func.func @gather(%x: tensor<3x2xf32>, %j: tensor<4xui32>) {
  // expected-error @below {{'dml.gather' op indices must have the same dimension count as input (2), got 1}}
  %y = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xf32>, tensor<4xui32>) -> tensor<4x2xf32>
  return
}

// -----

// gather_c1: output with another dimension count
func.func @gather(%x: tensor<3x2xf32>, %j: tensor<1x4xui32>) {
  // expected-error @below {{'dml.gather' op output must have the same dimension count as input (2), got 3}}
  %y = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xf32>, tensor<1x4xui32>) -> tensor<1x4x2xf32>
  return
}

// -----

// gather_c2: output element type differs from the input's
func.func @gather(%x: tensor<3x2xf32>, %j: tensor<1x4xui32>) {
  // expected-error @below {{'dml.gather' op output element type must equal input element type 'f32', got 'f16'}}
  %y = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xf32>, tensor<1x4xui32>) -> tensor<4x2xf16>
  return
}

// -----

// gather_c3: axis equal to the dimension count
func.func @gather(%x: tensor<3x2xf32>, %j: tensor<1x4xui32>) {
  // expected-error @below {{'dml.gather' op axis must be in [0, 2) for rank 2, got 2}}
  %y = dml.gather %x, %j, axis = 2, index_dimensions = 1 : (tensor<3x2xf32>, tensor<1x4xui32>) -> tensor<4x2xf32>
  return
}

// -----

// gather_c3: negative axis
func.func @gather(%x: tensor<3x2xf32>, %j: tensor<1x4xui32>) {
  // expected-error @below {{'dml.gather' op axis must be in [0, 2) for rank 2, got -1}}
  %y = dml.gather %x, %j, axis = -1, index_dimensions = 1 : (tensor<3x2xf32>, tensor<1x4xui32>) -> tensor<4x2xf32>
  return
}

// -----

// gather_c4: index_dimensions above the dimension count (DML-MLIR proposal: r <= N)
func.func @gather(%x: tensor<3x2xf32>, %j: tensor<1x4xui32>) {
  // expected-error @below {{'dml.gather' op index_dimensions must be in [0, 2] (DML-MLIR proposal: 0 <= IndexDimensions <= N), got 3}}
  %y = dml.gather %x, %j, axis = 0, index_dimensions = 3 : (tensor<3x2xf32>, tensor<1x4xui32>) -> tensor<4x2xf32>
  return
}

// -----

// gather_c4: negative index_dimensions
func.func @gather(%x: tensor<3x2xf32>, %j: tensor<1x4xui32>) {
  // expected-error @below {{'dml.gather' op index_dimensions must be in [0, 2] (DML-MLIR proposal: 0 <= IndexDimensions <= N), got -1}}
  %y = dml.gather %x, %j, axis = 0, index_dimensions = -1 : (tensor<3x2xf32>, tensor<1x4xui32>) -> tensor<4x2xf32>
  return
}

// -----

// gather_c5: leading indices dimension that is not 1 (DML-MLIR proposal)
func.func @gather(%x: tensor<3x2xf32>, %j: tensor<2x4xui32>) {
  // expected-error @below {{'dml.gather' op indices dimension 0 must be 1: only the last index_dimensions = 1 dimensions of indices [2, 4] hold indices (DML-MLIR proposal), got 2}}
  %y = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xf32>, tensor<2x4xui32>) -> tensor<8x2xf32>
  return
}

// -----

// gather_c5: index_dimensions = 0 with indices that are not all 1s
func.func @gather(%x: tensor<2x3x4xf32>, %j: tensor<1x1x2xui32>) {
  // expected-error @below {{'dml.gather' op indices dimension 2 must be 1: only the last index_dimensions = 0 dimensions of indices [1, 1, 2] hold indices (DML-MLIR proposal), got 2}}
  %y = dml.gather %x, %j, axis = 1, index_dimensions = 0 : (tensor<2x3x4xf32>, tensor<1x1x2xui32>) -> tensor<1x2x4xf32>
  return
}

// -----

// gather_c6: axis below index_dimensions - 1
func.func @gather(%x: tensor<1x1x3xf32>, %j: tensor<2x2x2xui32>) {
  // expected-error @below {{'dml.gather' op axis must be >= index_dimensions - 1 = 2 so that the dimensions dropped from the output are leading 1s of input, got 1}}
  %y = dml.gather %x, %j, axis = 1, index_dimensions = 3 : (tensor<1x1x3xf32>, tensor<2x2x2xui32>) -> tensor<2x2x2xf32>
  return
}

// -----

// gather_c7: gather.example3 with its documented attributes (axis 1, index_dimensions 2): spec section 8 item 2
func.func @gather(%x: tensor<3x2xf32>, %j: tensor<1x2xui32>) {
  // expected-error @below {{'dml.gather' op output shape does not fit in 2 dimensions: index_dimensions = 2 drops the first 1 entries of the concatenated shape [3, 1, 2], which must be 1, got 3 at position 0}}
  %y = dml.gather %x, %j, axis = 1, index_dimensions = 2 : (tensor<3x2xf32>, tensor<1x2xui32>) -> tensor<3x2xf32>
  return
}

// -----

// gather_c7: index_dimensions = N with an input that has no leading 1s
func.func @gather(%x: tensor<2x3xf32>, %j: tensor<2x2xui32>) {
  // expected-error @below {{'dml.gather' op output shape does not fit in 2 dimensions: index_dimensions = 2 drops the first 1 entries of the concatenated shape [2, 2, 2], which must be 1, got 2 at position 0}}
  %y = dml.gather %x, %j, axis = 1, index_dimensions = 2 : (tensor<2x3xf32>, tensor<2x2xui32>) -> tensor<2x2xf32>
  return
}

// -----

// gather_c8: output shape differs from the right-aligned rule
func.func @gather(%x: tensor<3x2xf32>, %j: tensor<1x4xui32>) {
  // expected-error @below {{'dml.gather' op output shape must be [4, 2] by Gather's right-aligned shape rule (axis = 0, index_dimensions = 1), got [2, 4]}}
  %y = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xf32>, tensor<1x4xui32>) -> tensor<2x4xf32>
  return
}

// -----

// gather_c8: output of index_dimensions = 0 without the leading 1
func.func @gather(%x: tensor<2x3x4xf32>, %j: tensor<1x1x1xui32>) {
  // expected-error @below {{'dml.gather' op output shape must be [1, 2, 4] by Gather's right-aligned shape rule (axis = 1, index_dimensions = 0), got [2, 1, 4]}}
  %y = dml.gather %x, %j, axis = 1, index_dimensions = 0 : (tensor<2x3x4xf32>, tensor<1x1x1xui32>) -> tensor<2x1x4xf32>
  return
}

// -----

// tensor_c1: dynamically shaped indices
func.func @gather(%x: tensor<3x2xf32>, %j: tensor<1x?xui32>) {
  // expected-error @below {{'dml.gather' op operand #1 must be statically shaped tensor of any type values, but got 'tensor<1x?xui32>'}}
  %y = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xf32>, tensor<1x?xui32>) -> tensor<4x2xf32>
  return
}

// -----

// tensor_c1: unranked output (generic form)
func.func @gather(%x: tensor<3x2xf32>, %j: tensor<1x4xui32>) {
  // expected-error @below {{'dml.gather' op result #0 must be statically shaped tensor of any type values, but got 'tensor<*xf32>'}}
  %y = "dml.gather"(%x, %j) <{axis = 0 : i32, index_dimensions = 1 : i32}> : (tensor<3x2xf32>, tensor<1x4xui32>) -> tensor<*xf32>
  return
}

// -----

// tensor_c2: zero-size indices dimension
func.func @gather(%x: tensor<3x2xf32>, %j: tensor<1x0xui32>) {
  // expected-error @below {{'dml.gather' op indices dimension 1 must be >= 1 (DirectML sizes are positive), got 0}}
  %y = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xf32>, tensor<1x0xui32>) -> tensor<0x2xf32>
  return
}

// -----

// tensor_c3: output with 3 * (2^31 - 1) elements (input and indices are small enough)
func.func @gather(%x: tensor<2x2147483647xi8>, %j: tensor<1x3xui32>) {
  // expected-error @below {{'dml.gather' op output has 6442450941 elements; a DirectML tensor holds at most 4294967295}}
  %y = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<2x2147483647xi8>, tensor<1x3xui32>) -> tensor<3x2147483647xi8>
  return
}

// -----

// tensor_c4: bf16 input
func.func @gather(%x: tensor<3x2xbf16>, %j: tensor<1x4xui32>) {
  // expected-error @below {{'dml.gather' op input element type 'bf16' is not a DirectML data type; expected one of {FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8} (Gather InputTensor at feature level 5.0)}}
  %y = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xbf16>, tensor<1x4xui32>) -> tensor<4x2xbf16>
  return
}

// -----

// tensor_c4: si32 indices
func.func @gather(%x: tensor<3x2xf32>, %j: tensor<1x4xsi32>) {
  // expected-error @below {{'dml.gather' op indices element type 'si32' is not a DirectML data type; expected one of {INT64, INT32, UINT64, UINT32} (Gather IndicesTensor at feature level 5.0)}}
  %y = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xf32>, tensor<1x4xsi32>) -> tensor<4x2xf32>
  return
}

// -----

// tensor_c4: index indices
func.func @gather(%x: tensor<3x2xf32>, %j: tensor<1x4xindex>) {
  // expected-error @below {{'dml.gather' op indices element type 'index' is not a DirectML data type; expected one of {INT64, INT32, UINT64, UINT32} (Gather IndicesTensor at feature level 5.0)}}
  %y = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xf32>, tensor<1x4xindex>) -> tensor<4x2xf32>
  return
}

// -----

// fl_c2: 2-D tensors at 2.1
module attributes {dml.feature_level = "2.1"} {
  func.func @gather(%x: tensor<3x2xf32>, %j: tensor<1x4xui32>) {
    // expected-error @below {{'dml.gather' op input must have exactly 4 dimensions at feature level 2.1 (Gather InputTensor row of feature level 2.1; 1 to 8 need a newer level), got 2}}
    %y = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xf32>, tensor<1x4xui32>) -> tensor<4x2xf32>
    return
  }
}

// -----

// fl_c2: 3-D tensors at 1.0
module attributes {dml.feature_level = "1.0"} {
  func.func @gather(%x: tensor<1x3x2xf32>, %j: tensor<1x1x4xui32>) {
    // expected-error @below {{'dml.gather' op input must have exactly 4 dimensions at feature level 1.0 (Gather InputTensor row of feature level 1.0; 1 to 8 need a newer level), got 3}}
    %y = dml.gather %x, %j, axis = 1, index_dimensions = 1 : (tensor<1x3x2xf32>, tensor<1x1x4xui32>) -> tensor<1x4x2xf32>
    return
  }
}

// -----

// fl_c3: 9-D tensors
func.func @gather(%x: tensor<1x1x1x1x1x1x1x3x2xf32>, %j: tensor<1x1x1x1x1x1x1x1x4xui32>) {
  // expected-error @below {{'dml.gather' op input must have 1 to 8 dimensions (Gather InputTensor), got 9}}
  %y = dml.gather %x, %j, axis = 7, index_dimensions = 1 : (tensor<1x1x1x1x1x1x1x3x2xf32>, tensor<1x1x1x1x1x1x1x1x4xui32>) -> tensor<1x1x1x1x1x1x1x4x2xf32>
  return
}

// -----

// fl_c4: 4.1 IndicesTensor: i16
func.func @gather(%x: tensor<3x2xf32>, %j: tensor<1x4xi16>) {
  // expected-error @below {{'dml.gather' op indices data type must be one of {INT64, INT32, UINT64, UINT32} (Gather IndicesTensor at feature level 5.0), got INT16 ('i16')}}
  %y = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xf32>, tensor<1x4xi16>) -> tensor<4x2xf32>
  return
}

// -----

// fl_c4: 4.1 IndicesTensor: ui8
func.func @gather(%x: tensor<3x2xf32>, %j: tensor<1x4xui8>) {
  // expected-error @below {{'dml.gather' op indices data type must be one of {INT64, INT32, UINT64, UINT32} (Gather IndicesTensor at feature level 5.0), got UINT8 ('ui8')}}
  %y = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xf32>, tensor<1x4xui8>) -> tensor<4x2xf32>
  return
}

// -----

// fl_c4: 3.0 InputTensor: f64
module attributes {dml.feature_level = "3.0"} {
  func.func @gather(%x: tensor<3x2xf64>, %j: tensor<1x4xui32>) {
    // expected-error @below {{'dml.gather' op input data type must be one of {FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8} (Gather InputTensor at feature level 3.0), got FLOAT64 ('f64')}}
    %y = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xf64>, tensor<1x4xui32>) -> tensor<4x2xf64>
    return
  }
}

// -----

// fl_c4: 3.0 InputTensor: ui64 at 4.0
module attributes {dml.feature_level = "4.0"} {
  func.func @gather(%x: tensor<3x2xui64>, %j: tensor<1x4xui32>) {
    // expected-error @below {{'dml.gather' op input data type must be one of {FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8} (Gather InputTensor at feature level 4.0), got UINT64 ('ui64')}}
    %y = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xui64>, tensor<1x4xui32>) -> tensor<4x2xui64>
    return
  }
}

// -----

// fl_c4: 3.0 IndicesTensor: ui16
module attributes {dml.feature_level = "3.0"} {
  func.func @gather(%x: tensor<3x2xf32>, %j: tensor<1x4xui16>) {
    // expected-error @below {{'dml.gather' op indices data type must be one of {INT64, INT32, UINT64, UINT32} (Gather IndicesTensor at feature level 3.0), got UINT16 ('ui16')}}
    %y = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<3x2xf32>, tensor<1x4xui16>) -> tensor<4x2xf32>
    return
  }
}

// -----

// fl_c4: 2.1 InputTensor: i64
module attributes {dml.feature_level = "2.1"} {
  func.func @gather(%x: tensor<1x1x3x2xi64>, %j: tensor<1x1x1x4xui32>) {
    // expected-error @below {{'dml.gather' op input data type must be one of {FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8} (Gather InputTensor at feature level 2.1), got INT64 ('i64')}}
    %y = dml.gather %x, %j, axis = 2, index_dimensions = 1 : (tensor<1x1x3x2xi64>, tensor<1x1x1x4xui32>) -> tensor<1x1x4x2xi64>
    return
  }
}

// -----

// fl_c4: 2.1 IndicesTensor: signed i32
module attributes {dml.feature_level = "2.1"} {
  func.func @gather(%x: tensor<1x1x3x2xf32>, %j: tensor<1x1x1x4xi32>) {
    // expected-error @below {{'dml.gather' op indices data type must be one of {UINT32} (Gather IndicesTensor at feature level 2.1), got INT32 ('i32')}}
    %y = dml.gather %x, %j, axis = 2, index_dimensions = 1 : (tensor<1x1x3x2xf32>, tensor<1x1x1x4xi32>) -> tensor<1x1x4x2xf32>
    return
  }
}

// -----

// fl_c4: 2.1 IndicesTensor: signed i64
module attributes {dml.feature_level = "2.1"} {
  func.func @gather(%x: tensor<1x1x3x2xf32>, %j: tensor<1x1x1x4xi64>) {
    // expected-error @below {{'dml.gather' op indices data type must be one of {UINT32} (Gather IndicesTensor at feature level 2.1), got INT64 ('i64')}}
    %y = dml.gather %x, %j, axis = 2, index_dimensions = 1 : (tensor<1x1x3x2xf32>, tensor<1x1x1x4xi64>) -> tensor<1x1x4x2xf32>
    return
  }
}

// -----

// fl_c4: 2.1 IndicesTensor: ui64
module attributes {dml.feature_level = "2.1"} {
  func.func @gather(%x: tensor<1x1x3x2xf32>, %j: tensor<1x1x1x4xui64>) {
    // expected-error @below {{'dml.gather' op indices data type must be one of {UINT32} (Gather IndicesTensor at feature level 2.1), got UINT64 ('ui64')}}
    %y = dml.gather %x, %j, axis = 2, index_dimensions = 1 : (tensor<1x1x3x2xf32>, tensor<1x1x1x4xui64>) -> tensor<1x1x4x2xf32>
    return
  }
}

// -----

// fl_c4: 1.0 InputTensor: i32
module attributes {dml.feature_level = "1.0"} {
  func.func @gather(%x: tensor<1x1x3x2xi32>, %j: tensor<1x1x1x4xui32>) {
    // expected-error @below {{'dml.gather' op input data type must be one of {FLOAT32, FLOAT16} (Gather InputTensor at feature level 1.0), got INT32 ('i32')}}
    %y = dml.gather %x, %j, axis = 2, index_dimensions = 1 : (tensor<1x1x3x2xi32>, tensor<1x1x1x4xui32>) -> tensor<1x1x4x2xi32>
    return
  }
}

// -----

// fl_c4: 1.0 InputTensor: ui8 at 2.0
module attributes {dml.feature_level = "2.0"} {
  func.func @gather(%x: tensor<1x1x3x2xui8>, %j: tensor<1x1x1x4xui32>) {
    // expected-error @below {{'dml.gather' op input data type must be one of {FLOAT32, FLOAT16} (Gather InputTensor at feature level 2.0), got UINT8 ('ui8')}}
    %y = dml.gather %x, %j, axis = 2, index_dimensions = 1 : (tensor<1x1x3x2xui8>, tensor<1x1x1x4xui32>) -> tensor<1x1x4x2xui8>
    return
  }
}

// -----

// fl_c4: 1.0 IndicesTensor: i32
module attributes {dml.feature_level = "1.0"} {
  func.func @gather(%x: tensor<1x1x3x2xf32>, %j: tensor<1x1x1x4xi32>) {
    // expected-error @below {{'dml.gather' op indices data type must be one of {UINT32} (Gather IndicesTensor at feature level 1.0), got INT32 ('i32')}}
    %y = dml.gather %x, %j, axis = 2, index_dimensions = 1 : (tensor<1x1x3x2xf32>, tensor<1x1x1x4xi32>) -> tensor<1x1x4x2xf32>
    return
  }
}

// -----

// parse_c3: index_dimensions of the wrong integer type in the generic form
func.func @gather(%x: tensor<3x2xf32>, %j: tensor<1x4xui32>) {
  // expected-error @below {{'dml.gather' op attribute 'index_dimensions' failed to satisfy constraint: 32-bit signless integer attribute}}
  %y = "dml.gather"(%x, %j) <{axis = 0 : i32, index_dimensions = 1 : ui32}> : (tensor<3x2xf32>, tensor<1x4xui32>) -> tensor<4x2xf32>
  return
}

// -----

// parse_c3: missing index_dimensions in the generic form
func.func @gather(%x: tensor<3x2xf32>, %j: tensor<1x4xui32>) {
  // expected-error @below {{'dml.gather' op requires attribute 'index_dimensions'}}
  %y = "dml.gather"(%x, %j) <{axis = 0 : i32}> : (tensor<3x2xf32>, tensor<1x4xui32>) -> tensor<4x2xf32>
  return
}
