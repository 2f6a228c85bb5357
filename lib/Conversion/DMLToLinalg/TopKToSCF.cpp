//===- TopKToSCF.cpp - dml.top_k lowering ---------------------------------===//
//
// dml.top_k has no linalg form; it becomes loops on buffers. The input is
// read through bufferization.to_buffer and the results are fresh buffers
// wrapped by bufferization.to_tensor (restrict, writable), which one-shot
// bufferization turns into the caller's output buffers.
//
// Every sequence along `axis` (rows in scf.parallel) keeps its best K
// (value, index) pairs as a binary heap in its own output slice, the worst
// pair at the root:
//   1. the first K elements are pushed (sift-up);
//   2. each later element replaces the root if it is strictly better than
//      it (sift-down). When the axis is innermost, W-wide chunks are first
//      compared with the root at once and skipped when no lane beats it,
//      so most of the input is read at vector speed. For long sequences a
//      vectorized pre-pass computes t, the worst of the best elements of K
//      disjoint blocks: K elements are at least as good as t, so elements
//      strictly worse than t are never selected and their chunks are
//      skipped even while the root is still weak;
//   3. heapsort in place leaves the best pair first.
// "Better" is the DML-MLIR total order (NaN greatest) in the direction's
// sense; between equal values the lower index is better, which gives
// DirectML's ascending-index order for ties. A later element never beats
// an equal earlier one, so step 2 needs only the strict value test.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"
#include "dml/Conversion/DMLToLinalg/DMLToLinalg.h"
#include "dml/Dialect/DML/IR/DMLOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::dml;

namespace {

/// Sequences at least this long in total are distributed over threads.
constexpr int64_t kParallelThreshold = 32768;
/// Bits of the vector compared with the root in the filter.
constexpr int64_t kFilterBits = 512;
/// The block-threshold pre-pass pays off for sequences this many times
/// longer than K.
constexpr int64_t kPrefilterRatio = 16;

class TopKEmitter {
public:
  TopKEmitter(NumericKind kind, bool decreasing, int64_t axis, int64_t k,
              int64_t length, Value input, Value values, Value indices)
      : kind(kind), decreasing(decreasing), axis(axis), k(k), length(length),
        input(input), values(values), indices(indices) {}

