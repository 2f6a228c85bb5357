//===- NpyTest.cpp - Tests of the .npy reader and writer ------------------===//

#include "dml/Runtime/Npy.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <cstring>

using namespace mlir::dml;

namespace {

constexpr DataType kAllTypes[] = {
    DataType::Float16, DataType::Float32, DataType::Float64, DataType::Int8,
    DataType::Int16,   DataType::Int32,   DataType::Int64,   DataType::UInt8,
    DataType::UInt16,  DataType::UInt32,  DataType::UInt64};

std::string serialize(const HostTensor &tensor) {
  std::string text;
  llvm::raw_string_ostream os(text);
  writeNpy(os, tensor);
  return text;
}

/// A .npy image with the given version, dictionary and data bytes.
std::string makeNpy(llvm::StringRef dict, llvm::StringRef data,
                    unsigned major = 1) {
  std::string header(dict);
  header += '\n';
  std::string out = "\x93NUMPY";
  out += static_cast<char>(major);
  out += '\0';
  uint32_t length = header.size();
  out += static_cast<char>(length & 0xff);
  out += static_cast<char>((length >> 8) & 0xff);
  if (major >= 2) {
    out += static_cast<char>((length >> 16) & 0xff);
    out += static_cast<char>((length >> 24) & 0xff);
  }
  return out + header + data.str();
}

std::string parseError(llvm::StringRef contents) {
  llvm::Expected<HostTensor> tensor = parseNpy(contents, "t.npy");
  if (tensor)
    return "<no error>";
  return llvm::toString(tensor.takeError());
}

#define EXPECT_CONTAINS(haystack, needle)                                      \
  EXPECT_NE(std::string(haystack).find(needle), std::string::npos)            \
      << "'" << (haystack) << "' does not contain '" << (needle) << "'"

TEST(Npy, RoundTripEveryType) {
  for (DataType type : kAllTypes) {
    llvm::Expected<HostTensor> tensor = HostTensor::create(type, {2, 3, 5});
    ASSERT_TRUE(bool(tensor));
    for (size_t i = 0; i < tensor->getByteSize(); ++i)
      tensor->bytes()[i] = static_cast<uint8_t>(i * 37 + 11);
    std::string image = serialize(*tensor);
    // The data starts at a multiple of 64 bytes.
    EXPECT_EQ((image.size() - tensor->getByteSize()) % 64, 0u);
    llvm::Expected<HostTensor> back = parseNpy(image, "t.npy");
    ASSERT_TRUE(bool(back)) << llvm::toString(back.takeError());
    EXPECT_EQ(back->getDataType(), type);
    EXPECT_EQ(back->getShape(), tensor->getShape());
    EXPECT_EQ(0, std::memcmp(back->data(), tensor->data(),
                             tensor->getByteSize()));
  }
}

TEST(Npy, HeaderText) {
  std::string header = getNpyHeader(DataType::Float32, {2, 3});
  EXPECT_EQ(header.size(), 128u); // As numpy writes it.
  EXPECT_EQ(header.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
  EXPECT_CONTAINS(header,
                  "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }");
  EXPECT_EQ(header.back(), '\n');
  EXPECT_CONTAINS(getNpyHeader(DataType::UInt8, {7}), "'descr': '|u1'");
  EXPECT_CONTAINS(getNpyHeader(DataType::UInt8, {7}), "'shape': (7,)");
  EXPECT_CONTAINS(getNpyHeader(DataType::Int8, {}), "'shape': ()");
  EXPECT_CONTAINS(getNpyHeader(DataType::Float16, {1}), "'<f2'");
  EXPECT_CONTAINS(getNpyHeader(DataType::UInt64, {1}), "'<u8'");
}

TEST(Npy, Version2And3) {
  int32_t values[2] = {-5, 7};
  llvm::StringRef data(reinterpret_cast<const char *>(values), 8);
  for (unsigned major : {2u, 3u}) {
    llvm::Expected<HostTensor> tensor = parseNpy(
        makeNpy("{'descr': '<i4', 'fortran_order': False, 'shape': (2,), }",
                data, major),
        "t.npy");
    ASSERT_TRUE(bool(tensor)) << llvm::toString(tensor.takeError());
    EXPECT_EQ(tensor->getDataType(), DataType::Int32);
    EXPECT_EQ(tensor->dataAs<int32_t>()[0], -5);
    EXPECT_EQ(tensor->dataAs<int32_t>()[1], 7);
  }
}

TEST(Npy, LenientDictionary) {
  // Key order, quotes, spacing, no trailing comma, Python 2 longs.
  llvm::Expected<HostTensor> tensor = parseNpy(
      makeNpy("{ \"shape\" : (1L,2L),\"fortran_order\":False , "
              "'descr':'<u2'}   ",
              llvm::StringRef("\1\0\2\0", 4)),
      "t.npy");
  ASSERT_TRUE(bool(tensor)) << llvm::toString(tensor.takeError());
  EXPECT_EQ(tensor->getDataType(), DataType::UInt16);
  EXPECT_EQ(tensor->getShape(), llvm::ArrayRef<int64_t>({1, 2}));
  EXPECT_EQ(tensor->dataAs<uint16_t>()[1], 2);
}

TEST(Npy, BoolIsUInt8) {
  llvm::Expected<HostTensor> tensor = parseNpy(
      makeNpy("{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }",
              llvm::StringRef("\1\0\1", 3)),
      "t.npy");
  ASSERT_TRUE(bool(tensor)) << llvm::toString(tensor.takeError());
  EXPECT_EQ(tensor->getDataType(), DataType::UInt8);
  EXPECT_EQ(tensor->dataAs<uint8_t>()[2], 1);
}

TEST(Npy, ScalarAndEmpty) {
  llvm::Expected<HostTensor> scalar = parseNpy(
      makeNpy("{'descr': '<f8', 'fortran_order': False, 'shape': (), }",
              llvm::StringRef("\0\0\0\0\0\0\xf0\x3f", 8)),
      "t.npy");
  ASSERT_TRUE(bool(scalar)) << llvm::toString(scalar.takeError());
  EXPECT_EQ(scalar->getRank(), 0);
  EXPECT_EQ(scalar->dataAs<double>()[0], 1.0);
  llvm::Expected<HostTensor> empty = parseNpy(
      makeNpy("{'descr': '<f4', 'fortran_order': False, 'shape': (0, 3), }",
              ""),
      "t.npy");
  ASSERT_TRUE(bool(empty)) << llvm::toString(empty.takeError());
  EXPECT_EQ(empty->getNumElements(), 0);
}

TEST(Npy, Errors) {
  const char *good = "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }";
  llvm::StringRef eightBytes("abcdefgh", 8);

  EXPECT_CONTAINS(parseError(""), "t.npy: truncated header");
  EXPECT_CONTAINS(parseError("\x93NUM"), "truncated header");
  EXPECT_CONTAINS(parseError("PK\3\4 this is a zip"), "bad magic");
  EXPECT_CONTAINS(parseError(std::string("\x93NUMPY\x01\x00\x40", 9)),
                  "truncated header");
  std::string cut = makeNpy(good, eightBytes);
  EXPECT_CONTAINS(parseError(llvm::StringRef(cut).take_front(30)),
                  "truncated header: the header needs");
  EXPECT_CONTAINS(parseError(makeNpy(good, "abcd")),
                  "truncated data: shape (2,) of float32 needs 8 bytes, the "
                  "file holds 4");
  EXPECT_CONTAINS(parseError(makeNpy(good, "abcdefghij")),
                  "2 unexpected bytes after the data");
  EXPECT_CONTAINS(parseError(makeNpy(good, eightBytes, 4)),
                  "unsupported .npy format version 4.0");

  EXPECT_CONTAINS(
      parseError(makeNpy(
          "{'descr': '<f4', 'fortran_order': True, 'shape': (2,), }",
          eightBytes)),
      "Fortran-order data is not supported");
  EXPECT_CONTAINS(
      parseError(makeNpy(
          "{'descr': '>f4', 'fortran_order': False, 'shape': (2,), }",
          eightBytes)),
      "big-endian data (dtype '>f4') is not supported");
  // One-byte types have no byte order.
  EXPECT_EQ(parseError(makeNpy(
                "{'descr': '>u1', 'fortran_order': False, 'shape': (2,), }",
                "ab")),
            "<no error>");
  EXPECT_CONTAINS(
      parseError(makeNpy(
          "{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }",
          eightBytes)),
      "unsupported dtype '<c8'");
  EXPECT_CONTAINS(
      parseError(makeNpy(
          "{'descr': '<U2', 'fortran_order': False, 'shape': (1,), }",
          eightBytes)),
      "unsupported dtype '<U2'");
  EXPECT_CONTAINS(
      parseError(makeNpy("{'descr': [('a', '<f4'), ('b', '<i4')], "
                         "'fortran_order': False, 'shape': (1,), }",
                         eightBytes)),
      "structured dtypes are not supported");

  EXPECT_CONTAINS(parseError(makeNpy("{'descr': '<f4', 'shape': (2,), }",
                                     eightBytes)),
                  "malformed header dictionary: missing key 'fortran_order'");
  EXPECT_CONTAINS(
      parseError(makeNpy("{'descr': '<f4', 'fortran_order': False, "
                         "'shape': (2,), 'extra': 1}",
                         eightBytes)),
      "unexpected key 'extra'");
  EXPECT_CONTAINS(
      parseError(makeNpy(
          "{'descr': '<f4', 'fortran_order': False, 'shape': (-2,), }",
          eightBytes)),
      "'shape' must hold non-negative integers");
  EXPECT_CONTAINS(
      parseError(makeNpy(
          "{'descr': '<f4', 'fortran_order': False, 'shape': [2], }",
          eightBytes)),
      "'shape' must be a tuple");
  EXPECT_CONTAINS(
      parseError(makeNpy(
          "{'descr': '<f4', 'fortran_order': Maybe, 'shape': (2,), }",
          eightBytes)),
      "'fortran_order' must be True or False");
  EXPECT_CONTAINS(parseError(makeNpy("{'descr': '<f4", eightBytes)),
                  "malformed header dictionary");
  EXPECT_CONTAINS(parseError(makeNpy("not a dict", eightBytes)),
                  "malformed header dictionary: expected '{'");
  EXPECT_CONTAINS(
      parseError(makeNpy("{'descr': '<f4', 'fortran_order': False, "
                         "'shape': (99999999999999999999,), }",
                         eightBytes)),
      "too large");
  // A shape whose size overflows is an error, not an allocation.
  EXPECT_CONTAINS(
      parseError(makeNpy("{'descr': '<f8', 'fortran_order': False, "
                         "'shape': (4294967296, 4294967296), }",
                         eightBytes)),
      "overflows");
  // A huge shape with little data is reported as truncated.
  EXPECT_CONTAINS(
      parseError(makeNpy("{'descr': '<f4', 'fortran_order': False, "
                         "'shape': (1000000, 1000000), }",
                         eightBytes)),
      "truncated data");
}

class NpyFiles : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(
        llvm::sys::fs::createUniqueDirectory("dml-npy-test", directory));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(directory); }

