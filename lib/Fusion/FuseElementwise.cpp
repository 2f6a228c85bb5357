//===- FuseElementwise.cpp - dml-fuse-elementwise -------------------------===//
//
// Producer -> consumer fusion of linalg.generic ops on tensors. Upstream's
// elementwise fusion does the rewriting; this pass decides what fuses: a
// producer with several readers is first cloned once per reader (when all of
// them can take it), so every fusion removes the intermediate instead of
// keeping it as an extra result of the fused op.
//
//===----------------------------------------------------------------------===//

#include "dml/Fusion/Passes.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/BitVector.h"

namespace mlir::dml {
#define GEN_PASS_DEF_DMLFUSEELEMENTWISE
#include "dml/Fusion/Passes.h.inc"
} // namespace mlir::dml

using namespace mlir;

namespace {

/// A generic on tensors whose loops are all parallel: what upstream
/// elementwise fusion can inline into a consumer.
bool isFusableProducer(linalg::GenericOp op) {
  return op.hasPureTensorSemantics() &&
         op.getNumParallelLoops() == op.getNumLoops();
}

int64_t countBodyOps(linalg::GenericOp op) {
  int64_t count = 0;
  op.getRegion().walk([&](Operation *) { ++count; });
  return count;
}

/// Named linalg ops on tensors (linalg.broadcast, linalg.transpose,
/// linalg.map, elementwise named ops...) become generics, the only form
/// upstream elementwise fusion takes. Fills stay: they fold into the
/// generics that read or initialize them.
void generalizeNamedOps(func::FuncOp function) {
  SmallVector<linalg::LinalgOp> named;
  function.walk([&](linalg::LinalgOp op) {
    if (!isa<linalg::GenericOp, linalg::FillOp>(op) &&
        op.hasPureTensorSemantics())
      named.push_back(op);
  });
  IRRewriter rewriter(function.getContext());
  for (linalg::LinalgOp op : named) {
    rewriter.setInsertionPoint(op);
    (void)linalg::generalizeNamedOp(rewriter, op);
  }
}

/// The loops of `consumer` that nothing would bound if the producer of
/// `use` were fused into it: upstream fusion refuses such pairs, since a
/// generic infers its loop ranges from its operands. A one-hot producer
/// (which reads only its indices) feeding a reduction over the depth axis
/// is the case in point.
SmallVector<int64_t> getUnboundLoopsAfterFusion(OpOperand &use) {
  auto producer = use.get().getDefiningOp<linalg::GenericOp>();
  auto consumer = dyn_cast<linalg::GenericOp>(use.getOwner());
  if (!producer || !consumer || !isFusableProducer(producer) ||
      !consumer.isDpsInput(&use) || consumer.getNumReductionLoops() == 0)
    return {};
  AffineMap consumerMap = consumer.getMatchingIndexingMap(&use);
  AffineMap producerResultMap =
      producer.getIndexingMapMatchingResult(cast<OpResult>(use.get()));
  if (consumerMap.getNumResults() != producer.getNumLoops() ||
      !producerResultMap.isPermutation())
    return {};
  llvm::BitVector bound(consumer.getNumLoops());
  auto markBound = [&](AffineMap map) {
    for (AffineExpr expr : map.getResults())
      if (auto dim = dyn_cast<AffineDimExpr>(expr))
        bound.set(dim.getPosition());
  };
  for (OpOperand &operand : consumer->getOpOperands())
    if (&operand != &use)
      markBound(consumer.getMatchingIndexingMap(&operand));
  AffineMap resultToLoops = inversePermutation(producerResultMap);
  for (OpOperand *input : producer.getDpsInputOperands())
    markBound(producer.getMatchingIndexingMap(input)
                  .compose(resultToLoops)
                  .compose(consumerMap));
  SmallVector<int64_t> unbound;
  for (int64_t dim = 0, e = consumer.getNumLoops(); dim < e; ++dim)
    if (!bound.test(dim))
      unbound.push_back(dim);
  return unbound;
}

/// Gives `consumer` an input that bounds the loops `dims`: a constant i8
/// tensor of their sizes, read through a map onto them and never used by
/// the body. It becomes a global constant (no allocation), and code
/// generation drops its unused loads.
void addShapeOperand(RewriterBase &rewriter, linalg::GenericOp consumer,
                     ArrayRef<int64_t> dims) {
  SmallVector<int64_t> ranges = consumer.getStaticLoopRanges();
  SmallVector<int64_t> shape;
  SmallVector<AffineExpr> exprs;
  for (int64_t dim : dims) {
    shape.push_back(ranges[dim]);
    exprs.push_back(rewriter.getAffineDimExpr(dim));
  }
  rewriter.setInsertionPoint(consumer);
  auto type = RankedTensorType::get(shape, rewriter.getI8Type());
  Value extent = arith::ConstantOp::create(
      rewriter, consumer.getLoc(),
      DenseElementsAttr::get(type, rewriter.getI8IntegerAttr(0)));
  SmallVector<Value> inputs(consumer.getDpsInputs());
  inputs.push_back(extent);
  SmallVector<AffineMap> maps = consumer.getIndexingMapsArray();
  unsigned position = consumer.getNumDpsInputs();
  maps.insert(
      maps.begin() + position,
      AffineMap::get(consumer.getNumLoops(), 0, exprs, rewriter.getContext()));
  auto replacement = linalg::GenericOp::create(
      rewriter, consumer.getLoc(), consumer->getResultTypes(), inputs,
      consumer.getDpsInits(), maps, consumer.getIteratorTypesArray());
  rewriter.inlineRegionBefore(consumer.getRegion(), replacement.getRegion(),
                              replacement.getRegion().end());
  replacement.getRegion().front().insertArgument(position, rewriter.getI8Type(),
                                                 consumer.getLoc());
  rewriter.replaceOp(consumer, replacement->getResults());
}

/// Adds shape operands to the consumers of fusable producers that only
/// lack loop bounds to fuse them.
void boundConsumerLoops(func::FuncOp function) {
  SmallVector<std::pair<linalg::GenericOp, SmallVector<int64_t>>> work;
  function.walk([&](linalg::GenericOp consumer) {
    for (OpOperand *input : consumer.getDpsInputOperands()) {
      SmallVector<int64_t> unbound = getUnboundLoopsAfterFusion(*input);
      if (!unbound.empty()) {
        work.push_back({consumer, unbound});
        return;
      }
    }
  });
  IRRewriter rewriter(function.getContext());
  for (auto &[consumer, dims] : work)
    addShapeOperand(rewriter, consumer, dims);
}

/// Gives each reader of a shared producer its own copy, when every reader
/// can fuse it and the body is small enough to recompute. Returns whether
/// anything was cloned.
bool cloneSharedProducers(func::FuncOp function, int64_t maxClonedOps) {
  SmallVector<linalg::GenericOp> producers;
  function.walk([&](linalg::GenericOp op) {
    if (isFusableProducer(op))
      producers.push_back(op);
  });
  bool cloned = false;
  for (linalg::GenericOp producer : producers) {
    SmallVector<OpOperand *> uses;
    for (OpResult result : producer->getResults())
      for (OpOperand &use : result.getUses())
        uses.push_back(&use);
    if (uses.size() < 2 || countBodyOps(producer) > maxClonedOps ||
        !llvm::all_of(uses, [](OpOperand *use) {
          return linalg::areElementwiseOpsFusable(use);
        }))
      continue;
    OpBuilder builder(producer->getContext());
    builder.setInsertionPointAfter(producer);
    for (OpOperand *use : llvm::drop_begin(uses)) {
      Operation *copy = builder.clone(*producer.getOperation());
      use->set(copy->getResult(cast<OpResult>(use->get()).getResultNumber()));
    }
    cloned = true;
  }
  return cloned;
}

struct FuseElementwisePass
    : public dml::impl::DMLFuseElementwiseBase<FuseElementwisePass> {
  using DMLFuseElementwiseBase::DMLFuseElementwiseBase;

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    MLIRContext *context = &getContext();
    generalizeNamedOps(function);
    boundConsumerLoops(function);
    RewritePatternSet patterns(context);
    // Only producers with a single reader fuse; shared ones were cloned
    // for each reader first (or must stay, being read by an op that cannot
    // fuse them).
    linalg::populateElementwiseOpsFusionPatterns(
        patterns, [](OpOperand *fusedOperand) {
          Operation *producer = fusedOperand->get().getDefiningOp();
          return producer && producer->hasOneUse();
        });
    FrozenRewritePatternSet frozen(std::move(patterns));
    // Fusion can make new shared producers fusable (a fused op reads what
    // its parts read), hence the rounds; each one removes generics.
    constexpr int kMaxRounds = 8;
    // Not converging within the driver's limit leaves valid IR, merely
    // less fused.
    (void)applyPatternsGreedily(function, frozen);
    for (int round = 0;
         round < kMaxRounds && cloneSharedProducers(function, maxClonedOps);
         ++round)
      (void)applyPatternsGreedily(function, frozen);
  }
};

} // namespace
