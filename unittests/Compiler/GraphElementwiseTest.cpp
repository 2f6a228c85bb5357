//===- GraphElementwiseTest.cpp - DML_ELEMENT_WISE_* builder calls --------===//

#include "TestUtils.h"

#include "dml/Compiler/Compiler.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

using namespace dml;

namespace {

Compiler &getCompiler() {
  static Compiler compiler;
  return compiler;
}

// Every float operator against <cmath> on the same inputs.
TEST(GraphElementwise, FloatOperators) {
  Graph g("float_ops");
  Tensor a = g.input(DataType::Float32, {2, 3});
  Tensor b = g.input(DataType::Float32, {2, 3});
  ScaleBias scaleBias{2.0f, -1.0f};
  g.output(g.identity(a, scaleBias));
  g.output(g.add(a, b));
  g.output(g.subtract(a, b));
  g.output(g.multiply(a, b));
  g.output(g.divide(a, b));
  g.output(g.max(a, b));
  g.output(g.min(a, b));
  g.output(g.exp(a, scaleBias));
  g.output(g.log(b));
  g.output(g.abs(a));
  g.output(g.clip(a, -0.5f, 1.25f));
  ASSERT_TRUE(g.status().ok()) << g.status().message();
  ASSERT_OK_AND_ASSIGN(kernel, getCompiler().compile(g));
  std::vector<float> x = {-1.5f, 0.25f, 2.0f, -0.0f, 3.5f, -4.0f};
  std::vector<float> y = {0.5f, 2.0f, 4.0f, 1.0f, 0.125f, 8.0f};
  std::vector<std::vector<float>> out(11, std::vector<float>(6));
  std::vector<void *> outputs;
  for (auto &o : out)
    outputs.push_back(o.data());
  EXPECT_OK(kernel->run({x.data(), y.data()}, outputs));
  for (size_t i = 0; i < 6; ++i) {
    float s = 2.0f * x[i] - 1.0f;
    EXPECT_FLOAT_EQ(out[0][i], s);
    EXPECT_FLOAT_EQ(out[1][i], x[i] + y[i]);
    EXPECT_FLOAT_EQ(out[2][i], x[i] - y[i]);
    EXPECT_FLOAT_EQ(out[3][i], x[i] * y[i]);
    EXPECT_FLOAT_EQ(out[4][i], x[i] / y[i]);
    EXPECT_FLOAT_EQ(out[5][i], std::max(x[i], y[i]));
    EXPECT_FLOAT_EQ(out[6][i], std::min(x[i], y[i]));
    EXPECT_NEAR(out[7][i], std::exp(s), 2e-6f * std::exp(s));
    EXPECT_NEAR(out[8][i], std::log(y[i]), 1e-6f);
    EXPECT_FLOAT_EQ(out[9][i], std::fabs(x[i]));
    EXPECT_FLOAT_EQ(out[10][i], std::min(std::max(x[i], -0.5f), 1.25f));
  }
}

// Unsigned operands keep unsigned semantics (order, division) through the
// pipeline's unsigned-to-signless renaming; integer division never traps.
TEST(GraphElementwise, IntegerSemantics) {
  Graph g("int_ops");
  Tensor ua = g.input(DataType::UInt32, {4});
  Tensor ub = g.input(DataType::UInt32, {4});
  Tensor sa = g.input(DataType::Int32, {4});
  Tensor sb = g.input(DataType::Int32, {4});
  Tensor u8 = g.input(DataType::UInt8, {4});
  g.output(g.max(ua, ub));
  g.output(g.min(ua, ub));
  g.output(g.divide(ua, ub));
  g.output(g.divide(sa, sb));
  g.output(g.add(u8, u8));
  g.output(g.abs(sa));
  ASSERT_TRUE(g.status().ok()) << g.status().message();
  EXPECT_EQ(g.outputs()[0], TensorDesc(DataType::UInt32, {4}));
  ASSERT_OK_AND_ASSIGN(kernel, getCompiler().compile(g));
  const int32_t intMin = std::numeric_limits<int32_t>::min();
  std::vector<uint32_t> x = {0xFFFFFFF0u, 7, 100, 9};
  std::vector<uint32_t> y = {3, 0x80000000u, 0, 2};
  std::vector<int32_t> p = {-7, intMin, 5, intMin};
  std::vector<int32_t> q = {2, -1, 0, 3};
  std::vector<uint8_t> bytes = {200, 100, 255, 1};
  std::vector<uint32_t> maxOut(4), minOut(4), udiv(4);
  std::vector<int32_t> sdiv(4), absOut(4);
  std::vector<uint8_t> wrap(4);
  EXPECT_OK(kernel->run({x.data(), y.data(), p.data(), q.data(), bytes.data()},
                        {maxOut.data(), minOut.data(), udiv.data(), sdiv.data(),
                         wrap.data(), absOut.data()}));
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(maxOut[i], std::max(x[i], y[i])) << i;
    EXPECT_EQ(minOut[i], std::min(x[i], y[i])) << i;
    EXPECT_EQ(udiv[i], y[i] == 0 ? 0u : x[i] / y[i]) << i;
    EXPECT_EQ(wrap[i], static_cast<uint8_t>(bytes[i] + bytes[i])) << i;
  }
  // Truncation toward zero; x / 0 = 0; INT_MIN / -1 wraps to INT_MIN;
  // |INT_MIN| wraps to INT_MIN.
  EXPECT_EQ(sdiv, (std::vector<int32_t>{-3, intMin, 0, intMin / 3}));
  EXPECT_EQ(absOut, (std::vector<int32_t>{7, intMin, 5, intMin}));
}

