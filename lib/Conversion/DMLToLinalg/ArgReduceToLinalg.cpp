//===- ArgReduceToLinalg.cpp - dml.arg_max / dml.arg_min lowering ---------===//
//
// Two reductions, each with a plain combiner so that both vectorize: first
// the extreme value m of every window, then the smallest (first) or largest
// (last) flat index whose element equals m. NaN equals NaN and is greater
// than every number, so argmax finds NaNs first and argmin only when the
// whole window is NaN.
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

Value mlir::dml::buildArgReduction(OpBuilder &b, Location loc, Value input,
                                   NumericKind kind, ArrayRef<int32_t> axes,
                                   bool isMax, bool preferLast,
                                   RankedTensorType resultType) {
  auto inputType = cast<RankedTensorType>(input.getType());
  Type elementType = inputType.getElementType();
  Value extreme = buildWindowReduction(
      b, loc, input, axes, getExtremeInit(b, elementType, kind, isMax),
      /*keptInputs=*/{},
      [&](OpBuilder &nb, Location nl, Value element, ValueRange, Value acc) {
        return combineExtreme(nb, nl, kind, isMax, element, acc);
      });

  // Row-major strides of the window over the ascending reduced axes.
  SmallVector<int32_t> sortedAxes(axes);
  llvm::sort(sortedAxes);
  SmallVector<int64_t> windowStrides(sortedAxes.size());
  int64_t stride = 1;
  for (int64_t j = sortedAxes.size() - 1; j >= 0; --j) {
    windowStrides[j] = stride;
    stride *= inputType.getDimSize(sortedAxes[j]);
  }

  Type i64 = b.getI64Type();
  int64_t sentinel = preferLast ? -1 : std::numeric_limits<int64_t>::max();
  Value flatIndex = buildWindowReduction(
      b, loc, input, axes, b.getI64IntegerAttr(sentinel), extreme,
      [&](OpBuilder &nb, Location nl, Value element, ValueRange kept,
          Value acc) {
        Value flat = arith::ConstantIntOp::create(nb, nl, i64, 0);
        for (auto [axis, axisStride] : llvm::zip(sortedAxes, windowStrides)) {
          Value position = arith::IndexCastOp::create(
              nb, nl, i64, linalg::IndexOp::create(nb, nl, axis));
          Value scaled = arith::MulIOp::create(
              nb, nl, position,
              arith::ConstantIntOp::create(nb, nl, i64, axisStride));
          flat = arith::AddIOp::create(nb, nl, flat, scaled);
        }
        Value matches =
            createMatchesExtreme(nb, nl, kind, element, kept.front());
        Value candidate = arith::SelectOp::create(
            nb, nl, matches, flat,
            arith::ConstantIntOp::create(nb, nl, i64, sentinel));
        return preferLast
                   ? arith::MaxSIOp::create(nb, nl, candidate, acc).getResult()
                   : arith::MinSIOp::create(nb, nl, candidate, acc).getResult();
      });

  Type indexType = resultType.getElementType();
  if (indexType != i64)
    flatIndex = buildElementwise(
        b, loc, flatIndex, indexType,
        [&](OpBuilder &nb, Location nl, ValueRange args) {
          return castI64To(nb, nl, args.front(), indexType);
        });
  return expandReducedDims(b, loc, flatIndex, resultType, axes);
}

namespace {
template <typename OpTy, bool isMax>
struct ArgReduceOpLowering : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpConversionPattern<OpTy>::OpAdaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<NumericKind> kind =
        getNumericKind(op.getInput().getType().getElementType());
    auto resultType = dyn_cast_or_null<RankedTensorType>(
        this->getTypeConverter()->convertType(op.getOutput().getType()));
    if (failed(kind) || !resultType)
      return rewriter.notifyMatchFailure(op, "unsupported element type");
    Value result = buildArgReduction(
        rewriter, op.getLoc(), adaptor.getInput(), *kind, op.getAxes(), isMax,
        op.getDirection() == AxisDirection::Decreasing, resultType);
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
