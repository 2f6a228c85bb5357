//===- Vectorize.cpp - dml-vectorize --------------------------------------===//
//
// Tiles the innermost loop of every statically shaped linalg op to the
// vector width (all outer loops to 1) and vectorizes each tile with
// linalg::vectorize, masking partial tiles. Ops the vectorizer rejects keep
// their scalar form.
//
//===----------------------------------------------------------------------===//

#include "dml/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::dml {
#define GEN_PASS_DEF_DMLVECTORIZE
#include "dml/Transforms/Passes.h.inc"
} // namespace mlir::dml

using namespace mlir;

namespace {
struct VectorizePass : public dml::impl::DMLVectorizeBase<VectorizePass> {
  using DMLVectorizeBase::DMLVectorizeBase;

  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> candidates;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (op.hasPureTensorSemantics() && !op.hasDynamicShape())
        candidates.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : candidates)
      vectorizeOne(rewriter, op);
  }

  void vectorizeOne(IRRewriter &rewriter, linalg::LinalgOp op) {
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    if (ranges.empty()) {
      rewriter.setInsertionPoint(op);
      tryVectorize(rewriter, op, {});
      return;
    }
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
    Operation *tile = tiled->tiledOps.back();
    rewriter.setInsertionPoint(tile);
    tryVectorize(rewriter, tile, tileSizes);
  }

  static void tryVectorize(IRRewriter &rewriter, Operation *op,
                           ArrayRef<int64_t> vectorSizes) {
    if (failed(linalg::vectorizeOpPrecondition(op, vectorSizes, {},
                                               /*vectorizeNDExtract=*/true)))
      return;
    FailureOr<linalg::VectorizationResult> result =
        linalg::vectorize(rewriter, op, vectorSizes, {},
                          /*vectorizeNDExtract=*/true);
    if (succeeded(result))
      rewriter.replaceOp(op, result->replacements);
  }
};
} // namespace
