// RUN: dml-opt %s --dml-lower-top-k --split-input-file | FileCheck %s
// RUN: dml-opt %s --dml-lower-top-k="candidate-chunks=false" --split-input-file | FileCheck %s --check-prefix=OFF
// RUN: dml-opt %s --dml-lower-top-k="native-compress=false" --split-input-file | FileCheck %s --check-prefix=NARROW
// RUN: dml-opt %s --dml-lower-top-k --dml-linalg-to-vector-loops="vector-bits=512 registers-per-chunk=4 long-row-streams=1" --split-input-file | FileCheck %s --check-prefix=LOOP
// RUN: dml-opt %s --dml-lower-top-k --dml-linalg-to-vector-loops="vector-bits=512 registers-per-chunk=4 long-row-streams=4" --split-input-file | FileCheck %s --check-prefix=JAM

// log-softmax -> top_k over long rows (8200 f32: 32 KiB), K = 50: 128
// partitions (2 K rounded up to a power of two vectors where the list
// exists at 512 bits; 8 accumulators in the shared max pass, 64 at 256
// bits: NARROW): after the shared max pass, per row the K-th largest stored
// extreme b (counts of extremes not below each, taken for all 128 at once
// in 8 count vectors, each extreme broadcast in turn), the limit
// b - (2^-12 |b| + 2^-16 (m - b) + 2^-11) and b itself go to a per-row
// candidate list whose count starts above its capacity
// (65 = ceil(8200 / 128)); the
// exp-sum pass gets the list as one more input and dml.candidate_chunks
// [carrier 0, list input 2, granule 16, capacity 65]. The selection scans
// the listed chunks and those past the pass's vector end when the count
// is within the capacity and f fails just below the limit (with four more
// evaluations between the limit and b for the carrier's limit), else the
// whole row (groups of 64 lanes) as before. The bound of
// the selection is ord(f(b)), f evaluated once on a broadcast chunk, where
// f is monotone (lse finite); else the K-th of the 128 ords of f at the
// extremes, counted 16 at a time.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @log_softmax
// CHECK-SAME: (%[[X:[^:]*]]: memref<2x8200xf32>
// CHECK: %[[M:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
// CHECK: %[[EXT:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x128xf32>
// CHECK: scf.for %{{.*}} = %c128 to %c8192 step %c128{{.*}} iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xi1>, vector<16xi1>, vector<16xi1>, vector<16xi1>)
// CHECK: scf.if
// CHECK: %[[LIST:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x71xi32>
// CHECK: scf.for %[[ROW:.*]] =
// CHECK-COUNT-8: vector.load %[[EXT]][%[[ROW]], %{{.*}}] : memref<2x128xf32>, vector<16xf32>
// CHECK: %[[COUNTS:.*]]:8 = scf.for %{{.*}} = %{{.*}} to %c128{{.*}} step %{{.*}} iter_args({{.*}}) -> (vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>)
// CHECK: %[[E:.*]] = memref.load %[[EXT]][%[[ROW]], %{{.*}}] : memref<2x128xf32>
// CHECK: %[[SPLAT:.*]] = vector.broadcast %[[E]] : f32 to vector<16xf32>
// CHECK-COUNT-8: arith.cmpf oge, %[[SPLAT]], %{{.*}} : vector<16xf32>
// CHECK-NOT: vector.reduction
// CHECK: scf.yield
// CHECK-COUNT-8: arith.cmpi uge, %[[COUNTS]]#{{[0-7]}}, %cst{{.*}} : vector<16xi32>
// CHECK: %[[KTH:.*]] = vector.reduction <maximumf>, %{{.*}} : vector<16xf32> into f32
// CHECK: %[[ROWMAX:.*]] = memref.load %[[M]][%[[ROW]]]
// CHECK: math.absf %[[KTH]]
// CHECK: arith.subf %[[ROWMAX]], %[[KTH]]
// CHECK: %[[LIMIT:.*]] = arith.subf %[[KTH]], %{{.*}} : f32
// CHECK: %[[BITS:.*]] = arith.bitcast %[[LIMIT]] : f32 to i32
// CHECK: memref.store %[[BITS]], %[[LIST]][%[[ROW]], %c1{{.*}}] : memref<2x71xi32>
// CHECK: %[[BBITS:.*]] = arith.bitcast %[[KTH]] : f32 to i32
// CHECK: memref.store %[[BBITS]], %[[LIST]][%[[ROW]], %c4{{.*}}] : memref<2x71xi32>
// CHECK: memref.store %c66_i32, %[[LIST]][%[[ROW]], %c0{{.*}}] : memref<2x71xi32>
// CHECK: linalg.generic {{.*}} ins(%[[X]], %[[M]], %[[LIST]] : memref<2x8200xf32>, memref<2xf32>, memref<2x71xi32>) {{.*}} attrs = {dml.candidate_chunks = array<i64: 0, 2, 16, 65>}
// CHECK-NEXT: ^bb0(%{{.*}}: f32, %{{.*}}: f32, %{{.*}}: i32, %{{.*}}: f32):
// CHECK-NEXT: arith.subf
// CHECK: scf.for %[[SEQ:.*]] =
// CHECK: %[[STORED:.*]] = memref.load %[[LIST]][%[[SEQ]], %c4{{.*}}] : memref<2x71xi32>
// CHECK: %[[SB:.*]] = arith.bitcast %[[STORED]] : i32 to f32
// CHECK: %[[FINITE:.*]] = arith.cmpf one, %{{.*}}, %cst{{.*}} : f32
// CHECK: %[[MONO:.*]] = arith.andi %true{{.*}}, %[[FINITE]] : i1
// CHECK: %[[BOUND:.*]] = scf.if %[[MONO]] -> (i32) {
// CHECK-NEXT: %[[SPLAT:.*]] = vector.broadcast %[[SB]] : f32 to vector<16xf32>
// CHECK: %[[FB:.*]] = arith.subf %[[SPLAT]], %{{.*}} : vector<16xf32>
// CHECK: arith.bitcast %[[FB]] : vector<16xf32> to vector<16xi32>
// CHECK: %[[ORD:.*]] = vector.extract %{{.*}}[0] : i32 from vector<16xi32>
// CHECK-NEXT: scf.yield %[[ORD]] : i32
// CHECK-NEXT: } else {
// CHECK: vector.load %[[EXT]][%[[SEQ]], %{{.*}}] : memref<2x128xf32>, vector<16xf32>
// CHECK: scf.for %{{.*}} = %c0{{.*}} to %c128{{.*}} step %c16
// CHECK: arith.cmpi uge, %{{.*}}, %{{.*}} : vector<8xi64>
// CHECK: vector.reduction <maxui>, %{{.*}} : vector<8xi64> into i64
// CHECK: %[[COUNT:.*]] = memref.load %[[LIST]][%[[SEQ]], %c0{{.*}}] : memref<2x71xi32>
// CHECK: %[[LBITS:.*]] = memref.load %[[LIST]][%[[SEQ]], %c1{{.*}}] : memref<2x71xi32>
// CHECK: %[[L:.*]] = arith.bitcast %[[LBITS]] : i32 to f32
// The list is usable where f fails at the float just below L (ord(L) - 1,
// not below ord(-inf)): no bisection, but independent evaluations of f
// there and at ord(b) - span / 2, / 4, / 8, / 16 (span = ord(b) - (ord(L)
// - 1)); the float after the greatest failing ord is the listed chunks'
// carrier limit.
// CHECK-NOT: scf.for
// CHECK: %[[BB:.*]] = memref.load %[[LIST]][%[[SEQ]], %c4{{.*}}] : memref<2x71xi32>
// CHECK: %[[B:.*]] = arith.bitcast %[[BB]] : i32 to f32
// CHECK-NOT: scf.for
// CHECK: arith.bitcast %[[L]] : f32 to i32
// CHECK: %[[LORD:.*]] = arith.xori %{{.*}} : i32
// CHECK-NEXT: %{{.*}} = arith.constant 1 : i32
// CHECK-NEXT: %[[DOWN:.*]] = arith.subi %[[LORD]], %{{.*}} : i32
// CHECK: %[[LOW:.*]] = arith.maxui %[[DOWN]], %c8388607_i32{{.*}} : i32
// CHECK: arith.bitcast %[[B]] : f32 to i32
// CHECK: %[[BORD:.*]] = arith.xori %{{.*}} : i32
// CHECK-NEXT: %[[SPAN16:.*]] = arith.subi %[[BORD]], %[[LOW]] : i32
// CHECK: %[[Y:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK-NEXT: %[[FY:.*]] = arith.subf %[[Y]], %{{.*}} : f32
// CHECK-NEXT: %[[LOWFAILS:.*]] = arith.cmpf olt, %[[FY]], %{{.*}} : f32
// CHECK: %[[H1:.*]] = arith.shrui %[[SPAN16]], %c1_i32{{.*}} : i32
// CHECK-NEXT: %[[O1:.*]] = arith.subi %[[BORD]], %[[H1]] : i32
// CHECK: %[[F1:.*]] = arith.cmpf olt, %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: %[[M1:.*]] = arith.maxui %[[LOW]], %[[O1]] : i32
// CHECK-NEXT: %[[G1:.*]] = arith.select %[[F1]], %[[M1]], %[[LOW]] : i32
// CHECK-NOT: scf.for
// CHECK: arith.shrui %[[SPAN16]], %c4_i32 : i32
// CHECK: arith.cmpf olt
// CHECK-NEXT: arith.maxui
// CHECK-NEXT: %[[G4:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: %{{.*}} = arith.constant 1 : i32
// CHECK-NEXT: %[[ABOVE:.*]] = arith.addi %[[G4]], %{{.*}} : i32
// CHECK: %[[CL:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK-NOT: scf.for
// CHECK: %[[MONO2:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK-NEXT: %[[USABLE:.*]] = arith.andi %[[MONO2]], %[[LOWFAILS]] : i1
// CHECK: %[[FITS:.*]] = arith.cmpi ule, %[[COUNT]], %c65_i32 : i32
// CHECK-NEXT: %[[USE:.*]] = arith.andi %[[FITS]], %[[USABLE]] : i1
// CHECK-NEXT: scf.if %[[USE]] -> (index, i32, index, f32, f32) {
// CHECK: %[[SPAN:.*]] = memref.load %[[LIST]][%[[SEQ]], %c2{{.*}}]
// CHECK: %[[COVERED:.*]] = memref.load %[[LIST]][%[[SEQ]], %c3{{.*}}]
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args({{.*}}, %{{.*}} = %[[CL]]) -> (index, i32, index, f32, f32)
// CHECK: %[[AT:.*]] = arith.addi %[[I]], %c5
// CHECK: %[[START:.*]] = memref.load %[[LIST]][%[[SEQ]], %[[AT]]]
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c16
// CHECK: } else {
// The fallback: the carrier's limit by bisection, then the whole row in
// groups of 4 chunks, as without a list.
// CHECK: scf.for %{{.*}} = %{{.*}} to %c24 step
// CHECK: scf.for %{{.*}} = %{{.*}} to %c8192 step %c64
// CHECK: memref.dealloc %[[LIST]]
// NARROW-LABEL: func.func @log_softmax
// NARROW-NOT: memref<2x128xf32>
// NARROW: memref.alloc() {alignment = 64 : i64} : memref<2x64xf32>
// NARROW: dml.candidate_chunks
// NARROW: func.func
// OFF-LABEL: func.func @log_softmax
// OFF-NOT: dml.candidate_chunks
// OFF-NOT: memref<2x71xi32>
// OFF: return

