//===- TopKToSCF.cpp - dml.select_top_k to CPU loops ----------------------===//
//
// The bufferized dml.select_top_k becomes loops that write the selection
// into its destination buffers. Elements are read through SelectedElement
// (the input, or the prologue region evaluated on the inputs).
//
// Elements of at most 32 bits are selected on 64-bit ordered keys (one
// unsigned compare each; TopKKeySelection.cpp): a threshold filters W-wide
// chunks, passing keys are compressed into a scratch buffer, and a rank,
// radix or heap selection orders the best K.
//
// 64-bit elements (i64, u64) use the value/index heap below. Every sequence
// along `axis` (rows in scf.parallel) keeps its best K (value, index) pairs
// as a binary heap in its own output slice, the worst pair at the root:
//   1. for long sequences (>= 16 K, axis innermost), a lower bound t of the
//      K-th best element: a guess from a 1-in-16 sample, kept when a
//      vectorized count finds at least K elements not worse than it, else
//      the worst of the best elements of K disjoint blocks. Elements worse
//      than t are never selected;
//   2. one scan: elements not worse than t join the heap until it holds K
//      pairs (sift-up), later ones replace the root when strictly better
//      (sift-down). When the axis is innermost, W-wide chunks are first
//      tested at once and skipped when no lane can enter, so most of the
//      input is read at vector speed;
//   3. heapsort in place leaves the best pair first.
// "Better" is the DML-MLIR total order (NaN greatest) in the direction's
// sense; between equal values the lower index is better, which gives
// DirectML's ascending-index order for ties. A later element never beats
// an equal earlier one, so step 2 needs only the strict value test.
//
//===----------------------------------------------------------------------===//

#include "TopKToSCF.h"
#include "TopKKeySelection.h"
#include "dml/Transforms/ReductionIdentity.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

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
              int64_t length, const SelectedElement &input, Value values,
              Value indices)
      : kind(kind), decreasing(decreasing), axis(axis), k(k), length(length),
        input(input), values(values), indices(indices) {}

  /// Emits the selection for the sequence at `outer` (coordinates of the
  /// non-axis dimensions).
  void emitSequence(OpBuilder &b, Location loc, ValueRange outer) {
    outerIvs.assign(outer.begin(), outer.end());
    Value c0 = constant(b, loc, 0), c1 = constant(b, loc, 1);
    input.hoistInvariants(b, loc, coordsAt(c0));
    Value kValue = constant(b, loc, k);
    Type elementType = input.getElementType();
    int64_t width = kFilterBits / elementType.getIntOrFloatBitWidth();
    bool contiguous = input.isAxisContiguous();

    // A lower bound t of the K-th best: at least K elements are not worse.
    Value threshold;
    if (contiguous && length >= kPrefilterRatio * k && length / k >= width)
      threshold = emitThreshold(b, loc, width);

    // 1.+2. One scan: elements not worse than t fill the heap up to K, then
    // replace the root when strictly better than it.
    Value count = c0;
    int64_t scanStart = 0;
    if (contiguous && length >= width) {
      int64_t vectorEnd = length / width * width;
      VectorType vectorType = VectorType::get({width}, elementType);
      VectorType maskType = VectorType::get({width}, b.getI1Type());
      auto chunks = scf::ForOp::create(
          b, loc, c0, constant(b, loc, vectorEnd), constant(b, loc, width),
          ValueRange{count},
          [&](OpBuilder &lb, Location l, Value chunk, ValueRange args) {
            Value chunkValues = input.loadChunk(lb, l, coordsAt(chunk), width);
            Value root = memref::LoadOp::create(lb, l, values, coordsAt(c0));
            Value rootSplat =
                vector::BroadcastOp::create(lb, l, vectorType, root);
            Value filling = arith::CmpIOp::create(
                lb, l, arith::CmpIPredicate::ult, args[0], kValue);
            // Before the heap is full every lane may enter; the select also
            // keeps a not yet written root from influencing the test.
            Value allLanes = arith::ConstantOp::create(
                lb, l, DenseElementsAttr::get(maskType, true));
            Value enters = arith::SelectOp::create(
                lb, l, filling, allLanes,
                isBetter(lb, l, chunkValues, rootSplat));
            if (threshold)
              enters = arith::AndIOp::create(
                  lb, l, enters, isNotWorseThan(lb, l, chunkValues, threshold));
            scf::YieldOp::create(
                lb, l,
                emitLaneVisits(lb, l, chunk, enters, args[0], threshold));
          });
      count = chunks.getResult(0);
      scanStart = vectorEnd;
    }
    emitScalarScan(b, loc, constant(b, loc, scanStart),
                   constant(b, loc, length), count, threshold);

    // 3. Heapsort: move the worst to the end, K - 1 times.
    scf::ForOp::create(b, loc, c1, kValue, c1, ValueRange{},
                       [&](OpBuilder &lb, Location l, Value t, ValueRange) {
                         Value end = arith::SubIOp::create(lb, l, kValue, t);
                         emitSwap(lb, l, c0, end);
                         emitSiftDown(lb, l, end);
                         scf::YieldOp::create(lb, l);
                       });
  }

