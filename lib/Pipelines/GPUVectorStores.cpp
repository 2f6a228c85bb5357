//===- GPUVectorStores.cpp - dml-gpu-vector-stores ------------------------===//
//
// An elementwise linalg.generic on buffers (one_hot, the post-ops of
// reductions, gathers of whole rows; see getStoreWidth) whose output's
// contiguous dimension holds a multiple of 16 bytes becomes one gpu.launch
// of 256-thread blocks in which each thread computes `groups` groups of W
// output elements (W elements = 16 bytes, the payload once per element;
// group k * 256 + t of its block) and writes each with one 16-byte store,
// or with W scalar stores when the caller's output buffer is not 16-byte
// aligned. A row gather reads each group as one 16-byte load of the
// gathered row. dml-gpu-map's one thread per element writes 4 bytes per
// thread: one_hot's 524 MB output ran at 2.3x the copy roofline.
//
//===----------------------------------------------------------------------===//

#include "GPUVectorStores.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::dml;

static constexpr int64_t kBlockSize = 256;

/// The load of a row gather (an embedding lookup, G1): the payload yields
/// one memref.load whose last index is the output's last loop index itself
/// (a contiguous run of its buffer: identity layout, rows of a multiple of
/// 16 bytes), that index is used nowhere else and no input's map depends
/// on it. A group of lanes then reads one 16-byte vector of the gathered
/// row. Null otherwise.
static memref::LoadOp getRowGatherLoad(linalg::GenericOp op) {
  unsigned last = op.getNumLoops() - 1;
  for (OpOperand *input : op.getDpsInputOperands())
    for (AffineExpr expr : op.getMatchingIndexingMap(input).getResults())
      if (expr.isFunctionOfDim(last))
        return nullptr;
  Block &body = op.getRegion().front();
  auto load =
      body.getTerminator()->getOperand(0).getDefiningOp<memref::LoadOp>();
  if (!load || load->getBlock() != &body || !load->hasOneUse() ||
      llvm::range_size(body.getOps<memref::LoadOp>()) != 1 ||
      load.getIndices().empty())
    return nullptr;
  auto type = load.getMemRefType();
  Type element = type.getElementType();
  if (!type.hasStaticShape() || !type.getLayout().isIdentity() ||
      element !=
          cast<MemRefType>(op.getDpsInits()[0].getType()).getElementType() ||
      (type.getShape().back() * element.getIntOrFloatBitWidth()) % 128 != 0)
    return nullptr;
  auto lastIndex = load.getIndices().back().getDefiningOp<linalg::IndexOp>();
  if (!lastIndex || lastIndex.getDim() != last)
    return nullptr;
  for (auto indexOp : body.getOps<linalg::IndexOp>())
    if (indexOp.getDim() == last)
      for (OpOperand &use : indexOp->getUses())
        if (use.getOwner() != load ||
            use.getOperandNumber() != load->getNumOperands() - 1)
          return nullptr;
  return load;
}

