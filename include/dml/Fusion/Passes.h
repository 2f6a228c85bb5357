//===- Passes.h - DML tensor-level fusion passes ----------------*- C++ -*-===//
//
// The graph stage of the pipeline fuses across operators on tensors, after
// the conversion of dml (and TOSA, arith, ...) to linalg and before
// bufferization.
//
//===----------------------------------------------------------------------===//

#ifndef DML_FUSION_PASSES_H
#define DML_FUSION_PASSES_H

#include "dml/Support/DialectDeclarations.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::dml {

#define GEN_PASS_DECL
#include "dml/Fusion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "dml/Fusion/Passes.h.inc"

} // namespace mlir::dml

#endif // DML_FUSION_PASSES_H