private:
  /// A lower bound of the K-th best. First a guess: the worst of the best
  /// ~1.25 K / 16 elements of every 16th element (selected with the heap
  /// routines in the output slice, which the scan overwrites afterwards);
  /// it is a bound when a vectorized count finds at least K elements not
  /// worse than it. Otherwise the block bound, which always is one.
  Value emitThreshold(OpBuilder &b, Location loc, int64_t width) {
    constexpr int64_t kSampleStride = 16;
    int64_t samples = length / kSampleStride;
    int64_t sampleK =
        std::max<int64_t>(1, std::min(samples, (5 * k / 4 + 15) / 16));
    Value c0 = constant(b, loc, 0), c1 = constant(b, loc, 1);
    Value sampleKValue = constant(b, loc, sampleK);
    // Select the best sampleK samples: fill, then replace the root.
    scf::ForOp::create(
        b, loc, c0, constant(b, loc, samples), c1, ValueRange{},
        [&](OpBuilder &lb, Location l, Value s, ValueRange) {
          Value j =
              arith::MulIOp::create(lb, l, s, constant(lb, l, kSampleStride));
          Value element = input.load(lb, l, coordsAt(j));
          Value filling = arith::CmpIOp::create(
              lb, l, arith::CmpIPredicate::ult, s, sampleKValue);
          scf::IfOp::create(
              lb, l, filling,
              [&](OpBuilder &ib, Location il) {
                storeSlot(ib, il, s, element, toIndexElement(ib, il, j));
                emitSiftUp(ib, il, s);
                scf::YieldOp::create(ib, il);
              },
              [&](OpBuilder &eb, Location el) {
                Value root =
                    memref::LoadOp::create(eb, el, values, coordsAt(c0));
                Value enters = isBetter(eb, el, element, root);
                scf::IfOp::create(
                    eb, el, enters, [&](OpBuilder &rb, Location rl) {
                      storeSlot(rb, rl, constant(rb, rl, 0), element,
                                toIndexElement(rb, rl, j));
                      emitSiftDown(rb, rl, sampleKValue);
                      scf::YieldOp::create(rb, rl);
                    });
                scf::YieldOp::create(eb, el);
              });
          scf::YieldOp::create(lb, l);
        });
    Value guess = memref::LoadOp::create(b, loc, values, coordsAt(c0));

    // Count the elements not worse than the guess, W lanes at a time.
    VectorType countType = VectorType::get({width}, b.getI64Type());
    Value zeros = arith::ConstantOp::create(b, loc, b.getZeroAttr(countType));
    Value ones = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(countType, int64_t(1)));
    int64_t vectorEnd = length / width * width;
    auto counting = scf::ForOp::create(
        b, loc, c0, constant(b, loc, vectorEnd), constant(b, loc, width), zeros,
        [&](OpBuilder &lb, Location l, Value chunk, ValueRange acc) {
          Value chunkValues = input.loadChunk(lb, l, coordsAt(chunk), width);
          Value counted = arith::SelectOp::create(
              lb, l, isNotWorseThan(lb, l, chunkValues, guess), ones, zeros);
          scf::YieldOp::create(
              lb, l, arith::AddIOp::create(lb, l, acc[0], counted).getResult());
        });
    Value total = vector::ReductionOp::create(
        b, loc, vector::CombiningKind::ADD, counting.getResult(0));
    auto tail = scf::ForOp::create(
        b, loc, constant(b, loc, vectorEnd), constant(b, loc, length), c1,
        total, [&](OpBuilder &lb, Location l, Value j, ValueRange acc) {
          Value element = input.load(lb, l, coordsAt(j));
          Value counted = arith::ExtUIOp::create(
              lb, l, lb.getI64Type(), isNotWorseThan(lb, l, element, guess));
          scf::YieldOp::create(
              lb, l, arith::AddIOp::create(lb, l, acc[0], counted).getResult());
        });
    Value enough = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::uge, tail.getResult(0),
        arith::ConstantIntOp::create(b, loc, b.getI64Type(), k));
    auto bound = scf::IfOp::create(
        b, loc, enough,
        [&](OpBuilder &ib, Location il) {
          scf::YieldOp::create(ib, il, guess);
        },
        [&](OpBuilder &eb, Location el) {
          scf::YieldOp::create(eb, el, emitBlockThreshold(eb, el, width));
        });
    return bound.getResult(0);
  }

  /// `value` (scalar or vector) is not worse than the scalar `threshold`.
  Value isNotWorseThan(OpBuilder &b, Location loc, Value value,
                       Value threshold) {
    Value bound = threshold;
    if (auto vectorType = dyn_cast<VectorType>(value.getType()))
      bound = vector::BroadcastOp::create(b, loc, vectorType, threshold);
    Value worse = isBetter(b, loc, bound, value);
    Value trueValue = arith::ConstantOp::create(
        b, loc,
        isa<VectorType>(value.getType())
            ? TypedAttr(DenseElementsAttr::get(
                  cast<ShapedType>(worse.getType()), true))
            : TypedAttr(b.getBoolAttr(true)));
    return arith::XOrIOp::create(b, loc, worse, trueValue);
  }

  /// The worst, in the selection order, of the best elements of K disjoint
  /// blocks covering the sequence (each block holds >= `width` elements).
  Value emitBlockThreshold(OpBuilder &b, Location loc, int64_t width) {
    Type elementType = input.getElementType();
    VectorType vectorType = VectorType::get({width}, elementType);
    vector::CombiningKind bestKind = getBestKind(), worstKind = getWorstKind();
    Value worstInit = arith::ConstantOp::create(
        b, loc, getReductionIdentity(b, worstKind, elementType));
    Value bestInit = arith::ConstantOp::create(
        b, loc, getReductionIdentity(b, bestKind, elementType));
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
                Value chunkValues =
                    input.loadChunk(cb, cl, coordsAt(chunk), width);
                scf::YieldOp::create(
                    cb, cl,
                    vector::makeArithReduction(cb, cl, bestKind, acc[0],
                                               chunkValues));
              });
          Value best =
              vector::ReductionOp::create(lb, l, bestKind, chunks.getResult(0));
          auto tail = scf::ForOp::create(
              lb, l, vectorEnd, end, constant(lb, l, 1), best,
              [&](OpBuilder &cb, Location cl, Value j, ValueRange acc) {
                Value element = input.load(cb, cl, coordsAt(j));
                scf::YieldOp::create(cb, cl,
                                     vector::makeArithReduction(
                                         cb, cl, bestKind, acc[0], element));
              });
          scf::YieldOp::create(lb, l,
                               vector::makeArithReduction(lb, l, worstKind,
                                                          args[0],
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
    return arith::OrIOp::create(b, loc, equal,
                                arith::AndIOp::create(b, loc, lhsNaN, rhsNaN));
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
          Value parent =
              arith::DivUIOp::create(wb, l, previous, constant(wb, l, 2));
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
          Value hasLeft = arith::CmpIOp::create(
              wb, l, arith::CmpIPredicate::ult, left, size);
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
          Value moves = arith::CmpIOp::create(wb, l, arith::CmpIPredicate::ne,
                                              worst, slot);
          scf::ConditionOp::create(wb, l, moves, ValueRange{slot, worst});
        },
        [&](OpBuilder &wb, Location l, ValueRange args) {
          emitSwap(wb, l, args[0], args[1]);
          scf::YieldOp::create(wb, l, ValueRange{args[1], args[1]});
        });
  }

  /// Visits the lanes of `chunk` set in `mask`, lowest first (the lane
  /// bits as an integer, one count-trailing-zeros per set lane), so that a
  /// chunk with a single candidate costs one visit. Returns the updated
  /// count of kept pairs.
  Value emitLaneVisits(OpBuilder &b, Location loc, Value chunk, Value mask,
                       Value count, Value threshold) {
    auto maskType = cast<VectorType>(mask.getType());
    int64_t width = maskType.getNumElements();
    Type bitsType = b.getIntegerType(width);
    Value bits = vector::ExtractOp::create(
        b, loc,
        vector::BitCastOp::create(b, loc, VectorType::get({1}, bitsType), mask),
        ArrayRef<int64_t>{0});
    Value zero = arith::ConstantIntOp::create(b, loc, bitsType, 0);
    auto loop = scf::WhileOp::create(
        b, loc, TypeRange{bitsType, count.getType()}, ValueRange{bits, count},
        [&](OpBuilder &wb, Location l, ValueRange args) {
          Value more = arith::CmpIOp::create(wb, l, arith::CmpIPredicate::ne,
                                             args[0], zero);
          scf::ConditionOp::create(wb, l, more, args);
        },
        [&](OpBuilder &wb, Location l, ValueRange args) {
          Value lane = arith::IndexCastUIOp::create(
              wb, l, wb.getIndexType(),
              math::CountTrailingZerosOp::create(wb, l, args[0]));
          Value j = arith::AddIOp::create(wb, l, chunk, lane);
          Value kept = emitVisit(wb, l, j, args[1], threshold);
          Value lowerBits = arith::SubIOp::create(
              wb, l, args[0], arith::ConstantIntOp::create(wb, l, bitsType, 1));
          Value rest = arith::AndIOp::create(wb, l, args[0], lowerBits);
          scf::YieldOp::create(wb, l, ValueRange{rest, kept});
        });
    return loop.getResult(1);
  }

  /// Visits elements [begin, end) one by one. Returns the updated count.
  Value emitScalarScan(OpBuilder &b, Location loc, Value begin, Value end,
                       Value count, Value threshold) {
    auto loop = scf::ForOp::create(
        b, loc, begin, end, constant(b, loc, 1), ValueRange{count},
        [&](OpBuilder &lb, Location l, Value j, ValueRange args) {
          scf::YieldOp::create(lb, l, emitVisit(lb, l, j, args[0], threshold));
        });
    return loop.getResult(0);
  }

  /// Element j, if not worse than `threshold` (when given), joins the heap
  /// while it holds fewer than K pairs, and later replaces the root when
  /// strictly better than it. Returns the updated count of kept pairs.
  Value emitVisit(OpBuilder &lb, Location l, Value j, Value kept,
                  Value threshold) {
    Value c0 = constant(lb, l, 0);
    Value kValue = constant(lb, l, k);
    Value element = input.load(lb, l, coordsAt(j));
    Value eligible =
        threshold ? isNotWorseThan(lb, l, element, threshold)
                  : arith::ConstantIntOp::create(lb, l, lb.getI1Type(), 1)
                        .getResult();
    Value filling =
        arith::CmpIOp::create(lb, l, arith::CmpIPredicate::ult, kept, kValue);
    Value pushes = arith::AndIOp::create(lb, l, eligible, filling);
    auto push = scf::IfOp::create(
        lb, l, pushes,
        [&](OpBuilder &ib, Location il) {
          storeSlot(ib, il, kept, element, toIndexElement(ib, il, j));
          emitSiftUp(ib, il, kept);
          scf::YieldOp::create(
              ib, il,
              arith::AddIOp::create(ib, il, kept, constant(ib, il, 1))
                  .getResult());
        },
        [&](OpBuilder &eb, Location el) {
          // Full: strictly better than the root (which is then not worse
          // than the threshold either). The select keeps a not yet written
          // root from influencing the test.
          Value full = arith::CmpIOp::create(eb, el, arith::CmpIPredicate::eq,
                                             kept, kValue);
          Value root = memref::LoadOp::create(eb, el, values, coordsAt(c0));
          Value enters = arith::SelectOp::create(
              eb, el, full, isBetter(eb, el, element, root),
              arith::ConstantIntOp::create(eb, el, eb.getI1Type(), 0));
          scf::IfOp::create(eb, el, enters, [&](OpBuilder &rb, Location rl) {
            storeSlot(rb, rl, c0, element, toIndexElement(rb, rl, j));
            emitSiftDown(rb, rl, kValue);
            scf::YieldOp::create(rb, rl);
          });
          scf::YieldOp::create(eb, el, kept);
        });
    return push.getResult(0);
  }

  NumericKind kind;
  bool decreasing;
  int64_t axis, k, length;
  const SelectedElement &input;
  Value values, indices;
  SmallVector<Value> outerIvs;
};

