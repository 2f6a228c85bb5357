//===- LinalgToVectorLoops.cpp - dml-linalg-to-vector-loops ---------------===//
//
// Code generation for bufferized, statically shaped linalg.generic ops (and
// linalg.fill, generalized first). The innermost loop is vectorized by
// cloning the op's body onto W-wide vectors; the parallel loops around it
// form an scf.parallel (lowered to OpenMP by the pipeline).
//
//   innermost loop parallel (elementwise, reductions over outer dims):
//     scf.parallel (parallel dims..., block of the innermost dim) {
//       scf.for (reduction dims..., R steps of the last one at a time) {
//         for each W-chunk of the block:
//           out[chunk] = body(in_r[chunk], ... body(in_0[chunk], out[chunk]))
//         scalar remainder
//       }
//     }
//   The R steps keep the outputs in registers and read R rows at once.
//   Rows read at a loaded index (a gather feeding a reduction: an embedding
//   bag) are prefetched, chunk by chunk, some steps ahead: the hardware
//   prefetchers cannot predict them, and each row would otherwise start
//   with a full memory latency. So are the next rows of a gather without a
//   reduction, and the rows of a column block whose piece of a row is
//   shorter than a page (the hardware prefetchers stop at page boundaries).
//   Rows that a gather along the innermost axis reads at scattered
//   positions are prefetched whole, two rows ahead.
//   Large write-only outputs (elementwise ops; >= 8 MiB into the caller's
//   buffers, >= 64 MiB into the kernel's) are written with non-temporal
//   stores: they skip the read-for-ownership of each line and do not evict
//   the inputs from the cache; loops that only store (one_hot, fills) do
//   so only with stream-fills (not on AMD Zen). The stores claim 16-byte
//   alignment, which DirectML guarantees for buffer tensors (and every
//   chunk offset keeps); the pass checks the offsets statically.
//   innermost loop a reduction (reductions over the innermost dim):
//     scf.parallel (parallel dims..., J outputs of the last one at a time) {
//       acc[J] = splat(identity) : vector<W>
//       scf.for (outer reduction dims...) {
//         for each W-chunk: acc[j] = body(in_j[chunk], acc[j]), j < J
//         scalar remainders into J scalar accumulators
//       }
//       out[j] = combine(out[j], vector.reduction(acc[j]), scalar acc[j])
//     }
//   Reading J rows at once keeps J hardware prefetch streams busy: one core
//   reads ~20 % faster from four streams than from one (Intel Xeon). Rows
//   of at least 16 KiB read long-row-streams rows at once, with
//   long-row-wide (AMD Zen's default) a whole chunk each. Rows of at most a
//   page under an outer reduction are prefetched one outer step ahead.
//
//===----------------------------------------------------------------------===//

#include "dml/Transforms/BodyCloner.h"
#include "dml/Transforms/CandidateChunks.h"
#include "dml/Transforms/OptionRange.h"
#include "dml/Transforms/Passes.h"
#include "dml/Transforms/ReductionIdentity.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h"

#include <numeric>

namespace mlir::dml {
#define GEN_PASS_DEF_DMLLINALGTOVECTORLOOPS
#include "dml/Transforms/Passes.h.inc"
} // namespace mlir::dml

using namespace mlir;
using mlir::dml::BodyCloner;
using mlir::dml::kCandidateChunksAttr;
using mlir::dml::Point;

namespace {

/// Input rows of at least this many bytes take the long-row paths (wide
/// rows, realigned loads, row prefetch, long-row streams and claims): four
/// pages, which the stream prefetcher follows across page boundaries.
constexpr int64_t kLongRowBytes = 16 << 10;

//===----------------------------------------------------------------------===//
// Combiners of inner reductions
//===----------------------------------------------------------------------===//

std::optional<vector::CombiningKind> getCombiningKind(Operation *op) {
  using Kind = vector::CombiningKind;
  return llvm::TypeSwitch<Operation *, std::optional<Kind>>(op)
      .Case<arith::AddFOp, arith::AddIOp>([](auto) { return Kind::ADD; })
      .Case<arith::MulFOp, arith::MulIOp>([](auto) { return Kind::MUL; })
      .Case<arith::MaximumFOp>([](auto) { return Kind::MAXIMUMF; })
      .Case<arith::MinimumFOp>([](auto) { return Kind::MINIMUMF; })
      .Case<arith::MaxNumFOp>([](auto) { return Kind::MAXNUMF; })
      .Case<arith::MinNumFOp>([](auto) { return Kind::MINNUMF; })
      .Case<arith::MaxSIOp>([](auto) { return Kind::MAXSI; })
      .Case<arith::MinSIOp>([](auto) { return Kind::MINSI; })
      .Case<arith::MaxUIOp>([](auto) { return Kind::MAXUI; })
      .Case<arith::MinUIOp>([](auto) { return Kind::MINUI; })
      .Default([](Operation *) { return std::nullopt; });
}

/// A copy of the binary `combiner` applied to (lhs, rhs).
Value createCombine(OpBuilder &b, Location loc, Operation *combiner, Value lhs,
                    Value rhs) {
  OperationState state(loc, combiner->getName());
  state.addOperands({lhs, rhs});
  state.addTypes(lhs.getType());
  state.addAttributes(combiner->getAttrs());
  return b.create(state)->getResult(0);
}

/// Input operands of `op` (buffers) read at the same element by every
/// point of the loops over `loopDims`.
SmallVector<OpOperand *> getLoopInvariantInputs(linalg::GenericOp op,
                                                ArrayRef<int64_t> loopDims) {
  SmallVector<OpOperand *> inputs;
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    if (isa<MemRefType>(input->get().getType()) &&
        llvm::none_of(loopDims,
                      [&](int64_t dim) { return map.isFunctionOfDim(dim); }))
      inputs.push_back(input);
  }
  return inputs;
}

/// Body ops of `op` whose value is the same for every point of the loops
/// over `loopDims`: linalg.index of other dimensions, the block arguments
/// of getLoopInvariantInputs, loads from buffers that are not outputs of
/// the op (bufferization keeps outputs apart from the inputs they are
/// computed from) and arith/math ops of those.
SmallVector<Operation *> getChunkInvariantOps(linalg::GenericOp op,
                                              ArrayRef<int64_t> loopDims) {
  Block &body = op.getRegion().front();
  llvm::SmallPtrSet<Value, 4> invariantArgs;
  for (OpOperand *input : getLoopInvariantInputs(op, loopDims))
    invariantArgs.insert(op.getMatchingBlockArgument(input));
  llvm::SmallPtrSet<Operation *, 16> invariant;
  SmallVector<Operation *> ordered;
  auto isInvariant = [&](Value value) {
    if (Operation *def = value.getDefiningOp())
      return def->getBlock() != &body || invariant.contains(def);
    return cast<BlockArgument>(value).getOwner() != &body ||
           invariantArgs.contains(value);
  };
  for (Operation &nested : body.without_terminator()) {
    bool candidate = false;
    if (auto index = dyn_cast<linalg::IndexOp>(nested))
      candidate =
          !llvm::is_contained(loopDims, static_cast<int64_t>(index.getDim()));
    else if (auto load = dyn_cast<memref::LoadOp>(nested))
      candidate = !llvm::is_contained(op.getDpsInits(), load.getMemRef());
    else
      candidate =
          nested.getNumRegions() == 0 &&
          isa<arith::ArithDialect, math::MathDialect>(nested.getDialect());
    if (candidate && llvm::all_of(nested.getOperands(), isInvariant)) {
      invariant.insert(&nested);
      ordered.push_back(&nested);
    }
  }
  return ordered;
}

//===----------------------------------------------------------------------===//
// Generic lowering
//===----------------------------------------------------------------------===//

/// Indices of `map` at `ivs`; map results are dimensions or constants.
SmallVector<Value> getIndices(OpBuilder &b, Location loc, AffineMap map,
                              ArrayRef<Value> ivs) {
  SmallVector<Value> indices;
  for (AffineExpr expr : map.getResults()) {
    if (auto dim = dyn_cast<AffineDimExpr>(expr))
      indices.push_back(ivs[dim.getPosition()]);
    else
      indices.push_back(arith::ConstantIndexOp::create(
          b, loc, cast<AffineConstantExpr>(expr).getValue()));
  }
  return indices;
}

bool isDimOrConstant(AffineMap map) {
  return llvm::all_of(map.getResults(), [](AffineExpr expr) {
    return isa<AffineDimExpr, AffineConstantExpr>(expr);
  });
}

/// A row that a body load will read at a data-dependent position (a
/// gathered row), to prefetch: all its indices but the last (the vectorized
/// dimension's).
struct PrefetchRow {
  Value memref;
  SmallVector<Value> prefix;
  int64_t elementBytes;
};

/// A row read at data-dependent positions within it (getScatteredRows):
/// `columnsPerOutput` of its `elements` are prefetched per output element.
struct ScatteredRow {
  PrefetchRow row;
  int64_t columnsPerOutput;
  int64_t elements;
};

class GenericLowering {
public:
  GenericLowering(RewriterBase &rewriter, linalg::GenericOp op,
                  int64_t vectorBits, int64_t registersPerChunk,
                  int64_t parallelThreshold, unsigned threads,
                  int64_t itemsPerThread, int64_t callerStreamingBytes,
                  bool streamFills, bool streamPagePrefetch, bool prefetch,
                  bool prefetchGatheredRows, int64_t longRowClaimsPerThread,
                  int64_t longRowStreams, int64_t longRowPrefetchBytes,
                  int64_t longRowPrefetchLocality, bool longRowWide,
                  bool realignRows)
      : rewriter(rewriter), op(op), loc(op.getLoc()), vectorBits(vectorBits),
        registersPerChunk(registersPerChunk),
        parallelThreshold(parallelThreshold), threads(threads),
        itemsPerThread(itemsPerThread),
        callerStreamingBytes(callerStreamingBytes), streamFills(streamFills),
        streamPagePrefetch(streamPagePrefetch), prefetch(prefetch),
        prefetchGatheredRows(prefetchGatheredRows),
        longRowClaimsPerThread(longRowClaimsPerThread),
        longRowStreams(longRowStreams),
        longRowPrefetchBytes(longRowPrefetchBytes),
        longRowPrefetchLocality(longRowPrefetchLocality),
        longRowWide(longRowWide), realignRows(realignRows) {}

  LogicalResult run() {
    if (!op.hasPureBufferSemantics() || op.getNumDpsInits() == 0)
      return failure();
    sizes = op.getStaticLoopRanges();
    if (llvm::any_of(sizes, ShapedType::isDynamic))
      return failure();
    if (!llvm::all_of(op.getIndexingMapsArray(), isDimOrConstant))
      return failure();
    rank = sizes.size();
    iterators = op.getIteratorTypesArray();
    width = chooseWidth();

    rewriter.setInsertionPoint(op);
    // Before anything is emitted: the ops emitted for `op` use its outputs
    // too, some as loads that die later.
    for (Value init : op.getDpsInits())
      if (Value block = getBlockRowsSource(init);
          block && isFunctionArgument(block) && !isReadInKernel(block))
        unreadBlockRows[init] = block;
    if (rank == 0)
      return emitScalarOp();
    vectorDim = rank - 1;
    if (width > 1 && !canVectorize())
      width = 1;
    bool innerReduction =
        iterators[vectorDim] == utils::IteratorType::reduction;
    if (innerReduction) {
      if (failed(analyzeCombiners()))
        return failure();
      return emitInnerReduction();
    }
    return emitInnerParallel();
  }

private:
  /// W: `registersPerChunk` registers of the widest element type in the
  /// body, at most the (power-of-two floor of the) innermost loop size.
  int64_t chooseWidth() {
    unsigned widest = 8;
    auto consider = [&](Type type) {
      if (type.isIndex())
        widest = std::max(widest, 64u);
      else if (type.isIntOrFloat() && type.getIntOrFloatBitWidth() > 1)
        widest = std::max(widest, type.getIntOrFloatBitWidth());
    };
    Block &body = op.getRegion().front();
    for (BlockArgument arg : body.getArguments())
      consider(arg.getType());
    body.walk([&](Operation *nested) {
      // An index only cast to narrower integers (a flat i32 position) is
      // computed in that width once vectorized.
      if (isa<linalg::IndexOp>(nested) &&
          llvm::all_of(nested->getUsers(), [](Operation *user) {
            return isa<arith::IndexCastOp, arith::IndexCastUIOp>(user);
          }))
        return;
      for (Type type : nested->getResultTypes())
        consider(type);
    });
    int64_t lanes = std::max<int64_t>(1, vectorBits / widest);
    lanesPerRegister = lanes;
    int64_t chunk = lanes * registersPerChunk;
    if (sizes.empty())
      return 1;
    int64_t innermost = sizes.back();
    while (chunk > 1 && chunk > innermost)
      chunk /= 2;
    return chunk;
  }

  /// Operands must be contiguous in the innermost dimension when they
  /// depend on it.
  bool canVectorize() {
    for (OpOperand &operand : op->getOpOperands()) {
      AffineMap map = op.getMatchingIndexingMap(&operand);
      auto memrefType = dyn_cast<MemRefType>(operand.get().getType());
      bool usesVectorDim = map.isFunctionOfDim(vectorDim);
      if (!usesVectorDim)
        continue;
      if (!memrefType || !memrefType.isLastDimUnitStride())
        return false;
      auto last = dyn_cast<AffineDimExpr>(map.getResults().back());
      if (!last || last.getPosition() != vectorDim)
        return false;
      for (AffineExpr expr : map.getResults().drop_back())
        if (expr.isFunctionOfDim(vectorDim))
          return false;
    }
    return true;
  }

  /// Each yielded value must be `combiner(output argument, x)` with the
  /// output argument used nowhere else (several outputs: siblings fused
  /// into one op, each with its own combiner), or belong to one selection
  /// (analyzeSelection).
  LogicalResult analyzeCombiners() {
    Block &body = op.getRegion().front();
    SmallVector<int64_t> selected;
    for (auto [k, yielded, outputArg] : llvm::enumerate(
             body.getTerminator()->getOperands(), op.getRegionOutputArgs())) {
      reductions.push_back({});
      Operation *combiner = yielded.getDefiningOp();
      std::optional<vector::CombiningKind> kind;
      if (combiner && combiner->getBlock() == &body &&
          combiner->getNumOperands() == 2 && outputArg.hasOneUse() &&
          llvm::is_contained(combiner->getOperands(), outputArg))
        kind = getCombiningKind(combiner);
      TypedAttr identity =
          kind ? dml::getReductionIdentity(rewriter, *kind, outputArg.getType())
               : TypedAttr();
      if (!identity) {
        selected.push_back(k);
        continue;
      }
      reductions.back() = {combiner, *kind, identity};
    }
    if (selected.empty())
      return success();
    return analyzeSelection(selected);
  }

