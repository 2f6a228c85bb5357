//===- GraphElementwise.cpp - Graph builder: DML_ELEMENT_WISE_* -----------===//
//
// The elementwise operators become one `linalg.generic` on tensors each (the
// form that fusion and code generation take), with arith/math ops on
// signless scalars in the body. Unsigned tensors are bitcast to signless
// ones around it (the body picks unsigned divisions and comparisons), which
// the pipeline's unsigned-to-signless renaming turns into nothing.
//
//===----------------------------------------------------------------------===//

#include "GraphImpl.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <algorithm>

using namespace dml;
using mlir::OpBuilder;
using mlir::Type;
using mlir::ValueRange;

namespace {
/// Data types of the DirectML tables (feature level 5.0) of each operator.
const std::vector<DataType> &getAllTypes() {
  static const std::vector<DataType> types = {
      DataType::Float32, DataType::Float16, DataType::Int64,  DataType::Int32,
      DataType::Int16,   DataType::Int8,    DataType::UInt64, DataType::UInt32,
      DataType::UInt16,  DataType::UInt8};
  return types;
}
const std::vector<DataType> &getSignedTypes() {
  static const std::vector<DataType> types = {
      DataType::Float32, DataType::Float16, DataType::Int64,
      DataType::Int32,   DataType::Int16,   DataType::Int8};
  return types;
}
const std::vector<DataType> &getFloatTypes() {
  static const std::vector<DataType> types = {DataType::Float32,
                                              DataType::Float16};
  return types;
}

std::string formatTypes(const std::vector<DataType> &types) {
  std::string text;
  for (DataType type : types)
    text += (text.empty() ? "" : ", ") + std::string(toString(type));
  return text;
}

std::string formatSizes(llvm::ArrayRef<int64_t> sizes) {
  std::string text = "[";
  for (int64_t size : sizes)
    text += (text.size() > 1 ? ", " : "") + std::to_string(size);
  return text + "]";
}

/// The scalar computation of one element: signless operands, the element
/// type's signedness given apart.
using BodyFn = std::function<Value(OpBuilder &, mlir::Location, ValueRange,
                                   bool isUnsigned)>;

struct ElementwiseBuilder {
  Graph::Impl &g;
  /// "add", "exp", ...: the operator's name in messages.
  const char *name;
  const std::vector<DataType> &allowedTypes;

  /// The value of operand `role` of this operator, after checking its data
  /// type (and its data type and sizes against `first`, if given); null
  /// after recording why not.
  Value getOperand(Tensor tensor, const char *role, Value first = nullptr,
                   const char *firstRole = "") {
    std::string what = std::string(name) + " " + role;
    Value value = g.lookup(tensor, what.c_str());
    if (!value)
      return nullptr;
    auto type = mlir::cast<mlir::RankedTensorType>(value.getType());
    DataType dataType =
        fromMlir(*mlir::dml::getDataType(type.getElementType()));
    if (first) {
      auto firstType = mlir::cast<mlir::RankedTensorType>(first.getType());
      DataType firstDataType =
          fromMlir(*mlir::dml::getDataType(firstType.getElementType()));
      if (dataType != firstDataType) {
        g.fail(what + ": data type must equal " + firstRole +
               "'s (DirectML elementwise operands share one data type): "
               "expected " +
               toString(firstDataType) + ", got " + toString(dataType));
        return nullptr;
      }
      if (type.getShape() != firstType.getShape()) {
        g.fail(what + ": sizes must equal " + firstRole +
               "'s (DirectML elementwise operands have the same sizes; "
               "broadcast through input strides): expected " +
               formatSizes(firstType.getShape()) + ", got " +
               formatSizes(type.getShape()));
        return nullptr;
      }
      return value;
    }
    if (std::find(allowedTypes.begin(), allowedTypes.end(), dataType) ==
        allowedTypes.end()) {
      g.fail(what + ": data type must be one of " + formatTypes(allowedTypes) +
             ", got " + toString(dataType));
      return nullptr;
    }
    return value;
  }

  /// Checks that `scaleBias` is absent or the data type is a float type.
  bool checkScaleBias(Value input, const std::optional<ScaleBias> &scaleBias) {
    if (!scaleBias)
      return true;
    auto type = mlir::cast<mlir::RankedTensorType>(input.getType());
    if (mlir::isa<mlir::FloatType>(type.getElementType()))
      return true;
    g.fail(std::string(name) +
           " scaleBias: requires a float data type (FLOAT32, FLOAT16), got " +
           toString(fromMlir(*mlir::dml::getDataType(type.getElementType()))));
    return false;
  }

