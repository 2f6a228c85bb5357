//===- DMLOps.cpp - DirectML operators ------------------------------------===//
//
// Builders and verifiers. Each verifier checks, in order: equal dimension
// counts, element types the spec requires to match, the DirectML
// tensor-support table of the selected feature level, positive sizes, and
// the op's attribute and shape rules. Every diagnostic names the operand or
// attribute, the rule, and the expected and actual values.
//
//===----------------------------------------------------------------------===//

#include "dml/Dialect/DML/IR/DMLOps.h"

#include "dml/Dialect/DML/IR/DataType.h"
#include "dml/Dialect/DML/IR/ShapeInference.h"
#include "dml/Dialect/DML/IR/TensorSupport.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::dml;

//===----------------------------------------------------------------------===//
// Shared checks
//===----------------------------------------------------------------------===//

static RankedTensorType getTensorType(Value value) {
  return cast<RankedTensorType>(value.getType());
}

/// All tensors of a DirectML operator have the same DimensionCount.
static LogicalResult verifySameDimensionCount(Operation *op,
                                              ArrayRef<Value> values,
                                              ArrayRef<StringRef> names) {
  int64_t rank = getTensorType(values.front()).getRank();
  for (auto [value, name] :
       llvm::zip_equal(values.drop_front(), names.drop_front())) {
    int64_t actual = getTensorType(value).getRank();
    if (actual != rank)
      return op->emitOpError()
             << name << " must have the same dimension count as "
             << names.front() << " (" << rank << "), got " << actual;
  }
  return success();
}

static LogicalResult verifySameElementType(Operation *op, Value expected,
                                           StringRef expectedName, Value actual,
                                           StringRef actualName) {
  Type expectedType = getTensorType(expected).getElementType();
  Type actualType = getTensorType(actual).getElementType();
  if (expectedType == actualType)
    return success();
  return op->emitOpError() << actualName << " element type must equal "
                           << expectedName << " element type " << expectedType
                           << ", got " << actualType;
}

/// DirectML sizes are >= 1 and a buffer tensor holds at most 2^32 - 1
/// elements.
static LogicalResult verifySizes(Operation *op, ArrayRef<Value> values,
                                 ArrayRef<StringRef> names) {
  constexpr uint64_t maxElements = 0xFFFFFFFFull;
  for (auto [value, name] : llvm::zip_equal(values, names)) {
    uint64_t elements = 1;
    for (auto [dim, size] : llvm::enumerate(getTensorType(value).getShape())) {
      if (size < 1)
        return op->emitOpError()
               << name << " dimension " << dim
               << " must be >= 1 (DirectML sizes are positive), got " << size;
      // Saturate instead of overflowing; anything above the limit fails.
      elements = llvm::SaturatingMultiply(elements, uint64_t(size));
    }
    if (elements > maxElements)
      return op->emitOpError()
             << name << " has "
             << (elements > maxElements * 2 ? std::string("more than ") +
                                                  std::to_string(maxElements)
                                            : std::to_string(elements))
             << " elements; a DirectML tensor holds at most " << maxElements;
  }
  return success();
}

/// Compares `actual` against `expected` dimension by dimension; `explain`
/// states the rule for a dimension, e.g. "equal K = 2" or "be 1 because
/// axis 1 is reduced".
static LogicalResult verifyShape(
    Operation *op, StringRef name, ArrayRef<int64_t> actual,
    ArrayRef<int64_t> expected,
    llvm::function_ref<void(InFlightDiagnostic &, int64_t, int64_t)> explain) {
  for (auto [dim, sizes] : llvm::enumerate(llvm::zip_equal(actual, expected))) {
    auto [actualSize, expectedSize] = sizes;
    if (actualSize == expectedSize)
      continue;
    InFlightDiagnostic diag = op->emitOpError();
    diag << name << " dimension " << dim << " must ";
    explain(diag, dim, expectedSize);
    diag << ", got " << actualSize;
    return diag;
  }
  return success();
}

/// Output shape of arg_max, arg_min and reduce.
static LogicalResult verifyReducedOutput(Operation *op, Value input,
                                         Value output,
                                         ArrayRef<int32_t> axes) {
  ArrayRef<int64_t> inputShape = getTensorType(input).getShape();
  if (failed(verifyAxes(axes, inputShape.size(),
                        [&] { return op->emitOpError(); })))
    return failure();
  SmallVector<int64_t> expected = inferReducedShape(inputShape, axes);
  return verifyShape(op, "output", getTensorType(output).getShape(), expected,
                     [&](InFlightDiagnostic &diag, int64_t dim, int64_t size) {
                       if (llvm::is_contained(axes, dim))
                         diag << "be 1 because axis " << dim << " is reduced";
                       else
                         diag << "equal input dimension " << dim << " = "
                              << size;
                     });
}

