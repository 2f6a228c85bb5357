// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-lower-top-k --split-input-file | FileCheck %s
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-lower-top-k="native-compress=false" --split-input-file | FileCheck %s --check-prefix=BRANCH

// Short rows (at most 1024 elements) with the partition bound, on a target
// with a compress-store instruction: the scan has no branch per chunk. The
// positions of every chunk's passing lanes are compressed into a buffer P
// of one i32 per element (all fit), the keys of P's elements are then made
// one by one into C (one slot per element: never pruned), and up to 512
// candidates are ranked; more (ties) go to the heap selection.
// CHECK-LABEL: func.func @top_k_short_rows
// CHECK-SAME: (%[[IN:[a-z0-9]+]]: memref<16x1024xf32>
// C: 1024 keys, 16 of padding, K + 1 ranked slots.
// CHECK: %[[C:.*]] = memref.alloc() : memref<1049xi64>
// CHECK: %[[P:.*]] = memref.alloc() : memref<1024xi32>
// CHECK: scf.for %[[ROW:[a-z0-9_]+]] =
// CHECK: %[[LIMIT:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK: %[[LANES:.*]] = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : vector<16xi32>
// CHECK: %[[COUNT:.*]] = scf.for %[[J:[a-z0-9_]+]] = %{{.*}} to %c1024{{.*}} step %c16{{.*}} iter_args(%[[N:.*]] = %{{.*}}) -> (index) {
// CHECK: %[[X:.*]] = vector.load %[[IN]][%[[ROW]], %[[J]]] : memref<16x1024xf32>, vector<16xf32>
// CHECK: %[[SPLAT:.*]] = vector.broadcast %[[LIMIT]] : f32 to vector<16xf32>
// CHECK: %[[PASS:.*]] = arith.cmpf uge, %[[X]], %[[SPLAT]] : vector<16xf32>
// CHECK: %[[J32:.*]] = arith.index_castui %[[J]] : index to i32
// CHECK: %[[BASE:.*]] = vector.broadcast %[[J32]] : i32 to vector<16xi32>
// CHECK: %[[POSITIONS:.*]] = arith.addi %[[BASE]], %[[LANES]] : vector<16xi32>
// CHECK-NOT: scf.if
// CHECK: vector.compressstore %[[P]][%[[N]]], %[[PASS]], %[[POSITIONS]] : memref<1024xi32>, vector<16xi1>, vector<16xi32>
// CHECK: %[[BITS:.*]] = vector.bitcast %[[PASS]] : vector<16xi1> to vector<1xi16>
// CHECK: %[[WORD:.*]] = vector.extract %[[BITS]][0] : i16 from vector<1xi16>
// CHECK: %[[PASSED:.*]] = math.ctpop %[[WORD]] : i16
// CHECK: %[[PASSEDI:.*]] = arith.index_castui %[[PASSED]] : i16 to index
// CHECK: %[[NEXT:.*]] = arith.addi %[[N]], %[[PASSEDI]] : index
// CHECK-NEXT: scf.yield %[[NEXT]] : index
// The keys of the candidates: element reloaded at its position.
// CHECK: scf.for %[[I:[a-z0-9_]+]] = %{{.*}} to %[[COUNT]] step
// CHECK: %[[POS:.*]] = memref.load %[[P]][%[[I]]] : memref<1024xi32>
// CHECK: %[[POSI:.*]] = arith.index_castui %[[POS]] : i32 to index
// CHECK: memref.load %[[IN]][%[[ROW]], %[[POSI]]] : memref<16x1024xf32>
// CHECK: %[[KEY:.*]] = arith.ori %{{.*}}, %{{.*}} : i64
// CHECK: memref.store %[[KEY]], %[[C]][%[[I]]] : memref<1049xi64>
// CHECK: %[[FEW:.*]] = arith.cmpi ule, %[[COUNT]], %c512 : index
// CHECK: scf.if %[[FEW]] {
// CHECK: arith.cmpi ugt, %{{.*}}, %{{.*}} : vector<8xi64>
// CHECK: } else {
// CHECK: scf.while
// CHECK: memref.dealloc %[[C]]
// CHECK: memref.dealloc %[[P]]
// Without a native compress store (a branch per lane), the scan keeps its
// branch per chunk and its pruned buffer of keys.
// BRANCH-LABEL: func.func @top_k_short_rows
// C: 64 keys (pruned when full), 16 of padding, K + 1 ranked slots.
// BRANCH: memref.alloc() : memref<89xi64>
// BRANCH-NOT: memref.alloc() : memref<{{[0-9]+}}xi32>
// BRANCH: scf.for {{.*}} -> (index, i32, index, f32)
// BRANCH: scf.if
// BRANCH: vector.compressstore %{{.*}} : memref<89xi64>, vector<16xi1>, vector<16xi64>
func.func @top_k_short_rows(%x: tensor<16x1024xf32>) -> (tensor<16x8xf32>, tensor<16x8xui64>) {
  %v, %i = dml.top_k %x, axis = 1, k = 8, direction = decreasing : tensor<16x1024xf32> -> tensor<16x8xf32>, tensor<16x8xui64>
  return %v, %i : tensor<16x8xf32>, tensor<16x8xui64>
}

