//===- DataType.h - DirectML tensor data types ------------------*- C++ -*-===//
//
// DML_TENSOR_DATA_TYPE and its mapping to MLIR element types.
//
//===----------------------------------------------------------------------===//

#ifndef DML_DIALECT_DML_IR_DATATYPE_H
#define DML_DIALECT_DML_IR_DATATYPE_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>
#include <string>

namespace mlir::dml {

/// DML_TENSOR_DATA_TYPE, with the values of DirectML.h.
enum class DataType : uint8_t {
  Float32 = 1,
  Float16 = 2,
  UInt32 = 3,
  UInt16 = 4,
  UInt8 = 5,
  Int32 = 6,
  Int16 = 7,
  Int8 = 8,
  Float64 = 9,
  UInt64 = 10,
  Int64 = 11,
};

/// The DirectML data type of an MLIR element type: f16/f32/f64, signless
/// i8..i64 (signed) and ui8..ui64. Any other type has none.
std::optional<DataType> getDataType(Type elementType);

/// The MLIR element type of a DirectML data type.
Type getElementType(MLIRContext *context, DataType dataType);

/// The DirectML spelling without prefix, e.g. "FLOAT32".
llvm::StringRef stringifyDataType(DataType dataType);

/// The numpy spelling, e.g. "float32".
llvm::StringRef getNumpyName(DataType dataType);

/// Size of one element in bytes.
unsigned getByteWidth(DataType dataType);

bool isFloat(DataType dataType);
bool isSignedInteger(DataType dataType);
bool isUnsignedInteger(DataType dataType);

/// A set of data types, as listed by one cell of a tensor-support table.
class DataTypeSet {
public:
  constexpr DataTypeSet() = default;
  constexpr DataTypeSet(std::initializer_list<DataType> types) {
    for (DataType type : types)
      bits |= bit(type);
  }
  constexpr bool contains(DataType type) const { return bits & bit(type); }
  /// The members in DirectML's table order, e.g. "{FLOAT32, FLOAT16}".
  std::string str() const;

private:
  static constexpr uint32_t bit(DataType type) {
    return uint32_t(1) << static_cast<unsigned>(type);
  }
  uint32_t bits = 0;
};

} // namespace mlir::dml

#endif // DML_DIALECT_DML_IR_DATATYPE_H