  std::string path(llvm::StringRef name) {
    llvm::SmallString<256> result(directory);
    llvm::sys::path::append(result, name);
    return std::string(result);
  }

  /// Names of the files in the directory.
  std::vector<std::string> listFiles() {
    std::vector<std::string> names;
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator it(directory, ec), end;
         it != end && !ec; it.increment(ec))
      names.push_back(std::string(llvm::sys::path::filename(it->path())));
    std::sort(names.begin(), names.end());
    return names;
  }

  llvm::SmallString<256> directory;
};

TEST_F(NpyFiles, WriteAndRead) {
  llvm::Expected<HostTensor> tensor = HostTensor::create(DataType::Int64, {3});
  ASSERT_TRUE(bool(tensor));
  tensor->dataAs<int64_t>()[2] = -42;
  ASSERT_FALSE(bool(writeNpyFile(path("a.npy"), *tensor)));
  EXPECT_EQ(listFiles(), std::vector<std::string>{"a.npy"});
  llvm::Expected<HostTensor> back = readNpyFile(path("a.npy"));
  ASSERT_TRUE(bool(back)) << llvm::toString(back.takeError());
  EXPECT_EQ(back->dataAs<int64_t>()[2], -42);
  // Overwriting an existing file.
  tensor->dataAs<int64_t>()[2] = 5;
  ASSERT_FALSE(bool(writeNpyFile(path("a.npy"), *tensor)));
  back = readNpyFile(path("a.npy"));
  ASSERT_TRUE(bool(back));
  EXPECT_EQ(back->dataAs<int64_t>()[2], 5);
  EXPECT_EQ(listFiles(), std::vector<std::string>{"a.npy"});
}

