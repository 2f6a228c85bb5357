//===- GPUBlockReductions.cpp - dml-gpu-block-reductions ------------------===//
//
// A bufferized linalg.generic reduction whose payload is
// `combine(f(inputs), out)` (combine with a neutral element: add, max, min,
// and, ...) becomes one gpu.launch:
//
// * rows (the input's contiguous dimension is reduced): one block per
//   output; thread t accumulates elements t, t + Y, ... of the (flattened)
//   reduced window in a register, so a warp reads 32 neighbouring elements;
// * columns (the contiguous dimension is kept): a block of 32 x 32 threads
//   per 32 neighbouring outputs; thread (x, y) accumulates rows y, y + 32, ...
//   of output x, so a warp reads 32 neighbouring elements of one row.
//
// The partial results of a block meet in shared memory (a tree over y; for
// rows of 32-bit values, warp shuffles first, then one value per warp), and
// thread y = 0 combines the result with the output's initial value (the
// constant of the linalg.fill just before, which is then dropped).
//
//===----------------------------------------------------------------------===//

#include "GPUBlockReductions.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::dml;

namespace {
/// What the kernel of one reduction needs to know about it.
struct BlockReduction {
  /// Combine: one output, `out = combiner(f(inputs), out)` with a neutral
  /// element. Select (arg_max/arg_min): two outputs (value, index),
  /// `c = cond(in, outValue)`, each output either keeps its value or takes
  /// the element's (`in`, index), the same way for both.
  /// MaxExpSum (log_sum_exp's two reductions): `m = max(x)` then
  /// `s = sum(exp(x - m))` over the same window, in one pass with the
  /// online rescaling s * exp(m_old - m_new).
  enum class Kind { Combine, Select, MaxExpSum };
  Kind kind = Kind::Combine;
  Operation *combiner = nullptr;
  /// The combiner's operand that is not the output's block argument.
  Value combined;
  /// Select: the condition, the selected input's block argument, and
  /// whether a true condition takes the element (else keeps the output).
  Value condition;
  BlockArgument selected;
  bool takeOnTrue = true;
  /// MaxExpSum: the sum's op (the max is the op itself).
  mutable linalg::GenericOp sumOp;
  /// MaxExpSum with fold-outputs: the post-op `f(m, s)` (m + log s) that
  /// writes in place of the sum, with the max a temporary nothing else
  /// reads: applied at the kernel's store, the max never stored.
  mutable linalg::GenericOp postOp;
  /// Each thread's starting value per output: the neutral element
  /// (Combine), or the outputs' initial constants (Select: the initial
  /// state acts as an element at index 0, which every window has).
  SmallVector<TypedAttr> start;
  /// Loop dimensions, slowest first in the first input's layout.
  SmallVector<unsigned> parallelDims, reductionDims;
  SmallVector<int64_t> ranges;
  int64_t outputs = 1, reduced = 1;
  /// The first input's contiguous dimension is reduced.
  bool rows = false;
  /// Elements per 16-byte load of every input that walks the contiguous
  /// dimension (1: scalar loads). Rows: consecutive elements of one window;
  /// columns: one element of each of `vectorWidth` neighbouring outputs
  /// (the thread's lanes).
  int64_t vectorWidth = 1;
  /// The first input's contiguous dimension.
  unsigned contiguous = 0;
  /// Per output (in the order of outputBuffers): a temporary that nothing
  /// else reads (arg_max's values: not stored, no buffer), or the
  /// elementwise op that is its only reader (arg_max's i32 -> i64
  /// widening: applied to the result and stored into that op's output).
  SmallVector<bool> deadOutputs;
  SmallVector<linalg::GenericOp> foldedConsumers;
};
} // namespace

/// Shorter windows stay one thread per output (dml-gpu-map) by default.
static constexpr int64_t kMinReduced = 32;

/// The constant linalg.fill of `init` among the ops just before `op`
/// (fills, allocations and reshapes), or null.
static linalg::FillOp findConstantFill(Operation *op, Value init) {
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
    if (auto fill = dyn_cast<linalg::FillOp>(prev)) {
      if (fill.getOutputs()[0] == init)
        return matchPattern(fill.getInputs()[0], m_Constant()) ? fill : nullptr;
      continue;
    }
    if (!isa<memref::AllocOp, memref::CollapseShapeOp, memref::ExpandShapeOp>(
            prev) &&
        !prev->hasTrait<OpTrait::ConstantLike>())
      return nullptr;
  }
  return nullptr;
}

static TypedAttr getFillConstant(linalg::FillOp fill) {
  Attribute constant;
  matchPattern(fill.getInputs()[0], m_Constant(&constant));
  return dyn_cast_or_null<TypedAttr>(constant);
}

static bool isSupportedElement(Type type) {
  return type.isIntOrFloat() && type.getIntOrFloatBitWidth() >= 16 &&
         type.getIntOrFloatBitWidth() <= 64;
}

/// The single-output combiner form (sum, max, ...).
static bool matchCombine(linalg::GenericOp op, BlockReduction &result) {
  if (op.getNumDpsInits() != 1 ||
      !isSupportedElement(getElementTypeOrSelf(op.getDpsInits()[0].getType())))
    return false;
  Block &body = op.getRegion().front();
  Value yielded = body.getTerminator()->getOperand(0);
  Operation *combiner = yielded.getDefiningOp();
  BlockArgument out = op.getRegionOutputArgs()[0];
  if (!combiner || combiner->getBlock() != &body ||
      combiner->getNumOperands() != 2 || combiner->getNumResults() != 1 ||
      combiner->getNumRegions() != 0 || !out.hasOneUse() ||
      out.getUses().begin()->getOwner() != combiner)
    return false;
  std::optional<TypedAttr> neutral = arith::getNeutralElement(combiner);
  if (!neutral)
    return false;
  result.kind = BlockReduction::Kind::Combine;
  result.combiner = combiner;
  result.start = {*neutral};
  result.combined = combiner->getOperand(0) == out ? combiner->getOperand(1)
                                                   : combiner->getOperand(0);
  return true;
}

