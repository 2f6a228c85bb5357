//===- ReduceToLinalg.cpp - dml.reduce lowering ---------------------------===//
//
// Every function is one window reduction with a plain combiner (so that it
// vectorizes) plus elementwise pre- and post-operations:
//   SUM, MULTIPLY, MAX, MIN: the combiner alone;
//   L1 = SUM(|x|), SUM_SQUARE = SUM(x*x), L2 = sqrt(SUM_SQUARE),
//   AVERAGE = SUM / n, LOG_SUM = ln(SUM),
//   LOG_SUM_EXP = m + ln(SUM(exp(x - m))) with m = MAX (the max shift).
// Accumulation: FLOAT16 in f32; FLOAT32 in f32, except AVERAGE, L2 and
// LOG_SUM in f64 so that a finite result never comes from an overflowed sum.
// Integers accumulate in their own type and wrap around.
//
//===----------------------------------------------------------------------===//

#include "ArgReduce.h"
#include "dml/Conversion/DMLToLinalg/DMLToLinalg.h"
#include "dml/Dialect/DML/IR/DMLOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::dml;

namespace {

/// The element type reductions of `function` accumulate in.
Type getAccumulatorType(OpBuilder &b, ReduceFunction function,
                        Type elementType) {
  if (!isa<FloatType>(elementType))
    return elementType;
  bool needsHeadroom = function == ReduceFunction::Average ||
                       function == ReduceFunction::L2 ||
                       function == ReduceFunction::LogSum;
  if (elementType.isF32() && needsHeadroom)
    return b.getF64Type();
  if (elementType.isF16())
    return b.getF32Type();
  return elementType;
}

TypedAttr getZero(OpBuilder &b, Type type) {
  if (isa<FloatType>(type))
    return b.getFloatAttr(type, 0.0);
  return b.getIntegerAttr(type, 0);
}

TypedAttr getInit(OpBuilder &b, ReduceFunction function, Type type,
                  NumericKind kind) {
  unsigned width = type.getIntOrFloatBitWidth();
  switch (function) {
  case ReduceFunction::Multiply:
    return isa<FloatType>(type) ? TypedAttr(b.getFloatAttr(type, 1.0))
                                : TypedAttr(b.getIntegerAttr(type, 1));
  case ReduceFunction::Max:
  case ReduceFunction::LogSumExp:
    if (auto floatType = dyn_cast<FloatType>(type))
      return b.getFloatAttr(
          type, APFloat::getInf(floatType.getFloatSemantics(), true));
    return b.getIntegerAttr(type, kind == NumericKind::Signed
                                      ? APInt::getSignedMinValue(width)
                                      : APInt::getMinValue(width));
  case ReduceFunction::Min:
    // minnumf ignores the NaN seed unless the whole window is NaN.
    if (auto floatType = dyn_cast<FloatType>(type))
      return b.getFloatAttr(type,
                            APFloat::getNaN(floatType.getFloatSemantics()));
    return b.getIntegerAttr(type, kind == NumericKind::Signed
                                      ? APInt::getSignedMaxValue(width)
                                      : APInt::getMaxValue(width));
  default:
    return getZero(b, type);
  }
}

Value extendTo(OpBuilder &b, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  return arith::ExtFOp::create(b, loc, type, value);
}

Value createAdd(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  if (isa<FloatType>(lhs.getType()))
    return arith::AddFOp::create(b, loc, lhs, rhs);
  return arith::AddIOp::create(b, loc, lhs, rhs);
}

Value createMul(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  if (isa<FloatType>(lhs.getType()))
    return arith::MulFOp::create(b, loc, lhs, rhs);
  return arith::MulIOp::create(b, loc, lhs, rhs);
}

/// acc (+) pre(x) for the sum-like and extreme functions.
Value combine(OpBuilder &b, Location loc, ReduceFunction function,
              NumericKind kind, Value x, Value acc) {
  bool isFloat = kind == NumericKind::Float;
  switch (function) {
  case ReduceFunction::Sum:
  case ReduceFunction::Average:
  case ReduceFunction::LogSum:
    return createAdd(b, loc, acc, x);
  case ReduceFunction::Multiply:
    return createMul(b, loc, acc, x);
  case ReduceFunction::L1: {
    Value magnitude = x;
    if (isFloat)
      magnitude = math::AbsFOp::create(b, loc, x);
    else if (kind == NumericKind::Signed)
      magnitude = math::AbsIOp::create(b, loc, x); // |INT_MIN| wraps.
    return createAdd(b, loc, acc, magnitude);
  }
  case ReduceFunction::SumSquare:
  case ReduceFunction::L2:
    return createAdd(b, loc, acc, createMul(b, loc, x, x));
  case ReduceFunction::Max:
    if (isFloat)
      return arith::MaximumFOp::create(b, loc, acc, x);
    if (kind == NumericKind::Signed)
      return arith::MaxSIOp::create(b, loc, acc, x);
    return arith::MaxUIOp::create(b, loc, acc, x);
  case ReduceFunction::Min:
    if (isFloat)
      return arith::MinNumFOp::create(b, loc, acc, x);
    if (kind == NumericKind::Signed)
      return arith::MinSIOp::create(b, loc, acc, x);
    return arith::MinUIOp::create(b, loc, acc, x);
  default:
    llvm_unreachable("not a single-combiner function");
  }
}

struct ReduceOpLowering : public OpConversionPattern<ReduceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<KindAndResultType> types = getKindAndResultType(
        *getTypeConverter(), op.getInput(), op.getOutput());
    if (failed(types))
      return rewriter.notifyMatchFailure(op, "unsupported element type");
    NumericKind kind = types->kind;
    RankedTensorType resultType = types->resultType;