// The exp-sum pass over 64-lane steps of one row (long-row-streams=1, the
// Zen layout): each row's list started (span 64, vector end 8192) and its
// limit splat before the loop; per step the carrier's four registers
// folded by a compare-select max tree (a NaN limit, which every row with a
// NaN has, lists every step), one compare of the tree's register into a
// mask, its lanes OR-ed, the step's start stored at the list's end
// (clamped to the slot past the capacity) and the count, a value the loop
// carries from 0, raised by the OR, without a branch; the count is stored
// once after the loop (no load or store of it per step); the compare and
// the list come before the step's exp, so the loaded carrier is not held
// across it (fewer spills on Zen, bench/README.md, branch exp-loop).
// LOOP-LABEL: func.func @log_softmax
// LOOP: memref.store %c64_i32, %[[LIST:.*]][%[[R:.*]], %c2{{.*}}] : memref<2x71xi32>
// LOOP: memref.store %c8192_i32, %[[LIST]][%[[R]], %c3{{.*}}]
// LOOP: %[[LB:.*]] = memref.load %[[LIST]][%[[R]], %c1{{.*}}]
// LOOP: %[[LF:.*]] = arith.bitcast %[[LB]] : i32 to f32
// LOOP: %[[LS:.*]] = vector.broadcast %[[LF]] : f32 to vector<64xf32>
// LOOP: %[[ZERO:.*]] = arith.constant 0 : i32
// LOOP: %[[FOR:.*]]:2 = scf.for %[[J:.*]] = %{{.*}} to %c8192 step %c64 iter_args(%{{.*}} = %{{.*}}, %[[N:.*]] = %[[ZERO]]) -> (vector<64xf32>, i32)
// LOOP-NOT: math.exp
// LOOP: %[[C:.*]] = vector.load %{{.*}}[%[[R]], %[[J]]] : memref<2x8200xf32>, vector<64xf32>
// LOOP-NEXT: %[[C0:.*]] = vector.extract_strided_slice %[[C]] {offsets = [0], sizes = [16], strides = [1]} : vector<64xf32> to vector<16xf32>
// LOOP-NEXT: %[[C1:.*]] = vector.extract_strided_slice %[[C]] {offsets = [16], sizes = [16], strides = [1]}
// LOOP-NEXT: %[[C2:.*]] = vector.extract_strided_slice %[[C]] {offsets = [32], sizes = [16], strides = [1]}
// LOOP-NEXT: %[[C3:.*]] = vector.extract_strided_slice %[[C]] {offsets = [48], sizes = [16], strides = [1]}
// LOOP-NEXT: %[[G01:.*]] = arith.cmpf ogt, %[[C0]], %[[C1]] : vector<16xf32>
// LOOP-NEXT: %[[M01:.*]] = arith.select %[[G01]], %[[C0]], %[[C1]]
// LOOP-NEXT: %[[G23:.*]] = arith.cmpf ogt, %[[C2]], %[[C3]] : vector<16xf32>
// LOOP-NEXT: %[[M23:.*]] = arith.select %[[G23]], %[[C2]], %[[C3]]
// LOOP-NEXT: %[[G:.*]] = arith.cmpf ogt, %[[M01]], %[[M23]] : vector<16xf32>
// LOOP-NEXT: %[[MAX:.*]] = arith.select %[[G]], %[[M01]], %[[M23]]
// LOOP-NEXT: %[[L16:.*]] = vector.extract_strided_slice %[[LS]] {offsets = [0], sizes = [16], strides = [1]} : vector<64xf32> to vector<16xf32>
// LOOP-NEXT: %[[MASK:.*]] = arith.cmpf uge, %[[MAX]], %[[L16]] : vector<16xf32>
// LOOP-NEXT: %[[ANY:.*]] = vector.reduction <or>, %[[MASK]] : vector<16xi1> into i1
// LOOP-NOT: memref.store
// LOOP: %[[CLAMPED:.*]] = arith.minui %[[N]], %c65_i32 : i32
// LOOP: %[[POS:.*]] = arith.index_castui %[[J]] : index to i32
// LOOP: memref.store %[[POS]], %[[LIST]][%[[R]], %{{.*}}] : memref<2x71xi32>
// LOOP-NOT: memref.store
// LOOP: %[[INC:.*]] = arith.extui %[[ANY]] : i1 to i32
// LOOP: %[[NEXT:.*]] = arith.addi %[[N]], %[[INC]] : i32
// LOOP-NOT: memref.store
// LOOP-NOT: scf.if
// LOOP: math.exp %{{.*}} : vector<64xf32>
// LOOP-NOT: memref.store
// LOOP-NOT: scf.if
// LOOP: scf.yield %{{.*}}, %[[NEXT]] : vector<64xf32>, i32
// LOOP-NEXT: }
// LOOP-NEXT: %[[CS:.*]] = arith.constant 0 : index
// LOOP: memref.store %[[FOR]]#1, %[[LIST]][%[[R]], %[[CS]]] : memref<2x71xi32>
// Two rows at a time in 16-lane steps (long-row-streams=4, Intel's
// layout): each row's list is filled by its own compare per step and has
// its own count, both carried by the loop and stored after it.
// JAM-LABEL: func.func @log_softmax
// JAM: memref.store %c16_i32, %[[LIST:.*]][%[[R0:.*]], %c2{{.*}}]
// JAM: memref.store %c16_i32{{.*}}, %[[LIST]][%[[R1:.*]], %c2{{.*}}]
// JAM: %[[FOR:.*]]:4 = scf.for %[[J:.*]] = %{{.*}} to %c8192 step %c16 iter_args(%{{.*}} = %{{.*}}, %[[N0:.*]] = %[[Z:.*]], %[[N1:.*]] = %[[Z]]) -> (vector<16xf32>, vector<16xf32>, i32, i32)
// JAM: arith.cmpf uge, %{{.*}}, %{{.*}} : vector<16xf32>
// JAM: vector.reduction <or>, %{{.*}} : vector<16xi1> into i1
// JAM: arith.minui %[[N0]], %c65_i32{{.*}} : i32
// JAM: memref.store %{{.*}}, %[[LIST]][%[[R0]], %{{.*}}] : memref<2x71xi32>
// JAM: %[[NEXT0:.*]] = arith.addi %[[N0]], %{{.*}} : i32
// JAM: arith.cmpf uge, %{{.*}}, %{{.*}} : vector<16xf32>
// JAM: vector.reduction <or>, %{{.*}} : vector<16xi1> into i1
// JAM: arith.minui %[[N1]], %c65_i32{{.*}} : i32
// JAM: memref.store %{{.*}}, %[[LIST]][%[[R1]], %{{.*}}] : memref<2x71xi32>
// JAM: %[[NEXT1:.*]] = arith.addi %[[N1]], %{{.*}} : i32
// JAM: scf.yield %{{.*}}, %{{.*}}, %[[NEXT0]], %[[NEXT1]] : vector<16xf32>, vector<16xf32>, i32, i32
// JAM: memref.store %[[FOR]]#2, %[[LIST]][%[[R0]], %{{.*}}] : memref<2x71xi32>
// JAM: memref.store %[[FOR]]#3, %[[LIST]][%[[R1]], %{{.*}}] : memref<2x71xi32>
func.func @log_softmax(%x: memref<2x8200xf32>, %v: memref<2x50xf32>, %i: memref<2x50xi64>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %m = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
  %s = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
  linalg.fill ins(%ninf : f32) outs(%m : memref<2xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : memref<2x8200xf32>) outs(%m : memref<2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.fill ins(%zero : f32) outs(%s : memref<2xf32>)
  linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x, %m : memref<2x8200xf32>, memref<2xf32>) outs(%s : memref<2xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %0 = arith.subf %in, %mx : f32
    %1 = math.exp %0 : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  }
  dml.select_top_k ins(%x, %m, %s : memref<2x8200xf32>, memref<2xf32>, memref<2xf32>) outs(%v, %i : memref<2x50xf32>, memref<2x50xi64>) axis = 1 k = 50 direction = decreasing maps = [#id, #row, #row] {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = math.log %c : f32
    %1 = arith.addf %b, %0 : f32
    %2 = arith.subf %a, %1 : f32
    dml.yield %2 : f32
  }
  memref.dealloc %m : memref<2xf32>
  memref.dealloc %s : memref<2xf32>
  return
}

