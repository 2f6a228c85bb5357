//===- LoweringUtils.cpp - Helpers shared by the dml lowerings ------------===//

#include "LoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::dml;

FailureOr<NumericKind> mlir::dml::getNumericKind(Type originalElementType) {
  std::optional<DataType> dataType = getDataType(originalElementType);
  if (!dataType)
    return failure();
  if (isFloat(*dataType))
    return NumericKind::Float;
  return isSignedInteger(*dataType) ? NumericKind::Signed
                                    : NumericKind::Unsigned;
}

Value mlir::dml::createEmptyTensor(OpBuilder &b, Location loc,
                                   ArrayRef<int64_t> shape, Type elementType) {
  return tensor::EmptyOp::create(b, loc, shape, elementType);
}

Value mlir::dml::createFilledTensor(OpBuilder &b, Location loc,
                                    ArrayRef<int64_t> shape, TypedAttr value) {
  Value empty = createEmptyTensor(b, loc, shape, value.getType());
  Value scalar = arith::ConstantOp::create(b, loc, value);
  return linalg::FillOp::create(b, loc, scalar, empty).getResult(0);
}

SmallVector<int64_t> mlir::dml::getKeptDims(int64_t rank,
                                            ArrayRef<int32_t> axes) {
  SmallVector<int64_t> kept;
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(axes, d))
      kept.push_back(d);
  return kept;
}

SmallVector<int64_t> mlir::dml::getKeptShape(ArrayRef<int64_t> shape,
                                             ArrayRef<int32_t> axes) {
  SmallVector<int64_t> kept;
  for (int64_t d : getKeptDims(shape.size(), axes))
    kept.push_back(shape[d]);
  return kept;
}

Value mlir::dml::expandReducedDims(OpBuilder &b, Location loc, Value collapsed,
                                   RankedTensorType resultType,
                                   ArrayRef<int32_t> axes) {
  int64_t rank = resultType.getRank();
  int64_t keptCount = rank - static_cast<int64_t>(axes.size());
  // Each reduced (size 1) dimension joins the group of the kept dimension
  // before it; leading reduced dimensions join the first group.
  SmallVector<ReassociationIndices> groups(keptCount);
  int64_t group = -1;
  for (int64_t d = 0; d < rank; ++d) {
    bool kept = !llvm::is_contained(axes, d);
    if (kept)
      ++group;
    if (keptCount > 0)
      groups[std::max<int64_t>(group, 0)].push_back(d);
  }
  return tensor::ExpandShapeOp::create(b, loc, resultType, collapsed, groups);
}

Value mlir::dml::buildWindowReduction(OpBuilder &b, Location loc, Value input,
                                      ArrayRef<int32_t> axes, TypedAttr init,
                                      ValueRange keptInputs,
                                      WindowCombineFn combine) {
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = inputType.getRank();
  SmallVector<int64_t> keptDims = getKeptDims(rank, axes);
  Value output = createFilledTensor(
      b, loc, getKeptShape(inputType.getShape(), axes), init);

  MLIRContext *context = b.getContext();
  SmallVector<AffineExpr> keptExprs;
  for (int64_t d : keptDims)
    keptExprs.push_back(getAffineDimExpr(d, context));
  AffineMap keptMap = AffineMap::get(rank, 0, keptExprs, context);
  SmallVector<AffineMap> maps = {
      AffineMap::getMultiDimIdentityMap(rank, context)};
  maps.append(keptInputs.size(), keptMap);
  maps.push_back(keptMap);
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  for (int32_t axis : axes)
    iterators[axis] = utils::IteratorType::reduction;

  SmallVector<Value> inputs = {input};
  llvm::append_range(inputs, keptInputs);
  auto generic = linalg::GenericOp::create(
      b, loc, output.getType(), inputs, output, maps, iterators,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        Value result = combine(nested, nestedLoc, args.front(),
                               args.slice(1, keptInputs.size()), args.back());
        linalg::YieldOp::create(nested, nestedLoc, result);
      });
  return generic.getResult(0);
}

Value mlir::dml::buildElementwise(
    OpBuilder &b, Location loc, ValueRange inputs, Type resultElementType,
    function_ref<Value(OpBuilder &, Location, ValueRange)> compute) {
  auto shapeType = cast<RankedTensorType>(inputs.front().getType());
  Value output =
      createEmptyTensor(b, loc, shapeType.getShape(), resultElementType);
  int64_t rank = shapeType.getRank();
  SmallVector<AffineMap> maps(
      inputs.size() + 1,
      AffineMap::getMultiDimIdentityMap(rank, b.getContext()));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, output.getType(), inputs, output, maps, iterators,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        Value result =
            compute(nested, nestedLoc, args.take_front(inputs.size()));
        linalg::YieldOp::create(nested, nestedLoc, result);
      });
  return generic.getResult(0);
}

Value mlir::dml::createTotalOrderGreater(OpBuilder &b, Location loc,
                                         NumericKind kind, Value lhs,
                                         Value rhs) {
  switch (kind) {
  case NumericKind::Signed:
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, lhs, rhs);
  case NumericKind::Unsigned:
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, lhs, rhs);
  case NumericKind::Float: {
    // lhs > rhs, or lhs is NaN and rhs is not: "unordered or greater" with
    // rhs a number. Two compares (x86: one masked by the other) instead of
    // three.
    Value greaterOrUnordered =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UGT, lhs, rhs);
    Value rhsIsNumber =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ORD, rhs, rhs);
    return arith::AndIOp::create(b, loc, greaterOrUnordered, rhsIsNumber);
  }
  }
  llvm_unreachable("unknown numeric kind");
}

Value mlir::dml::createTotalOrderLess(OpBuilder &b, Location loc,
                                      NumericKind kind, Value lhs, Value rhs) {
  return createTotalOrderGreater(b, loc, kind, rhs, lhs);
}

FailureOr<KindAndResultType>
mlir::dml::getKindAndResultType(const TypeConverter &converter,
                                Value kindOperand, Value result) {
  FailureOr<NumericKind> kind =
      getNumericKind(cast<ShapedType>(kindOperand.getType()).getElementType());
  auto resultType = dyn_cast_or_null<RankedTensorType>(
      converter.convertType(result.getType()));
  if (failed(kind) || !resultType)
    return failure();
  return KindAndResultType{*kind, resultType};
}

Value mlir::dml::extendIndex(OpBuilder &b, Location loc, NumericKind kind,
                             Value value, IntegerType type) {
  if (value.getType() == type)
    return value;
  if (kind == NumericKind::Unsigned)
    return arith::ExtUIOp::create(b, loc, type, value);
  return arith::ExtSIOp::create(b, loc, type, value);
}

Value mlir::dml::castI64To(OpBuilder &b, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  return arith::TruncIOp::create(b, loc, type, value);
}
