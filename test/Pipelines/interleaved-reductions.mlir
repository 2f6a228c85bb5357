// Reductions over the innermost dimension read J = 4 (else 2) consecutive
// outputs of the innermost outer parallel dimension at once, one register
// of lanes per output; J = 1 keeps the W = 4-register chunk of one output.
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen | FileCheck %s
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen="vectorize=false" | FileCheck %s --check-prefix=SCALAR

// CHECK-LABEL: func.func @rows_by_four
// CHECK: scf.for %[[I:.*]] = %c0 to %c2 step %c1 {
// CHECK: %[[R0:.*]] = arith.muli %[[I]], %c4
// CHECK: %[[R1:.*]] = arith.addi %[[R0]], %c1
// CHECK: %[[R2:.*]] = arith.addi %[[R0]], %c2
// CHECK: %[[R3:.*]] = arith.addi %[[R0]], %c3
// CHECK: scf.for %[[J:.*]] = %c0 to %c96 step %c16 iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK: vector.load %{{.*}}[%[[R0]], %[[J]]]
// CHECK: vector.load %{{.*}}[%[[R1]], %[[J]]]
// CHECK: vector.load %{{.*}}[%[[R2]], %[[J]]]
// CHECK: vector.load %{{.*}}[%[[R3]], %[[J]]]
// The remainder (100 = 6 * 16 + 4) goes to four scalar accumulators.
// CHECK: scf.for %{{.*}} = %c96 to %c100 step %c1 iter_args({{.*}}) -> (f32, f32, f32, f32)
// CHECK-COUNT-4: vector.reduction <add>
func.func @rows_by_four(%x: tensor<8x100xf32>) -> tensor<8x1xf32> {
  %r = dml.reduce %x, function = sum, axes = [1] : tensor<8x100xf32> -> tensor<8x1xf32>
  return %r : tensor<8x1xf32>
}

// CHECK-LABEL: func.func @rows_by_two
// CHECK: scf.for {{.*}} -> (vector<16xi32>, vector<16xi32>)
func.func @rows_by_two(%x: tensor<6x256xi32>) -> tensor<6x1xi32> {
  %r = dml.reduce %x, function = max, axes = [1] : tensor<6x256xi32> -> tensor<6x1xi32>
  return %r : tensor<6x1xi32>
}

// An odd count: one output at a time over a 4-register chunk.
// CHECK-LABEL: func.func @odd_rows
// CHECK: scf.for {{.*}} -> (vector<64xf32>)
func.func @odd_rows(%x: tensor<5x256xf32>) -> tensor<5x1xf32> {
  %r = dml.reduce %x, function = sum, axes = [1] : tensor<5x256xf32> -> tensor<5x1xf32>
  return %r : tensor<5x1xf32>
}

// Axes {0, 2}: the kept middle dimension is interleaved inside the outer
// reduction loop.
// CHECK-LABEL: func.func @middle_kept
// CHECK: scf.parallel (%{{.*}}) = (%c0) to (%c32) step (%c1)
// Each row's lanes come with their NaN flags (max-reductions.mlir).
// CHECK: scf.for %[[D0:.*]] = %c0 to %c64 step %c1 iter_args({{.*}}) -> (vector<16xf32>, vector<16xi1>, vector<16xf32>, vector<16xi1>, vector<16xf32>, vector<16xi1>, vector<16xf32>, vector<16xi1>)
// CHECK: scf.for {{.*}} -> (vector<16xf32>, vector<16xi1>, vector<16xf32>, vector<16xi1>, vector<16xf32>, vector<16xi1>, vector<16xf32>, vector<16xi1>)
// CHECK-COUNT-4: vector.load %{{.*}}[%[[D0]],
// CHECK-COUNT-4: vector.reduction <maximumf>
func.func @middle_kept(%x: tensor<64x128x1024xf32>) -> tensor<1x128x1xf32> {
  %r = dml.reduce %x, function = max, axes = [0, 2] : tensor<64x128x1024xf32> -> tensor<1x128x1xf32>
  return %r : tensor<1x128x1xf32>
}

// A full reduction has no parallel dimension to interleave.
// CHECK-LABEL: func.func @full
// CHECK: scf.for {{.*}} -> (vector<64xf32>)
func.func @full(%x: tensor<1x4096xf32>) -> tensor<1x1xf32> {
  %r = dml.reduce %x, function = sum, axes = [0, 1] : tensor<1x4096xf32> -> tensor<1x1xf32>
  return %r : tensor<1x1xf32>
}