/// The largest flat index of a window must be representable in the output.
static LogicalResult verifyIndexFits(Operation *op, Value input, Value output,
                                     ArrayRef<int32_t> axes) {
  auto indexType =
      dyn_cast<IntegerType>(getTensorType(output).getElementType());
  if (!indexType)
    return success(); // The tensor-support check reports non-integers.
  int64_t window = getWindowSize(getTensorType(input).getShape(), axes);
  unsigned valueBits = indexType.getWidth() - (indexType.isUnsigned() ? 0 : 1);
  if (valueBits >= 63 || uint64_t(window - 1) < (uint64_t(1) << valueBits))
    return success();
  return op->emitOpError()
         << "output element type " << indexType
         << " cannot hold the largest index of a " << window
         << "-element reduction window (" << window - 1
         << "; DML-MLIR proposal: reject statically), largest representable "
         << ((uint64_t(1) << valueBits) - 1);
}

/// Enum attributes built in C++ can hold any integer (the parsers accept only
/// the named cases, so only builders reach this); such a value would print as
/// an empty keyword and lower as an arbitrary case.
template <typename EnumT>
static LogicalResult verifyEnumValue(Operation *op, StringRef name,
                                     EnumT value) {
  if (!stringifyEnum(value).empty())
    return success();
  InFlightDiagnostic diag = op->emitOpError() << name << " must be one of ";
  // The cases are numbered from 0 without gaps, as in DirectML.h.
  for (uint32_t i = 0; !stringifyEnum(static_cast<EnumT>(i)).empty(); ++i)
    diag << (i ? ", " : "") << stringifyEnum(static_cast<EnumT>(i));
  return diag << ", got the value " << static_cast<uint32_t>(value);
}

/// Enum attributes print as a bare keyword in the custom assembly format
/// (`direction = decreasing`); the generic form keeps `#dml<...>`.
template <typename AttrT>
static ParseResult parseEnumKeyword(OpAsmParser &parser, AttrT &attr) {
  using EnumT = decltype(std::declval<AttrT>().getValue());
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  std::optional<EnumT> value = symbolizeEnum<EnumT>(keyword);
  if (!value) {
    InFlightDiagnostic diag = parser.emitError(loc)
                              << "expected one of ";
    // The cases are numbered from 0 without gaps, as in DirectML.h.
    for (uint32_t i = 0; !stringifyEnum(static_cast<EnumT>(i)).empty(); ++i)
      diag << (i ? ", " : "") << stringifyEnum(static_cast<EnumT>(i));
    return diag << ", got '" << keyword << "'";
  }
  attr = AttrT::get(parser.getContext(), *value);
  return success();
}

template <typename AttrT>
static void printEnumKeyword(OpAsmPrinter &printer, Operation *, AttrT attr) {
  printer << stringifyEnum(attr.getValue());
}

static Type getDefaultIndexType(OpBuilder &builder) {
  return builder.getIntegerType(32, /*isSigned=*/false);
}

//===----------------------------------------------------------------------===//
// TopKOp
//===----------------------------------------------------------------------===//

void TopKOp::build(OpBuilder &builder, OperationState &state, Value input,
                   int32_t axis, int32_t k, AxisDirection direction,
                   Type indexElementType) {
  if (!indexElementType)
    indexElementType = getDefaultIndexType(builder);
  Type valuesType = input.getType(), indicesType = input.getType();
  if (auto inputType = dyn_cast<RankedTensorType>(input.getType())) {
    SmallVector<int64_t> shape = inferTopKShape(inputType.getShape(), axis, k);
    valuesType = RankedTensorType::get(shape, inputType.getElementType());
    indicesType = RankedTensorType::get(shape, indexElementType);
  }
  build(builder, state, valuesType, indicesType, input,
        builder.getI32IntegerAttr(axis), builder.getI32IntegerAttr(k),
        AxisDirectionAttr::get(builder.getContext(), direction));
}

