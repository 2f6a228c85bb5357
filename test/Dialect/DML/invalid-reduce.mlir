// RUN: dml-opt %s -split-input-file -verify-diagnostics

// Every diagnostic dml.reduce can produce, and a violation of every row of the
// five tensor-support tables (one per function group). The marker above each
// case names the rule in docs/verifier-rules.md.

// reduce_c1: output with another dimension count
func.func @reduce(%x: tensor<3x3xf32>) {
  // expected-error @below {{'dml.reduce' op output must have the same dimension count as input (2), got 3}}
  %y = dml.reduce %x, function = sum, axes = [1] : tensor<3x3xf32> -> tensor<1x3x1xf32>
  return
}

// -----

// reduce_c2: output element type differs from the input's
func.func @reduce(%x: tensor<3x3xf32>) {
  // expected-error @below {{'dml.reduce' op output element type must equal input element type 'f32', got 'f16'}}
  %y = dml.reduce %x, function = sum, axes = [1] : tensor<3x3xf32> -> tensor<3x1xf16>
  return
}

// -----

// reduce_c2: integer output for a non-index function
func.func @reduce(%x: tensor<3x3xf32>) {
  // expected-error @below {{'dml.reduce' op output element type must equal input element type 'f32', got 'ui32'}}
  %y = dml.reduce %x, function = max, axes = [1] : tensor<3x3xf32> -> tensor<3x1xui32>
  return
}

// -----

// reduce_c3: no axes (DML-MLIR proposal)
func.func @reduce(%x: tensor<3x3xf32>) {
  // expected-error @below {{'dml.reduce' op axes must name at least one axis (DML-MLIR proposal: AxisCount >= 1), got []}}
  %y = dml.reduce %x, function = sum, axes = [] : tensor<3x3xf32> -> tensor<3x3xf32>
  return
}

// -----

// reduce_c4: axis equal to the dimension count
func.func @reduce(%x: tensor<3x3xf32>) {
  // expected-error @below {{'dml.reduce' op axes[0] must be in [0, 2) for rank 2, got 2}}
  %y = dml.reduce %x, function = sum, axes = [2] : tensor<3x3xf32> -> tensor<3x1xf32>
  return
}

// -----

// reduce_c4: negative axis
func.func @reduce(%x: tensor<3x3xf32>) {
  // expected-error @below {{'dml.reduce' op axes[0] must be in [0, 2) for rank 2, got -1}}
  %y = dml.reduce %x, function = sum, axes = [-1] : tensor<3x3xf32> -> tensor<3x1xf32>
  return
}

// -----

// reduce_c5: repeated axis (DML-MLIR proposal)
func.func @reduce(%x: tensor<3x3xf32>) {
  // expected-error @below {{'dml.reduce' op axes must not repeat an axis (DML-MLIR proposal), but axes[2] = 0 repeats axes[0]}}
  %y = dml.reduce %x, function = sum, axes = [0, 1, 0] : tensor<3x3xf32> -> tensor<1x1xf32>
  return
}

// -----

// reduce_c6: reduced output dimension not 1
func.func @reduce(%x: tensor<3x3xf32>) {
  // expected-error @below {{'dml.reduce' op output dimension 1 must be 1 because axis 1 is reduced, got 3}}
  %y = dml.reduce %x, function = l2, axes = [1] : tensor<3x3xf32> -> tensor<3x3xf32>
  return
}

// -----

// reduce_c6: kept output dimension differs from the input's
func.func @reduce(%x: tensor<3x3xf32>) {
  // expected-error @below {{'dml.reduce' op output dimension 0 must equal input dimension 0 = 3, got 1}}
  %y = dml.reduce %x, function = average, axes = [1] : tensor<3x3xf32> -> tensor<1x1xf32>
  return
}

// -----

