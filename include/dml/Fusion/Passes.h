//===- Passes.h - DML tensor-level fusion passes ----------------*- C++ -*-===//
//
// The graph stage of the pipeline fuses across operators on tensors, after
// the conversion of dml (and TOSA, arith, ...) to linalg and before
// bufferization.
//
//===----------------------------------------------------------------------===//

#ifndef DML_FUSION_PASSES_H
#define DML_FUSION_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace affine {
class AffineDialect;
}
namespace arith {
class ArithDialect;
}
namespace linalg {
class LinalgDialect;
}
namespace scf {
class SCFDialect;
}
namespace tensor {
class TensorDialect;
}
} // namespace mlir

namespace mlir::dml {

#define GEN_PASS_DECL
#include "dml/Fusion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "dml/Fusion/Passes.h.inc"

} // namespace mlir::dml

#endif // DML_FUSION_PASSES_H