  /// Emits the selection for the sequence at `outer` (coordinates of the
  /// non-axis dimensions).
  void emitSequence(OpBuilder &b, Location loc, ValueRange outer) {
    outerIvs.assign(outer.begin(), outer.end());
    Value c0 = constant(b, loc, 0), c1 = constant(b, loc, 1);
    Value kValue = constant(b, loc, k);

    // 1. Push the first K elements.
    scf::ForOp::create(b, loc, c0, kValue, c1, ValueRange{},
                       [&](OpBuilder &lb, Location l, Value j, ValueRange) {
                         Value element = memref::LoadOp::create(
                             lb, l, input, coordsAt(j));
                         storeSlot(lb, l, j, element, toIndexElement(lb, l, j));
                         emitSiftUp(lb, l, j);
                         scf::YieldOp::create(lb, l);
                       });

    // 2. Scan the rest; vector chunks first when the axis is contiguous.
    Type elementType = cast<MemRefType>(input.getType()).getElementType();
    int64_t width = kFilterBits / elementType.getIntOrFloatBitWidth();
    int64_t scanStart = k;
    bool contiguous =
        axis == cast<MemRefType>(input.getType()).getRank() - 1;
    Value threshold;
    if (contiguous && length >= kPrefilterRatio * k &&
        length / k >= width)
      threshold = emitBlockThreshold(b, loc, width);
    if (contiguous && length - k >= width) {
      int64_t vectorEnd = k + (length - k) / width * width;
      VectorType vectorType = VectorType::get({width}, elementType);
      scf::ForOp::create(
          b, loc, kValue, constant(b, loc, vectorEnd),
          constant(b, loc, width), ValueRange{},
          [&](OpBuilder &lb, Location l, Value chunk, ValueRange) {
            Value chunkValues = vector::LoadOp::create(lb, l, vectorType,
                                                       input, coordsAt(chunk));
            Value root = memref::LoadOp::create(lb, l, values, coordsAt(c0));
            Value rootSplat =
                vector::BroadcastOp::create(lb, l, vectorType, root);
            Value beats = isBetter(lb, l, chunkValues, rootSplat);
            if (threshold) {
              Value thresholdSplat =
                  vector::BroadcastOp::create(lb, l, vectorType, threshold);
              Value belowThreshold =
                  isBetter(lb, l, thresholdSplat, chunkValues);
              Value trueMask = arith::ConstantOp::create(
                  lb, l, DenseElementsAttr::get(
                             VectorType::get({width}, lb.getI1Type()), true));
              beats = arith::AndIOp::create(
                  lb, l, beats,
                  arith::XOrIOp::create(lb, l, belowThreshold, trueMask));
            }
            Value any = vector::ReductionOp::create(
                lb, l, vector::CombiningKind::OR, beats);
            scf::IfOp::create(lb, l, any, [&](OpBuilder &ib, Location il) {
              Value chunkEnd = arith::AddIOp::create(
                  ib, il, chunk, constant(ib, il, width));
              emitScalarScan(ib, il, chunk, chunkEnd);
              scf::YieldOp::create(ib, il);
            });
            scf::YieldOp::create(lb, l);
          });
      scanStart = vectorEnd;
    }
    emitScalarScan(b, loc, constant(b, loc, scanStart),
                   constant(b, loc, length));

    // 3. Heapsort: move the worst to the end, K - 1 times.
    scf::ForOp::create(
        b, loc, c1, kValue, c1, ValueRange{},
        [&](OpBuilder &lb, Location l, Value t, ValueRange) {
          Value end = arith::SubIOp::create(lb, l, kValue, t);
          emitSwap(lb, l, c0, end);
          emitSiftDown(lb, l, end);
          scf::YieldOp::create(lb, l);
        });
  }

private:
  /// The worst, in the selection order, of the best elements of K disjoint
  /// blocks covering the sequence (each block holds >= `width` elements).
  Value emitBlockThreshold(OpBuilder &b, Location loc, int64_t width) {
    Type elementType = cast<MemRefType>(input.getType()).getElementType();
    VectorType vectorType = VectorType::get({width}, elementType);
    vector::CombiningKind bestKind = getBestKind(), worstKind = getWorstKind();
    Value worstInit = arith::ConstantOp::create(
        b, loc, getIdentity(b, worstKind, elementType));
    Value bestInit = arith::ConstantOp::create(
        b, loc, getIdentity(b, bestKind, elementType));
    Value bestSplat = vector::BroadcastOp::create(b, loc, vectorType, bestInit);
    auto loop = scf::ForOp::create(
        b, loc, constant(b, loc, 0), constant(b, loc, k), constant(b, loc, 1),
        worstInit,
        [&](OpBuilder &lb, Location l, Value block, ValueRange args) {
          // Block `block` is [block * length / K, (block + 1) * length / K).
          Value lengthValue = constant(lb, l, length);
          Value kValue = constant(lb, l, k);
          Value begin = arith::DivUIOp::create(
              lb, l, arith::MulIOp::create(lb, l, block, lengthValue), kValue);
          Value next = arith::AddIOp::create(lb, l, block, constant(lb, l, 1));
          Value end = arith::DivUIOp::create(
              lb, l, arith::MulIOp::create(lb, l, next, lengthValue), kValue);
          Value span = arith::SubIOp::create(lb, l, end, begin);
          Value vectorEnd = arith::AddIOp::create(
              lb, l, begin,
              arith::MulIOp::create(
                  lb, l,
                  arith::DivUIOp::create(lb, l, span, constant(lb, l, width)),
                  constant(lb, l, width)));
          auto chunks = scf::ForOp::create(
              lb, l, begin, vectorEnd, constant(lb, l, width), bestSplat,
              [&](OpBuilder &cb, Location cl, Value chunk, ValueRange acc) {
                Value chunkValues = vector::LoadOp::create(
                    cb, cl, vectorType, input, coordsAt(chunk));
                scf::YieldOp::create(
                    cb, cl,
                    vector::makeArithReduction(cb, cl, bestKind, acc[0],
                                               chunkValues));
              });
          Value best = vector::ReductionOp::create(lb, l, bestKind,
                                                   chunks.getResult(0));
          auto tail = scf::ForOp::create(
              lb, l, vectorEnd, end, constant(lb, l, 1), best,
              [&](OpBuilder &cb, Location cl, Value j, ValueRange acc) {
                Value element =
                    memref::LoadOp::create(cb, cl, input, coordsAt(j));
                scf::YieldOp::create(
                    cb, cl,
                    vector::makeArithReduction(cb, cl, bestKind, acc[0],
                                               element));
              });
          scf::YieldOp::create(
              lb, l,
              vector::makeArithReduction(lb, l, worstKind, args[0],
                                         tail.getResult(0)));
        });
    return loop.getResult(0);
  }

