//===- PrefetchNextBlock.cpp - dml-prefetch-next-block --------------------===//
//
// In a block of rows that several loops read (dml-fuse-rows' chains), the
// second loop prefetches the next block's rows: see Passes.td.
//
//===----------------------------------------------------------------------===//

#include "dml/Transforms/OptionRange.h"
#include "dml/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"


namespace mlir::dml {
#define GEN_PASS_DEF_DMLPREFETCHNEXTBLOCK
#include "dml/Transforms/Passes.h.inc"
} // namespace mlir::dml

using namespace mlir;

namespace {

/// Bytes of a cache line: one prefetch brings one.
constexpr int64_t kLineBytes = 64;

/// Whether `subview` is the block of iteration `iv` of `parallel`: offset
/// iv along its first dimension (as many rows as the step), static
/// elsewhere, unit strides, static sizes.
bool isBlockOfIteration(memref::SubViewOp subview, scf::ParallelOp parallel,
                        int64_t minBlockBytes) {
  Value iv = parallel.getInductionVars()[0];
  SmallVector<OpFoldResult> offsets = subview.getMixedOffsets();
  if (offsets.empty() || dyn_cast<Value>(offsets.front()) != iv ||
      llvm::any_of(ArrayRef(offsets).drop_front(),
                   [](OpFoldResult offset) { return isa<Value>(offset); }))
    return false;
  if (!subview.hasUnitStride() || !subview.getType().hasStaticShape())
    return false;
  std::optional<int64_t> step = getConstantIntValue(parallel.getStep().front());
  if (!step || *step != subview.getStaticSizes().front())
    return false;
  MemRefType type = subview.getType();
  if (!type.getElementType().isIntOrFloat())
    return false;
  int64_t bytes = type.getNumElements() *
                  llvm::divideCeil(type.getElementTypeBitWidth(), 8);
  return bytes >= minBlockBytes;
}

bool readsWithVectorLoads(Operation *loop, Value view) {
  return loop
      ->walk([&](vector::LoadOp load) {
        return load.getBase() == view ? WalkResult::interrupt()
                                      : WalkResult::advance();
      })
      .wasInterrupted();
}

struct PrefetchNextBlockPass
    : public dml::impl::DMLPrefetchNextBlockBase<PrefetchNextBlockPass> {
  using Base::Base;

  void runOnOperation() override {
    Operation *op = getOperation();
    if (failed(dml::checkOptionRange(op, getArgument(), "blocks-ahead",
                                     blocksAhead, 0, INT32_MAX)) ||
        failed(dml::checkOptionRange(op, getArgument(), "locality", locality,
                                     0, 3)))
      return signalPassFailure();
    if (blocksAhead == 0)
      return;
    getOperation().walk([&](scf::ParallelOp parallel) {
      if (parallel.getNumLoops() != 1)
        return;
      Block *body = parallel.getBody();
      for (auto subview : body->getOps<memref::SubViewOp>()) {
        if (!isBlockOfIteration(subview, parallel, minBlockBytes))
          continue;
        // The loops of this iteration that read the block, in order; the
        // first reads it from memory.
        SmallVector<scf::ForOp> readers;
        for (auto loop : body->getOps<scf::ForOp>())
          if (readsWithVectorLoads(loop, subview.getResult()))
            readers.push_back(loop);
        if (readers.size() < 2)
          continue;
        prefetchInto(readers[1], subview, parallel);
      }
    });
  }

  void prefetchInto(scf::ForOp loop, memref::SubViewOp subview,
                    scf::ParallelOp parallel) {
    Location loc = subview.getLoc();
    OpBuilder b(loop);
    Value iv = parallel.getInductionVars()[0];
    // isBlockOfIteration checked that the step is a constant.
    Value ahead = parallel.getStep().front();
    if (blocksAhead != 1)
      ahead = arith::ConstantIndexOp::create(
          b, loc, *getConstantIntValue(ahead) * blocksAhead);
    Value next = arith::AddIOp::create(b, loc, iv, ahead);
    Value inside =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, next,
                              parallel.getUpperBound().front());
    // The last blocks prefetch themselves: no address outside the buffer.
    Value nextIv = arith::SelectOp::create(b, loc, inside, next, iv);
    SmallVector<OpFoldResult> offsets = subview.getMixedOffsets();
    offsets.front() = nextIv;
    auto nextBlock = memref::SubViewOp::create(
        b, loc, subview.getType(), subview.getSource(), offsets,
        subview.getMixedSizes(), subview.getMixedStrides());
    int64_t elementBytes =
        llvm::divideCeil(subview.getType().getElementTypeBitWidth(), 8);
    loop->walk([&](vector::LoadOp load) {
      if (load.getBase() != subview.getResult())
        return;
      OpBuilder lb(load);
      // One prefetch per cache line the load covers: a 256-byte load (one
      // long row in 4 registers, long-row-streams=1) would otherwise bring
      // only every 4th line of the next block. The load reads along the
      // last dimension, so every offset stays inside the load's own
      // footprint, within the block (n-D loads: their first line only, as
      // before).
      VectorType vectorType = load.getVectorType();
      int64_t loadBytes = vectorType.getRank() == 1
                              ? vectorType.getNumElements() * elementBytes
                              : kLineBytes;
      SmallVector<Value> indices(load.getIndices());
      Value last = indices.back();
      for (int64_t offset = 0; offset < loadBytes; offset += kLineBytes) {
        if (offset > 0)
          indices.back() = arith::AddIOp::create(
              lb, load.getLoc(), last,
              arith::ConstantIndexOp::create(lb, load.getLoc(),
                                             offset / elementBytes));
        memref::PrefetchOp::create(lb, load.getLoc(), nextBlock, indices,
                                   /*isWrite=*/false,
                                   locality,
                                   /*isDataCache=*/true);
      }
    });
  }
};

} // namespace