/// The (value, index) selection form of arg_max/arg_min: the condition
/// depends only on the selected input, the value output and outside values.
static bool matchSelect(linalg::GenericOp op, BlockReduction &result) {
  if (op.getNumDpsInits() != 2)
    return false;
  Block &body = op.getRegion().front();
  auto valueSelect =
      body.getTerminator()->getOperand(0).getDefiningOp<arith::SelectOp>();
  auto indexSelect =
      body.getTerminator()->getOperand(1).getDefiningOp<arith::SelectOp>();
  BlockArgument outValue = op.getRegionOutputArgs()[0];
  BlockArgument outIndex = op.getRegionOutputArgs()[1];
  if (!valueSelect || !indexSelect ||
      valueSelect.getCondition() != indexSelect.getCondition() ||
      !valueSelect.getCondition().getDefiningOp() ||
      valueSelect.getCondition().getDefiningOp()->getBlock() != &body ||
      !isSupportedElement(outValue.getType()) ||
      !isa<IntegerType>(outIndex.getType()) || !outIndex.hasOneUse())
    return false;
  bool takeOnTrue = valueSelect.getFalseValue() == outValue;
  Value taken =
      takeOnTrue ? valueSelect.getTrueValue() : valueSelect.getFalseValue();
  Value kept =
      takeOnTrue ? valueSelect.getFalseValue() : valueSelect.getTrueValue();
  Value keptIndex =
      takeOnTrue ? indexSelect.getFalseValue() : indexSelect.getTrueValue();
  auto selected = dyn_cast<BlockArgument>(taken);
  if (kept != outValue || keptIndex != outIndex || !selected ||
      selected.getOwner() != &body ||
      selected.getArgNumber() >= op.getNumDpsInputs())
    return false;
  // The condition's slice: body ops without index, reading only `selected`,
  // `outValue` and values from outside.
  SmallVector<Value> worklist{valueSelect.getCondition()};
  llvm::SmallPtrSet<Operation *, 8> visited;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (auto argument = dyn_cast<BlockArgument>(value)) {
      if (argument.getOwner() == &body && argument != selected &&
          argument != outValue)
        return false;
      continue;
    }
    Operation *def = value.getDefiningOp();
    if (def->getBlock() != &body || !visited.insert(def).second)
      continue;
    if (isa<linalg::IndexOp>(def) || def->getNumRegions() != 0)
      return false;
    llvm::append_range(worklist, def->getOperands());
  }
  for (Operation *user : outValue.getUsers())
    if (user != valueSelect && !visited.contains(user))
      return false;
  result.kind = BlockReduction::Kind::Select;
  result.condition = valueSelect.getCondition();
  result.selected = selected;
  result.takeOnTrue = takeOnTrue;
  // On buffers, both outputs start from constants, the index from 0.
  if (op.hasPureBufferSemantics()) {
    for (Value init : op.getDpsInits()) {
      linalg::FillOp fill = findConstantFill(op, init);
      if (!fill || !getFillConstant(fill))
        return false;
      result.start.push_back(getFillConstant(fill));
    }
    auto startIndex = dyn_cast<IntegerAttr>(result.start[1]);
    if (!startIndex || !startIndex.getValue().isZero())
      return false;
  }
  return true;
}

/// Elements per 16-byte load when every input either walks the contiguous
/// dimension last (identity layout) or does not depend on it; else 1.
static int64_t getVectorWidth(linalg::GenericOp op, unsigned contiguous,
                              int64_t contiguousSize) {
  int64_t width = 0;
  for (OpOperand *input : op.getDpsInputOperands()) {
    auto type = dyn_cast<MemRefType>(input->get().getType());
    if (!type)
      continue;
    AffineMap map = op.getMatchingIndexingMap(input);
    bool walks = map.getNumResults() != 0 &&
                 map.getResults().back() ==
                     getAffineDimExpr(contiguous, op.getContext());
    for (AffineExpr expr : map.getResults().drop_back(walks ? 1 : 0))
      if (expr.isFunctionOfDim(contiguous))
        return 1;
    if (!walks)
      continue;
    if (!type.getLayout().isIdentity() || !type.getElementType().isIntOrFloat())
      return 1;
    int64_t bits = type.getElementType().getIntOrFloatBitWidth();
    if (bits < 8 || 128 % bits != 0)
      return 1;
    int64_t inputWidth = 128 / bits;
    if (width != 0 && width != inputWidth)
      return 1;
    width = inputWidth;
  }
  if (width <= 1 || contiguousSize % width != 0)
    return 1;
  return width;
}

/// Whether `op`'s payload is exactly `yield combiner(out, in0)` with a
/// combiner of type OpTy.
template <typename OpTy> static bool isPlainCombine(linalg::GenericOp op) {
  Block &body = op.getRegion().front();
  if (body.getOperations().size() != 2 || op.getNumDpsInputs() != 1)
    return false;
  auto combiner = dyn_cast<OpTy>(body.front());
  return combiner &&
         combiner->getResult(0) == body.getTerminator()->getOperand(0) &&
         llvm::is_contained(
             combiner->getOperands(),
             op.getMatchingBlockArgument(op.getDpsInputOperand(0))) &&
         llvm::is_contained(combiner->getOperands(),
                            op.getRegionOutputArgs()[0]);
}

/// log_sum_exp's reductions on buffers: `M = fill(-inf); M = max(X)`, then
/// (after only fills, allocations and reshapes) `S = fill(0); S += exp(X -
/// M)` over the same loops and maps, f32. Returns the sum's op or null.
static linalg::GenericOp matchExpSumAfterMax(linalg::GenericOp maxOp) {
  if (!maxOp.hasPureBufferSemantics() ||
      !isPlainCombine<arith::MaximumFOp>(maxOp) ||
      !getElementTypeOrSelf(maxOp.getDpsInits()[0].getType()).isF32())
    return nullptr;
  Value input = maxOp.getDpsInputOperand(0)->get();
  Value maxBuffer = maxOp.getDpsInits()[0];
  linalg::GenericOp sumOp;
  for (Operation *next = maxOp->getNextNode(); next && !sumOp;
       next = next->getNextNode()) {
    sumOp = dyn_cast<linalg::GenericOp>(next);
    if (!sumOp &&
        !isa<linalg::FillOp, memref::AllocOp, memref::CollapseShapeOp,
             memref::ExpandShapeOp>(next) &&
        !next->hasTrait<OpTrait::ConstantLike>())
      return nullptr;
    if (auto fill = dyn_cast<linalg::FillOp>(next))
      if (fill.getOutputs()[0] == maxBuffer)
        return nullptr;
  }
  if (!sumOp || sumOp.getNumDpsInputs() != 2 || sumOp.getNumDpsInits() != 1 ||
      sumOp.getDpsInputOperand(0)->get() != input ||
      sumOp.getDpsInputOperand(1)->get() != maxBuffer ||
      sumOp.getIteratorTypesArray() != maxOp.getIteratorTypesArray() ||
      sumOp.getStaticLoopRanges() != maxOp.getStaticLoopRanges() ||
      sumOp.getIndexingMapsArray() !=
          SmallVector<AffineMap>{maxOp.getIndexingMapsArray()[0],
                                 maxOp.getIndexingMapsArray()[1],
                                 maxOp.getIndexingMapsArray()[1]} ||
      !getElementTypeOrSelf(sumOp.getDpsInits()[0].getType()).isF32())
    return nullptr;
  // yield out + exp(x - m)
  Block &body = sumOp.getRegion().front();
  auto add = body.getTerminator()->getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!add || body.getOperations().size() != 4)
    return nullptr;
  Value out = sumOp.getRegionOutputArgs()[0];
  Value other = add.getLhs() == out ? add.getRhs() : add.getLhs();
  auto exp = other.getDefiningOp<math::ExpOp>();
  auto sub = exp ? exp.getOperand().getDefiningOp<arith::SubFOp>() : nullptr;
  if (!sub || (add.getLhs() != out && add.getRhs() != out) ||
      sub.getLhs() != body.getArgument(0) ||
      sub.getRhs() != body.getArgument(1))
    return nullptr;
  linalg::FillOp maxFill = findConstantFill(maxOp, maxBuffer);
  linalg::FillOp sumFill = findConstantFill(sumOp, sumOp.getDpsInits()[0]);
  auto maxStart =
      maxFill ? dyn_cast_or_null<FloatAttr>(getFillConstant(maxFill)) : nullptr;
  auto sumStart =
      sumFill ? dyn_cast_or_null<FloatAttr>(getFillConstant(sumFill)) : nullptr;
  if (!maxStart || !sumStart || !maxStart.getValue().isInfinity() ||
      !maxStart.getValue().isNegative() || !sumStart.getValue().isPosZero())
    return nullptr;
  return sumOp;
}

