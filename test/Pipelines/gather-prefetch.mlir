// A reduction over gathered rows (an embedding bag) prefetches the rows it
// will read some steps ahead: their addresses depend on loaded indices, so
// the hardware prefetchers cannot predict them. The rows ahead are those
// of a valid iteration point (past the last step of a bag, the next bag's;
// past the last bag, the last one), normalized and clamped as the body
// does, so a prefetch never addresses outside the table.
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen | FileCheck %s

// Rows of 3 KiB: one step (R = 4 rows) ahead; one prefetch per cache line
// (a 32-lane chunk spans two).
// CHECK-LABEL: func.func @embedding_bag
// CHECK: scf.parallel (%[[BAG:.*]]) = (%c0) to (%c8) step (%c1) {
// CHECK: scf.for %[[STEP:.*]] = %c0 to %c2 step %c1 {
// CHECK: %[[ROW:.*]] = arith.muli %[[STEP]], %c4 : index
// The current rows' indices: loaded once per chunk loop, not per chunk.
// CHECK: %[[I0:.*]] = memref.load %{{.*}}[%c0, %[[BAG]], %[[ROW]]] : memref<1x8x8xi32>
// CHECK: arith.minsi
// CHECK: %[[IDX0:.*]] = arith.index_cast
// The first row ahead: step + 4, carried into the next bag, clamped.
// CHECK: %[[AHEAD:.*]] = arith.addi %[[ROW]], %c4 : index
// CHECK: %[[CARRY:.*]] = arith.divui %[[AHEAD]], %c8 : index
// CHECK: %[[IN_BAG:.*]] = arith.remui %[[AHEAD]], %c8 : index
// CHECK: %[[NEXT:.*]] = arith.addi %[[BAG]], %[[CARRY]] : index
// CHECK: %[[AHEAD_BAG:.*]] = arith.minui %[[NEXT]], %c7 : index
// CHECK: %[[J:.*]] = memref.load %{{.*}}[%c0, %[[AHEAD_BAG]], %[[IN_BAG]]] : memref<1x8x8xi32>
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[J]], %c0_i32 : i32
// CHECK: %[[WRAP:.*]] = arith.addi %[[J]], %c1000_i32 : i32
// CHECK: %[[NORM:.*]] = arith.select %[[NEG]], %[[WRAP]], %[[J]] : i32
// CHECK: %[[LOW:.*]] = arith.maxsi %[[NORM]], %c0_i32 : i32
// CHECK: %[[CLAMPED:.*]] = arith.minsi %[[LOW]], %c999_i32 : i32
// CHECK: %[[PIDX0:.*]] = arith.index_cast %[[CLAMPED]] : i32 to index
// CHECK: scf.for %[[COL:.*]] = %c0 to %c768 step %c32 {
// CHECK-NOT: memref.load
// CHECK: memref.prefetch %arg0[%c0, %[[PIDX0]], %[[COL]]], read, locality<3>, data : memref<1x1000x768xf32>
// CHECK: %[[LINE:.*]] = arith.addi %[[COL]], %c16 : index
// CHECK: memref.prefetch %arg0[%c0, %[[PIDX0]], %[[LINE]]], read, locality<3>, data
// CHECK-COUNT-6: memref.prefetch
// CHECK-NOT: memref.prefetch
// CHECK: vector.load %arg0[%c0, %[[IDX0]], %[[COL]]] : memref<1x1000x768xf32>, vector<32xf32>
func.func @embedding_bag(%t: tensor<1x1000x768xf32>, %j: tensor<1x8x8xi32>) -> tensor<8x1x768xf32> {
  %g = dml.gather %t, %j, axis = 1, index_dimensions = 2 : (tensor<1x1000x768xf32>, tensor<1x8x8xi32>) -> tensor<8x8x768xf32>
  %r = dml.reduce %g, function = sum, axes = [1] : tensor<8x8x768xf32> -> tensor<8x1x768xf32>
  return %r : tensor<8x1x768xf32>
}

// Rows of 256 bytes: 8 KiB ahead are 32 rows, four bags on.
// CHECK-LABEL: func.func @short_rows
// CHECK: %[[ROW:.*]] = arith.muli %{{.*}}, %c4 : index
// CHECK: %[[AHEAD:.*]] = arith.addi %[[ROW]], %c32 : index
// CHECK: arith.divui %[[AHEAD]], %c8 : index
// CHECK: memref.prefetch
func.func @short_rows(%t: tensor<1x1000x64xf32>, %j: tensor<1x8x8xi32>) -> tensor<8x1x64xf32> {
  %g = dml.gather %t, %j, axis = 1, index_dimensions = 2 : (tensor<1x1000x64xf32>, tensor<1x8x8xi32>) -> tensor<8x8x64xf32>
  %r = dml.reduce %g, function = sum, axes = [1] : tensor<8x8x64xf32> -> tensor<8x1x64xf32>
  return %r : tensor<8x1x64xf32>
}

// Rows at positions the loops give, whole rows one after the other (the
// hardware prefetchers follow them): no prefetch.
// CHECK-LABEL: func.func @columns
// CHECK-NOT: memref.prefetch
// CHECK: return
func.func @columns(%x: tensor<64x768xf32>) -> tensor<1x768xf32> {
  %r = dml.reduce %x, function = sum, axes = [0] : tensor<64x768xf32> -> tensor<1x768xf32>
  return %r : tensor<1x768xf32>
}

