//===- ArgReduceToLinalg.cpp - dml.arg_max / dml.arg_min lowering ---------===//
//
// NaN equals NaN and is greater than every number, so argmax finds NaNs
// first and argmin only when the whole window is NaN.
//
// One pass with two outputs (best value, its flat index), updated in
// iteration order, which is row-major over the reduced axes: the first
// extreme wins with a strict comparison, the last with a non-strict one.
// The input is read once. Where the innermost dimension is kept, the lanes
// of a vector are distinct windows; where it is reduced, code generation
// keeps a (value, index) pair per lane and merges the lanes by value, ties
// by index (dml-linalg-to-vector-loops, "selection reductions"). Flat
// indices are i32 when the window allows, extended to the result type.
//
//===----------------------------------------------------------------------===//

#include "ArgReduce.h"
#include "dml/Conversion/DMLToLinalg/DMLToLinalg.h"
#include "dml/Dialect/DML/IR/DMLOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;
using namespace mlir::dml;

/// Where the best value starts: the far end of the total order, so that the
/// first element replaces it unless equal (argmax: -inf or the minimum
/// integer; argmin: NaN, the greatest value, or the maximum integer).
static TypedAttr getExtremeInit(OpBuilder &b, Type type, NumericKind kind,
                                bool isMax) {
  if (kind == NumericKind::Float) {
    auto floatType = cast<FloatType>(type);
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

/// The flat index of the current window element: row-major over the
/// ascending reduced axes, computed from linalg.index.
static Value buildFlatIndex(OpBuilder &b, Location loc,
                            RankedTensorType inputType, ArrayRef<int32_t> axes,
                            IntegerType flatType) {
  SmallVector<int32_t> sortedAxes(axes);
  llvm::sort(sortedAxes);
  Value flat = arith::ConstantIntOp::create(b, loc, flatType, 0);
  int64_t stride = 1;
  for (int32_t axis : llvm::reverse(sortedAxes)) {
    Value position = arith::IndexCastOp::create(
        b, loc, flatType, linalg::IndexOp::create(b, loc, axis));
    Value scaled = arith::MulIOp::create(
        b, loc, position,
        arith::ConstantIntOp::create(b, loc, flatType, stride));
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
                                         bool preferLast,
                                         IntegerType flatType) {
  auto inputType = cast<RankedTensorType>(input.getType());
  Type elementType = inputType.getElementType();
  int64_t rank = inputType.getRank();
  SmallVector<int64_t> keptShape = getKeptShape(inputType.getShape(), axes);
  // The index starts at the first element: a window whose elements all equal
  // the initial best keeps it.
  TypedAttr bestInit = getExtremeInit(b, elementType, kind, isMax);
  Value best = createFilledTensor(b, loc, keptShape, bestInit);
  Value index =
      createFilledTensor(b, loc, keptShape, b.getIntegerAttr(flatType, 0));

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
        Value flat = buildFlatIndex(nb, nl, inputType, axes, flatType);
        Value newBest =
            arith::SelectOp::create(nb, nl, replaces, element, current);
        Value newIndex =
            arith::SelectOp::create(nb, nl, replaces, flat, currentIndex);
        linalg::YieldOp::create(nb, nl, ValueRange{newBest, newIndex});
      });
  return generic.getResult(1);
}

/// The type of flat window indices: i32 when every index fits (half the
/// register lanes and state bytes of i64), else i64.
static IntegerType getFlatIndexType(OpBuilder &b, RankedTensorType inputType,
                                    ArrayRef<int32_t> axes) {
  int64_t windowSize = 1;
  for (int32_t axis : axes)
    windowSize *= inputType.getDimSize(axis);
  return windowSize <= std::numeric_limits<int32_t>::max() ? b.getI32Type()
                                                           : b.getI64Type();
}

Value mlir::dml::buildArgReduction(OpBuilder &b, Location loc, Value input,
                                   NumericKind kind, ArrayRef<int32_t> axes,
                                   bool isMax, bool preferLast,
                                   RankedTensorType resultType) {
  auto inputType = cast<RankedTensorType>(input.getType());
  IntegerType flatType = getFlatIndexType(b, inputType, axes);
  Value flatIndex = buildSinglePassArgReduction(b, loc, input, kind, axes,
                                                isMax, preferLast, flatType);
  Type indexType = resultType.getElementType();
  if (indexType != flatType)
    flatIndex = buildElementwise(
        b, loc, flatIndex, indexType,
        [&](OpBuilder &nb, Location nl, ValueRange args) -> Value {
          Value index = args.front();
          // Flat indices are never negative: zero extension is exact.
          if (indexType.getIntOrFloatBitWidth() > flatType.getWidth())
            return arith::ExtUIOp::create(nb, nl, indexType, index);
          return castI64To(nb, nl, index, indexType);
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