/// log_sum_exp's post-op after `sumOp`: an elementwise op (identity maps)
/// reading the max's and the sum's buffers, writing the sum's buffer in
/// place without reading it as its output, with only allocations, reshapes
/// and constants in between; the max must be a temporary that only the
/// two reductions, its fill, this op and its deallocation use. Returns the
/// op or null.
static linalg::GenericOp matchLogSumExpPostOp(linalg::GenericOp maxOp,
                                              linalg::GenericOp sumOp) {
  Value maxBuffer = maxOp.getDpsInits()[0];
  Value sumBuffer = sumOp.getDpsInits()[0];
  if (!maxBuffer.getDefiningOp<memref::AllocOp>())
    return nullptr;
  linalg::GenericOp postOp;
  for (Operation *user : maxBuffer.getUsers()) {
    if (user == maxOp || user == sumOp || isa<memref::DeallocOp>(user))
      continue;
    if (auto fill = dyn_cast<linalg::FillOp>(user))
      if (fill.getOutputs()[0] == maxBuffer)
        continue;
    if (postOp || !isa<linalg::GenericOp>(user))
      return nullptr;
    postOp = cast<linalg::GenericOp>(user);
  }
  if (!postOp || postOp->getBlock() != sumOp->getBlock() ||
      !sumOp->isBeforeInBlock(postOp) || !postOp.hasPureBufferSemantics() ||
      postOp.getNumDpsInputs() != 2 || postOp.getNumDpsInits() != 1 ||
      postOp.getDpsInits()[0] != sumBuffer ||
      postOp.getNumReductionLoops() != 0 ||
      !postOp.getRegionOutputArgs()[0].use_empty() ||
      !llvm::all_of(postOp.getIndexingMapsArray(),
                    [](AffineMap map) { return map.isIdentity(); }))
    return nullptr;
  Value first = postOp.getDpsInputOperand(0)->get();
  Value second = postOp.getDpsInputOperand(1)->get();
  if (!((first == maxBuffer && second == sumBuffer) ||
        (first == sumBuffer && second == maxBuffer)))
    return nullptr;
  for (Operation &payload : postOp.getRegion().front().without_terminator())
    if (isa<linalg::IndexOp>(payload) || payload.getNumRegions() != 0 ||
        !isPure(&payload))
      return nullptr;
  for (Operation *between = sumOp->getNextNode(); between != postOp;
       between = between->getNextNode())
    if (!isa<memref::AllocOp, memref::CollapseShapeOp, memref::ExpandShapeOp>(
            between) &&
        !between->hasTrait<OpTrait::ConstantLike>())
      return nullptr;
  return postOp;
}

/// The readers of `buffer` besides `op`: every user that is not `op`, a
/// linalg.fill of it or a deallocation. Empty when `buffer` is not a
/// temporary of the function (memref.alloc).
static SmallVector<Operation *> getOtherReaders(Value buffer, Operation *op,
                                                bool &isTemporary) {
  SmallVector<Operation *> readers;
  isTemporary = buffer.getDefiningOp<memref::AllocOp>() != nullptr;
  if (!isTemporary)
    return readers;
  for (Operation *user : buffer.getUsers()) {
    if (user == op || isa<memref::DeallocOp>(user))
      continue;
    if (auto fill = dyn_cast<linalg::FillOp>(user))
      if (fill.getOutputs()[0] == buffer)
        continue;
    readers.push_back(user);
  }
  return readers;
}

/// An elementwise op after `op` in the same block that reads only the
/// temporary `buffer` (its one input, same shape, identity maps) through a
/// payload of pure scalar ops, with only allocations, reshapes and
/// constants in between: its payload can be applied where `op`'s kernel
/// stores, and the temporary disappears.
static linalg::GenericOp matchFoldableConsumer(linalg::GenericOp op,
                                               Value buffer) {
  bool isTemporary = false;
  SmallVector<Operation *> readers = getOtherReaders(buffer, op, isTemporary);
  if (!isTemporary || readers.size() != 1)
    return nullptr;
  auto consumer = dyn_cast<linalg::GenericOp>(readers[0]);
  if (!consumer || consumer->getBlock() != op->getBlock() ||
      !op->isBeforeInBlock(consumer) || !consumer.hasPureBufferSemantics() ||
      consumer.getNumDpsInputs() != 1 || consumer.getNumDpsInits() != 1 ||
      consumer.getDpsInputOperand(0)->get() != buffer ||
      consumer.getNumReductionLoops() != 0 ||
      !llvm::all_of(consumer.getIndexingMapsArray(),
                    [](AffineMap map) { return map.isIdentity(); }) ||
      !consumer.getRegionOutputArgs()[0].use_empty())
    return nullptr;
  // The kernel writes the consumer's output while its blocks read the
  // inputs: they must be other buffers (views of the same alloc or
  // argument included).
  Value output = consumer.getDpsInits()[0];
  auto rootOf = [](Value value) {
    while (Operation *def = value.getDefiningOp()) {
      if (!isa<memref::CollapseShapeOp, memref::ExpandShapeOp,
               memref::SubViewOp, memref::CastOp, memref::ReinterpretCastOp>(
              def))
        break;
      value = def->getOperand(0);
    }
    return value;
  };
  for (Value input : op.getDpsInputs())
    if (isa<MemRefType>(input.getType()) && rootOf(input) == rootOf(output))
      return nullptr;
  auto bufferType = cast<MemRefType>(buffer.getType());
  auto outputType = dyn_cast<MemRefType>(output.getType());
  if (!outputType || outputType.getShape() != bufferType.getShape())
    return nullptr;
  for (Operation &payload : consumer.getRegion().front().without_terminator())
    if (isa<linalg::IndexOp>(payload) || payload.getNumRegions() != 0 ||
        !isPure(&payload))
      return nullptr;
  for (Operation *between = op->getNextNode(); between != consumer;
       between = between->getNextNode())
    if (!isa<memref::AllocOp, memref::CollapseShapeOp, memref::ExpandShapeOp>(
            between) &&
        !between->hasTrait<OpTrait::ConstantLike>())
      return nullptr;
  return consumer;
}