  /// A selection reduction (arg_max/arg_min in one pass): every output k
  /// yields `select(replaces, candidate_k, output_k)` with one condition
  /// (or all `select(keeps, output_k, candidate_k)`).
  /// Value outputs select an input element and feed `replaces` (with that
  /// element); one position output selects a function of linalg.index that
  /// grows along the iteration order (the flat index). Lanes keep their own
  /// (value, position) and are merged by evaluating `replaces` with the
  /// earlier position as the output and the later one as the element, so
  /// the result is that of the plain loop, ties and NaNs included.
  LogicalResult analyzeSelection(ArrayRef<int64_t> outputs) {
    Block &body = op.getRegion().front();
    Value condition;
    llvm::SmallPtrSet<Value, 4> conditionArgs;
    SelectionInfo info;
    info.outputs.assign(outputs.begin(), outputs.end());
    for (int64_t k : outputs) {
      Value yielded = body.getTerminator()->getOperand(k);
      BlockArgument outputArg = op.getRegionOutputArgs()[k];
      auto select = yielded.getDefiningOp<arith::SelectOp>();
      if (!select || select->getBlock() != &body ||
          (condition && select.getCondition() != condition))
        return failure();
      // Canonicalization may swap the operands and negate the condition
      // (select(not c, x, out) -> select(c, out, x)).
      bool keepsOnTrue = select.getTrueValue() == outputArg;
      if (!keepsOnTrue && select.getFalseValue() != outputArg)
        return failure();
      if (condition && keepsOnTrue != info.keepsOnTrue)
        return failure();
      info.keepsOnTrue = keepsOnTrue;
      condition = select.getCondition();
      Value candidate =
          keepsOnTrue ? select.getFalseValue() : select.getTrueValue();
      auto candidateArg = dyn_cast<BlockArgument>(candidate);
      if (candidateArg && candidateArg.getOwner() == &body &&
          candidateArg.getArgNumber() < op.getNumDpsInputs()) {
        info.valueOutputs.push_back(k);
        info.elementArgs.push_back(candidateArg);
        conditionArgs.insert(candidateArg);
        conditionArgs.insert(outputArg);
      } else if (isIndexFunction(candidate) &&
                 isa<IntegerType>(candidate.getType()) &&
                 info.positionOutput < 0 && outputArg.hasOneUse()) {
        info.positionOutput = k;
      } else {
        return failure();
      }
    }
    if (!condition || info.positionOutput < 0 || info.valueOutputs.empty())
      return failure();
    // `replaces` must depend on the value outputs and their elements only,
    // through arith ops of the body, so that it can be evaluated on merged
    // lanes.
    SmallVector<Operation *> slice;
    llvm::SmallPtrSet<Operation *, 8> visited;
    std::function<bool(Value)> collect = [&](Value value) {
      if (auto arg = dyn_cast<BlockArgument>(value))
        return arg.getOwner() != &body || conditionArgs.contains(arg);
      Operation *def = value.getDefiningOp();
      if (def->getBlock() != &body || visited.contains(def))
        return true;
      if (def->getNumRegions() != 0 ||
          !isa<arith::ArithDialect>(def->getDialect()))
        return false;
      visited.insert(def);
      if (!llvm::all_of(def->getOperands(), collect))
        return false;
      slice.push_back(def);
      return true;
    };
    if (!collect(condition))
      return failure();
    // The value outputs are used by their select and by `replaces` only.
    for (int64_t k : info.valueOutputs)
      for (Operation *user : op.getRegionOutputArgs()[k].getUsers())
        if (user != body.getTerminator()->getOperand(k).getDefiningOp() &&
            !visited.contains(user))
          return failure();
    info.condition = condition;
    info.conditionOps = std::move(slice);
    selection = std::move(info);
    return success();
  }

  /// `value` is computed from linalg.index and constants by arith ops.
  bool isIndexFunction(Value value) {
    Operation *def = value.getDefiningOp();
    if (!def || def->getBlock() != &op.getRegion().front())
      return def != nullptr;
    if (isa<linalg::IndexOp>(def))
      return true;
    return def->getNumRegions() == 0 &&
           isa<arith::ArithDialect>(def->getDialect()) &&
           llvm::all_of(def->getOperands(), [&](Value operand) {
             return isIndexFunction(operand);
           });
  }

  /// Values of the body arguments at `point` (the output argument excluded).
  SmallVector<Value> loadInputs(OpBuilder &b, const Point &point) {
    SmallVector<Value> values;
    for (OpOperand *input : op.getDpsInputOperands()) {
      Value source = input->get();
      if (!isa<MemRefType>(source.getType())) {
        values.push_back(source);
        continue;
      }
      AffineMap map = op.getMatchingIndexingMap(input);
      SmallVector<Value> indices = getIndices(b, loc, map, point.ivs);
      Type elementType = cast<MemRefType>(source.getType()).getElementType();
      if (realigning && point.isVector() && isRealignedInput(input))
        values.push_back(loadRealigned(b, source, indices, point.width));
      else if (point.isVector() && map.isFunctionOfDim(point.vectorDim))
        values.push_back(vector::LoadOp::create(
            b, loc, VectorType::get({point.width}, elementType), source,
            indices));
      else
        values.push_back(memref::LoadOp::create(b, loc, source, indices));
    }
    return values;
  }

  //===--------------------------------------------------------------------===//
  // Realigned rows (realign-rows)
  //===--------------------------------------------------------------------===//
  //
  // numpy's large arrays start 16 bytes past a page: every 64-byte load of
  // a row then spans two cache lines (R1: 1.94 vs 1.48 ms on the AMD host).
  // A row that starts p lanes past a 64-byte boundary is read instead as
  // aligned vectors a_m (the 16 lanes at 64-byte boundary m of the row's
  // first), and its chunk c is vpermi2ps(a_c, [p .. p + 15], a_c+1): the
  // same lanes as the unaligned load, so every accumulator sums the same
  // elements in the same order (results bit-identical). a_0 of the row's
  // first chunk holds p lanes before the row and a_last of its last chunk
  // lanes past it: those are masked loads (a masked-off lane never faults
  // nor counts as an access for ASan).

  static constexpr int64_t kRealignLanes = 16;
  static constexpr int64_t kRealignBytes = 64;

  /// The vector loops of this inner reduction may read realigned rows:
  /// f32 rows of at least 16 KiB (the long-row paths; the permute per
  /// vector would cost more than a split load saves on short, cached
  /// rows) on a target with AVX-512F, in a body without math ops (exp,
  /// log: compute-bound, the permutes compete with the polynomial for the
  /// vector ports; R3's exp pass was 35 % slower realigned on AMD Zen 5).
  bool chooseRealign() {
    if (!realignRows || vectorBits < 512 || width % kRealignLanes != 0 ||
        getInputRowBytes() < kLongRowBytes || hasMathBody())
      return false;
    return llvm::any_of(op.getDpsInputOperands(), [&](OpOperand *input) {
      return isRealignedInput(input);
    });
  }

  /// An f32 buffer read along the innermost dimension, contiguously, whose
  /// other indices do not depend on it (canVectorize checked the rest).
  bool isRealignedInput(OpOperand *input) {
    auto type = dyn_cast<MemRefType>(input->get().getType());
    AffineMap map = op.getMatchingIndexingMap(input);
    if (!type || !type.getElementType().isF32() || map.getNumResults() == 0 ||
        !type.isLastDimUnitStride())
      return false;
    auto last = dyn_cast<AffineDimExpr>(map.getResults().back());
    return last && static_cast<int64_t>(last.getPosition()) == vectorDim;
  }

