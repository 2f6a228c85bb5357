//===- SelectTopKOp.cpp - structured form of dml.top_k --------------------===//
//
// Builder, verifier and side effects of dml.select_top_k. Every diagnostic
// names the operand or attribute, the rule, and the expected and actual
// values.
//
//===----------------------------------------------------------------------===//

#include "dml/Dialect/DML/IR/DMLOps.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::dml;

void SelectTopKOp::build(OpBuilder &builder, OperationState &state, Value input,
                         Value values, Value indices, int64_t axis, int64_t k,
                         AxisDirection direction, bool unsignedIntegers) {
  SmallVector<Type> resultTypes;
  if (isa<RankedTensorType>(values.getType()))
    resultTypes = {values.getType(), indices.getType()};
  build(builder, state, resultTypes, ValueRange{input}, values, indices,
        builder.getI64IntegerAttr(axis), builder.getI64IntegerAttr(k),
        AxisDirectionAttr::get(builder.getContext(), direction),
        unsignedIntegers ? builder.getUnitAttr() : UnitAttr(),
        /*indexing_maps=*/ArrayAttr());
  // The prologue region stays empty.
}

AffineMap SelectTopKOp::getInputMap(unsigned index) {
  if (ArrayAttr maps = getIndexingMapsAttr())
    return cast<AffineMapAttr>(maps[index]).getValue();
  return AffineMap::getMultiDimIdentityMap(
      cast<ShapedType>(getValues().getType()).getRank(), getContext());
}

SmallVector<int64_t> SelectTopKOp::getIterationShape() {
  auto valuesType = cast<ShapedType>(getValues().getType());
  SmallVector<int64_t> shape(valuesType.getShape());
  int64_t axis = getAxis();
  if (axis < 0 || axis >= static_cast<int64_t>(shape.size()))
    return shape;
  shape[axis] = ShapedType::kDynamic;
  for (auto [index, input] : llvm::enumerate(getInputs())) {
    auto inputType = cast<ShapedType>(input.getType());
    AffineMap map = getInputMap(index);
    for (auto [result, expr] : llvm::enumerate(map.getResults()))
      if (auto dim = dyn_cast<AffineDimExpr>(expr))
        if (dim.getPosition() == static_cast<unsigned>(axis) &&
            static_cast<int64_t>(result) < inputType.getRank())
          return shape[axis] = inputType.getDimSize(result), shape;
  }
  return shape;
}

