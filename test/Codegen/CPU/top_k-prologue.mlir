// RUN: dml-opt %s --dml-lower-top-k --split-input-file --verify-diagnostics | FileCheck %s

// With a prologue, every read of the selected element evaluates the region:
// W-wide chunks of the rows clone it onto vectors (x loaded as a vector,
// the per-row sum loaded once as a scalar and broadcast), and the values of
// the selected positions are recomputed by its scalar form.
// The bound pass reads only x, the one input varying along the axis: the
// lane-wise maxima of x (no division per element; a plain compare and
// select, one vmaxps, since each maximum only has to be an element of its
// partition), then the region at them. Four accumulators take every
// fourth chunk (four independent vmaxps chains), each started from an
// element, then merged lane-wise; the chunks after the last group of four
// follow in one chain.
// CHECK-LABEL: func.func @softmax_tail
// CHECK-SAME: (%[[X:.*]]: memref<4x1000xf32>, %[[S:.*]]: memref<4x1xf32>, %[[V:.*]]: memref<4x5xf32>, %[[I:.*]]: memref<4x5xi32>)
// CHECK-NOT: dml.select_top_k
// CHECK: scf.for %[[ROW:[a-z0-9_]+]] =
// The per-row sum is loaded once per row.
// CHECK: %[[SUM:.*]] = memref.load %[[S]][%[[ROW]], %{{.*}}] : memref<4x1xf32>
// CHECK: %[[FIRST:.*]] = vector.load %[[X]][%[[ROW]], %{{.*}}] : memref<4x1000xf32>, vector<16xf32>
// CHECK: %[[CHAINS:.*]]:4 = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[FIRST]], {{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
// CHECK-NEXT: arith.constant
// CHECK-NEXT: arith.addi
// CHECK-NEXT: %[[NEXT:.*]] = vector.load %[[X]]
// CHECK-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[NEXT]], %[[ACC]] : vector<16xf32>
// CHECK-NEXT: %[[MAX:.*]] = arith.select %[[GT]], %[[NEXT]], %[[ACC]] : vector<16xi1>, vector<16xf32>
// CHECK-COUNT-3: arith.select
// CHECK: scf.yield %[[MAX]],
// CHECK: arith.cmpf ogt, %[[CHAINS]]#1, %[[CHAINS]]#0 : vector<16xf32>
// CHECK: %[[MAXIMA:.*]] = scf.for {{.*}} -> (vector<16xf32>) {
// CHECK: %[[BSPLAT:.*]] = vector.broadcast %[[SUM]] : f32 to vector<16xf32>
// CHECK: %[[Q:.*]] = arith.divf %[[MAXIMA]], %[[BSPLAT]] : vector<16xf32>
// CHECK: arith.bitcast %[[Q]] : vector<16xf32> to vector<16xi32>
// The scan (rows of 1000 are ragged: every chunk is masked) evaluates the
// region on every chunk.
// CHECK: vector.maskedload %[[X]][%[[ROW]], %{{.*}}]
// CHECK: arith.divf %{{.*}} : vector<16xf32>
// The value of a selected position: the scalar region at it.
// CHECK: %[[POS:.*]] = arith.index_castui %{{.*}} : i32 to index
// CHECK: %[[E:.*]] = memref.load %[[X]][%[[ROW]], %[[POS]]]
// CHECK: %[[EQ:.*]] = arith.divf %[[E]], %[[SUM]] : f32
// CHECK: memref.store %[[EQ]], %[[V]][%[[ROW]], %{{.*}}]
func.func @softmax_tail(%x: memref<4x1000xf32>, %s: memref<4x1xf32>, %v: memref<4x5xf32>, %i: memref<4x5xi32>) {
  dml.select_top_k ins(%x, %s : memref<4x1000xf32>, memref<4x1xf32>) outs(%v, %i : memref<4x5xf32>, memref<4x5xi32>) axis = 1 k = 5 direction = decreasing
      maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>] {
  ^bb0(%a: f32, %b: f32):
    %q = arith.divf %a, %b : f32
    dml.yield %q : f32
  }
  return
}

// -----

// Prologue ops that depend only on per-row inputs (log-softmax's
// max + log(sum)) are evaluated once per row, before the row's loops, and
// reused by every chunk and by the reloads of the selected values.
// CHECK-LABEL: func.func @log_softmax_tail
// CHECK-SAME: (%[[X:.*]]: memref<4x1000xf32>, %[[M:.*]]: memref<4x1xf32>, %[[S:.*]]: memref<4x1xf32>
// CHECK: scf.for %[[ROW:[a-z0-9_]+]] =
// CHECK: memref.load %[[M]][%[[ROW]]
// CHECK: %[[SUM:.*]] = memref.load %[[S]][%[[ROW]]
// CHECK: %[[LOG:.*]] = math.log %[[SUM]] : f32
// CHECK: arith.addf %{{.*}}, %[[LOG]] : f32
// CHECK-NOT: math.log
// CHECK-NOT: memref.load %[[S]]
// CHECK: arith.cmpf ogt, %{{.*}} : vector<16xf32>
// CHECK-NOT: math.log
// CHECK-NOT: memref.load %[[S]]
// CHECK: return
func.func @log_softmax_tail(%x: memref<4x1000xf32>, %m: memref<4x1xf32>, %s: memref<4x1xf32>, %v: memref<4x5xf32>, %i: memref<4x5xi32>) {
  dml.select_top_k ins(%x, %m, %s : memref<4x1000xf32>, memref<4x1xf32>, memref<4x1xf32>) outs(%v, %i : memref<4x5xf32>, memref<4x5xi32>) axis = 1 k = 5 direction = decreasing
      maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, 0)>] {
  ^bb0(%a: f32, %mx: f32, %sm: f32):
    %l = math.log %sm : f32
    %t = arith.addf %mx, %l : f32
    %y = arith.subf %a, %t : f32
    dml.yield %y : f32
  }
  return
}

// -----

// Only arith and math ops can be evaluated on vectors.
func.func @unsupported(%x: memref<4x8xf32>, %v: memref<4x2xf32>, %i: memref<4x2xi32>) {
  // expected-error @below {{'dml.select_top_k' op prologue op 'tensor.from_elements' cannot be lowered: only arith and math ops are supported}}
  dml.select_top_k ins(%x : memref<4x8xf32>) outs(%v, %i : memref<4x2xf32>, memref<4x2xi32>) axis = 1 k = 2 direction = decreasing
      maps = [affine_map<(d0, d1) -> (d0, d1)>] {
  ^bb0(%a: f32):
    %t = tensor.from_elements %a : tensor<1xf32>
    dml.yield %a : f32
  }
  return
}
