//===- Passes.h - DML transform passes --------------------------*- C++ -*-===//

#ifndef DML_TRANSFORMS_PASSES_H
#define DML_TRANSFORMS_PASSES_H

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
namespace omp {
class OpenMPDialect;
}
namespace scf {
class SCFDialect;
}
namespace tensor {
class TensorDialect;
}
namespace vector {
class VectorDialect;
}
} // namespace mlir

namespace mlir::dml {

#define GEN_PASS_DECL
#include "dml/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "dml/Transforms/Passes.h.inc"

} // namespace mlir::dml

#endif // DML_TRANSFORMS_PASSES_H
