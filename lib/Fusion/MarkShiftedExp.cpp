//===- MarkShiftedExp.cpp - dml-mark-shifted-exp --------------------------===//
//
// Marks exp(x - m) where m is a max reduction of the same x (softmax,
// log-softmax, LOG_SUM_EXP):
//
//   %m = linalg.generic ins(%x) outs(%init) { maximumf %out, %in }
//   linalg.generic ins(%x, %m) ... { %d = subf %in, %in_m
//                                    %e = math.exp %d {dml.shifted_exp} }
//
// Every m[i] is at least every non-NaN x read with it, so d <= 0 or d is
// NaN, whatever the init of m was (dml/Transforms/ShiftedExp.h). Where the
// exp's only use adds it into a reduced output (%s = addf %out, %e;
// yield %s), it is also marked dml.summed_exp.
//
//===----------------------------------------------------------------------===//

#include "dml/Fusion/Passes.h"
#include "dml/Transforms/ShiftedExp.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"

namespace mlir::dml {
#define GEN_PASS_DEF_DMLMARKSHIFTEDEXP
#include "dml/Fusion/Passes.h.inc"
} // namespace mlir::dml

using namespace mlir;

namespace {

/// The input operand of `op` whose element `value` is (directly or through
/// arith.extf), or null.
OpOperand *getReadInput(linalg::GenericOp op, Value value) {
  if (auto extend = value.getDefiningOp<arith::ExtFOp>())
    value = extend.getIn();
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg || arg.getOwner() != op.getBody() ||
      arg.getArgNumber() >= static_cast<unsigned>(op.getNumDpsInputs()))
    return nullptr;
  return op.getDpsInputOperand(arg.getArgNumber());
}

/// The operand that `op`'s body combines with the accumulator of output
/// `init` (`combiner`: the yielded op, which reads the accumulator), or null
/// where the yielded value is no such combination.
Value getCombinedOperand(linalg::GenericOp op, OpOperand &init,
                         Operation *&combiner) {
  combiner = op.getMatchingYieldValue(&init)->get().getDefiningOp();
  if (!combiner || combiner->getNumOperands() != 2)
    return Value();
  Value accumulator = op.getMatchingBlockArgument(&init);
  Value lhs = combiner->getOperand(0), rhs = combiner->getOperand(1);
  if (lhs != accumulator && rhs != accumulator)
    return Value();
  return lhs == accumulator ? rhs : lhs;
}

/// Whether `maximum` (an input of `reader`, read at `maximumMap`) is a max
/// reduction of `x`, read by both ops through `xMap`, a permutation (so both
/// iterate over x's whole shape).
bool isMaxOf(Value maximum, AffineMap maximumMap, Value x, AffineMap xMap) {
  auto result = dyn_cast<OpResult>(maximum);
  auto producer = result ? dyn_cast<linalg::GenericOp>(result.getOwner())
                         : linalg::GenericOp();
  if (!producer || !xMap.isPermutation())
    return false;
  OpOperand &init = producer.getDpsInitsMutable()[result.getResultNumber()];
  if (producer.getMatchingIndexingMap(&init) != maximumMap)
    return false;
  Operation *combiner;
  Value element = getCombinedOperand(producer, init, combiner);
  if (!element || !isa<arith::MaximumFOp, arith::MaxNumFOp>(combiner))
    return false;
  OpOperand *input = getReadInput(producer, element);
  return input && input->get() == x &&
         producer.getMatchingIndexingMap(input) == xMap;
}

/// Whether `exp`'s only use is `acc + exp` yielded into the output `acc`
/// of `op`, an output that `op` reduces into (its map leaves out a
/// reduction loop).
bool isOnlySummed(linalg::GenericOp op, math::ExpOp exp) {
  if (!exp->hasOneUse())
    return false;
  SmallVector<unsigned> reductionDims;
  op.getReductionDims(reductionDims);
  for (OpOperand &init : op.getDpsInitsMutable()) {
    Operation *combiner;
    if (getCombinedOperand(op, init, combiner) != exp.getResult() ||
        !isa<arith::AddFOp>(combiner) || !combiner->hasOneUse())
      continue;
    AffineMap map = op.getMatchingIndexingMap(&init);
    return llvm::any_of(
        reductionDims, [&](unsigned dim) { return !map.isFunctionOfDim(dim); });
  }
  return false;
}

struct MarkShiftedExpPass
    : public dml::impl::DMLMarkShiftedExpBase<MarkShiftedExpPass> {
  void runOnOperation() override {
    getOperation()->walk([](linalg::GenericOp op) {
      op.getBody()->walk([&](math::ExpOp exp) {
        auto difference = exp.getOperand().getDefiningOp<arith::SubFOp>();
        if (!exp.getType().isF32() || !difference)
          return;
        OpOperand *x = getReadInput(op, difference.getLhs());
        OpOperand *maximum = getReadInput(op, difference.getRhs());
        if (x && maximum &&
            isMaxOf(maximum->get(), op.getMatchingIndexingMap(maximum),
                    x->get(), op.getMatchingIndexingMap(x))) {
          exp->setAttr(dml::kShiftedExpAttr, UnitAttr::get(exp.getContext()));
          if (isOnlySummed(op, exp))
            exp->setAttr(dml::kSummedExpAttr, UnitAttr::get(exp.getContext()));
        }
      });
    });
  }
};

} // namespace
