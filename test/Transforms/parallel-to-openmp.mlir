// scf.parallel loops without reductions become omp.parallel regions in
// which each thread runs its own static block of the linearized
// iterations; nested parallel loops run sequentially inside; loops with
// reductions are left for convert-scf-to-openmp.
// RUN: dml-opt %s --allow-unregistered-dialect --dml-parallel-to-openmp="num-threads=2" | FileCheck %s
// RUN: dml-opt %s --allow-unregistered-dialect --dml-parallel-to-openmp | FileCheck %s --check-prefix=ANY

// CHECK-DAG: func.func private @omp_get_thread_num() -> i32
// CHECK-DAG: func.func private @omp_get_num_threads() -> i32

// CHECK-LABEL: func.func @two_dims
// CHECK: %[[T:.*]] = arith.constant 2 : i32
// CHECK: omp.parallel num_threads(%[[T]] : i32) {
// CHECK: %[[TID:.*]] = func.call @omp_get_thread_num() : () -> i32
// CHECK: %[[THREAD:.*]] = arith.index_cast %[[TID]] : i32 to index
// CHECK: %[[NT:.*]] = func.call @omp_get_num_threads() : () -> i32
// CHECK: %[[COUNT:.*]] = arith.index_cast %[[NT]] : i32 to index
// CHECK: %[[CHUNK:.*]] = arith.ceildivui %[[TOTAL:.*]], %[[COUNT]] : index
// CHECK: %[[FIRST:.*]] = arith.muli %[[THREAD]], %[[CHUNK]] : index
// CHECK: %[[BEGIN:.*]] = arith.minui %[[FIRST]], %[[TOTAL]] : index
// CHECK: %[[LAST:.*]] = arith.addi %[[BEGIN]], %[[CHUNK]] : index
// CHECK: %[[END:.*]] = arith.minui %[[LAST]], %[[TOTAL]] : index
// CHECK: scf.for %[[I:.*]] = %[[BEGIN]] to %[[END]] step %{{.*}} {
// CHECK: %[[COL:.*]] = arith.remui %[[I]], %[[COLS:.*]] : index
// CHECK: %[[ROW:.*]] = arith.divui %[[I]], %[[COLS]] : index
// CHECK: "test.payload"
// CHECK-NOT: scf.parallel
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
