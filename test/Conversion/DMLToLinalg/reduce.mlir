// RUN: dml-opt %s --convert-dml-to-linalg --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @sum_f32
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%{{.*}} : tensor<3xf32>)
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = ["reduction", "parallel"]} ins(%{{.*}} : tensor<3x3xf32>) outs(%[[INIT]] : tensor<3xf32>)
// CHECK: ^bb0(%[[IN:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK: %[[S:.*]] = arith.addf %[[ACC]], %[[IN]] : f32
// CHECK: linalg.yield %[[S]]
// CHECK: tensor.expand_shape %[[R]] {{\[\[}}0, 1]] output_shape [1, 3] : tensor<3xf32> into tensor<1x3xf32>
func.func @sum_f32(%x: tensor<3x3xf32>) -> tensor<1x3xf32> {
  %r = dml.reduce %x, function = sum, axes = [0] : tensor<3x3xf32> -> tensor<1x3xf32>
  return %r : tensor<1x3xf32>
}

// -----

// f16 accumulates in f32 and rounds once; L2 is sqrt of the sum of squares.
// CHECK-LABEL: func.func @l2_f16
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction", "reduction"]{{.*}} outs(%{{.*}} : tensor<2xf32>)
// CHECK: %[[E:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK: %[[SQ:.*]] = arith.mulf %[[E]], %[[E]] : f32
// CHECK: arith.addf %{{.*}}, %[[SQ]] : f32
// CHECK: linalg.generic
// CHECK: %[[ROOT:.*]] = math.sqrt %{{.*}} : f32
// CHECK: arith.truncf %[[ROOT]] : f32 to f16
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1, 2]] output_shape [2, 1, 1]
func.func @l2_f16(%x: tensor<2x3x4xf16>) -> tensor<2x1x1xf16> {
  %r = dml.reduce %x, function = l2, axes = [2, 1] : tensor<2x3x4xf16> -> tensor<2x1x1xf16>
  return %r : tensor<2x1x1xf16>
}

// -----

// AVERAGE of f32 accumulates in f64 (no overflow of the intermediate sum)
// and divides by the window size, 2 * 4 = 8.
// CHECK-LABEL: func.func @average_f32
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction", "parallel", "reduction"]{{.*}} outs(%{{.*}} : tensor<3xf64>)
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK: arith.constant 8.000000e+00 : f64
// CHECK: arith.divf
// CHECK: arith.truncf %{{.*}} : f64 to f32
func.func @average_f32(%x: tensor<2x3x4xf32>) -> tensor<1x3x1xf32> {
  %r = dml.reduce %x, function = average, axes = [0, 2] : tensor<2x3x4xf32> -> tensor<1x3x1xf32>
  return %r : tensor<1x3x1xf32>
}

// -----

// LOG_SUM_EXP: max (seeded -inf), then sum of exp(x - max), then
// max + log(sum), except where the max is infinite.
// CHECK-LABEL: func.func @log_sum_exp
// CHECK: arith.constant 0xFF800000 : f32
// CHECK: %[[M:.*]] = linalg.generic
// CHECK: arith.maximumf
// CHECK: %[[S:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %[[M]] : tensor<4x5xf32>, tensor<4xf32>)
// CHECK: ^bb0(%[[X:.*]]: f32, %[[MAX:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK: %[[D:.*]] = arith.subf %[[X]], %[[MAX]] : f32
// CHECK: %[[EXP:.*]] = math.exp %[[D]] : f32
// CHECK: arith.addf %[[ACC]], %[[EXP]] : f32
// CHECK: linalg.generic {{.*}} ins(%[[M]], %[[S]] : tensor<4xf32>, tensor<4xf32>)
// CHECK: ^bb0(%[[M2:.*]]: f32, %[[S2:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[LOG:.*]] = math.log %[[S2]] : f32
// CHECK: %[[SUM:.*]] = arith.addf %[[M2]], %[[LOG]] : f32
// CHECK: %[[ABS:.*]] = math.absf %[[M2]] : f32
// CHECK: %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK: %[[ISINF:.*]] = arith.cmpf oeq, %[[ABS]], %[[INF]] : f32
// CHECK: arith.select %[[ISINF]], %[[M2]], %[[SUM]] : f32
func.func @log_sum_exp(%x: tensor<4x5xf32>) -> tensor<4x1xf32> {
  %r = dml.reduce %x, function = log_sum_exp, axes = [1] : tensor<4x5xf32> -> tensor<4x1xf32>
  return %r : tensor<4x1xf32>
}