/// Fills in `deadOutputs` and `foldedConsumers` of a Combine or Select
/// reduction (one entry per output).
static void findFoldableOutputs(linalg::GenericOp op,
                                BlockReduction &reduction) {
  for (auto [i, init] : llvm::enumerate(op.getDpsInits())) {
    bool isTemporary = false;
    bool dead = reduction.kind == BlockReduction::Kind::Select && i == 0 &&
                getOtherReaders(init, op, isTemporary).empty() && isTemporary;
    reduction.deadOutputs.push_back(dead);
    // The kernel must not read the temporary (Combine without a constant
    // fill joins the output's value in memory).
    bool readsInit = reduction.kind == BlockReduction::Kind::Combine &&
                     !findConstantFill(op, init);
    reduction.foldedConsumers.push_back(
        dead || readsInit ? nullptr : matchFoldableConsumer(op, init));
  }
  // A kernel needs at least one output it stores.
  if (llvm::all_of(reduction.deadOutputs, [](bool dead) { return dead; }))
    reduction.deadOutputs.assign(reduction.deadOutputs.size(), false);
}

static std::optional<BlockReduction>
matchBlockReduction(linalg::GenericOp op, int64_t minReduced = kMinReduced,
                    bool vectorize = true) {
  if (!isa<func::FuncOp>(op->getParentOp()) || op.getNumDpsInputs() < 1 ||
      op.getNumReductionLoops() < 1)
    return std::nullopt;
  BlockReduction result;
  result.ranges = op.getStaticLoopRanges();
  if (llvm::any_of(result.ranges, ShapedType::isDynamic))
    return std::nullopt;
  Value firstInput = op.getDpsInputOperand(0)->get();
  if (!isa<ShapedType>(firstInput.getType()))
    return std::nullopt;
  AffineMap firstMap = op.getMatchingIndexingMap(op.getDpsInputOperand(0));
  if (!firstMap.isPermutation())
    return std::nullopt;
  if (!matchCombine(op, result) && !matchSelect(op, result))
    return std::nullopt;

  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  for (AffineExpr expr : firstMap.getResults()) {
    unsigned dim = cast<AffineDimExpr>(expr).getPosition();
    if (iterators[dim] == utils::IteratorType::parallel) {
      result.parallelDims.push_back(dim);
      result.outputs *= result.ranges[dim];
    } else {
      result.reductionDims.push_back(dim);
      result.reduced *= result.ranges[dim];
    }
  }
  if (result.reduced < minReduced)
    return std::nullopt;
  unsigned contiguous =
      cast<AffineDimExpr>(firstMap.getResults().back()).getPosition();
  result.rows = iterators[contiguous] != utils::IteratorType::parallel;
  result.contiguous = contiguous;
  if (vectorize && op.hasPureBufferSemantics())
    result.vectorWidth =
        getVectorWidth(op, contiguous, result.ranges[contiguous]);
  return result;
}

bool mlir::dml::isGPUBlockReduction(linalg::GenericOp op) {
  return matchBlockReduction(op).has_value();
}

namespace {
/// Emits the kernel of one reduction (see the file comment).
class BlockReductionEmitter {
public:
  BlockReductionEmitter(linalg::GenericOp op, const BlockReduction &reduction,
                        bool useShuffles, int64_t unroll, int64_t rowThreads,
                        int64_t laneColumnThreads)
      : op(op), reduction(reduction), loc(op.getLoc()), builder(op),
        useShuffles(useShuffles), unroll(unroll), rowThreads(rowThreads),
        laneColumnThreads(laneColumnThreads) {}

  void emit();

private:
  Value index(int64_t value) {
    return arith::ConstantIndexOp::create(builder, loc, value);
  }
  /// Splits `linear` over `dims` (slowest first) into `ivs`.
  void delinearize(Value linear, ArrayRef<unsigned> dims,
                   SmallVectorImpl<Value> &ivs);
  SmallVector<Value> applyMap(AffineMap map, ArrayRef<Value> ivs);
  SmallVector<Value> startValues();
  /// The payload on the `width` elements from `ivs` (along the contiguous
  /// dimension), accumulated into `accs` in order.
  SmallVector<Value> accumulate(ArrayRef<Value> ivs, ValueRange accs,
                                int64_t width, bool vectorLoad);
  /// This thread's elements ty * width + k * blockY * width, ...: full
  /// rounds, then one guarded round for the rest.
  SmallVector<Value> accumulateWindow(SmallVectorImpl<Value> &ivs, Value ty,
                                      int64_t blockY, int64_t width,
                                      bool vectorLoad);
  /// `combine` lane by lane (columns: `lanes` outputs per thread).
  SmallVector<Value> combineLanes(ValueRange lhs, ValueRange rhs);
  SmallVector<Value> combine(ValueRange lhs, ValueRange rhs);
  SmallVector<Value> select(Value condition, ValueRange lhs, ValueRange rhs);
  /// Tree over y in shared memory; returns the block's values at y = 0.
  SmallVector<Value> combineInSharedMemory(SmallVector<Value> accs,
                                           ValueRange shared, Value tx,
                                           Value ty, int64_t blockY);
  /// Warp shuffles, then one value per warp through shared memory (rows
  /// of 32-bit values); the result is valid at ty = 0.
  SmallVector<Value> combineWithShuffles(SmallVector<Value> accs,
                                         ValueRange shared, Value ty,
                                         int64_t blockY);
  SmallVector<Value> warpReduce(SmallVector<Value> accs);
  /// MaxExpSum: exp(value - max), exactly 1 where they are equal (both
  /// infinite: exp(inf - inf) would be NaN).
  Value expBelowMax(Value value, Value max);
  /// The outputs' buffers, in the order of the accumulators.
  SmallVector<std::pair<Value, AffineMap>> outputBuffers();

  linalg::GenericOp op;
  const BlockReduction &reduction;
  Location loc;
  OpBuilder builder;
  bool useShuffles;
  int64_t unroll;
  int64_t rowThreads;
  /// Columns with 16-byte lanes: threads along x (outputs), 1024 / x
  /// along y (rows).
  int64_t laneColumnThreads;
  SmallVector<scf::ForOp> loopsToUnroll;
  /// Columns: neighbouring outputs per thread.
  int64_t lanes = 1;
};
} // namespace

void BlockReductionEmitter::delinearize(Value linear, ArrayRef<unsigned> dims,
                                        SmallVectorImpl<Value> &ivs) {
  for (int i = static_cast<int>(dims.size()) - 1; i >= 0; --i) {
    int64_t range = reduction.ranges[dims[i]];
    if (i == 0) {
      ivs[dims[i]] = linear;
      break;
    }
    ivs[dims[i]] = arith::RemUIOp::create(builder, loc, linear, index(range));
    linear = arith::DivUIOp::create(builder, loc, linear, index(range));
  }
}

SmallVector<Value> BlockReductionEmitter::applyMap(AffineMap map,
                                                   ArrayRef<Value> ivs) {
  SmallVector<Value> indices;
  for (AffineExpr expr : map.getResults()) {
    if (auto dim = dyn_cast<AffineDimExpr>(expr))
      indices.push_back(ivs[dim.getPosition()]);
    else if (auto constant = dyn_cast<AffineConstantExpr>(expr))
      indices.push_back(index(constant.getValue()));
    else
      indices.push_back(affine::AffineApplyOp::create(
          builder, loc, AffineMap::get(map.getNumDims(), 0, expr), ivs));
  }
  return indices;
}

