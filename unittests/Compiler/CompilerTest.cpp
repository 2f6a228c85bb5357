//===- CompilerTest.cpp - JIT compilation, cache, strides, threads --------===//

#include "TestUtils.h"

#include "dml/Compiler/Compiler.h"

#include <cmath>
#include <thread>

using namespace dml;

namespace {

// One compiler for the whole file, so that kernels are shared through its
// cache where tests build the same graph.
Compiler &getCompiler() {
  static Compiler compiler;
  return compiler;
}

TEST(Compiler, TopK) {
  Graph g("topk");
  Tensor x = g.input(DataType::Float32, {2, 4});
  auto [v, i] = g.topK(x, 1, 2, AxisDirection::Decreasing);
  g.output(v);
  g.output(i);
  ASSERT_OK_AND_ASSIGN(kernel, getCompiler().compile(g));
  std::vector<float> input = {1, 3, 2, 4, 4, 1, 2, 3};
  std::vector<float> values(4);
  std::vector<uint32_t> indices(4);
  EXPECT_OK(kernel->run({input.data()}, {values.data(), indices.data()}));
  EXPECT_EQ(values, (std::vector<float>{4, 3, 4, 3}));
  EXPECT_EQ(indices, (std::vector<uint32_t>{3, 1, 0, 3}));
}

TEST(Compiler, ArgMaxArgMin) {
  Graph g("argmax");
  Tensor x = g.input(DataType::Float32, {3, 3});
  g.output(g.argMax(x, {0, 1}));
  g.output(g.argMin(x, {1}, AxisDirection::Increasing, DataType::Int64));
  ASSERT_TRUE(g.status().ok()) << g.status().message();
  ASSERT_OK_AND_ASSIGN(kernel, getCompiler().compile(g));
  std::vector<float> input = {1, 5, 3, 7, 2, 9, 4, 8, 6};
  uint32_t max = 0;
  std::vector<int64_t> min(3);
  EXPECT_OK(kernel->run({input.data()}, {&max, min.data()}));
  EXPECT_EQ(max, 5u);
  EXPECT_EQ(min, (std::vector<int64_t>{0, 1, 0}));
}

TEST(Compiler, Reduce) {
  Graph g("reduce");
  Tensor x = g.input(DataType::Float32, {3, 3});
  g.output(g.reduce(x, ReduceFunction::Sum, {0}));
  g.output(g.reduce(x, ReduceFunction::Max, {1}));
  g.output(g.reduce(x, ReduceFunction::ArgMin, {0, 1}));
  ASSERT_TRUE(g.status().ok()) << g.status().message();
  ASSERT_OK_AND_ASSIGN(kernel, getCompiler().compile(g));
  std::vector<float> input = {1, 5, 3, 7, 2, 9, 4, 8, 6};
  std::vector<float> sum(3), max(3);
  uint32_t argMin = 99;
  EXPECT_OK(kernel->run({input.data()}, {sum.data(), max.data(), &argMin}));
  EXPECT_EQ(sum, (std::vector<float>{12, 15, 18}));
  EXPECT_EQ(max, (std::vector<float>{5, 9, 8}));
  EXPECT_EQ(argMin, 0u);
}

TEST(Compiler, Gather) {
  Graph g("gather");
  Tensor x = g.input(DataType::Float32, {3, 2});
  Tensor j = g.input(DataType::UInt32, {1, 4});
  g.output(g.gather(x, j, /*axis=*/0, /*indexDimensions=*/1));
  ASSERT_TRUE(g.status().ok()) << g.status().message();
  ASSERT_OK_AND_ASSIGN(kernel, getCompiler().compile(g));
  std::vector<float> input = {1, 2, 3, 4, 5, 6};
  std::vector<uint32_t> indices = {0, 2, 1, 0};
  std::vector<float> output(8);
  EXPECT_OK(kernel->run({input.data(), indices.data()}, {output.data()}));
  EXPECT_EQ(output, (std::vector<float>{1, 2, 5, 6, 3, 4, 1, 2}));
}

TEST(Compiler, OneHot) {
  Graph g("onehot");
  Tensor j = g.input(DataType::UInt32, {1, 1, 3, 1});
  Tensor w = g.input(DataType::Float32, {1, 1, 1, 2});
  g.output(g.oneHot(j, w, /*axis=*/3, /*depth=*/4));
  ASSERT_TRUE(g.status().ok()) << g.status().message();
  ASSERT_OK_AND_ASSIGN(kernel, getCompiler().compile(g));
  std::vector<uint32_t> indices = {0, 3, 5};
  std::vector<float> values = {0, 1};
  std::vector<float> output(12, -1);
  EXPECT_OK(kernel->run({indices.data(), values.data()}, {output.data()}));
  EXPECT_EQ(output,
            (std::vector<float>{1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0}));
}

// A graph of two inputs feeding several ops, then compared between a
// strided description and a contiguous copy of the same logical tensor.
Graph buildMixed(const TensorDesc &x) {
  Graph g("mixed");
  Tensor input = g.input(x);
  auto [v, i] = g.topK(input, 1, 3, AxisDirection::Decreasing);
  g.output(v);
  g.output(i);
  g.output(g.reduce(input, ReduceFunction::Sum, {1}));
  g.output(g.argMax(input, {0}));
  g.output(g.reduce(input, ReduceFunction::L2, {0, 1}));
  return g;
}

struct MixedResults {
  std::vector<float> values = std::vector<float>(15);
  std::vector<uint32_t> indices = std::vector<uint32_t>(15);
  std::vector<float> sums = std::vector<float>(5);
  std::vector<uint32_t> argMax = std::vector<uint32_t>(16);
  float l2 = 0;
  bool operator==(const MixedResults &o) const {
    return values == o.values && indices == o.indices && sums == o.sums &&
           argMax == o.argMax && l2 == o.l2;
  }
};

MixedResults runMixed(const Kernel &kernel, const void *input) {
  MixedResults r;
  Status status =
      kernel.run({input}, {r.values.data(), r.indices.data(), r.sums.data(),
                           r.argMax.data(), &r.l2});
  EXPECT_TRUE(status.ok()) << status.message();
  return r;
}

TEST(Compiler, StridedInputsMatchContiguousCopies) {
  const int64_t rows = 5, cols = 16;
  // The logical 5x16 tensor stored transposed (column-major).
  std::vector<float> columnMajor(rows * cols), packed(rows * cols);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c) {
      float value = static_cast<float>((r * 7 + c * 13) % 23) - 11.0f;
      columnMajor[c * rows + r] = value;
      packed[r * cols + c] = value;
    }
  ASSERT_OK_AND_ASSIGN(contiguous, getCompiler().compile(buildMixed(
                                       {DataType::Float32, {rows, cols}})));
  ASSERT_OK_AND_ASSIGN(
      transposed,
      getCompiler().compile(buildMixed(
          {DataType::Float32, {rows, cols}, std::vector<int64_t>{1, rows}})));
  EXPECT_EQ(transposed->inputs()[0].strides, (std::vector<int64_t>{1, rows}));
  EXPECT_EQ(runMixed(*transposed, columnMajor.data()),
            runMixed(*contiguous, packed.data()));

