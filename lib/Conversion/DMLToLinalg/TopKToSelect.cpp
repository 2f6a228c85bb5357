//===- TopKToSelect.cpp - dml.top_k to dml.select_top_k -------------------===//
//
// dml.top_k has no linalg form. On tensors it becomes its structured form,
// dml.select_top_k, with tensor.empty destinations: fusion can then feed it
// elementwise producers, one-shot bufferization writes it into the caller's
// output buffers, and a target's code generation lowers it after
// bufferization (dml-lower-top-k on the CPU).
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"
#include "dml/Conversion/DMLToLinalg/DMLToLinalg.h"
#include "dml/Dialect/DML/IR/DMLOps.h"

using namespace mlir;
using namespace mlir::dml;

namespace {
struct TopKOpLowering : public OpConversionPattern<TopKOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(TopKOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<NumericKind> kind =
        getNumericKind(op.getInput().getType().getElementType());
    auto valuesType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getValues().getType()));
    auto indicesType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getIndices().getType()));
    if (failed(kind) || !valuesType || !indicesType)
      return rewriter.notifyMatchFailure(op, "unsupported element type");
    // The input may keep its unsigned type until the module-wide rename
    // (values must have the input's element type; the rename makes both
    // signless later).
    Type inputElementType =
        cast<RankedTensorType>(adaptor.getInput().getType()).getElementType();
    if (inputElementType != valuesType.getElementType()) {
      valuesType = cast<RankedTensorType>(op.getValues().getType());
      indicesType = cast<RankedTensorType>(op.getIndices().getType());
    }
    Location loc = op.getLoc();
    Value values = createEmptyTensor(rewriter, loc, valuesType.getShape(),
                                     valuesType.getElementType());
    Value indices = createEmptyTensor(rewriter, loc, indicesType.getShape(),
                                      indicesType.getElementType());
    auto select = SelectTopKOp::create(
        rewriter, loc, adaptor.getInput(), values, indices, op.getAxis(),
        op.getK(), op.getDirection(), *kind == NumericKind::Unsigned);
    rewriter.replaceOp(op, select.getResults());
    return success();
  }
};
} // namespace

void mlir::dml::populateTopKToSelectPatterns(const TypeConverter &converter,
                                             RewritePatternSet &patterns) {
  patterns.add<TopKOpLowering>(converter, patterns.getContext());
}
