//===- ArgReduceToLinalg.cpp - dml.arg_max / dml.arg_min lowering ---------===//
//
// NaN equals NaN and is greater than every number, so argmax finds NaNs
// first and argmin only when the whole window is NaN. Two forms:
//
// * the innermost dimension is reduced: two reductions, each with a plain
//   combiner so that each keeps independent vector lanes: first the extreme
//   value m of every window, then the smallest (first) or largest (last)
//   flat index whose element equals m;
// * the innermost dimension is kept: one pass with two outputs (best value,
//   its flat index), updated in iteration order, which is row-major over the
//   reduced axes: the first extreme wins with a strict comparison, the last
//   with a non-strict one. The lanes of a vector are distinct windows, so
//   this needs no combiner and reads the input once.
//
//===----------------------------------------------------------------------===//

#include "ArgReduce.h"
#include "dml/Conversion/DMLToLinalg/DMLToLinalg.h"
#include "dml/Dialect/DML/IR/DMLOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;
using namespace mlir::dml;

/// Neutral element of the extreme-value reduction.
static TypedAttr getExtremeInit(OpBuilder &b, Type type, NumericKind kind,
                                bool isMax) {
  if (kind == NumericKind::Float) {
    auto floatType = cast<FloatType>(type);
    // argmin seeds with NaN: minnumf ignores it unless the window is all NaN.
    APFloat init = isMax ? APFloat::getInf(floatType.getFloatSemantics(),
                                           /*Negative=*/true)
                         : APFloat::getNaN(floatType.getFloatSemantics());
    return b.getFloatAttr(type, init);
  }
  unsigned width = type.getIntOrFloatBitWidth();
  APInt init;
  if (kind == NumericKind::Signed)
    init = isMax ? APInt::getSignedMinValue(width)
                 : APInt::getSignedMaxValue(width);
  else
    init = isMax ? APInt::getMinValue(width) : APInt::getMaxValue(width);
  return b.getIntegerAttr(type, init);
}

static Value combineExtreme(OpBuilder &b, Location loc, NumericKind kind,
                            bool isMax, Value lhs, Value rhs) {
  switch (kind) {
  case NumericKind::Float:
    // maximumf propagates NaN (NaN is the greatest); minnumf skips it.
    return isMax ? arith::MaximumFOp::create(b, loc, lhs, rhs).getResult()
                 : arith::MinNumFOp::create(b, loc, lhs, rhs).getResult();
  case NumericKind::Signed:
    return isMax ? arith::MaxSIOp::create(b, loc, lhs, rhs).getResult()
                 : arith::MinSIOp::create(b, loc, lhs, rhs).getResult();
  case NumericKind::Unsigned:
    return isMax ? arith::MaxUIOp::create(b, loc, lhs, rhs).getResult()
                 : arith::MinUIOp::create(b, loc, lhs, rhs).getResult();
  }
  llvm_unreachable("unknown numeric kind");
}

/// element == extreme in the total order (NaN == NaN).
static Value createMatchesExtreme(OpBuilder &b, Location loc, NumericKind kind,
                                  Value element, Value extreme) {
  if (kind != NumericKind::Float)
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, element,
                                 extreme);
  Value equal = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ,
                                      element, extreme);
  Value elementIsNaN = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO,
                                             element, element);
  Value extremeIsNaN = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO,
                                             extreme, extreme);
  Value bothNaN = arith::AndIOp::create(b, loc, elementIsNaN, extremeIsNaN);
  return arith::OrIOp::create(b, loc, equal, bothNaN);
}

/// The flat index of the current window element: row-major over the
/// ascending reduced axes, computed from linalg.index.
static Value buildFlatIndex(OpBuilder &b, Location loc,
                            RankedTensorType inputType,
                            ArrayRef<int32_t> axes) {
  SmallVector<int32_t> sortedAxes(axes);
  llvm::sort(sortedAxes);
  Type i64 = b.getI64Type();
  Value flat = arith::ConstantIntOp::create(b, loc, i64, 0);
  int64_t stride = 1;
  for (int32_t axis : llvm::reverse(sortedAxes)) {
    Value position = arith::IndexCastOp::create(
        b, loc, i64, linalg::IndexOp::create(b, loc, axis));
    Value scaled = arith::MulIOp::create(
        b, loc, position, arith::ConstantIntOp::create(b, loc, i64, stride));
    flat = arith::AddIOp::create(b, loc, flat, scaled);
    stride *= inputType.getDimSize(axis);
  }
  return flat;
}

