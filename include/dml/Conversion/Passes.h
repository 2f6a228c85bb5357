//===- Passes.h - DML conversion passes -------------------------*- C++ -*-===//

#ifndef DML_CONVERSION_PASSES_H
#define DML_CONVERSION_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::dml {

#define GEN_PASS_DECL
#include "dml/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "dml/Conversion/Passes.h.inc"

} // namespace mlir::dml

#endif // DML_CONVERSION_PASSES_H
