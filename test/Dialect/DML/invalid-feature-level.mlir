// RUN: dml-opt %s -split-input-file -verify-diagnostics

// The dml.feature_level attribute: malformed values, unknown dml.* attributes,
// and which level is in force (op, nearest ancestor, default 5.0). The marker
// above each case names the rule in docs/verifier-rules.md.

// attr_c3: unknown level "3.5"
// expected-error @below {{'dml.feature_level' must be one of "1.0", "2.0", "2.1", "3.0", "3.1", "4.0", "4.1", "5.0", "5.1", "5.2", "6.0", "6.1", "6.2", "6.3", "6.4", got "3.5"}}
module attributes {dml.feature_level = "3.5"} {
  func.func @f() {
    return
  }
}

// -----

// attr_c3: level "7.0" (DirectML defines none)
// expected-error @below {{'dml.feature_level' must be one of "1.0", "2.0", "2.1", "3.0", "3.1", "4.0", "4.1", "5.0", "5.1", "5.2", "6.0", "6.1", "6.2", "6.3", "6.4", got "7.0"}}
module attributes {dml.feature_level = "7.0"} {
  func.func @f() {
    return
  }
}

// -----

// attr_c3: non-canonical spelling "03.0"
// expected-error @below {{'dml.feature_level' must be one of "1.0", "2.0", "2.1", "3.0", "3.1", "4.0", "4.1", "5.0", "5.1", "5.2", "6.0", "6.1", "6.2", "6.3", "6.4", got "03.0"}}
module attributes {dml.feature_level = "03.0"} {
  func.func @f() {
    return
  }
}

// -----

// attr_c3: non-canonical spelling "3.00"
// expected-error @below {{'dml.feature_level' must be one of "1.0", "2.0", "2.1", "3.0", "3.1", "4.0", "4.1", "5.0", "5.1", "5.2", "6.0", "6.1", "6.2", "6.3", "6.4", got "3.00"}}
module attributes {dml.feature_level = "3.00"} {
  func.func @f() {
    return
  }
}

// -----

// attr_c3: major version only "3"
// expected-error @below {{'dml.feature_level' must be one of "1.0", "2.0", "2.1", "3.0", "3.1", "4.0", "4.1", "5.0", "5.1", "5.2", "6.0", "6.1", "6.2", "6.3", "6.4", got "3"}}
module attributes {dml.feature_level = "3"} {
  func.func @f() {
    return
  }
}

// -----

// attr_c3: empty string
// expected-error @below {{'dml.feature_level' must be one of "1.0", "2.0", "2.1", "3.0", "3.1", "4.0", "4.1", "5.0", "5.1", "5.2", "6.0", "6.1", "6.2", "6.3", "6.4", got ""}}
module attributes {dml.feature_level = ""} {
  func.func @f() {
    return
  }
}

// -----

// attr_c3: DirectML constant name instead of the dotted spelling
// expected-error @below {{'dml.feature_level' must be one of "1.0", "2.0", "2.1", "3.0", "3.1", "4.0", "4.1", "5.0", "5.1", "5.2", "6.0", "6.1", "6.2", "6.3", "6.4", got "DML_FEATURE_LEVEL_3_0"}}
module attributes {dml.feature_level = "DML_FEATURE_LEVEL_3_0"} {
  func.func @f() {
    return
  }
}

// -----

// attr_c3: malformed level on the op itself
func.func @top_k(%x: tensor<1x1x3x4xf32>) {
  // expected-error @below {{'dml.feature_level' must be one of "1.0", "2.0", "2.1", "3.0", "3.1", "4.0", "4.1", "5.0", "5.1", "5.2", "6.0", "6.1", "6.2", "6.3", "6.4", got "3.5"}}
  %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing {dml.feature_level = "3.5"} : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>
  return
}

// -----

// attr_c2: integer 3
// expected-error @below {{'dml.feature_level' must be a string such as "3.0", got 3 : i64}}
module attributes {dml.feature_level = 3} {
  func.func @f() {
    return
  }
}

// -----

// attr_c2: float 3.0
// expected-error @below {{'dml.feature_level' must be a string such as "3.0", got 3.000000e+00 : f64}}
module attributes {dml.feature_level = 3.0} {
  func.func @f() {
    return
  }
}