  /// The address (index) of element `indices` of `source` with its last
  /// index replaced by 0: the start of the row.
  Value getRowAddress(OpBuilder &b, Value source, ArrayRef<Value> indices) {
    auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, source);
    Value linear = metadata.getOffset();
    for (auto [index, stride] :
         llvm::zip(indices.drop_back(), metadata.getStrides().drop_back()))
      linear = arith::AddIOp::create(
          b, loc, linear, arith::MulIOp::create(b, loc, index, stride));
    Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, source);
    return arith::AddIOp::create(
        b, loc, base,
        arith::MulIOp::create(
            b, loc, linear,
            arith::ConstantIndexOp::create(b, loc, sizeof(float))));
  }

  /// Lanes (f32) from the last 64-byte boundary to the row's start.
  Value getRowMisalignment(OpBuilder &b, Value rowAddress) {
    return arith::ShRUIOp::create(
        b, loc,
        arith::AndIOp::create(
            b, loc, rowAddress,
            arith::ConstantIndexOp::create(b, loc, kRealignBytes - 1)),
        arith::ConstantIndexOp::create(b, loc, 2));
  }

  /// True when the row at `point` of some realigned input does not start
  /// at a 64-byte boundary.
  Value isAnyRowMisaligned(OpBuilder &b, ArrayRef<SmallVector<Value>> rowIvs) {
    Value any = arith::ConstantIntOp::create(b, loc, 0, 1);
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    for (OpOperand *input : op.getDpsInputOperands()) {
      if (!isRealignedInput(input))
        continue;
      for (ArrayRef<Value> ivs : rowIvs) {
        SmallVector<Value> at(ivs);
        at[vectorDim] = zero;
        SmallVector<Value> indices =
            getIndices(b, loc, op.getMatchingIndexingMap(input), at);
        Value lanes =
            getRowMisalignment(b, getRowAddress(b, input->get(), indices));
        any = arith::OrIOp::create(
            b, loc, any,
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, lanes,
                                  zero));
      }
    }
    return any;
  }

  /// The `width` f32 of `source` at `indices` (a chunk of a row), from
  /// width / 16 + 1 aligned loads and width / 16 permutes.
  Value loadRealigned(OpBuilder &b, Value source, ArrayRef<Value> indices,
                      int64_t width) {
    Value rowAddress = getRowAddress(b, source, indices);
    Value lanes = getRowMisalignment(b, rowAddress);
    Value alignedRow = arith::AndIOp::create(
        b, loc, rowAddress,
        arith::ConstantIndexOp::create(b, loc, ~(kRealignBytes - 1)));
    auto laneType = VectorType::get({kRealignLanes}, b.getF32Type());
    auto indexType = VectorType::get({kRealignLanes}, b.getI32Type());
    Value splatLanes = vector::BroadcastOp::create(
        b, loc, indexType,
        arith::IndexCastOp::create(b, loc, b.getI32Type(), lanes));
    SmallVector<int32_t> iota(kRealignLanes);
    std::iota(iota.begin(), iota.end(), 0);
    Value laneIds = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(indexType, ArrayRef<int32_t>(iota)));
    // Lane k of the permute takes lane p + k of (a_c, a_c+1).
    Value permutation = arith::AddIOp::create(b, loc, splatLanes, laneIds);
    Value chunkAddress = arith::AddIOp::create(
        b, loc, alignedRow,
        arith::MulIOp::create(
            b, loc, indices.back(),
            arith::ConstantIndexOp::create(b, loc, sizeof(float))));
    int64_t count = width / kRealignLanes;
    if (rotating)
      return loadRotated(b, chunkAddress, laneIds, splatLanes, width);
    SmallVector<Value> aligned;
    for (int64_t m = 0; m <= count; ++m) {
      Value ptr = getAlignedVectorPointer(b, chunkAddress, m);
      // Lanes before the row (its first vector) or past the chunk's end
      // (its last vector: only lanes below p are used) stay unread.
      std::optional<arith::CmpIPredicate> keep;
      if (m == 0 && realignHead)
        keep = arith::CmpIPredicate::sge;
      else if (m == count && realignTail)
        keep = arith::CmpIPredicate::slt;
      if (keep) {
        Value mask = arith::CmpIOp::create(b, loc, *keep, laneIds, splatLanes);
        Value zeros = arith::ConstantOp::create(
            b, loc, DenseElementsAttr::get(laneType, 0.0f));
        aligned.push_back(LLVM::MaskedLoadOp::create(
            b, loc, laneType, ptr, mask, zeros, kRealignBytes));
      } else {
        aligned.push_back(
            LLVM::LoadOp::create(b, loc, laneType, ptr, kRealignBytes));
      }
    }
    Value chunk;
    if (count > 1)
      chunk = arith::ConstantOp::create(
          b, loc,
          DenseElementsAttr::get(VectorType::get({width}, b.getF32Type()),
                                 0.0f));
    auto intrinsic = b.getStringAttr("llvm.x86.avx512.vpermi2var.ps.512");
    for (int64_t c = 0; c < count; ++c) {
      Value lanesOfChunk =
          LLVM::CallIntrinsicOp::create(
              b, loc, laneType, intrinsic,
              ValueRange{aligned[c], permutation, aligned[c + 1]})
              .getResult(0);
      if (count == 1)
        return lanesOfChunk;
      chunk = vector::InsertStridedSliceOp::create(
          b, loc, lanesOfChunk, chunk, ArrayRef<int64_t>{c * kRealignLanes},
          ArrayRef<int64_t>{1});
    }
    return chunk;
  }

  // Rotated lanes: instead of permuting every vector, the loop adds the
  // aligned vectors themselves, so lane k of register r of a row that
  // starts p lanes past a boundary sums the positions 16r + k - p (mod W):
  // the partition of the plain loop, rotated by p lanes across the W / 16
  // registers, each lane still in row order. The first step keeps the
  // lanes before the row (k < p of register 0) at their state, one extra
  // step adds the lanes k < p of the aligned vector after the last chunk,
  // and one vpermi2ps per register at the end rotates the lanes back
  // (accumulators carried in from an outer reduction step are rotated in
  // first): the same partial results as the plain loop, bit for bit, with
  // a loop of aligned loads only (the permute per vector cost 4-17 % from
  // DRAM on AMD Zen 5; on the 16-core Xeon rotated lanes gained more).

  /// Rotated lanes need the lanes' state to be f32 sums of one realigned
  /// input per lane (no selections, NaN flags, other inputs along the
  /// row or positions).
  bool chooseRotatedLanes() {
    if (selection || !fastExtrema.empty())
      return false;
    for (Value init : op.getDpsInits())
      if (!cast<ShapedType>(init.getType()).getElementType().isF32())
        return false;
    int64_t alongRow = 0;
    for (OpOperand *input : op.getDpsInputOperands()) {
      AffineMap map = op.getMatchingIndexingMap(input);
      if (!map.isFunctionOfDim(vectorDim))
        continue;
      if (!isRealignedInput(input))
        return false;
      ++alongRow;
    }
    bool usesIndex = false;
    op.getRegion().front().walk([&](linalg::IndexOp) { usesIndex = true; });
    return alongRow == 1 && !usesIndex;
  }

  /// A pointer to the aligned 64-byte vector `index` of the chunk at
  /// `chunkAddress`.
  Value getAlignedVectorPointer(OpBuilder &b, Value chunkAddress,
                                int64_t index) {
    Value address = arith::AddIOp::create(
        b, loc, chunkAddress,
        arith::ConstantIndexOp::create(b, loc, index * kRealignBytes));
    return LLVM::IntToPtrOp::create(
        b, loc, LLVM::LLVMPointerType::get(b.getContext()),
        arith::IndexCastOp::create(b, loc, b.getI64Type(), address).getResult(),
        /*dereferenceable=*/nullptr);
  }

  /// The `width` f32 of the aligned vectors at `chunkAddress` (rotated
  /// lanes): the first masked to lanes >= p at realignHead; at realignTail
  /// only the first, masked to lanes < p.
  Value loadRotated(OpBuilder &b, Value chunkAddress, Value laneIds,
                    Value splatLanes, int64_t width) {
    auto laneType = VectorType::get({kRealignLanes}, b.getF32Type());
    Value zeros = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(laneType, 0.0f));
    Value chunk = width > kRealignLanes
                      ? arith::ConstantOp::create(
                            b, loc,
                            DenseElementsAttr::get(
                                VectorType::get({width}, b.getF32Type()), 0.0f))
                            .getResult()
                      : Value();
    for (int64_t c = 0; c < width / kRealignLanes; ++c) {
      Value part = zeros;
      if (c == 0 || !realignTail) {
        Value ptr = getAlignedVectorPointer(b, chunkAddress, c);
        std::optional<arith::CmpIPredicate> keep;
        if (c == 0 && realignHead)
          keep = arith::CmpIPredicate::sge;
        else if (c == 0 && realignTail)
          keep = arith::CmpIPredicate::slt;
        if (keep)
          part = LLVM::MaskedLoadOp::create(
              b, loc, laneType, ptr,
              arith::CmpIOp::create(b, loc, *keep, laneIds, splatLanes), zeros,
              kRealignBytes);
        else
          part = LLVM::LoadOp::create(b, loc, laneType, ptr, kRealignBytes);
      }
      if (!chunk)
        return part;
      chunk = vector::InsertStridedSliceOp::create(
          b, loc, part, chunk, ArrayRef<int64_t>{c * kRealignLanes},
          ArrayRef<int64_t>{1});
    }
    return chunk;
  }

  /// Lanes (i32 vector of `width`) and the row's misalignment p splat.
  std::pair<Value, Value> getLaneIdsAndSplat(OpBuilder &b, Value lanes,
                                             int64_t width) {
    auto type = VectorType::get({width}, b.getI32Type());
    SmallVector<int32_t> iota(width);
    std::iota(iota.begin(), iota.end(), 0);
    Value ids = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(type, ArrayRef<int32_t>(iota)));
    Value splat = vector::BroadcastOp::create(
        b, loc, type,
        arith::IndexCastOp::create(b, loc, b.getI32Type(), lanes));
    return {ids, splat};
  }

  /// `acc` moved between the plain loop's lane order and rotated lanes of
  /// a row starting p = `lanes` past a boundary. `back` (rotated to
  /// plain): register r lane j is lane j + p of rotated register r, or lane
  /// j + p - 16 of register r + 1 (mod W/16); otherwise (plain to rotated,
  /// for accumulators carried in from an outer reduction step): rotated
  /// register r lane k is lane k - p of register r, or lane k - p + 16 of
  /// register r - 1.
  Value rotateLanes(OpBuilder &b, Value acc, Value lanes, bool back) {
    // A splat (the identity a row starts from) is the same in any order.
    DenseElementsAttr constant;
    auto broadcast = acc.getDefiningOp<vector::BroadcastOp>();
    if ((broadcast && !isa<VectorType>(broadcast.getSourceType())) ||
        (matchPattern(acc, m_Constant(&constant)) && constant.isSplat()))
      return acc;
    int64_t width = cast<VectorType>(acc.getType()).getNumElements();
    auto laneType = VectorType::get({kRealignLanes}, b.getF32Type());
    auto [ids, splat] = getLaneIdsAndSplat(b, lanes, kRealignLanes);
    // vpermi2ps: indices 0-15 pick lanes of the first register, 16-31 of
    // the second.
    Value permutation;
    if (back) {
      permutation = arith::AddIOp::create(b, loc, splat, ids);
    } else {
      Value sixteen = arith::ConstantOp::create(
          b, loc,
          DenseElementsAttr::get(cast<ShapedType>(ids.getType()),
                                 static_cast<int32_t>(kRealignLanes)));
      permutation = arith::SubIOp::create(
          b, loc, arith::AddIOp::create(b, loc, ids, sixteen), splat);
    }
    int64_t count = width / kRealignLanes;
    SmallVector<Value> registers;
    for (int64_t r = 0; r < count; ++r)
      registers.push_back(
          count == 1
              ? acc
              : vector::ExtractStridedSliceOp::create(
                    b, loc, acc, ArrayRef<int64_t>{r * kRealignLanes},
                    ArrayRef<int64_t>{kRealignLanes}, ArrayRef<int64_t>{1})
                    .getResult());
    auto intrinsic = b.getStringAttr("llvm.x86.avx512.vpermi2var.ps.512");
    Value result = acc;
    for (int64_t r = 0; r < count; ++r) {
      Value first = back ? registers[r] : registers[(r + count - 1) % count];
      Value second = back ? registers[(r + 1) % count] : registers[r];
      Value moved =
          LLVM::CallIntrinsicOp::create(b, loc, laneType, intrinsic,
                                        ValueRange{first, permutation, second})
              .getResult(0);
      if (count == 1)
        return moved;
      result = vector::InsertStridedSliceOp::create(
          b, loc, moved, result, ArrayRef<int64_t>{r * kRealignLanes},
          ArrayRef<int64_t>{1});
    }
    return result;
  }

  /// The then-branch of a misaligned row group with rotated lanes: the
  /// accumulators `accs` (rowState per row) over [begin, end) by `step`,
  /// returned in the plain loop's lane order.
  template <typename StepFn, typename LoopFn>
  SmallVector<Value> emitRotatedRows(OpBuilder &rb, int64_t begin, int64_t end,
                                     int64_t step, ValueRange accs,
                                     ArrayRef<SmallVector<Value>> rowIvs,
                                     StepFn &emitStep, LoopFn &emitLoop) {
    auto dispatch = scf::IfOp::create(rb, loc, TypeRange(accs),
                                      isAnyRowMisaligned(rb, rowIvs),
                                      /*withElseRegion=*/true);
    OpBuilder tb = OpBuilder::atBlockEnd(dispatch.thenBlock());
    // p of each row (of the one input read along the row).
    OpOperand *input =
        *llvm::find_if(op.getDpsInputOperands(), [&](OpOperand *operand) {
          return isRealignedInput(operand);
        });
    SmallVector<Value> rowLanes;
    for (ArrayRef<Value> ivs : rowIvs) {
      SmallVector<Value> at(ivs);
      at[vectorDim] = arith::ConstantIndexOp::create(tb, loc, 0);
      rowLanes.push_back(getRowMisalignment(
          tb, getRowAddress(
                  tb, input->get(),
                  getIndices(tb, loc, op.getMatchingIndexingMap(input), at))));
    }
    int64_t perRow = accs.size() / rowIvs.size();
    // Accumulators carried in (an outer reduction's earlier steps) take
    // the rotated order.
    SmallVector<Value> rotatedAccs;
    for (auto [i, acc] : llvm::enumerate(accs))
      rotatedAccs.push_back(
          rotateLanes(tb, acc, rowLanes[i / perRow], /*back=*/false));
    // Lanes k of each row's accumulators take the step's value where
    // `predicate`(k, p) holds, else keep their state.
    auto merge = [&](ValueRange state, ValueRange next,
                     arith::CmpIPredicate predicate) {
      SmallVector<Value> merged;
      for (auto [i, value] : llvm::enumerate(next)) {
        auto [ids, splat] = getLaneIdsAndSplat(tb, rowLanes[i / perRow], width);
        Value keep = arith::CmpIOp::create(tb, loc, predicate, ids, splat);
        merged.push_back(
            arith::SelectOp::create(tb, loc, keep, value, state[i]));
      }
      return merged;
    };
    realigning = rotating = true;
    realignHead = true;
    SmallVector<Value> state =
        merge(rotatedAccs,
              emitStep(tb, arith::ConstantIndexOp::create(tb, loc, begin),
                       rotatedAccs),
              arith::CmpIPredicate::sge);
    realignHead = false;
    state = emitLoop(tb, begin + step, end, state);
    realignTail = true;
    state =
        merge(state,
              emitStep(tb, arith::ConstantIndexOp::create(tb, loc, end), state),
              arith::CmpIPredicate::slt);
    realignTail = false;
    realigning = rotating = false;
    for (size_t i = 0; i < state.size(); ++i)
      state[i] = rotateLanes(tb, state[i], rowLanes[i / perRow], /*back=*/true);
    scf::YieldOp::create(tb, loc, state);
    OpBuilder eb = OpBuilder::atBlockEnd(dispatch.elseBlock());
    scf::YieldOp::create(eb, loc, emitLoop(eb, begin, end, accs));
    return SmallVector<Value>(dispatch.getResults());
  }

  /// Large enough for threads, and not already inside a parallel loop (a
  /// block of rows of dml-fuse-rows): nested OpenMP regions would only add
  /// overhead.
  bool isWorthParallel() {
    return getIterationCount() >= parallelThreshold &&
           !op->getParentOfType<scf::ParallelOp>() &&
           !op->getParentOfType<scf::ForallOp>();
  }

  int64_t getIterationCount() {
    int64_t count = 1;
    for (int64_t size : sizes)
      count *= size;
    return count;
  }

  /// Builds loops over `dims` (parallel when `parallel`), then `body`;
  /// returns the parallel loop, if any.
  scf::ParallelOp buildLoops(OpBuilder &b, ArrayRef<int64_t> dims,
                             ArrayRef<int64_t> tripCounts, bool parallel,
                             function_ref<void(OpBuilder &, ValueRange)> body) {
    if (dims.empty()) {
      body(b, {});
      return {};
    }
    SmallVector<Value> lbs, ubs, steps;
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    for (int64_t count : tripCounts) {
      lbs.push_back(zero);
      ubs.push_back(arith::ConstantIndexOp::create(b, loc, count));
      steps.push_back(one);
    }
    if (parallel)
      return scf::ParallelOp::create(
          b, loc, lbs, ubs, steps,
          [&](OpBuilder &nb, Location, ValueRange ivs) { body(nb, ivs); });
    scf::buildLoopNest(
        b, loc, lbs, ubs, steps,
        [&](OpBuilder &nb, Location, ValueRange ivs) { body(nb, ivs); });
    return {};
  }

  /// The parallel loop of an inner reduction of long rows (at least 16 KiB,
  /// no math ops) claims long-row-claims-per-thread blocks per thread: a
  /// block of ceil(N / 8T) iterations of R1 is 4 MiB at 2 threads, ~215 us
  /// of a 1.7 ms call that a slower vCPU can hold up; 32 per thread were
  /// 2-7 % faster at 2-8 threads on the 16-core Xeon (bench/README.md,
  /// branch cpu-x16).
  void setLongRowClaims(scf::ParallelOp loop) {
    if (!loop || longRowClaimsPerThread <= 0 ||
        getInputRowBytes() < kLongRowBytes || hasMathBody())
      return;
    loop->setAttr(dml::kClaimsPerThreadAttrName,
                  rewriter.getI64IntegerAttr(longRowClaimsPerThread));
  }

  LogicalResult emitScalarOp() {
    Point point;
    SmallVector<Value> args = loadInputs(rewriter, point);
    for (OpOperand &init : op.getDpsInitsMutable())
      args.push_back(
          memref::LoadOp::create(rewriter, loc, init.get(), ValueRange{}));
    BodyCloner cloner(rewriter, loc, point);
    FailureOr<SmallVector<Value>> result =
        cloner.clone(op.getRegion().front(), args);
    if (failed(result))
      return failure();
    for (auto [value, init] : llvm::zip(*result, op.getDpsInitsMutable()))
      memref::StoreOp::create(rewriter, loc, value, init.get(), ValueRange{});
    rewriter.eraseOp(op);
    return success();
  }

  /// Checks that the body can be cloned at a point of this kind, without
  /// emitting anything that stays.
  bool bodyClones(const Point &point) {
    OpBuilder::InsertionGuard guard(rewriter);
    Block *scratch = rewriter.createBlock(&op.getRegion());
    for (int64_t d = 0; d < rank; ++d)
      scratch->addArgument(rewriter.getIndexType(), loc);
    Point probe = point;
    probe.ivs.assign(scratch->getArguments().begin(),
                     scratch->getArguments().end());
    rewriter.setInsertionPointToStart(scratch);
    SmallVector<Value> args = loadInputs(rewriter, probe);
    for (BlockArgument outputArg : op.getRegionOutputArgs()) {
      Type outputType = outputArg.getType();
      Value acc = arith::ConstantOp::create(rewriter, loc,
                                            rewriter.getZeroAttr(outputType));
      if (probe.isVector())
        acc = vector::BroadcastOp::create(
            rewriter, loc, VectorType::get({probe.width}, outputType), acc);
      args.push_back(acc);
    }
    BodyCloner cloner(rewriter, loc, probe);
    bool ok = succeeded(cloner.clone(op.getRegion().front(), args));
    rewriter.eraseBlock(scratch);
    return ok;
  }

  /// Keeps the vector width if the body clones onto vectors, else falls back
  /// to scalar evaluation; false if not even that is possible.
  bool chooseEvaluation() {
    Point vectorPoint;
    vectorPoint.vectorDim = vectorDim;
    vectorPoint.width = width;
    if (width > 1 && !bodyClones(vectorPoint))
      width = 1;
    return bodyClones(Point());
  }

  /// The loops outside the vectorized one, by iterator type, in order.
  void splitOuterDims(SmallVectorImpl<int64_t> &parallelDims,
                      SmallVectorImpl<int64_t> &parallelCounts,
                      SmallVectorImpl<int64_t> &reductionDims,
                      SmallVectorImpl<int64_t> &reductionCounts) {
    for (int64_t d = 0; d < vectorDim; ++d) {
      bool isParallel = iterators[d] == utils::IteratorType::parallel;
      (isParallel ? parallelDims : reductionDims).push_back(d);
      (isParallel ? parallelCounts : reductionCounts).push_back(sizes[d]);
    }
  }

  static int64_t product(ArrayRef<int64_t> counts) {
    int64_t result = 1;
    for (int64_t count : counts)
      result *= count;
    return result;
  }

  /// Elements of the innermost dimension per parallel iteration: 1024 (in
  /// whole chunks), or fewer when the `outerItems` iterations of the outer
  /// parallel dimensions times the blocks would give fewer than
  /// itemsPerThread iterations per thread: a reduction over the outer
  /// dimensions (a column sum) otherwise leaves threads idle (4 blocks of
  /// 4096 columns for 16 threads). Not below kMinBlockElements: each block
  /// reads that much of every row, and shorter pieces of rows cost more
  /// in page and prefetch misses than the extra threads bring.
  int64_t chooseBlockSize(bool parallel, int64_t outerItems) {
    constexpr int64_t kMaxBlockElements = 1024, kMinBlockElements = 64,
                      kThreadsIfUnknown = 16;
    int64_t innermost = sizes[vectorDim];
    int64_t blockSize = std::min(
        innermost, std::max<int64_t>(width, kMaxBlockElements -
                                                kMaxBlockElements % width));
    if (!parallel || threads == 1)
      return blockSize;
    int64_t wanted = itemsPerThread * (threads ? threads : kThreadsIfUnknown);
    int64_t blocksWanted =
        llvm::divideCeil(wanted, std::max<int64_t>(1, outerItems));
    if (blocksWanted <= 1)
      return blockSize;
    int64_t smallest =
        std::min<int64_t>(innermost, llvm::alignTo(kMinBlockElements, width));
    int64_t even = (int64_t)llvm::alignTo(
        llvm::divideCeil(innermost, blocksWanted), width);
    return std::max(smallest, std::min(blockSize, even));
  }

  /// Innermost loop parallel: blocks of the innermost dimension are
  /// distributed with the outer parallel dimensions; reductions run inside.
  LogicalResult emitInnerParallel() {
    if (!chooseEvaluation())
      return failure();

    int64_t innermost = sizes[vectorDim];
    SmallVector<int64_t> parallelDims, parallelCounts, reductionDims,
        reductionCounts;
    splitOuterDims(parallelDims, parallelCounts, reductionDims,
                   reductionCounts);
    bool parallel = isWorthParallel();
    int64_t blockSize = blockElements =
        chooseBlockSize(parallel, product(parallelCounts));
    int64_t blockCount = llvm::divideCeil(innermost, blockSize);
    parallelDims.push_back(vectorDim);
    parallelCounts.push_back(blockCount);
    // R consecutive steps of the innermost outer reduction per chunk visit.
    if (!reductionDims.empty()) {
      rowsPerStep = chooseRowsPerStep(reductionCounts.back());
      reductionCounts.back() /= rowsPerStep;
    }

    int64_t carriedChunks = getCarriedChunks(reductionDims, blockSize);
    bool failedToClone = false;
    buildLoops(
        rewriter, parallelDims, parallelCounts, parallel,
        [&](OpBuilder &b, ValueRange parallelIvs) {
          SmallVector<Value> ivs(rank);
          for (auto [dim, iv] : llvm::zip(parallelDims, parallelIvs))
            ivs[dim] = iv;
          Value blockStart = arith::MulIOp::create(
              b, loc, parallelIvs.back(),
              arith::ConstantIndexOp::create(b, loc, blockSize));
          Value blockEnd = arith::MinSIOp::create(
              b, loc,
              arith::AddIOp::create(
                  b, loc, blockStart,
                  arith::ConstantIndexOp::create(b, loc, blockSize)),
              arith::ConstantIndexOp::create(b, loc, innermost));
          if (carriedChunks > 0) {
            failedToClone |= failed(emitCarriedBlock(
                b, ivs, blockStart, carriedChunks, reductionDims.front(),
                reductionCounts.front()));
            return;
          }
          buildLoops(
              b, reductionDims, reductionCounts, /*parallel=*/false,
              [&](OpBuilder &rb, ValueRange reductionIvs) {
                for (auto [dim, iv] : llvm::zip(reductionDims, reductionIvs))
                  ivs[dim] = iv;
                if (rowsPerStep > 1)
                  ivs[reductionDims.back()] = arith::MulIOp::create(
                      rb, loc, ivs[reductionDims.back()],
                      arith::ConstantIndexOp::create(rb, loc, rowsPerStep));
                failedToClone |=
                    failed(emitChunks(rb, ivs, blockStart, blockEnd));
              });
        });
    if (failedToClone)
      return failure();
    rewriter.eraseOp(op);
    return success();
  }

  /// out[chunk] = body(in[chunk], out[chunk]) over [start, end), W lanes at
  /// a time, then one lane at a time.
  LogicalResult emitChunks(OpBuilder &b, SmallVector<Value> ivs, Value start,
                           Value end) {
    Value vectorEnd = start;
    LogicalResult status = success();
    std::vector<BodyCloner> hoisters;
    if (failed(beginStep(b, ivs, start, hoisters)))
      return failure();
    auto emitScalarLoop = [&](Value from, Value to) {
      scf::ForOp::create(
          b, loc, from, to, arith::ConstantIndexOp::create(b, loc, 1),
          ValueRange{}, [&](OpBuilder &lb, Location, Value iv, ValueRange) {
            Point point;
            point.ivs = ivs;
            point.ivs[vectorDim] = iv;
            if (failed(emitElementwiseStep(lb, point)))
              status = failure();
            scf::YieldOp::create(lb, loc);
          });
    };
    if (width > 1) {
      // Streamed chunks start on a cache line: the elements before the
      // first line boundary are written one at a time.
      Value vectorStart = start;
      lineAlignedOutput = getLineAlignableOutput();
      if (lineAlignedOutput) {
        vectorStart = arith::AddIOp::create(
            b, loc, start,
            getElementsToLine(b, lineAlignedOutput, ivs, start, end));
        emitScalarLoop(start, vectorStart);
      }
      Value length = arith::SubIOp::create(b, loc, end, vectorStart);
      Value widthValue = arith::ConstantIndexOp::create(b, loc, width);
      Value rounded = arith::MulIOp::create(
          b, loc, arith::DivUIOp::create(b, loc, length, widthValue),
          widthValue);
      vectorEnd = arith::AddIOp::create(b, loc, vectorStart, rounded);
      if (lineAlignedOutput && streamPagePrefetch)
        emitPagePrefetches(b, lineAlignedOutput, ivs, vectorStart, vectorEnd);
      scf::ForOp::create(b, loc, vectorStart, vectorEnd, widthValue,
                         ValueRange{},
                         [&](OpBuilder &lb, Location, Value iv, ValueRange) {
                           Point point;
                           point.ivs = ivs;
                           point.ivs[vectorDim] = iv;
                           point.vectorDim = vectorDim;
                           point.width = width;
                           if (failed(emitElementwiseStep(lb, point)))
                             status = failure();
                           scf::YieldOp::create(lb, loc);
                         });
      lineAlignedOutput = nullptr;
    }
    emitScalarLoop(vectorEnd, end);
    hoistedRows.clear();
    prefetchRows.clear();
    scatteredRows.clear();
    return status;
  }

  /// Prepares one step of emitChunks at `ivs` (a block from `start`): body
  /// ops that do not change along the chunk loop (e.g. a gathered row's
  /// normalized index) are evaluated once, for each of the R rows of the
  /// step, into `hoisters` (hoistedRows); prefetchRows for the step.
  LogicalResult beginStep(OpBuilder &b, ArrayRef<Value> ivs, Value start,
                          std::vector<BodyCloner> &hoisters) {
    SmallVector<int64_t> loopDims = {vectorDim};
    hoisters.reserve(rowsPerStep);
    SmallVector<Point> rowPoints(rowsPerStep);
    for (int64_t row = 0; row < rowsPerStep; ++row) {
      rowPoints[row].ivs = getRowIvs(b, ivs, row);
      BodyCloner &hoister = hoisters.emplace_back(b, loc, rowPoints[row]);
      for (OpOperand *input : getLoopInvariantInputs(op, loopDims))
        hoister.bind(op.getMatchingBlockArgument(input),
                     memref::LoadOp::create(
                         b, loc, input->get(),
                         getIndices(b, loc, op.getMatchingIndexingMap(input),
                                    rowPoints[row].ivs)));
      if (failed(hoister.cloneOps(getChunkInvariantOps(op, loopDims))))
        return failure();
      hoistedRows.push_back(&hoister.getMapping());
    }
    prefetchRows.clear();
    scatteredRows.clear();
    if (width > 1 && prefetch) {
      prefetchRows = getPrefetchRows(b, ivs, start);
      scatteredRows = getScatteredRows(b, ivs);
    }
    return success();
  }

  /// Chunks of a block whose outputs stay in registers over the whole
  /// outer reduction (0: they are loaded and stored at every step). A
  /// column sum over 4096 rows that stored its 64-column block every 4
  /// rows, the next step's loads behind those stores, ran 0.32 to 0.59 ms
  /// on 16 cores depending only on where the caller's output lay; with the
  /// outputs in registers, 0.28-0.31 ms at every placement (bench/README.md,
  /// R2 on 16 cores). Blocks of at most kMaxCarriedChunks chunks (x
  /// outputs) of one outer reduction dimension, all blocks whole.
  int64_t getCarriedChunks(ArrayRef<int64_t> reductionDims, int64_t blockSize) {
    constexpr int64_t kMaxCarriedChunks = 4;
    if (reductionDims.size() != 1 || width <= 1 || blockSize % width != 0 ||
        sizes[vectorDim] % blockSize != 0)
      return 0;
    int64_t chunks = blockSize / width;
    if (chunks * op.getNumDpsInits() > kMaxCarriedChunks)
      return 0;
    for (OpOperand &init : op.getDpsInitsMutable()) {
      AffineMap map = op.getMatchingIndexingMap(&init);
      if (map.getNumResults() == 0 ||
          map.getResults().back() !=
              getAffineDimExpr(vectorDim, op.getContext()) ||
          map.isFunctionOfDim(reductionDims.front()))
        return 0;
    }
    return chunks;
  }

  /// A block of `chunks` chunks from `blockStart` over all `stepCount`
  /// steps of the outer reduction dimension `stepDim`, the outputs carried
  /// in registers from one step to the next: loaded before the loop,
  /// stored after it. The elements see the same operations in the same
  /// order as with emitChunks.
  LogicalResult emitCarriedBlock(OpBuilder &b, SmallVector<Value> ivs,
                                 Value blockStart, int64_t chunks,
                                 int64_t stepDim, int64_t stepCount) {
    int64_t numOutputs = op.getNumDpsInits();
    SmallVector<Value> chunkStarts;
    for (int64_t chunk = 0; chunk < chunks; ++chunk)
      chunkStarts.push_back(
          chunk == 0 ? blockStart
                     : arith::AddIOp::create(b, loc, blockStart,
                                             arith::ConstantIndexOp::create(
                                                 b, loc, chunk * width))
                           .getResult());
    auto chunkIvs = [&](ArrayRef<Value> base, int64_t chunk) {
      SmallVector<Value> chunkIv(base);
      chunkIv[vectorDim] = chunkStarts[chunk];
      return chunkIv;
    };
    ivs[stepDim] = arith::ConstantIndexOp::create(b, loc, 0);
    SmallVector<Value> initial;
    for (int64_t chunk = 0; chunk < chunks; ++chunk)
      for (OpOperand &init : op.getDpsInitsMutable())
        initial.push_back(vector::LoadOp::create(
            b, loc,
            VectorType::get(
                {width},
                cast<MemRefType>(init.get().getType()).getElementType()),
            init.get(),
            getIndices(b, loc, op.getMatchingIndexingMap(&init),
                       chunkIvs(ivs, chunk))));
    LogicalResult status = success();
    auto loop = scf::ForOp::create(
        b, loc, arith::ConstantIndexOp::create(b, loc, 0),
        arith::ConstantIndexOp::create(b, loc, stepCount),
        arith::ConstantIndexOp::create(b, loc, 1), initial,
        [&](OpBuilder &lb, Location, Value step, ValueRange carried) {
          SmallVector<Value> stepIvs(ivs);
          stepIvs[stepDim] =
              rowsPerStep > 1
                  ? arith::MulIOp::create(
                        lb, loc, step,
                        arith::ConstantIndexOp::create(lb, loc, rowsPerStep))
                        .getResult()
                  : step;
          std::vector<BodyCloner> hoisters;
          SmallVector<Value> next;
          if (failed(beginStep(lb, stepIvs, blockStart, hoisters)))
            status = failure();
          for (int64_t chunk = 0; chunk < chunks && succeeded(status);
               ++chunk) {
            Point point;
            point.ivs = chunkIvs(stepIvs, chunk);
            point.vectorDim = vectorDim;
            point.width = width;
            SmallVector<Value> values;
            if (failed(emitElementwiseStep(
                    lb, point, carried.slice(chunk * numOutputs, numOutputs),
                    &values)))
              status = failure();
            llvm::append_range(next, values);
          }
          hoistedRows.clear();
          prefetchRows.clear();
          if (failed(status))
            next = SmallVector<Value>(carried);
          scf::YieldOp::create(lb, loc, next);
        });
    for (int64_t chunk = 0; chunk < chunks; ++chunk)
      for (auto [k, init] : llvm::enumerate(op.getDpsInitsMutable()))
        vector::StoreOp::create(
            b, loc, loop.getResult(chunk * numOutputs + k), init.get(),
            getIndices(b, loc, op.getMatchingIndexingMap(&init),
                       chunkIvs(ivs, chunk)));
    return status;
  }

  /// Whether stores to `output` stream past the cache: a large output of
  /// an op without reductions whose chunk addresses stay 16-byte aligned.
  /// The caller's buffers (function arguments, or views of them) stream
  /// from 8 MiB: the kernel never reads them back. Buffers of the kernel
  /// may be read back soon, and stream only from 64 MiB.
  ///
  /// A block of rows that dml-fuse-rows computes writes a subview of the
  /// output: it streams when the caller's buffer it is a view of does, and
  /// nothing in the kernel reads that buffer (a block's consumer reading
  /// its rows back would wait for the streamed lines). AO's one_hot, for
  /// one: on AMD Zen 5 with ordinary stores its 16 MB of rows pushed the
  /// 16 MB input out of the cache, and the fused graph ran 1.5x the time
  /// of its two unfused ops (bench/README.md, "AO: the fused one_hot
  /// streamed").
  bool shouldStream(Value output) {
    constexpr int64_t kStreamingBytes = int64_t(64) << 20;
    constexpr int64_t kAlignment = 16;
    auto type = cast<MemRefType>(output.getType());
    int64_t elementBytes = type.getElementTypeBitWidth() / 8;
    if (elementBytes == 0 || op.getNumReductionLoops() != 0 ||
        (width * elementBytes) % kAlignment != 0 ||
        (!streamFills && isStoreOnly()))
      return false;
    SmallVector<int64_t> strides;
    int64_t offset;
    if (failed(type.getStridesAndOffset(strides, offset)))
      return false;
    // A block's rows: at a dynamic offset, judged by the buffer they are
    // of, and only in whole lines with a page prefetch (AMD Zen): on the
    // 16-core Xeon, whose L3 holds AO's input and output, streamed block
    // rows ran 7-36 % slower than ordinary stores.
    bool blockRows = ShapedType::isDynamic(offset);
    Value blockSource = unreadBlockRows.lookup(output);
    if (blockRows && (!blockSource || !streamPagePrefetch))
      return false;
    int64_t threshold =
        isCallerBuffer(output) ? callerStreamingBytes : kStreamingBytes;
    int64_t bytes = type.getNumElements() * elementBytes;
    if (blockRows) {
      auto source = cast<MemRefType>(blockSource.getType());
      bytes = std::max(bytes, source.getNumElements() * elementBytes);
    }
    if (bytes < threshold)
      return false;
    if (!hasAlignedOffset(output, elementBytes, kAlignment))
      return false;
    return llvm::all_of(ArrayRef(strides).drop_back(), [&](int64_t stride) {
      return !ShapedType::isDynamic(stride) &&
             (stride * elementBytes) % kAlignment == 0;
    });
  }

  /// Whether `buffer` is an argument of the function itself, not a view of
  /// one (a view of the workspace argument holds intermediates that other
  /// views of it may read back).
  static bool isFunctionArgument(Value buffer) {
    auto arg = dyn_cast<BlockArgument>(buffer);
    return arg && isa<FunctionOpInterface>(arg.getOwner()->getParentOp());
  }

  /// The buffer `output` is a chain of subviews of (a fused block's rows),
  /// or null where it is no subview.
  static Value getBlockRowsSource(Value output) {
    Value source;
    while (auto subview = output.getDefiningOp<memref::SubViewOp>())
      source = output = subview.getSource();
    return source;
  }

  /// Whether `buffer`'s offset in bytes is a multiple of `alignment`: a
  /// static one, or a subview's whose dynamic offsets lie along dimensions
  /// of its source with a stride that is a multiple (a block's rows).
  static bool hasAlignedOffset(Value buffer, int64_t elementBytes,
                               int64_t alignment) {
    SmallVector<int64_t> strides;
    int64_t offset;
    if (failed(cast<MemRefType>(buffer.getType())
                   .getStridesAndOffset(strides, offset)))
      return false;
    if (!ShapedType::isDynamic(offset))
      return (offset * elementBytes) % alignment == 0;
    auto subview = buffer.getDefiningOp<memref::SubViewOp>();
    if (!subview ||
        !hasAlignedOffset(subview.getSource(), elementBytes, alignment) ||
        failed(subview.getSourceType().getStridesAndOffset(strides, offset)))
      return false;
    return llvm::all_of(
        llvm::zip(subview.getMixedOffsets(), strides), [&](auto pair) {
          auto [at, stride] = pair;
          std::optional<int64_t> constant = getConstantIntValue(at);
          return !ShapedType::isDynamic(stride) &&
                 ((constant ? *constant : 1) * stride * elementBytes) %
                         alignment ==
                     0;
        });
  }

  /// Whether an op of the kernel may read `buffer` or a view of it, by the
  /// ops' memory effects (an op that declares none counts as a read, except
  /// a prefetch, which reads nothing the kernel depends on).
  static bool isReadInKernel(Value buffer) {
    for (Operation *user : buffer.getUsers()) {
      if (auto view = dyn_cast<ViewLikeOpInterface>(user);
          view && view.getViewSource() == buffer) {
        if (isReadInKernel(view->getResult(0)))
          return true;
        continue;
      }
      if (isa<memref::PrefetchOp>(user))
        continue;
      auto effects = dyn_cast<MemoryEffectOpInterface>(user);
      if (!effects ||
          effects.getEffectOnValue<MemoryEffects::Read>(buffer).has_value())
        return true;
    }
    return false;
  }

  /// The streamed output whose chunks emitChunks starts on a cache line, if
  /// any: a non-temporal store of a vector that spans two lines writes two
  /// partial lines, and one that claims less than the vector's alignment is
  /// split by LLVM into 16-byte stores (four per line; on AMD Zen 5 the O1
  /// kernel ran 30 % slower with those than with ordinary stores). With
  /// whole chunks of lines from a line boundary, every line is one or more
  /// full-width aligned stores. Only the first streamed output is aligned.
  /// Store-only loops are aligned only with stream-page-prefetch: on the
  /// 16-core Xeon, O1 (numpy's outputs) ran 2-27 % slower in whole lines
  /// (the head's ordinary stores) than in 16-byte pieces, while G1's row
  /// copies ran 6-29 % faster (bench/README.md, branch cpu-o1).
  Value getLineAlignableOutput() {
    constexpr int64_t kLineBytes = 64;
    if (rowsPerStep != 1 || (!streamPagePrefetch && isStoreOnly()))
      return nullptr;
    for (OpOperand &init : op.getDpsInitsMutable()) {
      auto type = cast<MemRefType>(init.get().getType());
      AffineMap map = op.getMatchingIndexingMap(&init);
      int64_t elementBytes = type.getElementTypeBitWidth() / 8;
      if (!shouldStream(init.get()))
        continue;
      if (map.getNumResults() == 0 || !type.isLastDimUnitStride() ||
          map.getResults().back() !=
              getAffineDimExpr(vectorDim, op.getContext()) ||
          (width * elementBytes) % kLineBytes != 0 ||
          !llvm::isPowerOf2_64(elementBytes))
        return nullptr;
      return init.get();
    }
    return nullptr;
  }

  /// Elements of `output`'s row from `start` up to the next cache line
  /// boundary (at most `end` - `start`). shouldStream's static strides and
  /// offset (a block's rows: the offset at run time) give the element's
  /// address from the buffer's aligned pointer.
  Value getElementsToLine(OpBuilder &b, Value output, ArrayRef<Value> ivs,
                          Value start, Value end) {
    constexpr int64_t kLineBytes = 64;
    auto type = cast<MemRefType>(output.getType());
    int64_t elementBytes = type.getElementTypeBitWidth() / 8;
    SmallVector<int64_t> strides;
    int64_t offset;
    (void)type.getStridesAndOffset(strides, offset);
    SmallVector<Value> at(ivs);
    at[vectorDim] = start;
    OpOperand *init = llvm::find_if(op.getDpsInitsMutable(), [&](OpOperand &o) {
      return o.get() == output;
    });
    SmallVector<Value> indices =
        getIndices(b, loc, op.getMatchingIndexingMap(init), at);
    // A block's rows: the subview's offset is known at run time only.
    Value linear =
        ShapedType::isDynamic(offset)
            ? memref::ExtractStridedMetadataOp::create(b, loc, output)
                  .getOffset()
            : arith::ConstantIndexOp::create(b, loc, offset).getResult();
    for (auto [index, stride] : llvm::zip(indices, strides))
      linear = arith::AddIOp::create(
          b, loc, linear,
          arith::MulIOp::create(
              b, loc, index, arith::ConstantIndexOp::create(b, loc, stride)));
    Value address = arith::AddIOp::create(
        b, loc, memref::ExtractAlignedPointerAsIndexOp::create(b, loc, output),
        arith::MulIOp::create(
            b, loc, linear,
            arith::ConstantIndexOp::create(b, loc, elementBytes)));
    // (-address mod 64) / elementBytes.
    Value bytesToLine = arith::AndIOp::create(
        b, loc,
        arith::SubIOp::create(b, loc, arith::ConstantIndexOp::create(b, loc, 0),
                              address),
        arith::ConstantIndexOp::create(b, loc, kLineBytes - 1));
    Value elements = arith::DivUIOp::create(
        b, loc, bytesToLine,
        arith::ConstantIndexOp::create(b, loc, elementBytes));
    return arith::MinUIOp::create(b, loc, elements,
                                  arith::SubIOp::create(b, loc, end, start));
  }

  /// A write prefetch of one line per page of `output`'s row in
  /// [start, end), before that range is streamed. On AMD Zen 5 a stream of
  /// non-temporal stores into pages nothing touched first ran at half the
  /// speed of one whose pages each had one line prefetched, loaded or
  /// stored first (a 524 MB one_hot: 18-30 ms vs 8-13 ms at 1 thread;
  /// bench/README.md, branch cpu-o1); the prefetch reads one line per page.
  void emitPagePrefetches(OpBuilder &b, Value output, ArrayRef<Value> ivs,
                          Value start, Value end) {
    constexpr int64_t kPageBytes = 4096;
    auto type = cast<MemRefType>(output.getType());
    int64_t pageElements =
        kPageBytes / std::max<int64_t>(1, type.getElementTypeBitWidth() / 8);
    OpOperand *init = llvm::find_if(op.getDpsInitsMutable(), [&](OpOperand &o) {
      return o.get() == output;
    });
    AffineMap map = op.getMatchingIndexingMap(init);
    scf::ForOp::create(b, loc, start, end,
                       arith::ConstantIndexOp::create(b, loc, pageElements),
                       ValueRange{},
                       [&](OpBuilder &lb, Location, Value column, ValueRange) {
                         SmallVector<Value> at(ivs);
                         at[vectorDim] = column;
                         memref::PrefetchOp::create(
                             lb, loc, output, getIndices(lb, loc, map, at),
                             /*isWrite=*/true, /*localityHint=*/3,
                             /*isDataCache=*/true);
                         scf::YieldOp::create(lb, loc);
                       });
  }

  /// Nothing is read along the vectorized dimension: the chunk loop only
  /// stores (one_hot, fills). Whether such a stream beats ordinary stores
  /// depends on the CPU (the stream-fills option).
  bool isStoreOnly() {
    SmallVector<int64_t> loopDims = {vectorDim};
    if (static_cast<int64_t>(getLoopInvariantInputs(op, loopDims).size()) !=
        op.getNumDpsInputs())
      return false;
    SmallVector<Operation *> invariant = getChunkInvariantOps(op, loopDims);
    WalkResult walk = op.getRegion().walk([&](memref::LoadOp load) {
      return llvm::is_contained(invariant, load.getOperation())
                 ? WalkResult::advance()
                 : WalkResult::interrupt();
    });
    return !walk.wasInterrupted();
  }

  /// `buffer` is a function argument or a view of one.
  static bool isCallerBuffer(Value buffer) {
    while (auto view = buffer.getDefiningOp<ViewLikeOpInterface>())
      buffer = view.getViewSource();
    return isFunctionArgument(buffer);
  }

  /// `ivs` at row `row` of a step: the innermost outer reduction dimension
  /// advanced by `row`.
  SmallVector<Value> getRowIvs(OpBuilder &b, ArrayRef<Value> ivs, int64_t row) {
    SmallVector<Value> rowIvs(ivs);
    if (row == 0)
      return rowIvs;
    int64_t jamDim = getInnermostOuterReductionDim();
    rowIvs[jamDim] = arith::AddIOp::create(
        b, loc, ivs[jamDim], arith::ConstantIndexOp::create(b, loc, row));
    return rowIvs;
  }

  /// Inputs whose rows (contiguous along the vectorized dimension) change
  /// with the innermost outer reduction dimension, when a block reads less
  /// than a page of each row (column blocks made small for many threads):
  /// the hardware prefetchers do not cross pages and need a few misses to
  /// detect a stream, so short pieces of many rows are read at memory
  /// latency unless prefetched (one thread: 256-column blocks of a column
  /// sum ran 1.6x, 64-column blocks 4.6x slower than 1024-column ones).
  /// Pieces under 1 KiB are left alone: there prefetching gained nothing on
  /// one host and cost 20 % on another (a column sum at 8 and 16 threads of
  /// a 16-core Xeon, blocks of 256-512 bytes per row).
  SmallVector<OpOperand *> getShortRowInputs() {
    constexpr int64_t kPageBytes = 4096;
    constexpr int64_t kMinPieceBytes = 1024;
    SmallVector<OpOperand *> inputs;
    int64_t jamDim = getInnermostOuterReductionDim();
    for (OpOperand *input : op.getDpsInputOperands()) {
      auto type = dyn_cast<MemRefType>(input->get().getType());
      AffineMap map = op.getMatchingIndexingMap(input);
      if (!type || map.getNumResults() == 0 || !isDimOrConstant(map) ||
          !type.isLastDimUnitStride() || !map.isFunctionOfDim(jamDim))
        continue;
      auto last = dyn_cast<AffineDimExpr>(map.getResults().back());
      int64_t elementBytes = llvm::divideCeil(type.getElementTypeBitWidth(), 8);
      if (last && static_cast<int64_t>(last.getPosition()) == vectorDim &&
          blockElements * elementBytes < kPageBytes &&
          blockElements * elementBytes >= kMinPieceBytes &&
          blockElements < sizes[vectorDim])
        inputs.push_back(input);
    }
    return inputs;
  }

  /// Body loads that read a row (contiguous along the vectorized dimension)
  /// at a data-dependent position: their other indices are computed from
  /// loaded values (a gather's index). The hardware prefetchers cannot
  /// predict such rows; each would start with a full memory latency.
  SmallVector<memref::LoadOp> getIndirectRowLoads() {
    Block &body = op.getRegion().front();
    SmallVector<memref::LoadOp> loads;
    for (Operation &nested : body.without_terminator()) {
      auto load = dyn_cast<memref::LoadOp>(nested);
      if (!load || load.getIndices().empty() ||
          llvm::is_contained(op.getDpsInits(), load.getMemRef()) ||
          !load.getMemRefType().isLastDimUnitStride())
        continue;
      auto lastIndex =
          load.getIndices().back().getDefiningOp<linalg::IndexOp>();
      if (!lastIndex || static_cast<int64_t>(lastIndex.getDim()) != vectorDim)
        continue;
      bool dataDependent = false, clonable = true;
      for (Value index : load.getIndices().drop_back())
        visitBodySlice(index, [&](Value value) {
          if (isa<BlockArgument>(value) ||
              value.getDefiningOp<memref::LoadOp>())
            dataDependent = true;
          // The row must be the same for every column of the chunk loop,
          // and computable from the inputs alone.
          if (auto index = value.getDefiningOp<linalg::IndexOp>())
            clonable &= static_cast<int64_t>(index.getDim()) != vectorDim;
          if (auto load = value.getDefiningOp<memref::LoadOp>())
            clonable &= !llvm::is_contained(op.getDpsInits(), load.getMemRef());
          if (auto arg = dyn_cast<BlockArgument>(value)) {
            OpOperand *operand = op.getMatchingOpOperand(arg);
            clonable &=
                op.isDpsInput(operand) &&
                !op.getMatchingIndexingMap(operand).isFunctionOfDim(vectorDim);
          }
        });
      if (dataDependent && clonable)
        loads.push_back(load);
    }
    return loads;
  }

  /// Calls `visit` on `value` and every body value it is computed from.
  void visitBodySlice(Value value, function_ref<void(Value)> visit) {
    Block &body = op.getRegion().front();
    SmallVector<Value> work = {value};
    llvm::SmallPtrSet<Value, 8> seen;
    while (!work.empty()) {
      Value next = work.pop_back_val();
      if (!seen.insert(next).second)
        continue;
      Operation *def = next.getDefiningOp();
      bool inBody = def ? def->getBlock() == &body
                        : cast<BlockArgument>(next).getOwner() == &body;
      if (!inBody)
        continue;
      visit(next);
      if (def)
        llvm::append_range(work, def->getOperands());
    }
  }

  /// Steps of the innermost outer reduction dimension between a row's
  /// prefetch and its use: at least R (the next chunk visit), more when
  /// rows are short, so that about kPrefetchBytes are read in between
  /// (enough to cover a memory latency at full bandwidth, small enough to
  /// stay in L1).
  int64_t getPrefetchDistance(int64_t rowBytes) {
    constexpr int64_t kPrefetchBytes = 8 << 10;
    int64_t stepBytes = std::max<int64_t>(1, rowBytes * rowsPerStep);
    return rowsPerStep *
           std::max<int64_t>(1, llvm::divideCeil(kPrefetchBytes, stepBytes));
  }

  /// The loop dimension whose iteration follows the last of the innermost
  /// outer reduction dimension (a carry goes there), or -1.
  int64_t getCarryDim(int64_t jamDim) {
    for (int64_t d = jamDim - 1; d >= 0; --d)
      if (iterators[d] == utils::IteratorType::reduction)
        return d;
    for (int64_t d = vectorDim - 1; d >= 0; --d)
      if (iterators[d] == utils::IteratorType::parallel)
        return d;
    return -1;
  }

  /// For each indirect row load and each row of the step at `ivs`: the
  /// row's indices `distance` steps ahead (past the end of the dimension,
  /// in the next iteration of the carry dimension; clamped to the last
  /// one). The ahead point is a valid iteration point, so its indices are
  /// those the body itself would load (a gather's clamped index): a
  /// prefetch never addresses outside the buffer.
  SmallVector<PrefetchRow> getPrefetchRows(OpBuilder &b, ArrayRef<Value> ivs,
                                           Value column) {
    SmallVector<PrefetchRow> rows;
    // The dimension whose next steps read the rows to prefetch: the
    // innermost outer reduction (R rows per step), or for an op without
    // reductions (a gather of rows) its innermost outer parallel dimension.
    int64_t jamDim, carryDim;
    bool gatherRows = false;
    if (rowsPerStep > 1) {
      jamDim = getInnermostOuterReductionDim();
      carryDim = getCarryDim(jamDim);
    } else if (op.getNumReductionLoops() == 0 && vectorDim > 0) {
      // On the 16-core Xeon a row copy ran 5-10 % faster at 4-16 threads
      // without these prefetches (the L2 streamer follows each 3 KiB row;
      // prefetcht0 holds fill buffers the streaming stores need).
      if (!prefetchGatheredRows)
        return rows;
      jamDim = vectorDim - 1;
      carryDim = -1;
      gatherRows = true;
    } else {
      return rows;
    }
    int64_t jamSize = sizes[jamDim];
    // The part of a row one chunk visit reads (a block of emitInnerParallel).
    int64_t rowElements = blockElements;
    // The iteration point `distance + row` steps of the jam dimension after
    // `ivs` (carried into carryDim, clamped to the last one).
    auto getAheadPoint = [&](int64_t distance, int64_t row) {
      Point ahead;
      ahead.ivs.assign(ivs.begin(), ivs.end());
      ahead.ivs[vectorDim] = column;
      auto constant = [&](int64_t value) {
        return arith::ConstantIndexOp::create(b, loc, value);
      };
      Value step =
          arith::AddIOp::create(b, loc, ivs[jamDim], constant(distance + row));
      if (carryDim >= 0) {
        Value carry = arith::DivUIOp::create(b, loc, step, constant(jamSize));
        ahead.ivs[jamDim] =
            arith::RemUIOp::create(b, loc, step, constant(jamSize));
        ahead.ivs[carryDim] = arith::MinUIOp::create(
            b, loc, arith::AddIOp::create(b, loc, ivs[carryDim], carry),
            constant(sizes[carryDim] - 1));
      } else {
        ahead.ivs[jamDim] =
            arith::MinUIOp::create(b, loc, step, constant(jamSize - 1));
      }
      return ahead;
    };
    for (OpOperand *input :
         gatherRows ? SmallVector<OpOperand *>() : getShortRowInputs()) {
      auto type = cast<MemRefType>(input->get().getType());
      int64_t elementBytes = llvm::divideCeil(type.getElementTypeBitWidth(), 8);
      int64_t distance = getPrefetchDistance(rowElements * elementBytes);
      AffineMap map = op.getMatchingIndexingMap(input);
      for (int64_t row = 0; row < rowsPerStep; ++row) {
        Point ahead = getAheadPoint(distance, row);
        SmallVector<Value> indices = getIndices(b, loc, map, ahead.ivs);
        indices.pop_back();
        rows.push_back(PrefetchRow{input->get(), indices, elementBytes});
      }
    }
    SmallVector<memref::LoadOp> loads = getIndirectRowLoads();
    for (memref::LoadOp load : loads) {
      int64_t elementBytes =
          llvm::divideCeil(load.getMemRefType().getElementTypeBitWidth(), 8);
      int64_t distance = getPrefetchDistance(rowElements * elementBytes);
      for (int64_t row = 0; row < rowsPerStep; ++row) {
        Point ahead = getAheadPoint(distance, row);
        // The index computation of the row at the ahead point.
        llvm::SetVector<Operation *> slice;
        llvm::SmallPtrSet<Value, 4> args;
        for (Value index : load.getIndices().drop_back())
          visitBodySlice(index, [&](Value value) {
            if (Operation *def = value.getDefiningOp())
              slice.insert(def);
            else
              args.insert(value);
          });
        BodyCloner cloner(b, loc, ahead);
        for (OpOperand *input : op.getDpsInputOperands()) {
          BlockArgument arg = op.getMatchingBlockArgument(input);
          if (!args.contains(arg))
            continue;
          if (!isa<MemRefType>(input->get().getType()))
            cloner.bind(arg, input->get());
          else
            cloner.bind(arg,
                        memref::LoadOp::create(
                            b, loc, input->get(),
                            getIndices(b, loc, op.getMatchingIndexingMap(input),
                                       ahead.ivs)));
        }
        SmallVector<Operation *> ordered(slice.begin(), slice.end());
        llvm::sort(ordered, [](Operation *lhs, Operation *rhs) {
          return lhs->isBeforeInBlock(rhs);
        });
        if (failed(cloner.cloneOps(ordered)))
          continue;
        PrefetchRow prefetch{load.getMemRef(), {}, elementBytes};
        for (Value index : load.getIndices().drop_back())
          prefetch.prefix.push_back(cloner.getMapping().lookupOrDefault(index));
        rows.push_back(std::move(prefetch));
      }
    }
    return rows;
  }

  /// Innermost reduction under an outer one (R4: max over axes {0, 2} of
  /// [64, 128, 1024]): the rows of the next step of the innermost outer
  /// reduction dimension (clamped to its last), for each input read along
  /// rows of at most a page. Each step reads J such rows and then jumps
  /// (512 KiB in R4): the hardware prefetchers restart at every step, and
  /// these rows are prefetched one step (J rows) ahead instead.
  SmallVector<PrefetchRow> getNextStepRows(OpBuilder &b,
                                           ArrayRef<SmallVector<Value>> rowIvs,
                                           ArrayRef<int64_t> reductionDims,
                                           ArrayRef<int64_t> reductionCounts) {
    constexpr int64_t kPageBytes = 4096;
    SmallVector<PrefetchRow> rows;
    if (!prefetch || reductionDims.empty() || reductionCounts.back() < 2)
      return rows;
    int64_t stepDim = reductionDims.back();
    for (OpOperand *input : op.getDpsInputOperands()) {
      auto type = dyn_cast<MemRefType>(input->get().getType());
      AffineMap map = op.getMatchingIndexingMap(input);
      if (!type || map.getNumResults() == 0 || !isDimOrConstant(map) ||
          !type.isLastDimUnitStride() || !map.isFunctionOfDim(stepDim))
        continue;
      auto last = dyn_cast<AffineDimExpr>(map.getResults().back());
      int64_t elementBytes = llvm::divideCeil(type.getElementTypeBitWidth(), 8);
      if (!last || static_cast<int64_t>(last.getPosition()) != vectorDim ||
          sizes[vectorDim] * elementBytes > kPageBytes)
        continue;
      for (ArrayRef<Value> ivs : rowIvs) {
        SmallVector<Value> ahead(ivs);
        ahead[stepDim] = arith::MinUIOp::create(
            b, loc,
            arith::AddIOp::create(b, loc, ivs[stepDim],
                                  arith::ConstantIndexOp::create(b, loc, 1)),
            arith::ConstantIndexOp::create(b, loc, sizes[stepDim] - 1));
        ahead[vectorDim] = arith::ConstantIndexOp::create(b, loc, 0);
        SmallVector<Value> indices = getIndices(b, loc, map, ahead);
        indices.pop_back();
        rows.push_back(PrefetchRow{input->get(), indices, elementBytes});
      }
    }
    return rows;
  }

  /// Body loads of a row at data-dependent positions within it (a gather
  /// along the innermost axis, G2): the row follows the innermost outer
  /// parallel dimension, the positions come from an index input. Each row
  /// is read at memory latency, a few lines at a time (one thread: 1.6 ms
  /// for [1024, 4096] -> 1024 columns; 0.48 ms with the row two steps
  /// ahead prefetched whole, AMD Zen 5). Only dense gathers (on average at
  /// least one gathered element per line) of rows of at least a page:
  /// prefetching a whole row for a few elements would read far more than
  /// the loop does.
  SmallVector<ScatteredRow> getScatteredRows(OpBuilder &b,
                                             ArrayRef<Value> ivs) {
    constexpr int64_t kLineBytes = 64, kPageBytes = 4096, kRowsAhead = 2;
    SmallVector<ScatteredRow> rows;
    if (op.getNumReductionLoops() != 0 || vectorDim == 0 || rowsPerStep != 1)
      return rows;
    int64_t rowDim = vectorDim - 1;
    int64_t columns = sizes[vectorDim];
    Block &body = op.getRegion().front();
    for (Operation &nested : body.without_terminator()) {
      auto load = dyn_cast<memref::LoadOp>(nested);
      if (!load || load.getIndices().empty() ||
          llvm::is_contained(op.getDpsInits(), load.getMemRef()) ||
          !load.getMemRefType().isLastDimUnitStride() ||
          load.getMemRefType().isDynamicDim(load.getMemRefType().getRank() - 1))
        continue;
      MemRefType type = load.getMemRefType();
      int64_t rowElements = type.getShape().back();
      int64_t elementBytes = llvm::divideCeil(type.getElementTypeBitWidth(), 8);
      if (rowElements * elementBytes < kPageBytes ||
          columns * kLineBytes < rowElements * elementBytes)
        continue;
      bool scattered = false;
      visitBodySlice(load.getIndices().back(), [&](Value value) {
        scattered |=
            isa<BlockArgument>(value) || value.getDefiningOp<memref::LoadOp>();
      });
      // The row: computed from loop indices alone, and changing with the
      // row dimension.
      bool affine = true, followsRows = false;
      llvm::SetVector<Operation *> slice;
      for (Value index : load.getIndices().drop_back())
        visitBodySlice(index, [&](Value value) {
          Operation *def = value.getDefiningOp();
          if (!def || isa<memref::LoadOp>(def)) {
            affine = false;
            return;
          }
          if (auto index = dyn_cast<linalg::IndexOp>(def)) {
            affine &= static_cast<int64_t>(index.getDim()) != vectorDim;
            followsRows |= static_cast<int64_t>(index.getDim()) == rowDim;
          }
          slice.insert(def);
        });
      if (!scattered || !affine || !followsRows)
        continue;
      Point ahead;
      ahead.ivs.assign(ivs.begin(), ivs.end());
      ahead.ivs[rowDim] = arith::MinUIOp::create(
          b, loc,
          arith::AddIOp::create(
              b, loc, ivs[rowDim],
              arith::ConstantIndexOp::create(b, loc, kRowsAhead)),
          arith::ConstantIndexOp::create(b, loc, sizes[rowDim] - 1));
      SmallVector<Operation *> ordered(slice.begin(), slice.end());
      llvm::sort(ordered, [](Operation *lhs, Operation *rhs) {
        return lhs->isBeforeInBlock(rhs);
      });
      BodyCloner cloner(b, loc, ahead);
      if (failed(cloner.cloneOps(ordered)))
        continue;
      ScatteredRow row{
          {load.getMemRef(), {}, elementBytes},
          static_cast<int64_t>(llvm::divideCeil(rowElements, columns)),
          rowElements};
      for (Value index : load.getIndices().drop_back())
        row.row.prefix.push_back(cloner.getMapping().lookupOrDefault(index));
      rows.push_back(std::move(row));
    }
    return rows;
  }

  /// Rows of at least kLongRowBytes of an inner reduction, to prefetch
  /// long-row-prefetch bytes ahead of the loads (0: none): the row of each
  /// of the J outputs, for every input read along the innermost dimension.
  SmallVector<PrefetchRow> getLongRows(OpBuilder &b,
                                       ArrayRef<SmallVector<Value>> rowIvs) {
    SmallVector<PrefetchRow> rows;
    if (!prefetch || longRowPrefetchBytes <= 0 ||
        getInputRowBytes() < kLongRowBytes)
      return rows;
    int64_t elementBytes = 0;
    for (OpOperand *input : op.getDpsInputOperands()) {
      auto type = dyn_cast<MemRefType>(input->get().getType());
      AffineMap map = op.getMatchingIndexingMap(input);
      if (!type || map.getNumResults() == 0 || !type.isLastDimUnitStride())
        continue;
      auto last = dyn_cast<AffineDimExpr>(map.getResults().back());
      int64_t bytes = llvm::divideCeil(type.getElementTypeBitWidth(), 8);
      // One distance in elements for all rows: inputs of one element size.
      if (!last || static_cast<int64_t>(last.getPosition()) != vectorDim ||
          (elementBytes && bytes != elementBytes))
        continue;
      elementBytes = bytes;
      for (ArrayRef<Value> ivs : rowIvs) {
        SmallVector<Value> at(ivs);
        at[vectorDim] = arith::ConstantIndexOp::create(b, loc, 0);
        SmallVector<Value> indices = getIndices(b, loc, map, at);
        indices.pop_back();
        rows.push_back(PrefetchRow{input->get(), indices, bytes});
      }
    }
    return rows;
  }

  /// The part of each scattered row in proportion to the chunk at `column`
  /// of `lanes` output elements (clamped inside the row).
  void emitScatteredRowPrefetches(OpBuilder &b, Value column, int64_t lanes) {
    for (const ScatteredRow &row : scatteredRows) {
      int64_t rowLanes = std::min(lanes * row.columnsPerOutput, row.elements);
      Value start = arith::MinUIOp::create(
          b, loc,
          arith::MulIOp::create(
              b, loc, column,
              arith::ConstantIndexOp::create(b, loc, row.columnsPerOutput)),
          arith::ConstantIndexOp::create(b, loc, row.elements - rowLanes));
      emitPrefetches(b, row.row, start, rowLanes);
    }
  }

  /// Prefetches the `lanes` elements at `column` of every row of `rows`,
  /// one prefetch per cache line.
  void emitPrefetches(OpBuilder &b, ArrayRef<PrefetchRow> rows, Value column,
                      int64_t lanes, uint32_t locality = 3) {
    constexpr int64_t kLineBytes = 64;
    for (const PrefetchRow &row : rows) {
      int64_t lineElements =
          std::max<int64_t>(1, kLineBytes / row.elementBytes);
      for (int64_t offset = 0; offset < lanes; offset += lineElements) {
        SmallVector<Value> indices = row.prefix;
        indices.push_back(
            offset == 0 ? column
                        : arith::AddIOp::create(
                              b, loc, column,
                              arith::ConstantIndexOp::create(b, loc, offset))
                              .getResult());
        memref::PrefetchOp::create(b, loc, row.memref, indices,
                                   /*isWrite=*/false, locality,
                                   /*isDataCache=*/true);
      }
    }
  }

  /// out[chunk] = body(in[chunk], out[chunk]) at `point`, then at the
  /// R - 1 following steps of the innermost outer reduction dimension (in
  /// order, so results are those of the plain loop) with the outputs kept
  /// in registers in between.
  /// With `carriedOut`, the outputs are `carried` instead of loads, and
  /// their new values go to `carriedOut` instead of being stored.
  LogicalResult emitElementwiseStep(OpBuilder &b, const Point &point,
                                    ValueRange carried = {},
                                    SmallVector<Value> *carriedOut = nullptr) {
    SmallVector<SmallVector<Value>> outIndices;
    SmallVector<Value> outputs;
    if (carriedOut)
      llvm::append_range(outputs, carried);
    for (OpOperand &init : op.getDpsInitsMutable()) {
      if (carriedOut)
        break;
      outIndices.push_back(
          getIndices(b, loc, op.getMatchingIndexingMap(&init), point.ivs));
      Type outputType = cast<MemRefType>(init.get().getType()).getElementType();
      if (point.isVector())
        outputs.push_back(vector::LoadOp::create(
            b, loc, VectorType::get({point.width}, outputType), init.get(),
            outIndices.back()));
      else
        outputs.push_back(
            memref::LoadOp::create(b, loc, init.get(), outIndices.back()));
    }
    if (point.isVector()) {
      emitPrefetches(b, prefetchRows, point.ivs[vectorDim], point.width);
      emitScatteredRowPrefetches(b, point.ivs[vectorDim], point.width);
    }
    for (int64_t row = 0; row < rowsPerStep; ++row) {
      Point rowPoint = point;
      rowPoint.ivs = getRowIvs(b, point.ivs, row);
      SmallVector<Value> args = loadInputs(b, rowPoint);
      args.append(outputs);
      BodyCloner cloner(b, loc, rowPoint, hoistedRows[row]);
      FailureOr<SmallVector<Value>> result =
          cloner.clone(op.getRegion().front(), args);
      if (failed(result))
        return failure();
      outputs.clear();
      for (Value value : *result)
        outputs.push_back(rowPoint.isVector() ? cloner.broadcastIfNeeded(value)
                                              : value);
    }
    if (carriedOut) {
      *carriedOut = outputs;
      return success();
    }
    for (auto [value, init, indices] :
         llvm::zip(outputs, op.getDpsInitsMutable(), outIndices)) {
      if (point.isVector()) {
        auto store =
            vector::StoreOp::create(b, loc, value, init.get(), indices);
        if (shouldStream(init.get())) {
          store.setNontemporal(true);
          store.setAlignment(
              uint64_t(init.get() == lineAlignedOutput ? 64 : 16));
        }
      } else
        memref::StoreOp::create(b, loc, value, init.get(), indices);
    }
    return success();
  }

  /// Innermost loop a reduction: W independent lanes per output element.
  /// J consecutive outputs of the innermost outer parallel dimension are
  /// reduced together (one register of lanes each), so the loop reads J
  /// streams at once: a core keeps more lines in flight with several
  /// streams than with one.
  LogicalResult emitInnerReduction() {
    SmallVector<int64_t> parallelDims, parallelCounts, reductionDims,
        reductionCounts;
    splitOuterDims(parallelDims, parallelCounts, reductionDims,
                   reductionCounts);
    // Selection lanes carry a dependency chain (compare, blend) per
    // register: they keep registersPerChunk independent registers per row
    // rather than interleaving rows one register each.
    int64_t jam = selection ? 1 : chooseJam(parallelDims);
    // Rows of at least 16 KiB with longRowWide keep the whole chunk per
    // row: J bursts of registersPerChunk lines per step.
    bool wideRows = longRowWide && getInputRowBytes() >= kLongRowBytes;
    if (wideRows)
      jam = capWideJam(jam);
    if (jam > 1) {
      if (!wideRows)
        width = std::min(width, lanesPerRegister);
      parallelCounts.back() /= jam;
    }
    if (!chooseEvaluation())
      return failure();

    bool parallel = !parallelDims.empty() && isWorthParallel();
    int64_t numOutputs = op.getNumDpsInits();
    int64_t innermost = sizes[vectorDim];
    int64_t vectorEnd = width > 1 ? innermost - innermost % width : 0;
    // Selections finish a row with one vector step over its last W
    // elements instead of a scalar remainder (whose compare-blend chain
    // costs ~8 cycles per element); see accumulateTail.
    bool vectorTail = selection && width > 1 && vectorEnd < innermost;
    // Per row: the outputs' accumulators, then a NaN flag per fast
    // maximumf/minimumf output (chooseFastExtrema).
    chooseFastExtrema();
    int64_t rowState = numOutputs + fastExtrema.size();
    bool realign = chooseRealign();
    bool rotate = realign && chooseRotatedLanes();
    bool collect = chooseCandidateChunks(realign);

    scf::ParallelOp loop = buildLoops(
        rewriter, parallelDims, parallelCounts, parallel,
        [&](OpBuilder &b, ValueRange parallelIvs) {
          // ivs of the J interleaved outputs.
          SmallVector<SmallVector<Value>> rowIvs(jam, SmallVector<Value>(rank));
          for (int64_t row = 0; row < jam; ++row) {
            for (auto [dim, iv] : llvm::zip(parallelDims, parallelIvs))
              rowIvs[row][dim] = iv;
            if (jam > 1) {
              int64_t jamDim = parallelDims.back();
              rowIvs[row][jamDim] = arith::AddIOp::create(
                  b, loc,
                  arith::MulIOp::create(
                      b, loc, parallelIvs.back(),
                      arith::ConstantIndexOp::create(b, loc, jam)),
                  arith::ConstantIndexOp::create(b, loc, row));
            }
          }
          // Accumulate over the outer reduction dimensions and the
          // innermost one; the accumulators (J x outputs vectors, then as
          // many scalars; row-major by row) are loop-carried values.
          // Plain reductions start at the identity and merge the stored
          // value at the end; selections start every lane at the stored
          // (initial) state.
          SmallVector<SmallVector<Value>> scalarInits(jam), vectorInits(jam);
          for (int64_t row = 0; row < jam; ++row) {
            for (auto [i, init] : llvm::enumerate(op.getDpsInitsMutable())) {
              Value scalar =
                  !reductions[i].combiner
                      ? memref::LoadOp::create(
                            b, loc, init.get(),
                            getIndices(b, loc, op.getMatchingIndexingMap(&init),
                                       rowIvs[row]))
                            .getResult()
                      : arith::ConstantOp::create(b, loc,
                                                  reductions[i].identity)
                            .getResult();
              scalarInits[row].push_back(scalar);
              vectorInits[row].push_back(
                  width > 1
                      ? vector::BroadcastOp::create(
                            b, loc, VectorType::get({width}, scalar.getType()),
                            scalar)
                            .getResult()
                      : scalar);
            }
            for (size_t flag = 0; flag < fastExtrema.size(); ++flag) {
              scalarInits[row].push_back(
                  arith::ConstantIntOp::create(b, loc, 0, 1));
              vectorInits[row].push_back(arith::ConstantOp::create(
                  b, loc,
                  DenseElementsAttr::get(
                      VectorType::get({width}, b.getI1Type()), false)));
            }
          }
          auto setIv = [&](int64_t dim, Value iv) {
            for (SmallVector<Value> &ivs : rowIvs)
              ivs[dim] = iv;
          };
          // Accumulates rows over [begin, end) by `step` lanes, the
          // accumulators of row r at accs[r * outputs ...].
          auto accumulateRows = [&](OpBuilder &rb, int64_t begin, int64_t end,
                                    int64_t step, ValueRange accs) {
            SmallVector<PrefetchRow> nextRows, aheadRows;
            // Per row: the list's limit and its running count (an i32
            // carried by the loops below, stored once after them).
            SmallVector<Value> candidateLimits, candidateCounts;
            if (step > 1) {
              nextRows =
                  getNextStepRows(rb, rowIvs, reductionDims, reductionCounts);
              aheadRows = getLongRows(rb, rowIvs);
              if (collect) {
                candidateLimits = startCandidateLists(rb, rowIvs, end);
                candidateCounts.assign(
                    jam, arith::ConstantIntOp::create(rb, loc, 0, 32));
              }
            }
            // One step at `iv` from the accumulators `args`.
            auto emitStep = [&](OpBuilder &lb, Value iv, ValueRange args) {
              emitPrefetches(lb, nextRows, iv, step);
              if (!aheadRows.empty())
                emitPrefetches(
                    lb, aheadRows,
                    arith::MinUIOp::create(
                        lb, loc,
                        arith::AddIOp::create(
                            lb, loc, iv,
                            arith::ConstantIndexOp::create(
                                lb, loc,
                                longRowPrefetchBytes /
                                    aheadRows.front().elementBytes)),
                        arith::ConstantIndexOp::create(lb, loc, end - step)),
                    step, longRowPrefetchLocality);
              SmallVector<Value> next;
              for (int64_t row = 0; row < jam; ++row) {
                Point point;
                point.ivs = rowIvs[row];
                point.ivs[vectorDim] = iv;
                if (step > 1) {
                  point.vectorDim = vectorDim;
                  point.width = width;
                }
                if (!candidateLimits.empty())
                  candidateCounts[row] = appendCandidateChunk(
                      lb, point, candidateLimits[row], candidateCounts[row]);
                llvm::append_range(
                    next, accumulateState(
                              lb, point, args.slice(row * rowState, rowState)));
              }
              return next;
            };
            auto emitLoop = [&](OpBuilder &lb, int64_t from, int64_t to,
                                ValueRange init) {
              if (from >= to)
                return SmallVector<Value>(init);
              // The candidate counts ride after the accumulators.
              size_t counts = candidateCounts.size();
              SmallVector<Value> carried(init);
              llvm::append_range(carried, candidateCounts);
              auto loop = scf::ForOp::create(
                  lb, loc, arith::ConstantIndexOp::create(lb, loc, from),
                  arith::ConstantIndexOp::create(lb, loc, to),
                  arith::ConstantIndexOp::create(lb, loc, step), carried,
                  [&](OpBuilder &bb, Location, Value iv, ValueRange args) {
                    candidateCounts.assign(args.take_back(counts).begin(),
                                           args.take_back(counts).end());
                    SmallVector<Value> next =
                        emitStep(bb, iv, args.drop_back(counts));
                    llvm::append_range(next, candidateCounts);
                    scf::YieldOp::create(bb, loc, next);
                  });
              if (step > 1)
                requestUnroll(loop, chooseUnroll(jam * step));
              ValueRange results = loop.getResults();
              candidateCounts.assign(results.take_back(counts).begin(),
                                     results.take_back(counts).end());
              return SmallVector<Value>(results.drop_back(counts));
            };
            if (step == 1 || !realign) {
              SmallVector<Value> state = emitLoop(rb, begin, end, accs);
              if (!candidateCounts.empty())
                storeCandidateCounts(rb, rowIvs, candidateCounts);
              return state;
            }
            if (rotate)
              return emitRotatedRows(rb, begin, end, step, accs, rowIvs,
                                     emitStep, emitLoop);
            // Rows that start off a 64-byte boundary (at run time) read
            // realigned vectors: the first and last steps peeled, their
            // outer aligned vectors masked; aligned rows keep the plain
            // loop.
            auto dispatch = scf::IfOp::create(rb, loc, TypeRange(accs),
                                              isAnyRowMisaligned(rb, rowIvs),
                                              /*withElseRegion=*/true);
            {
              OpBuilder tb = OpBuilder::atBlockEnd(dispatch.thenBlock());
              int64_t steps = (end - begin) / step;
              realigning = true;
              realignHead = true;
              realignTail = steps == 1;
              SmallVector<Value> state = emitStep(
                  tb, arith::ConstantIndexOp::create(tb, loc, begin), accs);
              realignHead = realignTail = false;
              state = emitLoop(tb, begin + step, end - step, state);
              if (steps > 1) {
                realignTail = true;
                state = emitStep(
                    tb, arith::ConstantIndexOp::create(tb, loc, end - step),
                    state);
                realignTail = false;
              }
              realigning = false;
              scf::YieldOp::create(tb, loc, state);
            }
            OpBuilder eb = OpBuilder::atBlockEnd(dispatch.elseBlock());
            scf::YieldOp::create(eb, loc, emitLoop(eb, begin, end, accs));
            return SmallVector<Value>(dispatch.getResults());
          };
          // The remainder [vectorEnd, innermost) as one W-wide step at
          // innermost - W (W <= innermost: every element it reads is in
          // the row), whose lanes below vectorEnd keep their state: the
          // others see a position after every one they saw before, so
          // each lane still visits its elements in order and the result
          // is that of the plain loop.
          auto accumulateTail = [&](OpBuilder &rb, ValueRange accs) {
            int64_t tailStart = innermost - width;
            SmallVector<bool> fresh(width);
            for (int64_t lane = 0; lane < width; ++lane)
              fresh[lane] = tailStart + lane >= vectorEnd;
            Value freshLanes = arith::ConstantOp::create(
                rb, loc,
                DenseElementsAttr::get(VectorType::get({width}, rb.getI1Type()),
                                       fresh));
            Value start = arith::ConstantIndexOp::create(rb, loc, tailStart);
            SmallVector<Value> next;
            for (int64_t row = 0; row < jam; ++row) {
              Point point;
              point.ivs = rowIvs[row];
              point.ivs[vectorDim] = start;
              point.vectorDim = vectorDim;
              point.width = width;
              ValueRange rowAccs = accs.slice(row * rowState, rowState);
              for (auto [value, acc] :
                   llvm::zip(accumulateState(rb, point, rowAccs), rowAccs))
                next.push_back(
                    arith::SelectOp::create(rb, loc, freshLanes, value, acc));
            }
            return next;
          };
          std::function<SmallVector<Value>(OpBuilder &, size_t,
                                           SmallVector<Value>)>
              reduceFrom = [&](OpBuilder &rb, size_t level,
                               SmallVector<Value> accs) -> SmallVector<Value> {
            if (level < reductionDims.size()) {
              auto loop = scf::ForOp::create(
                  rb, loc, arith::ConstantIndexOp::create(rb, loc, 0),
                  arith::ConstantIndexOp::create(rb, loc,
                                                 reductionCounts[level]),
                  arith::ConstantIndexOp::create(rb, loc, 1), accs,
                  [&](OpBuilder &lb, Location, Value iv, ValueRange args) {
                    setIv(reductionDims[level], iv);
                    SmallVector<Value> next =
                        reduceFrom(lb, level + 1, llvm::to_vector(args));
                    scf::YieldOp::create(lb, loc, next);
                  });
              return SmallVector<Value>(loop.getResults());
            }
            SmallVector<Value> result = accs;
            int64_t count = jam * rowState;
            MutableArrayRef<Value> vectorAccs(result.data(), count);
            MutableArrayRef<Value> scalarAccs(result.data() + count, count);
            if (width > 1 && vectorEnd > 0)
              llvm::copy(accumulateRows(rb, 0, vectorEnd, width, vectorAccs),
                         vectorAccs.begin());
            if (vectorTail)
              llvm::copy(accumulateTail(rb, vectorAccs), vectorAccs.begin());
            else if (vectorEnd < innermost)
              llvm::copy(
                  accumulateRows(rb, vectorEnd, innermost, 1, scalarAccs),
                  scalarAccs.begin());
            return result;
          };
          SmallVector<Value> inits;
          for (int64_t row = 0; row < jam; ++row)
            llvm::append_range(inits, vectorInits[row]);
          for (int64_t row = 0; row < jam; ++row)
            llvm::append_range(inits, scalarInits[row]);
          SmallVector<Value> accs = reduceFrom(b, 0, inits);

          int64_t count = jam * rowState;
          // Selection outputs: the lanes merged, then the remainder.
          for (int64_t row = 0; selection && row < jam; ++row) {
            ArrayRef<Value> lanes(accs.data() + row * rowState, numOutputs);
            ArrayRef<Value> scalars(accs.data() + count + row * rowState,
                                    numOutputs);
            SmallVector<Value> state(scalars);
            if (width > 1 && vectorEnd > 0) {
              state = mergeSelectionLanes(b, lanes);
              if (vectorEnd < innermost && !vectorTail)
                state = mergeSelection(b, state, scalars);
            }
            for (int64_t k : selection->outputs) {
              OpOperand &init = op.getDpsInitsMutable()[k];
              memref::StoreOp::create(
                  b, loc, state[k], init.get(),
                  getIndices(b, loc, op.getMatchingIndexingMap(&init),
                             rowIvs[row]));
            }
          }
          for (int64_t row = 0; row < jam; ++row) {
            for (auto [i, reduction, init] :
                 llvm::enumerate(reductions, op.getDpsInitsMutable())) {
              if (!reduction.combiner)
                continue;
              Value output = init.get();
              SmallVector<Value> outIndices = getIndices(
                  b, loc, op.getMatchingIndexingMap(&init), rowIvs[row]);
              Value total = memref::LoadOp::create(b, loc, output, outIndices);
              int64_t at = row * rowState + i;
              if (width > 1) {
                Value lanes = accs[at];
                // A lane that saw a NaN is NaN: the exact reduction of the
                // lanes then propagates it.
                if (auto *flag = llvm::find(fastExtrema, i);
                    flag != fastExtrema.end()) {
                  auto type = cast<VectorType>(lanes.getType());
                  Value nan = arith::ConstantOp::create(
                      b, loc,
                      DenseElementsAttr::get(
                          type,
                          APFloat::getNaN(cast<FloatType>(type.getElementType())
                                              .getFloatSemantics())));
                  lanes = arith::SelectOp::create(
                      b, loc,
                      accs[row * rowState + numOutputs +
                           (flag - fastExtrema.begin())],
                      nan, lanes);
                }
                lanes =
                    vector::ReductionOp::create(b, loc, reduction.kind, lanes);
                total = createCombine(b, loc, reduction.combiner, total, lanes);
              }
              total = createCombine(b, loc, reduction.combiner, total,
                                    accs[count + at]);
              memref::StoreOp::create(b, loc, total, output, outIndices);
            }
          }
        });
    setLongRowClaims(loop);
    rewriter.eraseOp(op);
    return success();
  }

  //===--------------------------------------------------------------------===//
  // Candidate chunks (dml/Transforms/CandidateChunks.h)
  //===--------------------------------------------------------------------===//
  //
  // A pass over top_k's carrier that dml-lower-top-k marked lists, per row,
  // the vector steps with a carrier lane at or above the row's limit (all
  // steps where the limit is NaN): the step's registers folded by a max
  // tree, one compare into a mask and an OR of its lanes per step, then
  // the step's start stored at the list's end (a slot past the
  // capacity once full) and the count raised by that OR, without a
  // branch: on a log-softmax row a tenth of the steps holds a candidate,
  // at random positions, which a branch would mispredict.

  /// Whether this pass lists candidate chunks: marked, a 2-D f32 carrier,
  /// vector steps that are whole selection chunks, plain loads.
  bool chooseCandidateChunks(bool realign) {
    auto marks = op->getAttrOfType<DenseI64ArrayAttr>(kCandidateChunksAttr);
    if (!marks || marks.size() != 4 || realign || rank != 2 || width <= 1 ||
        width % marks[2] != 0)
      return false;
    auto carrier = dyn_cast<MemRefType>(op.getDpsInputs()[marks[0]].getType());
    return carrier && carrier.getElementType().isF32();
  }

  /// The candidate buffer's header slot `slot` of the row at `ivs`.
  SmallVector<Value> getCandidateSlot(OpBuilder &b, ArrayRef<Value> ivs,
                                      Value slot) {
    auto marks = op->getAttrOfType<DenseI64ArrayAttr>(kCandidateChunksAttr);
    OpOperand *candidates = op.getDpsInputOperand(marks[1]);
    SmallVector<Value> indices =
        getIndices(b, loc, op.getMatchingIndexingMap(candidates), ivs);
    indices.back() = slot;
    return indices;
  }

  /// Starts each row's list before its vector loop over [0, end): the span
  /// of a step and the end; returns the rows' limits. The count follows the
  /// loop (storeCandidateCounts).
  SmallVector<Value> startCandidateLists(OpBuilder &b,
                                         ArrayRef<SmallVector<Value>> rowIvs,
                                         int64_t end) {
    auto marks = op->getAttrOfType<DenseI64ArrayAttr>(kCandidateChunksAttr);
    Value candidates = op.getDpsInputs()[marks[1]];
    Type i32 = b.getI32Type();
    auto slot = [&](int64_t value) -> Value {
      return arith::ConstantIndexOp::create(b, loc, value);
    };
    auto word = [&](int64_t value) -> Value {
      return arith::ConstantIntOp::create(b, loc, i32, value);
    };
    SmallVector<Value> limits;
    for (ArrayRef<Value> ivs : rowIvs) {
      memref::StoreOp::create(
          b, loc, word(width), candidates,
          getCandidateSlot(b, ivs, slot(dml::kCandidateSpan)));
      memref::StoreOp::create(
          b, loc, word(end), candidates,
          getCandidateSlot(b, ivs, slot(dml::kCandidateCovered)));
      Value bits = memref::LoadOp::create(
          b, loc, candidates,
          getCandidateSlot(b, ivs, slot(dml::kCandidateLimit)));
      limits.push_back(vector::BroadcastOp::create(
          b, loc, VectorType::get({width}, b.getF32Type()),
          arith::BitcastOp::create(b, loc, b.getF32Type(), bits)));
    }
    return limits;
  }

  /// Stores each row's count of listed steps after its vector loop.
  void storeCandidateCounts(OpBuilder &b, ArrayRef<SmallVector<Value>> rowIvs,
                            ArrayRef<Value> counts) {
    auto marks = op->getAttrOfType<DenseI64ArrayAttr>(kCandidateChunksAttr);
    Value candidates = op.getDpsInputs()[marks[1]];
    for (auto [ivs, count] : llvm::zip(rowIvs, counts))
      memref::StoreOp::create(
          b, loc, count, candidates,
          getCandidateSlot(
              b, ivs,
              arith::ConstantIndexOp::create(b, loc, dml::kCandidateCount)));
  }

  /// The step's registers folded into one by a compare-select tree (`a > b
  /// ? a : b`, one `vmaxps` each), and the limit at that width: the step is
  /// then compared once, not once per register with the masks merged (on
  /// Zen 5 a compare into a mask costs about as much as a `vmaxps`, and the
  /// merges come on top: 3 `vmaxps` + 1 compare against 4 compares + 3
  /// `kunpck` per 64 lanes; bench/README.md, "the candidate listing by a
  /// max tree"). The tree keeps a NaN only where it is a second operand,
  /// which is exact here: a row with a NaN has a NaN limit (its row max is
  /// exact, hence NaN, in emitCandidateLimit's delta), x >=u NaN lists
  /// every step, and a list of every 64-lane step overflows its capacity
  /// (one per 128 elements), so the selection scans the whole row.
  std::pair<Value, Value> reduceCandidateStep(OpBuilder &b, Value chunk,
                                              Value limit) {
    auto type = cast<VectorType>(chunk.getType());
    int64_t lanes = type.getNumElements();
    if (lanes <= lanesPerRegister || lanes % lanesPerRegister != 0)
      return {chunk, limit};
    SmallVector<Value> parts;
    for (int64_t at = 0; at < lanes; at += lanesPerRegister)
      parts.push_back(vector::ExtractStridedSliceOp::create(
          b, loc, chunk, ArrayRef<int64_t>{at},
          ArrayRef<int64_t>{lanesPerRegister}, ArrayRef<int64_t>{1}));
    while (parts.size() > 1) {
      SmallVector<Value> folded;
      for (size_t i = 0; i + 1 < parts.size(); i += 2)
        folded.push_back(arith::SelectOp::create(
            b, loc,
            arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, parts[i],
                                  parts[i + 1]),
            parts[i], parts[i + 1]));
      if (parts.size() % 2)
        folded.push_back(parts.back());
      parts = std::move(folded);
    }
    Value registerLimit = vector::ExtractStridedSliceOp::create(
        b, loc, limit, ArrayRef<int64_t>{0},
        ArrayRef<int64_t>{lanesPerRegister}, ArrayRef<int64_t>{1});
    return {parts.front(), registerLimit};
  }

  /// Lists the vector step at `point` when a carrier lane is not below
  /// `limit` (see above): stores its start at slot min(`count`, capacity)
  /// and returns the count raised by that OR. The count is a value the loop
  /// carries, not a load and store per step: with the count in memory,
  /// LLVM forwards the load but keeps a store per step (the start's store
  /// may alias the count's slot), and the loop spilled more around it.
  Value appendCandidateChunk(OpBuilder &b, const Point &point, Value limit,
                             Value count) {
    auto marks = op->getAttrOfType<DenseI64ArrayAttr>(kCandidateChunksAttr);
    OpOperand *carrier = op.getDpsInputOperand(marks[0]);
    Value candidates = op.getDpsInputs()[marks[1]];
    Type i32 = b.getI32Type();
    Value chunk = vector::LoadOp::create(
        b, loc, cast<VectorType>(limit.getType()), carrier->get(),
        getIndices(b, loc, op.getMatchingIndexingMap(carrier), point.ivs));
    auto [step, stepLimit] = reduceCandidateStep(b, chunk, limit);
    Value any = vector::ReductionOp::create(
        b, loc, vector::CombiningKind::OR,
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UGE, step,
                              stepLimit));
    Value slot = arith::AddIOp::create(
        b, loc,
        arith::IndexCastUIOp::create(
            b, loc, b.getIndexType(),
            arith::MinUIOp::create(
                b, loc, count,
                arith::ConstantIntOp::create(b, loc, i32, marks[3]))),
        arith::ConstantIndexOp::create(b, loc, dml::kCandidateHeader));
    memref::StoreOp::create(
        b, loc, arith::IndexCastUIOp::create(b, loc, i32, point.ivs[vectorDim]),
        candidates, getCandidateSlot(b, point.ivs, slot));
    return arith::AddIOp::create(b, loc, count,
                                 arith::ExtUIOp::create(b, loc, i32, any));
  }

  /// Merges two states of a selection reduction (one value per output,
  /// scalars or vectors of equal width, lane by lane): the state with the
  /// earlier position is the output, the other the element, as the plain
  /// loop would visit them.
  SmallVector<Value> mergeSelection(OpBuilder &b, ArrayRef<Value> lhs,
                                    ArrayRef<Value> rhs) {
    const SelectionInfo &info = *selection;
    int64_t position = info.positionOutput;
    Value swap = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt,
                                       lhs[position], rhs[position]);
    // Indexed by output; outputs of plain reductions stay unset.
    SmallVector<Value> earlier(lhs.size()), later(lhs.size());
    for (int64_t k : info.outputs) {
      earlier[k] = arith::SelectOp::create(b, loc, swap, rhs[k], lhs[k]);
      later[k] = arith::SelectOp::create(b, loc, swap, lhs[k], rhs[k]);
    }
    Point point;
    if (auto vectorType = dyn_cast<VectorType>(lhs[position].getType())) {
      point.vectorDim = 0;
      point.width = vectorType.getNumElements();
    }
    BodyCloner cloner(b, loc, point);
    for (auto [k, element] : llvm::zip(info.valueOutputs, info.elementArgs)) {
      cloner.bind(op.getRegionOutputArgs()[k], earlier[k]);
      cloner.bind(element, later[k]);
    }
    // analyzeSelection admitted arith ops only, which always clone.
    LogicalResult cloned = cloner.cloneOps(info.conditionOps);
    assert(succeeded(cloned) && "selection condition must clone");
    (void)cloned;
    Value condition = cloner.getMapping().lookupOrDefault(info.condition);
    SmallVector<Value> merged(lhs.size());
    for (int64_t k : info.outputs)
      merged[k] =
          info.keepsOnTrue
              ? arith::SelectOp::create(b, loc, condition, earlier[k], later[k])
              : arith::SelectOp::create(b, loc, condition, later[k],
                                        earlier[k]);
    return merged;
  }

  /// The state of all lanes of the W-wide selection state `lanes`: halves
  /// merged while they have two lanes or more, then lane by lane.
  SmallVector<Value> mergeSelectionLanes(OpBuilder &b, ArrayRef<Value> lanes) {
    SmallVector<Value> state(lanes);
    int64_t lanesLeft = width;
    while (lanesLeft % 2 == 0 && lanesLeft / 2 > 1) {
      int64_t half = lanesLeft / 2;
      SmallVector<Value> low(state.size()), high(state.size());
      for (int64_t k : selection->outputs) {
        low[k] = vector::ExtractStridedSliceOp::create(
            b, loc, state[k], ArrayRef<int64_t>{0}, ArrayRef<int64_t>{half},
            ArrayRef<int64_t>{1});
        high[k] = vector::ExtractStridedSliceOp::create(
            b, loc, state[k], ArrayRef<int64_t>{half}, ArrayRef<int64_t>{half},
            ArrayRef<int64_t>{1});
      }
      state = mergeSelection(b, low, high);
      lanesLeft = half;
    }
    SmallVector<Value> merged;
    for (int64_t lane = 0; lane < lanesLeft; ++lane) {
      SmallVector<Value> scalars(state.size());
      for (int64_t k : selection->outputs)
        scalars[k] = vector::ExtractOp::create(b, loc, state[k], lane);
      merged = lane == 0 ? scalars : mergeSelection(b, merged, scalars);
    }
    return merged;
  }

  /// How many times LLVM unrolls the vector loop of a reduction over the
  /// innermost dimension whose steps read `lanes` lanes (all rows): 4 (see
  /// requestUnroll), but an exp loop (~18 vector ops and ~10 constants per
  /// register) keeps at most 8 registers of elements per iteration: 16
  /// (4 steps of 64 lanes on Zen) left LLVM spilling each step's
  /// exponents and the candidate limit and reloading the row max per step
  /// (SM, SH, R3 `[4, 32000]` 5-10 % slower than at 8; bench/README.md,
  /// branch exp-loop).
  int64_t chooseUnroll(int64_t lanes) {
    constexpr int64_t kReductionUnroll = 4, kExpRegisters = 8;
    bool exp = op->walk([](math::ExpOp) {
                   return WalkResult::interrupt();
                 }).wasInterrupted();
    if (!exp)
      return kReductionUnroll;
    int64_t registers = std::max<int64_t>(1, lanes / lanesPerRegister);
    return std::clamp<int64_t>(kExpRegisters / registers, 1, kReductionUnroll);
  }

  /// Asks LLVM to unroll the vector loop of a reduction over the innermost
  /// dimension `times` times: one chunk per row and step leaves the loop's
  /// control and each accumulator's mask bookkeeping on the critical path
  /// (a NaN-flagged max over rows ran at 20 GB/s on one Zen 5 core,
  /// unrolled at the read bandwidth). The JIT's light LLVM pipeline
  /// unrolls only loops that ask (T2's scan loops got slower unrolled).
  static void requestUnroll(scf::ForOp loop, int64_t times) {
    MLIRContext *context = loop.getContext();
    auto unroll = LLVM::LoopUnrollAttr::get(
        context, /*disable=*/nullptr,
        IntegerAttr::get(IntegerType::get(context, 32), times),
        /*runtimeDisable=*/nullptr, /*full=*/nullptr,
        /*followupUnrolled=*/nullptr, /*followupRemainder=*/nullptr,
        /*followupAll=*/nullptr);
    // scf-to-cf moves the attribute onto the loop's back edge, where the
    // LLVM branch takes it as its loop metadata.
    loop->setAttr("loop_annotation", LLVM::LoopAnnotationAttr::get(
                                         context, {}, {}, {}, unroll, {}, {},
                                         {}, {}, {}, {}, {}, {}, {}, {}, {}));
  }

  /// R for emitInnerParallel: steps of the innermost outer reduction
  /// dimension applied per chunk visit, a divisor of its trip count.
  static int64_t chooseRowsPerStep(int64_t tripCount) {
    constexpr int64_t kMaxRows = 4;
    for (int64_t rows = kMaxRows; rows > 1; rows /= 2)
      if (tripCount % rows == 0)
        return rows;
    return 1;
  }

  int64_t getInnermostOuterReductionDim() const {
    for (int64_t d = vectorDim - 1; d >= 0; --d)
      if (iterators[d] == utils::IteratorType::reduction)
        return d;
    llvm_unreachable("no outer reduction dimension");
  }

  /// J for emitInnerReduction: the number of outputs of the innermost outer
  /// parallel dimension reduced together (1: none). Interleaving needs
  /// vector lanes to split and a dimension J divides.
  /// Rows of at least kLongRowBytes (four pages: the stream prefetcher
  /// follows each across several page boundaries) use at most
  /// longRowStreams.
  int64_t chooseJam(ArrayRef<int64_t> parallelDims) {
    int64_t maxJam = 4;
    if (getInputRowBytes() >= kLongRowBytes)
      maxJam = std::clamp<int64_t>(longRowStreams, 1, maxJam);
    if (parallelDims.empty() || width <= lanesPerRegister)
      return 1;
    int64_t count = sizes[parallelDims.back()];
    for (int64_t jam = maxJam; jam > 1; jam /= 2)
      if (count % jam == 0)
        return jam;
    return 1;
  }

  /// J for rows that keep a whole chunk each: J x registers per chunk x
  /// outputs accumulators stay within half the vector registers (32 with
  /// AVX-512, else 16), and a body with math ops (exp, log: compute-bound)
  /// reads one row at a time. Otherwise spills and the body's work take
  /// what the J bursts gain: a fused max/sum/sum-of-squares of long rows
  /// (3 outputs) had 149 spill moves with J = 4, none with J = 1.
  int64_t capWideJam(int64_t jam) {
    if (hasMathBody())
      return 1;
    int64_t registers = vectorBits >= 512 ? 32 : 16;
    int64_t perRow = (width / lanesPerRegister) * int64_t(op.getNumDpsInits());
    while (jam > 1 && jam * perRow > registers / 2)
      jam /= 2;
    return jam;
  }

  /// The body computes a math op (exp, log: compute-bound loops).
  bool hasMathBody() {
    return op.getRegion()
        .front()
        .walk([](Operation *inner) {
          return isa_and_nonnull<math::MathDialect>(inner->getDialect())
                     ? WalkResult::interrupt()
                     : WalkResult::advance();
        })
        .wasInterrupted();
  }

  /// Bytes of one innermost row of the widest input element type.
  int64_t getInputRowBytes() {
    int64_t bits = 0;
    for (Value input : op.getDpsInputs())
      if (auto type = dyn_cast<ShapedType>(input.getType()))
        if (type.getElementType().isIntOrFloat())
          bits = std::max<int64_t>(bits, type.getElementTypeBitWidth());
    return sizes[vectorDim] * llvm::divideCeil(bits, 8);
  }

  /// The body at `point` with the accumulators `accs` (one per output).
  /// `mapping`, if given, receives the body values at the point.
  SmallVector<Value> accumulate(OpBuilder &b, const Point &point,
                                ValueRange accs, IRMapping *mapping = nullptr) {
    SmallVector<Value> args = loadInputs(b, point);
    llvm::append_range(args, accs);
    BodyCloner cloner(b, loc, point);
    FailureOr<SmallVector<Value>> result =
        cloner.clone(op.getRegion().front(), args);
    // bodyClones() checked both kinds of points before anything was built.
    assert(succeeded(result) && "body cloning was checked");
    SmallVector<Value> values;
    for (Value value : *result)
      values.push_back(point.isVector() ? cloner.broadcastIfNeeded(value)
                                        : value);
    if (mapping)
      *mapping = cloner.getMapping();
    return values;
  }

  /// Outputs of an inner reduction combined by arith.maximumf/minimumf
  /// whose vector lanes use the plain instruction (nnan nsz: vmaxps)
  /// and a NaN flag per lane instead of the exact lowering (NaN
  /// propagation and -0 < +0: blends and compares on every element, which
  /// made the loop FP-port bound). NaN stays exact (the flag); the sign of
  /// a zero maximum/minimum is left open by DirectML (operators.md 1.5).
  void chooseFastExtrema() {
    fastExtrema.clear();
    if (width <= 1)
      return;
    for (auto [i, reduction] : llvm::enumerate(reductions))
      if (reduction.combiner &&
          isa<arith::MaximumFOp, arith::MinimumFOp>(reduction.combiner))
        fastExtrema.push_back(i);
  }

  /// One step of a row's state (accumulate, then the NaN flags of
  /// fastExtrema after the outputs): on vectors, the fast outputs take
  /// max/min without NaN handling and their flags record NaN operands; on
  /// scalars the body runs exactly and the flags stay.
  SmallVector<Value> accumulateState(OpBuilder &b, const Point &point,
                                     ValueRange state) {
    int64_t numOutputs = op.getNumDpsInits();
    ValueRange accs = state.take_front(numOutputs);
    IRMapping mapping;
    SmallVector<Value> next = accumulate(b, point, accs, &mapping);
    for (auto [flagIndex, i] : llvm::enumerate(fastExtrema)) {
      Value flag = state[numOutputs + flagIndex];
      if (point.isVector()) {
        Operation *combiner = reductions[i].combiner;
        BlockArgument outputArg = op.getRegionOutputArgs()[i];
        Value operand = combiner->getOperand(0) == outputArg
                            ? combiner->getOperand(1)
                            : combiner->getOperand(0);
        Value value = mapping.lookupOrDefault(operand);
        if (!isa<VectorType>(value.getType()))
          value = vector::BroadcastOp::create(b, loc, accs[i].getType(), value);
        auto fastmath = arith::FastMathFlagsAttr::get(
            b.getContext(),
            arith::FastMathFlags::nnan | arith::FastMathFlags::nsz);
        next[i] =
            isa<arith::MaximumFOp>(combiner)
                ? arith::MaximumFOp::create(b, loc, accs[i], value, fastmath)
                      .getResult()
                : arith::MinimumFOp::create(b, loc, accs[i], value, fastmath)
                      .getResult();
        Value isNaN = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO,
                                            value, value);
        flag = arith::OrIOp::create(b, loc, flag, isNaN);
      }
      next.push_back(flag);
    }
    return next;
  }

  RewriterBase &rewriter;
  linalg::GenericOp op;
  Location loc;
  int64_t vectorBits, registersPerChunk, parallelThreshold;
  unsigned threads;
  int64_t itemsPerThread, callerStreamingBytes;
  bool streamFills, streamPagePrefetch, prefetch, prefetchGatheredRows;
  /// Outputs that are a block's rows of a caller's buffer (an argument) the
  /// kernel never reads, and that buffer (shouldStream).
  llvm::SmallDenseMap<Value, Value, 2> unreadBlockRows;
  int64_t longRowClaimsPerThread;
  int64_t longRowStreams, longRowPrefetchBytes, longRowPrefetchLocality;
  bool longRowWide, realignRows;
  /// While set, loadInputs reads the realigned inputs (isRealignedInput)
  /// of vector points with aligned loads (loadRealigned); the first
  /// aligned vector of a row is masked at realignHead, the last at
  /// realignTail.
  bool realigning = false, realignHead = false, realignTail = false;
  /// With realigning: rotated lanes (emitRotatedRows), no permutes.
  bool rotating = false;
  SmallVector<int64_t> sizes;
  SmallVector<utils::IteratorType> iterators;
  int64_t rank = 0, vectorDim = -1, width = 1, lanesPerRegister = 1;
  int64_t rowsPerStep = 1;
  /// Elements of the innermost dimension per parallel iteration
  /// (emitInnerParallel).
  int64_t blockElements = 1;
  /// Body values evaluated before the current chunk loop, per row of a
  /// step (emitChunks).
  SmallVector<const IRMapping *> hoistedRows;
  /// Rows read through an index some steps ahead, prefetched chunk by
  /// chunk (emitChunks).
  SmallVector<PrefetchRow> prefetchRows;
  /// Rows read at scattered positions some rows ahead, prefetched whole
  /// across the chunk loop (emitChunks).
  SmallVector<ScatteredRow> scatteredRows;
  /// The output whose vector chunks start on a cache line in the current
  /// chunk loop (emitChunks, getLineAlignableOutput).
  Value lineAlignedOutput;
  /// The combiner of each output of an inner reduction.
  struct Reduction {
    Operation *combiner;
    vector::CombiningKind kind;
    TypedAttr identity;
  };
  SmallVector<Reduction> reductions;
  /// Outputs reduced with plain max/min and a NaN flag per lane
  /// (chooseFastExtrema).
  SmallVector<int64_t> fastExtrema;
  /// The outputs of a selection reduction (analyzeSelection).
  struct SelectionInfo {
    Value condition;
    /// The body ops computing `condition`, in order.
    SmallVector<Operation *> conditionOps;
    /// All outputs of the selection (the others are plain reductions).
    SmallVector<int64_t> outputs;
    SmallVector<int64_t> valueOutputs;
    /// The input block argument each value output selects.
    SmallVector<BlockArgument> elementArgs;
    int64_t positionOutput = -1;
    /// `condition` true keeps the output (the element replaces it when
    /// false).
    bool keepsOnTrue = false;
  };
  std::optional<SelectionInfo> selection;
};

