//===- ApiBadInputTest.cpp - Bad input through the embedding API ----------===//
//
// Malformed IR, unknown ops/attributes, verifier failures, invalid enum
// values, sizes whose byte count overflows, hostile DirectML-style
// descriptions and unwritable AOT outputs: each is an error value whose first
// line names the problem; nothing crashes and no output file is left behind.
// (Wrong input counts and null buffers of Kernel::run are covered by
// unittests/Compiler/CompilerTest.cpp.)
//
//===----------------------------------------------------------------------===//

#include "dml/Compiler/Aot.h"
#include "dml/Compiler/Compiler.h"
#include "dml/Compiler/Graph.h"
#include "dml/Compiler/OperatorDesc.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <sys/stat.h>
#include <unistd.h>

using namespace dml;

namespace {

std::string firstLine(const std::string &message) {
  return message.substr(0, message.find('\n'));
}

/// Expects an error whose first line contains `needle`.
#define EXPECT_ERROR(expr, needle)                                             \
  do {                                                                         \
    auto result_ = (expr);                                                     \
    EXPECT_FALSE(result_.ok()) << #expr << " succeeded";                       \
    EXPECT_NE(firstLine(result_.message()).find(needle), std::string::npos)    \
        << #expr << ": " << result_.message();                                 \
  } while (0)

Compiler &compiler() {
  static Compiler instance;
  return instance;
}

Expected<KernelPtr> compileText(std::string_view text) {
  return compiler().compileMLIR(text);
}

TEST(MLIRText, MalformedAndGarbage) {
  EXPECT_ERROR(compileText(""), "0 public functions");
  EXPECT_ERROR(compileText(std::string_view("\0\xff\xfe garbage", 12)),
               "cannot parse the MLIR input");
  // The bytecode magic followed by junk.
  EXPECT_ERROR(compileText(std::string_view("ML\xefR\x00\x01\x02", 7)),
               "cannot parse the MLIR input");
  EXPECT_ERROR(compileText("func.func @f("), "cannot parse the MLIR input");
}

TEST(MLIRText, UnknownOpAttributeKeywordType) {
  EXPECT_ERROR(compileText(R"(
    func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
      %y = dml.softmax %x : tensor<2xf32> -> tensor<2xf32>
      return %y : tensor<2xf32>
    })"),
               "custom op 'dml.softmax' is unknown");
  EXPECT_ERROR(compileText(R"(
    func.func @f(%x: tensor<2xf32>) -> tensor<1xf32> {
      %y = dml.reduce %x, function = sum, axes = [0] {dml.bogus = 1}
          : tensor<2xf32> -> tensor<1xf32>
      return %y : tensor<1xf32>
    })"),
               "unknown dml dialect attribute 'dml.bogus'");
  EXPECT_ERROR(compileText(R"(
    func.func @f(%x: tensor<2xf32>) -> tensor<1xf32> {
      %y = dml.reduce %x, function = median, axes = [0]
          : tensor<2xf32> -> tensor<1xf32>
      return %y : tensor<1xf32>
    })"),
               "got 'median'");
  EXPECT_ERROR(compileText(R"(
    func.func @f(%x: tensor<2x!dml.half>) -> tensor<2xf32> {
      return %x : tensor<2xf32>
    })"),
               "dialect 'dml' provides no type parsing hook");
}

// compileMLIR takes a std::string_view, which need not be NUL-terminated.
// MLIR 22's lexer reads past the end of an identifier that ends the text when
// no NUL follows (found by fuzz/dml-parse-fuzzer as an ASan
// heap-buffer-overflow), so the API parses a NUL-terminated copy: the bytes
// after the view must not change the parse.
TEST(MLIRText, BytesAfterTheViewAreNotRead) {
  std::string text = "func.func @f(%x: tensor<4xf32>) -> tensor<1xf32> "
                     "attributes {a = uni";
  std::string buffer = text + "t} {\n"
                              "  %y = dml.reduce %x, function = sum, axes = "
                              "[0] : tensor<4xf32> -> tensor<1xf32>\n"
                              "  return %y : tensor<1xf32>\n}\n";
  Expected<KernelPtr> fromView =
      compileText(std::string_view(buffer.data(), text.size()));
  Expected<KernelPtr> fromCopy = compileText(text);
  EXPECT_FALSE(fromCopy.ok());
  EXPECT_FALSE(fromView.ok());
  EXPECT_EQ(fromView.message(), fromCopy.message());
}

TEST(MLIRText, VerifierFailure) {
  EXPECT_ERROR(compileText(R"(
    func.func @f(%x: tensor<1x4xf32>) -> (tensor<1x5xf32>, tensor<1x5xui32>) {
      %v, %i = dml.top_k %x, axis = 1, k = 5, direction = decreasing
          : tensor<1x4xf32> -> tensor<1x5xf32>, tensor<1x5xui32>
      return %v, %i : tensor<1x5xf32>, tensor<1x5xui32>
    })"),
               "'dml.top_k' op k must be in [1, 4]");
}

