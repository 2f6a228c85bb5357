// Each stage of dml-cpu-pipeline, and the whole pipeline, on one function
// holding every op family.
// RUN: dml-opt %s --dml-to-linalg | FileCheck %s --check-prefix=LINALG
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize | FileCheck %s --check-prefix=BUFFER
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen | FileCheck %s --check-prefix=VECTOR
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen=vector-bits=256 | FileCheck %s --check-prefix=AVX2
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen=fast-exp=false | FileCheck %s --check-prefix=MLIREXP
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen=x86-scalef=true | FileCheck %s --check-prefix=SCALEF
// RUN: dml-opt %s --dml-cpu-pipeline | FileCheck %s --check-prefix=LLVM
// RUN: dml-opt %s --dml-cpu-pipeline | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR

// dml ops become linalg, except top_k, which becomes its structured form
// (lowered after bufferization).
// LINALG-LABEL: func.func @main
// LINALG-NOT: dml.{{(top_k|arg_max|arg_min|reduce|gather|one_hot) }}
// LINALG: linalg.generic
// LINALG: dml.select_top_k ins(%{{.*}} : tensor<4x16xf32>)

// Reductions over the innermost axis keep W lanes and reduce them once
// (vector.reduction); arg reductions keep a (value, index) pair per lane,
// merged by halves (the earlier index first); gather rows, one-hot and the
// elementwise post-ops all become vector code; exp becomes a polynomial
// (fma) instead of one libm call per lane. The 16-wide f32 ops are
// 4 x 512-bit lane groups of the 4x16 input clamped to its size.
// VECTOR-LABEL: func.func @main
// VECTOR-NOT: linalg.
// VECTOR-NOT: math.exp
// VECTOR-DAG: vector.load %{{.*}} : memref<4x16xf32>, vector<16xf32>
// VECTOR-DAG: vector.store %{{.*}} : memref<8x16xf32>, vector<16xf32>
// VECTOR-DAG: arith.cmpi ugt, %{{.*}}, %{{.*}} : vector<8xi32>
// VECTOR-DAG: vector.reduction <add>
// VECTOR-DAG: arith.select %{{.*}} : vector<16xi1>, vector<16xf32>
// VECTOR-DAG: math.fma %{{.*}} : vector<{{8|16}}xf32>
// VECTOR-DAG: vector.step : vector<16xindex>

// f32 exp is the project's expansion (dml-approximate-math): with 512-bit
// vectors (AVX-512) scaled by llvm.ldexp (vscalefps), with 256-bit vectors
// by integer exponent arithmetic; fast-exp=false keeps MLIR's expansion.
// VECTOR-DAG: llvm.call_intrinsic "llvm.ldexp"(%{{.*}}, %{{.*}}) : (vector<16xf32>, vector<16xi32>) -> vector<16xf32>
// x86-scalef (set by the JIT and dml-compile for AVX-512F targets): the
// float exponent goes to vscalefps; no llvm.ldexp on vectors.
// SCALEF-LABEL: func.func @main
// SCALEF-NOT: llvm.call_intrinsic "llvm.ldexp"({{.*}}vector
// SCALEF: llvm.call_intrinsic "llvm.x86.avx512.mask.scalef.ps.512"
// AVX2-LABEL: func.func @main
// AVX2-NOT: math.exp
// AVX2-NOT: llvm.call_intrinsic
// AVX2: arith.constant dense<0x4B400000> : vector<8xf32>
// AVX2: arith.shrsi %{{.*}} : vector<8xi32>
// MLIREXP-LABEL: func.func @main
// MLIREXP-NOT: math.exp
// MLIREXP-NOT: llvm.call_intrinsic "llvm.{{ldexp|x86}}
// MLIREXP-NOT: 0x4B400000
// MLIREXP: return

// Results become caller-provided out-params.
// BUFFER-LABEL: func.func @main
// BUFFER-SAME: (%{{.*}}: memref<4x16xf32>, %{{.*}}: memref<1x8xi32>, %{{.*}}: memref<1x1x3x1xi32>, %{{.*}}: memref<1x1x1x2xf32>, %{{.*}}: memref<4x1xf32>, %{{.*}}: memref<4x1xi32>, %{{.*}}: memref<8x16xf32>, %{{.*}}: memref<1x1x3x16xf32>, %{{.*}}: memref<4x2xf32>, %{{.*}}: memref<4x2xi32>)
// BUFFER-NOT: tensor.

// The intermediates (arg_max's and top_k's scratch) live in the workspace,
// the last argument: no malloc or free.
// LLVM: llvm.func @main(
// LLVM-SAME: dml.workspace_bytes = [[BYTES:[0-9]+]]
// LLVM-NOT: llvm.call @malloc
// LLVM-NOT: llvm.call @free
// LLVM: llvm.func @_mlir_ciface_main(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr)
// LLVM-SAME: dml.workspace_bytes = [[BYTES]]
// LLVM-SAME: llvm.emit_c_interface
// LLVM-NOT: @malloc

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
