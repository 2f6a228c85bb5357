//===- ReductionIdentity.h - neutral elements of combining kinds -*- C++
//-*-===//
//
// The neutral element of a vector::CombiningKind, shared by the codegen
// pass and the top_k lowering (header-only: the two live in different
// libraries). MINNUMF's is NaN, not +Inf, so that a reduction of only NaNs
// stays NaN (DML-MLIR's MIN policy, docs/numerics.md).
//
//===----------------------------------------------------------------------===//

#ifndef DML_TRANSFORMS_REDUCTIONIDENTITY_H
#define DML_TRANSFORMS_REDUCTIONIDENTITY_H

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"

namespace mlir::dml {

/// The neutral element of `kind` for `type`, or null for kinds without one
/// here (AND, OR, XOR).
inline TypedAttr getReductionIdentity(Builder &b, vector::CombiningKind kind,
                                      Type type) {
  using Kind = vector::CombiningKind;
  if (auto floatType = dyn_cast<FloatType>(type)) {
    const llvm::fltSemantics &semantics = floatType.getFloatSemantics();
    switch (kind) {
    case Kind::ADD:
      return b.getFloatAttr(type, APFloat::getZero(semantics, true));
    case Kind::MUL:
      return b.getFloatAttr(type, 1.0);
    case Kind::MAXIMUMF:
    case Kind::MAXNUMF:
      return b.getFloatAttr(type, APFloat::getInf(semantics, true));
    case Kind::MINIMUMF:
      return b.getFloatAttr(type, APFloat::getInf(semantics, false));
    case Kind::MINNUMF:
      return b.getFloatAttr(type, APFloat::getNaN(semantics));
    default:
      return {};
    }
  }
  unsigned width = type.getIntOrFloatBitWidth();
  switch (kind) {
  case Kind::ADD:
    return b.getIntegerAttr(type, 0);
  case Kind::MUL:
    return b.getIntegerAttr(type, 1);
  case Kind::MAXSI:
    return b.getIntegerAttr(type, APInt::getSignedMinValue(width));
  case Kind::MINSI:
    return b.getIntegerAttr(type, APInt::getSignedMaxValue(width));
  case Kind::MAXUI:
    return b.getIntegerAttr(type, APInt::getMinValue(width));
  case Kind::MINUI:
    return b.getIntegerAttr(type, APInt::getMaxValue(width));
  default:
    return {};
  }
}

} // namespace mlir::dml

#endif // DML_TRANSFORMS_REDUCTIONIDENTITY_H