    ReduceFunction function = op.getFunction();
    ArrayRef<int32_t> axes = op.getAxes();
    Value input = adaptor.getInput();
    if (op.isIndexReduction()) {
      Value result =
          buildArgReduction(rewriter, loc, input, kind, axes,
                            /*isMax=*/function == ReduceFunction::ArgMax,
                            /*preferLast=*/false, resultType);
      rewriter.replaceOp(op, result);
      return success();
    }

    bool floatOnly = function == ReduceFunction::Average ||
                     function == ReduceFunction::L2 ||
                     function == ReduceFunction::LogSum ||
                     function == ReduceFunction::LogSumExp;
    if (floatOnly && kind != NumericKind::Float)
      return rewriter.notifyMatchFailure(op, "function needs a float type");

    Type elementType = resultType.getElementType();
    Type accType = getAccumulatorType(rewriter, function, elementType);
    Value reduced;
    if (function == ReduceFunction::LogSumExp) {
      Value maximum = buildWindowReduction(
          rewriter, loc, input, axes,
          getInit(rewriter, function, accType, kind), {},
          [&](OpBuilder &b, Location l, Value x, ValueRange, Value acc) {
            return arith::MaximumFOp::create(b, l, acc,
                                             extendTo(b, l, x, accType));
          });
      Value sumExp = buildWindowReduction(
          rewriter, loc, input, axes, getZero(rewriter, accType), maximum,
          [&](OpBuilder &b, Location l, Value x, ValueRange kept, Value acc) {
            Value shifted = arith::SubFOp::create(
                b, l, extendTo(b, l, x, accType), kept.front());
            return arith::AddFOp::create(b, l, acc,
                                         math::ExpOp::create(b, l, shifted));
          });
      reduced = buildElementwise(
          rewriter, loc, ValueRange{maximum, sumExp}, accType,
          [&](OpBuilder &b, Location l, ValueRange args) {
            Value m = args[0];
            Value logSum = arith::AddFOp::create(
                b, l, m, math::LogOp::create(b, l, args[1]));
            // An infinite maximum is the result itself (x - m would be NaN).
            Value magnitude = math::AbsFOp::create(b, l, m);
            Value infinity = arith::ConstantOp::create(
                b, l,
                b.getFloatAttr(
                    accType,
                    APFloat::getInf(
                        cast<FloatType>(accType).getFloatSemantics())));
            Value isInf = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OEQ,
                                                magnitude, infinity);
            return arith::SelectOp::create(b, l, isInf, m, logSum);
          });
    } else {
      reduced = buildWindowReduction(
          rewriter, loc, input, axes,
          getInit(rewriter, function, accType, kind), {},
          [&](OpBuilder &b, Location l, Value x, ValueRange, Value acc) {
            Value element =
                kind == NumericKind::Float ? extendTo(b, l, x, accType) : x;
            return combine(b, l, function, kind, element, acc);
          });
    }

    int64_t windowSize = 1;
    for (int32_t axis : axes)
      windowSize *= op.getInput().getType().getDimSize(axis);
    bool needsPost =
        function == ReduceFunction::Average || function == ReduceFunction::L2 ||
        function == ReduceFunction::LogSum || accType != elementType;
    if (needsPost) {
      reduced = buildElementwise(
          rewriter, loc, reduced, elementType,
          [&](OpBuilder &b, Location l, ValueRange args) {
            Value value = args.front();
            if (function == ReduceFunction::Average)
              value = arith::DivFOp::create(
                  b, l, value,
                  arith::ConstantOp::create(
                      b, l, b.getFloatAttr(accType, double(windowSize))));
            else if (function == ReduceFunction::L2)
              value = math::SqrtOp::create(b, l, value);
            else if (function == ReduceFunction::LogSum)
              value = math::LogOp::create(b, l, value);
            if (value.getType() != elementType)
              value = arith::TruncFOp::create(b, l, elementType, value);
            return value;
          });
    }
    rewriter.replaceOp(
        op, expandReducedDims(rewriter, loc, reduced, resultType, axes));
    return success();
  }
};
} // namespace

void mlir::dml::populateReduceToLinalgPatterns(const TypeConverter &converter,
                                               RewritePatternSet &patterns) {
  patterns.add<ReduceOpLowering>(converter, patterns.getContext());
}
