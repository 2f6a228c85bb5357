// Body values that do not change along the vectorized chunk loop are
// computed once before it: the gathered row's index (load, wrap, clamp)
// and one_hot's index (an input not indexed by the loop's dimension).
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen | FileCheck %s

// CHECK-LABEL: func.func @gather_rows
// CHECK: scf.parallel (%[[ROW:.*]]) = (%c0) to (%c64) step (%c1) {
// CHECK: %[[I:.*]] = memref.load %{{.*}}[%c0, %[[ROW]]] : memref<1x64xi32>
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[I]]
// CHECK: arith.minsi
// CHECK: %[[IDX:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: scf.for %[[J:.*]] = %c0 to %c768 step %c32 {
// CHECK-NOT: memref.load
// CHECK: %[[V:.*]] = vector.load %{{.*}}[%[[IDX]], %[[J]]] : memref<1000x768xf32>, vector<32xf32>
// CHECK-NEXT: vector.store %[[V]], %{{.*}}[%[[ROW]], %[[J]]]
// CHECK-NEXT: }
func.func @gather_rows(%x: tensor<1000x768xf32>, %j: tensor<1x64xi32>) -> tensor<64x768xf32> {
  %g = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<1000x768xf32>, tensor<1x64xi32>) -> tensor<64x768xf32>
  return %g : tensor<64x768xf32>
}

// CHECK-LABEL: func.func @one_hot_rows
// CHECK: scf.for %[[ROW:.*]] = %c0 to %c16 step %c1 {
// CHECK: memref.load %{{.*}}[%[[ROW]], %c0] : memref<16x1xi32>
// CHECK: scf.for
// CHECK-NOT: memref.load
// CHECK: vector.store
// CHECK: }
func.func @one_hot_rows(%j: tensor<16x1xi32>, %w: tensor<1x2xf32>) -> tensor<16x256xf32> {
  %r = dml.one_hot %j, %w, axis = 1 : (tensor<16x1xi32>, tensor<1x2xf32>) -> tensor<16x256xf32>
  return %r : tensor<16x256xf32>
}

// Along the gathered axis itself the index changes per lane: vector.gather
// with the normalization inside the loop.
// CHECK-LABEL: func.func @gather_columns
// CHECK: scf.for %{{.*}} = %c0 to %c64 step %c32 {
// CHECK: vector.load %{{.*}} : memref<1x64xi32>, vector<32xi32>
// CHECK: arith.minsi %{{.*}} : vector<32xi32>
// CHECK: vector.gather
func.func @gather_columns(%x: tensor<8x100xf32>, %j: tensor<1x64xi32>) -> tensor<8x64xf32> {
  %g = dml.gather %x, %j, axis = 1, index_dimensions = 1 : (tensor<8x100xf32>, tensor<1x64xi32>) -> tensor<8x64xf32>
  return %g : tensor<8x64xf32>
}