// Scalar code (vectorize=false) is not interleaved.
// SCALAR-LABEL: func.func @rows_by_four
// SCALAR: scf.for {{.*}} -> (f32)
// SCALAR-NOT: (f32, f32

// Reductions over an outer dimension (innermost loop parallel) apply R = 4
// (else 2) consecutive steps of the innermost outer reduction dimension per
// chunk: the outputs are loaded once, carried through R bodies in order,
// and stored once. (Blocks of at most 4 chunks keep the outputs in
// registers over all steps instead: column-block-registers.mlir; these
// rows of 1024 make blocks of 16 chunks.)
// CHECK-LABEL: func.func @outer_rows_by_four
// CHECK: scf.for %[[I:.*]] = %c0 to %c2 step %c1 {
// CHECK: %[[I0:.*]] = arith.muli %[[I]], %c4
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %c64 {
// CHECK: %[[ACC:.*]] = vector.load %[[OUT:.*]][%[[J]]] : memref<1024xf32>, vector<64xf32>
// CHECK: %[[X0:.*]] = vector.load %{{.*}}[%[[I0]], %[[J]]]
// CHECK: %[[S0:.*]] = arith.addf %[[ACC]], %[[X0]]
// CHECK: %[[I1:.*]] = arith.addi %[[I0]], %c1
// CHECK: %[[X1:.*]] = vector.load %{{.*}}[%[[I1]], %[[J]]]
// CHECK: %[[S1:.*]] = arith.addf %[[S0]], %[[X1]]
// CHECK: %[[I2:.*]] = arith.addi %[[I0]], %c2
// CHECK: %[[X2:.*]] = vector.load %{{.*}}[%[[I2]], %[[J]]]
// CHECK: %[[S2:.*]] = arith.addf %[[S1]], %[[X2]]
// CHECK: %[[I3:.*]] = arith.addi %[[I0]], %c3
// CHECK: %[[X3:.*]] = vector.load %{{.*}}[%[[I3]], %[[J]]]
// CHECK: %[[S3:.*]] = arith.addf %[[S2]], %[[X3]]
// CHECK: vector.store %[[S3]], %[[OUT]][%[[J]]]
func.func @outer_rows_by_four(%x: tensor<8x1024xf32>) -> tensor<1x1024xf32> {
  %r = dml.reduce %x, function = sum, axes = [0] : tensor<8x1024xf32> -> tensor<1x1024xf32>
  return %r : tensor<1x1024xf32>
}

// Both outputs of the one-pass arg reduction (value, index) are carried.
// The index is i32 (6 rows), so chunks are 4 registers of 16 lanes.
// CHECK-LABEL: func.func @outer_arg_rows_by_two
// CHECK: scf.for %{{.*}} = %c0 to %c3 step %c1 {
// CHECK: vector.load {{.*}} : memref<256xf32>, vector<64xf32>
// CHECK: vector.load {{.*}} : memref<256xi32>, vector<64xi32>
// CHECK-COUNT-2: arith.select %{{.*}} : vector<64xi1>, vector<64xi32>
// CHECK: vector.store {{.*}} : memref<256xf32>, vector<64xf32>
// CHECK: vector.store {{.*}} : memref<256xi32>, vector<64xi32>
func.func @outer_arg_rows_by_two(%x: tensor<6x256xf32>) -> tensor<1x256xi64> {
  %r = dml.arg_max %x, axes = [0], direction = increasing : tensor<6x256xf32> -> tensor<1x256xi64>
  return %r : tensor<1x256xi64>
}

// An odd trip count: one step per chunk visit.
// CHECK-LABEL: func.func @outer_odd_rows
// CHECK: scf.for %{{.*}} = %c0 to %c5 step %c1 {
// CHECK-COUNT-1: arith.addf
// CHECK-NOT: arith.addf
// CHECK: return
func.func @outer_odd_rows(%x: tensor<5x1024xf32>) -> tensor<1x1024xf32> {
  %r = dml.reduce %x, function = sum, axes = [0] : tensor<5x1024xf32> -> tensor<1x1024xf32>
  return %r : tensor<1x1024xf32>
}
