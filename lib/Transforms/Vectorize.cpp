//===- Vectorize.cpp - dml-vectorize --------------------------------------===//
//
// Tiles the innermost loop of every statically shaped linalg op to the
// vector width (all outer loops to 1), peels the partial last tile so that
// every tile has a static shape, and vectorizes the tiles with
// linalg::vectorize (no masks needed). Ops the vectorizer rejects keep their
// scalar form and are lowered to loops later.
//
//===----------------------------------------------------------------------===//

#include "dml/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::dml {
#define GEN_PASS_DEF_DMLVECTORIZE
#include "dml/Transforms/Passes.h.inc"
} // namespace mlir::dml

using namespace mlir;

namespace {
struct VectorizePass : public dml::impl::DMLVectorizeBase<VectorizePass> {
  using DMLVectorizeBase::DMLVectorizeBase;

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    IRRewriter rewriter(context);

    SmallVector<linalg::LinalgOp> candidates;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (op.hasPureTensorSemantics() && !op.hasDynamicShape() &&
          !isTile(op))
        candidates.push_back(op);
    });
    for (linalg::LinalgOp op : candidates)
      tileAndPeel(rewriter, op);

    // Peeling leaves constant sizes behind SSA values; canonicalization
    // turns the tiles into statically shaped ops.
    RewritePatternSet patterns(context);
    for (Dialect *dialect : context->getLoadedDialects())
      dialect->getCanonicalizationPatterns(patterns);
    for (RegisteredOperationName name : context->getRegisteredOperations())
      name.getCanonicalizationPatterns(patterns, context);
    (void)applyPatternsGreedily(getOperation(), std::move(patterns));

    SmallVector<linalg::LinalgOp> tiles;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (op.hasPureTensorSemantics() && !op.hasDynamicShape() && isTile(op))
        tiles.push_back(op);
    });
    for (linalg::LinalgOp tile : tiles) {
      rewriter.setInsertionPoint(tile);
      if (failed(linalg::vectorizeOpPrecondition(tile, {}, {},
                                                 /*vectorizeNDExtract=*/true)))
        continue;
      FailureOr<linalg::VectorizationResult> result = linalg::vectorize(
          rewriter, tile, {}, {}, /*vectorizeNDExtract=*/true);
      if (succeeded(result))
        rewriter.replaceOp(tile, result->replacements);
    }

    // Tiles are 1 x ... x 1 x W: drop the unit dimensions so that later
    // lowerings (math to LLVM in particular) see 1-D vectors.
    RewritePatternSet unitDimPatterns(context);
    vector::populateCastAwayVectorLeadingOneDimPatterns(unitDimPatterns);
    vector::populateVectorTransferDropUnitDimsPatterns(unitDimPatterns);
    vector::populateDropUnitDimWithShapeCastPatterns(unitDimPatterns);
    vector::ShapeCastOp::getCanonicalizationPatterns(unitDimPatterns, context);
    vector::BroadcastOp::getCanonicalizationPatterns(unitDimPatterns, context);
    (void)applyPatternsGreedily(getOperation(), std::move(unitDimPatterns));
  }

  /// A tile: every loop has one iteration except the innermost, which has
  /// at most `vectorWidth`.
  bool isTile(linalg::LinalgOp op) {
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    if (ranges.empty())
      return true;
    if (ranges.back() > vectorWidth)
      return false;
    return llvm::all_of(ArrayRef(ranges).drop_back(),
                        [](int64_t range) { return range == 1; });
  }

  void tileAndPeel(IRRewriter &rewriter, linalg::LinalgOp op) {
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    SmallVector<int64_t> tileSizes(ranges.size(), 1);
    tileSizes.back() = std::min<int64_t>(ranges.back(), vectorWidth);

    scf::SCFTilingOptions options;
    options.setTileSizes(getAsIndexOpFoldResult(&getContext(), tileSizes));
    rewriter.setInsertionPoint(op);
    FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
        rewriter, cast<TilingInterface>(op.getOperation()), options);
    if (failed(tiled))
      return;
    rewriter.replaceOp(op, tiled->replacements);
    if (tiled->loops.empty() || ranges.back() % tileSizes.back() == 0)
      return;
    if (auto innermost = dyn_cast<scf::ForOp>(*tiled->loops.back())) {
      scf::ForOp partialIteration;
      (void)scf::peelForLoopAndSimplifyBounds(rewriter, innermost,
                                              partialIteration);
    }
  }
};
} // namespace
