// RUN: dml-opt %s -split-input-file -verify-diagnostics

// Every diagnostic dml.top_k can produce. The marker above each case names the
// rule in docs/verifier-rules.md.

// topk_c1: values with another dimension count
func.func @top_k(%x: tensor<1x1x3x4xf32>) {
  // expected-error @below {{'dml.top_k' op values must have the same dimension count as input (4), got 3}}
  %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xf32> -> tensor<1x3x2xf32>, tensor<1x1x3x2xui32>
  return
}

// -----

// topk_c1: indices with another dimension count
func.func @top_k(%x: tensor<1x1x3x4xf32>) {
  // expected-error @below {{'dml.top_k' op indices must have the same dimension count as input (4), got 5}}
  %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x1x3x2xui32>
  return
}

// -----

// topk_c2: values element type differs from the input's
func.func @top_k(%x: tensor<1x1x3x4xf32>) {
  // expected-error @below {{'dml.top_k' op values element type must equal input element type 'f32', got 'f16'}}
  %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf16>, tensor<1x1x3x2xui32>
  return
}

// -----

// topk_c3: axis equal to the dimension count
func.func @top_k(%x: tensor<1x1x3x4xf32>) {
  // expected-error @below {{'dml.top_k' op axis must be in [0, 4) for rank 4, got 4}}
  %v, %i = dml.top_k %x, axis = 4, k = 2, direction = decreasing : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>
  return
}

// -----

// topk_c3: negative axis
func.func @top_k(%x: tensor<1x1x3x4xf32>) {
  // expected-error @below {{'dml.top_k' op axis must be in [0, 4) for rank 4, got -1}}
  %v, %i = dml.top_k %x, axis = -1, k = 2, direction = decreasing : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>
  return
}

// -----

// topk_c4: k = 0
func.func @top_k(%x: tensor<1x1x3x4xf32>) {
  // expected-error @below {{'dml.top_k' op k must be in [1, 4] (input dimension 3; DirectML documents 0 < K < 4, DML-MLIR also accepts K = 4), got 0}}
  %v, %i = dml.top_k %x, axis = 3, k = 0, direction = decreasing : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>
  return
}

// -----

// topk_c4: negative k
func.func @top_k(%x: tensor<1x1x3x4xf32>) {
  // expected-error @below {{'dml.top_k' op k must be in [1, 4] (input dimension 3; DirectML documents 0 < K < 4, DML-MLIR also accepts K = 4), got -2}}
  %v, %i = dml.top_k %x, axis = 3, k = -2, direction = decreasing : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>
  return
}

// -----

// topk_c4: k above the axis size
func.func @top_k(%x: tensor<1x1x3x4xf32>) {
  // expected-error @below {{'dml.top_k' op k must be in [1, 4] (input dimension 3; DirectML documents 0 < K < 4, DML-MLIR also accepts K = 4), got 5}}
  %v, %i = dml.top_k %x, axis = 3, k = 5, direction = decreasing : tensor<1x1x3x4xf32> -> tensor<1x1x3x5xf32>, tensor<1x1x3x5xui32>
  return
}

// -----

// topk_c5: values size at the axis differs from K
func.func @top_k(%x: tensor<1x1x3x4xf32>) {
  // expected-error @below {{'dml.top_k' op values dimension 3 must equal K = 2, got 3}}
  %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xf32> -> tensor<1x1x3x3xf32>, tensor<1x1x3x2xui32>
  return
}

// -----

// topk_c5: values size off the axis differs from the input's
func.func @top_k(%x: tensor<1x1x3x4xf32>) {
  // expected-error @below {{'dml.top_k' op values dimension 2 must equal input dimension 2 = 3, got 4}}
  %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xf32> -> tensor<1x1x4x2xf32>, tensor<1x1x3x2xui32>
  return
}

// -----

// topk_c6: indices size at the axis differs from K
func.func @top_k(%x: tensor<1x1x3x4xf32>) {
  // expected-error @below {{'dml.top_k' op indices dimension 3 must equal K = 2, got 1}}
  %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x3x1xui32>
  return
}

// -----