  // Padded rows: stride 20 for 16 columns.
  std::vector<float> padded(rows * 20, 1e30f);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c)
      padded[r * 20 + c] = packed[r * cols + c];
  ASSERT_OK_AND_ASSIGN(
      paddedKernel,
      getCompiler().compile(buildMixed(
          {DataType::Float32, {rows, cols}, std::vector<int64_t>{20, 1}})));
  EXPECT_EQ(runMixed(*paddedKernel, padded.data()),
            runMixed(*contiguous, packed.data()));
}

TEST(Compiler, BroadcastInputsMatchContiguousCopies) {
  const int64_t rows = 5, cols = 16;
  std::vector<float> row(cols), expanded(rows * cols);
  for (int64_t c = 0; c < cols; ++c)
    row[c] = static_cast<float>((c * 5) % 7) - 3.0f;
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c)
      expanded[r * cols + c] = row[c];
  ASSERT_OK_AND_ASSIGN(contiguous, getCompiler().compile(buildMixed(
                                       {DataType::Float32, {rows, cols}})));
  TensorDesc broadcast(DataType::Float32, {rows, cols},
                       std::vector<int64_t>{0, 1});
  ASSERT_OK_AND_ASSIGN(kernel, getCompiler().compile(buildMixed(broadcast)));
  EXPECT_EQ(kernel->inputs()[0].minimumBufferBytes(), cols * sizeof(float));
  EXPECT_EQ(runMixed(*kernel, row.data()),
            runMixed(*contiguous, expanded.data()));

  // A broadcast column: one value per row, stride 0 along the columns.
  std::vector<float> column = {3, -1, 4, 1, -5};
  std::vector<float> columnExpanded(rows * cols);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c)
      columnExpanded[r * cols + c] = column[r];
  ASSERT_OK_AND_ASSIGN(
      columnKernel,
      getCompiler().compile(buildMixed(
          {DataType::Float32, {rows, cols}, std::vector<int64_t>{1, 0}})));
  EXPECT_EQ(runMixed(*columnKernel, column.data()),
            runMixed(*contiguous, columnExpanded.data()));
}

