//===- LowerTopKPass.cpp - dml-lower-top-k --------------------------------===//

#include "TopKToSCF.h"
#include "dml/Codegen/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::dml {
#define GEN_PASS_DEF_DMLLOWERTOPK
#include "dml/Codegen/Passes.h.inc"
} // namespace mlir::dml

using namespace mlir;
using namespace mlir::dml;

namespace {
struct DMLLowerTopKPass : public dml::impl::DMLLowerTopKBase<DMLLowerTopKPass> {
  using DMLLowerTopKBase::DMLLowerTopKBase;
  void runOnOperation() override {
    SmallVector<SelectTopKOp> selections;
    WalkResult walk = getOperation().walk([&](SelectTopKOp op) {
      if (!op.getResults().empty()) {
        op.emitOpError() << "must be bufferized before dml-lower-top-k";
        return WalkResult::interrupt();
      }
      selections.push_back(op);
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return signalPassFailure();
    IRRewriter rewriter(&getContext());
    for (SelectTopKOp op : selections)
      if (failed(
              lowerSelectTopK(rewriter, op, nativeCompress, candidateChunks)))
        return signalPassFailure();
  }
};
} // namespace
