//===- GraphTest.cpp - Graph builder validation ---------------------------===//

#include "TestUtils.h"

#include "dml/Compiler/Graph.h"

using namespace dml;

namespace {

TEST(Graph, BuildsWithInferredDescriptions) {
  Graph g("topk");
  Tensor x = g.input(DataType::Float32, {64, 32000});
  auto [v, i] = g.topK(x, /*axis=*/1, /*k=*/50, AxisDirection::Decreasing);
  ASSERT_TRUE(v.valid()) << g.lastStatus().message();
  EXPECT_OK(g.output(v));
  EXPECT_OK(g.output(i));
  EXPECT_TRUE(g.status().ok());
  ASSERT_EQ(g.outputs().size(), 2u);
  EXPECT_EQ(g.outputs()[0], TensorDesc(DataType::Float32, {64, 50}));
  EXPECT_EQ(g.outputs()[1], TensorDesc(DataType::UInt32, {64, 50}));
  EXPECT_NE(g.toMLIR().find("dml.top_k"), std::string::npos);
}

// The builder reports the dialect verifier's message, and a module with the
// same op written as text fails with that same message.
TEST(Graph, ValidationErrorIsTheVerifierMessage) {
  Graph g("bad");
  Tensor x = g.input(DataType::Float32, {2, 4});
  auto [v, i] = g.topK(x, /*axis=*/1, /*k=*/5, AxisDirection::Decreasing);
  EXPECT_FALSE(v.valid());
  EXPECT_FALSE(i.valid());
  std::string message = g.lastStatus().message();
  EXPECT_EQ(message.rfind("'dml.top_k' op ", 0), 0u) << message;
  EXPECT_NE(message.find("5"), std::string::npos) << message;
  EXPECT_EQ(g.status().message(), message);

  Compiler compiler;
  Expected<KernelPtr> fromText = compiler.compileMLIR(R"mlir(
    func.func @bad(%x: tensor<2x4xf32>) -> tensor<2x5xf32> {
      %v, %i = dml.top_k %x, axis = 1, k = 5, direction = decreasing
          : tensor<2x4xf32> -> tensor<2x5xf32>, tensor<2x5xui32>
      return %v : tensor<2x5xf32>
    })mlir");
  ASSERT_FALSE(fromText.ok());
  EXPECT_NE(fromText.message().find(message), std::string::npos)
      << fromText.message();
}

TEST(Graph, ErrorsOfEveryBuilder) {
  Graph g;
  Tensor x = g.input(DataType::Float32, {3, 3});
  EXPECT_FALSE(g.argMax(x, {2}).valid());
  EXPECT_EQ(g.lastStatus().message().rfind("'dml.arg_max' op ", 0), 0u)
      << g.lastStatus().message();
  EXPECT_FALSE(g.argMin(x, {0, 0}).valid());
  EXPECT_EQ(g.lastStatus().message().rfind("'dml.arg_min' op ", 0), 0u)
      << g.lastStatus().message();
  // Integer outputs of sum would need an integer input.
  EXPECT_FALSE(g.reduce(x, ReduceFunction::Sum, {-1}).valid());
  EXPECT_EQ(g.lastStatus().message().rfind("'dml.reduce' op ", 0), 0u)
      << g.lastStatus().message();
  Tensor j = g.input(DataType::Float32, {1, 4});
  EXPECT_FALSE(g.gather(x, j, 0, 1).valid());
  EXPECT_EQ(g.lastStatus().message().rfind("'dml.gather' op ", 0), 0u)
      << g.lastStatus().message();
  Tensor k = g.input(DataType::UInt32, {3, 1});
  Tensor w = g.input(DataType::Float32, {1, 1});
  EXPECT_FALSE(g.oneHot(k, w, 1, 4).valid());
  EXPECT_EQ(g.lastStatus().message().rfind("'dml.one_hot' op ", 0), 0u)
      << g.lastStatus().message();
  // The first error stays; the graph is unchanged by failed calls.
  EXPECT_EQ(g.status().message().rfind("'dml.arg_max' op ", 0), 0u);
  EXPECT_EQ(g.toMLIR().find("dml.arg_max"), std::string::npos);
  // A valid call after failures still works.
  Tensor y = g.reduce(x, ReduceFunction::Sum, {1});
  EXPECT_TRUE(y.valid()) << g.lastStatus().message();
  EXPECT_TRUE(g.lastStatus().ok());
}

TEST(Graph, InvalidTensorsPropagate) {
  Graph g;
  Tensor x = g.input(DataType::Float32, {4});
  Tensor bad = g.argMax(x, {3});
  ASSERT_FALSE(bad.valid());
  Tensor worse = g.reduce(bad, ReduceFunction::Max, {0});
  EXPECT_FALSE(worse.valid());
  EXPECT_NE(g.lastStatus().message().find("invalid tensor"), std::string::npos);
  EXPECT_FALSE(g.output(Tensor()).ok());

  Graph other;
  Tensor foreign = other.input(DataType::Float32, {4});
  EXPECT_FALSE(g.reduce(foreign, ReduceFunction::Max, {0}).valid());
  EXPECT_NE(g.lastStatus().message().find("another graph"), std::string::npos);
}

TEST(Graph, InputValidation) {
  Graph g;
  EXPECT_FALSE(g.input(DataType::Float32, {3, 0}).valid());
  EXPECT_NE(g.lastStatus().message().find("must be >= 1"), std::string::npos);
  EXPECT_FALSE(g.input(static_cast<DataType>(42), {3}).valid());
  // Strides go through the dialect's dml.strides verifier.
  EXPECT_FALSE(g.input(DataType::Float32, {3, 2}, std::vector<int64_t>{1})
                   .valid());
  EXPECT_EQ(g.lastStatus().message(),
            "'dml.strides' of argument #0 has 1 strides, but the argument "
            "has 2 dimensions");
  EXPECT_FALSE(g.input(DataType::Float32, {3, 2}, std::vector<int64_t>{-1, 1})
                   .valid());
  EXPECT_NE(g.lastStatus().message().find("strides must be >= 0"),
            std::string::npos);
  // Failed inputs leave no argument behind.
  EXPECT_TRUE(g.inputs().empty());
  Tensor ok = g.input(DataType::Float32, {3, 2}, std::vector<int64_t>{0, 1});
  EXPECT_TRUE(ok.valid());
  EXPECT_EQ(g.inputs().size(), 1u);
}

TEST(Graph, FeatureLevelSelectsTables) {
  // TopK1 before feature level 3.1 takes 4-D tensors only.
  Graph old("old", "3.0");
  Tensor x = old.input(DataType::Float32, {2, 4});
  EXPECT_FALSE(old.topK(x, 1, 2, AxisDirection::Decreasing).values.valid());
  EXPECT_NE(old.lastStatus().message().find("3.0"), std::string::npos)
      << old.lastStatus().message();
  Graph bad("bad", "9.9");
  EXPECT_FALSE(bad.status().ok());
  Graph badName("not a name");
  EXPECT_FALSE(badName.status().ok());
}

TEST(Graph, TensorDescHelpers) {
  TensorDesc packed(DataType::Float32, {3, 4});
  EXPECT_EQ(packed.packedStrides(), (std::vector<int64_t>{4, 1}));
  EXPECT_TRUE(packed.isPacked());
  EXPECT_EQ(packed.minimumBufferBytes(), 48u);
  TensorDesc broadcast(DataType::Float32, {3, 4}, std::vector<int64_t>{0, 1});
  EXPECT_FALSE(broadcast.isPacked());
  EXPECT_EQ(broadcast.minimumBufferBytes(), 16u);
  TensorDesc bytes(DataType::UInt8, {3}, std::vector<int64_t>{1});
  EXPECT_EQ(bytes.minimumBufferBytes(), 4u); // rounded up to 4
  EXPECT_EQ(byteWidth(DataType::Float16), 2u);
  EXPECT_STREQ(toString(DataType::UInt64), "UINT64");
}

} // namespace
