//===- DataType.cpp - DirectML tensor data types --------------------------===//

#include "dml/Dialect/DML/IR/DataType.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::dml;

std::optional<DataType> mlir::dml::getDataType(Type elementType) {
  if (elementType.isF16())
    return DataType::Float16;
  if (elementType.isF32())
    return DataType::Float32;
  if (elementType.isF64())
    return DataType::Float64;
  auto integer = dyn_cast<IntegerType>(elementType);
  if (!integer || integer.isSigned())
    return std::nullopt;
  bool isUnsigned = integer.isUnsigned();
  switch (integer.getWidth()) {
  case 8:
    return isUnsigned ? DataType::UInt8 : DataType::Int8;
  case 16:
    return isUnsigned ? DataType::UInt16 : DataType::Int16;
  case 32:
    return isUnsigned ? DataType::UInt32 : DataType::Int32;
  case 64:
    return isUnsigned ? DataType::UInt64 : DataType::Int64;
  default:
    return std::nullopt;
  }
}

Type mlir::dml::getElementType(MLIRContext *context, DataType dataType) {
  auto integer = [&](unsigned width, bool isUnsigned) -> Type {
    return IntegerType::get(context, width,
                            isUnsigned ? IntegerType::Unsigned
                                       : IntegerType::Signless);
  };
  switch (dataType) {
  case DataType::Float16:
    return Float16Type::get(context);
  case DataType::Float32:
    return Float32Type::get(context);
  case DataType::Float64:
    return Float64Type::get(context);
  case DataType::Int8:
    return integer(8, false);
  case DataType::Int16:
    return integer(16, false);
  case DataType::Int32:
    return integer(32, false);
  case DataType::Int64:
    return integer(64, false);
  case DataType::UInt8:
    return integer(8, true);
  case DataType::UInt16:
    return integer(16, true);
  case DataType::UInt32:
    return integer(32, true);
  case DataType::UInt64:
    return integer(64, true);
  }
  llvm_unreachable("unknown DirectML data type");
}

llvm::StringRef mlir::dml::stringifyDataType(DataType dataType) {
  switch (dataType) {
  case DataType::Float32:
    return "FLOAT32";
  case DataType::Float16:
    return "FLOAT16";
  case DataType::UInt32:
    return "UINT32";
  case DataType::UInt16:
    return "UINT16";
  case DataType::UInt8:
    return "UINT8";
  case DataType::Int32:
    return "INT32";
  case DataType::Int16:
    return "INT16";
  case DataType::Int8:
    return "INT8";
  case DataType::Float64:
    return "FLOAT64";
  case DataType::UInt64:
    return "UINT64";
  case DataType::Int64:
    return "INT64";
  }
  llvm_unreachable("unknown DirectML data type");
}

llvm::StringRef mlir::dml::getNumpyName(DataType dataType) {
  switch (dataType) {
  case DataType::Float32:
    return "float32";
  case DataType::Float16:
    return "float16";
  case DataType::UInt32:
    return "uint32";
  case DataType::UInt16:
    return "uint16";
  case DataType::UInt8:
    return "uint8";
  case DataType::Int32:
    return "int32";
  case DataType::Int16:
    return "int16";
  case DataType::Int8:
    return "int8";
  case DataType::Float64:
    return "float64";
  case DataType::UInt64:
    return "uint64";
  case DataType::Int64:
    return "int64";
  }
  llvm_unreachable("unknown DirectML data type");
}

unsigned mlir::dml::getByteWidth(DataType dataType) {
  switch (dataType) {
  case DataType::UInt8:
  case DataType::Int8:
    return 1;
  case DataType::Float16:
  case DataType::UInt16:
  case DataType::Int16:
    return 2;
  case DataType::Float32:
  case DataType::UInt32:
  case DataType::Int32:
    return 4;
  case DataType::Float64:
  case DataType::UInt64:
  case DataType::Int64:
    return 8;
  }
  llvm_unreachable("unknown DirectML data type");
}

bool mlir::dml::isFloat(DataType dataType) {
  return dataType == DataType::Float16 || dataType == DataType::Float32 ||
         dataType == DataType::Float64;
}

bool mlir::dml::isSignedInteger(DataType dataType) {
  return dataType == DataType::Int8 || dataType == DataType::Int16 ||
         dataType == DataType::Int32 || dataType == DataType::Int64;
}

bool mlir::dml::isUnsignedInteger(DataType dataType) {
  return !isFloat(dataType) && !isSignedInteger(dataType);
}

std::string DataTypeSet::str() const {
  // DirectML's tables list types in this order.
  static constexpr DataType tableOrder[] = {
      DataType::Float64, DataType::Float32, DataType::Float16,
      DataType::Int64,   DataType::Int32,   DataType::Int16,
      DataType::Int8,    DataType::UInt64,  DataType::UInt32,
      DataType::UInt16,  DataType::UInt8};
  std::string result = "{";
  for (DataType type : tableOrder) {
    if (!contains(type))
      continue;
    if (result.size() > 1)
      result += ", ";
    result += stringifyDataType(type);
  }
  return result + "}";
}