/// One pass, outputs (best value, flat index); windows are visited in
/// row-major order, so a strict comparison keeps the first extreme and a
/// non-strict one the last.
static Value buildSinglePassArgReduction(OpBuilder &b, Location loc,
                                         Value input, NumericKind kind,
                                         ArrayRef<int32_t> axes, bool isMax,
                                         bool preferLast) {
  auto inputType = cast<RankedTensorType>(input.getType());
  Type elementType = inputType.getElementType();
  int64_t rank = inputType.getRank();
  SmallVector<int64_t> keptShape = getKeptShape(inputType.getShape(), axes);
  // The best starts at the far end of the order: argmax at -inf (or the
  // minimum integer), argmin at NaN, the greatest value of the total order
  // (or the maximum integer); the index starts at the first element.
  TypedAttr bestInit =
      kind == NumericKind::Float && !isMax
          ? TypedAttr(b.getFloatAttr(
                elementType,
                APFloat::getNaN(
                    cast<FloatType>(elementType).getFloatSemantics())))
          : getExtremeInit(b, elementType, kind, isMax);
  Value best = createFilledTensor(b, loc, keptShape, bestInit);
  Value index = createFilledTensor(b, loc, keptShape, b.getI64IntegerAttr(0));

  MLIRContext *context = b.getContext();
  SmallVector<AffineExpr> keptExprs;
  for (int64_t d : getKeptDims(rank, axes))
    keptExprs.push_back(getAffineDimExpr(d, context));
  AffineMap keptMap = AffineMap::get(rank, 0, keptExprs, context);
  SmallVector<AffineMap> maps = {
      AffineMap::getMultiDimIdentityMap(rank, context), keptMap, keptMap};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  for (int32_t axis : axes)
    iterators[axis] = utils::IteratorType::reduction;
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{best.getType(), index.getType()}, input,
      ValueRange{best, index}, maps, iterators,
      [&](OpBuilder &nb, Location nl, ValueRange args) {
        Value element = args[0], current = args[1], currentIndex = args[2];
        // Strict: element beats current. Non-strict: current does not beat
        // element.
        Value replaces =
            preferLast
                ? arith::XOrIOp::create(
                      nb, nl,
                      isMax ? createTotalOrderGreater(nb, nl, kind, current,
                                                      element)
                            : createTotalOrderLess(nb, nl, kind, current,
                                                   element),
                      arith::ConstantIntOp::create(nb, nl, nb.getI1Type(), 1))
                      .getResult()
            : isMax ? createTotalOrderGreater(nb, nl, kind, element, current)
                    : createTotalOrderLess(nb, nl, kind, element, current);
        Value flat = buildFlatIndex(nb, nl, inputType, axes);
        Value newBest =
            arith::SelectOp::create(nb, nl, replaces, element, current);
        Value newIndex =
            arith::SelectOp::create(nb, nl, replaces, flat, currentIndex);
        linalg::YieldOp::create(nb, nl, ValueRange{newBest, newIndex});
      });
  return generic.getResult(1);
}

Value mlir::dml::buildArgReduction(OpBuilder &b, Location loc, Value input,
                                   NumericKind kind, ArrayRef<int32_t> axes,
                                   bool isMax, bool preferLast,
                                   RankedTensorType resultType) {
  auto inputType = cast<RankedTensorType>(input.getType());
  Type elementType = inputType.getElementType();
  Type i64 = b.getI64Type();
  Type indexType = resultType.getElementType();
  auto finish = [&](Value flatIndex) {
    if (indexType != i64)
      flatIndex =
          buildElementwise(b, loc, flatIndex, indexType,
                           [&](OpBuilder &nb, Location nl, ValueRange args) {
                             return castI64To(nb, nl, args.front(), indexType);
                           });
    return expandReducedDims(b, loc, flatIndex, resultType, axes);
  };
  if (!llvm::is_contained(axes, inputType.getRank() - 1))
    return finish(buildSinglePassArgReduction(b, loc, input, kind, axes, isMax,
                                              preferLast));

  Value extreme = buildWindowReduction(
      b, loc, input, axes, getExtremeInit(b, elementType, kind, isMax),
      /*keptInputs=*/{},
      [&](OpBuilder &nb, Location nl, Value element, ValueRange, Value acc) {
        return combineExtreme(nb, nl, kind, isMax, element, acc);
      });

  int64_t sentinel = preferLast ? -1 : std::numeric_limits<int64_t>::max();
  Value flatIndex = buildWindowReduction(
      b, loc, input, axes, b.getI64IntegerAttr(sentinel), extreme,
      [&](OpBuilder &nb, Location nl, Value element, ValueRange kept,
          Value acc) {
        Value flat = buildFlatIndex(nb, nl, inputType, axes);
        Value matches =
            createMatchesExtreme(nb, nl, kind, element, kept.front());
        Value candidate = arith::SelectOp::create(
            nb, nl, matches, flat,
            arith::ConstantIntOp::create(nb, nl, i64, sentinel));
        return preferLast
                   ? arith::MaxSIOp::create(nb, nl, candidate, acc).getResult()
                   : arith::MinSIOp::create(nb, nl, candidate, acc).getResult();
      });

  return finish(flatIndex);
}

namespace {
template <typename OpTy, bool isMax>
struct ArgReduceOpLowering : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpConversionPattern<OpTy>::OpAdaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<KindAndResultType> types = getKindAndResultType(
        *this->getTypeConverter(), op.getInput(), op.getOutput());
    if (failed(types))
      return rewriter.notifyMatchFailure(op, "unsupported element type");
    Value result = buildArgReduction(
        rewriter, op.getLoc(), adaptor.getInput(), types->kind, op.getAxes(),
        isMax, op.getDirection() == AxisDirection::Decreasing,
        types->resultType);
    rewriter.replaceOp(op, result);
    return success();
  }
};
} // namespace

void mlir::dml::populateArgReduceToLinalgPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ArgReduceOpLowering<ArgMaxOp, true>,
               ArgReduceOpLowering<ArgMinOp, false>>(converter,
                                                     patterns.getContext());
}
