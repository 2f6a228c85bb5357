// RUN: dml-opt %s --convert-dml-to-linalg --split-input-file | FileCheck %s

// top_k becomes loops over buffers: the input is read through to_buffer,
// the results are fresh buffers returned through to_tensor (restrict,
// writable), so bufferization makes them the caller's outputs.
// Per sequence: push the first K (sift-up), scan the rest against the
// root (the worst kept pair), heapsort. increasing: "better" = smaller in
// the total order where NaN is greatest; a tie prefers the lower index.
// CHECK-LABEL: func.func @top_k_increasing
// CHECK-SAME: (%[[X:.*]]: tensor<2x5xf16>) -> (tensor<2x3xf16>, tensor<2x3xi64>)
// CHECK: %[[IN:.*]] = bufferization.to_buffer %[[X]] read_only : tensor<2x5xf16> to memref<2x5xf16>
// CHECK: %[[V:.*]] = memref.alloc() : memref<2x3xf16>
// CHECK: %[[I:.*]] = memref.alloc() : memref<2x3xi64>
// 2 x 5 elements: too small for threads, so a plain loop over the rows.
// CHECK: scf.for %[[ROW:[a-z0-9_]+]] =
// Push: element j goes to slot j with index j, then sifts up.
// CHECK: scf.for %[[J:[a-z0-9_]+]] =
// CHECK: %[[E:.*]] = memref.load %[[IN]][%[[ROW]], %[[J]]]
// CHECK: %[[POS:.*]] = arith.index_cast %[[J]] : index to i64
// CHECK: memref.store %[[E]], %[[V]][%[[ROW]], %[[J]]]
// CHECK: memref.store %[[POS]], %[[I]][%[[ROW]], %[[J]]]
// CHECK: scf.while
// The tie rule compares stored indices unsigned.
// CHECK: arith.cmpi ult, %{{.*}}, %{{.*}} : i64
// CHECK: scf.condition
// Scan: an element enters only when strictly better than the root.
// CHECK: scf.for %[[S:[a-z0-9_]+]] =
// CHECK: %[[E2:.*]] = memref.load %[[IN]][%[[ROW]], %[[S]]]
// CHECK: %[[ROOT:.*]] = memref.load %[[V]][%[[ROW]], %{{.*}}]
// CHECK: arith.cmpf ogt, %[[ROOT]], %[[E2]] : f16
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

// Long contiguous rows: rows run in parallel. A pre-pass takes the best of
// each of K blocks (maximumf, 16 lanes = 512 bits of f32) and the worst of
// those (minnumf) as a threshold; the scan then compares 16-wide chunks with
// the root and the threshold, entering the scalar scan only for chunks where
// some lane beats the root without being below the threshold.
// CHECK-LABEL: func.func @top_k_filtered
// CHECK: scf.parallel (%[[ROW:.*]]) =
// CHECK: %[[BLOCK:.*]] = vector.load %{{.*}}[%[[ROW]], %{{.*}}] : memref<64x4096xf32>, vector<16xf32>
// CHECK: arith.maximumf %{{.*}}, %[[BLOCK]] : vector<16xf32>
// CHECK: vector.reduction <maximumf>
// CHECK: %[[T:.*]] = arith.minnumf
// CHECK: %[[CHUNK:.*]] = vector.load %{{.*}}[%[[ROW]], %{{.*}}] : memref<64x4096xf32>, vector<16xf32>
// CHECK: %[[ROOT:.*]] = memref.load
// CHECK: %[[SPLAT:.*]] = vector.broadcast %[[ROOT]] : f32 to vector<16xf32>
// CHECK: arith.cmpf ogt, %[[CHUNK]], %[[SPLAT]] : vector<16xf32>
// CHECK: %[[TSPLAT:.*]] = vector.broadcast %{{.*}} : f32 to vector<16xf32>
// CHECK: arith.cmpf ogt, %[[TSPLAT]], %[[CHUNK]] : vector<16xf32>
// CHECK: arith.xori
// CHECK: %[[ANY:.*]] = vector.reduction <or>, %{{.*}} : vector<16xi1> into i1
// CHECK: scf.if %[[ANY]]
func.func @top_k_filtered(%x: tensor<64x4096xf32>) -> (tensor<64x8xf32>, tensor<64x8xui32>) {
  %v, %i = dml.top_k %x, axis = 1, k = 8, direction = decreasing : tensor<64x4096xf32> -> tensor<64x8xf32>, tensor<64x8xui32>
  return %v, %i : tensor<64x8xf32>, tensor<64x8xui32>
}