LogicalResult TopKOp::verify() {
  SmallVector<Value> tensors = {getInput(), getValues(), getIndices()};
  SmallVector<StringRef> names = {"input", "values", "indices"};
  if (failed(verifyEnumValue(*this, "direction", getDirection())) ||
      failed(verifySameDimensionCount(*this, tensors, names)) ||
      failed(verifySameElementType(*this, getInput(), "input", getValues(),
                                   "values")) ||
      failed(verifyTensorSupport(*this, getTopKSupport(), tensors, names)) ||
      failed(verifySizes(*this, tensors, names)))
    return failure();

  ArrayRef<int64_t> inputShape = getInput().getType().getShape();
  // The generated getters zero-extend; read the attributes as signed so that
  // a negative axis or K is reported as written.
  int64_t axis = getAxisAttr().getInt();
  if (failed(verifyAxis(axis, inputShape.size(), "axis",
                        [&] { return emitOpError(); })))
    return failure();
  int64_t k = getKAttr().getInt(), size = inputShape[axis];
  if (k < 1 || k > size)
    return emitOpError() << "k must be in [1, " << size
                         << "] (input dimension " << axis
                         << "; DirectML documents 0 < K < " << size
                         << ", DML-MLIR also accepts K = " << size
                         << "), got " << k;

  SmallVector<int64_t> expected = inferTopKShape(inputShape, axis, k);
  auto explain = [&](InFlightDiagnostic &diag, int64_t dim, int64_t size) {
    if (dim == axis)
      diag << "equal K = " << size;
    else
      diag << "equal input dimension " << dim << " = " << size;
  };
  if (failed(verifyShape(*this, "values", getValues().getType().getShape(),
                         expected, explain)) ||
      failed(verifyShape(*this, "indices", getIndices().getType().getShape(),
                         expected, explain)))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// ArgMaxOp / ArgMinOp
//===----------------------------------------------------------------------===//

template <typename OpTy>
static void buildArgReduce(OpBuilder &builder, OperationState &state,
                           Value input, ArrayRef<int32_t> axes,
                           AxisDirection direction, Type indexElementType) {
  if (!indexElementType)
    indexElementType = getDefaultIndexType(builder);
  Type outputType = input.getType();
  if (auto inputType = dyn_cast<RankedTensorType>(input.getType()))
    outputType = RankedTensorType::get(
        inferReducedShape(inputType.getShape(), axes), indexElementType);
  OpTy::build(builder, state, outputType, input,
              builder.getDenseI32ArrayAttr(axes),
              AxisDirectionAttr::get(builder.getContext(), direction));
}

template <typename OpTy>
static LogicalResult verifyArgReduce(OpTy op) {
  SmallVector<Value> tensors = {op.getInput(), op.getOutput()};
  SmallVector<StringRef> names = {"input", "output"};
  if (failed(verifyEnumValue(op, "direction", op.getDirection())) ||
      failed(verifySameDimensionCount(op, tensors, names)) ||
      failed(verifyTensorSupport(op, getArgMaxMinSupport(), tensors, names)) ||
      failed(verifySizes(op, tensors, names)) ||
      failed(verifyReducedOutput(op, op.getInput(), op.getOutput(),
                                 op.getAxes())) ||
      failed(verifyIndexFits(op, op.getInput(), op.getOutput(), op.getAxes())))
    return failure();
  return success();
}

void ArgMaxOp::build(OpBuilder &builder, OperationState &state, Value input,
                     ArrayRef<int32_t> axes, AxisDirection direction,
                     Type indexElementType) {
  buildArgReduce<ArgMaxOp>(builder, state, input, axes, direction,
                           indexElementType);
}

LogicalResult ArgMaxOp::verify() { return verifyArgReduce(*this); }

void ArgMinOp::build(OpBuilder &builder, OperationState &state, Value input,
                     ArrayRef<int32_t> axes, AxisDirection direction,
                     Type indexElementType) {
  buildArgReduce<ArgMinOp>(builder, state, input, axes, direction,
                           indexElementType);
}

LogicalResult ArgMinOp::verify() { return verifyArgReduce(*this); }

//===----------------------------------------------------------------------===//
// ReduceOp
//===----------------------------------------------------------------------===//

void ReduceOp::build(OpBuilder &builder, OperationState &state, Value input,
                     ReduceFunction function, ArrayRef<int32_t> axes,
                     Type indexElementType) {
  Type outputType = input.getType();
  if (auto inputType = dyn_cast<RankedTensorType>(input.getType())) {
    bool isIndex =
        function == ReduceFunction::ArgMax || function == ReduceFunction::ArgMin;
    Type elementType = inputType.getElementType();
    if (isIndex)
      elementType =
          indexElementType ? indexElementType : getDefaultIndexType(builder);
    outputType = RankedTensorType::get(
        inferReducedShape(inputType.getShape(), axes), elementType);
  }
  build(builder, state, outputType, input,
        ReduceFunctionAttr::get(builder.getContext(), function),
        builder.getDenseI32ArrayAttr(axes));
}

LogicalResult ReduceOp::verify() {
  SmallVector<Value> tensors = {getInput(), getOutput()};
  SmallVector<StringRef> names = {"input", "output"};
  if (failed(verifyEnumValue(*this, "function", getFunction())) ||
      failed(verifySameDimensionCount(*this, tensors, names)))
    return failure();
  if (!isIndexReduction() &&
      failed(verifySameElementType(*this, getInput(), "input", getOutput(),
                                   "output")))
    return failure();
  if (failed(verifyTensorSupport(*this, getReduceSupport(getFunction()),
                                 tensors, names)) ||
      failed(verifySizes(*this, tensors, names)) ||
      failed(verifyReducedOutput(*this, getInput(), getOutput(), getAxes())))
    return failure();
  if (isIndexReduction() &&
      failed(verifyIndexFits(*this, getInput(), getOutput(), getAxes())))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// GatherOp
//===----------------------------------------------------------------------===//

void GatherOp::build(OpBuilder &builder, OperationState &state, Value input,
                     Value indices, int32_t axis, int32_t indexDimensions) {
  Type outputType = input.getType();
  auto inputType = dyn_cast<RankedTensorType>(input.getType());
  auto indicesType = dyn_cast<RankedTensorType>(indices.getType());
  if (inputType && indicesType) {
    FailureOr<SmallVector<int64_t>> shape =
        inferGatherShape(inputType.getShape(), indicesType.getShape(), axis,
                         indexDimensions, /*emitError=*/nullptr);
    if (succeeded(shape))
      outputType = RankedTensorType::get(*shape, inputType.getElementType());
  }
  build(builder, state, outputType, input, indices,
        builder.getI32IntegerAttr(axis),
        builder.getI32IntegerAttr(indexDimensions));
}

LogicalResult GatherOp::verify() {
  SmallVector<Value> tensors = {getInput(), getIndices(), getOutput()};
  SmallVector<StringRef> names = {"input", "indices", "output"};
  if (failed(verifySameDimensionCount(*this, tensors, names)) ||
      failed(verifySameElementType(*this, getInput(), "input", getOutput(),
                                   "output")) ||
      failed(verifyTensorSupport(*this, getGatherSupport(), tensors, names)) ||
      failed(verifySizes(*this, tensors, names)))
    return failure();

  FailureOr<SmallVector<int64_t>> expected = inferGatherShape(
      getInput().getType().getShape(), getIndices().getType().getShape(),
      getAxisAttr().getInt(), getIndexDimensionsAttr().getInt(),
      [&] { return emitOpError(); });
  if (failed(expected))
    return failure();
  ArrayRef<int64_t> actual = getOutput().getType().getShape();
  if (actual != ArrayRef<int64_t>(*expected))
    return emitOpError() << "output shape must be " << formatShape(*expected)
                         << " by Gather's right-aligned shape rule (axis = "
                         << getAxis()
                         << ", index_dimensions = " << getIndexDimensions()
                         << "), got " << formatShape(actual);
  return success();
}

//===----------------------------------------------------------------------===//
// OneHotOp
//===----------------------------------------------------------------------===//

LogicalResult OneHotOp::verify() {
  SmallVector<Value> tensors = {getIndices(), getValues(), getOutput()};
  SmallVector<StringRef> names = {"indices", "values", "output"};
  if (failed(verifySameDimensionCount(*this, tensors, names)) ||
      failed(verifySameElementType(*this, getValues(), "values", getOutput(),
                                   "output")) ||
      failed(verifyTensorSupport(*this, getOneHotSupport(), tensors, names)) ||
      failed(verifySizes(*this, tensors, names)))
    return failure();

  ArrayRef<int64_t> indicesShape = getIndices().getType().getShape();
  ArrayRef<int64_t> outputShape = getOutput().getType().getShape();
  int64_t axis = getAxisAttr().getInt();
  if (failed(verifyAxis(axis, indicesShape.size(), "axis",
                        [&] { return emitOpError(); })))
    return failure();
  SmallVector<int64_t> expected(outputShape);
  expected[axis] = 1;
  if (failed(verifyShape(*this, "indices", indicesShape, expected,
                         [&](InFlightDiagnostic &diag, int64_t dim,
                             int64_t size) {
                           if (dim == axis)
                             diag << "be 1 because it is the axis";
                           else
                             diag << "equal output dimension " << dim << " = "
                                  << size;
                         })))
    return failure();
  int64_t valueCount = getValues().getType().getNumElements();
  if (valueCount < 2)
    return emitOpError() << "values must hold at least 2 elements (the off "
                            "and on values), got "
                         << valueCount;
  return success();
}

#define GET_OP_CLASSES
#include "dml/Dialect/DML/IR/DMLOps.cpp.inc"
