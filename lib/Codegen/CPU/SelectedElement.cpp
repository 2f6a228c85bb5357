//===- SelectedElement.cpp - reads of dml.select_top_k elements -----------===//

#include "SelectedElement.h"
#include "dml/Transforms/BodyCloner.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::dml;

SelectedElement::SelectedElement(SelectTopKOp op)
    : op(op), elementType(op.getSelectedElementType()), axis(op.getAxis()) {
  int64_t rank = cast<MemRefType>(op.getValues().getType()).getRank();
  axisContiguous = axis == rank - 1;
  for (auto [index, input] : llvm::enumerate(op.getInputs())) {
    AffineMap map = op.getInputMap(index);
    if (!map.isFunctionOfDim(axis))
      continue;
    // Only the last index may follow the axis, with unit stride.
    AffineExpr last = map.getResults().back();
    auto lastDim = dyn_cast<AffineDimExpr>(last);
    bool onlyLast = llvm::count_if(map.getResults(), [&](AffineExpr expr) {
                      return expr.isFunctionOfDim(axis);
                    }) == 1;
    axisContiguous &=
        lastDim && lastDim.getPosition() == static_cast<unsigned>(axis) &&
        onlyLast && cast<MemRefType>(input.getType()).isLastDimUnitStride();
  }
  carrier = findCarrier();
}

std::optional<unsigned> SelectedElement::findCarrier() const {
  if (!op.hasPrologue())
    return std::nullopt;
  std::optional<unsigned> varying;
  for (unsigned index = 0, e = op.getInputs().size(); index < e; ++index) {
    if (!op.getInputMap(index).isFunctionOfDim(axis))
      continue;
    if (varying)
      return std::nullopt;
    varying = index;
  }
  if (!varying)
    return std::nullopt;
  Type carrierType =
      cast<MemRefType>(op.getInputs()[*varying].getType()).getElementType();
  if (!isa<FloatType>(carrierType))
    return isa<IntegerType>(carrierType) ? varying : std::nullopt;
  // Float ops whose result for a NaN operand does not depend on its payload
  // (no bitcasts, no conversions to integers, no compares).
  bool payloadFree = llvm::all_of(
      op.getPrologue().front().without_terminator(), [](Operation &nested) {
        if (auto constant = dyn_cast<arith::ConstantOp>(nested))
          return isa<FloatType>(constant.getType());
        return isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::DivFOp,
                   arith::NegFOp, arith::MaximumFOp, arith::MinimumFOp,
                   arith::MaxNumFOp, arith::MinNumFOp, math::ExpOp,
                   math::Exp2Op, math::LogOp, math::Log2Op, math::TanhOp,
                   math::AbsFOp, math::SqrtOp>(nested);
      });
  return payloadFree ? varying : std::nullopt;
}

Value SelectedElement::loadCarrierChunk(OpBuilder &b, Location loc,
                                        ValueRange coords,
                                        int64_t width) const {
  Value input = op.getInputs()[*carrier];
  SmallVector<Value> indices;
  for (AffineExpr expr : op.getInputMap(*carrier).getResults()) {
    if (auto dim = dyn_cast<AffineDimExpr>(expr))
      indices.push_back(coords[dim.getPosition()]);
    else
      indices.push_back(arith::ConstantIndexOp::create(
          b, loc, cast<AffineConstantExpr>(expr).getValue()));
  }
  VectorType chunkType = VectorType::get(
      {width}, cast<MemRefType>(input.getType()).getElementType());
  return vector::LoadOp::create(b, loc, chunkType, input, indices);
}

Value SelectedElement::evaluateWithCarrier(OpBuilder &b, Location loc,
                                           ValueRange coords, int64_t width,
                                           Value carrierChunk) const {
  return evaluate(b, loc, coords, width, /*mask=*/{}, carrierChunk);
}

LogicalResult SelectedElement::verifyLowerable() {
  if (!op.hasPrologue())
    return success();
  for (Operation &nested : op.getPrologue().front().without_terminator())
    if (nested.getNumRegions() != 0 ||
        !isa<arith::ArithDialect, math::MathDialect>(nested.getDialect()))
      return op.emitOpError()
             << "prologue op '" << nested.getName()
             << "' cannot be lowered: only arith and math ops are supported";
  return success();
}

Value SelectedElement::load(OpBuilder &b, Location loc,
                            ValueRange coords) const {
  return evaluate(b, loc, coords, /*width=*/1, /*mask=*/{});
}

Value SelectedElement::loadChunk(OpBuilder &b, Location loc, ValueRange coords,
                                 int64_t width, Value mask) const {
  return evaluate(b, loc, coords, width, mask);
}

Value SelectedElement::evaluate(OpBuilder &b, Location loc, ValueRange coords,
                                int64_t width, Value mask,
                                Value carrierChunk) const {
  SmallVector<Value> args;
  for (auto [index, input] : llvm::enumerate(op.getInputs())) {
    if (carrierChunk && carrier && index == *carrier) {
      args.push_back(carrierChunk);
      continue;
    }
    AffineMap map = op.getInputMap(index);
    SmallVector<Value> indices;
    for (AffineExpr expr : map.getResults()) {
      if (auto dim = dyn_cast<AffineDimExpr>(expr))
        indices.push_back(coords[dim.getPosition()]);
      else
        indices.push_back(arith::ConstantIndexOp::create(
            b, loc, cast<AffineConstantExpr>(expr).getValue()));
    }
    Type inputElement = cast<MemRefType>(input.getType()).getElementType();
    if (width == 1 || !map.isFunctionOfDim(axis)) {
      args.push_back(memref::LoadOp::create(b, loc, input, indices));
      continue;
    }
    VectorType chunkType = VectorType::get({width}, inputElement);
    if (mask)
      args.push_back(vector::MaskedLoadOp::create(
          b, loc, chunkType, input, indices, mask,
          arith::ConstantOp::create(b, loc, b.getZeroAttr(chunkType))));
    else
      args.push_back(vector::LoadOp::create(b, loc, chunkType, input, indices));
  }
  if (!op.hasPrologue())
    return args.front();
  Point point;
  point.ivs.assign(coords.begin(), coords.end());
  point.vectorDim = axis;
  point.width = width;
  BodyCloner cloner(b, loc, point);
  // verifyLowerable admitted only ops that clone at every point.
  FailureOr<SmallVector<Value>> results =
      cloner.clone(op.getPrologue().front(), args);
  Value element = (*results).front();
  return width > 1 ? cloner.broadcastIfNeeded(element) : element;
}