Value BlockReductionEmitter::expBelowMax(Value value, Value max) {
  Value equal = arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::OEQ,
                                      value, max);
  auto exp = math::ExpOp::create(
      builder, loc, arith::SubFOp::create(builder, loc, value, max));
  exp->setAttr(kSumOfExpAttr, builder.getUnitAttr());
  Value one = arith::ConstantOp::create(
      builder, loc, builder.getFloatAttr(value.getType(), 1.0));
  return arith::SelectOp::create(builder, loc, equal, one, exp);
}

SmallVector<std::pair<Value, AffineMap>>
BlockReductionEmitter::outputBuffers() {
  SmallVector<std::pair<Value, AffineMap>> buffers;
  for (OpOperand &init : op.getDpsInitsMutable())
    buffers.emplace_back(init.get(), op.getMatchingIndexingMap(&init));
  if (reduction.sumOp)
    buffers.emplace_back(reduction.sumOp.getDpsInits()[0],
                         reduction.sumOp.getMatchingIndexingMap(
                             reduction.sumOp.getDpsInitOperand(0)));
  return buffers;
}

SmallVector<Value> BlockReductionEmitter::startValues() {
  SmallVector<Value> values;
  for (TypedAttr start : reduction.start)
    values.push_back(arith::ConstantOp::create(builder, loc, start));
  return values;
}

SmallVector<Value> BlockReductionEmitter::accumulate(ArrayRef<Value> ivs,
                                                     ValueRange accs,
                                                     int64_t width,
                                                     bool vectorLoad) {
  Block &body = op.getRegion().front();
  unsigned contiguous = reduction.contiguous;
  // Each input once: a vector along the contiguous dimension (or a scalar
  // per lane when not aligned), or a scalar that every lane shares.
  SmallVector<SmallVector<Value>> inputLanes;
  for (OpOperand *input : op.getDpsInputOperands()) {
    Value value = input->get();
    AffineMap map = op.getMatchingIndexingMap(input);
    SmallVector<Value> lanes;
    if (!isa<MemRefType>(value.getType())) {
      lanes.assign(width, value);
    } else if (width > 1 && !vectorLoad && map.getNumResults() != 0 &&
               map.getResults().back() ==
                   getAffineDimExpr(contiguous, op.getContext())) {
      SmallVector<Value> laneIvs(ivs);
      for (int64_t lane = 0; lane < width; ++lane) {
        if (lane > 0)
          laneIvs[contiguous] =
              arith::AddIOp::create(builder, loc, ivs[contiguous], index(lane));
        lanes.push_back(memref::LoadOp::create(builder, loc, value,
                                               applyMap(map, laneIvs)));
      }
    } else if (width > 1 && map.getNumResults() != 0 &&
               map.getResults().back() ==
                   getAffineDimExpr(contiguous, op.getContext())) {
      auto type = VectorType::get({width}, getElementTypeOrSelf(value));
      Value vector =
          vector::LoadOp::create(builder, loc, type, value, applyMap(map, ivs),
                                 /*nontemporal=*/false, llvm::Align(16));
      for (int64_t lane = 0; lane < width; ++lane)
        lanes.push_back(vector::ExtractOp::create(builder, loc, vector, lane));
    } else {
      lanes.assign(
          width, memref::LoadOp::create(builder, loc, value, applyMap(map, ivs))
                     .getResult());
    }
    inputLanes.push_back(std::move(lanes));
  }
  if (reduction.kind == BlockReduction::Kind::MaxExpSum) {
    // The lanes' max first: one rescale per load, not per element.
    ArrayRef<Value> lanes = inputLanes[0];
    Value max = accs[0];
    for (Value lane : lanes)
      max = arith::MaximumFOp::create(builder, loc, max, lane);
    Value sum =
        arith::MulFOp::create(builder, loc, accs[1], expBelowMax(accs[0], max));
    for (Value lane : lanes)
      sum = arith::AddFOp::create(builder, loc, sum, expBelowMax(lane, max));
    return {max, sum};
  }
  // Rows: the lanes are consecutive elements of one window, accumulated in
  // order; columns: each lane has its own accumulators.
  SmallVector<Value> results(accs);
  SmallVector<Value> laneIvs(ivs);
  unsigned outputs = op.getNumDpsInits();
  for (int64_t lane = 0; lane < width; ++lane) {
    if (lane > 0)
      laneIvs[contiguous] =
          arith::AddIOp::create(builder, loc, ivs[contiguous], index(lane));
    unsigned first = reduction.rows ? 0 : lane * outputs;
    IRMapping mapping;
    for (auto [input, lanes] : llvm::zip(op.getDpsInputOperands(), inputLanes))
      mapping.map(op.getMatchingBlockArgument(input), lanes[lane]);
    for (auto [i, out] : llvm::enumerate(op.getRegionOutputArgs()))
      mapping.map(out, results[first + i]);
    for (Operation &payload : body.without_terminator()) {
      if (auto indexOp = dyn_cast<linalg::IndexOp>(payload))
        mapping.map(indexOp.getResult(), laneIvs[indexOp.getDim()]);
      else
        builder.clone(payload, mapping);
    }
    for (auto [i, yielded] :
         llvm::enumerate(body.getTerminator()->getOperands()))
      results[first + i] = mapping.lookup(yielded);
  }
  return results;
}

SmallVector<Value>
BlockReductionEmitter::accumulateWindow(SmallVectorImpl<Value> &ivs, Value ty,
                                        int64_t blockY, int64_t width,
                                        bool vectorLoad) {
  SmallVector<Value> accs;
  for (int64_t lane = 0; lane < lanes; ++lane)
    llvm::append_range(accs, startValues());
  SmallVector<Type> types(ValueRange(accs).getTypes());
  // Window positions per thread and round: `width` (rows) or 1 (columns).
  int64_t positions = reduction.rows ? width : 1;
  int64_t perRound = blockY * positions;
  int64_t rounds = reduction.reduced / perRound;
  int64_t rest = reduction.reduced % perRound;
  Value first = ty;
  if (positions > 1)
    first = arith::MulIOp::create(builder, loc, ty, index(width));
  auto loop =
      scf::ForOp::create(builder, loc, index(0), index(rounds), index(1), accs);
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(loop.getBody());
    Value position = arith::AddIOp::create(
        builder, loc,
        arith::MulIOp::create(builder, loc, loop.getInductionVar(),
                              index(perRound)),
        first);
    delinearize(position, reduction.reductionDims, ivs);
    scf::YieldOp::create(
        builder, loc,
        accumulate(ivs, loop.getRegionIterArgs(), width, vectorLoad));
  }
  accs = loop.getResults();
  // Several loads of a thread in flight (the trip count is known).
  if (unroll > 1 && rounds >= unroll)
    loopsToUnroll.push_back(loop);
  if (rest == 0)
    return accs;
  // `reduced` is a multiple of `width`: a lane in range has a whole vector.
  Value inRange = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                        first, index(rest));
  auto last = scf::IfOp::create(builder, loc, types, inRange,
                                /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(last.thenBlock());
  Value position =
      arith::AddIOp::create(builder, loc, index(rounds * perRound), first);
  delinearize(position, reduction.reductionDims, ivs);
  scf::YieldOp::create(builder, loc, accumulate(ivs, accs, width, vectorLoad));
  builder.setInsertionPointToStart(last.elseBlock());
  scf::YieldOp::create(builder, loc, accs);
  return last.getResults();
}