  /// One linalg.generic over `inputs` (same type) computing `body`.
  Tensor build(llvm::ArrayRef<Value> inputs, const BodyFn &body) {
    OpBuilder b = g.builder();
    mlir::Location loc = b.getUnknownLoc();
    auto type = mlir::cast<mlir::RankedTensorType>(inputs[0].getType());
    Type element = type.getElementType();
    bool isUnsigned = element.isUnsignedInteger();
    auto signlessType = type;
    if (isUnsigned)
      signlessType =
          type.clone(b.getIntegerType(element.getIntOrFloatBitWidth()));
    llvm::SmallVector<Value> operands;
    for (Value input : inputs)
      operands.push_back(isUnsigned ? mlir::tensor::BitcastOp::create(
                                          b, loc, signlessType, input)
                                    : input);
    Value init = mlir::tensor::EmptyOp::create(b, loc, signlessType.getShape(),
                                               signlessType.getElementType());
    llvm::SmallVector<mlir::AffineMap> maps(
        inputs.size() + 1, b.getMultiDimIdentityMap(type.getRank()));
    llvm::SmallVector<mlir::utils::IteratorType> iterators(
        type.getRank(), mlir::utils::IteratorType::parallel);
    auto generic = mlir::linalg::GenericOp::create(
        b, loc, mlir::TypeRange{signlessType}, operands, ValueRange{init}, maps,
        iterators,
        [&](OpBuilder &nested, mlir::Location nestedLoc, ValueRange args) {
          Value result = body(nested, nestedLoc, args.drop_back(), isUnsigned);
          mlir::linalg::YieldOp::create(nested, nestedLoc, result);
        });
    Value result = generic.getResult(0);
    if (isUnsigned)
      result = mlir::tensor::BitcastOp::create(b, loc, type, result);
    g.succeed();
    return g.makeTensor(result);
  }
};

/// scale·x + bias in x's float type, or x.
Value applyScaleBias(OpBuilder &b, mlir::Location loc, Value x,
                     const std::optional<ScaleBias> &scaleBias) {
  if (!scaleBias)
    return x;
  Type type = x.getType();
  Value scale = mlir::arith::ConstantOp::create(
      b, loc, b.getFloatAttr(type, scaleBias->scale));
  Value bias = mlir::arith::ConstantOp::create(
      b, loc, b.getFloatAttr(type, scaleBias->bias));
  Value scaled = mlir::arith::MulFOp::create(b, loc, x, scale);
  return mlir::arith::AddFOp::create(b, loc, scaled, bias);
}

bool isFloat(Value value) {
  return mlir::isa<mlir::FloatType>(value.getType());
}

/// a / b truncated toward zero, with x / 0 = 0 and MIN / -1 = MIN (wrapped)
/// instead of the trap of the machine division.
Value buildIntegerDivide(OpBuilder &b, mlir::Location loc, Value x, Value y,
                         bool isUnsigned) {
  using mlir::arith::CmpIPredicate;
  Type type = x.getType();
  Value zero =
      mlir::arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, 0));
  Value one =
      mlir::arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, 1));
  Value isZero =
      mlir::arith::CmpIOp::create(b, loc, CmpIPredicate::eq, y, zero);
  Value divisor = mlir::arith::SelectOp::create(b, loc, isZero, one, y);
  Value quotient;
  if (isUnsigned) {
    quotient = mlir::arith::DivUIOp::create(b, loc, x, divisor);
  } else {
    Value minusOne =
        mlir::arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, -1));
    Value isMinusOne =
        mlir::arith::CmpIOp::create(b, loc, CmpIPredicate::eq, y, minusOne);
    divisor = mlir::arith::SelectOp::create(b, loc, isMinusOne, one, divisor);
    quotient = mlir::arith::DivSIOp::create(b, loc, x, divisor);
    Value negated = mlir::arith::SubIOp::create(b, loc, zero, x);
    quotient =
        mlir::arith::SelectOp::create(b, loc, isMinusOne, negated, quotient);
  }
  return mlir::arith::SelectOp::create(b, loc, isZero, zero, quotient);
}

enum class Binary { Add, Subtract, Multiply, Divide, Max, Min };

Value buildBinary(Binary kind, OpBuilder &b, mlir::Location loc, Value x,
                  Value y, bool isUnsigned) {
  namespace arith = mlir::arith;
  bool floating = isFloat(x);
  switch (kind) {
  case Binary::Add:
    return floating ? Value(arith::AddFOp::create(b, loc, x, y))
                    : Value(arith::AddIOp::create(b, loc, x, y));
  case Binary::Subtract:
    return floating ? Value(arith::SubFOp::create(b, loc, x, y))
                    : Value(arith::SubIOp::create(b, loc, x, y));
  case Binary::Multiply:
    return floating ? Value(arith::MulFOp::create(b, loc, x, y))
                    : Value(arith::MulIOp::create(b, loc, x, y));
  case Binary::Divide:
    return floating ? Value(arith::DivFOp::create(b, loc, x, y))
                    : buildIntegerDivide(b, loc, x, y, isUnsigned);
  case Binary::Max:
    if (floating)
      return arith::MaximumFOp::create(b, loc, x, y);
    return isUnsigned ? Value(arith::MaxUIOp::create(b, loc, x, y))
                      : Value(arith::MaxSIOp::create(b, loc, x, y));
  case Binary::Min:
    if (floating)
      return arith::MinimumFOp::create(b, loc, x, y);
    return isUnsigned ? Value(arith::MinUIOp::create(b, loc, x, y))
                      : Value(arith::MinSIOp::create(b, loc, x, y));
  }
  llvm_unreachable("unknown binary operator");
}

