//===- AotTest.cpp - AOT objects and shared libraries, linked and run -----===//
//
// Compiles graphs to an object file and a shared library with a C header,
// links them into a C program with the system compiler and runs it.
//
//===----------------------------------------------------------------------===//

#include "TestUtils.h"

#include "dml/Compiler/Aot.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

using namespace dml;

namespace {

std::string makeTempDir() {
  char pattern[] = "/tmp/dml-aot-test-XXXXXX";
  const char *dir = mkdtemp(pattern);
  return dir ? dir : "";
}

void writeText(const std::string &path, const std::string &text) {
  std::ofstream(path) << text;
}

std::string readText(const std::string &path) {
  std::ifstream in(path);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

int runCommand(const std::string &command) {
  int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

Graph buildTopKGraph() {
  Graph g("aot_topk");
  // A transposed (column-major) 3x4 input, read in place.
  Tensor x = g.input(DataType::Float32, {3, 4}, std::vector<int64_t>{1, 3});
  auto [v, i] = g.topK(x, 1, 2, AxisDirection::Decreasing);
  g.output(v);
  g.output(i);
  g.output(g.reduce(x, ReduceFunction::Sum, {1}));
  return g;
}

// The C program: x is given column-major, as the strides say.
const char *kMain = R"c(
#include "kernel.h"
#include <stdio.h>
int main(void) {
  /* logical rows {1,5,2,4}, {8,6,7,5}, {0,9,3,1}, stored column-major */
  const float x[AOT_TOPK_IN0_ELEMENTS] = {1, 8, 0, 5, 6, 9, 2, 7, 3, 4, 5, 1};
  float values[AOT_TOPK_OUT0_ELEMENTS];
  uint32_t indices[AOT_TOPK_OUT1_ELEMENTS];
  float sums[AOT_TOPK_OUT2_ELEMENTS];
  const float expectedValues[6] = {5, 4, 8, 7, 9, 3};
  const uint32_t expectedIndices[6] = {1, 3, 0, 2, 1, 2};
  const float expectedSums[3] = {12, 26, 13};
  aot_topk(x, values, indices, sums);
  for (int k = 0; k < 6; ++k)
    if (values[k] != expectedValues[k] || indices[k] != expectedIndices[k]) {
      printf("mismatch at %d: %g %u\n", k, values[k], indices[k]);
      return 1;
    }
  for (int k = 0; k < 3; ++k)
    if (sums[k] != expectedSums[k]) {
      printf("sum mismatch at %d: %g\n", k, sums[k]);
      return 1;
    }
  printf("ok\n");
  return 0;
}
)c";

TEST(Aot, ObjectFileLinkedIntoACProgram) {
  std::string dir = makeTempDir();
  ASSERT_FALSE(dir.empty());
  AotOptions options;
  options.headerPath = dir + "/kernel.h";
  EXPECT_OK(compileToFile(buildTopKGraph(), dir + "/kernel.o", options));
  std::string header = readText(dir + "/kernel.h");
  EXPECT_NE(header.find("int aot_topk(const float *in0, float *out0, "
                        "uint32_t *out1, float *out2);"),
            std::string::npos)
      << header;
  EXPECT_NE(header.find("#define AOT_TOPK_IN0_ELEMENTS 12"), std::string::npos)
      << header;
  writeText(dir + "/main.c", kMain);
  std::string build = std::string(DML_SYSTEM_LINKER) + " -std=c99 -I" + dir +
                      " " + dir + "/main.c " + dir + "/kernel.o -lm -o " +
                      dir + "/main";
  ASSERT_EQ(runCommand(build), 0) << build;
  EXPECT_EQ(runCommand(dir + "/main"), 0);
  runCommand("rm -rf " + dir);
}

TEST(Aot, SharedLibraryLinkedIntoACProgram) {
  std::string dir = makeTempDir();
  ASSERT_FALSE(dir.empty());
  AotOptions options;
  options.headerPath = dir + "/kernel.h";
  EXPECT_OK(compileToFile(buildTopKGraph(), dir + "/libkernel.so", options));
  writeText(dir + "/main.c", kMain);
  std::string build = std::string(DML_SYSTEM_LINKER) + " -std=c99 -I" + dir +
                      " " + dir + "/main.c -L" + dir + " -lkernel -Wl,-rpath," +
                      dir + " -o " + dir + "/main";
  ASSERT_EQ(runCommand(build), 0) << build;
  EXPECT_EQ(runCommand(dir + "/main"), 0);
  runCommand("rm -rf " + dir);
}

TEST(Aot, MLIRTextAndErrors) {
  std::string dir = makeTempDir();
  ASSERT_FALSE(dir.empty());
  const char *text = R"mlir(
    func.func @a(%x: tensor<4xf32>) -> tensor<1xf32> {
      %y = dml.reduce %x, function = max, axes = [0]
          : tensor<4xf32> -> tensor<1xf32>
      return %y : tensor<1xf32>
    }
    func.func @b(%x: tensor<4xi32>) -> tensor<1xui32> {
      %y = dml.arg_max %x, axes = [0], direction = increasing
          : tensor<4xi32> -> tensor<1xui32>
      return %y : tensor<1xui32>
    })mlir";
  ASSERT_OK_AND_ASSIGN(header, generateHeader(text, "MY_GUARD"));
  EXPECT_NE(header.find("int a(const float *in0, float *out0);"),
            std::string::npos);
  EXPECT_NE(header.find("int b(const int32_t *in0, uint32_t *out0);"),
            std::string::npos);
  EXPECT_NE(header.find("#ifndef MY_GUARD"), std::string::npos);
  EXPECT_OK(compileMLIRToFile(text, dir + "/two.o"));
  // A named target triple cross-compiles.
  AotOptions cross;
  cross.targetTriple = "aarch64-unknown-linux-gnu";
  EXPECT_OK(compileMLIRToFile(text, dir + "/two-aarch64.o", cross));
  AotOptions badTarget;
  badTarget.targetTriple = "nonsense-unknown-none";
  EXPECT_FALSE(compileMLIRToFile(text, dir + "/bad.o", badTarget).ok());
  Status status = compileMLIRToFile("func.func @c-d() { return }",
                                    dir + "/bad.o");
  EXPECT_FALSE(status.ok());
  EXPECT_FALSE(compileMLIRToFile("garbage", dir + "/bad.o").ok());
  // Options out of their ranges: an error Status naming the option.
  AotOptions oddBits;
  oddBits.vectorBits = 100;
  status = compileMLIRToFile(text, dir + "/bad.o", oddBits);
  EXPECT_EQ(status.message(), "dml-cpu-pipeline: option 'vector-bits' must be "
                              "a power of two in [1, 1024], got 100");
  AotOptions badCPUOption;
  badCPUOption.cpuPipelineOptions = "long-row-streams=8";
  status = compileMLIRToFile(text, dir + "/bad.o", badCPUOption);
  EXPECT_EQ(status.message(), "dml-cpu-pipeline: option 'long-row-streams' "
                              "must be in [1, 4], got 8");
  runCommand("rm -rf " + dir);
}

} // namespace