// -----

// Rows of 4.4 KiB: the exp pass reads them several at a time in 16-lane
// steps, so no list (no limits computed for nothing).
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @short_rows
// CHECK-NOT: dml.candidate_chunks
// CHECK: return
func.func @short_rows(%x: memref<4x1100xf32>, %v: memref<4x8xf32>, %i: memref<4x8xi64>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %m = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  %s = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  linalg.fill ins(%ninf : f32) outs(%m : memref<4xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : memref<4x1100xf32>) outs(%m : memref<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.fill ins(%zero : f32) outs(%s : memref<4xf32>)
  linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x, %m : memref<4x1100xf32>, memref<4xf32>) outs(%s : memref<4xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %0 = arith.subf %in, %mx : f32
    %1 = math.exp %0 : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  }
  dml.select_top_k ins(%x, %m, %s : memref<4x1100xf32>, memref<4xf32>, memref<4xf32>) outs(%v, %i : memref<4x8xf32>, memref<4x8xi64>) axis = 1 k = 8 direction = decreasing maps = [#id, #row, #row] {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.subf %a, %b : f32
    %1 = math.exp %0 : f32
    %2 = arith.divf %1, %c : f32
    dml.yield %2 : f32
  }
  memref.dealloc %m : memref<4xf32>
  memref.dealloc %s : memref<4xf32>
  return
}

