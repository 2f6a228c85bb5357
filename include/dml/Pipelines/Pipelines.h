//===- Pipelines.h - DML compilation pipelines ------------------*- C++ -*-===//
//
// The CPU pipeline lowers a module of `func.func`s holding dml ops to the LLVM
// dialect. Contract of the result, relied on by the JIT runner and AOT:
//
// * every public function `@f(tensor args...) -> (tensor results...)` becomes
//   `@f(memref args..., memref outs...)` with the results turned into
//   caller-allocated output buffers (identity layout, row-major, packed), and
//   a C wrapper `_mlir_ciface_f(Desc *in0, ..., Desc *out0, ...)` where each
//   Desc is an MLIR memref descriptor
//   `{T *allocated; T *aligned; int64_t offset; int64_t sizes[rank];
//     int64_t strides[rank];}`;
// * unsigned element types are passed as same-width integers.
//
//===----------------------------------------------------------------------===//

#ifndef DML_PIPELINES_PIPELINES_H
#define DML_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::dml {

struct CPUPipelineOptions : public PassPipelineOptions<CPUPipelineOptions> {
  PassOptions::Option<bool> vectorize{
      *this, "vectorize",
      llvm::cl::desc("Tile and vectorize linalg ops through vector"),
      llvm::cl::init(true)};
  PassOptions::Option<int64_t> vectorWidth{
      *this, "vector-width",
      llvm::cl::desc("Lanes of the innermost vector dimension"),
      llvm::cl::init(8)};
  PassOptions::Option<bool> sanitizeAddress{
      *this, "sanitize-address",
      llvm::cl::desc("Mark functions for AddressSanitizer instrumentation"),
      llvm::cl::init(false)};
};

/// Stage 1: dml -> linalg/tensor/arith/math/scf (+ cleanups).
void buildDMLToLinalgPipeline(OpPassManager &pm,
                              const CPUPipelineOptions &options);
/// Stage 2: tile and vectorize linalg ops.
void buildDMLVectorizePipeline(OpPassManager &pm,
                               const CPUPipelineOptions &options);
/// Stage 3: one-shot bufferization, results to out-params, deallocation.
void buildDMLBufferizePipeline(OpPassManager &pm,
                               const CPUPipelineOptions &options);
/// Stage 4: loops, vector and memref to the LLVM dialect.
void buildDMLLowerToLLVMPipeline(OpPassManager &pm,
                                 const CPUPipelineOptions &options);
/// All stages: dml to the LLVM dialect.
void buildDMLCPUPipeline(OpPassManager &pm, const CPUPipelineOptions &options);

/// Registers `dml-cpu-pipeline` and its stages `dml-to-linalg`,
/// `dml-vectorize-stage`, `dml-bufferize`, `dml-lower-to-llvm`.
void registerDMLPipelines();

/// Registers the dml passes and pipelines.
void registerDMLPassesAndPipelines();

} // namespace mlir::dml

#endif // DML_PIPELINES_PIPELINES_H
