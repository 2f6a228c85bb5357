//===- SelectTopKBufferization.cpp - bufferization of dml.select_top_k ----===//
//
// dml.select_top_k is in destination style: on memrefs it writes into the
// buffers of its `outs`, so one-shot bufferization makes those the
// caller's output buffers when the destinations come from tensor.empty
// and the results are returned. The destinations are never read before
// they are written, so their contents are not copied in.
//
//===----------------------------------------------------------------------===//

#include "dml/Dialect/DML/IR/DMLDialect.h"
#include "dml/Dialect/DML/IR/DMLOps.h"
#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/DstBufferizableOpInterfaceImpl.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::dml;

namespace {
struct SelectTopKBufferizationModel
    : public bufferization::DstBufferizableOpInterfaceExternalModel<
          SelectTopKBufferizationModel, SelectTopKOp> {
  /// Only the inputs are read: the selection overwrites its destinations.
  bool bufferizesToMemoryRead(Operation *op, OpOperand &operand,
                              const bufferization::AnalysisState &) const {
    return !cast<DestinationStyleOpInterface>(op).isDpsInit(&operand);
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const bufferization::BufferizationOptions &options,
                          bufferization::BufferizationState &state) const {
    auto select = cast<SelectTopKOp>(op);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(op);
    SmallVector<Value> operands;
    for (Value operand : op->getOperands()) {
      FailureOr<Value> buffer =
          bufferization::getBuffer(rewriter, operand, options, state);
      if (failed(buffer))
        return failure();
      operands.push_back(*buffer);
    }
    size_t inputCount = select.getInputs().size();
    auto bufferized = SelectTopKOp::create(rewriter, op->getLoc(), TypeRange{},
                                           operands, select->getAttrs());
    rewriter.inlineRegionBefore(select.getPrologue(), bufferized.getPrologue(),
                                bufferized.getPrologue().end());
    bufferization::replaceOpWithBufferizedValues(
        rewriter, op, {operands[inputCount], operands[inputCount + 1]});
    return success();
  }
};
} // namespace

void mlir::dml::attachSelectTopKBufferization(MLIRContext &context) {
  SelectTopKOp::attachInterface<SelectTopKBufferizationModel>(context);
}
