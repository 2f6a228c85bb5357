// Each stage of dml-cpu-pipeline, and the whole pipeline, on one function
// holding every op family.
// RUN: dml-opt %s --dml-to-linalg | FileCheck %s --check-prefix=LINALG
// RUN: dml-opt %s --dml-to-linalg --dml-vectorize-stage | FileCheck %s --check-prefix=VECTOR
// RUN: dml-opt %s --dml-to-linalg --dml-vectorize-stage --dml-bufferize | FileCheck %s --check-prefix=BUFFER
// RUN: dml-opt %s --dml-cpu-pipeline | FileCheck %s --check-prefix=LLVM
// RUN: dml-opt %s --dml-cpu-pipeline | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR

// LINALG-LABEL: func.func @main
// LINALG-NOT: dml.
// LINALG: linalg.generic
// LINALG: scf.for

// Reductions over the innermost axis, arg reductions, gather rows, one-hot
// and the elementwise post-ops all become vector code.
// VECTOR-LABEL: func.func @main
// VECTOR-DAG: vector.transfer_read
// VECTOR-DAG: vector.transfer_write
// VECTOR-DAG: vector.multi_reduction <maximumf>
// VECTOR-DAG: vector.multi_reduction <minsi>
// VECTOR-DAG: arith.select %{{.*}} : vector<8xi1>, vector<8xf32>
// VECTOR-DAG: math.exp %{{.*}} : vector<8xf32>

// Results become caller-provided out-params.
// BUFFER-LABEL: func.func @main
// BUFFER-SAME: (%{{.*}}: memref<4x16xf32>, %{{.*}}: memref<1x8xi32>, %{{.*}}: memref<1x1x3x1xi32>, %{{.*}}: memref<1x1x1x2xf32>, %{{.*}}: memref<4x1xf32>, %{{.*}}: memref<4x1xi32>, %{{.*}}: memref<8x16xf32>, %{{.*}}: memref<1x1x3x16xf32>, %{{.*}}: memref<4x2xf32>, %{{.*}}: memref<4x2xi32>)
// BUFFER-NOT: tensor.

// LLVM: llvm.func @main(
// LLVM: llvm.func @_mlir_ciface_main(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr)
// LLVM-SAME: llvm.emit_c_interface

// IR-DAG: define void @_mlir_ciface_main(ptr
// IR-DAG: define void @main(ptr
func.func @main(%x: tensor<4x16xf32>, %j: tensor<1x8xui32>, %oj: tensor<1x1x3x1xi32>, %w: tensor<1x1x1x2xf32>)
    -> (tensor<4x1xf32>, tensor<4x1xui32>, tensor<8x16xf32>, tensor<1x1x3x16xf32>, tensor<4x2xf32>, tensor<4x2xui32>) {
  %lse = dml.reduce %x, function = log_sum_exp, axes = [1] : tensor<4x16xf32> -> tensor<4x1xf32>
  %am = dml.arg_max %x, axes = [1], direction = increasing : tensor<4x16xf32> -> tensor<4x1xui32>
  %g = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<4x16xf32>, tensor<1x8xui32>) -> tensor<8x16xf32>
  %o = dml.one_hot %oj, %w, axis = 3 : (tensor<1x1x3x1xi32>, tensor<1x1x1x2xf32>) -> tensor<1x1x3x16xf32>
  %v, %i = dml.top_k %x, axis = 1, k = 2, direction = decreasing : tensor<4x16xf32> -> tensor<4x2xf32>, tensor<4x2xui32>
  return %lse, %am, %g, %o, %v, %i : tensor<4x1xf32>, tensor<4x1xui32>, tensor<8x16xf32>, tensor<1x1x3x16xf32>, tensor<4x2xf32>, tensor<4x2xui32>
}
