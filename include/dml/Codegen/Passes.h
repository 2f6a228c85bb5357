//===- Passes.h - DML code-generation passes --------------------*- C++ -*-===//

#ifndef DML_CODEGEN_PASSES_H
#define DML_CODEGEN_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace arith {
class ArithDialect;
}
namespace math {
class MathDialect;
}
namespace memref {
class MemRefDialect;
}
namespace scf {
class SCFDialect;
}
namespace vector {
class VectorDialect;
}
} // namespace mlir

namespace mlir::dml {

#define GEN_PASS_DECL
#include "dml/Codegen/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "dml/Codegen/Passes.h.inc"

} // namespace mlir::dml

#endif // DML_CODEGEN_PASSES_H