  /// The reduction picking the best element: NaN is the greatest value, so
  /// maximumf propagates it and minnumf skips it.
  vector::CombiningKind getBestKind() const {
    using Kind = vector::CombiningKind;
    switch (kind) {
    case NumericKind::Float:
      return decreasing ? Kind::MAXIMUMF : Kind::MINNUMF;
    case NumericKind::Signed:
      return decreasing ? Kind::MAXSI : Kind::MINSI;
    case NumericKind::Unsigned:
      return decreasing ? Kind::MAXUI : Kind::MINUI;
    }
    llvm_unreachable("unknown numeric kind");
  }

  /// The reduction picking the worst element.
  vector::CombiningKind getWorstKind() const {
    using Kind = vector::CombiningKind;
    switch (kind) {
    case NumericKind::Float:
      return decreasing ? Kind::MINNUMF : Kind::MAXIMUMF;
    case NumericKind::Signed:
      return decreasing ? Kind::MINSI : Kind::MAXSI;
    case NumericKind::Unsigned:
      return decreasing ? Kind::MINUI : Kind::MAXUI;
    }
    llvm_unreachable("unknown numeric kind");
  }

  static TypedAttr getIdentity(OpBuilder &b, vector::CombiningKind kind,
                               Type type) {
    using Kind = vector::CombiningKind;
    if (auto floatType = dyn_cast<FloatType>(type)) {
      const llvm::fltSemantics &semantics = floatType.getFloatSemantics();
      if (kind == Kind::MAXIMUMF)
        return b.getFloatAttr(type, APFloat::getInf(semantics, true));
      return b.getFloatAttr(type, APFloat::getNaN(semantics));
    }
    unsigned width = type.getIntOrFloatBitWidth();
    switch (kind) {
    case Kind::MAXSI:
      return b.getIntegerAttr(type, APInt::getSignedMinValue(width));
    case Kind::MINSI:
      return b.getIntegerAttr(type, APInt::getSignedMaxValue(width));
    case Kind::MAXUI:
      return b.getIntegerAttr(type, APInt::getMinValue(width));
    default:
      return b.getIntegerAttr(type, APInt::getMaxValue(width));
    }
  }

  Value constant(OpBuilder &b, Location loc, int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  }

  SmallVector<Value> coordsAt(Value position) {
    SmallVector<Value> coords;
    for (int64_t d = 0, outer = 0;
         d < static_cast<int64_t>(outerIvs.size()) + 1; ++d)
      coords.push_back(d == axis ? position : outerIvs[outer++]);
    return coords;
  }

  Value toIndexElement(OpBuilder &b, Location loc, Value position) {
    Type type = cast<MemRefType>(indices.getType()).getElementType();
    return arith::IndexCastOp::create(b, loc, type, position);
  }

  void storeSlot(OpBuilder &b, Location loc, Value slot, Value value,
                 Value index) {
    memref::StoreOp::create(b, loc, value, values, coordsAt(slot));
    memref::StoreOp::create(b, loc, index, indices, coordsAt(slot));
  }

  /// Strictly better value in the selection order.
  Value isBetter(OpBuilder &b, Location loc, Value lhs, Value rhs) {
    return decreasing ? createTotalOrderGreater(b, loc, kind, lhs, rhs)
                      : createTotalOrderLess(b, loc, kind, lhs, rhs);
  }

