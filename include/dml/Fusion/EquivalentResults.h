//===- EquivalentResults.h - Drop results a generic computes twice --------===//
//
// Sibling fusion can merge two reductions that compute the same value but
// are not identical ops for CSE, e.g. the same reduction from two front ends
// whose bodies differ only in the operand order of a commutative combiner
// (`arith.addf %out, %in` and `arith.addf %in, %out`).
//
//===----------------------------------------------------------------------===//

#ifndef DML_FUSION_EQUIVALENTRESULTS_H
#define DML_FUSION_EQUIVALENTRESULTS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::dml {

/// Finds pairs of results of `op` (tensor semantics) that start from the same
/// init value through the same indexing map and whose yielded values are the
/// same computation (operands of commutative ops in either order, the two
/// results' own block arguments taken as equal). Every such result is
/// replaced by the first of its kind, which is exact: by induction over the
/// iterations both hold the same value. The duplicates' outputs are then
/// dropped. Returns the rewritten op, or failure if there was nothing to do.
FailureOr<linalg::GenericOp> dropEquivalentResults(RewriterBase &rewriter,
                                                   linalg::GenericOp op);

} // namespace mlir::dml

#endif // DML_FUSION_EQUIVALENTRESULTS_H