// A gather without a reduction copies one gathered row per iteration of
// its outer loop: the row 8 KiB ahead (3 rows of 3 KiB; the last one past
// the end) is prefetched, through the body's normalization and clamp.
// CHECK-LABEL: func.func @gather_rows
// CHECK: scf.parallel (%[[ROW:.*]]) = (%c0) to (%c64) step (%c1) {
// CHECK: %[[IDX:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: %[[AHEAD:.*]] = arith.addi %[[ROW]], %c3 : index
// CHECK: %[[LAST:.*]] = arith.minui %[[AHEAD]], %c63 : index
// CHECK: %[[J:.*]] = memref.load %{{.*}}[%c0, %[[LAST]]] : memref<1x64xi32>
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[J]], %c0_i32 : i32
// CHECK: %[[WRAP:.*]] = arith.addi %[[J]], %c1000_i32 : i32
// CHECK: %[[NORM:.*]] = arith.select %[[NEG]], %[[WRAP]], %[[J]] : i32
// CHECK: %[[LOW:.*]] = arith.maxsi %[[NORM]], %c0_i32 : i32
// CHECK: %[[CLAMPED:.*]] = arith.minsi %[[LOW]], %c999_i32 : i32
// CHECK: %[[PIDX:.*]] = arith.index_cast %[[CLAMPED]] : i32 to index
// CHECK: scf.for %[[COL:.*]] = %c0 to %c768 step %c32 {
// CHECK-NEXT: memref.prefetch %arg0[%[[PIDX]], %[[COL]]], read, locality<3>, data : memref<1000x768xf32>
// CHECK-NEXT: %[[LINE:.*]] = arith.addi %[[COL]], %c16 : index
// CHECK-NEXT: memref.prefetch %arg0[%[[PIDX]], %[[LINE]]], read, locality<3>, data
// CHECK-NEXT: vector.load %arg0[%[[IDX]], %[[COL]]] : memref<1000x768xf32>, vector<32xf32>
// CHECK-NOT: memref.prefetch
// CHECK: return
func.func @gather_rows(%x: tensor<1000x768xf32>, %j: tensor<1x64xi32>) -> tensor<64x768xf32> {
  %g = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<1000x768xf32>, tensor<1x64xi32>) -> tensor<64x768xf32>
  return %g : tensor<64x768xf32>
}

// prefetch-gathered-rows=false (the default on CPUs other than AMD Zen,
// chooseGatheredRowPrefetch) drops the row copy's prefetches only: the
// embedding bag's and the outer steps' stay.
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen="prefetch-gathered-rows=false" | FileCheck %s --check-prefix=NOGATHER
// NOGATHER-LABEL: func.func @embedding_bag
// NOGATHER: memref.prefetch
// NOGATHER-LABEL: func.func @gather_rows
// NOGATHER: scf.parallel
// NOGATHER-NOT: memref.prefetch
// NOGATHER: vector.load
// NOGATHER-NOT: memref.prefetch
// NOGATHER-LABEL: func.func @outer_steps
// NOGATHER: memref.prefetch

// The option turns every software prefetch off (A/B experiments).
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen="prefetch-rows=false" | FileCheck %s --check-prefix=OFF
// OFF-NOT: memref.prefetch

// An innermost reduction under an outer one (max over axes {0, 2}): each
// step of the outer reduction reads 4 rows of one page, then jumps; the
// rows of the next step (clamped to the last) are prefetched, one per line
// of each chunk.
// CHECK-LABEL: func.func @outer_steps
// CHECK: scf.parallel (%[[B:.*]]) = (%c0) to (%c4) step (%c1) {
// CHECK: %[[R0:.*]] = arith.muli %[[B]], %c4 : index
// CHECK: scf.for %[[STEP:.*]] = %c0 to %c64 step %c1
// CHECK: %[[NEXT:.*]] = arith.addi %[[STEP]], %c1 : index
// CHECK: %[[CLAMPED:.*]] = arith.minui %[[NEXT]], %c63 : index
// CHECK: scf.for %[[COL:.*]] = %c0 to %c1024 step %c16
// CHECK-NEXT: memref.prefetch %arg0[%[[CLAMPED]], %[[R0]], %[[COL]]], read, locality<3>, data : memref<64x16x1024xf32>
// CHECK-COUNT-3: memref.prefetch %arg0[%[[CLAMPED]]
// CHECK-NOT: memref.prefetch
// CHECK: vector.load %arg0[%[[STEP]], %[[R0]], %[[COL]]]
func.func @outer_steps(%x: tensor<64x16x1024xf32>) -> tensor<1x16x1xf32> {
  %r = dml.reduce %x, function = max, axes = [0, 2] : tensor<64x16x1024xf32> -> tensor<1x16x1xf32>
  return %r : tensor<1x16x1xf32>
}

// Rows longer than a page: the hardware prefetchers follow them.
// CHECK-LABEL: func.func @outer_steps_long_rows
// CHECK-NOT: memref.prefetch
// CHECK: return
func.func @outer_steps_long_rows(%x: tensor<8x16x2048xf32>) -> tensor<1x16x1xf32> {
  %r = dml.reduce %x, function = max, axes = [0, 2] : tensor<8x16x2048xf32> -> tensor<1x16x1xf32>
  return %r : tensor<1x16x1xf32>
}
