//===- FuseRows.cpp - dml-fuse-rows ---------------------------------------===//
//
// Row-block fusion of reduction chains (softmax, log-softmax,
// LOG_SUM_EXP, two-pass arg reductions). After producer fusion such a chain
// still reads its input once per pass:
//
//   %max = generic ins(%x) reduction            // pass 1 over x
//   %sum = generic ins(%x, %max) reduction      // pass 2 over x
//   %y   = generic ins(%x, %max, %sum) parallel // pass 3 over x
//
// Tiling %y along its leading dimension and fusing %sum and %max into the
// loop makes each pass read a block of rows that the previous pass left in
// the cache:
//
//   %y = scf.forall (%r) in (N / B) shared_outs(%out) {
//     %m = generic ins(%x[B rows]) ...; %s = ...; %t = ...
//   }
//
// The last op may also be a dml.select_top_k along a non-leading axis
// (softmax -> top_k): it tiles by blocks of sequences (SelectTopKTiling.cpp).
//
//===----------------------------------------------------------------------===//

#include "dml/Dialect/DML/IR/DMLOps.h"
#include "dml/Fusion/Passes.h"
#include "dml/Transforms/UnitExpandFolding.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::dml {
#define GEN_PASS_DEF_DMLFUSEROWS
#include "dml/Fusion/Passes.h.inc"
} // namespace mlir::dml

using namespace mlir;

namespace {

bool isLeadingDim(AffineExpr expr) {
  auto dim = dyn_cast<AffineDimExpr>(expr);
  return dim && dim.getPosition() == 0;
}

/// `op` reads or writes `map`'s tensor with loop dimension 0 as its leading
/// index and nowhere else.
bool indexesRowsFirst(AffineMap map) {
  if (map.getNumResults() == 0 || !isLeadingDim(map.getResult(0)))
    return false;
  return llvm::none_of(map.getResults().drop_front(),
                       [](AffineExpr expr) { return expr.isFunctionOfDim(0); });
}

/// A statically shaped generic on tensors whose leading loop is parallel
/// and indexes the leading dimension of every result.
bool isRowOp(linalg::GenericOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumLoops() == 0 ||
      op.getIteratorTypesArray()[0] != utils::IteratorType::parallel ||
      llvm::any_of(op.getStaticLoopRanges(), ShapedType::isDynamic))
    return false;
  return llvm::all_of(op.getDpsInitsMutable(), [&](OpOperand &init) {
    return indexesRowsFirst(op.getMatchingIndexingMap(&init));
  });
}

/// A dml.select_top_k on static tensors whose sequences run along a
/// dimension other than the leading one: its tiles are blocks of rows.
bool isRowSelection(dml::SelectTopKOp op) {
  if (!op.hasPureTensorSemantics() || op.getAxis() == 0)
    return false;
  return llvm::none_of(op.getIterationShape(), ShapedType::isDynamic);
}

/// The roots a chain is tiled from: row generics and row selections.
bool isRowRoot(Operation *op) {
  if (auto generic = dyn_cast<linalg::GenericOp>(op))
    return isRowOp(generic);
  if (auto select = dyn_cast<dml::SelectTopKOp>(op))
    return isRowSelection(select);
  return false;
}

/// The indexing map through which `consumer` (a chain op or a root) reads
/// its input `input`.
AffineMap getInputMap(Operation *consumer, OpOperand *input) {
  if (auto select = dyn_cast<dml::SelectTopKOp>(consumer))
    return select.getInputMap(input->getOperandNumber());
  return cast<linalg::GenericOp>(consumer).getMatchingIndexingMap(input);
}

/// The inputs of `op` (not its destinations).
SmallVector<OpOperand *> getInputOperands(Operation *op) {
  return cast<DestinationStyleOpInterface>(op).getDpsInputOperands();
}

int64_t getRowCount(Operation *root) {
  if (auto select = dyn_cast<dml::SelectTopKOp>(root))
    return select.getIterationShape()[0];
  return cast<linalg::GenericOp>(root).getStaticLoopRanges()[0];
}

/// The generics that feed `root` row by row (through inputs whose map puts
/// loop 0 first), transitively, whose results nothing outside the chain
/// uses. Empty if the chain holds no reduction.
llvm::SetVector<Operation *> collectChain(Operation *root) {
  llvm::SetVector<Operation *> chain;
  SmallVector<Operation *> worklist = {root};
  while (!worklist.empty()) {
    Operation *consumer = worklist.pop_back_val();
    for (OpOperand *input : getInputOperands(consumer)) {
      auto producer = input->get().getDefiningOp<linalg::GenericOp>();
      if (!producer || producer == root || chain.contains(producer) ||
          producer->getBlock() != root->getBlock() || !isRowOp(producer) ||
          !indexesRowsFirst(getInputMap(consumer, input)))
        continue;
      chain.insert(producer);
      worklist.push_back(producer);
    }
  }
  // Producers used outside the chain stay outside (with their producers):
  // their full results are needed anyway.
  bool changed = true;
  while (changed) {
    changed = false;
    for (Operation *producer : llvm::to_vector(chain)) {
      bool usedOutside =
          llvm::any_of(producer->getUsers(), [&](Operation *user) {
            return user != root && !chain.contains(user);
          });
      if (usedOutside) {
        chain.remove(producer);
        changed = true;
      }
    }
  }
  bool hasReduction = llvm::any_of(chain, [](Operation *op) {
    return cast<linalg::GenericOp>(op).getNumReductionLoops() != 0;
  });
  if (!hasReduction)
    chain.clear();
  return chain;
}