TEST(MLIRText, SizesBeyond64BitIndexing) {
  EXPECT_ERROR(compileText(R"(
    func.func @f(%x: tensor<2xf32>) -> tensor<4611686018427387904x4xf32> {
      %z = tensor.empty() : tensor<4611686018427387904x4xf32>
      return %z : tensor<4611686018427387904x4xf32>
    })"),
               "its size in bytes overflows 64 bits");
  EXPECT_ERROR(compileText(R"(
    func.func @f(%x: tensor<2305843009213693952x2xf32>)
        -> tensor<2305843009213693952x2xf32> {
      return %x : tensor<2305843009213693952x2xf32>
    })"),
               "argument 0 of @f: tensor<2305843009213693952x2xf32> is too "
               "large");
  EXPECT_ERROR(compileText(R"(
    func.func @f(%x: tensor<2xf32> {dml.strides = array<i64: 4611686018427387904>})
        -> tensor<1xf32> {
      %y = dml.reduce %x, function = sum, axes = [0]
          : tensor<2xf32> -> tensor<1xf32>
      return %y : tensor<1xf32>
    })"),
               "reach beyond 2^63 - 1 bytes");
  EXPECT_ERROR(compileText(R"(
    func.func @f(%x: tensor<?xf32>) -> tensor<?xf32> {
      return %x : tensor<?xf32>
    })"),
               "expected a statically shaped tensor");
}

TEST(Graph, InvalidArgumentsAreErrors) {
  Graph g("g");
  g.input(static_cast<DataType>(99), {2});
  EXPECT_ERROR(g.lastStatus(), "unknown data type (99)");
  g.input(DataType::Float32, {-3, 2});
  EXPECT_ERROR(g.lastStatus(), "must be >= 1");
  Tensor x = g.input(DataType::Float32, {4, 3});
  EXPECT_TRUE(g.lastStatus().ok()) << g.lastStatus().message();
  g.reduce(x, static_cast<ReduceFunction>(77), {0});
  EXPECT_ERROR(g.lastStatus(), "unknown reduce function 77");
  // Enum values outside DirectML's: the verifier names them (enum_c1).
  g.topK(x, 0, 1, static_cast<AxisDirection>(5));
  EXPECT_ERROR(g.lastStatus(), "'dml.top_k' op direction must be one of "
                               "increasing, decreasing, got the value 5");
  g.argMax(x, {0}, static_cast<AxisDirection>(7));
  EXPECT_ERROR(g.lastStatus(), "'dml.arg_max' op direction must be one of "
                               "increasing, decreasing, got the value 7");
  g.argMin(x, {0}, static_cast<AxisDirection>(0xFFFFFFFFu));
  EXPECT_ERROR(g.lastStatus(), "got the value 4294967295");
  g.argMax(x, {0}, AxisDirection::Increasing, static_cast<DataType>(0));
  EXPECT_FALSE(g.lastStatus().ok());
  g.reduce(x, ReduceFunction::Sum, {7});
  EXPECT_ERROR(g.lastStatus(), "axes");
  g.gather(x, x, 0, 1);
  EXPECT_ERROR(g.lastStatus(), "indices data type");
  g.oneHot(x, x, 0, INT64_MAX);
  EXPECT_FALSE(g.lastStatus().ok());
  g.reduce(Tensor(), ReduceFunction::Sum, {0});
  EXPECT_FALSE(g.lastStatus().ok());
  // The first failure is the graph's status, and compiling reports it.
  EXPECT_ERROR(g.status(), "unknown data type (99)");
  EXPECT_ERROR(compiler().compile(g), "unknown data type (99)");
}

TEST(Graph, HugeInputs) {
  // A dml op limits its tensors to 2^32 - 1 elements.
  {
    Graph g("g");
    Tensor x = g.input(DataType::Float32, {int64_t(1) << 20, int64_t(1) << 20});
    g.reduce(x, ReduceFunction::Sum, {0});
    EXPECT_ERROR(g.lastStatus(), "more than 4294967295 elements");
  }
  // An input returned as it is: the pipeline rejects the byte size.
  {
    Graph g("g");
    Tensor x = g.input(DataType::Float32, {INT64_MAX, 2});
    g.output(x);
    EXPECT_FALSE(compiler().compile(g).ok());
  }
  // Strides whose extent overflows.
  {
    Graph g("g");
    Tensor x = g.input(DataType::Float32, {2, 3},
                       std::vector<int64_t>{INT64_MAX, 1});
    if (g.lastStatus().ok()) {
      g.output(g.reduce(x, ReduceFunction::Sum, {1}));
      EXPECT_FALSE(compiler().compile(g).ok());
    }
  }
}

