//===- HostTensor.h - Owned host tensors ------------------------*- C++ -*-===//
//
// A dense, row-major (C order) tensor in host memory: a DirectML data type, a
// static shape and 64-byte aligned bytes it owns. Used by the .npy reader and
// writer, the text format and the JIT runner.
//
//===----------------------------------------------------------------------===//

#ifndef DML_RUNTIME_HOSTTENSOR_H
#define DML_RUNTIME_HOSTTENSOR_H

#include "dml/Dialect/DML/IR/DataType.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace mlir::dml {

/// Number of elements of `shape`, or an error if a dimension is negative or
/// the product does not fit in int64_t.
llvm::Expected<int64_t> computeNumElements(llvm::ArrayRef<int64_t> shape);

/// Size in bytes of a dense tensor, or an error if a dimension is negative or
/// the size overflows (the error names the shape and data type).
llvm::Expected<uint64_t> computeByteSize(DataType dataType,
                                         llvm::ArrayRef<int64_t> shape);

/// MLIR spelling of an element type: "f32", "i8", "ui16", ...
llvm::StringRef getMlirTypeName(DataType dataType);

/// MLIR spelling of a tensor type without the `tensor<>` wrapper: "2x3xf32",
/// or "f32" for rank 0.
std::string formatTensorType(DataType dataType, llvm::ArrayRef<int64_t> shape);

class HostTensor {
public:
  /// Alignment of the data in bytes.
  static constexpr size_t kAlignment = 64;

  /// Allocates a tensor. The bytes are zero-filled when `zeroFill` is set and
  /// left uninitialized otherwise. Fails with a clear message (no allocation
  /// attempt) when the size overflows or exceeds the physical memory of the
  /// host, and when the allocation itself fails.
  static llvm::Expected<HostTensor> create(DataType dataType,
                                           llvm::ArrayRef<int64_t> shape,
                                           bool zeroFill = true);

  /// An empty rank-0 float32 placeholder without storage; only assignable.
  HostTensor() = default;
  HostTensor(HostTensor &&) = default;
  HostTensor &operator=(HostTensor &&) = default;
  HostTensor(const HostTensor &) = delete;
  HostTensor &operator=(const HostTensor &) = delete;

  DataType getDataType() const { return dataType; }
  llvm::ArrayRef<int64_t> getShape() const { return shape; }
  int64_t getRank() const { return static_cast<int64_t>(shape.size()); }
  int64_t getNumElements() const { return numElements; }
  size_t getByteSize() const { return byteSize; }
  /// "2x3xf32".
  std::string getTypeString() const {
    return formatTensorType(dataType, shape);
  }

  void *data() { return storage.get(); }
  const void *data() const { return storage.get(); }
  template <typename T>
  T *dataAs() {
    return static_cast<T *>(data());
  }
  template <typename T>
  const T *dataAs() const {
    return static_cast<const T *>(data());
  }
  llvm::MutableArrayRef<uint8_t> bytes() {
    return {static_cast<uint8_t *>(data()), byteSize};
  }
  llvm::ArrayRef<uint8_t> bytes() const {
    return {static_cast<const uint8_t *>(data()), byteSize};
  }

  /// A deep copy.
  llvm::Expected<HostTensor> clone() const;

private:
  struct Deleter {
    void operator()(void *pointer) const;
  };

  DataType dataType = DataType::Float32;
  llvm::SmallVector<int64_t, 4> shape;
  int64_t numElements = 0;
  size_t byteSize = 0;
  std::unique_ptr<void, Deleter> storage;
};

} // namespace mlir::dml

#endif // DML_RUNTIME_HOSTTENSOR_H
