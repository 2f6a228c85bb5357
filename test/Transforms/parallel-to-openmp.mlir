// scf.parallel loops without reductions become omp.parallel regions in
// which the threads claim blocks of the linearized iterations until none is
// left: blocks of max(1, ceil(N / (C x threads))), C = claims-per-thread
// (8 by default). With home-ranges (default) the B blocks are split into one
// contiguous range per thread, each with a counter (one cache line apart,
// reset before the region): a thread claims its own range's blocks first,
// then those left in the next ranges; without it the threads claim from one
// shared counter on the function's stack. Nested parallel loops run
// sequentially inside; loops with reductions are left for
// convert-scf-to-openmp.
// RUN: dml-opt %s --allow-unregistered-dialect --dml-parallel-to-openmp="num-threads=2 home-ranges=false" | FileCheck %s
// RUN: dml-opt %s --allow-unregistered-dialect --dml-parallel-to-openmp="home-ranges=false" | FileCheck %s --check-prefix=ANY
// RUN: dml-opt %s --allow-unregistered-dialect --dml-parallel-to-openmp="claims-per-thread=32" | FileCheck %s --check-prefix=C32
// RUN: dml-opt %s --allow-unregistered-dialect --dml-parallel-to-openmp="num-threads=2" | FileCheck %s --check-prefix=HOME
// RUN: dml-opt %s --allow-unregistered-dialect --dml-parallel-to-openmp | FileCheck %s --check-prefix=HOMEANY

// HOME-LABEL: func.func @two_dims
// HOME: %[[COUNTERS:.*]] = memref.alloca() : memref<16xi64>
// HOME: scf.for %[[R:.*]] = %{{.*}} to %{{.*}} step
// HOME:   %[[SLOT:.*]] = arith.muli %[[R]], %[[STRIDE:.*]] : index
// HOME:   memref.store %{{.*}}, %[[COUNTERS]][%[[SLOT]]] : memref<16xi64>
// HOME: omp.parallel num_threads(%{{.*}} : i32) {
// HOME: %[[NT:.*]] = func.call @omp_get_num_threads() : () -> i32
// HOME: %[[COUNT:.*]] = arith.index_cast %[[NT]] : i32 to index
// HOME: %[[SIZE:.*]] = arith.maxui
// HOME: %[[ME:.*]] = func.call @omp_get_thread_num() : () -> i32
// HOME: %[[SELF:.*]] = arith.index_cast %[[ME]] : i32 to index
// HOME: %[[BLOCKS:.*]] = arith.ceildivui %[[TOTAL:.*]], %[[SIZE]] : index
// HOME: scf.for %[[K:.*]] = %{{.*}} to %[[COUNT]] step
// HOME:   %[[SHIFTED:.*]] = arith.addi %[[SELF]], %[[K]] : index
// HOME:   %[[RANGE:.*]] = arith.remui %[[SHIFTED]], %[[COUNT]] : index
// HOME:   %[[FB:.*]] = arith.muli %[[RANGE]], %[[BLOCKS]] : index
// HOME:   %[[FIRST:.*]] = arith.divui %[[FB]], %[[COUNT]] : index
// HOME:   %[[NEXT:.*]] = arith.addi %[[RANGE]], %{{.*}} : index
// HOME:   %[[LB:.*]] = arith.muli %[[NEXT]], %[[BLOCKS]] : index
// HOME:   %[[LAST:.*]] = arith.divui %[[LB]], %[[COUNT]] : index
// HOME:   %[[RSIZE:.*]] = arith.subi %[[LAST]], %[[FIRST]] : index
// HOME:   %[[RSLOT:.*]] = arith.muli %[[RANGE]], %[[STRIDE]] : index
// HOME:   %[[OLD:.*]] = memref.atomic_rmw addi %{{.*}}, %[[COUNTERS]][%[[RSLOT]]] : (i64, memref<16xi64>) -> i64
// HOME:   %[[POS:.*]] = arith.index_cast %[[OLD]] : i64 to index
// HOME:   scf.while (%[[P:.*]] = %[[POS]]) : (index) -> index {
// HOME:     arith.cmpi ult, %[[P]], %[[RSIZE]] : index
// HOME:   } do {
// HOME:   ^bb0(%[[Q:.*]]: index):
// HOME:     %[[BLOCK:.*]] = arith.addi %[[FIRST]], %[[Q]] : index
// HOME:     %[[BEGIN:.*]] = arith.muli %[[BLOCK]], %[[SIZE]] : index
// HOME:     %[[END0:.*]] = arith.addi %[[BEGIN]], %[[SIZE]] : index
// HOME:     %[[END:.*]] = arith.minui %[[END0]], %[[TOTAL]] : index
// HOME:     scf.for %{{.*}} = %[[BEGIN]] to %[[END]] step
// HOME:       "test.payload"
// HOME:     memref.atomic_rmw addi %{{.*}}, %[[COUNTERS]][%[[RSLOT]]]
// HOME: omp.terminator

// The runtime's choice of threads: as many counters as omp_get_max_threads().
// HOMEANY-LABEL: func.func @two_dims
// HOMEANY: %[[MAX:.*]] = call @omp_get_max_threads() : () -> i32
// HOMEANY: %[[N:.*]] = arith.index_cast %[[MAX]] : i32 to index
// HOMEANY: %[[LEN:.*]] = arith.muli %[[N]], %{{.*}} : index
// HOMEANY: memref.alloca(%[[LEN]]) : memref<?xi64>
// HOMEANY: omp.parallel {

// C32-LABEL: func.func @two_dims
// C32: omp.parallel
// C32: %[[COUNT:.*]] = arith.index_cast %{{.*}} : i32 to index
// C32: %[[C:.*]] = arith.constant 32 : index
// C32: arith.muli %[[COUNT]], %[[C]] : index

