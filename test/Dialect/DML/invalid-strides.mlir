// RUN: dml-opt %s -split-input-file -verify-diagnostics

// attr_c5: dml.strides holds an array<i64: ...>.
// expected-error @below {{'dml.strides' of argument #0 must be an array<i64: ...> of element strides, got [0, 1]}}
func.func @not_an_array(%x: tensor<3x2xf32> {dml.strides = [0, 1]}) {
  return
}

// -----

// attr_c5
// expected-error @below {{'dml.strides' of argument #0 must be an array<i64: ...> of element strides, got array<i32: 0, 1>}}
func.func @i32_array(%x: tensor<3x2xf32> {dml.strides = array<i32: 0, 1>}) {
  return
}

// -----

// attr_c6: the argument is a ranked tensor or memref.
// expected-error @below {{'dml.strides' of argument #1 needs a ranked tensor or memref argument, got 'f32'}}
func.func @scalar(%x: tensor<3x2xf32>, %y: f32 {dml.strides = array<i64: 1>}) {
  return
}

// -----

// attr_c7: one stride per dimension.
// expected-error @below {{'dml.strides' of argument #0 has 3 strides, but the argument has 2 dimensions}}
func.func @rank_mismatch(%x: tensor<3x2xf32> {dml.strides = array<i64: 0, 1, 1>}) {
  return
}

// -----

// attr_c8: strides are non-negative.
// expected-error @below {{'dml.strides' of argument #0: stride 1 is -1; strides must be >= 0 (DirectML strides are unsigned)}}
func.func @negative(%x: tensor<3x2xf32> {dml.strides = array<i64: 2, -1>}) {
  return
}
