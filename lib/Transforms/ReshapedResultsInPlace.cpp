//===- ReshapedResultsInPlace.cpp - dml-reshaped-results-in-place ---------===//
//
//   %a = memref.alloc() : memref<512x768xf32>
//   ... writes %a ...
//   %e = memref.expand_shape %a [[0, 1], [2]] : ... into memref<512x1x768xf32>
//   memref.copy %e, %out
//   -->
//   %a = memref.collapse_shape %out [[0, 1], [2]] : ... into memref<512x768xf32>
//   ... writes %a ...
//
//===----------------------------------------------------------------------===//

#include "dml/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::dml {
#define GEN_PASS_DEF_DMLRESHAPEDRESULTSINPLACE
#include "dml/Transforms/Passes.h.inc"
} // namespace mlir::dml

using namespace mlir;

namespace {

/// The reshapes from an alloc to `value`, innermost first, if `value` is
/// such a chain with one use per link; the alloc in `alloc`.
std::optional<SmallVector<Operation *>>
getReshapeChain(Value value, memref::AllocOp &alloc) {
  SmallVector<Operation *> chain;
  while (Operation *def = value.getDefiningOp()) {
    if (auto found = dyn_cast<memref::AllocOp>(def)) {
      alloc = found;
      std::reverse(chain.begin(), chain.end());
      return chain;
    }
    if (!isa<memref::ExpandShapeOp, memref::CollapseShapeOp>(def) ||
        !value.hasOneUse())
      return std::nullopt;
    chain.push_back(def);
    value = def->getOperand(0);
  }
  return std::nullopt;
}

/// `out` viewed as the alloc that `chain` reshapes into `out`'s type: the
/// inverse of each reshape, outermost first.
Value buildInverseView(OpBuilder &builder, Location loc, Value out,
                       ArrayRef<Operation *> chain) {
  Value view = out;
  for (Operation *reshape : llvm::reverse(chain)) {
    if (auto expand = dyn_cast<memref::ExpandShapeOp>(reshape)) {
      view = memref::CollapseShapeOp::create(
          builder, loc, view, expand.getReassociationIndices());
    } else {
      auto collapse = cast<memref::CollapseShapeOp>(reshape);
      view = memref::ExpandShapeOp::create(
          builder, loc, collapse.getSrcType().getShape(), view,
          collapse.getReassociationIndices());
    }
  }
  return view;
}

/// Whether every use of `alloc` is in an op of `block` before `copy`.
bool allUsesBefore(memref::AllocOp alloc, Operation *copy) {
  Block *block = copy->getBlock();
  for (Operation *user : alloc->getUsers()) {
    Operation *ancestor = block->findAncestorOpInBlock(*user);
    if (!ancestor || !ancestor->isBeforeInBlock(copy))
      return false;
  }
  return true;
}

struct ReshapedResultsInPlacePass
    : public dml::impl::DMLReshapedResultsInPlaceBase<
          ReshapedResultsInPlacePass> {
  void runOnOperation() override {
    func::FuncOp function = getOperation();
    if (function.isExternal())
      return;
    Block &entry = function.getBody().front();
    SmallVector<memref::CopyOp> copies;
    for (auto copy : entry.getOps<memref::CopyOp>())
      copies.push_back(copy);
    for (memref::CopyOp copy : copies) {
      auto out = dyn_cast<BlockArgument>(copy.getTarget());
      if (!out || out.getOwner() != &entry || !out.hasOneUse())
        continue;
      memref::AllocOp alloc;
      std::optional<SmallVector<Operation *>> chain =
          getReshapeChain(copy.getSource(), alloc);
      if (!chain || chain->empty() || alloc->getBlock() != &entry ||
          !alloc.getType().hasStaticShape() ||
          !alloc.getType().getLayout().isIdentity() ||
          !cast<MemRefType>(out.getType()).getLayout().isIdentity())
        continue;
      // The chain's first link is a use of the alloc before the copy too.
      if (!allUsesBefore(alloc, copy))
        continue;
      OpBuilder builder(alloc);
      Value view = buildInverseView(builder, alloc.getLoc(), out, *chain);
      if (view.getType() != alloc.getType()) {
        // A reshape that does not invert to the same type (layouts):
        // leave the copy.
        for (Operation *op = view.getDefiningOp(); op;) {
          Operation *next = op->getNumOperands()
                                ? op->getOperand(0).getDefiningOp()
                                : nullptr;
          op->erase();
          op = next;
        }
        continue;
      }
      copy->erase();
      for (Operation *reshape : llvm::reverse(*chain))
        reshape->erase();
      alloc.replaceAllUsesWith(view);
      alloc->erase();
    }
  }
};

} // namespace