TEST(Compiler, CacheHitOnRecompile) {
  Compiler compiler;
  auto build = [] {
    Graph g("cached");
    Tensor x = g.input(DataType::Float32, {8, 8});
    g.output(g.reduce(x, ReduceFunction::LogSumExp, {1}));
    return g;
  };
  Graph first = build();
  ASSERT_OK_AND_ASSIGN(a, compiler.compile(first));
  CacheStatistics stats = compiler.cacheStatistics();
  EXPECT_EQ(stats.misses, 1u);
  EXPECT_EQ(stats.hits, 0u);
  EXPECT_EQ(stats.entries, 1u);
  // The same graph, and an identical one built separately: cache hits.
  ASSERT_OK_AND_ASSIGN(b, compiler.compile(first));
  Graph second = build();
  ASSERT_OK_AND_ASSIGN(c, compiler.compile(second));
  EXPECT_EQ(a.get(), b.get());
  EXPECT_EQ(a.get(), c.get());
  stats = compiler.cacheStatistics();
  EXPECT_EQ(stats.hits, 2u);
  EXPECT_EQ(stats.misses, 1u);
  EXPECT_EQ(stats.entries, 1u);
  // Other options are another entry.
  ASSERT_OK_AND_ASSIGN(d, compiler.compile(first, {/*optLevel=*/1}));
  EXPECT_NE(a.get(), d.get());
  EXPECT_EQ(compiler.cacheStatistics().entries, 2u);
  EXPECT_GT(a->compileTimes().totalMs, 0.0);
  compiler.clearCache();
  EXPECT_EQ(compiler.cacheStatistics().entries, 0u);
  // Kernels stay usable after the cache dropped them.
  std::vector<float> input(64, 0.0f), output(8);
  EXPECT_OK(a->run({input.data()}, {output.data()}));
  EXPECT_NEAR(output[0], std::log(8.0f), 1e-5);
}

