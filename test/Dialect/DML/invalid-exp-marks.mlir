// RUN: dml-opt %s -split-input-file -verify-diagnostics

// attr_c9: dml.shifted_exp on another op than math.exp
func.func @shifted_on_log(%x: f32) -> f32 {
  // expected-error @below {{'dml.shifted_exp' must be a unit attribute of math.exp}}
  %y = math.log %x {dml.shifted_exp} : f32
  return %y : f32
}

// -----

// attr_c9: dml.shifted_exp with a value
func.func @shifted_with_value(%x: f32) -> f32 {
  // expected-error @below {{'dml.shifted_exp' must be a unit attribute of math.exp}}
  %y = math.exp %x {dml.shifted_exp = 1 : i32} : f32
  return %y : f32
}

// -----

// attr_c10: dml.summed_exp without dml.shifted_exp (the cheaper expansion's
// error bound needs the argument <= 0)
func.func @summed_unshifted(%x: f32) -> f32 {
  // expected-error @below {{'dml.summed_exp' must be a unit attribute of a math.exp that also has 'dml.shifted_exp'}}
  %y = math.exp %x {dml.summed_exp} : f32
  return %y : f32
}

// -----

// attr_c10: dml.summed_exp on another op than math.exp
func.func @summed_on_add(%x: f32) -> f32 {
  // expected-error @below {{'dml.summed_exp' must be a unit attribute of a math.exp that also has 'dml.shifted_exp'}}
  %y = arith.addf %x, %x {dml.summed_exp} : f32
  return %y : f32
}

// -----

// A marked exp that is not summed keeps only dml.shifted_exp: valid.
func.func @marks_valid(%x: f32) -> (f32, f32) {
  %y = math.exp %x {dml.shifted_exp} : f32
  %z = math.exp %x {dml.shifted_exp, dml.summed_exp} : f32
  return %y, %z : f32, f32
}