// topk_c6: indices size off the axis differs from the input's
func.func @top_k(%x: tensor<1x1x3x4xf32>) {
  // expected-error @below {{'dml.top_k' op indices dimension 0 must equal input dimension 0 = 1, got 2}}
  %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<2x1x3x2xui32>
  return
}

// -----

// tensor_c1: dynamically shaped input
func.func @top_k(%x: tensor<1x1x?x4xf32>) {
  // expected-error @below {{'dml.top_k' op operand #0 must be statically shaped tensor of any type values, but got 'tensor<1x1x?x4xf32>'}}
  %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x?x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>
  return
}

// -----

// tensor_c1: dynamically shaped indices
func.func @top_k(%x: tensor<1x1x3x4xf32>) {
  // expected-error @below {{'dml.top_k' op result #1 must be statically shaped tensor of any type values, but got 'tensor<1x1x?x2xui32>'}}
  %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x?x2xui32>
  return
}

// -----

// tensor_c1: unranked input (custom form)
func.func @top_k(%x: tensor<*xf32>) {
  // expected-error @below {{custom op 'dml.top_k' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<*xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>
  return
}

// -----

// tensor_c1: unranked values (generic form)
func.func @top_k(%x: tensor<1x1x3x4xf32>) {
  // expected-error @below {{'dml.top_k' op result #0 must be statically shaped tensor of any type values, but got 'tensor<*xf32>'}}
  %v:2 = "dml.top_k"(%x) <{axis = 3 : i32, direction = #dml<axis_direction decreasing>, k = 2 : i32}> : (tensor<1x1x3x4xf32>) -> (tensor<*xf32>, tensor<1x1x3x2xui32>)
  return
}

// -----

// tensor_c1: memref instead of tensor
func.func @top_k(%x: memref<1x1x3x4xf32>) {
  // expected-error @below {{custom op 'dml.top_k' invalid kind of type specified: expected builtin.tensor, but found 'memref<1x1x3x4xf32>'}}
  %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : memref<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>
  return
}

// -----

// tensor_c2: zero-size input dimension
func.func @top_k(%x: tensor<1x1x0x4xf32>) {
  // expected-error @below {{'dml.top_k' op input dimension 2 must be >= 1 (DirectML sizes are positive), got 0}}
  %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x0x4xf32> -> tensor<1x1x0x2xf32>, tensor<1x1x0x2xui32>
  return
}

// -----

// tensor_c2: zero-size values and indices dimension
func.func @top_k(%x: tensor<1x1x3x4xf32>) {
  // expected-error @below {{'dml.top_k' op values dimension 1 must be >= 1 (DirectML sizes are positive), got 0}}
  %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xf32> -> tensor<1x0x3x2xf32>, tensor<1x0x3x2xui32>
  return
}

// -----

// tensor_c3: input with 2^32 elements
func.func @top_k(%x: tensor<65536x65536xf32>) {
  // expected-error @below {{'dml.top_k' op input has 4294967296 elements; a DirectML tensor holds at most 4294967295}}
  %v, %i = dml.top_k %x, axis = 1, k = 2, direction = decreasing : tensor<65536x65536xf32> -> tensor<65536x2xf32>, tensor<65536x2xui32>
  return
}

// -----

// tensor_c3: element count that wraps around 2^64 (3 * 6148914691236517206 = 2^64 + 2)
func.func @top_k(%x: tensor<3x6148914691236517206xf32>) {
  // expected-error @below {{'dml.top_k' op input has more than 4294967295 elements; a DirectML tensor holds at most 4294967295}}
  %v, %i = dml.top_k %x, axis = 0, k = 3, direction = decreasing : tensor<3x6148914691236517206xf32> -> tensor<3x6148914691236517206xf32>, tensor<3x6148914691236517206xui32>
  return
}

// -----

// tensor_c4: bf16 input
func.func @top_k(%x: tensor<1x1x3x4xbf16>) {
  // expected-error @below {{'dml.top_k' op input element type 'bf16' is not a DirectML data type; expected one of {FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8} (TopK1 InputTensor at feature level 5.0)}}
  %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xbf16> -> tensor<1x1x3x2xbf16>, tensor<1x1x3x2xui32>
  return
}

// -----

// tensor_c4: i1 input
func.func @top_k(%x: tensor<1x1x3x4xi1>) {
  // expected-error @below {{'dml.top_k' op input element type 'i1' is not a DirectML data type; expected one of {FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8} (TopK1 InputTensor at feature level 5.0)}}
  %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xi1> -> tensor<1x1x3x2xi1>, tensor<1x1x3x2xui32>
  return
}

// -----

// tensor_c4: explicitly signed si32 input
func.func @top_k(%x: tensor<1x1x3x4xsi32>) {
  // expected-error @below {{'dml.top_k' op input element type 'si32' is not a DirectML data type; expected one of {FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8} (TopK1 InputTensor at feature level 5.0)}}
  %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xsi32> -> tensor<1x1x3x2xsi32>, tensor<1x1x3x2xui32>
  return
}

// -----

// tensor_c4: complex input
func.func @top_k(%x: tensor<1x1x3x4xcomplex<f32>>) {
  // expected-error @below {{'dml.top_k' op input element type 'complex<f32>' is not a DirectML data type; expected one of {FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8} (TopK1 InputTensor at feature level 5.0)}}
  %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xcomplex<f32>> -> tensor<1x1x3x2xcomplex<f32>>, tensor<1x1x3x2xui32>
  return
}

// -----

// tensor_c4: index input
func.func @top_k(%x: tensor<1x1x3x4xindex>) {
  // expected-error @below {{'dml.top_k' op input element type 'index' is not a DirectML data type; expected one of {FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8} (TopK1 InputTensor at feature level 5.0)}}
  %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xindex> -> tensor<1x1x3x2xindex>, tensor<1x1x3x2xui32>
  return
}

// -----

// tensor_c4: si32 indices
func.func @top_k(%x: tensor<1x1x3x4xf32>) {
  // expected-error @below {{'dml.top_k' op indices element type 'si32' is not a DirectML data type; expected one of {UINT64, UINT32} (TopK1 OutputIndexTensor at feature level 5.0)}}
  %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x3x2xsi32>
  return
}

// -----

// fl_c1: below the introduction level 2.1
module attributes {dml.feature_level = "2.0"} {
  func.func @top_k(%x: tensor<1x1x3x4xf32>) {
    // expected-error @below {{'dml.top_k' op requires DirectML feature level 2.1 or newer (TopK1 was introduced at 2.1), but the selected feature level is 2.0}}
    %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>
    return
  }
}

// -----

// fl_c1: feature level 1.0
module attributes {dml.feature_level = "1.0"} {
  func.func @top_k(%x: tensor<1x1x3x4xf32>) {
    // expected-error @below {{'dml.top_k' op requires DirectML feature level 2.1 or newer (TopK1 was introduced at 2.1), but the selected feature level is 1.0}}
    %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>
    return
  }
}

// -----

// fl_c2: 2-D tensors at 2.1 (4-D only)
module attributes {dml.feature_level = "2.1"} {
  func.func @top_k(%x: tensor<3x4xf32>) {
    // expected-error @below {{'dml.top_k' op input must have exactly 4 dimensions at feature level 2.1 (TopK1 InputTensor row of feature level 2.1; 1 to 8 need a newer level), got 2}}
    %v, %i = dml.top_k %x, axis = 1, k = 2, direction = decreasing : tensor<3x4xf32> -> tensor<3x2xf32>, tensor<3x2xui32>
    return
  }
}

// -----

// fl_c2: 5-D tensors at 3.0 (the 2.1 row is still in force)
module attributes {dml.feature_level = "3.0"} {
  func.func @top_k(%x: tensor<1x1x1x3x4xf32>) {
    // expected-error @below {{'dml.top_k' op input must have exactly 4 dimensions at feature level 3.0 (TopK1 InputTensor row of feature level 2.1; 1 to 8 need a newer level), got 5}}
    %v, %i = dml.top_k %x, axis = 4, k = 2, direction = decreasing : tensor<1x1x1x3x4xf32> -> tensor<1x1x1x3x2xf32>, tensor<1x1x1x3x2xui32>
    return
  }
}

// -----

// fl_c3: 9-D tensors
func.func @top_k(%x: tensor<1x1x1x1x1x1x1x3x4xf32>) {
  // expected-error @below {{'dml.top_k' op input must have 1 to 8 dimensions (TopK1 InputTensor), got 9}}
  %v, %i = dml.top_k %x, axis = 8, k = 2, direction = decreasing : tensor<1x1x1x1x1x1x1x3x4xf32> -> tensor<1x1x1x1x1x1x1x3x2xf32>, tensor<1x1x1x1x1x1x1x3x2xui32>
  return
}

// -----

// fl_c3: 0-D tensors
func.func @top_k(%x: tensor<f32>) {
  // expected-error @below {{'dml.top_k' op input must have 1 to 8 dimensions (TopK1 InputTensor), got 0}}
  %v, %i = dml.top_k %x, axis = 0, k = 1, direction = decreasing : tensor<f32> -> tensor<f32>, tensor<ui32>
  return
}

// -----

// fl_c4: 5.0 InputTensor: f64
func.func @top_k(%x: tensor<1x1x3x4xf64>) {
  // expected-error @below {{'dml.top_k' op input data type must be one of {FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8} (TopK1 InputTensor at feature level 5.0), got FLOAT64 ('f64')}}
  %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xf64> -> tensor<1x1x3x2xf64>, tensor<1x1x3x2xui32>
  return
}

// -----

// fl_c4: 5.0 OutputIndexTensor: i32 (signed)
func.func @top_k(%x: tensor<1x1x3x4xf32>) {
  // expected-error @below {{'dml.top_k' op indices data type must be one of {UINT64, UINT32} (TopK1 OutputIndexTensor at feature level 5.0), got INT32 ('i32')}}
  %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x3x2xi32>
  return
}

// -----

// fl_c4: 5.0 OutputIndexTensor: ui16
func.func @top_k(%x: tensor<1x1x3x4xf32>) {
  // expected-error @below {{'dml.top_k' op indices data type must be one of {UINT64, UINT32} (TopK1 OutputIndexTensor at feature level 5.0), got UINT16 ('ui16')}}
  %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x3x2xui16>
  return
}

// -----

// fl_c4: 3.1 InputTensor: i64
module attributes {dml.feature_level = "3.1"} {
  func.func @top_k(%x: tensor<1x1x3x4xi64>) {
    // expected-error @below {{'dml.top_k' op input data type must be one of {FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8} (TopK1 InputTensor at feature level 3.1), got INT64 ('i64')}}
    %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xi64> -> tensor<1x1x3x2xi64>, tensor<1x1x3x2xui32>
    return
  }
}

// -----

// fl_c4: 3.1 InputTensor: ui64 at 4.1
module attributes {dml.feature_level = "4.1"} {
  func.func @top_k(%x: tensor<3x4xui64>) {
    // expected-error @below {{'dml.top_k' op input data type must be one of {FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8} (TopK1 InputTensor at feature level 4.1), got UINT64 ('ui64')}}
    %v, %i = dml.top_k %x, axis = 1, k = 2, direction = decreasing : tensor<3x4xui64> -> tensor<3x2xui64>, tensor<3x2xui32>
    return
  }
}

// -----

// fl_c4: 3.1 OutputIndexTensor: ui64
module attributes {dml.feature_level = "3.1"} {
  func.func @top_k(%x: tensor<1x1x3x4xf32>) {
    // expected-error @below {{'dml.top_k' op indices data type must be one of {UINT32} (TopK1 OutputIndexTensor at feature level 3.1), got UINT64 ('ui64')}}
    %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x3x2xui64>
    return
  }
}

// -----

// fl_c4: 3.1 OutputIndexTensor: ui64 at 4.1
module attributes {dml.feature_level = "4.1"} {
  func.func @top_k(%x: tensor<1x1x3x4xf32>) {
    // expected-error @below {{'dml.top_k' op indices data type must be one of {UINT32} (TopK1 OutputIndexTensor at feature level 4.1), got UINT64 ('ui64')}}
    %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x3x2xui64>
    return
  }
}

// -----

// fl_c4: 2.1 InputTensor: i64
module attributes {dml.feature_level = "2.1"} {
  func.func @top_k(%x: tensor<1x1x3x4xi64>) {
    // expected-error @below {{'dml.top_k' op input data type must be one of {FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8} (TopK1 InputTensor at feature level 2.1), got INT64 ('i64')}}
    %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xi64> -> tensor<1x1x3x2xi64>, tensor<1x1x3x2xui32>
    return
  }
}

// -----

// fl_c4: 2.1 InputTensor: f64 at 3.0
module attributes {dml.feature_level = "3.0"} {
  func.func @top_k(%x: tensor<1x1x3x4xf64>) {
    // expected-error @below {{'dml.top_k' op input data type must be one of {FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8} (TopK1 InputTensor at feature level 3.0), got FLOAT64 ('f64')}}
    %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xf64> -> tensor<1x1x3x2xf64>, tensor<1x1x3x2xui32>
    return
  }
}

// -----

// fl_c4: 2.1 OutputIndexTensor: ui64
module attributes {dml.feature_level = "2.1"} {
  func.func @top_k(%x: tensor<1x1x3x4xf32>) {
    // expected-error @below {{'dml.top_k' op indices data type must be one of {UINT32} (TopK1 OutputIndexTensor at feature level 2.1), got UINT64 ('ui64')}}
    %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x3x2xui64>
    return
  }
}

// -----

// fl_c4: feature level on the op overrides the module's
module attributes {dml.feature_level = "5.0"} {
  func.func @top_k(%x: tensor<1x1x3x4xf32>) {
    // expected-error @below {{'dml.top_k' op indices data type must be one of {UINT32} (TopK1 OutputIndexTensor at feature level 3.1), got UINT64 ('ui64')}}
    %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing {dml.feature_level = "3.1"} : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x3x2xui64>
    return
  }
}

// -----

// parse_c1: unknown direction keyword
func.func @top_k(%x: tensor<1x1x3x4xf32>) {
  // expected-error @below {{custom op 'dml.top_k' expected one of increasing, decreasing, got 'upward'}}
  %v, %i = dml.top_k %x, axis = 3, k = 2, direction = upward : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>
  return
}

// -----

// parse_c1: direction given as an integer
func.func @top_k(%x: tensor<1x1x3x4xf32>) {
  // expected-error @below {{custom op 'dml.top_k' expected valid keyword}}
  %v, %i = dml.top_k %x, axis = 3, k = 2, direction = 1 : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>
  return
}

// -----

// parse_c2: unknown direction in the generic form
func.func @top_k(%x: tensor<1x1x3x4xf32>) {
  // expected-error @below {{expected one of [increasing, decreasing] for DML_AXIS_DIRECTION, got: upward}}
  // expected-error @below {{failed to parse DML_AxisDirectionAttr parameter 'value' which is to be a `::mlir::dml::AxisDirection`}}
  %v:2 = "dml.top_k"(%x) <{axis = 3 : i32, direction = #dml<axis_direction upward>, k = 2 : i32}> : (tensor<1x1x3x4xf32>) -> (tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>)
  return
}

// -----

// parse_c3: axis of the wrong integer type in the generic form
func.func @top_k(%x: tensor<1x1x3x4xf32>) {
  // expected-error @below {{'dml.top_k' op attribute 'axis' failed to satisfy constraint: 32-bit signless integer attribute}}
  %v:2 = "dml.top_k"(%x) <{axis = 3 : i64, direction = #dml<axis_direction decreasing>, k = 2 : i32}> : (tensor<1x1x3x4xf32>) -> (tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>)
  return
}

// -----

// parse_c3: direction given as a plain integer in the generic form
func.func @top_k(%x: tensor<1x1x3x4xf32>) {
  // expected-error @below {{invalid properties {axis = 3 : i32, direction = 1 : i32, k = 2 : i32} for op dml.top_k: Invalid attribute `direction` in property conversion: 1 : i32}}
  %v:2 = "dml.top_k"(%x) <{axis = 3 : i32, direction = 1 : i32, k = 2 : i32}> : (tensor<1x1x3x4xf32>) -> (tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>)
  return
}

// -----

// parse_c3: missing k in the generic form
func.func @top_k(%x: tensor<1x1x3x4xf32>) {
  // expected-error @below {{'dml.top_k' op requires attribute 'k'}}
  %v:2 = "dml.top_k"(%x) <{axis = 3 : i32, direction = #dml<axis_direction decreasing>}> : (tensor<1x1x3x4xf32>) -> (tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>)
  return
}
