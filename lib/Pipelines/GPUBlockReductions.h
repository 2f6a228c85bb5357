//===- GPUBlockReductions.h - block-wide GPU reductions ---------*- C++ -*-===//
//
// dml-gpu-block-reductions: a bufferized linalg reduction becomes one
// gpu.launch in which a block of threads reduces each output (rows) or each
// group of 32 outputs (columns), accumulating in registers and combining
// through shared memory.
//
//===----------------------------------------------------------------------===//

#ifndef DML_LIB_PIPELINES_GPUBLOCKREDUCTIONS_H
#define DML_LIB_PIPELINES_GPUBLOCKREDUCTIONS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Pass/Pass.h"

namespace mlir::dml {
/// Marks a math.exp whose accuracy needs are those of log_sum_exp's sum
/// (arguments <= 0, terms added to at least 1): dml-gpu-approximate-math
/// may lower it to the hardware's ex2.approx instead of a polynomial.
constexpr llvm::StringLiteral kSumOfExpAttr = "dml_gpu_sum_of_exp";

/// Whether dml-gpu-block-reductions lowers `op` (on tensors or on memrefs):
/// the split of dml-gpu-shape-reductions leaves such ops alone.
bool isGPUBlockReduction(linalg::GenericOp op);
std::unique_ptr<Pass> createDMLGPUBlockReductionsPass();
void registerDMLGPUBlockReductionsPass();
} // namespace mlir::dml

#endif // DML_LIB_PIPELINES_GPUBLOCKREDUCTIONS_H
