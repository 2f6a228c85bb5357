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
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::dml;

namespace {
/// What the kernel of one reduction needs to know about it.
struct BlockReduction {
  Operation *combiner = nullptr;
  /// The combiner's operand that is not the output's block argument.
  Value combined;
  TypedAttr neutral;
  /// Loop dimensions, slowest first in the first input's layout.
  SmallVector<unsigned> parallelDims, reductionDims;
  SmallVector<int64_t> ranges;
  int64_t outputs = 1, reduced = 1;
  /// The first input's contiguous dimension is reduced.
  bool rows = false;
};
} // namespace

/// Shorter windows stay one thread per output (dml-gpu-map) by default.
static constexpr int64_t kMinReduced = 32;

static std::optional<BlockReduction>
matchBlockReduction(linalg::GenericOp op, int64_t minReduced = kMinReduced) {
  if (!isa<func::FuncOp>(op->getParentOp()) || op.getNumDpsInits() != 1 ||
      op.getNumDpsInputs() < 1 || op.getNumReductionLoops() < 1)
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
  Type element = getElementTypeOrSelf(op.getDpsInits()[0].getType());
  if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() < 16 ||
      element.getIntOrFloatBitWidth() > 64)
    return std::nullopt;

  Block &body = op.getRegion().front();
  Value yielded = body.getTerminator()->getOperand(0);
  Operation *combiner = yielded.getDefiningOp();
  BlockArgument out = op.getRegionOutputArgs()[0];
  if (!combiner || combiner->getBlock() != &body ||
      combiner->getNumOperands() != 2 || combiner->getNumResults() != 1 ||
      combiner->getNumRegions() != 0 || !out.hasOneUse() ||
      out.getUses().begin()->getOwner() != combiner)
    return std::nullopt;
  std::optional<TypedAttr> neutral = arith::getNeutralElement(combiner);
  if (!neutral)
    return std::nullopt;
  result.combiner = combiner;
  result.neutral = *neutral;
  result.combined = combiner->getOperand(0) == out ? combiner->getOperand(1)
                                                   : combiner->getOperand(0);

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
                        bool useShuffles, int64_t unroll)
      : op(op), reduction(reduction), loc(op.getLoc()), builder(op),
        useShuffles(useShuffles), unroll(unroll) {}

  void emit();

private:
  Value index(int64_t value) {
    return arith::ConstantIndexOp::create(builder, loc, value);
  }
  /// Splits `linear` over `dims` (slowest first) into `ivs`.
  void delinearize(Value linear, ArrayRef<unsigned> dims,
                   SmallVectorImpl<Value> &ivs);
  SmallVector<Value> applyMap(AffineMap map, ArrayRef<Value> ivs);
  /// The payload on the element at `ivs`, accumulated into `acc`.
  Value accumulate(ArrayRef<Value> ivs, Value acc);
  Value combine(Value lhs, Value rhs);
  /// Tree over y in shared memory; returns the block's value at y = 0.
  Value combineInSharedMemory(Value acc, Value shared, Value tx, Value ty,
                              int64_t blockY);
  /// Warp shuffles, then one value per warp through shared memory (rows
  /// of 32-bit values); the result is valid at ty = 0.
  Value combineWithShuffles(Value acc, Value shared, Value ty, int64_t blockY);
  Value warpReduce(Value acc);

  linalg::GenericOp op;
  const BlockReduction &reduction;
  Location loc;
  OpBuilder builder;
  bool useShuffles;
  int64_t unroll;
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

Value BlockReductionEmitter::accumulate(ArrayRef<Value> ivs, Value acc) {
  Block &body = op.getRegion().front();
  IRMapping mapping;
  for (OpOperand *input : op.getDpsInputOperands()) {
    Value value = input->get();
    if (isa<MemRefType>(value.getType()))
      value = memref::LoadOp::create(
          builder, loc, value, applyMap(op.getMatchingIndexingMap(input), ivs));
    mapping.map(op.getMatchingBlockArgument(input), value);
  }
  mapping.map(op.getRegionOutputArgs()[0], acc);
  for (Operation &payload : body.without_terminator()) {
    if (auto indexOp = dyn_cast<linalg::IndexOp>(payload))
      mapping.map(indexOp.getResult(), ivs[indexOp.getDim()]);
    else
      builder.clone(payload, mapping);
  }
  return mapping.lookup(body.getTerminator()->getOperand(0));
}

Value BlockReductionEmitter::combine(Value lhs, Value rhs) {
  IRMapping mapping;
  mapping.map(reduction.combined, lhs);
  mapping.map(op.getRegionOutputArgs()[0], rhs);
  return builder.clone(*reduction.combiner, mapping)->getResult(0);
}

