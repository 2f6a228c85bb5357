//===- UnitExpandFolding.cpp - read through unit-dim expand_shape ---------===//

#include "dml/Transforms/UnitExpandFolding.h"

using namespace mlir;

std::optional<AffineMap>
mlir::dml::foldUnitExpandIntoMap(tensor::ExpandShapeOp expand,
                                 AffineMap readMap) {
  ArrayRef<int64_t> shape = expand.getResultType().getShape();
  if (readMap.getNumResults() != shape.size())
    return std::nullopt;
  // Each group keeps its one dimension that is not a unit dimension read at
  // 0 (the group's first when all are): the source index is then that
  // dimension's index, since the others contribute 0.
  // A rank-0 source has no groups: every result dimension is a unit one and
  // must be read at 0 (dropping a read at a loop index would lose the only
  // operand that bounds that loop).
  if (expand.getReassociationIndices().empty())
    for (AffineExpr result : readMap.getResults()) {
      auto constant = dyn_cast<AffineConstantExpr>(result);
      if (!constant || constant.getValue() != 0)
        return std::nullopt;
    }
  SmallVector<AffineExpr> kept;
  for (const ReassociationIndices &group : expand.getReassociationIndices()) {
    SmallVector<int64_t> nonUnit;
    for (int64_t dim : group) {
      auto constant = dyn_cast<AffineConstantExpr>(readMap.getResult(dim));
      if (shape[dim] != 1 || !constant || constant.getValue() != 0)
        nonUnit.push_back(dim);
    }
    if (nonUnit.size() > 1)
      return std::nullopt;
    kept.push_back(
        readMap.getResult(nonUnit.empty() ? group.front() : nonUnit.front()));
  }
  return AffineMap::get(readMap.getNumDims(), 0, kept, expand.getContext());
}