SmallVector<Value> BlockReductionEmitter::combineLanes(ValueRange lhs,
                                                       ValueRange rhs) {
  size_t outputs = lhs.size() / lanes;
  SmallVector<Value> result;
  for (int64_t lane = 0; lane < lanes; ++lane)
    llvm::append_range(result, combine(lhs.slice(lane * outputs, outputs),
                                       rhs.slice(lane * outputs, outputs)));
  return result;
}

SmallVector<Value>
BlockReductionEmitter::select(Value condition, ValueRange lhs, ValueRange rhs) {
  SmallVector<Value> result;
  for (auto [l, r] : llvm::zip(lhs, rhs))
    result.push_back(arith::SelectOp::create(builder, loc, condition, l, r));
  return result;
}

SmallVector<Value> BlockReductionEmitter::combine(ValueRange lhs,
                                                  ValueRange rhs) {
  if (reduction.kind == BlockReduction::Kind::MaxExpSum) {
    Value max = arith::MaximumFOp::create(builder, loc, lhs[0], rhs[0]);
    Value sum = arith::AddFOp::create(
        builder, loc,
        arith::MulFOp::create(builder, loc, lhs[1], expBelowMax(lhs[0], max)),
        arith::MulFOp::create(builder, loc, rhs[1], expBelowMax(rhs[0], max)));
    return {max, sum};
  }
  if (reduction.kind == BlockReduction::Kind::Combine) {
    IRMapping mapping;
    mapping.map(reduction.combined, lhs[0]);
    mapping.map(op.getRegionOutputArgs()[0], rhs[0]);
    return {builder.clone(*reduction.combiner, mapping)->getResult(0)};
  }
  // Selection: the element with the lower index is the output state and
  // the other one the incoming element (ties of index: identical pairs),
  // which is the payload's own order of visit.
  Value lhsFirst = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::ule, lhs[1], rhs[1]);
  SmallVector<Value> earlier = select(lhsFirst, lhs, rhs);
  SmallVector<Value> later = select(lhsFirst, rhs, lhs);
  IRMapping mapping;
  mapping.map(reduction.selected, later[0]);
  mapping.map(op.getRegionOutputArgs()[0], earlier[0]);
  llvm::SetVector<Operation *> slice;
  Block &body = op.getRegion().front();
  for (Operation &payload : body.without_terminator())
    if (payload.isBeforeInBlock(reduction.condition.getDefiningOp()) ||
        &payload == reduction.condition.getDefiningOp())
      if (!isa<linalg::IndexOp>(payload) &&
          llvm::all_of(payload.getOperands(), [&](Value operand) {
            auto argument = dyn_cast<BlockArgument>(operand);
            if (argument)
              return argument == reduction.selected ||
                     argument == op.getRegionOutputArgs()[0];
            return operand.getParentBlock() != &body ||
                   mapping.contains(operand);
          }))
        mapping.map(payload.getResults(),
                    builder.clone(payload, mapping)->getResults());
  Value condition = mapping.lookup(reduction.condition);
  return reduction.takeOnTrue ? select(condition, later, earlier)
                              : select(condition, earlier, later);
}

SmallVector<Value>
BlockReductionEmitter::combineInSharedMemory(SmallVector<Value> accs,
                                             ValueRange shared, Value tx,
                                             Value ty, int64_t blockY) {
  for (auto [acc, buffer] : llvm::zip(accs, shared))
    memref::StoreOp::create(builder, loc, acc, buffer, ValueRange{ty, tx});
  gpu::BarrierOp::create(builder, loc);
  SmallVector<Type> types(ValueRange(accs).getTypes());
  for (int64_t stride = blockY / 2; stride >= 1; stride /= 2) {
    Value active = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::ult, ty, index(stride));
    auto step = scf::IfOp::create(builder, loc, types, active,
                                  /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(step.thenBlock());
      Value partner = arith::AddIOp::create(builder, loc, ty, index(stride));
      SmallVector<Value> others;
      for (Value buffer : shared)
        others.push_back(memref::LoadOp::create(builder, loc, buffer,
                                                ValueRange{partner, tx}));
      SmallVector<Value> combined = combineLanes(others, accs);
      for (auto [value, buffer] : llvm::zip(combined, shared))
        memref::StoreOp::create(builder, loc, value, buffer,
                                ValueRange{ty, tx});
      scf::YieldOp::create(builder, loc, combined);
      builder.setInsertionPointToStart(step.elseBlock());
      scf::YieldOp::create(builder, loc, accs);
    }
    accs = step.getResults();
    if (stride > 1)
      gpu::BarrierOp::create(builder, loc);
  }
  return accs;
}

SmallVector<Value> BlockReductionEmitter::warpReduce(SmallVector<Value> accs) {
  Value width = arith::ConstantIntOp::create(builder, loc, 32, 32);
  for (int64_t offset = 16; offset >= 1; offset /= 2) {
    Value offsetValue = arith::ConstantIntOp::create(builder, loc, offset, 32);
    SmallVector<Value> partners;
    for (Value acc : accs)
      partners.push_back(gpu::ShuffleOp::create(builder, loc, acc, offsetValue,
                                                width, gpu::ShuffleMode::XOR)
                             .getShuffleResult());
    accs = combine(partners, accs);
  }
  return accs;
}

SmallVector<Value> BlockReductionEmitter::combineWithShuffles(
    SmallVector<Value> accs, ValueRange shared, Value ty, int64_t blockY) {
  Value zero = index(0);
  accs = warpReduce(accs);
  if (blockY == 32)
    return accs;
  SmallVector<Type> types(ValueRange(accs).getTypes());
  Value lane = arith::RemUIOp::create(builder, loc, ty, index(32));
  Value warp = arith::DivUIOp::create(builder, loc, ty, index(32));
  Value isLeader =
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, lane, zero);
  auto publish = scf::IfOp::create(builder, loc, isLeader);
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(publish.thenBlock());
    for (auto [acc, buffer] : llvm::zip(accs, shared))
      memref::StoreOp::create(builder, loc, acc, buffer,
                              ValueRange{warp, zero});
  }
  gpu::BarrierOp::create(builder, loc);
  // The first warp reduces the warps' values (the others' result is unused).
  Value present = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                        lane, index(blockY / 32));
  auto gather = scf::IfOp::create(builder, loc, types, present,
                                  /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(gather.thenBlock());
    SmallVector<Value> values;
    for (Value buffer : shared)
      values.push_back(
          memref::LoadOp::create(builder, loc, buffer, ValueRange{lane, zero}));
    scf::YieldOp::create(builder, loc, values);
    builder.setInsertionPointToStart(gather.elseBlock());
    scf::YieldOp::create(builder, loc, startValues());
  }
  return warpReduce(gather.getResults());
}