Value BlockReductionEmitter::combineInSharedMemory(Value acc, Value shared,
                                                   Value tx, Value ty,
                                                   int64_t blockY) {
  memref::StoreOp::create(builder, loc, acc, shared, ValueRange{ty, tx});
  gpu::BarrierOp::create(builder, loc);
  Type type = acc.getType();
  for (int64_t stride = blockY / 2; stride >= 1; stride /= 2) {
    Value active = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::ult, ty, index(stride));
    auto step = scf::IfOp::create(builder, loc, TypeRange{type}, active,
                                  /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(step.thenBlock());
      Value partner = arith::AddIOp::create(builder, loc, ty, index(stride));
      Value other =
          memref::LoadOp::create(builder, loc, shared, ValueRange{partner, tx});
      Value sum = combine(other, acc);
      memref::StoreOp::create(builder, loc, sum, shared, ValueRange{ty, tx});
      scf::YieldOp::create(builder, loc, sum);
      builder.setInsertionPointToStart(step.elseBlock());
      scf::YieldOp::create(builder, loc, acc);
    }
    acc = step.getResult(0);
    if (stride > 1)
      gpu::BarrierOp::create(builder, loc);
  }
  return acc;
}

Value BlockReductionEmitter::warpReduce(Value acc) {
  Value width = arith::ConstantIntOp::create(builder, loc, 32, 32);
  for (int64_t offset = 16; offset >= 1; offset /= 2) {
    Value offsetValue = arith::ConstantIntOp::create(builder, loc, offset, 32);
    auto shuffle = gpu::ShuffleOp::create(builder, loc, acc, offsetValue, width,
                                          gpu::ShuffleMode::XOR);
    acc = combine(shuffle.getShuffleResult(), acc);
  }
  return acc;
}

Value BlockReductionEmitter::combineWithShuffles(Value acc, Value shared,
                                                 Value ty, int64_t blockY) {
  Type type = acc.getType();
  Value zero = index(0);
  acc = warpReduce(acc);
  Value lane = arith::RemUIOp::create(builder, loc, ty, index(32));
  Value warp = arith::DivUIOp::create(builder, loc, ty, index(32));
  Value isLeader =
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, lane, zero);
  auto publish = scf::IfOp::create(builder, loc, isLeader);
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(publish.thenBlock());
    memref::StoreOp::create(builder, loc, acc, shared, ValueRange{warp, zero});
  }
  gpu::BarrierOp::create(builder, loc);
  // The first warp reduces the warps' values (the others' result is unused).
  Value present = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                        lane, index(blockY / 32));
  auto gather = scf::IfOp::create(builder, loc, TypeRange{type}, present,
                                  /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(gather.thenBlock());
    scf::YieldOp::create(
        builder, loc,
        memref::LoadOp::create(builder, loc, shared, ValueRange{lane, zero})
            .getResult());
    builder.setInsertionPointToStart(gather.elseBlock());
    scf::YieldOp::create(
        builder, loc,
        arith::ConstantOp::create(builder, loc, reduction.neutral).getResult());
  }
  return warpReduce(gather.getResult(0));
}

