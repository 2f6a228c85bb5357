// RUN: dml-opt %s --dml-prefetch-next-block --split-input-file | FileCheck %s

// A block of 2 rows read by two loops (LOG_SUM_EXP: max, then exp-sum): the
// second loop prefetches, per vector load, the same position of the next
// block (the block itself for the last iteration).
// CHECK-LABEL: func.func @two_passes
// CHECK-SAME: (%[[X:.*]]: memref<1024x32000xf32>
// CHECK: scf.parallel (%[[IV:.*]]) = (%[[LB:.*]]) to (%[[UB:.*]]) step (%[[STEP:.*]]) {
// CHECK: %[[BLOCK:.*]] = memref.subview %[[X]][%[[IV]], 0] [2, 32000] [1, 1]
// The first loop reads from memory: no prefetch.
// CHECK: scf.for
// CHECK-NOT: memref.prefetch
// CHECK: vector.load %[[BLOCK]]
// CHECK: %[[NEXT:.*]] = arith.addi %[[IV]], %[[STEP]] : index
// CHECK: %[[INSIDE:.*]] = arith.cmpi slt, %[[NEXT]], %[[UB]] : index
// CHECK: %[[NEXT_IV:.*]] = arith.select %[[INSIDE]], %[[NEXT]], %[[IV]] : index
// CHECK: %[[NEXT_BLOCK:.*]] = memref.subview %[[X]][%[[NEXT_IV]], 0] [2, 32000] [1, 1]
// CHECK: scf.for %[[J:[a-z0-9_]+]] =
// CHECK-NEXT: memref.prefetch %[[NEXT_BLOCK]][%{{.*}}, %[[J]]], read, locality<3>, data
// CHECK-NEXT: vector.load %[[BLOCK]][%{{.*}}, %[[J]]]
// CHECK-NEXT: memref.prefetch %[[NEXT_BLOCK]][%{{.*}}, %[[J]]], read, locality<3>, data
// CHECK-NEXT: vector.load %[[BLOCK]][%{{.*}}, %[[J]]]
// The third loop reads from the cache: no more prefetches.
// CHECK: scf.for
// CHECK-NOT: memref.prefetch
// CHECK: scf.reduce
func.func @two_passes(%x: memref<1024x32000xf32>, %out: memref<1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c1024 = arith.constant 1024 : index
  %c32000 = arith.constant 32000 : index
  %zero = arith.constant dense<0.0> : vector<16xf32>
  scf.parallel (%i) = (%c0) to (%c1024) step (%c2) {
    %block = memref.subview %x[%i, 0] [2, 32000] [1, 1] : memref<1024x32000xf32> to memref<2x32000xf32, strided<[32000, 1], offset: ?>>
    %m = scf.for %j = %c0 to %c32000 step %c16 iter_args(%acc = %zero) -> (vector<16xf32>) {
      %v = vector.load %block[%c0, %j] : memref<2x32000xf32, strided<[32000, 1], offset: ?>>, vector<16xf32>
      %n = arith.maximumf %acc, %v : vector<16xf32>
      scf.yield %n : vector<16xf32>
    }
    %s:2 = scf.for %j = %c0 to %c32000 step %c16 iter_args(%a = %m, %b = %zero) -> (vector<16xf32>, vector<16xf32>) {
      %v0 = vector.load %block[%c0, %j] : memref<2x32000xf32, strided<[32000, 1], offset: ?>>, vector<16xf32>
      %v1 = vector.load %block[%c1, %j] : memref<2x32000xf32, strided<[32000, 1], offset: ?>>, vector<16xf32>
      %e0 = math.exp %v0 : vector<16xf32>
      %e1 = math.exp %v1 : vector<16xf32>
      %a1 = arith.addf %a, %e0 : vector<16xf32>
      %b1 = arith.addf %b, %e1 : vector<16xf32>
      scf.yield %a1, %b1 : vector<16xf32>, vector<16xf32>
    }
    %t = scf.for %j = %c0 to %c32000 step %c16 iter_args(%acc = %s#0) -> (vector<16xf32>) {
      %v = vector.load %block[%c1, %j] : memref<2x32000xf32, strided<[32000, 1], offset: ?>>, vector<16xf32>
      %n = arith.addf %acc, %v : vector<16xf32>
      scf.yield %n : vector<16xf32>
    }
    %r = vector.reduction <add>, %t : vector<16xf32> into f32
    memref.store %r, %out[%i] : memref<1024xf32>
    scf.reduce
  }
  return
}

// -----

