// With threads other than 1, the outer parallel loops of large ops run on
// OpenMP; small ops (below the parallel threshold) and threads=1 stay
// sequential.
// RUN: dml-opt %s --dml-cpu-pipeline="threads=2" | FileCheck %s --check-prefix=OMP
// RUN: dml-opt %s --dml-cpu-pipeline="threads=2" | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: dml-opt %s --dml-cpu-pipeline | FileCheck %s --check-prefix=SEQ
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen | FileCheck %s --check-prefix=LOOPS

// Rows of the large reduction are distributed (four at a time); the small
// one is not.
// LOOPS-LABEL: func.func @large
// LOOPS: scf.parallel (%{{.*}}) = (%{{.*}}) to (%c128) step
// LOOPS: scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// LOOPS-LABEL: func.func @small
// LOOPS-NOT: scf.parallel
// LOOPS: return

// The threads claim blocks of rows from a counter themselves: no
// worksharing loop, whose libomp entry point allocates on every call
// (dml-parallel-to-openmp).
// OMP-LABEL: llvm.func @large
// OMP: llvm.alloca {{.*}} x i64
// OMP: omp.parallel num_threads(%{{.*}} : i32)
// OMP: llvm.call @omp_get_num_threads()
// OMP: llvm.atomicrmw add
// OMP-NOT: omp.wsloop
// OMP: omp.terminator
// OMP-LABEL: llvm.func @small
// OMP-NOT: omp.parallel
// OMP: llvm.return

// IR: call void {{.*}}@__kmpc_fork_call(
// IR-NOT: __kmpc_for_static_init

// SEQ-NOT: omp.
func.func @large(%x: tensor<512x1024xf32>) -> tensor<512x1xf32> {
  %r = dml.reduce %x, function = sum, axes = [1] : tensor<512x1024xf32> -> tensor<512x1xf32>
  return %r : tensor<512x1xf32>
}

func.func @small(%x: tensor<4x16xf32>) -> tensor<4x1xf32> {
  %r = dml.reduce %x, function = sum, axes = [1] : tensor<4x16xf32> -> tensor<4x1xf32>
  return %r : tensor<4x1xf32>
}