// reduce_c7: argmax with i32 output for a window of 2^31 + 1 elements (DML-MLIR proposal)
func.func @reduce(%x: tensor<2147483649xf16>) {
  // expected-error @below {{'dml.reduce' op output element type 'i32' cannot hold the largest index of a 2147483649-element reduction window (2147483648; DML-MLIR proposal: reject statically), largest representable 2147483647}}
  %y = dml.reduce %x, function = argmax, axes = [0] : tensor<2147483649xf16> -> tensor<1xi32>
  return
}

// -----

// reduce_c7: argmin with i32 output for a window of 2^31 + 1 elements (DML-MLIR proposal)
func.func @reduce(%x: tensor<1x2147483649xi8>) {
  // expected-error @below {{'dml.reduce' op output element type 'i32' cannot hold the largest index of a 2147483649-element reduction window (2147483648; DML-MLIR proposal: reject statically), largest representable 2147483647}}
  %y = dml.reduce %x, function = argmin, axes = [1] : tensor<1x2147483649xi8> -> tensor<1x1xi32>
  return
}

// -----

// tensor_c1: dynamically shaped output
func.func @reduce(%x: tensor<3x3xf32>) {
  // expected-error @below {{'dml.reduce' op result #0 must be statically shaped tensor of any type values, but got 'tensor<?x1xf32>'}}
  %y = dml.reduce %x, function = sum, axes = [1] : tensor<3x3xf32> -> tensor<?x1xf32>
  return
}

// -----

