//===- Passes.h - DML code-generation passes --------------------*- C++ -*-===//

#ifndef DML_CODEGEN_PASSES_H
#define DML_CODEGEN_PASSES_H

#include "dml/Support/DialectDeclarations.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::dml {

#define GEN_PASS_DECL
#include "dml/Codegen/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "dml/Codegen/Passes.h.inc"

} // namespace mlir::dml

#endif // DML_CODEGEN_PASSES_H
