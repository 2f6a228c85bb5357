// RUN: dml-opt %s --dml-lower-top-k --split-input-file | FileCheck %s

// Softmax's prologue exp(x - max) / sum is monotone in x: the scan compares
// each chunk of x with a carrier limit (a bisection over ord(x) with the
// scalar prologue, once per threshold) and evaluates exp and the division
// only for chunks with a lane at or above it. The limit is -inf (nothing
// skipped) unless max is finite and sum finite and positive.
// CHECK-LABEL: func.func @softmax_tail
// CHECK-SAME: (%[[X:.*]]: memref<4x256xf32>, %[[M:.*]]: memref<4x1xf32>, %[[S:.*]]: memref<4x1xf32>
// CHECK: %[[MAX:.*]] = memref.load %[[M]]
// CHECK: %[[SUM:.*]] = memref.load %[[S]]
// The bisection: 24 steps on (lo, hi) = (ord(-inf), ord(+inf)).
// CHECK: %[[C24:.*]] = arith.constant 24 : index
// CHECK: %[[SEARCH:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %[[C24]] step %{{.*}} iter_args(%[[LO:.*]] = %c8388607_i32{{.*}}, %[[HI:.*]] = %c-8388608_i32{{.*}}) -> (i32, i32)
// CHECK: %[[MID:.*]] = arith.addi %[[LO]],
// CHECK: %[[XM:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK: %[[D:.*]] = arith.subf %[[XM]], %[[MAX]] : f32
// CHECK: %[[E:.*]] = math.exp %[[D]] : f32
// CHECK: %[[Q:.*]] = arith.divf %[[E]], %[[SUM]] : f32
// CHECK: %[[PASS:.*]] = arith.cmpf uge, %[[Q]], %[[LIMIT:.*]] : f32
// CHECK: arith.select %[[PASS]], %[[LO]], %[[MID]] : i32
// CHECK: arith.select %[[PASS]], %[[MID]], %[[HI]] : i32
// The limit is the float after the last failing ord, if the guard holds.
// CHECK: arith.addi %[[SEARCH]]#0, %c1_i32
// CHECK: %[[ABOVE:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK: math.absf %[[MAX]]
// CHECK: arith.cmpf one
// CHECK: math.absf %[[SUM]]
// CHECK: arith.cmpf one
// CHECK: arith.cmpf ogt, %[[SUM]]
// CHECK: %[[XLIM:.*]] = arith.select %{{.*}}, %[[ABOVE]], %cst{{.*}} : f32
// The scan: groups of 4 chunks of x compared with the carrier limit, one
// branch per group, the prologue only behind it.
// CHECK: scf.for %{{.*}} step %c64 iter_args({{.*}}, %[[CARRIER_LIMIT:.*]] = %[[XLIM]]) -> (index, i32, index, f32, f32)
// CHECK: %[[G0:.*]] = vector.load %[[X]]
// CHECK-NEXT: %[[GSPLAT:.*]] = vector.broadcast %[[CARRIER_LIMIT]] : f32 to vector<16xf32>
// CHECK-NEXT: arith.cmpf uge, %[[G0]], %[[GSPLAT]] : vector<16xf32>
// CHECK-COUNT-3: arith.ori %{{.*}} : vector<16xi1>
// CHECK-NOT: math.exp
// CHECK: scf.if
// Behind a group's branch, each chunk as before: its own compare first.
// CHECK: %[[CHUNK:.*]] = vector.load %[[X]]
// CHECK-NEXT: %[[SPLAT:.*]] = vector.broadcast %[[CARRIER_LIMIT]] : f32 to vector<16xf32>
// CHECK-NEXT: %[[MAYBE:.*]] = arith.cmpf uge, %[[CHUNK]], %[[SPLAT]] : vector<16xf32>
// CHECK-NOT: math.exp
// CHECK: scf.if
// CHECK: arith.subf %[[CHUNK]]
// CHECK-NEXT: math.exp %{{.*}} : vector<16xf32>
func.func @softmax_tail(%x: memref<4x256xf32>, %m: memref<4x1xf32>, %s: memref<4x1xf32>, %v: memref<4x5xf32>, %i: memref<4x5xi32>) {
  dml.select_top_k ins(%x, %m, %s : memref<4x256xf32>, memref<4x1xf32>, memref<4x1xf32>) outs(%v, %i : memref<4x5xf32>, memref<4x5xi32>) axis = 1 k = 5 direction = decreasing
      maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, 0)>] {
  ^bb0(%a: f32, %mx: f32, %sm: f32):
    %d = arith.subf %a, %mx : f32
    %e = math.exp %d : f32
    %q = arith.divf %e, %sm : f32
    dml.yield %q : f32
  }
  return
}

// -----

// Not monotone non-decreasing in x (m - x, x * x, 1 / x), or an increasing
// selection: no carrier limit, the prologue runs on every chunk.
// CHECK-LABEL: func.func @reversed
// CHECK-NOT: arith.constant 24 : index
// CHECK: return
func.func @reversed(%x: memref<4x256xf32>, %m: memref<4x1xf32>, %v: memref<4x5xf32>, %i: memref<4x5xi32>) {
  dml.select_top_k ins(%x, %m : memref<4x256xf32>, memref<4x1xf32>) outs(%v, %i : memref<4x5xf32>, memref<4x5xi32>) axis = 1 k = 5 direction = decreasing
      maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>] {
  ^bb0(%a: f32, %mx: f32):
    %d = arith.subf %mx, %a : f32
    %e = math.exp %d : f32
    dml.yield %e : f32
  }
  return
}

// -----

// CHECK-LABEL: func.func @square
// CHECK-NOT: arith.constant 24 : index
// CHECK: return
func.func @square(%x: memref<4x256xf32>, %v: memref<4x5xf32>, %i: memref<4x5xi32>) {
  dml.select_top_k ins(%x : memref<4x256xf32>) outs(%v, %i : memref<4x5xf32>, memref<4x5xi32>) axis = 1 k = 5 direction = decreasing
      maps = [affine_map<(d0, d1) -> (d0, d1)>] {
  ^bb0(%a: f32):
    %q = arith.mulf %a, %a : f32
    dml.yield %q : f32
  }
  return
}

// -----

// CHECK-LABEL: func.func @reciprocal
// CHECK-NOT: arith.constant 24 : index
// CHECK: return
func.func @reciprocal(%x: memref<4x256xf32>, %s: memref<4x1xf32>, %v: memref<4x5xf32>, %i: memref<4x5xi32>) {
  dml.select_top_k ins(%x, %s : memref<4x256xf32>, memref<4x1xf32>) outs(%v, %i : memref<4x5xf32>, memref<4x5xi32>) axis = 1 k = 5 direction = decreasing
      maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>] {
  ^bb0(%a: f32, %sm: f32):
    %q = arith.divf %sm, %a : f32
    dml.yield %q : f32
  }
  return
}

// -----

// CHECK-LABEL: func.func @increasing
// CHECK-NOT: arith.constant 24 : index
// CHECK: return
func.func @increasing(%x: memref<4x256xf32>, %m: memref<4x1xf32>, %v: memref<4x5xf32>, %i: memref<4x5xi32>) {
  dml.select_top_k ins(%x, %m : memref<4x256xf32>, memref<4x1xf32>) outs(%v, %i : memref<4x5xf32>, memref<4x5xi32>) axis = 1 k = 5 direction = increasing
      maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>] {
  ^bb0(%a: f32, %mx: f32):
    %d = arith.subf %a, %mx : f32
    %e = math.exp %d : f32
    dml.yield %e : f32
  }
  return
}
