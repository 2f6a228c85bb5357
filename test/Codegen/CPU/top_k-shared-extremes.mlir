// RUN: dml-opt %s --dml-lower-top-k --split-input-file | FileCheck %s
// RUN: dml-opt %s --dml-lower-top-k="native-compress=false" --split-input-file | FileCheck %s --check-prefix=AVX2

// The row max of the selection's carrier (fill -inf + maximumf generic over
// the same memref) and the selection's partition maxima in one pass: per
// row, 4 compare-select chains from the row's first chunks, one unordered
// compare per two chunks OR-ed into NaN flags (i1 lanes with mask
// registers, the i32 compare mask without), the extremes stored in a
// per-block buffer, and the row max from them, unless a NaN or a zero max
// sends the block through the original reduction (inside an scf.if). The
// bound reads the stored extremes; the row is not read again for it.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @softmax
// CHECK-SAME: (%[[X:[^:]*]]: memref<4x512xf32>, %[[M:[^:]*]]: memref<4xf32>
// CHECK: linalg.fill ins(%[[NINF:.*]] : f32) outs(%[[M]]
// CHECK: %[[EXT:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
// CHECK: %[[EXACT:.*]] = scf.for %[[ROW:.*]] = {{.*}} iter_args(%[[ANY:.*]] = %false) -> (i1)
// CHECK-COUNT-4: vector.load %[[X]][%[[ROW]], %{{.*}}] : memref<4x512xf32>, vector<16xf32>
// CHECK-COUNT-2: arith.cmpf uno, %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK: %[[CHAINS:.*]]:6 = scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xi1>, vector<16xi1>)
// CHECK: %[[C0:.*]] = vector.load %[[X]]
// CHECK-NEXT: %[[B0:.*]] = arith.cmpf ogt, %[[C0]], %{{.*}} : vector<16xf32>
// CHECK-NEXT: arith.select %[[B0]], %[[C0]]
// CHECK: %[[C1:.*]] = vector.load %[[X]]
// CHECK: %[[N01:.*]] = arith.cmpf uno, %[[C0]], %[[C1]] : vector<16xf32>
// CHECK-NEXT: arith.ori %{{.*}}, %[[N01]] : vector<16xi1>
// CHECK: %[[NAN:.*]] = vector.reduction <or>, %{{.*}} : vector<16xi1> into i1
// CHECK: vector.store %[[LANES:.*]], %[[EXT]][%[[ROW]], %{{.*}}] : memref<4x16xf32>, vector<16xf32>
// CHECK: %[[RED:.*]] = vector.reduction <maximumf>, %[[LANES]] : vector<16xf32> into f32
// CHECK: %[[MAX:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[RED]]) -> (f32)
// CHECK: %[[ZERO:.*]] = arith.cmpf ueq, %[[MAX]], %{{.*}} : f32
// CHECK-NEXT: %[[ROWEXACT:.*]] = arith.ori %[[NAN]], %[[ZERO]] : i1
// CHECK-NEXT: %[[STORED:.*]] = arith.select %[[ROWEXACT]], %{{.*}}, %[[MAX]] : f32
// CHECK-NEXT: memref.store %[[STORED]], %[[M]][%[[ROW]]] : memref<4xf32>
// CHECK-NEXT: arith.ori %[[ANY]], %[[ROWEXACT]] : i1
// CHECK: scf.if %[[EXACT]] {
// CHECK-NEXT: linalg.generic
// CHECK-SAME: ins(%[[X]] : memref<4x512xf32>) outs(%[[M]] : memref<4xf32>)
// CHECK: arith.maximumf
// The selection: its bound from the stored extremes, no pass over the row.
// CHECK: %[[SCRATCH:.*]] = memref.alloc() : memref<89xi64>
// CHECK: scf.for %[[SEQ:.*]] =
// CHECK-NOT: scf.for
// CHECK: %[[STORE_EXT:.*]] = vector.load %[[EXT]][%[[SEQ]], %{{.*}}] : memref<4x16xf32>, vector<16xf32>
// CHECK: arith.subf %[[STORE_EXT]]
// CHECK: memref.dealloc %[[SCRATCH]]
// CHECK: memref.dealloc %[[EXT]]
// AVX2-LABEL: func.func @softmax
// AVX2: scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xi32>, vector<16xi32>)
// AVX2: %[[N:.*]] = arith.cmpf uno, %{{.*}}, %{{.*}} : vector<16xf32>
// AVX2-NEXT: %[[W:.*]] = arith.extsi %[[N]] : vector<16xi1> to vector<16xi32>
// AVX2-NEXT: arith.ori %{{.*}}, %[[W]] : vector<16xi32>
// AVX2: %[[ANY:.*]] = vector.reduction <or>, %{{.*}} : vector<16xi32> into i32
// AVX2: arith.cmpi ne, %[[ANY]], %{{.*}} : i32
func.func @softmax(%x: memref<4x512xf32>, %m: memref<4xf32>, %s: memref<4xf32>, %v: memref<4x8xf32>, %i: memref<4x8xi64>) {
  %ninf = arith.constant 0xFF800000 : f32
  linalg.fill ins(%ninf : f32) outs(%m : memref<4xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : memref<4x512xf32>) outs(%m : memref<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  dml.select_top_k ins(%x, %m, %s : memref<4x512xf32>, memref<4xf32>, memref<4xf32>) outs(%v, %i : memref<4x8xf32>, memref<4x8xi64>) axis = 1 k = 8 direction = decreasing maps = [#id, #row, #row] {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.subf %a, %b : f32
    %1 = math.exp %0 : f32
    %2 = arith.divf %1, %c : f32
    dml.yield %2 : f32
  }
  return
}

// -----

// Four partition vectors (K = 50): one chain of 4 accumulators, two NaN
// flags; the 16 elements past the last whole group of 64 join the row max
// one by one (maximumf: a NaN there makes the max NaN, hence exact).
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @log_softmax_tail
// CHECK-SAME: (%[[X:[^:]*]]: memref<2x1040xf32>, %[[M:[^:]*]]: memref<2xf32>
// CHECK: %[[EXT:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x64xf32>
// CHECK: scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xi1>, vector<16xi1>)
// CHECK-COUNT-4: vector.store %{{.*}}, %[[EXT]]
// CHECK: vector.reduction <maximumf>
// CHECK: %[[C1024:.*]] = arith.constant 1024 : index
// CHECK: %[[C1040:.*]] = arith.constant 1040 : index
// CHECK: scf.for %[[J:.*]] = %[[C1024]] to %[[C1040]]
// CHECK: vector.load %[[X]][%{{.*}}, %[[J]]] : memref<2x1040xf32>, vector<1xf32>
// CHECK: arith.maximumf
// CHECK: arith.cmpf ueq
// CHECK: scf.if
// CHECK-NEXT: linalg.generic
// CHECK-COUNT-4: vector.load %[[EXT]]
func.func @log_softmax_tail(%x: memref<2x1040xf32>, %m: memref<2xf32>, %l: memref<2xf32>, %v: memref<2x50xf32>, %i: memref<2x50xi64>) {
  %ninf = arith.constant 0xFF800000 : f32
  linalg.fill ins(%ninf : f32) outs(%m : memref<2xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : memref<2x1040xf32>) outs(%m : memref<2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  dml.select_top_k ins(%x, %m, %l : memref<2x1040xf32>, memref<2xf32>, memref<2xf32>) outs(%v, %i : memref<2x50xf32>, memref<2x50xi64>) axis = 1 k = 50 direction = decreasing maps = [#id, #row, #row] {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.addf %b, %c : f32
    %1 = arith.subf %a, %0 : f32
    dml.yield %1 : f32
  }
  return
}

// -----

// Not shared: a fill that is not -inf (the generic's first value).
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @fill_not_neg_inf
// CHECK: linalg.fill
// CHECK-NEXT: linalg.generic
// CHECK-NOT: arith.cmpf ueq
func.func @fill_not_neg_inf(%x: memref<4x512xf32>, %m: memref<4xf32>, %s: memref<4xf32>, %v: memref<4x8xf32>, %i: memref<4x8xi64>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%m : memref<4xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : memref<4x512xf32>) outs(%m : memref<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  dml.select_top_k ins(%x, %m, %s : memref<4x512xf32>, memref<4xf32>, memref<4xf32>) outs(%v, %i : memref<4x8xf32>, memref<4x8xi64>) axis = 1 k = 8 direction = decreasing maps = [#id, #row, #row] {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.subf %a, %b : f32
    %1 = math.exp %0 : f32
    %2 = arith.divf %1, %c : f32
    dml.yield %2 : f32
  }
  return
}

// -----

// Not shared: the max is written between the fill and the reduction.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @written_between
// CHECK: linalg.fill
// CHECK-NEXT: memref.store
// CHECK-NEXT: linalg.generic
// CHECK-NOT: arith.cmpf ueq
func.func @written_between(%x: memref<4x512xf32>, %m: memref<4xf32>, %s: memref<4xf32>, %v: memref<4x8xf32>, %i: memref<4x8xi64>) {
  %ninf = arith.constant 0xFF800000 : f32
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  linalg.fill ins(%ninf : f32) outs(%m : memref<4xf32>)
  memref.store %one, %m[%c0] : memref<4xf32>
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : memref<4x512xf32>) outs(%m : memref<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  dml.select_top_k ins(%x, %m, %s : memref<4x512xf32>, memref<4xf32>, memref<4xf32>) outs(%v, %i : memref<4x8xf32>, memref<4x8xi64>) axis = 1 k = 8 direction = decreasing maps = [#id, #row, #row] {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.subf %a, %b : f32
    %1 = math.exp %0 : f32
    %2 = arith.divf %1, %c : f32
    dml.yield %2 : f32
  }
  return
}

// -----

// Not shared: the max of another input than the selection's carrier, and
// a minimum (minnumf) instead of a max.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @other_reductions
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}} : memref<4x512xf32>) outs(%{{.*}} : memref<4xf32>)
// CHECK: linalg.generic
// CHECK: arith.minnumf
// CHECK-NOT: arith.cmpf ueq
func.func @other_reductions(%x: memref<4x512xf32>, %y: memref<4x512xf32>, %m: memref<4xf32>, %s: memref<4xf32>, %v: memref<4x8xf32>, %i: memref<4x8xi64>) {
  %ninf = arith.constant 0xFF800000 : f32
  linalg.fill ins(%ninf : f32) outs(%m : memref<4xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%y : memref<4x512xf32>) outs(%m : memref<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.fill ins(%ninf : f32) outs(%s : memref<4xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : memref<4x512xf32>) outs(%s : memref<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.minnumf %out, %in : f32
    linalg.yield %0 : f32
  }
  dml.select_top_k ins(%x, %m, %s : memref<4x512xf32>, memref<4xf32>, memref<4xf32>) outs(%v, %i : memref<4x8xf32>, memref<4x8xi64>) axis = 1 k = 8 direction = decreasing maps = [#id, #row, #row] {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.subf %a, %b : f32
    %1 = math.exp %0 : f32
    %2 = arith.divf %1, %c : f32
    dml.yield %2 : f32
  }
  return
}

// -----

// Not shared: an increasing selection (its partition extremes are minima).
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @increasing
// CHECK: linalg.fill
// CHECK-NEXT: linalg.generic
// CHECK-NOT: arith.cmpf ueq
func.func @increasing(%x: memref<4x512xf32>, %m: memref<4xf32>, %s: memref<4xf32>, %v: memref<4x8xf32>, %i: memref<4x8xi64>) {
  %ninf = arith.constant 0xFF800000 : f32
  linalg.fill ins(%ninf : f32) outs(%m : memref<4xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : memref<4x512xf32>) outs(%m : memref<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  dml.select_top_k ins(%x, %m, %s : memref<4x512xf32>, memref<4xf32>, memref<4xf32>) outs(%v, %i : memref<4x8xf32>, memref<4x8xi64>) axis = 1 k = 8 direction = increasing maps = [#id, #row, #row] {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.subf %a, %b : f32
    %1 = math.exp %0 : f32
    %2 = arith.divf %1, %c : f32
    dml.yield %2 : f32
  }
  return
}