// CHECK: func.func private @omp_get_num_threads() -> i32
// CHECK-NOT: omp_get_thread_num

// CHECK-LABEL: func.func @two_dims
// CHECK: %[[COUNTER:.*]] = memref.alloca() : memref<i64>
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK: memref.store %[[ZERO]], %[[COUNTER]][] : memref<i64>
// CHECK: %[[T:.*]] = arith.constant 2 : i32
// CHECK: omp.parallel num_threads(%[[T]] : i32) {
// CHECK: %[[NT:.*]] = func.call @omp_get_num_threads() : () -> i32
// CHECK: %[[COUNT:.*]] = arith.index_cast %[[NT]] : i32 to index
// CHECK: %[[EIGHT:.*]] = arith.constant 8 : index
// CHECK: %[[CLAIMS:.*]] = arith.muli %[[COUNT]], %[[EIGHT]] : index
// CHECK: %[[DIV:.*]] = arith.ceildivui %[[TOTAL:.*]], %[[CLAIMS]] : index
// CHECK: %[[SIZE:.*]] = arith.maxui %[[DIV]], %{{.*}} : index
// CHECK: %[[SIZE64:.*]] = arith.index_cast %[[SIZE]] : index to i64
// CHECK: %[[OLD:.*]] = memref.atomic_rmw addi %[[SIZE64]], %[[COUNTER]][] : (i64, memref<i64>) -> i64
// CHECK: %[[FIRST:.*]] = arith.index_cast %[[OLD]] : i64 to index
// CHECK: scf.while (%[[B:.*]] = %[[FIRST]]) : (index) -> index {
// CHECK:   %[[MORE:.*]] = arith.cmpi ult, %[[B]], %[[TOTAL]] : index
// CHECK:   scf.condition(%[[MORE]]) %[[B]] : index
// CHECK: } do {
// CHECK: ^bb0(%[[BEGIN:.*]]: index):
// CHECK:   %[[LAST:.*]] = arith.addi %[[BEGIN]], %[[SIZE]] : index
// CHECK:   %[[END:.*]] = arith.minui %[[LAST]], %[[TOTAL]] : index
// CHECK:   scf.for %[[I:.*]] = %[[BEGIN]] to %[[END]] step %{{.*}} {
// CHECK:     %[[COL:.*]] = arith.remui %[[I]], %[[COLS:.*]] : index
// CHECK:     %[[ROW:.*]] = arith.divui %[[I]], %[[COLS]] : index
// CHECK:     "test.payload"
// CHECK-NOT: scf.parallel
// CHECK:   %[[NEXT:.*]] = memref.atomic_rmw addi %[[SIZE64]], %[[COUNTER]][] : (i64, memref<i64>) -> i64
// CHECK:   %[[NEXTI:.*]] = arith.index_cast %[[NEXT]] : i64 to index
// CHECK:   scf.yield %[[NEXTI]] : index
// CHECK: omp.terminator
// ANY-LABEL: func.func @two_dims
// ANY: omp.parallel {
func.func @two_dims(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i, %j) = (%c0, %c1) to (%n, %c8) step (%c1, %c3) {
    "test.payload"(%i, %j) : (index, index) -> ()
    scf.parallel (%k) = (%c0) to (%c8) step (%c1) {
      "test.payload"(%k) : (index) -> ()
      scf.reduce
    }
    scf.reduce
  }
  return
}

// Two regions in a loop: one counter each, allocated once in the entry block.
// CHECK-LABEL: func.func @in_a_loop
// CHECK: %[[C1:.*]] = memref.alloca() : memref<i64>
// CHECK: %[[C2:.*]] = memref.alloca() : memref<i64>
// CHECK-NOT: memref.alloca
// CHECK: scf.for
// CHECK: memref.store %{{.*}}, %[[C2]][]
// CHECK: omp.parallel
// CHECK: memref.atomic_rmw addi %{{.*}}, %[[C2]][]
// CHECK: memref.store %{{.*}}, %[[C1]][]
// CHECK: omp.parallel
// CHECK: memref.atomic_rmw addi %{{.*}}, %[[C1]][]
func.func @in_a_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %r = %c0 to %n step %c1 {
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      "test.payload"(%r, %i) : (index, index) -> ()
      scf.reduce
    }
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      "test.payload"(%i, %r) : (index, index) -> ()
      scf.reduce
    }
  }
  return
}

// CHECK-LABEL: func.func @with_reduction
// CHECK-NOT: omp.parallel
// CHECK: scf.parallel
func.func @with_reduction(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero) -> f32 {
    scf.reduce(%one : f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }
  }
  return %r : f32
}

// A loop's dml_claims_per_thread (dml-linalg-to-vector-loops' long rows)
// replaces the pass's claims-per-thread for that loop only.
// CHECK-LABEL: func.func @own_claims
// CHECK: omp.parallel
// CHECK: %[[COUNT:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: %[[C:.*]] = arith.constant 32 : index
// CHECK: arith.muli %[[COUNT]], %[[C]] : index
// CHECK: omp.parallel
// CHECK: %[[COUNT2:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: %[[EIGHT:.*]] = arith.constant 8 : index
// CHECK: arith.muli %[[COUNT2]], %[[EIGHT]] : index
// CHECK-NOT: dml_claims_per_thread
func.func @own_claims(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    "test.payload"(%i) : (index) -> ()
    scf.reduce
  } {dml_claims_per_thread = 32 : i64}
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    "test.payload"(%i) : (index) -> ()
    scf.reduce
  }
  return
}
