//===- FuseSiblings.cpp - dml-fuse-siblings -------------------------------===//
//
// Merges linalg.generic ops on tensors that iterate over the same space and
// read one tensor through the same indexing map into one multi-result
// generic, so the shared input is read once:
//
//   %max = linalg.generic ins(%x) outs(%m0) {maximumf}
//   %sum = linalg.generic ins(%x) outs(%s0) {addf}
//   -->
//   %max, %sum = linalg.generic ins(%x) outs(%m0, %s0) {maximumf; addf}
//
// The merged op takes the place of the later one; ops between the two that
// use the earlier one's results move after it (none of them can feed the
// later op, which does not depend on the earlier one). Results of the merged
// op that compute the same value are then kept once (EquivalentResults.h).
//
//===----------------------------------------------------------------------===//

#include "dml/Fusion/Passes.h"
#include "dml/Fusion/EquivalentResults.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::dml {
#define GEN_PASS_DEF_DMLFUSESIBLINGS
#include "dml/Fusion/Passes.h.inc"
} // namespace mlir::dml

using namespace mlir;

namespace {

/// Same loop ranges and iterator types, and one input read through the
/// same indexing map by both.
bool areSiblings(linalg::GenericOp first, linalg::GenericOp second) {
  if (!first.hasPureTensorSemantics() || !second.hasPureTensorSemantics() ||
      first->getBlock() != second->getBlock() ||
      first.getIteratorTypesArray() != second.getIteratorTypesArray() ||
      first.getStaticLoopRanges() != second.getStaticLoopRanges() ||
      llvm::any_of(first.getStaticLoopRanges(), ShapedType::isDynamic))
    return false;
  // The same tensor, or results of the same op (the outputs of a merged
  // pair are read together, e.g. the post-ops of two fused reductions).
  auto sameSource = [](Value a, Value b) {
    if (a == b)
      return true;
    Operation *def = a.getDefiningOp();
    return def && def == b.getDefiningOp();
  };
  for (OpOperand *a : first.getDpsInputOperands())
    for (OpOperand *b : second.getDpsInputOperands())
      if (sameSource(a->get(), b->get()) &&
          isa<RankedTensorType>(a->get().getType()) &&
          first.getMatchingIndexingMap(a) == second.getMatchingIndexingMap(b))
        return true;
  return false;
}

/// The ops after `first` and before `second` in their block that use
/// `first`'s results, directly or through each other, in block order;
/// failure if `second` depends on `first`.
FailureOr<SmallVector<Operation *>> getDependentsBetween(Operation *first,
                                                         Operation *second) {
  llvm::SmallPtrSet<Operation *, 16> dependents = {first};
  SmallVector<Operation *> between;
  auto dependsOnFirst = [&](Operation *op) {
    bool found = false;
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        if (Operation *def = operand.getDefiningOp())
          found |= dependents.contains(def);
    });
    return found;
  };
  for (Operation *op = first->getNextNode(); op != second;
       op = op->getNextNode()) {
    if (dependsOnFirst(op)) {
      dependents.insert(op);
      between.push_back(op);
    }
  }
  if (dependsOnFirst(second))
    return failure();
  return between;
}