// -----

// A write to the carrier between the exp pass and the selection: the list
// would be stale, so none is made.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @carrier_written
// CHECK-NOT: dml.candidate_chunks
// CHECK: return
func.func @carrier_written(%x: memref<2x8200xf32>, %v: memref<2x50xf32>, %i: memref<2x50xi64>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %m = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
  %s = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
  linalg.fill ins(%ninf : f32) outs(%m : memref<2xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : memref<2x8200xf32>) outs(%m : memref<2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.fill ins(%zero : f32) outs(%s : memref<2xf32>)
  linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x, %m : memref<2x8200xf32>, memref<2xf32>) outs(%s : memref<2xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %0 = arith.subf %in, %mx : f32
    %1 = math.exp %0 : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  }
  %c0 = arith.constant 0 : index
  memref.store %zero, %x[%c0, %c0] : memref<2x8200xf32>
  dml.select_top_k ins(%x, %m, %s : memref<2x8200xf32>, memref<2xf32>, memref<2xf32>) outs(%v, %i : memref<2x50xf32>, memref<2x50xi64>) axis = 1 k = 50 direction = decreasing maps = [#id, #row, #row] {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = math.log %c : f32
    %1 = arith.addf %b, %0 : f32
    %2 = arith.subf %a, %1 : f32
    dml.yield %2 : f32
  }
  memref.dealloc %m : memref<2xf32>
  memref.dealloc %s : memref<2xf32>
  return
}

