//===- Passes.h - DML transform passes --------------------------*- C++ -*-===//

#ifndef DML_TRANSFORMS_PASSES_H
#define DML_TRANSFORMS_PASSES_H

#include "dml/Support/DialectDeclarations.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::dml {

#define GEN_PASS_DECL
#include "dml/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "dml/Transforms/Passes.h.inc"

} // namespace mlir::dml

#endif // DML_TRANSFORMS_PASSES_H
