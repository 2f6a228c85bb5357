// RUN: dml-opt %s --dml-prefetch-next-block | FileCheck %s --check-prefix=ONE
// RUN: dml-opt %s --dml-prefetch-next-block="blocks-ahead=2 locality=2" | FileCheck %s --check-prefix=AHEAD
// RUN: dml-opt %s --dml-prefetch-next-block="blocks-ahead=0" | FileCheck %s --check-prefix=NONE

// Blocks of one 128 KB row (as AMD Zen runs SM, SH and R3 rows), read
// by a max loop and an exp-sum loop. By default the second loop prefetches
// the next block (iv + step) into L1; blocks-ahead=2 prefetches the one
// after it (iv + 2 * step, a constant), locality=2 into L2; blocks-ahead=0
// prefetches nothing. The last blocks prefetch themselves.
// ONE-LABEL: func.func @one_row_blocks
// ONE: scf.parallel (%[[IV:.*]]) = (%{{.*}}) to (%[[UB:.*]]) step (%[[STEP:.*]]) {
// ONE: scf.for
// ONE-NOT: memref.prefetch
// ONE: %[[NEXT:.*]] = arith.addi %[[IV]], %[[STEP]] : index
// ONE: %[[INSIDE:.*]] = arith.cmpi slt, %[[NEXT]], %[[UB]] : index
// ONE: %[[NEXT_IV:.*]] = arith.select %[[INSIDE]], %[[NEXT]], %[[IV]] : index
// ONE: %[[NEXT_BLOCK:.*]] = memref.subview %{{.*}}[%[[NEXT_IV]], 0] [1, 32000] [1, 1]
// ONE: scf.for %[[J:[a-z0-9_]+]] =
// ONE-NEXT: memref.prefetch %[[NEXT_BLOCK]][%{{.*}}, %[[J]]], read, locality<3>, data
// ONE-NEXT: vector.load

// AHEAD-LABEL: func.func @one_row_blocks
// AHEAD: scf.parallel (%[[IV:.*]]) = (%{{.*}}) to (%[[UB:.*]]) step (%{{.*}}) {
// AHEAD: scf.for
// AHEAD-NOT: memref.prefetch
// AHEAD: %[[TWO:.*]] = arith.constant 2 : index
// AHEAD-NEXT: %[[NEXT:.*]] = arith.addi %[[IV]], %[[TWO]] : index
// AHEAD-NEXT: %[[INSIDE:.*]] = arith.cmpi slt, %[[NEXT]], %[[UB]] : index
// AHEAD-NEXT: %[[NEXT_IV:.*]] = arith.select %[[INSIDE]], %[[NEXT]], %[[IV]] : index
// AHEAD-NEXT: %[[NEXT_BLOCK:.*]] = memref.subview %{{.*}}[%[[NEXT_IV]], 0] [1, 32000] [1, 1]
// AHEAD: scf.for %[[J:[a-z0-9_]+]] =
// AHEAD-NEXT: memref.prefetch %[[NEXT_BLOCK]][%{{.*}}, %[[J]]], read, locality<2>, data
// AHEAD-NEXT: vector.load

// NONE-LABEL: func.func @one_row_blocks
// NONE-NOT: memref.prefetch
// NONE: return
func.func @one_row_blocks(%x: memref<1024x32000xf32>, %out: memref<1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c1024 = arith.constant 1024 : index
  %c32000 = arith.constant 32000 : index
  %zero = arith.constant dense<0.0> : vector<16xf32>
  scf.parallel (%i) = (%c0) to (%c1024) step (%c1) {
    %block = memref.subview %x[%i, 0] [1, 32000] [1, 1] : memref<1024x32000xf32> to memref<1x32000xf32, strided<[32000, 1], offset: ?>>
    %m = scf.for %j = %c0 to %c32000 step %c16 iter_args(%acc = %zero) -> (vector<16xf32>) {
      %v = vector.load %block[%c0, %j] : memref<1x32000xf32, strided<[32000, 1], offset: ?>>, vector<16xf32>
      %n = arith.maximumf %acc, %v : vector<16xf32>
      scf.yield %n : vector<16xf32>
    }
    %s = scf.for %j = %c0 to %c32000 step %c16 iter_args(%a = %zero) -> (vector<16xf32>) {
      %v = vector.load %block[%c0, %j] : memref<1x32000xf32, strided<[32000, 1], offset: ?>>, vector<16xf32>
      %d = arith.subf %v, %m : vector<16xf32>
      %e = math.exp %d : vector<16xf32>
      %a1 = arith.addf %a, %e : vector<16xf32>
      scf.yield %a1 : vector<16xf32>
    }
    %r = vector.reduction <add>, %s : vector<16xf32> into f32
    memref.store %r, %out[%i] : memref<1024xf32>
    scf.reduce
  }
  return
}