// -----

// A write through a view of the carrier (a subview of its second row, made
// before the passes) between the exp pass and the selection: no op between
// them names the carrier, but the list would be stale, so none is made.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @carrier_view_written
// CHECK-NOT: dml.candidate_chunks
// CHECK: return
func.func @carrier_view_written(%x: memref<2x8200xf32>, %v: memref<2x50xf32>, %i: memref<2x50xi64>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %row = memref.subview %x[1, 0] [1, 8200] [1, 1] : memref<2x8200xf32> to memref<8200xf32, strided<[1], offset: 8200>>
  %m = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
  %s = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
  linalg.fill ins(%ninf : f32) outs(%m : memref<2xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : memref<2x8200xf32>) outs(%m : memref<2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.fill ins(%zero : f32) outs(%s : memref<2xf32>)
  linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x, %m : memref<2x8200xf32>, memref<2xf32>) outs(%s : memref<2xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %0 = arith.subf %in, %mx : f32
    %1 = math.exp %0 : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  }
  %c0 = arith.constant 0 : index
  memref.store %zero, %row[%c0] : memref<8200xf32, strided<[1], offset: 8200>>
  dml.select_top_k ins(%x, %m, %s : memref<2x8200xf32>, memref<2xf32>, memref<2xf32>) outs(%v, %i : memref<2x50xf32>, memref<2x50xi64>) axis = 1 k = 50 direction = decreasing maps = [#id, #row, #row] {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = math.log %c : f32
    %1 = arith.addf %b, %0 : f32
    %2 = arith.subf %a, %1 : f32
    dml.yield %2 : f32
  }
  memref.dealloc %m : memref<2xf32>
  memref.dealloc %s : memref<2xf32>
  return
}

