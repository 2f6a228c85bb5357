//===- GatherToLinalg.cpp - dml.gather lowering ---------------------------===//
//
// One parallel linalg.generic over the output. Each element reads its index
// from the indices tensor, normalizes negative signed indices (i + S),
// clamps to [0, S - 1] (DML-MLIR proposal: reads never leave the input) and
// reads the input element:
//   full = o with r - 1 leading zeros (r >= 1), or o[1:] (r = 0)
//   i = indices[0, ..., 0, full[axis : axis + r]]  (an input of the generic)
//   output[o] = input[full[0 : axis], clamp(i), full[axis + r :]]
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"
#include "dml/Conversion/DMLToLinalg/DMLToLinalg.h"
#include "dml/Dialect/DML/IR/DMLOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <limits>

using namespace mlir;
using namespace mlir::dml;

namespace {
struct GatherOpLowering : public OpConversionPattern<GatherOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<KindAndResultType> types = getKindAndResultType(
        *getTypeConverter(), op.getIndices(), op.getOutput());
    if (failed(types))
      return rewriter.notifyMatchFailure(op, "unsupported element type");
    NumericKind indexKind = types->kind;
    RankedTensorType resultType = types->resultType;

    Value input = adaptor.getInput();
    Value indices = adaptor.getIndices();
    auto inputType = cast<RankedTensorType>(input.getType());
    int64_t rank = inputType.getRank();
    int64_t axis = op.getAxis();
    int64_t r = op.getIndexDimensions();
    int64_t axisSize = inputType.getDimSize(axis);

    Value output = createEmptyTensor(rewriter, loc, resultType.getShape(),
                                     resultType.getElementType());
    // The index is an input of the generic, read through a map from the
    // output coordinates (full[axis : axis + r], leading zeros), so that
    // fusion sees what the op reads and can inline it into a consumer.
    MLIRContext *context = getContext();
    SmallVector<AffineExpr> fullExprs;
    if (r >= 1) {
      fullExprs.append(r - 1, getAffineConstantExpr(0, context));
      for (int64_t d = 0; d < rank; ++d)
        fullExprs.push_back(getAffineDimExpr(d, context));
    } else {
      for (int64_t d = 1; d < rank; ++d)
        fullExprs.push_back(getAffineDimExpr(d, context));
    }
    SmallVector<AffineExpr> indexExprs(rank - r,
                                       getAffineConstantExpr(0, context));
    indexExprs.append(fullExprs.begin() + axis, fullExprs.begin() + axis + r);
    SmallVector<AffineMap> maps = {
        AffineMap::get(rank, 0, indexExprs, context),
        AffineMap::getMultiDimIdentityMap(rank, context)};
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, resultType, indices, output, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          // Coordinates in the concatenated shape `full`.
          SmallVector<Value> full;
          Value zero = arith::ConstantIndexOp::create(b, l, 0);
          if (r >= 1) {
            full.append(r - 1, zero);
            for (int64_t d = 0; d < rank; ++d)
              full.push_back(linalg::IndexOp::create(b, l, d));
          } else {
            for (int64_t d = 1; d < rank; ++d)
              full.push_back(linalg::IndexOp::create(b, l, d));
          }
          Value index = args[0];
          // 32-bit arithmetic when it is exact: the normalized index then
          // reaches the address as a sign extension, which lets vector
          // gathers use 32-bit offsets (twice the lanes per instruction).
          bool narrow = index.getType().getIntOrFloatBitWidth() <= 32 &&
                        axisSize <= std::numeric_limits<int32_t>::max();
          IntegerType indexType = narrow ? b.getI32Type() : b.getI64Type();
          index = extendIndex(b, l, indexKind, index, indexType);

          Value size = arith::ConstantIntOp::create(b, l, indexType, axisSize);
          Value last =
              arith::ConstantIntOp::create(b, l, indexType, axisSize - 1);
          if (indexKind == NumericKind::Signed) {
            // i + S cannot overflow: i < 0 and S <= the type's maximum.
            Value zero = arith::ConstantIntOp::create(b, l, indexType, 0);
            Value isNegative = arith::CmpIOp::create(
                b, l, arith::CmpIPredicate::slt, index, zero);
            Value wrapped = arith::AddIOp::create(b, l, index, size);
            index = arith::SelectOp::create(b, l, isNegative, wrapped, index);
            index = arith::MaxSIOp::create(b, l, index, zero);
            index = arith::MinSIOp::create(b, l, index, last);
          } else {
            index = arith::MinUIOp::create(b, l, index, last);
          }

          SmallVector<Value> inputCoords(full.begin(), full.begin() + axis);
          inputCoords.push_back(
              arith::IndexCastOp::create(b, l, b.getIndexType(), index));
          inputCoords.append(full.begin() + axis + r, full.end());
          Value element = tensor::ExtractOp::create(b, l, input, inputCoords);
          linalg::YieldOp::create(b, l, element);
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};
} // namespace

void mlir::dml::populateGatherToLinalgPatterns(const TypeConverter &converter,
                                               RewritePatternSet &patterns) {
  patterns.add<GatherOpLowering>(converter, patterns.getContext());
}