// One loop per block (nothing to overlap), blocks below 64 KiB, and blocks
// whose offset is not the iteration's: no prefetch.
// CHECK-LABEL: func.func @not_blocks
// CHECK-NOT: memref.prefetch
// CHECK: return
func.func @not_blocks(%x: memref<1024x32000xf32>, %y: memref<1024x64xf32>, %out: memref<1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %c32000 = arith.constant 32000 : index
  %zero = arith.constant dense<0.0> : vector<16xf32>
  scf.parallel (%i) = (%c0) to (%c1024) step (%c2) {
    %block = memref.subview %x[%i, 0] [2, 32000] [1, 1] : memref<1024x32000xf32> to memref<2x32000xf32, strided<[32000, 1], offset: ?>>
    %m = scf.for %j = %c0 to %c32000 step %c16 iter_args(%acc = %zero) -> (vector<16xf32>) {
      %v = vector.load %block[%c0, %j] : memref<2x32000xf32, strided<[32000, 1], offset: ?>>, vector<16xf32>
      %n = arith.maximumf %acc, %v : vector<16xf32>
      scf.yield %n : vector<16xf32>
    }
    %small = memref.subview %y[%i, 0] [2, 64] [1, 1] : memref<1024x64xf32> to memref<2x64xf32, strided<[64, 1], offset: ?>>
    %s1 = scf.for %j = %c0 to %c64 step %c16 iter_args(%acc = %m) -> (vector<16xf32>) {
      %v = vector.load %small[%c0, %j] : memref<2x64xf32, strided<[64, 1], offset: ?>>, vector<16xf32>
      %n = arith.addf %acc, %v : vector<16xf32>
      scf.yield %n : vector<16xf32>
    }
    %s2 = scf.for %j = %c0 to %c64 step %c16 iter_args(%acc = %s1) -> (vector<16xf32>) {
      %v = vector.load %small[%c1, %j] : memref<2x64xf32, strided<[64, 1], offset: ?>>, vector<16xf32>
      %n = arith.addf %acc, %v : vector<16xf32>
      scf.yield %n : vector<16xf32>
    }
    %first = memref.subview %x[0, 0] [2, 32000] [1, 1] : memref<1024x32000xf32> to memref<2x32000xf32, strided<[32000, 1]>>
    %s3 = scf.for %j = %c0 to %c32000 step %c16 iter_args(%acc = %s2) -> (vector<16xf32>) {
      %v = vector.load %first[%c0, %j] : memref<2x32000xf32, strided<[32000, 1]>>, vector<16xf32>
      %n = arith.addf %acc, %v : vector<16xf32>
      scf.yield %n : vector<16xf32>
    }
    %s4 = scf.for %j = %c0 to %c32000 step %c16 iter_args(%acc = %s3) -> (vector<16xf32>) {
      %v = vector.load %first[%c1, %j] : memref<2x32000xf32, strided<[32000, 1]>>, vector<16xf32>
      %n = arith.addf %acc, %v : vector<16xf32>
      scf.yield %n : vector<16xf32>
    }
    %r = vector.reduction <add>, %s4 : vector<16xf32> into f32
    memref.store %r, %out[%i] : memref<1024xf32>
    scf.reduce
  }
  return
}

// -----

// A long row read one at a time in 256-byte loads (vector<64xf32>,
// long-row-streams=1): one prefetch per 64-byte line of each load, so that
// the whole next block comes, not every 4th line of it.
// CHECK-LABEL: func.func @wide_loads
// CHECK: scf.for
// CHECK-NOT: memref.prefetch
// CHECK: %[[NEXT_BLOCK:.*]] = memref.subview
// CHECK: scf.for %[[J:[a-z0-9_]+]] =
// CHECK-NEXT: memref.prefetch %[[NEXT_BLOCK]][%{{.*}}, %[[J]]], read, locality<3>, data
// CHECK-NEXT: %[[C16:.*]] = arith.constant 16 : index
// CHECK-NEXT: %[[J16:.*]] = arith.addi %[[J]], %[[C16]] : index
// CHECK-NEXT: memref.prefetch %[[NEXT_BLOCK]][%{{.*}}, %[[J16]]], read, locality<3>, data
// CHECK-NEXT: %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[J32:.*]] = arith.addi %[[J]], %[[C32]] : index
// CHECK-NEXT: memref.prefetch %[[NEXT_BLOCK]][%{{.*}}, %[[J32]]], read, locality<3>, data
// CHECK-NEXT: %[[C48:.*]] = arith.constant 48 : index
// CHECK-NEXT: %[[J48:.*]] = arith.addi %[[J]], %[[C48]] : index
// CHECK-NEXT: memref.prefetch %[[NEXT_BLOCK]][%{{.*}}, %[[J48]]], read, locality<3>, data
// CHECK-NEXT: vector.load %{{.*}}[%{{.*}}, %[[J]]] : memref<1x65536xf32, strided<[65536, 1], offset: ?>>, vector<64xf32>
// CHECK-NOT: memref.prefetch
// CHECK: scf.reduce
func.func @wide_loads(%x: memref<64x65536xf32>, %out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c65536 = arith.constant 65536 : index
  %zero = arith.constant dense<0.0> : vector<64xf32>
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    %block = memref.subview %x[%i, 0] [1, 65536] [1, 1] : memref<64x65536xf32> to memref<1x65536xf32, strided<[65536, 1], offset: ?>>
    %m = scf.for %j = %c0 to %c65536 step %c64 iter_args(%acc = %zero) -> (vector<64xf32>) {
      %v = vector.load %block[%c0, %j] : memref<1x65536xf32, strided<[65536, 1], offset: ?>>, vector<64xf32>
      %n = arith.maximumf %acc, %v : vector<64xf32>
      scf.yield %n : vector<64xf32>
    }
    %s = scf.for %j = %c0 to %c65536 step %c64 iter_args(%acc = %m) -> (vector<64xf32>) {
      %v = vector.load %block[%c0, %j] : memref<1x65536xf32, strided<[65536, 1], offset: ?>>, vector<64xf32>
      %e = math.exp %v : vector<64xf32>
      %n = arith.addf %acc, %e : vector<64xf32>
      scf.yield %n : vector<64xf32>
    }
    %r = vector.reduction <add>, %s : vector<64xf32> into f32
    memref.store %r, %out[%i] : memref<64xf32>
    scf.reduce
  }
  return
}