struct LinalgToVectorLoopsPass
    : public dml::impl::DMLLinalgToVectorLoopsBase<LinalgToVectorLoopsPass> {
  using DMLLinalgToVectorLoopsBase::DMLLinalgToVectorLoopsBase;

  void runOnOperation() override {
    if (failed(dml::checkOptionRange(
            getOperation(), getArgument(), "long-row-prefetch-locality",
            longRowPrefetchLocality, 0, 3)))
      return signalPassFailure();
    IRRewriter rewriter(&getContext());
    SmallVector<linalg::FillOp> fills;
    getOperation().walk([&](linalg::FillOp fill) {
      if (fill.hasPureBufferSemantics())
        fills.push_back(fill);
    });
    for (linalg::FillOp fill : fills) {
      rewriter.setInsertionPoint(fill);
      (void)linalg::generalizeNamedOp(rewriter, fill);
    }

    SmallVector<linalg::GenericOp> generics;
    getOperation().walk([&](linalg::GenericOp op) { generics.push_back(op); });
    for (linalg::GenericOp op : generics) {
      GenericLowering lowering(
          rewriter, op, vectorBits, registersPerChunk, parallelThreshold,
          threads, itemsPerThread, callerStreamingBytes, streamFills,
          streamPagePrefetch, prefetchRows, prefetchGatheredRows,
          longRowClaimsPerThread, longRowStreams, longRowPrefetchBytes,
          longRowPrefetchLocality, longRowWide, realignRows);
      (void)lowering.run();
    }
  }
};

} // namespace