void BlockReductionEmitter::emit() {
  MLIRContext *context = op.getContext();
  // Select and MaxExpSum start from the outputs' initial constants and
  // store the result as it is; Combine joins the output's initial value.
  bool storeAsIs = reduction.kind != BlockReduction::Kind::Combine;
  SmallVector<std::pair<Value, AffineMap>> buffers = outputBuffers();
  // Folded consumers run in this kernel: it goes where the last of them
  // was (only allocations, reshapes and constants lie in between).
  for (linalg::GenericOp consumer : reduction.foldedConsumers)
    if (consumer && builder.getInsertionPoint()->isBeforeInBlock(consumer))
      builder.setInsertionPoint(consumer);
  if (reduction.postOp)
    builder.setInsertionPoint(reduction.postOp);
  SmallVector<Type> types;
  for (auto &[buffer, map] : buffers)
    types.push_back(getElementTypeOrSelf(buffer.getType()));
  // Rows: one block per output, 1024 threads when there are too few outputs
  // to give each of the 132 SMs several blocks. Columns: 32 x 32.
  // Columns with 16-byte loads: 8 x 128 threads, 4 f32 outputs each.
  int64_t width = reduction.vectorWidth;
  lanes = reduction.rows ? 1 : width;
  int64_t blockX = reduction.rows ? 1 : (width > 1 ? laneColumnThreads : 32);
  int64_t blockY = reduction.rows
                       ? (reduction.outputs >= 1024 ? rowThreads : 1024)
                       : (width > 1 ? 1024 / laneColumnThreads : 32);
  while (blockY > 32 &&
         blockY / 2 >= reduction.reduced / (reduction.rows ? width : 1))
    blockY /= 2;
  int64_t grid = llvm::divideCeil(reduction.outputs, blockX * lanes);
  bool shuffles =
      useShuffles && reduction.rows && llvm::all_of(types, [](Type type) {
        return type.getIntOrFloatBitWidth() == 32;
      });

  // The outputs' initial constants: their linalg.fill ops become part of
  // the kernel.
  SmallVector<linalg::FillOp> fills;
  for (auto &[buffer, map] : buffers)
    if (linalg::FillOp fill =
            findConstantFill(buffer == op.getDpsInits()[0] || !reduction.sumOp
                                 ? op.getOperation()
                                 : reduction.sumOp.getOperation(),
                             buffer))
      fills.push_back(fill);
  assert((!storeAsIs || fills.size() == buffers.size()) &&
         "the matchers checked the fills");
  Value initialValue;
  if (!storeAsIs && !fills.empty())
    initialValue = fills[0].getInputs()[0];

  SmallVector<Type> sharedTypes;
  for (int64_t lane = 0; lane < lanes; ++lane)
    for (Type type : types)
      sharedTypes.push_back(MemRefType::get(
          {blockY, blockX}, type, MemRefLayoutAttrInterface(),
          gpu::AddressSpaceAttr::get(context, gpu::AddressSpace::Workgroup)));
  Value one = index(1);
  auto launch = gpu::LaunchOp::create(
      builder, loc, index(grid), one, one, index(blockX), index(blockY), one,
      /*dynamicSharedMemorySize=*/nullptr, /*asyncTokenType=*/nullptr,
      ValueRange(), sharedTypes);
  builder.setInsertionPointToEnd(&launch.getBody().front());
  gpu::TerminatorOp::create(builder, loc);
  builder.setInsertionPointToStart(&launch.getBody().front());
  Value tx = launch.getThreadIds().x, ty = launch.getThreadIds().y;
  ValueRange shared = launch.getWorkgroupAttributions();

  // The output of this thread (clamped: the threads past the end of the
  // last column block reduce the last output again and store nothing).
  Value output = launch.getBlockIds().x;
  Value valid;
  if (!reduction.rows) {
    output = arith::AddIOp::create(
        builder, loc,
        arith::MulIOp::create(builder, loc, output, index(blockX)), tx);
    if (lanes > 1)
      output = arith::MulIOp::create(builder, loc, output, index(lanes));
    valid = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                  output, index(reduction.outputs));
    output = arith::MinUIOp::create(builder, loc, output,
                                    index(reduction.outputs - lanes));
  }
  SmallVector<Value> ivs(reduction.ranges.size());
  delinearize(output, reduction.parallelDims, ivs);

  SmallVector<Value> accs;
  if (width == 1) {
    accs = accumulateWindow(ivs, ty, blockY, 1, /*vectorLoad=*/false);
  } else {
    // 16-byte loads need 16-byte aligned buffers (the caller's pointers):
    // otherwise the scalar loop.
    Value aligned;
    for (OpOperand *input : op.getDpsInputOperands()) {
      if (!isa<MemRefType>(input->get().getType()))
        continue;
      Value address = memref::ExtractAlignedPointerAsIndexOp::create(
          builder, loc, input->get());
      Value isAligned = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::eq,
          arith::RemUIOp::create(builder, loc, address, index(16)), index(0));
      aligned = aligned
                    ? arith::AndIOp::create(builder, loc, aligned, isAligned)
                    : isAligned;
    }
    SmallVector<Type> accTypes;
    for (int64_t lane = 0; lane < lanes; ++lane)
      llvm::append_range(accTypes, types);
    auto choice = scf::IfOp::create(builder, loc, accTypes, aligned,
                                    /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(choice.thenBlock());
    scf::YieldOp::create(builder, loc,
                         accumulateWindow(ivs, ty, blockY, width, true));
    builder.setInsertionPointToStart(choice.elseBlock());
    // Rows: one element per round; columns: the same lanes, scalar loads.
    scf::YieldOp::create(builder, loc,
                         reduction.rows
                             ? accumulateWindow(ivs, ty, blockY, 1, false)
                             : accumulateWindow(ivs, ty, blockY, width, false));
    accs = choice.getResults();
  }

  accs = shuffles ? combineWithShuffles(accs, shared, ty, blockY)
                  : combineInSharedMemory(accs, shared, tx, ty, blockY);

  Value store = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                      ty, index(0));
  if (valid)
    store = arith::AndIOp::create(builder, loc, store, valid);
  auto write = scf::IfOp::create(builder, loc, store);
  builder.setInsertionPointToStart(write.thenBlock());
  for (unsigned dim : reduction.reductionDims)
    ivs[dim] = index(0);
  SmallVector<Value> laneIvs(ivs);
  if (linalg::GenericOp postOp = reduction.postOp) {
    // log_sum_exp's f(m, s) on the block's pair, into the sum's buffer.
    Block &body = postOp.getRegion().front();
    IRMapping mapping;
    for (OpOperand *input : postOp.getDpsInputOperands())
      mapping.map(postOp.getMatchingBlockArgument(input),
                  input->get() == buffers[0].first ? accs[0] : accs[1]);
    for (Operation &payload : body.without_terminator())
      builder.clone(payload, mapping);
    memref::StoreOp::create(builder, loc,
                            mapping.lookup(body.getTerminator()->getOperand(0)),
                            buffers[1].first, applyMap(buffers[1].second, ivs));
  }
  for (int64_t lane = 0; lane < lanes && !reduction.postOp; ++lane)
    for (auto [i, buffer] : llvm::enumerate(buffers)) {
      if (i < reduction.deadOutputs.size() && reduction.deadOutputs[i])
        continue;
      Value init = buffer.first;
      if (lane > 0)
        laneIvs[reduction.contiguous] = arith::AddIOp::create(
            builder, loc, ivs[reduction.contiguous], index(lane));
      SmallVector<Value> outIndices = applyMap(buffer.second, laneIvs);
      Value result = accs[lane * buffers.size() + i];
      if (!storeAsIs) {
        // The block's value joins the output's initial value.
        Value initial = initialValue ? initialValue
                                     : memref::LoadOp::create(builder, loc,
                                                              init, outIndices)
                                           .getResult();
        result = combine(ValueRange{result}, ValueRange{initial})[0];
      }
      if (linalg::GenericOp consumer = i < reduction.foldedConsumers.size()
                                           ? reduction.foldedConsumers[i]
                                           : nullptr) {
        // The consumer's payload on the result, into its output (same
        // shape, identity maps: the same indices).
        Block &body = consumer.getRegion().front();
        IRMapping mapping;
        mapping.map(body.getArgument(0), result);
        for (Operation &payload : body.without_terminator())
          builder.clone(payload, mapping);
        result = mapping.lookup(body.getTerminator()->getOperand(0));
        init = consumer.getDpsInits()[0];
      }
      memref::StoreOp::create(builder, loc, result, init, outIndices);
    }
  for (linalg::FillOp fill : fills)
    fill.erase();
  if (reduction.sumOp)
    reduction.sumOp.erase();
  // Temporaries no kernel reads any more: gone with their deallocations.
  SmallVector<Value> temporaries;
  for (auto [i, init] : llvm::enumerate(op.getDpsInits()))
    if (i < reduction.deadOutputs.size() &&
        (reduction.deadOutputs[i] || reduction.foldedConsumers[i]))
      temporaries.push_back(init);
  if (reduction.postOp) {
    temporaries.push_back(op.getDpsInits()[0]);
    reduction.postOp.erase();
  }
  op.erase();
  for (linalg::GenericOp consumer : reduction.foldedConsumers)
    if (consumer)
      consumer.erase();
  for (Value temporary : temporaries) {
    for (Operation *user : llvm::make_early_inc_range(temporary.getUsers()))
      if (isa<memref::DeallocOp>(user))
        user->erase();
    if (temporary.use_empty())
      temporary.getDefiningOp()->erase();
  }
  // Unrolled last: a loop of unroll..2*unroll-1 rounds is replaced by
  // straight-line code, so its results must already have their users.
  for (scf::ForOp loop : loopsToUnroll)
    (void)loopUnrollByFactor(loop, unroll);
}