TEST(Compiler, ConcurrentInvocationsFromEightThreads) {
  const int64_t rows = 64, cols = 1000;
  Graph g("concurrent");
  Tensor x = g.input(DataType::Float32, {rows, cols});
  auto [v, i] = g.topK(x, 1, 8, AxisDirection::Decreasing);
  g.output(v);
  g.output(i);
  g.output(g.reduce(x, ReduceFunction::Sum, {1}));
  std::vector<float> input(rows * cols);
  for (size_t k = 0; k < input.size(); ++k)
    input[k] = static_cast<float>((k * 2654435761u) % 10007) / 10007.0f;
  for (unsigned threads : {1u, 2u}) {
    CompileOptions options;
    options.threads = threads;
    ASSERT_OK_AND_ASSIGN(kernel, getCompiler().compile(g, options));
    EXPECT_EQ(kernel->threads(), threads);
    struct Result {
      std::vector<float> values = std::vector<float>(64 * 8);
      std::vector<uint32_t> indices = std::vector<uint32_t>(64 * 8);
      std::vector<float> sums = std::vector<float>(64);
      bool ok = true;
    };
    Result reference;
    EXPECT_OK(kernel->run({input.data()}, {reference.values.data(),
                                           reference.indices.data(),
                                           reference.sums.data()}));
    std::vector<Result> results(8);
    std::vector<std::thread> workers;
    for (Result &result : results)
      workers.emplace_back([&] {
        for (int repeat = 0; repeat < 20; ++repeat)
          result.ok &= kernel
                           ->run({input.data()},
                                 {result.values.data(), result.indices.data(),
                                  result.sums.data()})
                           .ok();
      });
    for (std::thread &worker : workers)
      worker.join();
    for (const Result &result : results) {
      EXPECT_TRUE(result.ok);
      EXPECT_EQ(result.values, reference.values);
      EXPECT_EQ(result.indices, reference.indices);
      EXPECT_EQ(result.sums, reference.sums);
    }
  }
}

TEST(Compiler, RunErrorsAreReported) {
  Graph g("errors");
  Tensor x = g.input(DataType::Float32, {4});
  g.output(g.reduce(x, ReduceFunction::Sum, {0}));
  ASSERT_OK_AND_ASSIGN(kernel, getCompiler().compile(g));
  float input[4] = {1, 2, 3, 4}, output = 0;
  Status status = kernel->run({}, {&output});
  EXPECT_FALSE(status.ok());
  EXPECT_NE(status.message().find("takes 1 input buffer(s), got 0"),
            std::string::npos)
      << status.message();
  status = kernel->run({input}, {});
  EXPECT_NE(status.message().find("has 1 output buffer(s), got 0"),
            std::string::npos)
      << status.message();
  status = kernel->run({nullptr}, {&output});
  EXPECT_NE(status.message().find("input 0 is a null pointer"),
            std::string::npos);
  status = kernel->run({input}, {nullptr});
  EXPECT_NE(status.message().find("output 0 is a null pointer"),
            std::string::npos);
  EXPECT_FALSE(kernel->run(nullptr, 1, nullptr, 1).ok());
  EXPECT_OK(kernel->run({input}, {&output}));
  EXPECT_EQ(output, 10.0f);
}

// An embedding bag whose sums are scaled: fused, the gathered rows are summed
// where they are read; the sums (a reduction does not fuse into its
// consumer) live in the kernel's workspace (temporaryBytes); a caller may
// bind its own.
TEST(Compiler, Workspace) {
  Graph g("bag");
  Tensor table = g.input(DataType::Float32, {1, 10, 16});
  Tensor ids = g.input(DataType::Int32, {1, 4, 3});
  g.output(g.identity(
      g.reduce(g.gather(table, ids, 1, 2), ReduceFunction::Sum, {1}),
      ScaleBias{2.0f, 1.0f}));
  ASSERT_OK_AND_ASSIGN(kernel, getCompiler().compile(g));
  EXPECT_GE(kernel->temporaryBytes(), uint64_t(4 * 16 * 4));
  EXPECT_EQ(kernel->temporaryBytes() % Kernel::workspaceAlignment, 0u);
  EXPECT_EQ(kernel->persistentBytes(), 0u);
  std::vector<float> tableData(10 * 16);
  for (size_t k = 0; k < tableData.size(); ++k)
    tableData[k] = static_cast<float>(k);
  std::vector<int32_t> idData = {0, 1, 2, 9, 9, 9, -1, 3, 0, 5, 5, 5};
  std::vector<float> own(4 * 16), bound(4 * 16, -1.0f);
  EXPECT_OK(kernel->run({tableData.data(), idData.data()}, {own.data()}));
  EXPECT_EQ(own[0], 2.0f * (0.0f + 16.0f + 32.0f) + 1.0f);
  size_t bytes = kernel->temporaryBytes();
  std::vector<uint8_t> storage(bytes + Kernel::workspaceAlignment);
  uint8_t *workspace =
      storage.data() + (Kernel::workspaceAlignment -
                        reinterpret_cast<uintptr_t>(storage.data()) %
                            Kernel::workspaceAlignment) %
                           Kernel::workspaceAlignment;
  EXPECT_OK(kernel->run({tableData.data(), idData.data()}, {bound.data()},
                        workspace, bytes));
  EXPECT_EQ(bound, own);
  Status status = kernel->run({tableData.data(), idData.data()}, {bound.data()},
                              workspace, bytes - 1);
  EXPECT_NE(status.message().find(
                "the workspace has " + std::to_string(bytes - 1) +
                " bytes, the kernel needs " + std::to_string(bytes)),
            std::string::npos)
      << status.message();
  status = kernel->run({tableData.data(), idData.data()}, {bound.data()},
                       workspace + 8, bytes);
  EXPECT_NE(status.message().find("must be 64-byte aligned"), std::string::npos)
      << status.message();
}

