//===- HostTensor.cpp - Owned host tensors --------------------------------===//

#include "dml/Runtime/HostTensor.h"
#include "dml/Runtime/HostMemory.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>
#include <limits>

#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#endif

using namespace mlir;
using namespace mlir::dml;

static std::string formatShapeForError(llvm::ArrayRef<int64_t> shape) {
  std::string text = "[";
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(shape, os);
  os << "]";
  return text;
}

llvm::Expected<int64_t>
mlir::dml::computeNumElements(llvm::ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (auto [index, dim] : llvm::enumerate(shape)) {
    if (dim < 0)
      return llvm::createStringError(
          "invalid shape %s: dimension %zu is negative (%lld)",
          formatShapeForError(shape).c_str(), index,
          static_cast<long long>(dim));
  }
  for (int64_t dim : shape) {
    if (dim == 0)
      return 0;
  }
  for (int64_t dim : shape) {
    int64_t product;
    if (llvm::MulOverflow(count, dim, product))
      return llvm::createStringError(
          "invalid shape %s: the element count overflows 64 bits",
          formatShapeForError(shape).c_str());
    count = product;
  }
  return count;
}

llvm::Expected<uint64_t>
mlir::dml::computeByteSize(DataType dataType, llvm::ArrayRef<int64_t> shape) {
  llvm::Expected<int64_t> count = computeNumElements(shape);
  if (!count)
    return count.takeError();
  int64_t bytes;
  if (llvm::MulOverflow(*count, static_cast<int64_t>(getByteWidth(dataType)),
                        bytes))
    return llvm::createStringError(
        "invalid shape %s for %s: the size in bytes overflows 64 bits",
        formatShapeForError(shape).c_str(),
        getNumpyName(dataType).str().c_str());
  return static_cast<uint64_t>(bytes);
}

llvm::StringRef mlir::dml::getMlirTypeName(DataType dataType) {
  switch (dataType) {
  case DataType::Float16:
    return "f16";
  case DataType::Float32:
    return "f32";
  case DataType::Float64:
    return "f64";
  case DataType::Int8:
    return "i8";
  case DataType::Int16:
    return "i16";
  case DataType::Int32:
    return "i32";
  case DataType::Int64:
    return "i64";
  case DataType::UInt8:
    return "ui8";
  case DataType::UInt16:
    return "ui16";
  case DataType::UInt32:
    return "ui32";
  case DataType::UInt64:
    return "ui64";
  }
  llvm_unreachable("unknown DirectML data type");
}

std::string mlir::dml::formatTensorType(DataType dataType,
                                        llvm::ArrayRef<int64_t> shape) {
  std::string text;
  llvm::raw_string_ostream os(text);
  for (int64_t dim : shape)
    os << dim << "x";
  os << getMlirTypeName(dataType);
  return text;
}

/// Physical memory of the host in bytes, or 0 if unknown.
static uint64_t getPhysicalMemory() {
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGE_SIZE)
  long pages = sysconf(_SC_PHYS_PAGES);
  long pageSize = sysconf(_SC_PAGE_SIZE);
  if (pages > 0 && pageSize > 0)
    return static_cast<uint64_t>(pages) * static_cast<uint64_t>(pageSize);
#endif
  return 0;
}

void HostTensor::Deleter::operator()(void *pointer) const {
  std::free(pointer);
}

llvm::Expected<HostTensor> HostTensor::create(DataType dataType,
                                              llvm::ArrayRef<int64_t> shape,
                                              bool zeroFill) {
  llvm::Expected<uint64_t> byteSize = computeByteSize(dataType, shape);
  if (!byteSize)
    return byteSize.takeError();
  uint64_t physical = getPhysicalMemory();
  if (physical != 0 && *byteSize > physical)
    return llvm::createStringError(
        "tensor<%s> needs %llu bytes, more than the %llu bytes of physical "
        "memory of this host",
        formatTensorType(dataType, shape).c_str(),
        static_cast<unsigned long long>(*byteSize),
        static_cast<unsigned long long>(physical));
  if (*byteSize > std::numeric_limits<size_t>::max() - kAlignment)
    return llvm::createStringError("tensor<%s> is too large for this host",
                                   formatTensorType(dataType, shape).c_str());

  // Never allocate 0 bytes so that empty tensors still have a valid, distinct
  // pointer.
  size_t allocSize =
      std::max<size_t>(kAlignment, llvm::alignTo(*byteSize, kAlignment));
  void *pointer = allocateHostMemory(allocSize, kAlignment);
  if (!pointer)
    return llvm::createStringError(
        std::make_error_code(std::errc::not_enough_memory),
        "cannot allocate %llu bytes for tensor<%s>",
        static_cast<unsigned long long>(allocSize),
        formatTensorType(dataType, shape).c_str());
  if (zeroFill)
    std::memset(pointer, 0, allocSize);

  HostTensor tensor;
  tensor.dataType = dataType;
  tensor.shape.assign(shape.begin(), shape.end());
  tensor.numElements = static_cast<int64_t>(*byteSize / getByteWidth(dataType));
  tensor.byteSize = static_cast<size_t>(*byteSize);
  tensor.storage.reset(pointer);
  return std::move(tensor);
}

llvm::Expected<HostTensor> HostTensor::clone() const {
  llvm::Expected<HostTensor> copy = create(dataType, shape, /*zeroFill=*/false);
  if (!copy)
    return copy.takeError();
  if (byteSize)
    std::memcpy(copy->data(), data(), byteSize);
  return copy;
}
