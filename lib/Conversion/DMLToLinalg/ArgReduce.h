//===- ArgReduce.h - Index-of-extreme lowering ------------------*- C++ -*-===//

#ifndef DML_LIB_CONVERSION_DMLTOLINALG_ARGREDUCE_H
#define DML_LIB_CONVERSION_DMLTOLINALG_ARGREDUCE_H

#include "LoweringUtils.h"

namespace mlir::dml {

/// Lowers an arg-max/arg-min over `axes` of the signless tensor `input`:
/// the flat index (row-major over the ascending reduced axes) of the first
/// (`preferLast` false) or last extreme element, in DML-MLIR's total order.
/// `resultType` is the signless, rank-kept result type.
Value buildArgReduction(OpBuilder &b, Location loc, Value input,
                        NumericKind kind, ArrayRef<int32_t> axes, bool isMax,
                        bool preferLast, RankedTensorType resultType);

} // namespace mlir::dml

#endif // DML_LIB_CONVERSION_DMLTOLINALG_ARGREDUCE_H
