//===- TopKToSCF.cpp - dml.top_k lowering ---------------------------------===//
//
// For every sequence along `axis`, scans the elements in index order and
// keeps the best K so far sorted in the output tensors themselves: an
// element enters when fewer than K are kept or when it is strictly better
// than the K-th; it is inserted after every kept element that is not worse
// (insertion-sort step). Because later elements never displace equal
// earlier ones, equal values stay in ascending index order in both
// directions, as DirectML requires. "Better" is the total order of
// DML-MLIR (NaN greatest). Cost: one pass over the input, plus O(K) per
// insertion; insertions are rare once the buffer holds large values.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"
#include "dml/Conversion/DMLToLinalg/DMLToLinalg.h"
#include "dml/Dialect/DML/IR/DMLOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::dml;

namespace {
struct TopKOpLowering : public OpConversionPattern<TopKOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(TopKOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<NumericKind> kind =
        getNumericKind(op.getInput().getType().getElementType());
    auto valuesType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getValues().getType()));
    auto indicesType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getIndices().getType()));
    if (failed(kind) || !valuesType || !indicesType)
      return rewriter.notifyMatchFailure(op, "unsupported element type");

    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    int64_t rank = inputType.getRank();
    int64_t axis = op.getAxis();
    int64_t k = op.getK();
    int64_t sequenceLength = inputType.getDimSize(axis);
    bool decreasing = op.getDirection() == AxisDirection::Decreasing;
    Type indexElementType = indicesType.getElementType();

    auto isBetter = [&](OpBuilder &b, Location l, Value lhs, Value rhs) {
      return decreasing ? createTotalOrderGreater(b, l, *kind, lhs, rhs)
                        : createTotalOrderLess(b, l, *kind, lhs, rhs);
    };

    Value c0 = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value c1 = arith::ConstantIndexOp::create(rewriter, loc, 1);
    Value kValue = arith::ConstantIndexOp::create(rewriter, loc, k);
    Value kMinus1 = arith::ConstantIndexOp::create(rewriter, loc, k - 1);
    Value length =
        arith::ConstantIndexOp::create(rewriter, loc, sequenceLength);
    Value values0 = createEmptyTensor(rewriter, loc, valuesType.getShape(),
                                      valuesType.getElementType());
    Value indices0 = createEmptyTensor(rewriter, loc, indicesType.getShape(),
                                       indexElementType);

    SmallVector<Value> lbs, ubs, steps;
    for (int64_t d = 0; d < rank; ++d) {
      if (d == axis)
        continue;
      lbs.push_back(c0);
      ubs.push_back(
          arith::ConstantIndexOp::create(rewriter, loc, inputType.getDimSize(d)));
      steps.push_back(c1);
    }

    scf::LoopNest nest = scf::buildLoopNest(
        rewriter, loc, lbs, ubs, steps, ValueRange{values0, indices0},
        [&](OpBuilder &b, Location l, ValueRange outerIvs,
            ValueRange outerArgs) -> scf::ValueVector {
          // Coordinates of position `pos` of the current sequence.
          auto coordsAt = [&](Value pos) {
            SmallVector<Value> coords;
            for (int64_t d = 0, outer = 0; d < rank; ++d)
              coords.push_back(d == axis ? pos : outerIvs[outer++]);
            return coords;
          };
          auto scan = scf::ForOp::create(
              b, l, c0, length, c1,
              ValueRange{outerArgs[0], outerArgs[1], c0},
              [&](OpBuilder &fb, Location fl, Value j, ValueRange args) {
                Value kept = args[0], keptIndices = args[1], count = args[2];
                Value element =
                    tensor::ExtractOp::create(fb, fl, input, coordsAt(j));
                Value full = arith::CmpIOp::create(
                    fb, fl, arith::CmpIPredicate::eq, count, kValue);
                // Slot K-1 is only meaningful once the buffer is full; the
                // select keeps an unwritten slot from influencing the test.
                Value kth =
                    tensor::ExtractOp::create(fb, fl, kept, coordsAt(kMinus1));
                Value beatsKth = isBetter(fb, fl, element, kth);
                Value trueValue =
                    arith::ConstantIntOp::create(fb, fl, fb.getI1Type(), 1);
                Value enters =
                    arith::SelectOp::create(fb, fl, full, beatsKth, trueValue);

                auto insert = scf::IfOp::create(
                    fb, fl, enters,
                    [&](OpBuilder &ib, Location il) {
                      Value start =
                          arith::SelectOp::create(ib, il, full, kMinus1, count);
                      auto shift = buildShift(ib, il, element, start, kept,
                                              keptIndices, isBetter, coordsAt);
                      Value slot = shift.getResult(0);
                      Value newKept = tensor::InsertOp::create(
                          ib, il, element, shift.getResult(1), coordsAt(slot));
                      Value position = arith::IndexCastOp::create(
                          ib, il, indexElementType, j);
                      Value newIndices = tensor::InsertOp::create(
                          ib, il, position, shift.getResult(2),
                          coordsAt(slot));
                      scf::YieldOp::create(ib, il,
                                           ValueRange{newKept, newIndices});
                    },
                    [&](OpBuilder &eb, Location el) {
                      scf::YieldOp::create(eb, el,
                                           ValueRange{kept, keptIndices});
                    });
                Value incremented = arith::AddIOp::create(fb, fl, count, c1);
                Value newCount =
                    arith::SelectOp::create(fb, fl, full, count, incremented);
                scf::YieldOp::create(fb, fl,
                                     ValueRange{insert.getResult(0),
                                                insert.getResult(1), newCount});
              });
          return {scan.getResult(0), scan.getResult(1)};
        });

    rewriter.replaceOp(op, nest.results);
    return success();
  }