void BlockReductionEmitter::emit() {
  MLIRContext *context = op.getContext();
  Value init = op.getDpsInits()[0];
  Type element = getElementTypeOrSelf(init.getType());
  // Rows: one block per output, 1024 threads when there are too few outputs
  // to give each of the 132 SMs several blocks. Columns: 32 x 32.
  int64_t blockX = reduction.rows ? 1 : 32;
  int64_t blockY =
      reduction.rows ? (reduction.outputs >= 1024 ? 256 : 1024) : 32;
  while (blockY > 32 && blockY / 2 >= reduction.reduced)
    blockY /= 2;
  int64_t grid = llvm::divideCeil(reduction.outputs, blockX);
  bool shuffles =
      useShuffles && reduction.rows && element.getIntOrFloatBitWidth() == 32;

  // The constant this output starts from: a linalg.fill just before it
  // becomes part of the kernel.
  Value initialValue;
  auto fill = dyn_cast_or_null<linalg::FillOp>(op->getPrevNode());
  if (fill && fill.getOutputs()[0] == init &&
      matchPattern(fill.getInputs()[0], m_Constant())) {
    initialValue = fill.getInputs()[0];
  } else {
    fill = nullptr;
  }

  auto sharedType = MemRefType::get(
      {blockY, blockX}, element, MemRefLayoutAttrInterface(),
      gpu::AddressSpaceAttr::get(context, gpu::AddressSpace::Workgroup));
  Value one = index(1);
  auto launch = gpu::LaunchOp::create(
      builder, loc, index(grid), one, one, index(blockX), index(blockY), one,
      /*dynamicSharedMemorySize=*/nullptr, /*asyncTokenType=*/nullptr,
      ValueRange(), TypeRange{sharedType});
  builder.setInsertionPointToEnd(&launch.getBody().front());
  gpu::TerminatorOp::create(builder, loc);
  builder.setInsertionPointToStart(&launch.getBody().front());
  Value tx = launch.getThreadIds().x, ty = launch.getThreadIds().y;
  Value shared = launch.getWorkgroupAttributions()[0];

  // The output of this thread (clamped: the threads past the end of the
  // last column block reduce the last output again and store nothing).
  Value output = launch.getBlockIds().x;
  Value valid;
  if (!reduction.rows) {
    output = arith::AddIOp::create(
        builder, loc,
        arith::MulIOp::create(builder, loc, output, index(blockX)), tx);
    valid = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                  output, index(reduction.outputs));
    output = arith::MinUIOp::create(builder, loc, output,
                                    index(reduction.outputs - 1));
  }
  SmallVector<Value> ivs(reduction.ranges.size());
  delinearize(output, reduction.parallelDims, ivs);

  // Elements ty, ty + blockY, ... of the reduced window: full rounds, then
  // one guarded round for the rest.
  Value acc = arith::ConstantOp::create(builder, loc, reduction.neutral);
  int64_t rounds = reduction.reduced / blockY;
  int64_t rest = reduction.reduced % blockY;
  auto loop = scf::ForOp::create(builder, loc, index(0), index(rounds), one,
                                 ValueRange{acc});
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(loop.getBody());
    Value position = arith::AddIOp::create(
        builder, loc,
        arith::MulIOp::create(builder, loc, loop.getInductionVar(),
                              index(blockY)),
        ty);
    delinearize(position, reduction.reductionDims, ivs);
    scf::YieldOp::create(builder, loc,
                         accumulate(ivs, loop.getRegionIterArgs()[0]));
  }
  acc = loop.getResult(0);
  if (rest != 0) {
    Value inRange = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::ult, ty, index(rest));
    auto last = scf::IfOp::create(builder, loc, TypeRange{element}, inRange,
                                  /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(last.thenBlock());
    Value position =
        arith::AddIOp::create(builder, loc, index(rounds * blockY), ty);
    delinearize(position, reduction.reductionDims, ivs);
    scf::YieldOp::create(builder, loc, accumulate(ivs, acc));
    builder.setInsertionPointToStart(last.elseBlock());
    scf::YieldOp::create(builder, loc, acc);
    builder.setInsertionPointAfter(last);
    acc = last.getResult(0);
  }

  acc = shuffles ? combineWithShuffles(acc, shared, ty, blockY)
                 : combineInSharedMemory(acc, shared, tx, ty, blockY);

  Value store = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                      ty, index(0));
  if (valid)
    store = arith::AndIOp::create(builder, loc, store, valid);
  auto write = scf::IfOp::create(builder, loc, store);
  builder.setInsertionPointToStart(write.thenBlock());
  for (unsigned dim : reduction.reductionDims)
    ivs[dim] = index(0);
  SmallVector<Value> outIndices =
      applyMap(op.getMatchingIndexingMap(op.getDpsInitOperand(0)), ivs);
  if (!initialValue)
    initialValue = memref::LoadOp::create(builder, loc, init, outIndices);
  memref::StoreOp::create(builder, loc, combine(acc, initialValue), init,
                          outIndices);
  if (fill)
    fill.erase();
  op.erase();
  // Several loads of a thread in flight (the trip count is known). Last: a
  // loop of unroll..2*unroll-1 rounds is replaced by straight-line code, so
  // its results must already have their users (they are then replaced).
  if (unroll > 1 && rounds >= unroll)
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
                    memref::MemRefDialect, scf::SCFDialect>();
  }
  void runOnOperation() override {
    SmallVector<std::pair<linalg::GenericOp, BlockReduction>> reductions;
    getOperation().walk([&](linalg::GenericOp op) {
      if (!op.hasPureBufferSemantics())
        return;
      if (std::optional<BlockReduction> reduction =
              matchBlockReduction(op, minReduced))
        reductions.emplace_back(op, *reduction);
    });
    for (auto &[op, reduction] : reductions)
      BlockReductionEmitter(op, reduction, shuffles, unroll).emit();
  }

  Option<bool> shuffles{*this, "shuffles",
                        llvm::cl::desc("Combine rows of 32-bit values with "
                                       "warp shuffles (else shared memory)"),
                        llvm::cl::init(true)};
  Option<int64_t> unroll{*this, "unroll",
                         llvm::cl::desc("Unroll factor of each thread's loop"),
                         llvm::cl::init(4)};
  Option<int64_t> minReduced{
      *this, "min-reduced",
      llvm::cl::desc("Shortest reduced window lowered here (tests lower it "
                     "to reach every reduction)"),
      llvm::cl::init(kMinReduced)};
};
} // namespace

std::unique_ptr<Pass> mlir::dml::createDMLGPUBlockReductionsPass() {
  return std::make_unique<DMLGPUBlockReductionsPass>();
}

void mlir::dml::registerDMLGPUBlockReductionsPass() {
  PassRegistration<DMLGPUBlockReductionsPass>();
}