/// The row max of `op`'s carrier that its block computes before it, for
/// the selection to compute in one pass with its partition maxima
/// (emitCarrierExtremesAndMax): in `op`'s block, a linalg.fill of -inf into
/// a buffer M and then, with no other use of M between them, a
/// linalg.generic M[i] = maximumf(M[i], carrier[i, j]) over the carrier
/// that `op` reads through an identity map (rows of a 2-D iteration space,
/// the axis innermost). Null where there is none.
linalg::GenericOp findCarrierRowMax(SelectTopKOp op,
                                    const SelectedElement &input) {
  std::optional<unsigned> carrierIndex = input.getCarrier();
  if (!carrierIndex || op.getAxis() != 1 || op.getIterationShape().size() != 2)
    return {};
  if (!op.getInputMap(*carrierIndex).isIdentity())
    return {};
  Value carrier = op.getInputs()[*carrierIndex];
  for (Operation *user : carrier.getUsers()) {
    auto generic = dyn_cast<linalg::GenericOp>(user);
    if (!generic || generic->getBlock() != op->getBlock() ||
        !generic->isBeforeInBlock(op) || generic.getNumDpsInputs() != 1 ||
        generic.getNumDpsInits() != 1 || generic.getDpsInputs()[0] != carrier ||
        !generic.hasPureBufferSemantics())
      continue;
    MLIRContext *context = op.getContext();
    AffineMap rowMap =
        AffineMap::get(2, 0, {getAffineDimExpr(0, context)}, context);
    SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
    if (!maps[0].isIdentity() || maps[1] != rowMap ||
        generic.getIteratorTypesArray() !=
            SmallVector<utils::IteratorType>{utils::IteratorType::parallel,
                                             utils::IteratorType::reduction})
      continue;
    Block &body = generic.getRegion().front();
    auto max = dyn_cast<arith::MaximumFOp>(body.front());
    auto yield = dyn_cast<linalg::YieldOp>(body.getTerminator());
    if (!max || &body.front() == body.getTerminator() ||
        max->getNextNode() != yield || yield.getNumOperands() != 1 ||
        yield.getOperand(0) != max.getResult() ||
        !llvm::is_contained(max->getOperands(), body.getArgument(0)) ||
        !llvm::is_contained(max->getOperands(), body.getArgument(1)))
      continue;
    // The fill of -inf right before it (no other use of M in between).
    Value rowMax = generic.getDpsInits()[0];
    linalg::FillOp fill;
    for (Operation *previous = generic->getPrevNode(); previous;
         previous = previous->getPrevNode()) {
      fill = dyn_cast<linalg::FillOp>(previous);
      if (fill && fill.getOutputs()[0] == rowMax)
        break;
      fill = {};
      if (llvm::is_contained(previous->getOperands(), rowMax))
        break;
    }
    if (!fill)
      continue;
    auto value = fill.getInputs()[0].getDefiningOp<arith::ConstantOp>();
    auto infinity = value ? dyn_cast<FloatAttr>(value.getValue()) : FloatAttr();
    if (!infinity || !infinity.getValue().isInfinity() ||
        !infinity.getValue().isNegative())
      continue;
    return generic;
  }
  return {};
}