/// Elements per 16-byte store of `op`'s output, or 0 when the op does not
/// qualify: elementwise, one output with identity layout that the payload
/// only writes, a contiguous dimension holding a multiple of 16 bytes, and
/// values from the function body that the kernel can take along (constants
/// and loads of buffers, which are cloned into the kernel).
static int64_t getStoreWidth(linalg::GenericOp op, int64_t minElements,
                             bool rowGathers, bool scatteredGathers) {
  if (!isa<func::FuncOp>(op->getParentOp()) || !op.hasPureBufferSemantics() ||
      op.getNumDpsInits() != 1 || op.getNumReductionLoops() != 0 ||
      op.getNumLoops() == 0)
    return 0;
  auto type = dyn_cast<MemRefType>(op.getDpsInits()[0].getType());
  if (!type || !type.hasStaticShape() || !type.getLayout().isIdentity() ||
      !op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity() ||
      !op.getRegionOutputArgs()[0].use_empty() ||
      type.getNumElements() < minElements)
    return 0;
  Type element = type.getElementType();
  if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() < 8 ||
      128 % element.getIntOrFloatBitWidth() != 0)
    return 0;
  int64_t width = 128 / element.getIntOrFloatBitWidth();
  if (type.getShape().back() % width != 0)
    return 0;
  for (OpOperand *input : op.getDpsInputOperands())
    if (!isa<MemRefType>(input->get().getType()))
      return 0;
  // Gathers (loads in the payload) stay one thread per element: their
  // scattered loads want 4x the threads in flight more than wide stores
  // (H100: G2 10.1 us that way, 14.7 us with 16-byte stores).
  // Row gathers (G1) read 16 bytes of the gathered row per group; other
  // gathers (G2) load each lane: with the divisions by kernel parameters
  // gone (v6), 16-byte stores won there too (H100: G2 kernel 6.0 vs 8.2 us).
  if (!op.getRegion().getOps<memref::LoadOp>().empty() && !scatteredGathers &&
      (!rowGathers || !getRowGatherLoad(op)))
    return 0;
  WalkResult outside = op.getRegion().walk([&](Operation *inner) {
    for (Value operand : inner->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if (!def || op->isAncestor(def) || def->hasTrait<OpTrait::ConstantLike>())
        continue;
      if (!isa<memref::LoadOp>(def) || def->getBlock() != op->getBlock())
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return outside.wasInterrupted() ? 0 : width;
}

static void emitVectorStoreKernel(linalg::GenericOp op, int64_t width,
                                  int64_t groupsPerThread) {
  Location loc = op.getLoc();
  OpBuilder builder(op);
  auto index = [&](int64_t value) -> Value {
    return arith::ConstantIndexOp::create(builder, loc, value);
  };
  Value output = op.getDpsInits()[0];
  auto type = cast<MemRefType>(output.getType());
  int64_t groups = type.getNumElements() / width;
  // A block covers groupsPerThread x 256 consecutive groups: round k of
  // thread t writes group k * 256 + t, so each round of a warp stores 512
  // contiguous bytes (whole 128-byte lines).
  int64_t groupsPerBlock = kBlockSize * groupsPerThread;
  Value one = index(1);
  auto launch = gpu::LaunchOp::create(
      builder, loc, index(llvm::divideCeil(groups, groupsPerBlock)), one, one,
      index(kBlockSize), one, one);
  builder.setInsertionPointToEnd(&launch.getBody().front());
  gpu::TerminatorOp::create(builder, loc);
  builder.setInsertionPointToStart(&launch.getBody().front());

  // Host-level loads the payload reads (one_hot's values) run in the kernel,
  // once per thread.
  IRMapping hostLoads;
  op.getRegion().walk([&](Operation *inner) {
    for (Value operand : inner->getOperands())
      if (auto load = operand.getDefiningOp<memref::LoadOp>())
        if (!op->isAncestor(load) && !hostLoads.contains(operand))
          hostLoads.map(operand, builder.clone(*load)->getResult(0));
  });
  // One 16-byte store where the output is aligned (the caller's pointer).
  Value address =
      memref::ExtractAlignedPointerAsIndexOp::create(builder, loc, output);
  Value aligned = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::eq,
      arith::RemUIOp::create(builder, loc, address, index(16)), index(0));
  memref::LoadOp gatherLoad = getRowGatherLoad(op);
  Value gatherAligned;
  if (gatherLoad) {
    Value table = memref::ExtractAlignedPointerAsIndexOp::create(
        builder, loc, gatherLoad.getMemRef());
    gatherAligned = arith::AndIOp::create(
        builder, loc, aligned,
        arith::CmpIOp::create(
            builder, loc, arith::CmpIPredicate::eq,
            arith::RemUIOp::create(builder, loc, table, index(16)), index(0)));
  }
  Value blockStart = arith::MulIOp::create(builder, loc, launch.getBlockIds().x,
                                           index(groupsPerBlock));
  ArrayRef<int64_t> shape = type.getShape();
  Block &body = op.getRegion().front();
  for (int64_t round = 0; round < groupsPerThread; ++round) {
    OpBuilder::InsertionGuard roundGuard(builder);
    Value group =
        arith::AddIOp::create(builder, loc,
                              arith::AddIOp::create(builder, loc, blockStart,
                                                    index(round * kBlockSize)),
                              launch.getThreadIds().x);
    Value inRange = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::ult, group, index(groups));
    auto guard = scf::IfOp::create(builder, loc, inRange);
    builder.setInsertionPointToStart(guard.thenBlock());
    // The first element's indices, row-major over the output's shape.
    SmallVector<Value> ivs(shape.size());
    Value linear = arith::MulIOp::create(builder, loc, group, index(width));
    for (int i = static_cast<int>(shape.size()) - 1; i >= 0; --i) {
      if (i == 0) {
        ivs[i] = linear;
        break;
      }
      ivs[i] = arith::RemUIOp::create(builder, loc, linear, index(shape[i]));
      linear = arith::DivUIOp::create(builder, loc, linear, index(shape[i]));
    }

    // The payload on `lanes` consecutive elements from `ivs`; with
    // `gatherLoad`, once, its load reading the lanes' 16-byte vector.
    auto computeLanes = [&](int64_t lanes,
                            memref::LoadOp gatherLoad) -> SmallVector<Value> {
      IRMapping mapping = hostLoads;
      SmallVector<Value> results;
      SmallVector<Value> laneIvs(ivs);
      for (int64_t lane = 0; lane < lanes; ++lane) {
        if (lane > 0)
          laneIvs.back() =
              arith::AddIOp::create(builder, loc, ivs.back(), index(lane));
        for (OpOperand *input : op.getDpsInputOperands()) {
          SmallVector<Value> indices;
          AffineMap map = op.getMatchingIndexingMap(input);
          for (AffineExpr expr : map.getResults()) {
            if (auto dim = dyn_cast<AffineDimExpr>(expr))
              indices.push_back(laneIvs[dim.getPosition()]);
            else if (auto constant = dyn_cast<AffineConstantExpr>(expr))
              indices.push_back(index(constant.getValue()));
            else
              indices.push_back(affine::AffineApplyOp::create(
                  builder, loc, AffineMap::get(map.getNumDims(), 0, expr),
                  laneIvs));
          }
          mapping.map(
              op.getMatchingBlockArgument(input),
              memref::LoadOp::create(builder, loc, input->get(), indices)
                  .getResult());
        }
        for (Operation &payload : body.without_terminator()) {
          if (auto indexOp = dyn_cast<linalg::IndexOp>(payload)) {
            mapping.map(indexOp.getResult(), laneIvs[indexOp.getDim()]);
          } else if (&payload == gatherLoad.getOperation()) {
            SmallVector<Value> indices;
            for (Value indexValue : gatherLoad.getIndices())
              indices.push_back(mapping.lookupOrDefault(indexValue));
            mapping.map(gatherLoad.getResult(),
                        vector::LoadOp::create(
                            builder, loc,
                            VectorType::get({width}, type.getElementType()),
                            gatherLoad.getMemRef(), indices,
                            /*nontemporal=*/false, llvm::Align(16))
                            .getResult());
          } else {
            builder.clone(payload, mapping);
          }
        }
        results.push_back(mapping.lookup(body.getTerminator()->getOperand(0)));
      }
      return results;
    };
    auto storeLanes = [&](ArrayRef<Value> results) {
      for (int64_t lane = 0; lane < width; ++lane) {
        SmallVector<Value> laneIndices(ivs);
        if (lane > 0)
          laneIndices.back() =
              arith::AddIOp::create(builder, loc, ivs.back(), index(lane));
        memref::StoreOp::create(builder, loc, results[lane], output,
                                laneIndices);
      }
    };

    if (gatherLoad) {
      // One 16-byte load of the gathered row and one 16-byte store where
      // both buffers are aligned; else the scalar lanes.
      auto choice = scf::IfOp::create(builder, loc, gatherAligned,
                                      /*withElseRegion=*/true);
      builder.setInsertionPointToStart(choice.thenBlock());
      vector::StoreOp::create(builder, loc, computeLanes(1, gatherLoad)[0],
                              output, ivs, /*nontemporal=*/false,
                              llvm::Align(16));
      builder.setInsertionPointToStart(choice.elseBlock());
      storeLanes(computeLanes(width, nullptr));
      continue;
    }
    SmallVector<Value> results = computeLanes(width, nullptr);
    auto store = scf::IfOp::create(builder, loc, aligned,
                                   /*withElseRegion=*/true);
    builder.setInsertionPointToStart(store.thenBlock());
    auto vectorType = VectorType::get({width}, type.getElementType());
    Value vector =
        vector::FromElementsOp::create(builder, loc, vectorType, results);
    vector::StoreOp::create(builder, loc, vector, output, ivs,
                            /*nontemporal=*/false, llvm::Align(16));
    builder.setInsertionPointToStart(store.elseBlock());
    storeLanes(results);
  }

  // The host-level loads are now in the kernel.
  SmallVector<Operation *> movedLoads;
  for (auto [from, to] : hostLoads.getValueMap())
    if (auto load = from.getDefiningOp<memref::LoadOp>())
      movedLoads.push_back(load);
  op.erase();
  for (Operation *load : movedLoads)
    if (load->use_empty())
      load->erase();
}

