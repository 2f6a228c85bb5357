//===- Passes.h - DML transform passes --------------------------*- C++ -*-===//

#ifndef DML_TRANSFORMS_PASSES_H
#define DML_TRANSFORMS_PASSES_H

#include "dml/Support/DialectDeclarations.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::dml {

/// An i64 attribute on an `scf.parallel` that overrides
/// dml-parallel-to-openmp's `claims-per-thread` for that loop
/// (dml-linalg-to-vector-loops sets it on long rows' loops). Not a dml
/// dialect attribute: it lives from codegen to the OpenMP lowering only.
constexpr llvm::StringLiteral kClaimsPerThreadAttrName =
    "dml_claims_per_thread";

#define GEN_PASS_DECL
#include "dml/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "dml/Transforms/Passes.h.inc"

} // namespace mlir::dml

#endif // DML_TRANSFORMS_PASSES_H