  Value isEqual(OpBuilder &b, Location loc, Value lhs, Value rhs) {
    if (kind != NumericKind::Float)
      return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lhs, rhs);
    Value equal =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, lhs, rhs);
    Value lhsNaN =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, lhs, lhs);
    Value rhsNaN =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, rhs, rhs);
    return arith::OrIOp::create(
        b, loc, equal, arith::AndIOp::create(b, loc, lhsNaN, rhsNaN));
  }

  /// The pair in slot `a` is worse than the pair in slot `c`.
  Value isWorseSlot(OpBuilder &b, Location loc, Value a, Value c) {
    Value va = memref::LoadOp::create(b, loc, values, coordsAt(a));
    Value vc = memref::LoadOp::create(b, loc, values, coordsAt(c));
    Value ia = memref::LoadOp::create(b, loc, indices, coordsAt(a));
    Value ic = memref::LoadOp::create(b, loc, indices, coordsAt(c));
    Value cBetter = isBetter(b, loc, vc, va);
    Value tieLowerC = arith::AndIOp::create(
        b, loc, isEqual(b, loc, va, vc),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, ic, ia));
    return arith::OrIOp::create(b, loc, cBetter, tieLowerC);
  }

  void emitSwap(OpBuilder &b, Location loc, Value p, Value q) {
    Value vp = memref::LoadOp::create(b, loc, values, coordsAt(p));
    Value ip = memref::LoadOp::create(b, loc, indices, coordsAt(p));
    Value vq = memref::LoadOp::create(b, loc, values, coordsAt(q));
    Value iq = memref::LoadOp::create(b, loc, indices, coordsAt(q));
    storeSlot(b, loc, p, vq, iq);
    storeSlot(b, loc, q, vp, ip);
  }

  /// Moves slot `start` up while it is worse than its parent.
  void emitSiftUp(OpBuilder &b, Location loc, Value start) {
    Type indexType = b.getIndexType();
    scf::WhileOp::create(
        b, loc, TypeRange{indexType, indexType}, ValueRange{start, start},
        [&](OpBuilder &wb, Location l, ValueRange args) {
          Value slot = args[0];
          Value c0 = constant(wb, l, 0), c1 = constant(wb, l, 1);
          Value hasParent =
              arith::CmpIOp::create(wb, l, arith::CmpIPredicate::ugt, slot, c0);
          // At the root, compare with itself (in bounds); the select drops it.
          Value previous = arith::SelectOp::create(
              wb, l, hasParent, arith::SubIOp::create(wb, l, slot, c1), c0);
          Value parent = arith::DivUIOp::create(wb, l, previous,
                                                constant(wb, l, 2));
          Value worse = isWorseSlot(wb, l, slot, parent);
          Value moves = arith::AndIOp::create(wb, l, hasParent, worse);
          scf::ConditionOp::create(wb, l, moves, ValueRange{slot, parent});
        },
        [&](OpBuilder &wb, Location l, ValueRange args) {
          emitSwap(wb, l, args[0], args[1]);
          scf::YieldOp::create(wb, l, ValueRange{args[1], args[1]});
        });
  }

  /// Moves the root down while a child in [0, size) is worse than it.
  void emitSiftDown(OpBuilder &b, Location loc, Value size) {
    Type indexType = b.getIndexType();
    Value c0 = constant(b, loc, 0);
    scf::WhileOp::create(
        b, loc, TypeRange{indexType, indexType}, ValueRange{c0, c0},
        [&](OpBuilder &wb, Location l, ValueRange args) {
          Value slot = args[0];
          Value zero = constant(wb, l, 0), one = constant(wb, l, 1);
          Value left = arith::AddIOp::create(
              wb, l, arith::MulIOp::create(wb, l, slot, constant(wb, l, 2)),
              one);
          Value right = arith::AddIOp::create(wb, l, left, one);
          Value hasLeft =
              arith::CmpIOp::create(wb, l, arith::CmpIPredicate::ult, left, size);
          Value hasRight = arith::CmpIOp::create(
              wb, l, arith::CmpIPredicate::ult, right, size);
          // Missing children are replaced by slot 0 (in bounds) and ignored.
          Value safeLeft = arith::SelectOp::create(wb, l, hasLeft, left, zero);
          Value safeRight =
              arith::SelectOp::create(wb, l, hasRight, right, zero);
          Value leftWorse = arith::AndIOp::create(
              wb, l, hasLeft, isWorseSlot(wb, l, safeLeft, slot));
          Value worst =
              arith::SelectOp::create(wb, l, leftWorse, safeLeft, slot);
          Value rightWorse = arith::AndIOp::create(
              wb, l, hasRight, isWorseSlot(wb, l, safeRight, worst));
          worst = arith::SelectOp::create(wb, l, rightWorse, safeRight, worst);
          Value moves =
              arith::CmpIOp::create(wb, l, arith::CmpIPredicate::ne, worst, slot);
          scf::ConditionOp::create(wb, l, moves, ValueRange{slot, worst});
        },
        [&](OpBuilder &wb, Location l, ValueRange args) {
          emitSwap(wb, l, args[0], args[1]);
          scf::YieldOp::create(wb, l, ValueRange{args[1], args[1]});
        });
  }

  /// Elements [begin, end) replace the root when strictly better.
  void emitScalarScan(OpBuilder &b, Location loc, Value begin, Value end) {
    scf::ForOp::create(
        b, loc, begin, end, constant(b, loc, 1), ValueRange{},
        [&](OpBuilder &lb, Location l, Value j, ValueRange) {
          Value c0 = constant(lb, l, 0);
          Value element = memref::LoadOp::create(lb, l, input, coordsAt(j));
          Value root = memref::LoadOp::create(lb, l, values, coordsAt(c0));
          Value enters = isBetter(lb, l, element, root);
          scf::IfOp::create(lb, l, enters, [&](OpBuilder &ib, Location il) {
            storeSlot(ib, il, c0, element, toIndexElement(ib, il, j));
            emitSiftDown(ib, il, constant(ib, il, k));
            scf::YieldOp::create(ib, il);
          });
          scf::YieldOp::create(lb, l);
        });
  }

  NumericKind kind;
  bool decreasing;
  int64_t axis, k, length;
  Value input, values, indices;
  SmallVector<Value> outerIvs;
};

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

    auto inputType = cast<RankedTensorType>(adaptor.getInput().getType());
    auto toMemRef = [](RankedTensorType type) {
      return MemRefType::get(type.getShape(), type.getElementType());
    };
    Value input = bufferization::ToBufferOp::create(
        rewriter, loc, toMemRef(inputType), adaptor.getInput(),
        /*read_only=*/true);
    Value values = memref::AllocOp::create(rewriter, loc, toMemRef(valuesType));
    Value indices =
        memref::AllocOp::create(rewriter, loc, toMemRef(indicesType));

    int64_t rank = inputType.getRank();
    int64_t axis = op.getAxis();
    int64_t length = inputType.getDimSize(axis);
    TopKEmitter emitter(*kind, op.getDirection() == AxisDirection::Decreasing,
                        axis, op.getK(), length, input, values, indices);

    SmallVector<Value> lbs, ubs, steps;
    int64_t sequences = 1;
    Value c0 = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value c1 = arith::ConstantIndexOp::create(rewriter, loc, 1);
    for (int64_t d = 0; d < rank; ++d) {
      if (d == axis)
        continue;
      lbs.push_back(c0);
      ubs.push_back(arith::ConstantIndexOp::create(rewriter, loc,
                                                   inputType.getDimSize(d)));
      steps.push_back(c1);
      sequences *= inputType.getDimSize(d);
    }
    auto body = [&](OpBuilder &b, Location l, ValueRange ivs) {
      emitter.emitSequence(b, l, ivs);
    };
    if (lbs.empty())
      body(rewriter, loc, {});
    else if (sequences > 1 && sequences * length >= kParallelThreshold)
      scf::ParallelOp::create(rewriter, loc, lbs, ubs, steps, body);
    else
      scf::buildLoopNest(rewriter, loc, lbs, ubs, steps, body);

    UnitAttr unit = rewriter.getUnitAttr();
    Value valuesTensor = bufferization::ToTensorOp::create(
        rewriter, loc, valuesType, values, /*restrict=*/unit,
        /*writable=*/unit);
    Value indicesTensor = bufferization::ToTensorOp::create(
        rewriter, loc, indicesType, indices, /*restrict=*/unit,
        /*writable=*/unit);
    rewriter.replaceOp(op, {valuesTensor, indicesTensor});
    return success();
  }
};
} // namespace

void mlir::dml::populateTopKToSCFPatterns(const TypeConverter &converter,
                                          RewritePatternSet &patterns) {
  patterns.add<TopKOpLowering>(converter, patterns.getContext());
}