// -----

// attr_c2: array of a string
// expected-error @below {{'dml.feature_level' must be a string such as "3.0", got ["3.0"]}}
module attributes {dml.feature_level = ["3.0"]} {
  func.func @f() {
    return
  }
}

// -----

// attr_c2: unit attribute
// expected-error @below {{'dml.feature_level' must be a string such as "3.0", got unit}}
module attributes {dml.feature_level} {
  func.func @f() {
    return
  }
}

// -----

// attr_c1: unknown dml attribute on a module
// expected-error @below {{unknown dml dialect attribute 'dml.foo'; the operation attributes are 'dml.feature_level', 'dml.workspace_bytes', 'dml.candidate_chunks', 'dml.shifted_exp' and 'dml.summed_exp'}}
module attributes {dml.foo = 3} {
  func.func @f() {
    return
  }
}

// -----

// attr_c1: misspelled feature level attribute on an op
func.func @top_k(%x: tensor<1x1x3x4xf32>) {
  // expected-error @below {{unknown dml dialect attribute 'dml.featurelevel'; the operation attributes are 'dml.feature_level', 'dml.workspace_bytes', 'dml.candidate_chunks', 'dml.shifted_exp' and 'dml.summed_exp'}}
  %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing {dml.featurelevel = "3.0"} : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>
  return
}

// -----

// attr_c1: unknown dml attribute on a function
// expected-error @below {{unknown dml dialect attribute 'dml.target'; the operation attributes are 'dml.feature_level', 'dml.workspace_bytes', 'dml.candidate_chunks', 'dml.shifted_exp' and 'dml.summed_exp'}}
func.func @f() attributes {dml.target = "cpu"} {
  return
}

// -----

// fl_c0: a level on the enclosing function applies
func.func @top_k(%x: tensor<1x1x3x4xf32>) attributes {dml.feature_level = "2.0"} {
  // expected-error @below {{'dml.top_k' op requires DirectML feature level 2.1 or newer (TopK1 was introduced at 2.1), but the selected feature level is 2.0}}
  %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>
  return
}

// -----

// fl_c0: the nearest enclosing level wins over an outer one
module attributes {dml.feature_level = "5.0"} {
  module attributes {dml.feature_level = "3.1"} {
    func.func @top_k(%x: tensor<1x1x3x4xf32>) {
      // expected-error @below {{'dml.top_k' op indices data type must be one of {UINT32} (TopK1 OutputIndexTensor at feature level 3.1), got UINT64 ('ui64')}}
      %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x3x2xui64>
      return
    }
  }
}

// -----

// fl_c0: the op's own level wins over the module's
module attributes {dml.feature_level = "5.0"} {
  func.func @top_k(%x: tensor<3x4xf32>) {
    // expected-error @below {{'dml.top_k' op input must have exactly 4 dimensions at feature level 2.1 (TopK1 InputTensor row of feature level 2.1; 1 to 8 need a newer level), got 2}}
    %v, %i = dml.top_k %x, axis = 1, k = 2, direction = decreasing {dml.feature_level = "2.1"} : tensor<3x4xf32> -> tensor<3x2xf32>, tensor<3x2xui32>
    return
  }
}

// -----

// fl_c0: levels above 5.0 select the 5.0 rows
module attributes {dml.feature_level = "6.4"} {
  func.func @top_k(%x: tensor<4xf64>) {
    // expected-error @below {{'dml.top_k' op input data type must be one of {FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8} (TopK1 InputTensor at feature level 6.4), got FLOAT64 ('f64')}}
    %v, %i = dml.top_k %x, axis = 0, k = 2, direction = decreasing : tensor<4xf64> -> tensor<2xf64>, tensor<2xui32>
    return
  }
}

// -----

// fl_c0: without an attribute, feature level 5.0 applies
func.func @top_k(%x: tensor<4xf64>) {
  // expected-error @below {{'dml.top_k' op input data type must be one of {FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8} (TopK1 InputTensor at feature level 5.0), got FLOAT64 ('f64')}}
  %v, %i = dml.top_k %x, axis = 0, k = 2, direction = decreasing : tensor<4xf64> -> tensor<2xf64>, tensor<2xui32>
  return
}
