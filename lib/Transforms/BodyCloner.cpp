//===- BodyCloner.cpp - clone elementwise bodies onto vectors -------------===//

#include "dml/Transforms/BodyCloner.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::dml;

FailureOr<SmallVector<Value>> BodyCloner::clone(Block &body, ValueRange args) {
  for (auto [arg, value] : llvm::zip(body.getArguments(), args))
    mapping.map(arg, hoisted && hoisted->contains(arg) ? hoisted->lookup(arg)
                                                       : value);
  for (Operation &op : body.without_terminator()) {
    if (hoisted && op.getNumResults() != 0 &&
        hoisted->contains(op.getResult(0))) {
      for (Value result : op.getResults())
        mapping.map(result, hoisted->lookup(result));
      continue;
    }
    if (failed(cloneOp(op)))
      return failure();
  }
  SmallVector<Value> results;
  for (Value yielded : body.getTerminator()->getOperands())
    results.push_back(mapping.lookupOrDefault(yielded));
  return results;
}

LogicalResult BodyCloner::cloneOps(ArrayRef<Operation *> ops) {
  for (Operation *op : ops)
    if (failed(cloneOp(*op)))
      return failure();
  return success();
}

Value BodyCloner::broadcastIfNeeded(Value value) {
  if (isa<VectorType>(value.getType()))
    return value;
  return vector::BroadcastOp::create(b, loc, getVectorType(value.getType()),
                                     value);
}

LogicalResult BodyCloner::cloneOp(Operation &op) {
  if (auto index = dyn_cast<linalg::IndexOp>(op)) {
    int64_t dim = index.getDim();
    if (point.isVector() && dim == point.vectorDim) {
      VectorType type = getVectorType(b.getIndexType());
      Value base = vector::BroadcastOp::create(b, loc, type, point.ivs[dim]);
      Value step = vector::StepOp::create(b, loc, type);
      Value lanes = arith::AddIOp::create(b, loc, base, step);
      contiguousBase[lanes] = point.ivs[dim];
      mapping.map(index.getResult(), lanes);
    } else {
      mapping.map(index.getResult(), point.ivs[dim]);
    }
    return success();
  }
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return cloneLoad(load);
  if (op.getNumRegions() != 0 ||
      !isa<arith::ArithDialect, math::MathDialect>(op.getDialect()))
    return failure();

  SmallVector<Value> operands;
  bool anyVector = false;
  for (Value operand : op.getOperands()) {
    Value mapped = mapping.lookupOrDefault(operand);
    anyVector |= isa<VectorType>(mapped.getType());
    operands.push_back(mapped);
  }
  if (!anyVector) {
    Operation *copy = b.clone(op, mapping);
    (void)copy;
    return success();
  }
  for (Value &operand : operands)
    operand = broadcastIfNeeded(operand);
  OperationState state(loc, op.getName());
  state.addOperands(operands);
  for (Type type : op.getResultTypes())
    state.addTypes(getVectorType(type));
  state.addAttributes(op.getAttrs());
  Operation *vectorOp = b.create(state);
  mapping.map(op.getResults(), vectorOp->getResults());
  return success();
}

/// A load inside the body (a bufferized tensor.extract): scalar when all
/// indices are, a contiguous vector.load when only the last index is the
/// vectorized loop's lanes, a vector.gather when only the last index
/// varies per lane.
LogicalResult BodyCloner::cloneLoad(memref::LoadOp load) {
  SmallVector<Value> indices;
  bool anyVector = false;
  for (Value index : load.getIndices()) {
    indices.push_back(mapping.lookupOrDefault(index));
    anyVector |= isa<VectorType>(indices.back().getType());
  }
  if (!anyVector) {
    b.clone(*load.getOperation(), mapping);
    return success();
  }
  if (llvm::any_of(ArrayRef(indices).drop_back(), [](Value index) {
        return isa<VectorType>(index.getType());
      }))
    return failure();
  auto memrefType = load.getMemRefType();
  if (!memrefType.isLastDimUnitStride())
    return failure();
  Type elementType = memrefType.getElementType();
  Value last = indices.back();
  auto contiguous = contiguousBase.find(last);
  if (contiguous != contiguousBase.end()) {
    indices.back() = contiguous->second;
    Value vector = vector::LoadOp::create(b, loc, getVectorType(elementType),
                                          load.getMemRef(), indices);
    mapping.map(load.getResult(), vector);
    return success();
  }
  indices.back() = arith::ConstantIndexOp::create(b, loc, 0);
  Value mask = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(getVectorType(b.getI1Type()), true));
  Value passThrough = arith::ConstantOp::create(
      b, loc, b.getZeroAttr(getVectorType(elementType)));
  Value gathered = vector::GatherOp::create(b, loc, getVectorType(elementType),
                                            load.getMemRef(), indices, last,
                                            mask, passThrough);
  mapping.map(load.getResult(), gathered);
  return success();
}
