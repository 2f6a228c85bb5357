//===- TensorTextTest.cpp - Tests of the tensor text format ---------------===//

#include "dml/Runtime/TensorText.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

using namespace mlir::dml;

namespace {

#define EXPECT_CONTAINS(haystack, needle)                                      \
  EXPECT_NE(std::string(haystack).find(needle), std::string::npos)            \
      << "'" << (haystack) << "' does not contain '" << (needle) << "'"

std::string print(const HostTensor &tensor) {
  std::string text;
  llvm::raw_string_ostream os(text);
  printTensor(os, tensor);
  return text;
}

std::string roundTrip(llvm::StringRef text) {
  llvm::Expected<HostTensor> tensor = parseTensorText(text);
  if (!tensor)
    return "error: " + llvm::toString(tensor.takeError());
  return print(*tensor);
}

std::string parseError(llvm::StringRef text) {
  llvm::Expected<HostTensor> tensor = parseTensorText(text);
  if (tensor)
    return "<no error>";
  return llvm::toString(tensor.takeError());
}

TEST(TensorText, ParseAndPrint) {
  EXPECT_EQ(roundTrip("2x3xf32=1 2 3 4 5 6"),
            "tensor<2x3xf32>\n[[1, 2, 3], [4, 5, 6]]\n");
  EXPECT_EQ(roundTrip("2x3xi32=1,2,3,4,5,6"),
            "tensor<2x3xi32>\n[[1, 2, 3], [4, 5, 6]]\n");
  EXPECT_EQ(roundTrip("tensor<3xui8>= 1 ,  2,\t3 "),
            "tensor<3xui8>\n[1, 2, 3]\n");
  // Printed values can be fed back.
  EXPECT_EQ(roundTrip("2x1x2xi16=[[[1, -2]], [[3, 4]]]"),
            "tensor<2x1x2xi16>\n[[[1, -2]], [[3, 4]]]\n");
  EXPECT_EQ(roundTrip("f64=2.5"), "tensor<f64>\n2.5\n");
  EXPECT_EQ(roundTrip("2x0xf32="), "tensor<2x0xf32>\n[[], []]\n");
  EXPECT_EQ(roundTrip("1x1x1x1x1x1x1x2xi64=-9223372036854775808 "
                      "9223372036854775807"),
            "tensor<1x1x1x1x1x1x1x2xi64>\n[[[[[[[[-9223372036854775808, "
            "9223372036854775807]]]]]]]]\n");
}

TEST(TensorText, IntegerRanges) {
  EXPECT_EQ(roundTrip("2xi8=-128 127"), "tensor<2xi8>\n[-128, 127]\n");
  EXPECT_EQ(roundTrip("2xui8=0 255"), "tensor<2xui8>\n[0, 255]\n");
  EXPECT_EQ(roundTrip("2xi16=-32768 +32767"),
            "tensor<2xi16>\n[-32768, 32767]\n");
  EXPECT_EQ(roundTrip("1xui16=65535"), "tensor<1xui16>\n[65535]\n");
  EXPECT_EQ(roundTrip("2xi32=-2147483648 2147483647"),
            "tensor<2xi32>\n[-2147483648, 2147483647]\n");
  EXPECT_EQ(roundTrip("1xui32=4294967295"), "tensor<1xui32>\n[4294967295]\n");
  EXPECT_EQ(roundTrip("1xui64=18446744073709551615"),
            "tensor<1xui64>\n[18446744073709551615]\n");

  EXPECT_CONTAINS(parseError("2xi8=1 128"),
                  "value 1: value '128' is out of range for i8 [-128, 127]");
  EXPECT_CONTAINS(parseError("1xi8=-129"), "out of range for i8");
  EXPECT_CONTAINS(parseError("1xui8=256"), "out of range for ui8 [0, 255]");
  EXPECT_CONTAINS(parseError("1xui8=-1"), "out of range for ui8");
  EXPECT_CONTAINS(parseError("1xi16=32768"), "out of range for i16");
  EXPECT_CONTAINS(parseError("1xui16=65536"), "out of range for ui16");
  EXPECT_CONTAINS(parseError("1xi32=2147483648"), "out of range for i32");
  EXPECT_CONTAINS(parseError("1xui32=4294967296"), "out of range for ui32");
  EXPECT_CONTAINS(parseError("1xi64=9223372036854775808"),
                  "out of range for i64");
  EXPECT_CONTAINS(parseError("1xui64=18446744073709551616"),
                  "out of range for ui64");
  EXPECT_CONTAINS(parseError("1xi32=1.5"),
                  "invalid i32 value '1.5' (expected a decimal integer)");
  EXPECT_CONTAINS(parseError("1xi32=0x10"), "invalid i32 value '0x10'");
  EXPECT_CONTAINS(parseError("1xi32=nan"), "invalid i32 value 'nan'");
}

TEST(TensorText, Floats) {
  EXPECT_EQ(roundTrip("4xf32=nan inf -inf -0"),
            "tensor<4xf32>\n[nan, inf, -inf, -0]\n");
  // f16 prints as the f32 it converts to: the exact value.
  EXPECT_EQ(roundTrip("3xf16=nan -inf 65504"),
            "tensor<3xf16>\n[nan, -inf, 65504]\n");
  EXPECT_EQ(roundTrip("3xf32=0.1 1e-3 3.5e10"),
            "tensor<3xf32>\n[0.1, 0.001, 35000000000]\n");
  EXPECT_EQ(roundTrip("2xf32=0.333333333333 1e30"),
            "tensor<2xf32>\n[0.33333334, 1e+30]\n");
  EXPECT_EQ(roundTrip("4xf32=1.5e-5 -2.25e-4 123456.78 16777217"),
            "tensor<4xf32>\n[1.5e-05, -0.000225, 123456.78, 16777216]\n");
  EXPECT_EQ(roundTrip("2xf64=0.1 0.3333333333333333"),
            "tensor<2xf64>\n[0.1, 0.3333333333333333]\n");
  EXPECT_EQ(roundTrip("3xf64=1e16 9999999999999998 -1e-300"),
            "tensor<3xf64>\n[1e+16, 9999999999999998, -1e-300]\n");
  // f16 rounds to nearest even: 0.1 -> 0.0999755859375 (printed through
  // f32), 2049 -> 2048, 6e-8 -> 2^-24, the smallest subnormal.
  EXPECT_EQ(roundTrip("4xf16=0.1 2049 6e-8 -0.5"),
            "tensor<4xf16>\n[0.099975586, 2048, 5.9604645e-08, -0.5]\n");
  EXPECT_CONTAINS(parseError("1xf16=65520"), "out of range for f16");
  EXPECT_CONTAINS(parseError("1xf32=1e39"), "out of range for f32");
  EXPECT_CONTAINS(parseError("1xf64=1e309"), "out of range for f64");
  EXPECT_CONTAINS(parseError("1xf32=one"), "invalid f32 value 'one'");
  EXPECT_CONTAINS(parseError("1xf32=1.0f"), "invalid f32 value '1.0f'");
}

TEST(TensorText, FloatsRoundTripExactly) {
  std::mt19937_64 random(42);
  llvm::Expected<HostTensor> f32 = HostTensor::create(DataType::Float32, {500});
  llvm::Expected<HostTensor> f64 = HostTensor::create(DataType::Float64, {500});
  llvm::Expected<HostTensor> f16 = HostTensor::create(DataType::Float16, {500});
  ASSERT_TRUE(f32 && f64 && f16);
  for (int i = 0; i < 500; ++i) {
    uint32_t bits32 = static_cast<uint32_t>(random());
    uint64_t bits64 = random();
    uint16_t bits16 = static_cast<uint16_t>(random());
    // Skip NaNs: their payloads are not printed.
    float value32;
    std::memcpy(&value32, &bits32, 4);
    double value64;
    std::memcpy(&value64, &bits64, 8);
    if (std::isnan(value32))
      bits32 = 0x3f800000;
    if (std::isnan(value64))
      bits64 = 0;
    if ((bits16 & 0x7c00) == 0x7c00 && (bits16 & 0x3ff))
      bits16 = 0x3c00;
    f32->dataAs<uint32_t>()[i] = bits32;
    f64->dataAs<uint64_t>()[i] = bits64;
    f16->dataAs<uint16_t>()[i] = bits16;
  }
  for (HostTensor *tensor : {&*f32, &*f64, &*f16}) {
    std::string text = print(*tensor);
    llvm::StringRef body = llvm::StringRef(text).split('\n').second;
    llvm::Expected<HostTensor> back =
        parseTensorText(tensor->getTypeString() + "=" + body.str());
    ASSERT_TRUE(bool(back)) << llvm::toString(back.takeError());
    EXPECT_EQ(0, std::memcmp(back->data(), tensor->data(),
                             tensor->getByteSize()))
        << text;
  }
}

TEST(TensorText, CountAndTypeErrors) {
  EXPECT_CONTAINS(parseError("2x3xf32=1 2 3 4 5"),
                  "tensor<2x3xf32> needs 6 values, got 5");
  EXPECT_CONTAINS(parseError("2xf32=1 2 3"), "needs 2 values, got 3");
  EXPECT_CONTAINS(parseError("f32="), "tensor<f32> needs 1 value, got 0");
  EXPECT_CONTAINS(parseError("2x3xbf16=1 2 3 4 5 6"),
                  "unsupported element type 'bf16'");
  EXPECT_CONTAINS(parseError("2x?xf32=1"), "dynamic dimensions");
  EXPECT_CONTAINS(parseError("2x-3xf32=1"), "bad dimension '-3'");
  EXPECT_CONTAINS(parseError("2xx3xf32=1"), "bad dimension ''");
  EXPECT_CONTAINS(parseError("1 2 3"), "expected 'TYPE=VALUES'");
  EXPECT_CONTAINS(parseError("=1 2"), "missing tensor type");
  EXPECT_CONTAINS(parseError("tensor<2xf32=1 2"), "missing '>'");
  EXPECT_CONTAINS(parseError("2xsi32=1 2"), "unsupported element type 'si32'");
  // A huge shape is rejected by the count, before any allocation.
  EXPECT_CONTAINS(parseError("1000000000x1000000000xf32=1"),
                  "needs 1000000000000000000 values, got 1");
  EXPECT_CONTAINS(parseError("4294967296x4294967296x4294967296xf32=1"),
                  "overflows");
}

TEST(TensorText, TypeParsing) {
  llvm::Expected<TensorTypeText> type = parseTensorTypeText("4x1x8xui16");
  ASSERT_TRUE(bool(type));
  EXPECT_EQ(type->dataType, DataType::UInt16);
  EXPECT_EQ(type->shape, llvm::SmallVector<int64_t>({4, 1, 8}));
  type = parseTensorTypeText("tensor<f16>");
  ASSERT_TRUE(bool(type));
  EXPECT_EQ(type->dataType, DataType::Float16);
  EXPECT_TRUE(type->shape.empty());
  for (llvm::StringRef name : {"f16", "f32", "f64", "i8", "i16", "i32", "i64",
                               "ui8", "ui16", "ui32", "ui64"}) {
    llvm::Expected<DataType> dataType = parseDataTypeText(name);
    ASSERT_TRUE(bool(dataType));
    EXPECT_EQ(getMlirTypeName(*dataType), name);
  }
}

TEST(TensorText, ParseElement) {
  uint16_t half = 0;
  ASSERT_FALSE(bool(parseElementText("1", DataType::Float16, &half)));
  EXPECT_EQ(half, 0x3c00);
  ASSERT_FALSE(bool(parseElementText("-2", DataType::Float16, &half)));
  EXPECT_EQ(half, 0xc000);
  uint8_t byte = 0;
  ASSERT_FALSE(bool(parseElementText("-1", DataType::Int8, &byte)));
  EXPECT_EQ(byte, 0xff);
}

} // namespace