// Broadcasting is done through input strides, as in DirectML; elementwise
// results feed dml ops.
TEST(GraphElementwise, BroadcastThroughStridesIntoTopK) {
  Graph g("bias_topk");
  Tensor x = g.input(DataType::Float32, {2, 4});
  Tensor bias = g.input(DataType::Float32, {2, 4}, std::vector<int64_t>{0, 1});
  Tensor scores = g.exp(g.add(x, bias));
  auto [v, i] = g.topK(scores, 1, 2, AxisDirection::Decreasing);
  g.output(v);
  g.output(i);
  ASSERT_TRUE(g.status().ok()) << g.status().message();
  ASSERT_OK_AND_ASSIGN(kernel, getCompiler().compile(g));
  std::vector<float> input = {1, 3, 2, 0, 0, 1, 5, 2};
  std::vector<float> biasRow = {0, -4, 0, 1};
  std::vector<float> values(4);
  std::vector<uint32_t> indices(4);
  EXPECT_OK(kernel->run({input.data(), biasRow.data()},
                        {values.data(), indices.data()}));
  // Row 0: x + bias = [1, -1, 2, 1]; row 1: [0, -3, 5, 3].
  EXPECT_EQ(indices, (std::vector<uint32_t>{2, 0, 2, 3}));
  EXPECT_NEAR(values[0], std::exp(2.0f), 1e-5f);
  EXPECT_NEAR(values[2], std::exp(5.0f), 1e-4f);
}