// -----

// MIN of floats is minnumf seeded with NaN (NaN is ignored unless the whole
// window is NaN); MAX is maximumf seeded with -inf (NaN propagates).
// CHECK-LABEL: func.func @min_max_f32
// CHECK: arith.constant 0x7FC00000 : f32
// CHECK: arith.minnumf
// CHECK: arith.constant 0xFF800000 : f32
// CHECK: arith.maximumf
func.func @min_max_f32(%x: tensor<4x5xf32>) -> (tensor<4x1xf32>, tensor<4x1xf32>) {
  %a = dml.reduce %x, function = min, axes = [1] : tensor<4x5xf32> -> tensor<4x1xf32>
  %b = dml.reduce %x, function = max, axes = [1] : tensor<4x5xf32> -> tensor<4x1xf32>
  return %a, %b : tensor<4x1xf32>, tensor<4x1xf32>
}

// -----

// Integers accumulate in their own (wrapping) type; L1 of a signed type
// uses absi, of an unsigned type the value itself; MIN/MAX pick the
// comparison from the DirectML signedness.
// CHECK-LABEL: func.func @integers
// CHECK: math.absi %{{.*}} : i32
// CHECK: arith.addi
// CHECK-NOT: math.absi
// CHECK: arith.muli
// CHECK: arith.constant -1 : i32
// CHECK: arith.minui
// CHECK: arith.constant -2147483648 : i32
// CHECK: arith.maxsi
func.func @integers(%x: tensor<4x5xi32>, %u: tensor<4x5xui32>) -> (tensor<4x1xi32>, tensor<4x1xui32>, tensor<4x1xui32>, tensor<4x1xi32>) {
  %a = dml.reduce %x, function = l1, axes = [1] : tensor<4x5xi32> -> tensor<4x1xi32>
  %b = dml.reduce %u, function = multiply, axes = [1] : tensor<4x5xui32> -> tensor<4x1xui32>
  %c = dml.reduce %u, function = min, axes = [1] : tensor<4x5xui32> -> tensor<4x1xui32>
  %d = dml.reduce %x, function = max, axes = [1] : tensor<4x5xi32> -> tensor<4x1xi32>
  return %a, %b, %c, %d : tensor<4x1xi32>, tensor<4x1xui32>, tensor<4x1xui32>, tensor<4x1xi32>
}

// -----

// ARGMAX/ARGMIN reuse the arg_max lowering with the first-index rule (here
// the single-pass form: the innermost dimension is kept).
// CHECK-LABEL: func.func @reduce_argmin
// CHECK: arith.constant 0x7FC00000 : f32
// CHECK: linalg.generic {{.*}} outs(%{{.*}}, %{{.*}} : tensor<3xf32>, tensor<3xi32>)
// CHECK: arith.cmpf ugt, %out, %in : f32
// CHECK-NOT: arith.trunci
func.func @reduce_argmin(%x: tensor<3x3xf32>) -> tensor<1x3xui32> {
  %r = dml.reduce %x, function = argmin, axes = [0] : tensor<3x3xf32> -> tensor<1x3xui32>
  return %r : tensor<1x3xui32>
}

// -----

// All remaining functions lower without dml ops left.
// CHECK-LABEL: func.func @remaining
// CHECK-NOT: dml.
// CHECK: return
func.func @remaining(%x: tensor<2x3xf32>) -> (tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<1x1xi64>) {
  %a = dml.reduce %x, function = log_sum, axes = [1] : tensor<2x3xf32> -> tensor<2x1xf32>
  %b = dml.reduce %x, function = sum_square, axes = [1] : tensor<2x3xf32> -> tensor<2x1xf32>
  %c = dml.reduce %x, function = l1, axes = [1] : tensor<2x3xf32> -> tensor<2x1xf32>
  %d = dml.reduce %x, function = argmax, axes = [0, 1] : tensor<2x3xf32> -> tensor<1x1xi64>
  return %a, %b, %c, %d : tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<1x1xi64>
}
