//===- DialectDeclarations.h - Dialects the dml passes load -----*- C++ -*-===//
//
// The pass bases generated from the Passes.td files name the dialects each
// pass loads (`dependentDialects`). Declaring those dialect classes here lets
// every Passes.h include the generated code without the dialects' headers.
//
//===----------------------------------------------------------------------===//

#ifndef DML_SUPPORT_DIALECTDECLARATIONS_H
#define DML_SUPPORT_DIALECTDECLARATIONS_H

namespace mlir {
namespace affine {
class AffineDialect;
} // namespace affine
namespace arith {
class ArithDialect;
} // namespace arith
namespace bufferization {
class BufferizationDialect;
} // namespace bufferization
namespace linalg {
class LinalgDialect;
} // namespace linalg
namespace math {
class MathDialect;
} // namespace math
namespace memref {
class MemRefDialect;
} // namespace memref
namespace omp {
class OpenMPDialect;
} // namespace omp
namespace scf {
class SCFDialect;
} // namespace scf
namespace tensor {
class TensorDialect;
} // namespace tensor
namespace vector {
class VectorDialect;
} // namespace vector
} // namespace mlir

#endif // DML_SUPPORT_DIALECTDECLARATIONS_H
