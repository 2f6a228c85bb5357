// RUN: dml-opt %s --dml-reshaped-results-in-place --split-input-file | FileCheck %s

// A reduction's result returned with its kept axis: the alloc becomes a
// collapsed view of the out-param and the copy is gone.
// CHECK-LABEL: func.func @kept_axis
// CHECK-SAME: (%[[IN:.*]]: memref<4x8xf32>, %[[OUT:.*]]: memref<4x1xf32>)
// CHECK-NOT: memref.alloc
// CHECK: %[[VIEW:.*]] = memref.collapse_shape %[[OUT]] {{\[\[}}0, 1]] : memref<4x1xf32> into memref<4xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[VIEW]] : memref<4xf32>)
// CHECK: linalg.reduce ins(%[[IN]] : memref<4x8xf32>) outs(%[[VIEW]] : memref<4xf32>)
// CHECK-NOT: memref.copy
// CHECK: return
func.func @kept_axis(%in: memref<4x8xf32>, %out: memref<4x1xf32>) {
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%zero : f32) outs(%a : memref<4xf32>)
  linalg.reduce ins(%in : memref<4x8xf32>) outs(%a : memref<4xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  %e = memref.expand_shape %a [[0, 1]] output_shape [4, 1] : memref<4xf32> into memref<4x1xf32>
  memref.copy %e, %out : memref<4x1xf32> to memref<4x1xf32>
  return
}

// -----

// A chain of reshapes (collapse, then expand) is inverted link by link.
// CHECK-LABEL: func.func @chain
// CHECK-SAME: (%[[OUT:.*]]: memref<2x1x6xf32>)
// CHECK: %[[C:.*]] = memref.collapse_shape %[[OUT]] {{\[\[}}0, 1], [2]] : memref<2x1x6xf32> into memref<2x6xf32>
// CHECK: %[[E:.*]] = memref.expand_shape %[[C]] {{\[\[}}0], [1, 2]] output_shape [2, 2, 3] : memref<2x6xf32> into memref<2x2x3xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : memref<2x2x3xf32>)
// CHECK-NOT: memref.copy
func.func @chain(%out: memref<2x1x6xf32>) {
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<2x2x3xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<2x2x3xf32>)
  %c = memref.collapse_shape %a [[0], [1, 2]] : memref<2x2x3xf32> into memref<2x6xf32>
  %e = memref.expand_shape %c [[0, 1], [2]] output_shape [2, 1, 6] : memref<2x6xf32> into memref<2x1x6xf32>
  memref.copy %e, %out : memref<2x1x6xf32> to memref<2x1x6xf32>
  return
}

// -----

// Left alone: the out-param has another use, the alloc is used after the
// copy, a view of the alloc has another use, or the copy has no reshape.
// CHECK-LABEL: func.func @out_read_too
// CHECK: memref.alloc
// CHECK: memref.copy
// CHECK-LABEL: func.func @used_after_copy
// CHECK: memref.alloc
// CHECK: memref.copy
// CHECK-LABEL: func.func @view_used_twice
// CHECK: memref.alloc
// CHECK: memref.copy
// CHECK-LABEL: func.func @no_reshape
// CHECK: memref.alloc
// CHECK: memref.copy
func.func @out_read_too(%out: memref<4x1xf32>, %other: memref<4x1xf32>) {
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  memref.copy %out, %other : memref<4x1xf32> to memref<4x1xf32>
  %e = memref.expand_shape %a [[0, 1]] output_shape [4, 1] : memref<4xf32> into memref<4x1xf32>
  memref.copy %e, %out : memref<4x1xf32> to memref<4x1xf32>
  return
}
func.func @used_after_copy(%out: memref<4x1xf32>, %other: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  %e = memref.expand_shape %a [[0, 1]] output_shape [4, 1] : memref<4xf32> into memref<4x1xf32>
  memref.copy %e, %out : memref<4x1xf32> to memref<4x1xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  memref.copy %a, %other : memref<4xf32> to memref<4xf32>
  return
}
func.func @view_used_twice(%out: memref<4x1xf32>, %other: memref<4x1xf32>) {
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  %e = memref.expand_shape %a [[0, 1]] output_shape [4, 1] : memref<4xf32> into memref<4x1xf32>
  memref.copy %e, %out : memref<4x1xf32> to memref<4x1xf32>
  memref.copy %e, %other : memref<4x1xf32> to memref<4x1xf32>
  return
}
func.func @no_reshape(%out: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  memref.copy %a, %out : memref<4xf32> to memref<4xf32>
  return
}