// tensor_c1: unranked input (generic form)
func.func @reduce(%x: tensor<*xf32>) {
  // expected-error @below {{'dml.reduce' op operand #0 must be statically shaped tensor of any type values, but got 'tensor<*xf32>'}}
  %y = "dml.reduce"(%x) <{axes = array<i32: 1>, function = #dml<reduce_function sum>}> : (tensor<*xf32>) -> tensor<3x1xf32>
  return
}

// -----

// tensor_c2: zero-size input dimension
func.func @reduce(%x: tensor<0x3xf32>) {
  // expected-error @below {{'dml.reduce' op input dimension 0 must be >= 1 (DirectML sizes are positive), got 0}}
  %y = dml.reduce %x, function = sum, axes = [1] : tensor<0x3xf32> -> tensor<0x1xf32>
  return
}

// -----

// tensor_c3: input with 2^32 + 2^16 elements
func.func @reduce(%x: tensor<65537x65536xf32>) {
  // expected-error @below {{'dml.reduce' op input has 4295032832 elements; a DirectML tensor holds at most 4294967295}}
  %y = dml.reduce %x, function = sum, axes = [1] : tensor<65537x65536xf32> -> tensor<65537x1xf32>
  return
}

// -----

// tensor_c4: complex input
func.func @reduce(%x: tensor<3x3xcomplex<f32>>) {
  // expected-error @below {{'dml.reduce' op input element type 'complex<f32>' is not a DirectML data type; expected one of {FLOAT32, FLOAT16, INT64, INT32, UINT64, UINT32} (Reduce MULTIPLY/SUM InputTensor at feature level 5.0)}}
  %y = dml.reduce %x, function = sum, axes = [1] : tensor<3x3xcomplex<f32>> -> tensor<3x1xcomplex<f32>>
  return
}

// -----

// tensor_c4: f8E4M3FN input
func.func @reduce(%x: tensor<3x3xf8E4M3FN>) {
  // expected-error @below {{'dml.reduce' op input element type 'f8E4M3FN' is not a DirectML data type; expected one of {FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8} (Reduce MIN/MAX InputTensor at feature level 5.0)}}
  %y = dml.reduce %x, function = max, axes = [1] : tensor<3x3xf8E4M3FN> -> tensor<3x1xf8E4M3FN>
  return
}

// -----

// tensor_c4: i1 output of argmax
func.func @reduce(%x: tensor<3x3xf32>) {
  // expected-error @below {{'dml.reduce' op output element type 'i1' is not a DirectML data type; expected one of {INT64, INT32, UINT64, UINT32} (Reduce ARGMIN/ARGMAX OutputTensor at feature level 5.0)}}
  %y = dml.reduce %x, function = argmax, axes = [1] : tensor<3x3xf32> -> tensor<3x1xi1>
  return
}

// -----

// fl_c3: 9-D tensors
func.func @reduce(%x: tensor<1x1x1x1x1x1x1x3x3xf32>) {
  // expected-error @below {{'dml.reduce' op input must have 1 to 8 dimensions (Reduce MULTIPLY/SUM InputTensor), got 9}}
  %y = dml.reduce %x, function = sum, axes = [8] : tensor<1x1x1x1x1x1x1x3x3xf32> -> tensor<1x1x1x1x1x1x1x3x1xf32>
  return
}

// -----

// fl_c4: ARGMIN/ARGMAX 4.1 InputTensor: f64
func.func @reduce(%x: tensor<3x3xf64>) {
  // expected-error @below {{'dml.reduce' op input data type must be one of {FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8} (Reduce ARGMIN/ARGMAX InputTensor at feature level 5.0), got FLOAT64 ('f64')}}
  %y = dml.reduce %x, function = argmax, axes = [1] : tensor<3x3xf64> -> tensor<3x1xui32>
  return
}

// -----

// fl_c4: ARGMIN/ARGMAX 4.1 OutputTensor: f32
func.func @reduce(%x: tensor<3x3xf32>) {
  // expected-error @below {{'dml.reduce' op output data type must be one of {INT64, INT32, UINT64, UINT32} (Reduce ARGMIN/ARGMAX OutputTensor at feature level 5.0), got FLOAT32 ('f32')}}
  %y = dml.reduce %x, function = argmin, axes = [1] : tensor<3x3xf32> -> tensor<3x1xf32>
  return
}

// -----

// fl_c4: ARGMIN/ARGMAX 3.0 InputTensor: i64 at 4.0
module attributes {dml.feature_level = "4.0"} {
  func.func @reduce(%x: tensor<3x3xi64>) {
    // expected-error @below {{'dml.reduce' op input data type must be one of {FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8} (Reduce ARGMIN/ARGMAX InputTensor at feature level 4.0), got INT64 ('i64')}}
    %y = dml.reduce %x, function = argmax, axes = [1] : tensor<3x3xi64> -> tensor<3x1xui32>
    return
  }
}

// -----

// fl_c4: ARGMIN/ARGMAX 3.0 OutputTensor: ui16
module attributes {dml.feature_level = "3.0"} {
  func.func @reduce(%x: tensor<3x3xf32>) {
    // expected-error @below {{'dml.reduce' op output data type must be one of {INT64, INT32, UINT64, UINT32} (Reduce ARGMIN/ARGMAX OutputTensor at feature level 3.0), got UINT16 ('ui16')}}
    %y = dml.reduce %x, function = argmin, axes = [1] : tensor<3x3xf32> -> tensor<3x1xui16>
    return
  }
}

// -----

// fl_c2: ARGMIN/ARGMAX 2.1: 2-D tensors
module attributes {dml.feature_level = "2.1"} {
  func.func @reduce(%x: tensor<3x3xf32>) {
    // expected-error @below {{'dml.reduce' op input must have exactly 4 dimensions at feature level 2.1 (Reduce ARGMIN/ARGMAX InputTensor row of feature level 2.1; 1 to 8 need a newer level), got 2}}
    %y = dml.reduce %x, function = argmax, axes = [1] : tensor<3x3xf32> -> tensor<3x1xui32>
    return
  }
}

// -----

// fl_c4: ARGMIN/ARGMAX 2.1 InputTensor: i64
module attributes {dml.feature_level = "2.1"} {
  func.func @reduce(%x: tensor<1x2x3x3xi64>) {
    // expected-error @below {{'dml.reduce' op input data type must be one of {FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8} (Reduce ARGMIN/ARGMAX InputTensor at feature level 2.1), got INT64 ('i64')}}
    %y = dml.reduce %x, function = argmax, axes = [3] : tensor<1x2x3x3xi64> -> tensor<1x2x3x1xui32>
    return
  }
}

// -----

// fl_c4: ARGMIN/ARGMAX 2.1 OutputTensor: i32
module attributes {dml.feature_level = "2.1"} {
  func.func @reduce(%x: tensor<1x2x3x3xf32>) {
    // expected-error @below {{'dml.reduce' op output data type must be one of {UINT32} (Reduce ARGMIN/ARGMAX OutputTensor at feature level 2.1), got INT32 ('i32')}}
    %y = dml.reduce %x, function = argmin, axes = [3] : tensor<1x2x3x3xf32> -> tensor<1x2x3x1xi32>
    return
  }
}

// -----

// fl_c4: ARGMIN/ARGMAX 2.1 OutputTensor: ui64
module attributes {dml.feature_level = "2.1"} {
  func.func @reduce(%x: tensor<1x2x3x3xf32>) {
    // expected-error @below {{'dml.reduce' op output data type must be one of {UINT32} (Reduce ARGMIN/ARGMAX OutputTensor at feature level 2.1), got UINT64 ('ui64')}}
    %y = dml.reduce %x, function = argmax, axes = [3] : tensor<1x2x3x3xf32> -> tensor<1x2x3x1xui64>
    return
  }
}

// -----

// fl_c2: ARGMIN/ARGMAX 1.0: 3-D tensors
module attributes {dml.feature_level = "1.0"} {
  func.func @reduce(%x: tensor<2x3x3xf32>) {
    // expected-error @below {{'dml.reduce' op input must have exactly 4 dimensions at feature level 1.0 (Reduce ARGMIN/ARGMAX InputTensor row of feature level 1.0; 1 to 8 need a newer level), got 3}}
    %y = dml.reduce %x, function = argmin, axes = [2] : tensor<2x3x3xf32> -> tensor<2x3x1xui32>
    return
  }
}

// -----

// fl_c4: ARGMIN/ARGMAX 1.0 InputTensor: i32 at 2.0
module attributes {dml.feature_level = "2.0"} {
  func.func @reduce(%x: tensor<1x2x3x3xi32>) {
    // expected-error @below {{'dml.reduce' op input data type must be one of {FLOAT32, FLOAT16} (Reduce ARGMIN/ARGMAX InputTensor at feature level 2.0), got INT32 ('i32')}}
    %y = dml.reduce %x, function = argmax, axes = [3] : tensor<1x2x3x3xi32> -> tensor<1x2x3x1xui32>
    return
  }
}

// -----

// fl_c4: ARGMIN/ARGMAX 1.0 OutputTensor: i64
module attributes {dml.feature_level = "1.0"} {
  func.func @reduce(%x: tensor<1x2x3x3xf32>) {
    // expected-error @below {{'dml.reduce' op output data type must be one of {UINT32} (Reduce ARGMIN/ARGMAX OutputTensor at feature level 1.0), got INT64 ('i64')}}
    %y = dml.reduce %x, function = argmin, axes = [3] : tensor<1x2x3x3xf32> -> tensor<1x2x3x1xi64>
    return
  }
}

// -----

// fl_c4: AVERAGE/L2/LOG_SUM/LOG_SUM_EXP 3.0 InputTensor: i32 (average)
func.func @reduce(%x: tensor<3x3xi32>) {
  // expected-error @below {{'dml.reduce' op input data type must be one of {FLOAT32, FLOAT16} (Reduce AVERAGE/L2/LOG_SUM/LOG_SUM_EXP InputTensor at feature level 5.0), got INT32 ('i32')}}
  %y = dml.reduce %x, function = average, axes = [1] : tensor<3x3xi32> -> tensor<3x1xi32>
  return
}

// -----

// fl_c4: AVERAGE/L2/LOG_SUM/LOG_SUM_EXP 3.0 InputTensor: f64 (l2)
func.func @reduce(%x: tensor<3x3xf64>) {
  // expected-error @below {{'dml.reduce' op input data type must be one of {FLOAT32, FLOAT16} (Reduce AVERAGE/L2/LOG_SUM/LOG_SUM_EXP InputTensor at feature level 5.0), got FLOAT64 ('f64')}}
  %y = dml.reduce %x, function = l2, axes = [1] : tensor<3x3xf64> -> tensor<3x1xf64>
  return
}

// -----

// fl_c4: AVERAGE/L2/LOG_SUM/LOG_SUM_EXP 3.0 InputTensor: i64 (log_sum)
func.func @reduce(%x: tensor<3x3xi64>) {
  // expected-error @below {{'dml.reduce' op input data type must be one of {FLOAT32, FLOAT16} (Reduce AVERAGE/L2/LOG_SUM/LOG_SUM_EXP InputTensor at feature level 5.0), got INT64 ('i64')}}
  %y = dml.reduce %x, function = log_sum, axes = [1] : tensor<3x3xi64> -> tensor<3x1xi64>
  return
}

// -----

// fl_c4: AVERAGE/L2/LOG_SUM/LOG_SUM_EXP 3.0 InputTensor: ui8 (log_sum_exp)
func.func @reduce(%x: tensor<3x3xui8>) {
  // expected-error @below {{'dml.reduce' op input data type must be one of {FLOAT32, FLOAT16} (Reduce AVERAGE/L2/LOG_SUM/LOG_SUM_EXP InputTensor at feature level 5.0), got UINT8 ('ui8')}}
  %y = dml.reduce %x, function = log_sum_exp, axes = [1] : tensor<3x3xui8> -> tensor<3x1xui8>
  return
}

// -----

// fl_c2: AVERAGE/L2/LOG_SUM/LOG_SUM_EXP 1.0: 2-D tensors at 2.1
module attributes {dml.feature_level = "2.1"} {
  func.func @reduce(%x: tensor<3x3xf32>) {
    // expected-error @below {{'dml.reduce' op input must have exactly 4 dimensions at feature level 2.1 (Reduce AVERAGE/L2/LOG_SUM/LOG_SUM_EXP InputTensor row of feature level 1.0; 1 to 8 need a newer level), got 2}}
    %y = dml.reduce %x, function = average, axes = [1] : tensor<3x3xf32> -> tensor<3x1xf32>
    return
  }
}

// -----

// fl_c4: AVERAGE/L2/LOG_SUM/LOG_SUM_EXP 1.0 InputTensor: i32 at 2.1
module attributes {dml.feature_level = "2.1"} {
  func.func @reduce(%x: tensor<1x2x3x3xi32>) {
    // expected-error @below {{'dml.reduce' op input data type must be one of {FLOAT32, FLOAT16} (Reduce AVERAGE/L2/LOG_SUM/LOG_SUM_EXP InputTensor at feature level 2.1), got INT32 ('i32')}}
    %y = dml.reduce %x, function = log_sum_exp, axes = [3] : tensor<1x2x3x3xi32> -> tensor<1x2x3x1xi32>
    return
  }
}

// -----

// fl_c4: L1/SUM_SQUARE 5.0 InputTensor: i8 (l1)
func.func @reduce(%x: tensor<3x3xi8>) {
  // expected-error @below {{'dml.reduce' op input data type must be one of {FLOAT32, FLOAT16, INT64, INT32, UINT64, UINT32} (Reduce L1/SUM_SQUARE InputTensor at feature level 5.0), got INT8 ('i8')}}
  %y = dml.reduce %x, function = l1, axes = [1] : tensor<3x3xi8> -> tensor<3x1xi8>
  return
}

// -----

// fl_c4: L1/SUM_SQUARE 5.0 InputTensor: ui16 (sum_square)
func.func @reduce(%x: tensor<3x3xui16>) {
  // expected-error @below {{'dml.reduce' op input data type must be one of {FLOAT32, FLOAT16, INT64, INT32, UINT64, UINT32} (Reduce L1/SUM_SQUARE InputTensor at feature level 5.0), got UINT16 ('ui16')}}
  %y = dml.reduce %x, function = sum_square, axes = [1] : tensor<3x3xui16> -> tensor<3x1xui16>
  return
}

// -----

// fl_c4: L1/SUM_SQUARE 5.0 InputTensor: f64
func.func @reduce(%x: tensor<3x3xf64>) {
  // expected-error @below {{'dml.reduce' op input data type must be one of {FLOAT32, FLOAT16, INT64, INT32, UINT64, UINT32} (Reduce L1/SUM_SQUARE InputTensor at feature level 5.0), got FLOAT64 ('f64')}}
  %y = dml.reduce %x, function = l1, axes = [1] : tensor<3x3xf64> -> tensor<3x1xf64>
  return
}

// -----

// fl_c4: L1/SUM_SQUARE 3.0 InputTensor: i32 at 4.1
module attributes {dml.feature_level = "4.1"} {
  func.func @reduce(%x: tensor<3x3xi32>) {
    // expected-error @below {{'dml.reduce' op input data type must be one of {FLOAT32, FLOAT16} (Reduce L1/SUM_SQUARE InputTensor at feature level 4.1), got INT32 ('i32')}}
    %y = dml.reduce %x, function = sum_square, axes = [1] : tensor<3x3xi32> -> tensor<3x1xi32>
    return
  }
}

// -----

// fl_c2: L1/SUM_SQUARE 1.0: 2-D tensors at 2.1
module attributes {dml.feature_level = "2.1"} {
  func.func @reduce(%x: tensor<3x3xf32>) {
    // expected-error @below {{'dml.reduce' op input must have exactly 4 dimensions at feature level 2.1 (Reduce L1/SUM_SQUARE InputTensor row of feature level 1.0; 1 to 8 need a newer level), got 2}}
    %y = dml.reduce %x, function = l1, axes = [1] : tensor<3x3xf32> -> tensor<3x1xf32>
    return
  }
}

// -----

// fl_c4: L1/SUM_SQUARE 1.0 InputTensor: ui32 at 2.1 (no 2.1 row)
module attributes {dml.feature_level = "2.1"} {
  func.func @reduce(%x: tensor<1x2x3x3xui32>) {
    // expected-error @below {{'dml.reduce' op input data type must be one of {FLOAT32, FLOAT16} (Reduce L1/SUM_SQUARE InputTensor at feature level 2.1), got UINT32 ('ui32')}}
    %y = dml.reduce %x, function = l1, axes = [3] : tensor<1x2x3x3xui32> -> tensor<1x2x3x1xui32>
    return
  }
}

// -----

// fl_c4: MIN/MAX 5.0 InputTensor: f64
func.func @reduce(%x: tensor<3x3xf64>) {
  // expected-error @below {{'dml.reduce' op input data type must be one of {FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8} (Reduce MIN/MAX InputTensor at feature level 5.0), got FLOAT64 ('f64')}}
  %y = dml.reduce %x, function = max, axes = [1] : tensor<3x3xf64> -> tensor<3x1xf64>
  return
}

// -----

// fl_c4: MIN/MAX 3.0 InputTensor: i64 at 4.1
module attributes {dml.feature_level = "4.1"} {
  func.func @reduce(%x: tensor<3x3xi64>) {
    // expected-error @below {{'dml.reduce' op input data type must be one of {FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8} (Reduce MIN/MAX InputTensor at feature level 4.1), got INT64 ('i64')}}
    %y = dml.reduce %x, function = min, axes = [1] : tensor<3x3xi64> -> tensor<3x1xi64>
    return
  }
}

// -----

// fl_c2: MIN/MAX 2.1: 2-D tensors
module attributes {dml.feature_level = "2.1"} {
  func.func @reduce(%x: tensor<3x3xi32>) {
    // expected-error @below {{'dml.reduce' op input must have exactly 4 dimensions at feature level 2.1 (Reduce MIN/MAX InputTensor row of feature level 2.1; 1 to 8 need a newer level), got 2}}
    %y = dml.reduce %x, function = max, axes = [1] : tensor<3x3xi32> -> tensor<3x1xi32>
    return
  }
}

// -----

// fl_c4: MIN/MAX 2.1 InputTensor: i8
module attributes {dml.feature_level = "2.1"} {
  func.func @reduce(%x: tensor<1x2x3x3xi8>) {
    // expected-error @below {{'dml.reduce' op input data type must be one of {FLOAT32, FLOAT16, INT32, UINT32} (Reduce MIN/MAX InputTensor at feature level 2.1), got INT8 ('i8')}}
    %y = dml.reduce %x, function = max, axes = [3] : tensor<1x2x3x3xi8> -> tensor<1x2x3x1xi8>
    return
  }
}

// -----

// fl_c4: MIN/MAX 1.0 InputTensor: i32 at 2.0
module attributes {dml.feature_level = "2.0"} {
  func.func @reduce(%x: tensor<1x2x3x3xi32>) {
    // expected-error @below {{'dml.reduce' op input data type must be one of {FLOAT32, FLOAT16} (Reduce MIN/MAX InputTensor at feature level 2.0), got INT32 ('i32')}}
    %y = dml.reduce %x, function = min, axes = [3] : tensor<1x2x3x3xi32> -> tensor<1x2x3x1xi32>
    return
  }
}

// -----

// fl_c2: MIN/MAX 1.0: 1-D tensors
module attributes {dml.feature_level = "1.0"} {
  func.func @reduce(%x: tensor<3xf32>) {
    // expected-error @below {{'dml.reduce' op input must have exactly 4 dimensions at feature level 1.0 (Reduce MIN/MAX InputTensor row of feature level 1.0; 1 to 8 need a newer level), got 1}}
    %y = dml.reduce %x, function = min, axes = [0] : tensor<3xf32> -> tensor<1xf32>
    return
  }
}

// -----

// fl_c4: MULTIPLY/SUM 5.0 InputTensor: i8 (sum)
func.func @reduce(%x: tensor<3x3xi8>) {
  // expected-error @below {{'dml.reduce' op input data type must be one of {FLOAT32, FLOAT16, INT64, INT32, UINT64, UINT32} (Reduce MULTIPLY/SUM InputTensor at feature level 5.0), got INT8 ('i8')}}
  %y = dml.reduce %x, function = sum, axes = [1] : tensor<3x3xi8> -> tensor<3x1xi8>
  return
}

// -----

// fl_c4: MULTIPLY/SUM 5.0 InputTensor: ui16 (multiply)
func.func @reduce(%x: tensor<3x3xui16>) {
  // expected-error @below {{'dml.reduce' op input data type must be one of {FLOAT32, FLOAT16, INT64, INT32, UINT64, UINT32} (Reduce MULTIPLY/SUM InputTensor at feature level 5.0), got UINT16 ('ui16')}}
  %y = dml.reduce %x, function = multiply, axes = [1] : tensor<3x3xui16> -> tensor<3x1xui16>
  return
}

// -----

// fl_c4: MULTIPLY/SUM 3.0 InputTensor: i64 at 4.1
module attributes {dml.feature_level = "4.1"} {
  func.func @reduce(%x: tensor<3x3xi64>) {
    // expected-error @below {{'dml.reduce' op input data type must be one of {FLOAT32, FLOAT16, INT32, UINT32} (Reduce MULTIPLY/SUM InputTensor at feature level 4.1), got INT64 ('i64')}}
    %y = dml.reduce %x, function = sum, axes = [1] : tensor<3x3xi64> -> tensor<3x1xi64>
    return
  }
}

// -----

// fl_c4: MULTIPLY/SUM 3.0 InputTensor: i16
module attributes {dml.feature_level = "3.0"} {
  func.func @reduce(%x: tensor<3x3xi16>) {
    // expected-error @below {{'dml.reduce' op input data type must be one of {FLOAT32, FLOAT16, INT32, UINT32} (Reduce MULTIPLY/SUM InputTensor at feature level 3.0), got INT16 ('i16')}}
    %y = dml.reduce %x, function = multiply, axes = [1] : tensor<3x3xi16> -> tensor<3x1xi16>
    return
  }
}

// -----

// fl_c2: MULTIPLY/SUM 2.1: 2-D tensors
module attributes {dml.feature_level = "2.1"} {
  func.func @reduce(%x: tensor<3x3xui32>) {
    // expected-error @below {{'dml.reduce' op input must have exactly 4 dimensions at feature level 2.1 (Reduce MULTIPLY/SUM InputTensor row of feature level 2.1; 1 to 8 need a newer level), got 2}}
    %y = dml.reduce %x, function = sum, axes = [1] : tensor<3x3xui32> -> tensor<3x1xui32>
    return
  }
}

// -----

// fl_c4: MULTIPLY/SUM 2.1 InputTensor: i8
module attributes {dml.feature_level = "2.1"} {
  func.func @reduce(%x: tensor<1x2x3x3xi8>) {
    // expected-error @below {{'dml.reduce' op input data type must be one of {FLOAT32, FLOAT16, INT32, UINT32} (Reduce MULTIPLY/SUM InputTensor at feature level 2.1), got INT8 ('i8')}}
    %y = dml.reduce %x, function = sum, axes = [3] : tensor<1x2x3x3xi8> -> tensor<1x2x3x1xi8>
    return
  }
}

// -----

// fl_c4: MULTIPLY/SUM 1.0 InputTensor: ui32
module attributes {dml.feature_level = "1.0"} {
  func.func @reduce(%x: tensor<1x2x3x3xui32>) {
    // expected-error @below {{'dml.reduce' op input data type must be one of {FLOAT32, FLOAT16} (Reduce MULTIPLY/SUM InputTensor at feature level 1.0), got UINT32 ('ui32')}}
    %y = dml.reduce %x, function = multiply, axes = [3] : tensor<1x2x3x3xui32> -> tensor<1x2x3x1xui32>
    return
  }
}

// -----

// fl_c2: MULTIPLY/SUM 1.0: 8-D tensors at 2.0
module attributes {dml.feature_level = "2.0"} {
  func.func @reduce(%x: tensor<1x1x1x1x1x2x3x3xf32>) {
    // expected-error @below {{'dml.reduce' op input must have exactly 4 dimensions at feature level 2.0 (Reduce MULTIPLY/SUM InputTensor row of feature level 1.0; 1 to 8 need a newer level), got 8}}
    %y = dml.reduce %x, function = sum, axes = [7] : tensor<1x1x1x1x1x2x3x3xf32> -> tensor<1x1x1x1x1x2x3x1xf32>
    return
  }
}

// -----

// parse_c1: unknown function keyword
func.func @reduce(%x: tensor<3x3xf32>) {
  // expected-error @below {{custom op 'dml.reduce' expected one of argmax, argmin, average, l1, l2, log_sum, log_sum_exp, max, min, multiply, sum, sum_square, got 'mean'}}
  %y = dml.reduce %x, function = mean, axes = [1] : tensor<3x3xf32> -> tensor<3x1xf32>
  return
}

// -----

// parse_c2: unknown function in the generic form
func.func @reduce(%x: tensor<3x3xf32>) {
  // expected-error @below {{expected one of [argmax, argmin, average, l1, l2, log_sum, log_sum_exp, max, min, multiply, sum, sum_square] for DML_REDUCE_FUNCTION, got: mean}}
  // expected-error @below {{failed to parse DML_ReduceFunctionAttr parameter 'value' which is to be a `::mlir::dml::ReduceFunction`}}
  %y = "dml.reduce"(%x) <{axes = array<i32: 1>, function = #dml<reduce_function mean>}> : (tensor<3x3xf32>) -> tensor<3x1xf32>
  return
}

// -----

// parse_c3: function given as an axis direction in the generic form
func.func @reduce(%x: tensor<3x3xf32>) {
  // expected-error @below {{invalid properties {axes = array<i32: 1>, function = #dml<axis_direction increasing>} for op dml.reduce: Invalid attribute `function` in property conversion: #dml<axis_direction increasing>}}
  %y = "dml.reduce"(%x) <{axes = array<i32: 1>, function = #dml<axis_direction increasing>}> : (tensor<3x3xf32>) -> tensor<3x1xf32>
  return
}