TEST(Compiler, CompileErrors) {
  Compiler compiler;
  Graph empty("empty");
  Expected<KernelPtr> kernel = compiler.compile(empty);
  EXPECT_FALSE(kernel.ok());
  EXPECT_NE(kernel.message().find("no output"), std::string::npos);
  Graph failed("failed");
  Tensor x = failed.input(DataType::Float32, {4});
  failed.output(failed.argMax(x, {1}));
  kernel = compiler.compile(failed);
  EXPECT_FALSE(kernel.ok());
  EXPECT_NE(kernel.message().find("'dml.arg_max' op"), std::string::npos)
      << kernel.message();
  Graph fine("fine");
  fine.output(fine.reduce(fine.input(DataType::Float32, {4}),
                          ReduceFunction::Sum, {0}));
  kernel = compiler.compile(fine, {/*optLevel=*/7});
  EXPECT_FALSE(kernel.ok());
  EXPECT_FALSE(compiler.compileMLIR("this is not MLIR").ok());
}

// Options out of their ranges are one error from compile (never an abort,
// never silently the default): vectorBits other than 0 (by the host CPU)
// must be a power of two up to 1024, threads at most 1024.
TEST(Compiler, OptionsOutOfRange) {
  Compiler compiler;
  Graph graph("sum");
  graph.output(graph.reduce(graph.input(DataType::Float32, {4}),
                            ReduceFunction::Sum, {0}));
  CompileOptions negativeBits;
  negativeBits.vectorBits = -512;
  Expected<KernelPtr> kernel = compiler.compile(graph, negativeBits);
  ASSERT_FALSE(kernel.ok());
  EXPECT_EQ(kernel.message(),
            "dml-cpu-pipeline: option 'vector-bits' must be a power of two "
            "in [1, 1024], got -512");
  CompileOptions oddBits;
  oddBits.vectorBits = 100;
  EXPECT_FALSE(compiler.compile(graph, oddBits).ok());
  CompileOptions manyThreads;
  manyThreads.threads = 1025;
  kernel = compiler.compile(graph, manyThreads);
  ASSERT_FALSE(kernel.ok());
  EXPECT_NE(kernel.message().find("option 'threads' must be in [0, 1024]"),
            std::string::npos)
      << kernel.message();
  // The ends of the ranges compile.
  CompileOptions ends;
  ends.vectorBits = 1024;
  ends.threads = 1024;
  EXPECT_TRUE(compiler.compile(graph, ends).ok());
}

TEST(Compiler, MLIRTextWithStrides) {
  const char *text = R"mlir(
    func.func @rowsum(%x: tensor<3x4xf32> {dml.strides = array<i64: 0, 1>})
        -> tensor<3x1xf32> {
      %y = dml.reduce %x, function = sum, axes = [1]
          : tensor<3x4xf32> -> tensor<3x1xf32>
      return %y : tensor<3x1xf32>
    }
    func.func private @unused()
  )mlir";
  ASSERT_OK_AND_ASSIGN(kernel, getCompiler().compileMLIR(text));
  EXPECT_EQ(kernel->name(), "rowsum");
  ASSERT_EQ(kernel->inputs().size(), 1u);
  EXPECT_EQ(kernel->inputs()[0],
            TensorDesc(DataType::Float32, {3, 4}, std::vector<int64_t>{0, 1}));
  float row[4] = {1, 2, 3, 4};
  float sums[3] = {};
  EXPECT_OK(kernel->run({row}, {sums}));
  EXPECT_EQ(sums[0], 10.0f);
  EXPECT_EQ(sums[2], 10.0f);
  EXPECT_FALSE(getCompiler().compileMLIR(text, "missing").ok());
}

