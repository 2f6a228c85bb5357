//===- CPUPipeline.cpp - dml to LLVM dialect on the CPU -------------------===//

#include "dml/Conversion/Passes.h"
#include "dml/Pipelines/Pipelines.h"
#include "dml/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/ErrorHandling.h"

using namespace mlir;
using namespace mlir::dml;

/// Adds a textual pipeline of upstream passes; the texts are fixed, so a
/// parse failure is a bug of this file.
static void addPipeline(OpPassManager &pm, const Twine &pipeline) {
  if (failed(parsePassPipeline(pipeline.str(), pm, llvm::errs())))
    llvm::report_fatal_error("dml: invalid built-in pass pipeline");
}

void mlir::dml::buildDMLToLinalgPipeline(OpPassManager &pm,
                                         const CPUPipelineOptions &) {
  pm.addPass(createConvertDMLToLinalg());
  // Elementwise arith/math on tensors written around dml ops.
  addPipeline(pm, "func.func(convert-elementwise-to-linalg),canonicalize,cse");
}

void mlir::dml::buildDMLBufferizePipeline(OpPassManager &pm,
                                          const CPUPipelineOptions &) {
  addPipeline(pm, "eliminate-empty-tensors,"
                  "one-shot-bufferize{bufferize-function-boundaries "
                  "function-boundary-type-conversion=identity-layout-map},"
                  "buffer-results-to-out-params{modify-public-functions "
                  "hoist-static-allocs},"
                  "canonicalize,buffer-deallocation-pipeline");
}

void mlir::dml::buildDMLCodegenPipeline(OpPassManager &pm,
                                        const CPUPipelineOptions &options) {
  DMLLinalgToVectorLoopsOptions codegenOptions;
  // One-lane "vectors" leave every loop scalar.
  codegenOptions.vectorBits = options.vectorize ? options.vectorBits : 1;
  codegenOptions.registersPerChunk = options.vectorize ? 4 : 1;
  pm.addNestedPass<func::FuncOp>(createDMLLinalgToVectorLoops(codegenOptions));
  addPipeline(pm, "canonicalize,cse");
}

void mlir::dml::buildDMLLowerToLLVMPipeline(OpPassManager &pm,
                                            const CPUPipelineOptions &options) {
  pm.addPass(createDMLExposeCInterface());
  if (options.threads != 1)
    addPipeline(pm, "convert-scf-to-openmp{num-threads=" +
                        std::to_string(options.threads) +
                        "},canonicalize");
  addPipeline(pm, "convert-linalg-to-loops,"
                  "func.func(lower-vector-multi-reduction,"
                  "convert-vector-to-scf{full-unroll}),"
                  "lower-affine,convert-scf-to-cf,canonicalize,"
                  "convert-vector-to-llvm{reassociate-fp-reductions},"
                  "expand-strided-metadata,lower-affine,"
                  "finalize-memref-to-llvm,convert-math-to-llvm,"
                  "convert-math-to-libm,convert-arith-to-llvm,"
                  "convert-index-to-llvm,convert-ub-to-llvm,"
                  "convert-func-to-llvm,convert-cf-to-llvm,"
                  "convert-openmp-to-llvm,"
                  "reconcile-unrealized-casts,canonicalize");
  if (options.sanitizeAddress)
    pm.addPass(createDMLMarkSanitizeAddress());
}

void mlir::dml::buildDMLCPUPipeline(OpPassManager &pm,
                                    const CPUPipelineOptions &options) {
  buildDMLToLinalgPipeline(pm, options);
  buildDMLBufferizePipeline(pm, options);
  buildDMLCodegenPipeline(pm, options);
  buildDMLLowerToLLVMPipeline(pm, options);
}

void mlir::dml::registerDMLPipelines() {
  PassPipelineRegistration<CPUPipelineOptions>(
      "dml-cpu-pipeline", "Lower dml to the LLVM dialect for the CPU",
      buildDMLCPUPipeline);
  PassPipelineRegistration<CPUPipelineOptions>(
      "dml-to-linalg", "Stage 1 of dml-cpu-pipeline: dml to linalg",
      buildDMLToLinalgPipeline);
  PassPipelineRegistration<CPUPipelineOptions>(
      "dml-bufferize", "Stage 2 of dml-cpu-pipeline: bufferize",
      buildDMLBufferizePipeline);
  PassPipelineRegistration<CPUPipelineOptions>(
      "dml-codegen", "Stage 3 of dml-cpu-pipeline: loops over vectors",
      buildDMLCodegenPipeline);
  PassPipelineRegistration<CPUPipelineOptions>(
      "dml-lower-to-llvm", "Stage 4 of dml-cpu-pipeline: to the LLVM dialect",
      buildDMLLowerToLLVMPipeline);
}

void mlir::dml::registerDMLPassesAndPipelines() {
  registerDMLConversionPasses();
  registerDMLTransformsPasses();
  registerDMLPipelines();
}