/// Whether `op` (or an op nested in it) may write memory that `root` is the
/// underlying buffer of: it writes a view of `root`, or a value that is not
/// a memref, or its effects are not known.
bool mayWriteBuffer(Operation *op, Value root) {
  std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(op);
  if (!effects)
    return true;
  return llvm::any_of(*effects, [&](const MemoryEffects::EffectInstance &e) {
    if (!isa<MemoryEffects::Write>(e.getEffect()))
      return false;
    auto written = dyn_cast_if_present<MemrefValue>(e.getValue());
    return !written || memref::skipViewLikeOps(written) == root;
  });
}

/// The first pass over `op`'s carrier after `after` in `op`'s block and
/// before `op`: an inner reduction (softmax's and LOG_SUM_EXP's exp-sum)
/// that reads the carrier as its first input through an identity map, with
/// nothing between it and `op` that may write the carrier's buffer through
/// any view of it (nothing can change the carrier after the pass listed
/// its chunks). Null where there is none.
linalg::GenericOp findCarrierPass(SelectTopKOp op, Value carrier,
                                  Operation *after) {
  for (Operation *next = after->getNextNode(); next && next != op;
       next = next->getNextNode()) {
    auto generic = dyn_cast<linalg::GenericOp>(next);
    if (!generic || !generic.hasPureBufferSemantics() ||
        generic.getNumDpsInputs() < 1 || generic.getDpsInputs()[0] != carrier ||
        !generic.getIndexingMapsArray()[0].isIdentity() ||
        generic.getIteratorTypesArray() !=
            SmallVector<utils::IteratorType>{utils::IteratorType::parallel,
                                             utils::IteratorType::reduction})
      continue;
    auto carrierBuffer = dyn_cast<MemrefValue>(carrier);
    if (!carrierBuffer)
      return {};
    Value root = memref::skipViewLikeOps(carrierBuffer);
    for (Operation *between = generic->getNextNode(); between != op;
         between = between->getNextNode())
      if (mayWriteBuffer(between, root))
        return {};
    return generic;
  }
  return {};
}

