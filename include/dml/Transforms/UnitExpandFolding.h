//===- UnitExpandFolding.h - read through unit-dim expand_shape -*- C++ -*-===//
//
// A reduction's result is kept as [N, 1] by a tensor.expand_shape and read
// at index 0 of the unit dimension. Reading the expand_shape's source
// through a map without those results is the same read, and leaves the
// reduction itself as the producer, which row-block fusion can follow.
//
//===----------------------------------------------------------------------===//

#ifndef DML_TRANSFORMS_UNITEXPANDFOLDING_H
#define DML_TRANSFORMS_UNITEXPANDFOLDING_H

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineMap.h"
#include <optional>

namespace mlir::dml {

/// The map that reads `expand`'s source where `readMap` reads its result,
/// if `expand` only adds unit dimensions that `readMap` reads at 0.
std::optional<AffineMap> foldUnitExpandIntoMap(tensor::ExpandShapeOp expand,
                                               AffineMap readMap);

} // namespace mlir::dml

#endif // DML_TRANSFORMS_UNITEXPANDFOLDING_H
