// Mixed graphs run by mixed_graphs.py (see mixed-graphs.test); the expected
// values come from numpy and test/lib/dml_reference.py there.

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

// transpose, slice, concat and tile around dml.reduce and dml.arg_max.
func.func @move_around_dml(%x: tensor<6x4xf32>) -> (tensor<2x1xf32>, tensor<1x6xui32>, tensor<8x12xf32>) {
  %t = tosa.transpose %x {perms = array<i32: 1, 0>} : (tensor<6x4xf32>) -> tensor<4x6xf32>
  %start = tosa.const_shape {values = dense<[1, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %size = tosa.const_shape {values = dense<[2, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %s = tosa.slice %t, %start, %size : (tensor<4x6xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x3xf32>
  %r = dml.reduce %s, function = max, axes = [1] : tensor<2x3xf32> -> tensor<2x1xf32>
  %a = tosa.abs %t : (tensor<4x6xf32>) -> tensor<4x6xf32>
  %c = tosa.concat %t, %a {axis = 0 : i32} : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<8x6xf32>
  %arg = dml.arg_max %c, axes = [0], direction = increasing : tensor<8x6xf32> -> tensor<1x6xui32>
  %mult = tosa.const_shape {values = dense<[2, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %tl = tosa.tile %t, %mult : (tensor<4x6xf32>, !tosa.shape<2>) -> tensor<8x12xf32>
  return %r, %arg, %tl : tensor<2x1xf32>, tensor<1x6xui32>, tensor<8x12xf32>
}

// Beam search: top_k's ui32 indices through collapse/expand into dml.gather.
func.func @beam_gather(%scores: tensor<2x8xf32>, %table: tensor<8x5xf32>) -> tensor<6x5xf32> {
  %v, %i = dml.top_k %scores, axis = 1, k = 3, direction = decreasing : tensor<2x8xf32> -> tensor<2x3xf32>, tensor<2x3xui32>
  %f = tensor.collapse_shape %i [[0, 1]] : tensor<2x3xui32> into tensor<6xui32>
  %e = tensor.expand_shape %f [[0, 1]] output_shape [1, 6] : tensor<6xui32> into tensor<1x6xui32>
  %g = dml.gather %table, %e, axis = 0, index_dimensions = 1 : (tensor<8x5xf32>, tensor<1x6xui32>) -> tensor<6x5xf32>
  return %g : tensor<6x5xf32>
}

// Unsigned tensors through tensor and linalg ops.
func.func @unsigned_shapes(%x: tensor<3x4x5xf32>, %a: tensor<4xui8>, %b: tensor<3xui8>) -> (tensor<3xui32>, tensor<2x4xui8>, tensor<7xui8>, tensor<2xui32>) {
  %i = dml.arg_max %x, axes = [1, 2], direction = increasing : tensor<3x4x5xf32> -> tensor<3x1x1xui32>
  %c = tensor.collapse_shape %i [[0, 1, 2]] : tensor<3x1x1xui32> into tensor<3xui32>
  %e = tensor.empty() : tensor<2x4xui8>
  %bc = linalg.broadcast ins(%a : tensor<4xui8>) outs(%e : tensor<2x4xui8>) dimensions = [0]
  %cat = tensor.concat dim(0) %a, %b : (tensor<4xui8>, tensor<3xui8>) -> tensor<7xui8>
  %k = arith.constant dense<[7, 4294967295]> : tensor<2xui32>
  return %c, %bc, %cat, %k : tensor<3xui32>, tensor<2x4xui8>, tensor<7xui8>, tensor<2xui32>
}

// TOSA elementwise ops with broadcasting, clamp, select, cast, reductions,
// argmax; arith/math on tensors into dml.reduce.
func.func @elementwise(%x: tensor<4x6xf32>, %y: tensor<1x6xf32>, %c: tensor<4x6xi32>) -> (tensor<4x6xf32>, tensor<4x6xi32>, tensor<4x6xf32>, tensor<4x6xf16>, tensor<4x1xi32>, tensor<4xi32>, tensor<1x6xf32>) {
  %ab = tosa.abs %x : (tensor<4x6xf32>) -> tensor<4x6xf32>
  %rc = tosa.reciprocal %ab : (tensor<4x6xf32>) -> tensor<4x6xf32>
  %mx = tosa.maximum %rc, %y : (tensor<4x6xf32>, tensor<1x6xf32>) -> tensor<4x6xf32>
  %cl = tosa.clamp %c {min_val = -2 : i32, max_val = 3 : i32} : (tensor<4x6xi32>) -> tensor<4x6xi32>
  %k = "tosa.const"() {values = dense<[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]]> : tensor<1x6xf32>} : () -> tensor<1x6xf32>
  %shift = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %m = tosa.mul %x, %k, %shift : (tensor<4x6xf32>, tensor<1x6xf32>, tensor<1xi8>) -> tensor<4x6xf32>
  %scaled = tosa.add %m, %y : (tensor<4x6xf32>, tensor<1x6xf32>) -> tensor<4x6xf32>
  %gt = tosa.greater %x, %y : (tensor<4x6xf32>, tensor<1x6xf32>) -> tensor<4x6xi1>
  %sel = tosa.select %gt, %x, %scaled : (tensor<4x6xi1>, tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %half = tosa.cast %x : (tensor<4x6xf32>) -> tensor<4x6xf16>
  %rmin = tosa.reduce_min %c {axis = 1 : i32} : (tensor<4x6xi32>) -> tensor<4x1xi32>
  %am = tosa.argmax %x {axis = 1 : i32} : (tensor<4x6xf32>) -> tensor<4xi32>
  %ex = math.exp %x : tensor<4x6xf32>
  %sum = dml.reduce %ex, function = sum, axes = [0] : tensor<4x6xf32> -> tensor<1x6xf32>
  return %mx, %cl, %sel, %half, %rmin, %am, %sum : tensor<4x6xf32>, tensor<4x6xi32>, tensor<4x6xf32>, tensor<4x6xf16>, tensor<4x1xi32>, tensor<4xi32>, tensor<1x6xf32>
}

// TOSA data movement on top_k's ui32 indices.
func.func @unsigned_tosa(%x: tensor<2x5xf32>) -> (tensor<3x2xui32>, tensor<6xui32>) {
  %v, %i = dml.top_k %x, axis = 1, k = 3, direction = decreasing : tensor<2x5xf32> -> tensor<2x3xf32>, tensor<2x3xui32>
  %t = tosa.transpose %i {perms = array<i32: 1, 0>} : (tensor<2x3xui32>) -> tensor<3x2xui32>
  %s = tosa.const_shape {values = dense<[6]> : tensor<1xindex>} : () -> !tosa.shape<1>
  %r = tosa.reshape %i, %s : (tensor<2x3xui32>, !tosa.shape<1>) -> tensor<6xui32>
  return %t, %r : tensor<3x2xui32>, tensor<6xui32>
}