TEST_F(NpyFiles, WriteErrorsLeaveNothing) {
  llvm::Expected<HostTensor> tensor = HostTensor::create(DataType::Int8, {3});
  ASSERT_TRUE(bool(tensor));
  llvm::Error error = writeNpyFile(path("missing/a.npy"), *tensor);
  ASSERT_TRUE(bool(error));
  std::string message = llvm::toString(std::move(error));
  EXPECT_CONTAINS(message, "missing/a.npy");
  EXPECT_CONTAINS(message, "does not exist");
  ASSERT_FALSE(llvm::sys::fs::create_directory(path("dir")));
  error = writeNpyFile(path("dir"), *tensor);
  ASSERT_TRUE(bool(error));
  EXPECT_CONTAINS(llvm::toString(std::move(error)), "it is a directory");
  EXPECT_EQ(listFiles(), std::vector<std::string>{"dir"});
}

TEST_F(NpyFiles, TempFileKeepAndDiscard) {
  llvm::Expected<HostTensor> tensor = HostTensor::create(DataType::UInt32, {2});
  ASSERT_TRUE(bool(tensor));
  llvm::Expected<llvm::sys::fs::TempFile> temp =
      writeNpyToTempFile(path("b.npy"), *tensor);
  ASSERT_TRUE(bool(temp));
  EXPECT_EQ(listFiles().size(), 1u);
  EXPECT_NE(listFiles()[0], "b.npy");
  ASSERT_FALSE(bool(temp->discard()));
  EXPECT_TRUE(listFiles().empty());
  temp = writeNpyToTempFile(path("b.npy"), *tensor);
  ASSERT_TRUE(bool(temp));
  ASSERT_FALSE(bool(temp->keep(path("b.npy"))));
  EXPECT_EQ(listFiles(), std::vector<std::string>{"b.npy"});
}

TEST_F(NpyFiles, ReadErrors) {
  llvm::Expected<HostTensor> tensor = readNpyFile(path("nope.npy"));
  ASSERT_FALSE(bool(tensor));
  std::string message = llvm::toString(tensor.takeError());
  EXPECT_CONTAINS(message, "nope.npy: cannot open");
  EXPECT_CONTAINS(message, "No such file or directory");
  tensor = readNpyFile(directory);
  ASSERT_FALSE(bool(tensor));
  EXPECT_CONTAINS(llvm::toString(tensor.takeError()), "is a directory");
}

} // namespace
