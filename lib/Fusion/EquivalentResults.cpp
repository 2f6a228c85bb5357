//===- EquivalentResults.cpp - Drop results a generic computes twice ------===//
//
// Structural comparison of the values two results of a linalg.generic
// yield, and the rewrite that keeps one of each equivalent pair. The removal
// itself is upstream's deduplicateOperandsAndRemoveDeadResults: once a
// duplicate result has no uses and yields its own block argument, it is dead.
//
//===----------------------------------------------------------------------===//

#include "dml/Fusion/EquivalentResults.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;

namespace {

/// Compares two values of one generic's body, with the output block
/// arguments `left` and `right` taken as equal.
class BodyComparison {
public:
  BodyComparison(BlockArgument left, BlockArgument right)
      : left(left), right(right) {}

  bool equivalent(Value a, Value b) {
    if (a == b || (a == left && b == right) || (a == right && b == left))
      return true;
    auto key = std::make_pair(a, b);
    auto known = memo.find(key);
    if (known != memo.end())
      return known->second;
    // Assume "no" while comparing: the body is acyclic, so this only
    // guards against revisiting a pair.
    memo[key] = false;
    bool result = compareOps(a, b);
    memo[key] = result;
    return result;
  }

private:
  bool compareOps(Value a, Value b) {
    auto resultA = dyn_cast<OpResult>(a);
    auto resultB = dyn_cast<OpResult>(b);
    if (!resultA || !resultB ||
        resultA.getResultNumber() != resultB.getResultNumber())
      return false;
    Operation *opA = resultA.getOwner();
    Operation *opB = resultB.getOwner();
    if (opA->getName() != opB->getName() ||
        opA->getAttrDictionary() != opB->getAttrDictionary() ||
        opA->getNumRegions() != 0 || opB->getNumRegions() != 0 ||
        opA->getResultTypes() != opB->getResultTypes() ||
        opA->getNumOperands() != opB->getNumOperands() ||
        !isMemoryEffectFree(opA))
      return false;
    auto pairwise = [&](ValueRange x, ValueRange y) {
      for (auto [u, v] : llvm::zip(x, y))
        if (!equivalent(u, v))
          return false;
      return true;
    };
    if (pairwise(opA->getOperands(), opB->getOperands()))
      return true;
    return opA->hasTrait<OpTrait::IsCommutative>() &&
           opA->getNumOperands() == 2 &&
           equivalent(opA->getOperand(0), opB->getOperand(1)) &&
           equivalent(opA->getOperand(1), opB->getOperand(0));
  }

  BlockArgument left, right;
  llvm::DenseMap<std::pair<Value, Value>, bool> memo;
};

} // namespace

FailureOr<linalg::GenericOp>
mlir::dml::dropEquivalentResults(RewriterBase &rewriter, linalg::GenericOp op) {
  if (!op.hasPureTensorSemantics() || op->getNumResults() < 2)
    return failure();
  Block &body = op.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  ArrayRef<BlockArgument> outputArgs = op.getRegionOutputArgs();
  unsigned numOutputs = op.getNumDpsInits();
  SmallVector<bool> duplicate(numOutputs, false);
  bool changed = false;
  for (unsigned keep = 0; keep < numOutputs; ++keep) {
    if (duplicate[keep])
      continue;
    OpOperand *keepInit = op.getDpsInitOperand(keep);
    for (unsigned drop = keep + 1; drop < numOutputs; ++drop) {
      OpOperand *dropInit = op.getDpsInitOperand(drop);
      if (duplicate[drop] || keepInit->get() != dropInit->get() ||
          op.getMatchingIndexingMap(keepInit) !=
              op.getMatchingIndexingMap(dropInit))
        continue;
      BodyComparison comparison(outputArgs[keep], outputArgs[drop]);
      if (!comparison.equivalent(yield.getOperand(keep),
                                 yield.getOperand(drop)))
        continue;
      duplicate[drop] = true;
      changed = true;
      rewriter.replaceAllUsesWith(op->getResult(drop), op->getResult(keep));
      // Within the body the two accumulators hold the same value at every
      // iteration, so readers of the duplicate may read the kept one; the
      // duplicate then yields its own argument and is dead.
      rewriter.replaceAllUsesWith(outputArgs[drop], outputArgs[keep]);
      rewriter.modifyOpInPlace(
          yield, [&] { yield->setOperand(drop, outputArgs[drop]); });
    }
  }
  if (!changed)
    return failure();
  return linalg::deduplicateOperandsAndRemoveDeadResults(rewriter, op,
                                                          /*removeOutputs=*/true);
}
