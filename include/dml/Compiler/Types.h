//===- Types.h - DML-MLIR embedding API: basic types ------------*- C++ -*-===//
//
// Data types, enums, tensor descriptions and error values of the embedding
// API (dml/Compiler/*.h). These headers include no MLIR or LLVM header; link
// the `DMLMLIR::DMLCompiler` target (find_package(DMLMLIR)).
//
//===----------------------------------------------------------------------===//

#ifndef DML_COMPILER_TYPES_H
#define DML_COMPILER_TYPES_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace dml {

/// DML_TENSOR_DATA_TYPE, with the values of DirectML.h (the same values as
/// mlir::dml::DataType inside the compiler).
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

/// DML_AXIS_DIRECTION.
enum class AxisDirection : uint32_t { Increasing = 0, Decreasing = 1 };

/// DML_REDUCE_FUNCTION.
enum class ReduceFunction : uint32_t {
  ArgMax = 0,
  ArgMin = 1,
  Average = 2,
  L1 = 3,
  L2 = 4,
  LogSum = 5,
  LogSumExp = 6,
  Max = 7,
  Min = 8,
  Multiply = 9,
  Sum = 10,
  SumSquare = 11,
};

/// Size of one element in bytes (0 for an unknown value).
size_t byteWidth(DataType dataType);
/// "FLOAT32", "UINT8", ...; "UNKNOWN" for an unknown value.
const char *toString(DataType dataType);

/// A DML_BUFFER_TENSOR_DESC as the compiler needs it: data type, sizes and
/// optional strides in elements (none: packed row-major; a zero stride
/// broadcasts). Strides are compile-time facts, as in DirectML.
struct TensorDesc {
  DataType dataType = DataType::Float32;
  std::vector<int64_t> sizes;
  std::optional<std::vector<int64_t>> strides;

  TensorDesc() = default;
  TensorDesc(DataType dataType, std::vector<int64_t> sizes,
             std::optional<std::vector<int64_t>> strides = std::nullopt)
      : dataType(dataType), sizes(std::move(sizes)),
        strides(std::move(strides)) {}

  /// Product of the sizes.
  int64_t elementCount() const;
  /// Row-major strides of the sizes.
  std::vector<int64_t> packedStrides() const;
  /// `strides` if given, else packedStrides().
  std::vector<int64_t> effectiveStrides() const;
  /// True without strides or when they equal the packed ones.
  bool isPacked() const;
  /// Bytes the buffer must hold, as DMLCalcBufferTensorSize:
  /// roundup((sum((sizes[d] - 1) * strides[d]) + 1) * elementSize, 4).
  uint64_t minimumBufferBytes() const;
  /// "FLOAT32 [3, 4] strides [0, 1]".
  std::string str() const;

  bool operator==(const TensorDesc &other) const {
    return dataType == other.dataType && sizes == other.sizes &&
           effectiveStrides() == other.effectiveStrides();
  }
  bool operator!=(const TensorDesc &other) const { return !(*this == other); }
};

/// Success, or an error with a message (for builder calls, the verifier's
/// diagnostic text).
class Status {
public:
  Status() = default;
  static Status success() { return Status(); }
  static Status error(std::string message) {
    Status status;
    status.failed = true;
    status.text = std::move(message);
    return status;
  }
  bool ok() const { return !failed; }
  /// Empty on success.
  const std::string &message() const { return text; }

private:
  bool failed = false;
  std::string text;
};

/// A value or the error that prevented it.
template <typename T> class Expected {
public:
  Expected(T value) : value_(std::move(value)) {}
  Expected(Status status) : status_(std::move(status)) {
    if (status_.ok())
      status_ = Status::error("Expected constructed from a success status");
  }
  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }
  const Status &status() const { return status_; }
  /// The error message; empty on success.
  const std::string &message() const { return status_.message(); }
  T &value() & { return *value_; }
  const T &value() const & { return *value_; }
  T &&value() && { return std::move(*value_); }
  T &operator*() & { return *value_; }
  const T &operator*() const & { return *value_; }
  T *operator->() { return &*value_; }
  const T *operator->() const { return &*value_; }

private:
  std::optional<T> value_;
  Status status_;
};

} // namespace dml

#endif // DML_COMPILER_TYPES_H
