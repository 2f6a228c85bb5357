//===- LoweringUtils.h - Helpers shared by the dml lowerings ----*- C++ -*-===//

#ifndef DML_LIB_CONVERSION_DMLTOLINALG_LOWERINGUTILS_H
#define DML_LIB_CONVERSION_DMLTOLINALG_LOWERINGUTILS_H

#include "dml/Dialect/DML/IR/DataType.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir::dml {

/// How the bits of a (signless) element are interpreted, taken from the
/// DirectML data type of the original, possibly unsigned, element type.
enum class NumericKind { Float, Signed, Unsigned };

/// The kind of `originalElementType`; fails for non-DirectML types.
FailureOr<NumericKind> getNumericKind(Type originalElementType);

/// What the lowering patterns check first: the kind of the operand whose
/// element type decides signedness, and the converted result type.
struct KindAndResultType {
  NumericKind kind;
  RankedTensorType resultType;
};
/// Fails for element types without a kind or a tensor conversion.
FailureOr<KindAndResultType>
getKindAndResultType(const TypeConverter &converter, Value kindOperand,
                     Value result);

/// `tensor.empty` of the given shape and element type.
Value createEmptyTensor(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                        Type elementType);

/// A tensor filled with `value` (linalg.fill).
Value createFilledTensor(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                         TypedAttr value);

/// The dimensions of `rank` not in `axes`, ascending.
SmallVector<int64_t> getKeptDims(int64_t rank, ArrayRef<int32_t> axes);

/// The sizes of the kept dimensions (the shape of a collapsed reduction).
SmallVector<int64_t> getKeptShape(ArrayRef<int64_t> shape,
                                  ArrayRef<int32_t> axes);

/// Reinserts the size-1 reduced dimensions: tensor.expand_shape of a
/// collapsed reduction result to `resultType` (rank kept).
Value expandReducedDims(OpBuilder &b, Location loc, Value collapsed,
                        RankedTensorType resultType, ArrayRef<int32_t> axes);

/// Combines one window element into an accumulator.
using WindowCombineFn =
    function_ref<Value(OpBuilder &b, Location loc, Value element,
                       ValueRange keptInputs, Value accumulator)>;

/// A linalg.generic reducing `input` over `axes` into a tensor of the kept
/// dimensions, initialized with `init`. `keptInputs` are extra inputs shaped
/// like the result (e.g. a previously reduced maximum); the body receives
/// their elements.
Value buildWindowReduction(OpBuilder &b, Location loc, Value input,
                           ArrayRef<int32_t> axes, TypedAttr init,
                           ValueRange keptInputs, WindowCombineFn combine);

/// An elementwise linalg.generic over same-shaped `inputs`.
Value buildElementwise(
    OpBuilder &b, Location loc, ValueRange inputs, Type resultElementType,
    function_ref<Value(OpBuilder &, Location, ValueRange)> compute);

/// Scalar "greater than" in DML-MLIR's total order for selection: NaN equals
/// NaN and is greater than +Inf; -0.0 equals +0.0.
Value createTotalOrderGreater(OpBuilder &b, Location loc, NumericKind kind,
                              Value lhs, Value rhs);
/// Scalar "less than" in the same order.
Value createTotalOrderLess(OpBuilder &b, Location loc, NumericKind kind,
                           Value lhs, Value rhs);

/// Extends an integer index value to `type` (at least as wide) following
/// `kind`.
Value extendIndex(OpBuilder &b, Location loc, NumericKind kind, Value value,
                  IntegerType type);

/// Casts an i64 to the integer `type` (truncation or identity).
Value castI64To(OpBuilder &b, Location loc, Value value, Type type);

} // namespace mlir::dml

#endif // DML_LIB_CONVERSION_DMLTOLINALG_LOWERINGUTILS_H