/// Gives the carrier pass `pass` the candidate buffer as one more input
/// (read by no body op; the row's header through (d0, d1) -> (d0, 0)) and
/// kCandidateChunksAttr, so that its vector loop lists the candidate chunks
/// (dml/Transforms/CandidateChunks.h).
void markCandidatePass(RewriterBase &rewriter, linalg::GenericOp pass,
                       Value candidates, int64_t granule, int64_t capacity) {
  MLIRContext *context = pass.getContext();
  unsigned inputs = pass.getNumDpsInputs();
  SmallVector<AffineMap> maps = pass.getIndexingMapsArray();
  maps.insert(maps.begin() + inputs,
              AffineMap::get(2, 0,
                             {getAffineDimExpr(0, context),
                              getAffineConstantExpr(0, context)},
                             context));
  rewriter.modifyOpInPlace(pass, [&] {
    pass.getInputsMutable().append(candidates);
    pass.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
    pass.getRegion().front().insertArgument(inputs, rewriter.getI32Type(),
                                            pass.getLoc());
    pass->setAttr(kCandidateChunksAttr,
                  rewriter.getDenseI64ArrayAttr(
                      {0, static_cast<int64_t>(inputs), granule, capacity}));
  });
}

} // namespace

LogicalResult mlir::dml::lowerSelectTopK(RewriterBase &rewriter,
                                         SelectTopKOp op, bool nativeCompress,
                                         bool candidateChunks) {
  SelectedElement input(op);
  if (failed(input.verifyLowerable()))
    return failure();
  Type elementType = input.getElementType();
  NumericKind kind = isa<FloatType>(elementType) ? NumericKind::Float
                     : op.getUnsignedIntegers()  ? NumericKind::Unsigned
                                                 : NumericKind::Signed;
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value values = op.getValues(), indices = op.getIndices();
  SmallVector<int64_t> shape = op.getIterationShape();
  int64_t rank = shape.size();
  int64_t axis = op.getAxis();
  int64_t length = shape[axis];
  bool decreasing = op.getDirection() == AxisDirection::Decreasing;
  int64_t k = op.getK();
  TopKEmitter emitter(kind, decreasing, axis, k, length, input, values,
                      indices);

  SmallVector<Value> lbs, ubs, steps;
  SmallVector<int64_t> outerSizes;
  int64_t sequences = 1;
  Value c0 = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value c1 = arith::ConstantIndexOp::create(rewriter, loc, 1);
  for (int64_t d = 0; d < rank; ++d) {
    if (d == axis)
      continue;
    lbs.push_back(c0);
    ubs.push_back(arith::ConstantIndexOp::create(rewriter, loc, shape[d]));
    steps.push_back(c1);
    sequences *= shape[d];
    outerSizes.push_back(shape[d]);
  }
  TopKProblem problem{kind,   decreasing, axis,          k, length, input,
                      values, indices,    nativeCompress};
  auto body = [&](OpBuilder &b, Location l, ValueRange ivs) {
    emitter.emitSequence(b, l, ivs);
  };
  // Inside a parallel loop (a block of rows from dml-fuse-rows), the blocks
  // are the parallel iterations: the block's sequences run in order.
  bool parallel = sequences > 1 && sequences * length >= kParallelThreshold &&
                  !op->getParentOfType<scf::ParallelOp>();
  // The row max of the carrier before the selection becomes one pass with
  // the selection's partition maxima; the max reduction itself runs only
  // where a row needs it exactly (a NaN, a zero max).
  Value sharedExtremes, candidates;
  linalg::GenericOp rowMax;
  if (canSelectTopKWithKeys(elementType) && !parallel)
    rowMax = findCarrierRowMax(op, input);
  if (int64_t size = rowMax ? getSharedCarrierExtremesSize(problem) : 0) {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(rowMax);
    Type carrierType = input.getCarrierType();
    sharedExtremes = memref::AllocOp::create(
        rewriter, loc, MemRefType::get({shape[0], size}, carrierType),
        rewriter.getI64IntegerAttr(64));
    Value identity = arith::ConstantOp::create(
        rewriter, loc,
        rewriter.getFloatAttr(
            carrierType,
            APFloat::getInf(cast<FloatType>(carrierType).getFloatSemantics(),
                            /*Negative=*/true)));
    Value exact = emitCarrierExtremesAndMax(rewriter, loc, problem, shape[0],
                                            sharedExtremes,
                                            rowMax.getDpsInits()[0], identity);
    auto exactMax = scf::IfOp::create(rewriter, loc, exact);
    rowMax->moveBefore(exactMax.thenBlock()->getTerminator());
    problem.carrierExtremes = sharedExtremes;
    // The block's next pass over the carrier (the exp-sum) lists the
    // chunks that may hold candidates, so that the scan reads only those.
    Value carrier = op.getInputs()[*input.getCarrier()];
    linalg::GenericOp pass = candidateChunks
                                 ? findCarrierPass(op, carrier, exactMax)
                                 : linalg::GenericOp();
    if (int64_t capacity = pass ? getCandidateCapacity(problem) : 0) {
      rewriter.setInsertionPointAfter(exactMax);
      candidates = memref::AllocOp::create(
          rewriter, loc,
          MemRefType::get({shape[0], kCandidateHeader + capacity + 1},
                          rewriter.getI32Type()),
          rewriter.getI64IntegerAttr(64));
      emitCandidateLimits(rewriter, loc, problem, shape[0], sharedExtremes,
                          rowMax.getDpsInits()[0], candidates);
      markCandidatePass(rewriter, pass, candidates,
                        getCandidateGranule(problem), capacity);
      problem.candidateChunks = candidates;
    }
  }
  if (canSelectTopKWithKeys(elementType))
    emitTopKWithKeys(rewriter, loc, problem, outerSizes, parallel);
  else if (lbs.empty())
    body(rewriter, loc, {});
  else if (parallel)
    scf::ParallelOp::create(rewriter, loc, lbs, ubs, steps, body);
  else
    scf::buildLoopNest(rewriter, loc, lbs, ubs, steps, body);
  if (sharedExtremes)
    memref::DeallocOp::create(rewriter, loc, sharedExtremes);
  if (candidates)
    memref::DeallocOp::create(rewriter, loc, candidates);
  rewriter.eraseOp(op);
  return success();
}