private:
  /// Moves kept entries one slot up, starting at `start`, while the new
  /// element is strictly better than the entry below; yields the free slot
  /// and the updated tensors.
  template <typename BetterFn, typename CoordsFn>
  static scf::WhileOp buildShift(OpBuilder &b, Location loc, Value element,
                                 Value start, Value kept, Value keptIndices,
                                 BetterFn isBetter, CoordsFn coordsAt) {
    Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
    Value c1 = arith::ConstantIndexOp::create(b, loc, 1);
    SmallVector<Type> types = {b.getIndexType(), kept.getType(),
                               keptIndices.getType()};
    return scf::WhileOp::create(
        b, loc, types, ValueRange{start, kept, keptIndices},
        [&](OpBuilder &wb, Location wl, ValueRange args) {
          Value slot = args[0];
          Value hasBelow =
              arith::CmpIOp::create(wb, wl, arith::CmpIPredicate::ugt, slot, c0);
          // At slot 0 read slot 0 (in bounds); the select discards it.
          Value below = arith::SelectOp::create(
              wb, wl, hasBelow, arith::SubIOp::create(wb, wl, slot, c1), c0);
          Value belowValue =
              tensor::ExtractOp::create(wb, wl, args[1], coordsAt(below));
          Value better = isBetter(wb, wl, element, belowValue);
          Value falseValue =
              arith::ConstantIntOp::create(wb, wl, wb.getI1Type(), 0);
          Value moves =
              arith::SelectOp::create(wb, wl, hasBelow, better, falseValue);
          scf::ConditionOp::create(wb, wl, moves, args);
        },
        [&](OpBuilder &wb, Location wl, ValueRange args) {
          Value slot = args[0];
          Value below = arith::SubIOp::create(wb, wl, slot, c1);
          Value movedValue =
              tensor::ExtractOp::create(wb, wl, args[1], coordsAt(below));
          Value movedIndex =
              tensor::ExtractOp::create(wb, wl, args[2], coordsAt(below));
          Value newKept = tensor::InsertOp::create(wb, wl, movedValue, args[1],
                                                   coordsAt(slot));
          Value newIndices = tensor::InsertOp::create(
              wb, wl, movedIndex, args[2], coordsAt(slot));
          scf::YieldOp::create(wb, wl, ValueRange{below, newKept, newIndices});
        });
  }
};
} // namespace

void mlir::dml::populateTopKToSCFPatterns(const TypeConverter &converter,
                                          RewritePatternSet &patterns) {
  patterns.add<TopKOpLowering>(converter, patterns.getContext());
}
