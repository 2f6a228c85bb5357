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
  findMonotoneChain();
}

void SelectedElement::findMonotoneChain() {
  if (!carrier)
    return;
  Block &body = op.getPrologue().front();
  Value current = body.getArgument(*carrier);
  if (!current.getType().isF32())
    return;
  SmallVector<Operation *> chain;
  // Values computed from the carrier: the chain's, and nothing else.
  llvm::DenseSet<Value> derived = {current};
  for (Operation &nested : body.without_terminator()) {
    unsigned derivedOperands =
        llvm::count_if(nested.getOperands(), [&](Value operand) {
          return derived.contains(operand);
        });
    if (derivedOperands == 0)
      continue;
    // Every op reading a carrier value extends the one chain, reading its
    // last value once, its other operand (if any) invariant.
    if (derivedOperands != 1 ||
        !llvm::is_contained(nested.getOperands(), current) ||
        nested.getNumResults() != 1 || !nested.getResult(0).getType().isF32())
      return;
    // Fast-math flags other than contraction (fma of x * c + d keeps it
    // monotone) let LLVM assume away infinities or reorder.
    if (auto fastMath = dyn_cast<arith::ArithFastMathInterface>(nested))
      if ((fastMath.getFastMathFlagsAttr().getValue() &
           ~arith::FastMathFlags::contract) != arith::FastMathFlags::none)
        return;
    bool monotone = false;
    if (isa<math::ExpOp>(nested))
      monotone = true;
    else if (isa<arith::AddFOp, arith::MulFOp>(nested))
      monotone = true;
    else if (isa<arith::SubFOp, arith::DivFOp>(nested))
      // x - c and x / c only: c - x and c / x decrease.
      monotone = nested.getOperand(0) == current;
    if (!monotone)
      return;
    chain.push_back(&nested);
    current = nested.getResult(0);
    derived.insert(current);
  }
  if (chain.empty() || body.getTerminator()->getOperand(0) != current)
    return;
  monotoneChain = std::move(chain);
}

Value SelectedElement::emitMonotoneGuard(OpBuilder &b, Location loc) const {
  Value holds = arith::ConstantIntOp::create(b, loc, 1, 1);
  Value current = op.getPrologue().front().getArgument(*carrier);
  Type f32 = b.getF32Type();
  Value infinity = arith::ConstantOp::create(
      b, loc, b.getFloatAttr(f32, APFloat::getInf(APFloat::IEEEsingle())));
  Value zero = arith::ConstantOp::create(b, loc, b.getFloatAttr(f32, 0.0));
  for (Operation *link : monotoneChain) {
    if (!isa<math::ExpOp>(link)) {
      Value operand = link->getOperand(0) == current ? link->getOperand(1)
                                                     : link->getOperand(0);
      Value c = hoisted.lookupOrNull(operand);
      if (!c)
        return arith::ConstantIntOp::create(b, loc, 0, 1);
      // Ordered and not infinite: finite.
      Value check =
          arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ONE,
                                math::AbsFOp::create(b, loc, c), infinity);
      if (isa<arith::MulFOp, arith::DivFOp>(link))
        check = arith::AndIOp::create(
            b, loc, check,
            arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, c, zero));
      holds = arith::AndIOp::create(b, loc, holds, check);
    }
    current = link->getResult(0);
  }
  return holds;
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
  // The ops computing from the carrier must give a NaN operand a result
  // that does not depend on its payload (float arithmetic; no bitcasts,
  // conversions or compares).
  Block &body = op.getPrologue().front();
  llvm::DenseSet<Value> fromCarrier = {body.getArgument(*varying)};
  for (Operation &nested : body.without_terminator()) {
    if (llvm::none_of(nested.getOperands(), [&](Value operand) {
          return fromCarrier.contains(operand);
        }))
      continue;
    if (!isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::DivFOp,
             arith::NegFOp, arith::MaximumFOp, arith::MinimumFOp,
             arith::MaxNumFOp, arith::MinNumFOp, math::ExpOp, math::Exp2Op,
             math::LogOp, math::Log2Op, math::TanhOp, math::AbsFOp,
             math::SqrtOp>(nested))
      return std::nullopt;
    fromCarrier.insert(nested.result_begin(), nested.result_end());
  }
  return varying;
}

Type SelectedElement::getCarrierType() const {
  if (!carrier)
    return {};
  return cast<MemRefType>(op.getInputs()[*carrier].getType()).getElementType();
}

