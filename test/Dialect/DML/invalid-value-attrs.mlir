// RUN: dml-opt %s -split-input-file -verify-diagnostics

// attr_c4: dml attributes on function arguments and results are
// verified; the feature level belongs on operations.
// expected-error @below {{'dml.feature_level' is not a dml attribute of region argument #0 ('dml.feature_level' belongs on operations)}}
func.func @feature_level_on_argument(%x: tensor<4xf32> {dml.feature_level = "9.9"}) {
  return
}

// -----

// attr_c4
// expected-error @below {{'dml.foo' is not a dml attribute of region argument #1 ('dml.feature_level' belongs on operations)}}
func.func @unknown_on_argument(%x: tensor<4xf32>, %y: tensor<4xf32> {dml.foo = 1 : i32}) {
  return
}

// -----

// attr_c4
// expected-error @below {{'dml.feature_level' is not a dml attribute of result #0 ('dml.feature_level' belongs on operations)}}
func.func @on_result(%x: tensor<4xf32>) -> (tensor<4xf32> {dml.feature_level = "3.0"}) {
  return %x : tensor<4xf32>
}
