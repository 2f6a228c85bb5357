//===- HostTensorTest.cpp - Tests of HostTensor ---------------------------===//

#include "dml/Runtime/HostTensor.h"

#include "gtest/gtest.h"

#include <cstdint>

using namespace mlir::dml;

namespace {

std::string errorMessage(llvm::Error error) {
  return llvm::toString(std::move(error));
}

TEST(HostTensor, ByteSize) {
  llvm::Expected<uint64_t> size = computeByteSize(DataType::Float32, {2, 3});
  ASSERT_TRUE(bool(size));
  EXPECT_EQ(*size, 24u);
  size = computeByteSize(DataType::Float16, {});
  ASSERT_TRUE(bool(size));
  EXPECT_EQ(*size, 2u);
  size = computeByteSize(DataType::Int64, {4, 0, 7});
  ASSERT_TRUE(bool(size));
  EXPECT_EQ(*size, 0u);
}

TEST(HostTensor, ByteSizeOverflow) {
  // 2^62 elements fit in int64_t, 2^62 * 8 bytes do not.
  llvm::Expected<uint64_t> size =
      computeByteSize(DataType::Float64, {int64_t(1) << 31, int64_t(1) << 31});
  ASSERT_FALSE(bool(size));
  std::string message = errorMessage(size.takeError());
  EXPECT_NE(message.find("overflows"), std::string::npos) << message;
  EXPECT_NE(message.find("[2147483648, 2147483648]"), std::string::npos)
      << message;

  llvm::Expected<int64_t> count = computeNumElements(
      {int64_t(1) << 40, int64_t(1) << 40, int64_t(1) << 40});
  ASSERT_FALSE(bool(count));
  EXPECT_NE(errorMessage(count.takeError()).find("element count overflows"),
            std::string::npos);
  // A zero dimension makes any shape empty, whatever the other sizes.
  count = computeNumElements({INT64_MAX, 0, INT64_MAX});
  ASSERT_TRUE(bool(count));
  EXPECT_EQ(*count, 0);
}

TEST(HostTensor, NegativeDimension) {
  llvm::Expected<uint64_t> size = computeByteSize(DataType::Int8, {2, -1});
  ASSERT_FALSE(bool(size));
  EXPECT_NE(errorMessage(size.takeError()).find("dimension 1 is negative"),
            std::string::npos);
}

TEST(HostTensor, HugeAllocationIsAnError) {
  // Fits 64 bits, but no host has 4 PiB of memory: an error, not an attempt.
  llvm::Expected<HostTensor> tensor = HostTensor::create(
      DataType::Float32, {int64_t(1) << 20, int64_t(1) << 20, int64_t(1) << 10});
  ASSERT_FALSE(bool(tensor));
  std::string message = errorMessage(tensor.takeError());
  EXPECT_NE(message.find("tensor<1048576x1048576x1024xf32>"),
            std::string::npos)
      << message;
  tensor = HostTensor::create(DataType::UInt64,
                              {INT64_MAX / 4, INT64_MAX / 4, 4});
  ASSERT_FALSE(bool(tensor));
  llvm::consumeError(tensor.takeError());
}

TEST(HostTensor, CreateIsAlignedAndZeroed) {
  for (DataType type : {DataType::Float16, DataType::Float64, DataType::UInt8,
                        DataType::Int32}) {
    llvm::Expected<HostTensor> tensor = HostTensor::create(type, {3, 5, 7});
    ASSERT_TRUE(bool(tensor));
    EXPECT_EQ(reinterpret_cast<uintptr_t>(tensor->data()) %
                  HostTensor::kAlignment,
              0u);
    EXPECT_EQ(tensor->getNumElements(), 105);
    EXPECT_EQ(tensor->getByteSize(), 105u * getByteWidth(type));
    EXPECT_EQ(tensor->getRank(), 3);
    for (uint8_t byte : tensor->bytes())
      ASSERT_EQ(byte, 0);
  }
}

TEST(HostTensor, EmptyAndScalar) {
  llvm::Expected<HostTensor> empty = HostTensor::create(DataType::Int16, {0, 4});
  ASSERT_TRUE(bool(empty));
  EXPECT_NE(empty->data(), nullptr);
  EXPECT_EQ(empty->getNumElements(), 0);
  EXPECT_EQ(empty->getByteSize(), 0u);
  llvm::Expected<HostTensor> scalar = HostTensor::create(DataType::Float64, {});
  ASSERT_TRUE(bool(scalar));
  EXPECT_EQ(scalar->getNumElements(), 1);
  EXPECT_EQ(scalar->getTypeString(), "f64");
}

TEST(HostTensor, Clone) {
  llvm::Expected<HostTensor> tensor = HostTensor::create(DataType::Int32, {4});
  ASSERT_TRUE(bool(tensor));
  for (int i = 0; i < 4; ++i)
    tensor->dataAs<int32_t>()[i] = i * 10;
  llvm::Expected<HostTensor> copy = tensor->clone();
  ASSERT_TRUE(bool(copy));
  EXPECT_NE(copy->data(), tensor->data());
  EXPECT_EQ(copy->getShape(), tensor->getShape());
  EXPECT_EQ(copy->dataAs<int32_t>()[3], 30);
}

TEST(HostTensor, TypeNames) {
  EXPECT_EQ(formatTensorType(DataType::Float32, {2, 3}), "2x3xf32");
  EXPECT_EQ(formatTensorType(DataType::UInt64, {1}), "1xui64");
  EXPECT_EQ(formatTensorType(DataType::Int8, {}), "i8");
  EXPECT_EQ(getMlirTypeName(DataType::UInt16), "ui16");
  EXPECT_EQ(getMlirTypeName(DataType::Float16), "f16");
}

} // namespace
