// Arg reductions over the innermost axis read the input once: every lane
// keeps its own (best value, flat index), updated by a compare and a blend,
// and the lanes are merged at the end by halves, the state with the
// earlier index taken as the current best (ties keep the first index; NaN,
// the greatest value, wins over numbers).
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen | FileCheck %s

// 4 x 512-bit registers of f32 and of i32 indices per step: no second
// pass over the row, no vector.reduction.
// CHECK-LABEL: func.func @rows
// CHECK: scf.parallel
// CHECK: %[[LANES:.*]]:2 = scf.for %{{.*}} = %c0 to %c32000 step %c64 iter_args(%[[BEST:.*]] = %{{.*}}, %[[INDEX:.*]] = %{{.*}}) -> (vector<64xf32>, vector<64xi32>)
// CHECK: %[[X:.*]] = vector.load %{{.*}} : memref<{{.*}}>, vector<64xf32>
// CHECK: %[[UGT:.*]] = arith.cmpf ugt, %[[X]], %[[BEST]] : vector<64xf32>
// CHECK: %[[NUM:.*]] = arith.cmpf ord, %[[BEST]], %[[BEST]] : vector<64xf32>
// CHECK: %[[BETTER:.*]] = arith.andi %[[UGT]], %[[NUM]] : vector<64xi1>
// CHECK: vector.step : vector<64xindex>
// CHECK: %[[POS:.*]] = arith.index_cast %{{.*}} : vector<64xindex> to vector<64xi32>
// CHECK: arith.select %[[BETTER]], %[[X]], %[[BEST]] : vector<64xi1>, vector<64xf32>
// CHECK: arith.select %[[BETTER]], %[[POS]], %[[INDEX]] : vector<64xi1>, vector<64xi32>
// CHECK: scf.yield
// CHECK-NOT: vector.load %{{.*}} : memref<{{.*}}>, vector<64xf32>
// CHECK-NOT: vector.reduction
// The merge: halves ordered by index, then the condition of the body.
// CHECK: %[[LO:.*]] = vector.extract_strided_slice %[[LANES]]#1 {offsets = [0], sizes = [32], strides = [1]}
// CHECK: %[[HI:.*]] = vector.extract_strided_slice %[[LANES]]#1 {offsets = [32], sizes = [32], strides = [1]}
// CHECK: arith.cmpi ugt, %[[LO]], %[[HI]] : vector<32xi32>
// CHECK: arith.cmpf ugt, %{{.*}}, %{{.*}} : vector<32xf32>
// CHECK: arith.cmpi ugt, %{{.*}}, %{{.*}} : vector<2xi32>
// CHECK: vector.extract %{{.*}}[1] : i32 from vector<2xi32>
// CHECK: arith.cmpi ugt, %{{.*}}, %{{.*}} : i32
// CHECK: memref.store %{{.*}} : memref<{{.*}}xi32{{.*}}>
func.func @rows(%x: tensor<128x32000xf32>) -> tensor<128x1xi64> {
  %r = dml.arg_max %x, axes = [1], direction = increasing : tensor<128x32000xf32> -> tensor<128x1xi64>
  return %r : tensor<128x1xi64>
}

// A row of 200: 3 steps of 64 lanes, then one more 64-lane step over the
// row's last 64 elements [136, 200) whose lanes below 192 keep their state
// (no scalar remainder, no scalar merge). arg_min decreasing: the element
// replaces the best unless it is greater (ties go to the later index),
// which canonicalization turns into a select that keeps the best when the
// element is greater.
// CHECK-LABEL: func.func @remainder_last
// CHECK-DAG: %[[FRESH:.*]] = arith.constant dense<[false, {{(false, )+}}true, {{(true, )+}}true]> : vector<64xi1>
// CHECK-DAG: %[[TAILPOS:.*]] = arith.constant dense<136> : vector<64xindex>
// CHECK-DAG: %[[C136:.*]] = arith.constant 136 : index
// CHECK: %[[LANES:.*]]:2 = scf.for %{{.*}} = %c0 to %c192 step %c64 iter_args(%[[BEST:.*]] = %{{.*}}, %{{.*}} = %{{.*}}) -> (vector<64xf32>, vector<64xi32>)
// CHECK: %[[X:.*]] = vector.load
// CHECK: arith.cmpf ugt, %[[X]], %[[BEST]] : vector<64xf32>
// CHECK: arith.select %{{.*}}, %[[BEST]], %[[X]] : vector<64xi1>, vector<64xf32>
// CHECK: scf.yield
// CHECK-NOT: scf.for
// CHECK: %[[TAIL:.*]] = vector.load %{{.*}}[%{{.*}}, %[[C136]]] : memref<512x200xf32>, vector<64xf32>
// CHECK: arith.cmpf ugt, %[[TAIL]], %[[LANES]]#0 : vector<64xf32>
// CHECK: arith.addi %{{.*}}, %[[TAILPOS]] : vector<64xindex>
// CHECK: %[[VALUE:.*]] = arith.select %{{.*}}, %[[LANES]]#0, %[[TAIL]] : vector<64xi1>, vector<64xf32>
// CHECK: %[[INDEX:.*]] = arith.select %{{.*}}, %[[LANES]]#1, %{{.*}} : vector<64xi1>, vector<64xi32>
// CHECK: arith.select %[[FRESH]], %[[VALUE]], %[[LANES]]#0 : vector<64xi1>, vector<64xf32>
// CHECK: arith.select %[[FRESH]], %[[INDEX]], %[[LANES]]#1 : vector<64xi1>, vector<64xi32>
// CHECK: vector.extract_strided_slice
// CHECK: arith.cmpi ugt, %{{.*}}, %{{.*}} : i32
// CHECK-NOT: arith.cmpi ugt
// CHECK: memref.store
func.func @remainder_last(%x: tensor<512x200xf32>) -> tensor<512x1xi32> {
  %r = dml.arg_min %x, axes = [1], direction = decreasing : tensor<512x200xf32> -> tensor<512x1xi32>
  return %r : tensor<512x1xi32>
}