LogicalResult SelectTopKOp::verify() {
  auto valuesType = dyn_cast<ShapedType>(getValues().getType());
  auto indicesType = dyn_cast<ShapedType>(getIndices().getType());
  bool onTensors = isa<RankedTensorType>(valuesType);
  auto isBuffer = [](Type type) { return isa<MemRefType>(type); };
  auto isTensor = [](Type type) { return isa<RankedTensorType>(type); };
  auto sameKind = [&](Type type) {
    return onTensors ? isTensor(type) : isBuffer(type);
  };
  StringRef kind = onTensors ? "ranked tensors" : "memrefs";
  if (!isTensor(valuesType) && !isBuffer(valuesType))
    return emitOpError() << "values must be a ranked tensor or a memref, got "
                         << valuesType;
  if (!sameKind(indicesType))
    return emitOpError() << "indices must be " << kind << " like values, got "
                         << indicesType;
  for (auto [index, input] : llvm::enumerate(getInputs()))
    if (!sameKind(input.getType()))
      return emitOpError() << "input #" << index << " must be " << kind
                           << " like values, got " << input.getType();
  if (!valuesType.hasStaticShape() || !indicesType.hasStaticShape())
    return emitOpError() << "values and indices must have static shapes, got "
                         << valuesType << " and " << indicesType;
  for (auto [index, input] : llvm::enumerate(getInputs()))
    if (!cast<ShapedType>(input.getType()).hasStaticShape())
      return emitOpError() << "input #" << index
                           << " must have a static shape, got "
                           << input.getType();

  // Results: the destinations' types on tensors, none on memrefs.
  SmallVector<Type> expectedResults;
  if (onTensors)
    expectedResults = {valuesType, indicesType};
  if (TypeRange(getResults().getTypes()) != TypeRange(expectedResults))
    return emitOpError() << "results must be " << expectedResults.size()
                         << " (the types of values and indices on tensors, "
                            "none on memrefs), got "
                         << getResults().size() << " of types "
                         << getResults().getTypes();

  int64_t rank = valuesType.getRank();
  int64_t axis = getAxis();
  if (axis < 0 || axis >= rank)
    return emitOpError() << "axis must be in [0, " << rank
                         << ") (the rank of values), got " << axis;
  if (indicesType.getShape() != valuesType.getShape())
    return emitOpError() << "indices must have the shape of values "
                         << valuesType << ", got " << indicesType;
  auto indexElement = dyn_cast<IntegerType>(indicesType.getElementType());
  if (!indexElement || !indexElement.isSignless() ||
      (indexElement.getWidth() != 32 && indexElement.getWidth() != 64))
    return emitOpError() << "indices element type must be i32 or i64, got "
                         << indicesType.getElementType();

  // Inputs, maps and the prologue region.
  size_t inputCount = getInputs().size();
  if (!hasPrologue()) {
    if (getIndexingMapsAttr())
      return emitOpError()
             << "indexing_maps must be absent without a prologue region";
    if (inputCount != 1)
      return emitOpError() << "without a prologue region, the op must have "
                              "exactly 1 input, got "
                           << inputCount;
  } else {
    ArrayAttr maps = getIndexingMapsAttr();
    if (!maps)
      return emitOpError() << "a prologue region needs indexing_maps";
    if (maps.size() != inputCount)
      return emitOpError() << "indexing_maps must have one map per input ("
                           << inputCount << "), got " << maps.size();
    if (!getPrologue().hasOneBlock())
      return emitOpError() << "prologue region must have exactly 1 block, got "
                           << getPrologue().getBlocks().size();
    Block &body = getPrologue().front();
    if (body.getNumArguments() != inputCount)
      return emitOpError() << "prologue region must have one argument per "
                              "input ("
                           << inputCount << "), got " << body.getNumArguments();
    for (auto [index, input] : llvm::enumerate(getInputs())) {
      Type element = cast<ShapedType>(input.getType()).getElementType();
      if (body.getArgument(index).getType() != element)
        return emitOpError()
               << "prologue argument #" << index
               << " must have the element type of input #" << index << " ("
               << element << "), got " << body.getArgument(index).getType();
    }
    auto yield = dyn_cast<YieldOp>(body.getTerminator());
    if (!yield || yield.getValues().size() != 1)
      return emitOpError() << "prologue region must end with a dml.yield of "
                              "one value";
  }
  for (auto [index, input] : llvm::enumerate(getInputs())) {
    auto inputType = cast<ShapedType>(input.getType());
    AffineMap map = getInputMap(index);
    if (map.getNumDims() != static_cast<unsigned>(rank) ||
        map.getNumSymbols() != 0 ||
        map.getNumResults() != static_cast<unsigned>(inputType.getRank()))
      return emitOpError() << "indexing map #" << index << " must map " << rank
                           << " dimensions to the " << inputType.getRank()
                           << " indices of input #" << index << ", got "
                           << AffineMapAttr::get(map);
    for (auto [result, expr] : llvm::enumerate(map.getResults())) {
      int64_t size = inputType.getDimSize(result);
      if (auto constant = dyn_cast<AffineConstantExpr>(expr)) {
        if (constant.getValue() < 0 || constant.getValue() >= size)
          return emitOpError() << "indexing map #" << index << " result #"
                               << result << " must be in [0, " << size
                               << "), got " << constant.getValue();
      } else if (!isa<AffineDimExpr>(expr)) {
        std::string text;
        llvm::raw_string_ostream os(text);
        expr.print(os);
        return emitOpError()
               << "indexing map #" << index << " result #" << result
               << " must be a dimension or a constant, got " << text;
      }
    }
  }
  SmallVector<int64_t> shape = getIterationShape();
  if (ShapedType::isDynamic(shape[axis]))
    return emitOpError() << "no indexing map reads dimension " << axis
                         << " (the axis), so the sequence length is unknown";
  for (auto [index, input] : llvm::enumerate(getInputs())) {
    auto inputType = cast<ShapedType>(input.getType());
    for (auto [result, expr] : llvm::enumerate(getInputMap(index).getResults()))
      if (auto dim = dyn_cast<AffineDimExpr>(expr))
        if (inputType.getDimSize(result) != shape[dim.getPosition()])
          return emitOpError()
                 << "input #" << index << " dimension " << result
                 << " must have size " << shape[dim.getPosition()]
                 << " (iteration dimension " << dim.getPosition() << " of "
                 << (static_cast<int64_t>(dim.getPosition()) == axis
                         ? "the sequence"
                         : "values")
                 << "), got " << inputType.getDimSize(result);
  }
  int64_t k = getK();
  if (k < 1 || k > shape[axis])
    return emitOpError() << "k must be in [1, " << shape[axis]
                         << "] (the sequence length), got " << k;
  if (valuesType.getDimSize(axis) != k)
    return emitOpError() << "values dimension " << axis
                         << " (the axis) must be k (" << k << "), got "
                         << valuesType.getDimSize(axis);

  Type selected =
      hasPrologue()
          ? cast<YieldOp>(getPrologue().front().getTerminator())
                .getValues()
                .front()
                .getType()
          : cast<ShapedType>(getInputs().front().getType()).getElementType();
  if (valuesType.getElementType() != selected)
    return emitOpError() << "values element type must be the selected element "
                            "type "
                         << selected << ", got " << valuesType.getElementType();
  if (!selected.isIntOrFloat() || isa<IndexType>(selected) ||
      (isa<IntegerType>(selected) && !selected.isSignlessInteger()))
    return emitOpError() << "selected element type must be a float or a "
                            "signless integer, got "
                         << selected;
  if (getUnsignedIntegers() && !isa<IntegerType>(selected))
    return emitOpError() << "'unsigned' needs integer elements, got "
                         << selected;
  return success();
}

void SelectTopKOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  for (OpOperand &input : getInputsMutable())
    if (isa<MemRefType>(input.get().getType()))
      effects.emplace_back(MemoryEffects::Read::get(), &input,
                           SideEffects::DefaultResource::get());
  for (OpOperand &output : getDpsInitsMutable())
    if (isa<MemRefType>(output.get().getType())) {
      // The selection may keep partial results in the outputs (the heap).
      effects.emplace_back(MemoryEffects::Read::get(), &output,
                           SideEffects::DefaultResource::get());
      effects.emplace_back(MemoryEffects::Write::get(), &output,
                           SideEffects::DefaultResource::get());
    }
}
