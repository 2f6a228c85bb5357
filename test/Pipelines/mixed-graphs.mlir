// Mixed graphs in stage 1 (dml-to-linalg, fusion off): TOSA ops are lowered by upstream
// tosa-to-linalg(-named), tosa-to-tensor and tosa-to-arith, named linalg ops
// are generalized, and unsigned types become signless in every op, not only
// in dml and func ops. The full pipeline compiles the result.
// RUN: dml-opt %s --dml-to-linalg="fusion=false" | FileCheck %s --implicit-check-not=tosa. --implicit-check-not=xui --implicit-check-not=': ui'
// RUN: dml-opt %s --dml-cpu-pipeline | FileCheck %s --check-prefix=LLVM

// log-softmax (reduce_max, sub, exp, reduce_sum, log, sub) then top_k.
// CHECK-LABEL: func.func @log_softmax_top_k(
// CHECK-SAME:    %[[X:.*]]: tensor<4x16xf32>) -> (tensor<4x3xf32>, tensor<4x3xi32>)
// CHECK:         %[[MAX:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<4x16xf32>)
// CHECK:           arith.maximumf
// CHECK:         %[[MAX2:.*]] = tensor.expand_shape %[[MAX]] {{\[\[}}0, 1]] output_shape [4, 1]
// CHECK:         %[[SHIFTED:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[MAX2]] : tensor<4x16xf32>, tensor<4x1xf32>)
// CHECK:           arith.subf
// CHECK:         linalg.generic {{.*}} ins(%[[SHIFTED]] : tensor<4x16xf32>)
// CHECK:           math.exp
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK:           arith.addf
// CHECK:           math.log
// CHECK:         %[[Y:.*]] = linalg.generic {{.*}} ins(%[[SHIFTED]], %{{.*}} : tensor<4x16xf32>, tensor<4x1xf32>)
// CHECK:           arith.subf
// CHECK:         dml.select_top_k ins(%[[Y]]
// CHECK:         return {{.*}} : tensor<4x3xf32>, tensor<4x3xi32>
// LLVM-LABEL: llvm.func @log_softmax_top_k(
func.func @log_softmax_top_k(%x: tensor<4x16xf32>) -> (tensor<4x3xf32>, tensor<4x3xui32>) {
  %m = tosa.reduce_max %x {axis = 1 : i32} : (tensor<4x16xf32>) -> tensor<4x1xf32>
  %s = tosa.sub %x, %m : (tensor<4x16xf32>, tensor<4x1xf32>) -> tensor<4x16xf32>
  %e = tosa.exp %s : (tensor<4x16xf32>) -> tensor<4x16xf32>
  %sum = tosa.reduce_sum %e {axis = 1 : i32} : (tensor<4x16xf32>) -> tensor<4x1xf32>
  %l = tosa.log %sum : (tensor<4x1xf32>) -> tensor<4x1xf32>
  %y = tosa.sub %s, %l : (tensor<4x16xf32>, tensor<4x1xf32>) -> tensor<4x16xf32>
  %v, %i = dml.top_k %y, axis = 1, k = 3, direction = decreasing : tensor<4x16xf32> -> tensor<4x3xf32>, tensor<4x3xui32>
  return %v, %i : tensor<4x3xf32>, tensor<4x3xui32>
}

// Data movement: transpose (a permuting generic), slice (extract_slice),
// concat (insert_slices), tile (a generic over the tiled shape), reshape.
// CHECK-LABEL: func.func @data_movement(
// CHECK:         linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel"]} ins(%{{.*}} : tensor<6x4xf32>) outs(%{{.*}} : tensor<4x6xf32>)
// CHECK:         tensor.extract_slice %{{.*}}[1, 2] [2, 3] [1, 1] : tensor<4x6xf32> to tensor<2x3xf32>
// CHECK:         tensor.insert_slice
// CHECK:         tensor.insert_slice
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<2x4x2x6xf32>)
// CHECK:         tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2, 3]] : tensor<2x4x2x6xf32> into tensor<8x12xf32>
// LLVM-LABEL: llvm.func @data_movement(
func.func @data_movement(%x: tensor<6x4xf32>) -> (tensor<2x3xf32>, tensor<8x6xf32>, tensor<8x12xf32>) {
  %t = tosa.transpose %x {perms = array<i32: 1, 0>} : (tensor<6x4xf32>) -> tensor<4x6xf32>
  %start = tosa.const_shape {values = dense<[1, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %size = tosa.const_shape {values = dense<[2, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %s = tosa.slice %t, %start, %size : (tensor<4x6xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x3xf32>
  %c = tosa.concat %t, %t {axis = 0 : i32} : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<8x6xf32>
  %mult = tosa.const_shape {values = dense<[2, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %tl = tosa.tile %t, %mult : (tensor<4x6xf32>, !tosa.shape<2>) -> tensor<8x12xf32>
  return %s, %c, %tl : tensor<2x3xf32>, tensor<8x6xf32>, tensor<8x12xf32>
}

// Unsigned tensors through non-dml ops: arg_max's indices collapsed (the
// collapse folds into the arg reduction's expand_shape),
// tensor.empty + linalg.broadcast (generalized) and tensor.concat on ui8,
// a ui32 constant keeps its bits.
// CHECK-LABEL: func.func @unsigned_flow(
// CHECK-SAME:    %{{.*}}: tensor<3x4x5xf32>, %[[A:.*]]: tensor<4xi8>, %[[B:.*]]: tensor<3xi8>) -> (tensor<3xi32>, tensor<2x4xi8>, tensor<7xi8>, tensor<2xi32>)
// CHECK-DAG:     arith.constant dense<[7, -1]> : tensor<2xi32>
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<2x4xi8>
// CHECK:         linalg.generic {{.*}} ins(%[[A]] : tensor<4xi8>) outs(%[[E]] : tensor<2x4xi8>)
// CHECK:         tensor.concat dim(0) %[[A]], %[[B]] : (tensor<4xi8>, tensor<3xi8>) -> tensor<7xi8>
// CHECK:         return
// LLVM-LABEL: llvm.func @unsigned_flow(
func.func @unsigned_flow(%x: tensor<3x4x5xf32>, %a: tensor<4xui8>, %b: tensor<3xui8>) -> (tensor<3xui32>, tensor<2x4xui8>, tensor<7xui8>, tensor<2xui32>) {
  %i = dml.arg_max %x, axes = [1, 2], direction = increasing : tensor<3x4x5xf32> -> tensor<3x1x1xui32>
  %c = tensor.collapse_shape %i [[0, 1, 2]] : tensor<3x1x1xui32> into tensor<3xui32>
  %e = tensor.empty() : tensor<2x4xui8>
  %bc = linalg.broadcast ins(%a : tensor<4xui8>) outs(%e : tensor<2x4xui8>) dimensions = [0]
  %cat = tensor.concat dim(0) %a, %b : (tensor<4xui8>, tensor<3xui8>) -> tensor<7xui8>
  %k = arith.constant dense<[7, 4294967295]> : tensor<2xui32>
  return %c, %bc, %cat, %k : tensor<3xui32>, tensor<2x4xui8>, tensor<7xui8>, tensor<2xui32>
}