/// One generic computing both ops' results: inputs of `first`, then the
/// inputs of `second` not already read through the same map, then the
/// outputs of both.
linalg::GenericOp merge(OpBuilder &builder, linalg::GenericOp first,
                        linalg::GenericOp second) {
  SmallVector<Value> inputs, outputs;
  SmallVector<AffineMap> inputMaps, outputMaps;
  // Position of each op's inputs among the merged inputs.
  SmallVector<SmallVector<unsigned>> inputPositions(2);
  linalg::GenericOp parts[] = {first, second};
  for (auto [part, positions] : llvm::zip(parts, inputPositions)) {
    for (OpOperand *input : part.getDpsInputOperands()) {
      AffineMap map = part.getMatchingIndexingMap(input);
      unsigned position = inputs.size();
      for (unsigned i = 0; i < inputs.size(); ++i)
        if (inputs[i] == input->get() && inputMaps[i] == map)
          position = i;
      if (position == inputs.size()) {
        inputs.push_back(input->get());
        inputMaps.push_back(map);
      }
      positions.push_back(position);
    }
    for (OpOperand &output : part.getDpsInitsMutable()) {
      outputs.push_back(output.get());
      outputMaps.push_back(part.getMatchingIndexingMap(&output));
    }
  }
  SmallVector<AffineMap> maps = inputMaps;
  maps.append(outputMaps);
  SmallVector<Type> resultTypes(first->getResultTypes());
  llvm::append_range(resultTypes, second->getResultTypes());

  auto merged =
      linalg::GenericOp::create(builder, second.getLoc(), resultTypes, inputs,
                                outputs, maps, first.getIteratorTypesArray());
  Block *body = builder.createBlock(&merged.getRegion());
  for (Value value : llvm::concat<Value>(inputs, outputs))
    body->addArgument(getElementTypeOrSelf(value.getType()), value.getLoc());

  SmallVector<Value> yielded;
  unsigned outputBase = inputs.size();
  for (auto [part, positions] : llvm::zip(parts, inputPositions)) {
    Block &partBody = part.getRegion().front();
    IRMapping mapping;
    for (auto [arg, position] :
         llvm::zip(partBody.getArguments().take_front(part.getNumDpsInputs()),
                   positions))
      mapping.map(arg, body->getArgument(position));
    for (BlockArgument arg :
         partBody.getArguments().drop_front(part.getNumDpsInputs()))
      mapping.map(arg, body->getArgument(outputBase++));
    for (Operation &op : partBody.without_terminator())
      builder.clone(op, mapping);
    for (Value value : partBody.getTerminator()->getOperands())
      yielded.push_back(mapping.lookupOrDefault(value));
  }
  linalg::YieldOp::create(builder, second.getLoc(), yielded);
  return merged;
}

/// Merges one pair of siblings in `block`; returns whether it did.
bool fuseOnePair(Block &block) {
  SmallVector<linalg::GenericOp> generics(block.getOps<linalg::GenericOp>());
  for (auto [i, first] : llvm::enumerate(generics)) {
    for (linalg::GenericOp second : llvm::drop_begin(generics, i + 1)) {
      if (!areSiblings(first, second))
        continue;
      FailureOr<SmallVector<Operation *>> dependents =
          getDependentsBetween(first, second);
      if (failed(dependents))
        continue;
      OpBuilder builder(second);
      linalg::GenericOp merged = merge(builder, first, second);
      unsigned firstResults = first->getNumResults();
      first->replaceAllUsesWith(merged->getResults().take_front(firstResults));
      second->replaceAllUsesWith(merged->getResults().drop_front(firstResults));
      Operation *insertAfter = merged;
      for (Operation *op : *dependents) {
        op->moveAfter(insertAfter);
        insertAfter = op;
      }
      first->erase();
      second->erase();
      return true;
    }
  }
  return false;
}

struct FuseSiblingsPass
    : public dml::impl::DMLFuseSiblingsBase<FuseSiblingsPass> {
  using DMLFuseSiblingsBase::DMLFuseSiblingsBase;

  void runOnOperation() override {
    SmallVector<Block *> blocks;
    getOperation().walk([&](Block *block) { blocks.push_back(block); });
    for (Block *block : blocks)
      while (fuseOnePair(*block)) {
      }
    // Merged siblings may compute one value twice: keep one.
    SmallVector<linalg::GenericOp> generics;
    getOperation().walk(
        [&](linalg::GenericOp generic) { generics.push_back(generic); });
    IRRewriter rewriter(&getContext());
    for (linalg::GenericOp generic : generics) {
      rewriter.setInsertionPoint(generic);
      FailureOr<linalg::GenericOp> kept =
          dml::dropEquivalentResults(rewriter, generic);
      if (failed(kept))
        continue;
      // Readers of both results now read the kept one twice.
      SmallVector<linalg::GenericOp> readers;
      for (Operation *user : (*kept)->getUsers())
        if (auto reader = dyn_cast<linalg::GenericOp>(user))
          if (!llvm::is_contained(readers, reader))
            readers.push_back(reader);
      for (linalg::GenericOp reader : readers) {
        rewriter.setInsertionPoint(reader);
        (void)linalg::deduplicateOperandsAndRemoveDeadResults(
            rewriter, reader, /*removeOutputs=*/false);
      }
    }
  }
};

} // namespace