namespace {
struct DMLGPUVectorStoresPass
    : public PassWrapper<DMLGPUVectorStoresPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DMLGPUVectorStoresPass)
  DMLGPUVectorStoresPass() = default;
  DMLGPUVectorStoresPass(const DMLGPUVectorStoresPass &other)
      : PassWrapper(other) {}
  StringRef getArgument() const override { return "dml-gpu-vector-stores"; }
  StringRef getDescription() const override {
    return "Lower bufferized elementwise linalg ops to GPU kernels that "
           "write 16 bytes per thread";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<affine::AffineDialect, arith::ArithDialect, gpu::GPUDialect,
                    memref::MemRefDialect, scf::SCFDialect,
                    vector::VectorDialect>();
  }
  void runOnOperation() override {
    SmallVector<std::pair<linalg::GenericOp, int64_t>> ops;
    getOperation().walk([&](linalg::GenericOp op) {
      if (int64_t width =
              getStoreWidth(op, minElements, rowGathers, scatteredGathers))
        ops.emplace_back(op, width);
    });
    for (auto [op, width] : ops)
      emitVectorStoreKernel(op, width, groupsPerThread);
  }

  Option<int64_t> minElements{
      *this, "min-elements",
      llvm::cl::desc("Smallest output lowered here (smaller ones: one thread "
                     "per element in dml-gpu-map)"),
      llvm::cl::init(4096)};
  Option<bool> rowGathers{
      *this, "row-gathers",
      llvm::cl::desc("Gathers of whole rows (the last index is the output's "
                     "own) read 16 bytes of the gathered row per group"),
      llvm::cl::init(true)};
  Option<bool> scatteredGathers{
      *this, "scattered-gathers",
      llvm::cl::desc("Other gathers too: scalar loads, 16-byte stores (off: "
                     "one thread per element)"),
      llvm::cl::init(true)};
  Option<int64_t> groupsPerThread{
      *this, "groups",
      llvm::cl::desc("16-byte groups written by each thread (more bytes per "
                     "thread, fewer blocks)"),
      llvm::cl::init(2)};
};
} // namespace

std::unique_ptr<Pass> mlir::dml::createDMLGPUVectorStoresPass() {
  return std::make_unique<DMLGPUVectorStoresPass>();
}

void mlir::dml::registerDMLGPUVectorStoresPass() {
  PassRegistration<DMLGPUVectorStoresPass>();
}