// -----

// A write to another buffer (a view of the values output) between the exp
// pass and the selection leaves the carrier as the pass listed it: the list
// is made.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @other_buffer_written
// CHECK: dml.candidate_chunks = array<i64: 0, 2, 16, 65>
// CHECK: return
func.func @other_buffer_written(%x: memref<2x8200xf32>, %v: memref<2x50xf32>, %i: memref<2x50xi64>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %m = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
  %s = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
  linalg.fill ins(%ninf : f32) outs(%m : memref<2xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : memref<2x8200xf32>) outs(%m : memref<2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.fill ins(%zero : f32) outs(%s : memref<2xf32>)
  linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x, %m : memref<2x8200xf32>, memref<2xf32>) outs(%s : memref<2xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %0 = arith.subf %in, %mx : f32
    %1 = math.exp %0 : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  }
  %c0 = arith.constant 0 : index
  %out = memref.subview %v[1, 0] [1, 50] [1, 1] : memref<2x50xf32> to memref<50xf32, strided<[1], offset: 50>>
  memref.store %zero, %out[%c0] : memref<50xf32, strided<[1], offset: 50>>
  dml.select_top_k ins(%x, %m, %s : memref<2x8200xf32>, memref<2xf32>, memref<2xf32>) outs(%v, %i : memref<2x50xf32>, memref<2x50xi64>) axis = 1 k = 50 direction = decreasing maps = [#id, #row, #row] {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = math.log %c : f32
    %1 = arith.addf %b, %0 : f32
    %2 = arith.subf %a, %1 : f32
    dml.yield %2 : f32
  }
  memref.dealloc %m : memref<2xf32>
  memref.dealloc %s : memref<2xf32>
  return
}