// -----

// A ragged row of integers: every chunk is masked (lanes past the end
// neither load nor pass), the ords are compared (signed: sign bit flipped,
// increasing: inverted).
// CHECK-LABEL: func.func @top_k_ragged_i16
// CHECK: %[[P:.*]] = memref.alloc() : memref<1024xi32>
// CHECK: scf.for %[[J:[a-z0-9_]+]] = %{{.*}} to %c1024{{.*}} step %c32{{.*}} iter_args(%[[N:.*]] = %{{.*}}) -> (index) {
// CHECK: %[[LIVE:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : vector<32xi32>
// CHECK: vector.maskedload %{{.*}}, %[[LIVE]], %{{.*}} : memref<4x1000xi16>, vector<32xi1>, vector<32xi16> into vector<32xi16>
// CHECK: arith.extsi %{{.*}} : vector<32xi16> to vector<32xi32>
// CHECK: %[[ABOVE:.*]] = arith.cmpi uge, %{{.*}}, %{{.*}} : vector<32xi32>
// CHECK: %[[PASS:.*]] = arith.andi %[[ABOVE]], %[[LIVE]] : vector<32xi1>
// CHECK-NOT: scf.if
// CHECK: vector.compressstore %[[P]][%[[N]]], %[[PASS]], %{{.*}} : memref<1024xi32>, vector<32xi1>, vector<32xi32>
// BRANCH-LABEL: func.func @top_k_ragged_i16
// BRANCH-NOT: memref.alloc() : memref<{{[0-9]+}}xi32>
// BRANCH: return
func.func @top_k_ragged_i16(%x: tensor<4x1000xi16>) -> (tensor<4x8xi16>, tensor<4x8xui32>) {
  %v, %i = dml.top_k %x, axis = 1, k = 8, direction = increasing : tensor<4x1000xi16> -> tensor<4x8xi16>, tensor<4x8xui32>
  return %v, %i : tensor<4x8xi16>, tensor<4x8xui32>
}

// -----

// Longer rows keep the scan with a branch per chunk (C would not fit
// every element cheaply).
// CHECK-LABEL: func.func @top_k_long_rows
// CHECK-NOT: memref.alloc() : memref<{{[0-9]+}}xi32>
// CHECK: scf.for {{.*}} -> (index, i32, index, f32)
// CHECK: scf.if
// CHECK: return
func.func @top_k_long_rows(%x: tensor<4x2048xf32>) -> (tensor<4x8xf32>, tensor<4x8xui64>) {
  %v, %i = dml.top_k %x, axis = 1, k = 8, direction = decreasing : tensor<4x2048xf32> -> tensor<4x8xf32>, tensor<4x8xui64>
  return %v, %i : tensor<4x8xf32>, tensor<4x8xui64>
}
