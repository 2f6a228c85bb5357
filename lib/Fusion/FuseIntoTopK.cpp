//===- FuseIntoTopK.cpp - dml-fuse-into-top-k -----------------------------===//
//
// select_top_k(ins(..., generic(ins(a, b)), ...)) with an all-parallel,
// elementwise or broadcasting generic becomes select_top_k(ins(..., a, b))
// whose prologue computes the generic's body where the selection reads it:
//   new map of a = (map of a in the generic) o (generic's output map)^-1
//                  o (map of the fused input in the selection).
//
//===----------------------------------------------------------------------===//

#include "dml/Dialect/DML/IR/DMLOps.h"
#include "dml/Fusion/Passes.h"
#include "dml/Transforms/UnitExpandFolding.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::dml {
#define GEN_PASS_DEF_DMLFUSEINTOTOPK
#include "dml/Fusion/Passes.h.inc"
} // namespace mlir::dml

using namespace mlir;
using namespace mlir::dml;

namespace {

/// Whether `producer` computes every element of `result` independently
/// from its inputs with ops the prologue can evaluate on scalars and
/// vectors, through maps of dimensions and constants.
bool isFusibleProducer(linalg::GenericOp producer, OpResult result) {
  if (!producer.hasPureTensorSemantics() ||
      producer.getNumParallelLoops() != producer.getNumLoops())
    return false;
  OpOperand *init = producer.getDpsInitOperand(result.getResultNumber());
  if (!producer.getMatchingIndexingMap(init).isPermutation() ||
      !producer.getMatchingBlockArgument(init).use_empty())
    return false;
  for (OpOperand *input : producer.getDpsInputOperands())
    if (!llvm::all_of(producer.getMatchingIndexingMap(input).getResults(),
                      [](AffineExpr expr) {
                        return isa<AffineDimExpr, AffineConstantExpr>(expr);
                      }))
      return false;
  return llvm::all_of(
      producer.getBody()->without_terminator(), [](Operation &op) {
        return op.getNumRegions() == 0 &&
               isa<arith::ArithDialect, math::MathDialect>(op.getDialect());
      });
}

struct FuseProducerIntoTopK : public OpRewritePattern<SelectTopKOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SelectTopKOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getResults().empty())
      return rewriter.notifyMatchFailure(op, "not on tensors");
    for (auto [index, input] : llvm::enumerate(op.getInputs())) {
      auto result = dyn_cast<OpResult>(input);
      auto producer =
          result ? dyn_cast<linalg::GenericOp>(result.getOwner()) : nullptr;
      if (producer && isFusibleProducer(producer, result)) {
        fuse(op, index, producer, result, rewriter);
        return success();
      }
    }
    return rewriter.notifyMatchFailure(op, "no fusible producer");
  }

  static void fuse(SelectTopKOp op, unsigned fusedIndex,
                   linalg::GenericOp producer, OpResult result,
                   PatternRewriter &rewriter) {
    MLIRContext *context = op.getContext();
    AffineMap fusedMap = op.getInputMap(fusedIndex);
    AffineMap toProducerLoops =
        inversePermutation(producer.getMatchingIndexingMap(
            producer.getDpsInitOperand(result.getResultNumber())));
    SmallVector<Value> inputs;
    SmallVector<Attribute> maps;
    for (auto [index, input] : llvm::enumerate(op.getInputs()))
      if (index != fusedIndex) {
        inputs.push_back(input);
        maps.push_back(AffineMapAttr::get(op.getInputMap(index)));
      }
    for (OpOperand *input : producer.getDpsInputOperands()) {
      inputs.push_back(input->get());
      maps.push_back(AffineMapAttr::get(producer.getMatchingIndexingMap(input)
                                            .compose(toProducerLoops)
                                            .compose(fusedMap)));
    }
    SmallVector<Value> operands(inputs);
    operands.push_back(op.getValues());
    operands.push_back(op.getIndices());
    SmallVector<NamedAttribute> attributes(op->getAttrs());
    llvm::erase_if(attributes, [&](NamedAttribute attribute) {
      return attribute.getName() == op.getIndexingMapsAttrName();
    });
    attributes.emplace_back(op.getIndexingMapsAttrName(),
                            ArrayAttr::get(context, maps));
    auto fused = SelectTopKOp::create(
        rewriter, op.getLoc(), op.getResultTypes(), operands, attributes);

    // The new prologue: the producer's body for the fused input, then the
    // old prologue (or a plain yield of it).
    SmallVector<Type> argTypes;
    SmallVector<Location> argLocs;
    for (Value input : inputs) {
      argTypes.push_back(cast<ShapedType>(input.getType()).getElementType());
      argLocs.push_back(input.getLoc());
    }
    Block *body =
        rewriter.createBlock(&fused.getPrologue(), {}, argTypes, argLocs);
    unsigned keptCount = op.getInputs().size() - 1;
    IRMapping mapping;
    Block *producerBody = producer.getBody();
    for (auto [index, input] : llvm::enumerate(producer.getDpsInputOperands()))
      mapping.map(producer.getMatchingBlockArgument(input),
                  body->getArgument(keptCount + index));
    for (Operation &nested : producerBody->without_terminator())
      rewriter.clone(nested, mapping);
    Value element = mapping.lookupOrDefault(
        producerBody->getTerminator()->getOperand(result.getResultNumber()));
    if (!op.hasPrologue()) {
      YieldOp::create(rewriter, op.getLoc(), element);
    } else {
      Block &old = op.getPrologue().front();
      IRMapping oldMapping;
      for (unsigned index = 0, kept = 0; index < old.getNumArguments(); ++index)
        oldMapping.map(old.getArgument(index), index == fusedIndex
                                                   ? element
                                                   : body->getArgument(kept++));
      for (Operation &nested : old)
        rewriter.clone(nested, oldMapping);
    }
    rewriter.replaceOp(op, fused.getResults());
  }
};

