//===- OneHotToLinalg.cpp - dml.one_hot lowering --------------------------===//
//
// One elementwise linalg.generic over the output: the index tensor is read
// through a map that pins `axis` to 0, and
//   output[o] = (0 <= i < L && o[axis] == i) ? on : off
// with i normalized (i + L) for negative signed indices. An out-of-range
// index never matches, which gives DirectML's all-off sequence.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"
#include "dml/Conversion/DMLToLinalg/DMLToLinalg.h"
#include "dml/Dialect/DML/IR/DMLOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::dml;

namespace {
struct OneHotOpLowering : public OpConversionPattern<OneHotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(OneHotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<KindAndResultType> types = getKindAndResultType(
        *getTypeConverter(), op.getIndices(), op.getOutput());
    if (failed(types))
      return rewriter.notifyMatchFailure(op, "unsupported element type");
    NumericKind indexKind = types->kind;
    RankedTensorType resultType = types->resultType;

    int64_t rank = resultType.getRank();
    int64_t axis = op.getAxis();
    int64_t depth = resultType.getDimSize(axis);

    // Off is values[0, ..., 0]; on is one step along the innermost dimension
    // of `values` longer than 1.
    Value values = adaptor.getValues();
    ArrayRef<int64_t> valuesShape = op.getValues().getType().getShape();
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    SmallVector<Value> offCoords(valuesShape.size(), zero);
    SmallVector<Value> onCoords(offCoords);
    for (int64_t d = valuesShape.size() - 1; d >= 0; --d) {
      if (valuesShape[d] > 1) {
        onCoords[d] = arith::ConstantIndexOp::create(rewriter, loc, 1);
        break;
      }
    }
    Value off = tensor::ExtractOp::create(rewriter, loc, values, offCoords);
    Value on = tensor::ExtractOp::create(rewriter, loc, values, onCoords);

    SmallVector<AffineExpr> indexExprs;
    for (int64_t d = 0; d < rank; ++d)
      indexExprs.push_back(d == axis ? getAffineConstantExpr(0, getContext())
                                     : getAffineDimExpr(d, getContext()));
    SmallVector<AffineMap> maps = {
        AffineMap::get(rank, 0, indexExprs, getContext()),
        AffineMap::getMultiDimIdentityMap(rank, getContext())};
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    Value output = createEmptyTensor(rewriter, loc, resultType.getShape(),
                                     resultType.getElementType());
    auto generic = linalg::GenericOp::create(
        rewriter, loc, resultType, adaptor.getIndices(), output, maps,
        iterators, [&](OpBuilder &b, Location l, ValueRange args) {
          Type i64 = b.getI64Type();
          Value index = extendIndex(b, l, indexKind, args[0], b.getI64Type());
          Value length = arith::ConstantIntOp::create(b, l, i64, depth);
          Value inRange;
          if (indexKind == NumericKind::Signed) {
            Value zero64 = arith::ConstantIntOp::create(b, l, i64, 0);
            Value isNegative = arith::CmpIOp::create(
                b, l, arith::CmpIPredicate::slt, index, zero64);
            Value wrapped = arith::AddIOp::create(b, l, index, length);
            index = arith::SelectOp::create(b, l, isNegative, wrapped, index);
            Value nonNegative = arith::CmpIOp::create(
                b, l, arith::CmpIPredicate::sge, index, zero64);
            Value belowLength = arith::CmpIOp::create(
                b, l, arith::CmpIPredicate::slt, index, length);
            inRange = arith::AndIOp::create(b, l, nonNegative, belowLength);
          } else {
            inRange = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult,
                                            index, length);
          }
          Value position = arith::IndexCastOp::create(
              b, l, i64, linalg::IndexOp::create(b, l, axis));
          Value atIndex = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq,
                                                position, index);
          Value isOn = arith::AndIOp::create(b, l, inRange, atIndex);
          linalg::YieldOp::create(
              b, l, arith::SelectOp::create(b, l, isOn, on, off).getResult());
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};
} // namespace

void mlir::dml::populateOneHotToLinalgPatterns(const TypeConverter &converter,
                                               RewritePatternSet &patterns) {
  patterns.add<OneHotOpLowering>(converter, patterns.getContext());
}