namespace {
struct DMLGPUBlockReductionsPass
    : public PassWrapper<DMLGPUBlockReductionsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DMLGPUBlockReductionsPass)
  DMLGPUBlockReductionsPass() = default;
  DMLGPUBlockReductionsPass(const DMLGPUBlockReductionsPass &other)
      : PassWrapper(other) {}
  StringRef getArgument() const override { return "dml-gpu-block-reductions"; }
  StringRef getDescription() const override {
    return "Lower bufferized linalg reductions to block-wide GPU kernels "
           "(registers, shared memory, warp shuffles)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<affine::AffineDialect, arith::ArithDialect, gpu::GPUDialect,
                    memref::MemRefDialect, scf::SCFDialect,
                    vector::VectorDialect>();
  }
  void runOnOperation() override {
    std::vector<std::pair<linalg::GenericOp, BlockReduction>> reductions;
    getOperation().walk([&](linalg::GenericOp op) {
      if (!op.hasPureBufferSemantics())
        return;
      if (std::optional<BlockReduction> reduction =
              matchBlockReduction(op, minReduced, vectorize))
        reductions.emplace_back(op, *reduction);
    });
    // log_sum_exp's max and exp-sum share one pass over the input.
    llvm::SmallPtrSet<Operation *, 4> fused;
    if (fuseMaxExpSum)
      for (auto &[op, reduction] : reductions) {
        if (fused.contains(op))
          continue;
        if (linalg::GenericOp sumOp = matchExpSumAfterMax(op)) {
          reduction.kind = BlockReduction::Kind::MaxExpSum;
          reduction.sumOp = sumOp;
          if (!reduction.rows)
            reduction.vectorWidth = 1;
          reduction.start = {
              getFillConstant(findConstantFill(op, op.getDpsInits()[0])),
              getFillConstant(findConstantFill(sumOp, sumOp.getDpsInits()[0]))};
          if (foldOutputs)
            reduction.postOp = matchLogSumExpPostOp(op, sumOp);
          fused.insert(sumOp);
        }
      }
    for (auto &[op, reduction] : reductions)
      if (foldOutputs && reduction.kind != BlockReduction::Kind::MaxExpSum &&
          !fused.contains(op))
        findFoldableOutputs(op, reduction);
    for (auto &[op, reduction] : reductions)
      if (!fused.contains(op))
        BlockReductionEmitter(op, reduction, shuffles, unroll, rowThreads,
                              laneColumnThreads)
            .emit();
  }

  Option<bool> shuffles{*this, "shuffles",
                        llvm::cl::desc("Combine rows of 32-bit values with "
                                       "warp shuffles (else shared memory)"),
                        llvm::cl::init(true)};
  Option<int64_t> unroll{*this, "unroll",
                         llvm::cl::desc("Unroll factor of each thread's loop"),
                         llvm::cl::init(4)};
  Option<bool> fuseMaxExpSum{
      *this, "online-log-sum-exp",
      llvm::cl::desc("log_sum_exp's max and exp-sum in one pass (online "
                     "rescaling)"),
      llvm::cl::init(true)};
  Option<bool> vectorize{
      *this, "vector-loads",
      llvm::cl::desc("16-byte loads along a reduced contiguous dimension "
                     "(when its size allows and the buffers are aligned)"),
      llvm::cl::init(true)};
  Option<int64_t> minReduced{
      *this, "min-reduced",
      llvm::cl::desc("Shortest reduced window lowered here (tests lower it "
                     "to reach every reduction)"),
      llvm::cl::init(kMinReduced)};
  Option<bool> foldOutputs{
      *this, "fold-outputs",
      llvm::cl::desc("Drop temporaries nothing reads (arg_max's values) and "
                     "apply an elementwise consumer of a temporary (the "
                     "index widening, average's division) at the store"),
      llvm::cl::init(true)};
  Option<int64_t> laneColumnThreads{
      *this, "lane-column-threads",
      llvm::cl::desc("Columns read 16 bytes per row: threads per block along "
                     "the outputs (4 outputs each; 1024 / this along the "
                     "rows; a power of two, 1 to 32)"),
      llvm::cl::init(8)};
  Option<int64_t> rowThreads{
      *this, "row-threads",
      llvm::cl::desc("Threads per block of a row reduction with at least "
                     "1024 outputs (a power of two, 32 to 1024)"),
      llvm::cl::init(256)};
};
} // namespace

std::unique_ptr<Pass> mlir::dml::createDMLGPUBlockReductionsPass() {
  return std::make_unique<DMLGPUBlockReductionsPass>();
}

void mlir::dml::registerDMLGPUBlockReductionsPass() {
  PassRegistration<DMLGPUBlockReductionsPass>();
}
