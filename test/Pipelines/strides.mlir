// Inputs with dml.strides are bufferized to memrefs with that static strided
// layout and read in place: no copy of the input, and no call into MLIR's
// runner utilities (memrefCopy) for non-contiguous copies.
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize | FileCheck %s --check-prefix=BUFFER
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen | FileCheck %s --check-prefix=VECTOR
// RUN: dml-opt %s --dml-cpu-pipeline | FileCheck %s --check-prefix=LLVM

// BUFFER-LABEL: func.func @broadcast(
// BUFFER-SAME: %[[X:.*]]: memref<3x64xf32, strided<[0, 1]>>, %{{.*}}: memref<3x1xf32>)
// BUFFER-NOT: dml.strides
// BUFFER-NOT: memref.copy %[[X]]
// BUFFER: linalg.generic {{.*}} ins(%[[X]] : memref<3x64xf32, strided<[0, 1]>>)
// The innermost dimension is contiguous: vector loads through the strides.
// VECTOR-LABEL: func.func @broadcast(
// VECTOR: vector.load %{{.*}} : memref<3x64xf32, strided<[0, 1]>>, vector<{{[0-9]+}}xf32>
func.func @broadcast(%x: tensor<3x64xf32> {dml.strides = array<i64: 0, 1>}) -> tensor<3x1xf32> {
  %y = dml.reduce %x, function = sum, axes = [1] : tensor<3x64xf32> -> tensor<3x1xf32>
  return %y : tensor<3x1xf32>
}

// BUFFER-LABEL: func.func @transposed(
// BUFFER-SAME: %[[X:[a-z0-9]+]]: memref<3x4xf32, strided<[1, 3]>>, %[[V:[a-z0-9]+]]: memref<3x2xf32>, %[[I:[a-z0-9]+]]: memref<3x2xi32>)
// The selection reads the strided input in place and writes the outputs.
// BUFFER-NEXT: dml.select_top_k ins(%[[X]] : memref<3x4xf32, strided<[1, 3]>>) outs(%[[V]], %[[I]] : memref<3x2xf32>, memref<3x2xi32>)
// BUFFER-NEXT: return
// The axis is not contiguous: elements are read one by one.
// VECTOR-LABEL: func.func @transposed(
// VECTOR-NOT: vector.maskedload
// VECTOR: memref.load %{{.*}} : memref<3x4xf32, strided<[1, 3]>>
// VECTOR-NOT: vector.maskedload
// VECTOR: return
func.func @transposed(%x: tensor<3x4xf32> {dml.strides = array<i64: 1, 3>}) -> (tensor<3x2xf32>, tensor<3x2xui32>) {
  %v, %i = dml.top_k %x, axis = 1, k = 2, direction = decreasing : tensor<3x4xf32> -> tensor<3x2xf32>, tensor<3x2xui32>
  return %v, %i : tensor<3x2xf32>, tensor<3x2xui32>
}

// Returning a strided input copies it into the packed output with a loop
// nest, not memref.copy.
// BUFFER-LABEL: func.func @identity(
// BUFFER-SAME: %[[X:.*]]: memref<3x4xf32, strided<[1, 3]>>, %[[Y:.*]]: memref<3x4xf32>)
// BUFFER-NOT: memref.copy
// BUFFER: linalg.generic {{.*}} ins(%[[X]] : memref<3x4xf32, strided<[1, 3]>>) outs(%[[Y]] : memref<3x4xf32>)
func.func @identity(%x: tensor<3x4xf32> {dml.strides = array<i64: 1, 3>}) -> tensor<3x4xf32> {
  return %x : tensor<3x4xf32>
}

// LLVM-NOT: memrefCopy
// LLVM-LABEL: llvm.func @broadcast(
// LLVM-NOT: memrefCopy