TEST(Compiler, DirectMLOperatorDescription) {
  uint32_t inputSizes[] = {2, 4}, outputSizes[] = {2, 2};
  BufferTensorDesc input{DataType::Float32, 0, 2, inputSizes, nullptr, 32, 0};
  BufferTensorDesc values{DataType::Float32, 0, 2, outputSizes, nullptr, 16, 0};
  BufferTensorDesc indices{DataType::UInt32, 0, 2, outputSizes, nullptr, 16, 0};
  TopK1OperatorDesc topK{&input, &values, &indices, 1, 2,
                         AxisDirection::Increasing};
  ASSERT_OK_AND_ASSIGN(kernel, getCompiler().compileOperator(
                                   {OperatorType::TopK1, &topK}));
  std::vector<float> x = {1, 3, 2, 4, 4, 1, 2, 3};
  std::vector<float> v(4);
  std::vector<uint32_t> i(4);
  EXPECT_OK(kernel->run({x.data()}, {v.data(), i.data()}));
  EXPECT_EQ(v, (std::vector<float>{1, 2, 1, 2}));
  EXPECT_EQ(i, (std::vector<uint32_t>{0, 2, 1, 2}));

  // Strided input (a broadcast row) through the DirectML description.
  uint32_t reduceSizes[] = {3, 4}, strides[] = {0, 1}, reducedSizes[] = {3, 1};
  BufferTensorDesc reduceInput{DataType::Float32, 0, 2, reduceSizes, strides,
                               16, 0};
  BufferTensorDesc reduceOutput{DataType::Float32, 0, 2, reducedSizes, nullptr,
                                12, 0};
  uint32_t axes[] = {1};
  ReduceOperatorDesc reduce{ReduceFunction::Sum, &reduceInput, &reduceOutput,
                            1, axes};
  ASSERT_OK_AND_ASSIGN(sumKernel, getCompiler().compileOperator(
                                      {OperatorType::Reduce, &reduce}));
  float row[4] = {1, 2, 3, 4}, sums[3] = {};
  EXPECT_OK(sumKernel->run({row}, {sums}));
  EXPECT_EQ(sums[1], 10.0f);

  // The description's output must match what the operator produces.
  BufferTensorDesc wrongOutput{DataType::Float32, 0, 2, reduceSizes, nullptr,
                               48, 0};
  ReduceOperatorDesc wrong{ReduceFunction::Sum, &reduceInput, &wrongOutput, 1,
                           axes};
  Expected<KernelPtr> failed =
      getCompiler().compileOperator({OperatorType::Reduce, &wrong});
  EXPECT_FALSE(failed.ok());
  EXPECT_NE(failed.message().find("OutputTensor"), std::string::npos)
      << failed.message();
  // Too small a buffer for the sizes and strides.
  BufferTensorDesc small{DataType::Float32, 0, 2, inputSizes, nullptr, 8, 0};
  TopK1OperatorDesc smallTopK{&small, &values, &indices, 1, 2,
                              AxisDirection::Increasing};
  failed = getCompiler().compileOperator({OperatorType::TopK1, &smallTopK});
  EXPECT_NE(failed.message().find("TotalTensorSizeInBytes"), std::string::npos)
      << failed.message();
  // Verifier errors come through too.
  TopK1OperatorDesc badK{&input, &values, &indices, 1, 9,
                         AxisDirection::Increasing};
  failed = getCompiler().compileOperator({OperatorType::TopK1, &badK});
  EXPECT_NE(failed.message().find("'dml.top_k' op"), std::string::npos)
      << failed.message();
}

} // namespace