TEST(GraphElementwise, DataTypeErrors) {
  Graph g;
  Tensor i32 = g.input(DataType::Int32, {2, 2});
  Tensor u32 = g.input(DataType::UInt32, {2, 2});
  Tensor f64 = g.input(DataType::Float64, {2, 2});
  EXPECT_FALSE(g.exp(i32).valid());
  EXPECT_EQ(g.lastStatus().message(),
            "exp input: data type must be one of FLOAT32, FLOAT16, got INT32");
  EXPECT_FALSE(g.log(u32).valid());
  EXPECT_EQ(g.lastStatus().message(),
            "log input: data type must be one of FLOAT32, FLOAT16, got UINT32");
  EXPECT_FALSE(g.abs(u32).valid());
  EXPECT_EQ(g.lastStatus().message(),
            "abs input: data type must be one of FLOAT32, FLOAT16, INT64, "
            "INT32, INT16, INT8, got UINT32");
  EXPECT_FALSE(g.clip(i32, 0, 1).valid());
  EXPECT_EQ(g.lastStatus().message(),
            "clip input: data type must be one of FLOAT32, FLOAT16, got INT32");
  EXPECT_FALSE(g.add(f64, f64).valid());
  EXPECT_EQ(g.lastStatus().message(),
            "add a: data type must be one of FLOAT32, FLOAT16, INT64, INT32, "
            "INT16, INT8, UINT64, UINT32, UINT16, UINT8, got FLOAT64");
  EXPECT_FALSE(g.identity(f64).valid());
  EXPECT_NE(g.lastStatus().message().find("identity input: data type"),
            std::string::npos);
  EXPECT_FALSE(g.identity(i32, ScaleBias{2, 1}).valid());
  EXPECT_EQ(g.lastStatus().message(),
            "identity scaleBias: requires a float data type (FLOAT32, "
            "FLOAT16), got INT32");
  EXPECT_FALSE(g.subtract(i32, u32).valid());
  EXPECT_EQ(g.lastStatus().message(),
            "subtract b: data type must equal a's (DirectML elementwise "
            "operands share one data type): expected INT32, got UINT32");
  // Failed calls leave nothing behind.
  EXPECT_EQ(g.toMLIR().find("linalg.generic"), std::string::npos);
}

TEST(GraphElementwise, SizeAndValueErrors) {
  Graph g;
  Tensor a = g.input(DataType::Float32, {2, 3});
  Tensor row = g.input(DataType::Float32, {1, 3});
  Tensor flat = g.input(DataType::Float32, {6});
  for (auto build : {&Graph::add, &Graph::subtract, &Graph::multiply,
                     &Graph::divide, &Graph::max, &Graph::min}) {
    EXPECT_FALSE((g.*build)(a, row).valid());
    std::string message = g.lastStatus().message();
    EXPECT_NE(message.find(" b: sizes must equal a's (DirectML elementwise "
                           "operands have the same sizes; broadcast through "
                           "input strides): expected [2, 3], got [1, 3]"),
              std::string::npos)
        << message;
  }
  EXPECT_FALSE(g.multiply(flat, a).valid());
  EXPECT_EQ(g.lastStatus().message(),
            "multiply b: sizes must equal a's (DirectML elementwise operands "
            "have the same sizes; broadcast through input strides): expected "
            "[6], got [2, 3]");
  EXPECT_FALSE(g.clip(a, 2.0f, 1.0f).valid());
  EXPECT_EQ(g.lastStatus().message().rfind("clip: min must be <= max", 0), 0u)
      << g.lastStatus().message();
  EXPECT_FALSE(g.clip(a, std::nanf(""), 1.0f).valid());
  EXPECT_EQ(g.lastStatus().message().rfind("clip: min must be <= max", 0), 0u);
  EXPECT_EQ(g.toMLIR().find("linalg.generic"), std::string::npos);
  EXPECT_TRUE(g.clip(a, 1.0f, 1.0f).valid());
}

TEST(GraphElementwise, InvalidAndForeignTensors) {
  Graph g;
  Tensor a = g.input(DataType::Float32, {2});
  EXPECT_FALSE(g.add(a, Tensor()).valid());
  EXPECT_EQ(g.lastStatus().message().rfind("add b is an invalid tensor", 0), 0u)
      << g.lastStatus().message();
  EXPECT_FALSE(g.exp(Tensor()).valid());
  EXPECT_EQ(g.lastStatus().message().rfind("exp input is an invalid tensor", 0),
            0u);
  EXPECT_FALSE(g.clip(Tensor(), 2.0f, 1.0f).valid());
  EXPECT_EQ(
      g.lastStatus().message().rfind("clip input is an invalid tensor", 0), 0u);
  Graph other;
  Tensor foreign = other.input(DataType::Float32, {2});
  EXPECT_FALSE(g.max(foreign, a).valid());
  EXPECT_EQ(g.lastStatus().message(), "max a belongs to another graph");
  EXPECT_FALSE(g.min(a, foreign).valid());
  EXPECT_EQ(g.lastStatus().message(), "min b belongs to another graph");
  EXPECT_TRUE(g.min(a, a).valid());
}

} // namespace
