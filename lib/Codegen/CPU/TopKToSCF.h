//===- TopKToSCF.h - dml.select_top_k to CPU loops --------------*- C++ -*-===//

#ifndef DML_LIB_CODEGEN_CPU_TOPKTOSCF_H
#define DML_LIB_CODEGEN_CPU_TOPKTOSCF_H

#include "dml/Dialect/DML/IR/DMLOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::dml {

/// Replaces the bufferized `op` by loops writing its destinations; fails,
/// with a diagnostic, when its prologue cannot be evaluated.
/// `nativeCompress`: the target has a compress-store instruction;
/// `candidateChunks`: a carrier pass before the selection may list its
/// candidate chunks (dml/Transforms/CandidateChunks.h).
LogicalResult lowerSelectTopK(RewriterBase &rewriter, SelectTopKOp op,
                              bool nativeCompress = true,
                              bool candidateChunks = true);

} // namespace mlir::dml

#endif // DML_LIB_CODEGEN_CPU_TOPKTOSCF_H