/// A splat constant input of a prologue becomes a scalar constant in it
/// (arith on tensors with constant operands gives such inputs), so that
/// the selection does not read a constant tensor element by element.
struct FoldSplatInputIntoTopK : public OpRewritePattern<SelectTopKOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SelectTopKOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPrologue() || op.getResults().empty())
      return failure();
    int64_t axis = op.getAxis();
    for (auto [index, input] : llvm::enumerate(op.getInputs())) {
      DenseElementsAttr splat;
      if (!matchPattern(input, m_Constant(&splat)) || !splat.isSplat())
        continue;
      // Another input must still give the sequence length.
      bool lengthKept = false;
      for (unsigned other = 0, e = op.getInputs().size(); other < e; ++other)
        lengthKept |=
            other != index && op.getInputMap(other).isFunctionOfDim(axis);
      if (!lengthKept)
        continue;
      Block &body = op.getPrologue().front();
      rewriter.setInsertionPointToStart(&body);
      Value scalar = arith::ConstantOp::create(
          rewriter, input.getLoc(), splat.getSplatValue<TypedAttr>());
      rewriter.replaceAllUsesWith(body.getArgument(index), scalar);
      body.eraseArgument(index);
      SmallVector<Attribute> maps(op.getIndexingMapsAttr().getValue());
      maps.erase(maps.begin() + index);
      unsigned erased = index; // Lambdas capture no structured bindings.
      rewriter.modifyOpInPlace(op, [&] {
        op.getInputsMutable().erase(erased);
        op.setIndexingMapsAttr(rewriter.getArrayAttr(maps));
      });
      return success();
    }
    return failure();
  }
};

/// An input that `tensor.expand_shape` only gives unit dimensions, read at
/// index 0 there (a reduction's result kept as [N, 1]), is read from the
/// expand_shape's source instead: the selection's producers then are the
/// generics themselves, which dml-fuse-rows can fuse into a block of rows.
struct FoldUnitExpandIntoTopK : public OpRewritePattern<SelectTopKOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SelectTopKOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPrologue() || op.getResults().empty())
      return failure();
    for (unsigned index = 0, e = op.getInputs().size(); index < e; ++index) {
      auto expand =
          op.getInputs()[index].getDefiningOp<tensor::ExpandShapeOp>();
      if (!expand)
        continue;
      std::optional<AffineMap> folded =
          foldUnitExpandIntoMap(expand, op.getInputMap(index));
      if (!folded)
        continue;
      SmallVector<Attribute> maps(op.getIndexingMapsAttr().getValue());
      maps[index] = AffineMapAttr::get(*folded);
      rewriter.modifyOpInPlace(op, [&] {
        op.getInputsMutable()[index].assign(expand.getSrc());
        op.setIndexingMapsAttr(rewriter.getArrayAttr(maps));
      });
      return success();
    }
    return failure();
  }
};

struct DMLFuseIntoTopKPass
    : public dml::impl::DMLFuseIntoTopKBase<DMLFuseIntoTopKPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<FuseProducerIntoTopK, FoldSplatInputIntoTopK,
                 FoldUnitExpandIntoTopK>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
