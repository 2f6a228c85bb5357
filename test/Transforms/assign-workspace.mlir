// dml-assign-workspace on hand-written buffers: top-level buffers share
// space when their live ranges do not overlap, an alloc in an scf.parallel
// body gets one slot per iteration, an alloc in an scf.for body reuses one
// slot, offsets are multiples of 64 bytes and deallocations disappear.
// RUN: dml-opt %s --dml-assign-workspace -split-input-file | FileCheck %s

// %a (4 KiB) dies before %c is allocated, so %c reuses its bytes; %b
// (100 bytes -> 128) overlaps both.
// CHECK-LABEL: func.func @reuse
// CHECK-SAME: (%[[X:[^:]*]]: memref<1024xf32>, %[[WS:[^:]*]]: memref<4224xi8>)
// CHECK-SAME: dml.workspace_bytes = 4224 : i64
// CHECK-NOT: memref.alloc
// CHECK: %[[A:.*]] = memref.view %[[WS]][%c0{{.*}}][] : memref<4224xi8> to memref<1024xf32>
// CHECK: %[[B:.*]] = memref.view %[[WS]][%c4096{{.*}}][] : memref<4224xi8> to memref<25xf32>
// CHECK: memref.copy %[[X]], %[[A]]
// CHECK: %[[C:.*]] = memref.view %[[WS]][%c0{{.*}}][] : memref<4224xi8> to memref<1024xf32>
// CHECK: memref.copy %[[B]], %[[B]]
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @reuse(%x: memref<1024xf32>) {
  %a = memref.alloc() : memref<1024xf32>
  %b = memref.alloc() : memref<25xf32>
  memref.copy %x, %a : memref<1024xf32> to memref<1024xf32>
  %c = memref.alloc() : memref<1024xf32>
  memref.copy %c, %x : memref<1024xf32> to memref<1024xf32>
  memref.copy %b, %b : memref<25xf32> to memref<25xf32>
  memref.dealloc %a : memref<1024xf32>
  memref.dealloc %b : memref<25xf32>
  memref.dealloc %c : memref<1024xf32>
  return
}

// -----

// Iterations of an scf.parallel may run concurrently: 3 x 2 slots of 64
// bytes, at (i * 2 + (j - 1) / 2) * 64, (j in 1, 3).
// CHECK-LABEL: func.func @parallel_slots
// CHECK-SAME: %[[WS:[^ ]*]]: memref<384xi8>
// CHECK-SAME: dml.workspace_bytes = 384 : i64
// CHECK: scf.parallel (%[[I:.*]], %[[J:.*]]) =
// CHECK: %[[J0:.*]] = arith.subi %[[J]], %c1
// CHECK: %[[JN:.*]] = arith.divui %[[J0]], %c2
// CHECK: %[[I2:.*]] = arith.muli %[[I]], %c2
// CHECK: %[[L:.*]] = arith.addi %[[I2]], %[[JN]]
// CHECK: %[[SHIFT:.*]] = arith.muli %[[L]], %c64
// CHECK: memref.view %[[WS]][%[[SHIFT]]][] : memref<384xi8> to memref<8xi64>
// CHECK-NOT: memref.dealloc
func.func @parallel_slots(%out: memref<3x4xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i, %j) = (%c0, %c1) to (%c3, %c4) step (%c1, %c2) {
    %s = memref.alloc() : memref<8xi64>
    %v = memref.load %s[%c0] : memref<8xi64>
    memref.store %v, %out[%i, %j] : memref<3x4xi64>
    memref.dealloc %s : memref<8xi64>
    scf.reduce
  }
  return
}

// -----

// Sequential iterations reuse one slot; the top-level buffer used inside
// the loop stays live across it.
// CHECK-LABEL: func.func @for_slot
// CHECK-SAME: %[[WS:[^ ]*]]: memref<192xi8>
// CHECK: memref.view %[[WS]][%c0{{.*}}][] : memref<192xi8> to memref<30xf32>
// CHECK: scf.for
// CHECK: memref.view %[[WS]][%c128{{.*}}][] : memref<192xi8> to memref<4xf32>
// CHECK-NOT: memref.dealloc
func.func @for_slot(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %keep = memref.alloc() : memref<30xf32>
  scf.for %i = %c0 to %c10 step %c1 {
    %s = memref.alloc() : memref<4xf32>
    memref.copy %s, %out : memref<4xf32> to memref<4xf32>
    %v = memref.load %keep[%i] : memref<30xf32>
    memref.store %v, %out[%c0] : memref<4xf32>
    memref.dealloc %s : memref<4xf32>
  }
  memref.dealloc %keep : memref<30xf32>
  return
}

// -----

// No buffer: no argument, 0 bytes.
// CHECK-LABEL: func.func @none(%{{.*}}: memref<4xf32>)
// CHECK-SAME: dml.workspace_bytes = 0 : i64
func.func @none(%out: memref<4xf32>) {
  return
}

// -----

// Private functions keep their allocations (only public functions are
// entry points).
// CHECK-LABEL: func.func private @helper
// CHECK: memref.alloc
func.func private @helper() {
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}
