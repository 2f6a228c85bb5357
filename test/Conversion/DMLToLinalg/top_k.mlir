// RUN: dml-opt %s --convert-dml-to-linalg --split-input-file | FileCheck %s

// top_k becomes loops over buffers: the input is read through to_buffer,
// the results are fresh buffers returned through to_tensor (restrict,
// writable), so bufferization makes them the caller's outputs.
// Per sequence, one scan: while fewer than K pairs are kept, the element is
// pushed at slot `count` and sifts up; then it replaces the root (the worst
// kept pair) when strictly better, and sifts down; heapsort at the end.
// increasing: "better" = smaller in the total order where NaN is greatest;
// a tie prefers the lower index.
// CHECK-LABEL: func.func @top_k_increasing
// CHECK-SAME: (%[[X:.*]]: tensor<2x5xf16>) -> (tensor<2x3xf16>, tensor<2x3xi64>)
// CHECK: %[[IN:.*]] = bufferization.to_buffer %[[X]] read_only : tensor<2x5xf16> to memref<2x5xf16>
// CHECK: %[[V:.*]] = memref.alloc() : memref<2x3xf16>
// CHECK: %[[I:.*]] = memref.alloc() : memref<2x3xi64>
// 2 x 5 elements: too small for threads or vectors, a plain loop per row.
// CHECK: scf.for %[[ROW:[a-z0-9_]+]] =
// CHECK: scf.for %[[J:[a-z0-9_]+]] = {{.*}} iter_args(%[[COUNT:[a-z0-9_]+]] =
// CHECK: %[[E:.*]] = memref.load %[[IN]][%[[ROW]], %[[J]]]
// CHECK: %[[FILLING:.*]] = arith.cmpi ult, %[[COUNT]], %{{.*}} : index
// CHECK: scf.if %{{.*}} -> (index) {
// CHECK: %[[POS:.*]] = arith.index_cast %[[J]] : index to i64
// CHECK: memref.store %[[E]], %[[V]][%[[ROW]], %[[COUNT]]]
// CHECK: memref.store %[[POS]], %[[I]][%[[ROW]], %[[COUNT]]]
// CHECK: scf.while
// The tie rule compares stored indices unsigned.
// CHECK: arith.cmpi ult, %{{.*}}, %{{.*}} : i64
// CHECK: scf.condition
// CHECK: } else {
// CHECK: %[[ROOT:.*]] = memref.load %[[V]][%[[ROW]], %{{.*}}]
// CHECK: arith.cmpf ogt, %[[ROOT]], %[[E]] : f16
// CHECK: scf.if
// CHECK: scf.while
// Heapsort leaves the best first.
// CHECK: scf.for
// CHECK: scf.while
// CHECK: %[[VT:.*]] = bufferization.to_tensor %[[V]] restrict writable : memref<2x3xf16> to tensor<2x3xf16>
// CHECK: %[[IT:.*]] = bufferization.to_tensor %[[I]] restrict writable : memref<2x3xi64> to tensor<2x3xi64>
// CHECK: return %[[VT]], %[[IT]]
func.func @top_k_increasing(%x: tensor<2x5xf16>) -> (tensor<2x3xf16>, tensor<2x3xui64>) {
  %v, %i = dml.top_k %x, axis = 1, k = 3, direction = increasing : tensor<2x5xf16> -> tensor<2x3xf16>, tensor<2x3xui64>
  return %v, %i : tensor<2x3xf16>, tensor<2x3xui64>
}

// -----

// decreasing on unsigned integers compares with ugt; the axis may be any
// dimension (here the first: the loop over dimension 1 is outside).
// CHECK-LABEL: func.func @top_k_decreasing_axis0
// CHECK: scf.for %[[COL:[a-z0-9_]+]] =
// CHECK: scf.for %[[J:[a-z0-9_]+]] =
// CHECK: memref.load %{{.*}}[%[[J]], %[[COL]]] : memref<6x2xi32>
// CHECK: arith.index_cast %[[J]] : index to i32
// CHECK: arith.cmpi ugt
// CHECK-NOT: vector.
// CHECK: return
func.func @top_k_decreasing_axis0(%x: tensor<6x2xui32>) -> (tensor<4x2xui32>, tensor<4x2xui32>) {
  %v, %i = dml.top_k %x, axis = 0, k = 4, direction = decreasing : tensor<6x2xui32> -> tensor<4x2xui32>, tensor<4x2xui32>
  return %v, %i : tensor<4x2xui32>, tensor<4x2xui32>
}

// -----

// Long contiguous rows: rows run in parallel. A lower bound t of the K-th
// best: the best of every 16th element guesses it, a vectorized count checks
// that at least K elements are not worse (else the block bound: the worst of
// the best elements of K blocks). The scan tests 16-wide chunks at once and
// visits only the lanes that can enter (count trailing zeros of the mask).
// CHECK-LABEL: func.func @top_k_filtered
// CHECK: scf.parallel (%[[ROW:.*]]) =
// CHECK: vector.reduction <add>, %{{.*}} : vector<16xi64> into i64
// CHECK: %[[ENOUGH:.*]] = arith.cmpi uge, %{{.*}}, %{{.*}} : i64
// CHECK: %[[T:.*]] = scf.if %[[ENOUGH]] -> (f32) {
// CHECK: } else {
// CHECK: %[[BLOCK:.*]] = vector.load %{{.*}}[%[[ROW]], %{{.*}}] : memref<64x4096xf32>, vector<16xf32>
// CHECK: arith.maximumf %{{.*}}, %[[BLOCK]] : vector<16xf32>
// CHECK: vector.reduction <maximumf>
// CHECK: arith.minnumf
// CHECK: %[[CHUNK:.*]] = vector.load %{{.*}}[%[[ROW]], %{{.*}}] : memref<64x4096xf32>, vector<16xf32>
// CHECK: arith.cmpf ogt, %[[CHUNK]], %{{.*}} : vector<16xf32>
// CHECK: %[[TSPLAT:.*]] = vector.broadcast %[[T]] : f32 to vector<16xf32>
// CHECK: arith.cmpf ogt, %[[TSPLAT]], %[[CHUNK]] : vector<16xf32>
// CHECK: vector.bitcast %{{.*}} : vector<16xi1> to vector<1xi16>
// CHECK: scf.while
// CHECK: math.cttz %{{.*}} : i16
func.func @top_k_filtered(%x: tensor<64x4096xf32>) -> (tensor<64x8xf32>, tensor<64x8xui32>) {
  %v, %i = dml.top_k %x, axis = 1, k = 8, direction = decreasing : tensor<64x4096xf32> -> tensor<64x8xf32>, tensor<64x8xui32>
  return %v, %i : tensor<64x8xf32>, tensor<64x8xui32>
}