bool SelectedElement::isVarying(unsigned index) const {
  return op.getInputMap(index).isFunctionOfDim(axis);
}

SmallVector<Value> SelectedElement::getIndices(OpBuilder &b, Location loc,
                                               unsigned index,
                                               ValueRange coords) const {
  SmallVector<Value> indices;
  for (AffineExpr expr : op.getInputMap(index).getResults()) {
    if (auto dim = dyn_cast<AffineDimExpr>(expr))
      indices.push_back(coords[dim.getPosition()]);
    else
      indices.push_back(arith::ConstantIndexOp::create(
          b, loc, cast<AffineConstantExpr>(expr).getValue()));
  }
  return indices;
}

void SelectedElement::hoistInvariants(OpBuilder &b, Location loc,
                                      ValueRange coords) const {
  hoisted.clear();
  if (!op.hasPrologue())
    return;
  Block &body = op.getPrologue().front();
  llvm::DenseSet<Value> varying;
  Point point;
  point.ivs.assign(coords.begin(), coords.end());
  BodyCloner cloner(b, loc, point);
  for (auto [index, input] : llvm::enumerate(op.getInputs())) {
    BlockArgument arg = body.getArgument(index);
    if (isVarying(index)) {
      varying.insert(arg);
      continue;
    }
    Value loaded = memref::LoadOp::create(b, loc, input,
                                          getIndices(b, loc, index, coords));
    hoisted.map(arg, loaded);
    cloner.bind(arg, loaded);
  }
  SmallVector<Operation *> invariant;
  for (Operation &nested : body.without_terminator()) {
    if (llvm::any_of(nested.getOperands(), [&](Value operand) {
          return varying.contains(operand);
        })) {
      varying.insert(nested.result_begin(), nested.result_end());
      continue;
    }
    invariant.push_back(&nested);
  }
  // verifyLowerable admitted only ops that clone at every point.
  (void)cloner.cloneOps(invariant);
  for (Operation *nested : invariant)
    for (Value result : nested->getResults())
      hoisted.map(result, cloner.getMapping().lookup(result));
}

Value SelectedElement::loadCarrierChunk(OpBuilder &b, Location loc,
                                        ValueRange coords, int64_t width,
                                        Value mask) const {
  Value input = op.getInputs()[*carrier];
  SmallVector<Value> indices;
  for (AffineExpr expr : op.getInputMap(*carrier).getResults()) {
    if (auto dim = dyn_cast<AffineDimExpr>(expr))
      indices.push_back(coords[dim.getPosition()]);
    else
      indices.push_back(arith::ConstantIndexOp::create(
          b, loc, cast<AffineConstantExpr>(expr).getValue()));
  }
  Type elementType = cast<MemRefType>(input.getType()).getElementType();
  VectorType chunkType = VectorType::get({width}, elementType);
  if (!mask)
    return vector::LoadOp::create(b, loc, chunkType, input, indices);
  TypedAttr lowest;
  if (auto floatType = dyn_cast<FloatType>(elementType))
    lowest = b.getFloatAttr(
        floatType, APFloat::getInf(floatType.getFloatSemantics(), true));
  else
    lowest = b.getIntegerAttr(
        elementType,
        APInt::getSignedMinValue(elementType.getIntOrFloatBitWidth()));
  return vector::MaskedLoadOp::create(
      b, loc, chunkType, input, indices, mask,
      arith::ConstantOp::create(b, loc,
                                DenseElementsAttr::get(chunkType, lowest)));
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

void SelectedElement::prefetch(OpBuilder &b, Location loc,
                               ValueRange coords) const {
  for (auto [index, input] : llvm::enumerate(op.getInputs()))
    if (isVarying(index))
      memref::PrefetchOp::create(b, loc, input,
                                 getIndices(b, loc, index, coords),
                                 /*isWrite=*/false, /*localityHint=*/3,
                                 /*isDataCache=*/true);
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
    if (op.hasPrologue() &&
        hoisted.contains(op.getPrologue().front().getArgument(index))) {
      args.push_back(
          hoisted.lookup(op.getPrologue().front().getArgument(index)));
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
  BodyCloner cloner(b, loc, point, &hoisted);
  // verifyLowerable admitted only ops that clone at every point.
  FailureOr<SmallVector<Value>> results =
      cloner.clone(op.getPrologue().front(), args);
  Value element = (*results).front();
  return width > 1 ? cloner.broadcastIfNeeded(element) : element;
}