TEST(OperatorDesc, HostileDescriptions) {
  uint32_t axes[1] = {0};
  uint32_t outSizes[2] = {1, 0xFFFFFFFFu};
  BufferTensorDesc out{DataType::Float32, 0, 2, outSizes, nullptr, 0, 0};

  EXPECT_ERROR(compiler().compileOperator({OperatorType::Reduce, nullptr}),
               "OperatorDesc.Desc is null");
  ReduceOperatorDesc nullInput{ReduceFunction::Sum, nullptr, &out, 1, axes};
  EXPECT_ERROR(compiler().compileOperator({OperatorType::Reduce, &nullInput}),
               "InputTensor is null");
  EXPECT_ERROR(
      compiler().compileOperator({static_cast<OperatorType>(42), &nullInput}),
      "unknown operator type 42");

  // 9 dimensions (and no size array): rejected before reading the sizes.
  BufferTensorDesc nine{DataType::Float32, 0, 9, nullptr, nullptr, 0, 0};
  ReduceOperatorDesc rank9{ReduceFunction::Sum, &nine, &out, 1, axes};
  EXPECT_ERROR(compiler().compileOperator({OperatorType::Reduce, &rank9}),
               "DimensionCount must be at most 8");

  // (2^32 - 1)^2 elements.
  uint32_t hugeSizes[2] = {0xFFFFFFFFu, 0xFFFFFFFFu};
  BufferTensorDesc huge{DataType::Float32, 0, 2, hugeSizes, nullptr, 0, 0};
  ReduceOperatorDesc hugeReduce{ReduceFunction::Sum, &huge, &out, 1, axes};
  EXPECT_ERROR(compiler().compileOperator({OperatorType::Reduce, &hugeReduce}),
               "more than 4294967295 elements");

  // Strides reaching far beyond the buffer the caller says it has.
  uint32_t sizes[1] = {4}, strides[1] = {0xFFFFFFFFu}, one[1] = {1};
  BufferTensorDesc strided{DataType::Float32, 0, 1, sizes, strides, 16, 0};
  BufferTensorDesc scalar{DataType::Float32, 0, 1, one, nullptr, 0, 0};
  ReduceOperatorDesc stridedReduce{ReduceFunction::Sum, &strided, &scalar, 1,
                                   axes};
  EXPECT_ERROR(
      compiler().compileOperator({OperatorType::Reduce, &stridedReduce}),
      "TotalTensorSizeInBytes is 16");
}

class TempDir : public ::testing::Test {
protected:
  void SetUp() override {
    char pattern[] = "/tmp/dml-api-bad-input-XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    dir = pattern;
  }
  void TearDown() override {
    std::string command = "rm -rf '" + dir + "'";
    EXPECT_EQ(std::system(command.c_str()), 0);
  }
  bool exists(const std::string &name) {
    struct stat status;
    return stat((dir + "/" + name).c_str(), &status) == 0;
  }
  std::string dir;
};

Graph goodGraph() {
  Graph g("sum");
  g.output(g.reduce(g.input(DataType::Float32, {4}), ReduceFunction::Sum,
                    {0}));
  return g;
}

TEST_F(TempDir, AotUnwritableOutputsLeaveNothing) {
  Graph g = goodGraph();
  EXPECT_ERROR(compileToFile(g, dir + "/missing/x.o"),
               "No such file or directory");
  EXPECT_ERROR(compileToFile(g, dir), "Is a directory");
  AotOptions options;
  options.headerPath = dir + "/missing/x.h";
  EXPECT_ERROR(compileToFile(g, dir + "/x.so", options),
               "cannot write '" + dir + "/missing/x.h'");
  EXPECT_FALSE(exists("x.so"));
  EXPECT_FALSE(exists("x.o"));
  // The good case writes both.
  options.headerPath = dir + "/x.h";
  EXPECT_TRUE(compileToFile(g, dir + "/x.o", options).ok());
  EXPECT_TRUE(exists("x.o"));
  EXPECT_TRUE(exists("x.h"));
}

TEST_F(TempDir, AotBadModulesLeaveNothing) {
  EXPECT_ERROR(compileMLIRToFile("func.func @f(", dir + "/x.o"),
               "cannot parse the MLIR input");
  EXPECT_FALSE(compileMLIRToFile(R"(
    func.func @f(%x: tensor<2xf32>) -> tensor<4611686018427387904x4xf32> {
      %z = tensor.empty() : tensor<4611686018427387904x4xf32>
      return %z : tensor<4611686018427387904x4xf32>
    })",
                                 dir + "/x.o")
                   .ok());
  EXPECT_FALSE(exists("x.o"));
  EXPECT_ERROR(generateHeader("this is not MLIR"), "cannot parse");
}

} // namespace