Tensor buildBinaryOp(Graph::Impl &g, Binary kind, const char *name, Tensor a,
                     Tensor b) {
  ElementwiseBuilder builder{g, name, getAllTypes()};
  Value x = builder.getOperand(a, "a");
  if (!x)
    return Tensor();
  Value y = builder.getOperand(b, "b", x, "a");
  if (!y)
    return Tensor();
  return builder.build({x, y}, [kind](OpBuilder &ob, mlir::Location loc,
                                      ValueRange args, bool isUnsigned) {
    return buildBinary(kind, ob, loc, args[0], args[1], isUnsigned);
  });
}

/// A unary operator: `fn` applied to scale·x + bias.
Tensor
buildUnaryOp(Graph::Impl &g, const char *name,
             const std::vector<DataType> &types, Tensor input,
             const std::optional<ScaleBias> &scaleBias,
             std::function<Value(OpBuilder &, mlir::Location, Value)> fn) {
  ElementwiseBuilder builder{g, name, types};
  Value x = builder.getOperand(input, "input");
  if (!x || !builder.checkScaleBias(x, scaleBias))
    return Tensor();
  return builder.build(
      {x}, [&](OpBuilder &b, mlir::Location loc, ValueRange args, bool) {
        return fn(b, loc, applyScaleBias(b, loc, args[0], scaleBias));
      });
}
} // namespace

Tensor Graph::identity(Tensor input, std::optional<ScaleBias> scaleBias) {
  return buildUnaryOp(*impl, "identity", getAllTypes(), input, scaleBias,
                      [](OpBuilder &, mlir::Location, Value x) { return x; });
}

Tensor Graph::add(Tensor a, Tensor b) {
  return buildBinaryOp(*impl, Binary::Add, "add", a, b);
}
Tensor Graph::subtract(Tensor a, Tensor b) {
  return buildBinaryOp(*impl, Binary::Subtract, "subtract", a, b);
}
Tensor Graph::multiply(Tensor a, Tensor b) {
  return buildBinaryOp(*impl, Binary::Multiply, "multiply", a, b);
}
Tensor Graph::divide(Tensor a, Tensor b) {
  return buildBinaryOp(*impl, Binary::Divide, "divide", a, b);
}
Tensor Graph::max(Tensor a, Tensor b) {
  return buildBinaryOp(*impl, Binary::Max, "max", a, b);
}
Tensor Graph::min(Tensor a, Tensor b) {
  return buildBinaryOp(*impl, Binary::Min, "min", a, b);
}

Tensor Graph::exp(Tensor input, std::optional<ScaleBias> scaleBias) {
  return buildUnaryOp(*impl, "exp", getFloatTypes(), input, scaleBias,
                      [](OpBuilder &b, mlir::Location loc, Value x) -> Value {
                        return mlir::math::ExpOp::create(b, loc, x);
                      });
}

Tensor Graph::log(Tensor input, std::optional<ScaleBias> scaleBias) {
  return buildUnaryOp(*impl, "log", getFloatTypes(), input, scaleBias,
                      [](OpBuilder &b, mlir::Location loc, Value x) -> Value {
                        return mlir::math::LogOp::create(b, loc, x);
                      });
}

Tensor Graph::abs(Tensor input, std::optional<ScaleBias> scaleBias) {
  return buildUnaryOp(*impl, "abs", getSignedTypes(), input, scaleBias,
                      [](OpBuilder &b, mlir::Location loc, Value x) -> Value {
                        if (isFloat(x))
                          return mlir::math::AbsFOp::create(b, loc, x);
                        return mlir::math::AbsIOp::create(b, loc, x);
                      });
}

Tensor Graph::clip(Tensor input, float minValue, float maxValue,
                   std::optional<ScaleBias> scaleBias) {
  Impl &g = *impl;
  if (!(minValue <= maxValue)) {
    if (g.lookup(input, "clip input"))
      g.fail("clip: min must be <= max (both numbers): expected min <= max, "
             "got min " +
             std::to_string(minValue) + " and max " + std::to_string(maxValue));
    return Tensor();
  }
  return buildUnaryOp(
      g, "clip", getFloatTypes(), input, scaleBias,
      [=](OpBuilder &b, mlir::Location loc, Value x) -> Value {
        Value low = mlir::arith::ConstantOp::create(
            b, loc, b.getFloatAttr(x.getType(), minValue));
        Value high = mlir::arith::ConstantOp::create(
            b, loc, b.getFloatAttr(x.getType(), maxValue));
        Value clipped = mlir::arith::MaximumFOp::create(b, loc, x, low);
        return mlir::arith::MinimumFOp::create(b, loc, clipped, high);
      });
}
