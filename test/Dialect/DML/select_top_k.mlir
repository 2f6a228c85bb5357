// RUN: dml-opt %s | dml-opt | FileCheck %s
// RUN: dml-opt %s --mlir-print-op-generic | dml-opt | FileCheck %s

// The structured form of dml.top_k round-trips on tensors, on memrefs and
// with a prologue region.

// CHECK-LABEL: func.func @on_tensors
// CHECK: %{{.*}}:2 = dml.select_top_k ins(%{{.*}} : tensor<4x1000xf32>) outs(%{{.*}}, %{{.*}} : tensor<4x5xf32>, tensor<4x5xi32>) axis = 1 k = 5 direction = decreasing -> tensor<4x5xf32>, tensor<4x5xi32>
func.func @on_tensors(%x: tensor<4x1000xf32>, %v: tensor<4x5xf32>, %i: tensor<4x5xi32>) -> (tensor<4x5xf32>, tensor<4x5xi32>) {
  %r:2 = dml.select_top_k ins(%x : tensor<4x1000xf32>) outs(%v, %i : tensor<4x5xf32>, tensor<4x5xi32>) axis = 1 k = 5 direction = decreasing -> tensor<4x5xf32>, tensor<4x5xi32>
  return %r#0, %r#1 : tensor<4x5xf32>, tensor<4x5xi32>
}

// CHECK-LABEL: func.func @on_memrefs
// CHECK: dml.select_top_k ins(%{{.*}} : memref<8x3xi16>) outs(%{{.*}}, %{{.*}} : memref<2x3xi16>, memref<2x3xi64>) axis = 0 k = 2 direction = increasing unsigned
// CHECK-NEXT: return
func.func @on_memrefs(%x: memref<8x3xi16>, %v: memref<2x3xi16>, %i: memref<2x3xi64>) {
  dml.select_top_k ins(%x : memref<8x3xi16>) outs(%v, %i : memref<2x3xi16>, memref<2x3xi64>) axis = 0 k = 2 direction = increasing unsigned
  return
}

// CHECK-LABEL: func.func @prologue
// CHECK: dml.select_top_k ins(%{{.*}}, %{{.*}} : tensor<4x1000xf32>, tensor<4x1xf32>) outs(%{{.*}}, %{{.*}} : tensor<4x5xf32>, tensor<4x5xi32>) axis = 1 k = 5 direction = decreasing maps = [#map, #map1] {
// CHECK: ^bb0(%[[A:.*]]: f32, %[[S:.*]]: f32):
// CHECK: %[[Q:.*]] = arith.divf %[[A]], %[[S]] : f32
// CHECK: dml.yield %[[Q]] : f32
// CHECK: } -> tensor<4x5xf32>, tensor<4x5xi32>
func.func @prologue(%x: tensor<4x1000xf32>, %s: tensor<4x1xf32>, %v: tensor<4x5xf32>, %i: tensor<4x5xi32>) -> (tensor<4x5xf32>, tensor<4x5xi32>) {
  %r:2 = dml.select_top_k ins(%x, %s : tensor<4x1000xf32>, tensor<4x1xf32>) outs(%v, %i : tensor<4x5xf32>, tensor<4x5xi32>) axis = 1 k = 5 direction = decreasing
      maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>] {
  ^bb0(%a: f32, %b: f32):
    %q = arith.divf %a, %b : f32
    dml.yield %q : f32
  } -> tensor<4x5xf32>, tensor<4x5xi32>
  return %r#0, %r#1 : tensor<4x5xf32>, tensor<4x5xi32>
}

// A prologue may change the element type and read a broadcast row.
// CHECK-LABEL: func.func @prologue_convert
// CHECK: maps = [#map2] {
// CHECK: arith.extf %{{.*}} : f16 to f32
func.func @prologue_convert(%x: memref<1000xf16>, %v: memref<4x5xf32>, %i: memref<4x5xi32>) {
  dml.select_top_k ins(%x : memref<1000xf16>) outs(%v, %i : memref<4x5xf32>, memref<4x5xi32>) axis = 1 k = 5 direction = decreasing
      maps = [affine_map<(d0, d1) -> (d1)>] {
  ^bb0(%a: f16):
    %e = arith.extf %a : f16 to f32
    dml.yield %e : f32
  }
  return
}