/// Bytes per row of loop 0 of the distinct tensors the chain reads from
/// outside.
int64_t getInputBytesPerRow(Operation *root,
                            const llvm::SetVector<Operation *> &chain) {
  llvm::SetVector<Value> inputs;
  auto collect = [&](Operation *op) {
    for (Value operand : cast<DestinationStyleOpInterface>(op).getDpsInputs()) {
      Operation *def = operand.getDefiningOp();
      if (!def || !chain.contains(def))
        inputs.insert(operand);
    }
  };
  collect(root);
  for (Operation *op : chain)
    collect(op);
  int64_t bytes = 0;
  for (Value input : inputs) {
    auto type = dyn_cast<RankedTensorType>(input.getType());
    if (!type || !type.hasStaticShape() || type.getRank() == 0 ||
        !type.getElementType().isIntOrFloat())
      continue;
    bytes += type.getNumElements() / type.getDimSize(0) *
             llvm::divideCeil(type.getElementTypeBitWidth(), 8);
  }
  return bytes;
}

/// Generics read reductions' results through their unit-dimension
/// expand_shape (softmax's max and sum kept as [N, 1] for a top_k's
/// prologue): reading the reduction directly makes it part of the chain.
void foldUnitExpandsIntoGenerics(func::FuncOp function) {
  SmallVector<tensor::ExpandShapeOp> expands;
  function.walk([](linalg::GenericOp op) {
    if (!op.hasPureTensorSemantics())
      return;
    for (OpOperand *input : op.getDpsInputOperands()) {
      auto expand = input->get().getDefiningOp<tensor::ExpandShapeOp>();
      if (!expand)
        continue;
      std::optional<AffineMap> folded =
          dml::foldUnitExpandIntoMap(expand, op.getMatchingIndexingMap(input));
      if (!folded)
        continue;
      SmallVector<AffineMap> maps = op.getIndexingMapsArray();
      maps[input->getOperandNumber()] = *folded;
      input->set(expand.getSrc());
      op.setIndexingMapsAttr(
          Builder(op.getContext()).getAffineMapArrayAttr(maps));
    }
  });
  // Expands left unused (here or by dml-fuse-into-top-k) would count as
  // uses of the reductions outside their chain.
  function.walk([&](tensor::ExpandShapeOp expand) {
    if (expand->use_empty())
      expands.push_back(expand);
  });
  for (tensor::ExpandShapeOp expand : expands)
    expand->erase();
}

struct FuseRowsPass : public dml::impl::DMLFuseRowsBase<FuseRowsPass> {
  using DMLFuseRowsBase::DMLFuseRowsBase;

  void runOnOperation() override {
    // Roots: the last op of each chain, visited from the end so that a
    // chain is tiled from its last op.
    foldUnitExpandsIntoGenerics(getOperation());
    SmallVector<Operation *> candidates;
    getOperation().walk([&](Operation *op) {
      if (isRowRoot(op) && !op->getParentOfType<scf::ForallOp>())
        candidates.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    llvm::SmallPtrSet<Operation *, 16> fused;
    for (Operation *root : llvm::reverse(candidates)) {
      if (fused.contains(root))
        continue;
      llvm::SetVector<Operation *> chain = collectChain(root);
      if (chain.empty())
        continue;
      int64_t rows = getRowCount(root);
      int64_t rowBytes = getInputBytesPerRow(root, chain);
      if (rows < 2 || rowBytes == 0 || rows * rowBytes < minElements * 4)
        continue;
      int64_t block = 1;
      for (int64_t candidate : {8, 4, 2})
        if (candidate >= minBlockRows && rows % candidate == 0 &&
            candidate * rowBytes <= blockBytes && rows / candidate >= 2) {
          block = candidate;
          break;
        }
      if (failed(tileAndFuse(rewriter, root, chain, block)))
        continue;
      fused.insert(chain.begin(), chain.end());
    }
    // Slices of empty tensors (the reductions' accumulators) become empty
    // tensors of the block's size, which bufferize to block-sized scratch.
    RewritePatternSet patterns(&getContext());
    tensor::populateFoldTensorEmptyPatterns(patterns);
    (void)applyPatternsGreedily(getOperation(), std::move(patterns));
  }

  LogicalResult tileAndFuse(IRRewriter &rewriter, Operation *root,
                            const llvm::SetVector<Operation *> &chain,
                            int64_t block) {
    auto tilable = cast<TilingInterface>(root);
    SmallVector<OpFoldResult> tileSizes(tilable.getLoopIteratorTypes().size(),
                                        rewriter.getIndexAttr(0));
    tileSizes[0] = rewriter.getIndexAttr(block);
    scf::SCFTilingOptions tiling;
    tiling.setTileSizes(tileSizes);
    tiling.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
    scf::SCFTileAndFuseOptions options;
    options.setTilingOptions(tiling);
    // Fuse the chain and the fills that initialize its reductions.
    options.setFusionControlFn(
        [&](tensor::ExtractSliceOp, OpResult producer, bool)
            -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
          Operation *op = producer.getOwner();
          if (chain.contains(op) || isa<linalg::FillOp>(op))
            return scf::SCFTileAndFuseOptions::ControlFnResult{};
          return std::nullopt;
        });
    rewriter.setInsertionPoint(root);
    FailureOr<scf::SCFTileAndFuseResult> result =
        scf::tileConsumerAndFuseProducersUsingSCF(rewriter, tilable, options);
    if (failed(result))
      return failure();
    for (OpResult value : root->getResults())
      if (Value replacement = result->replacements.lookup(value))
        rewriter.replaceAllUsesWith(value, replacement);
    return success();
  }
};

} // namespace
