//===- DiskCacheTest.cpp - The on-disk cache through the embedding API ----===//
//
// A fresh Compiler on the same directory stands for a second process: it
// finds the kernel through the alias of the input as given (rawHits), with
// no parse and no pipeline; corrupt, truncated or dangling aliases are
// rebuilt; other options and other text are other keys.
//
//===----------------------------------------------------------------------===//

#include "TestUtils.h"

#include <dirent.h>
#include <fstream>
#include <iterator>
#include <stdlib.h>
#include <string>
#include <vector>

using namespace dml;

namespace {

const char *kRowSum = R"mlir(
  func.func @rowsum(%x: tensor<3x4xf32> {dml.strides = array<i64: 0, 1>})
      -> tensor<3x1xf32> {
    %y = dml.reduce %x, function = sum, axes = [1]
        : tensor<3x4xf32> -> tensor<3x1xf32>
    return %y : tensor<3x1xf32>
  }
)mlir";

class DiskCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    char pattern[] = "/tmp/dml-disk-cache-test-XXXXXX";
    const char *made = mkdtemp(pattern);
    ASSERT_NE(made, nullptr);
    dir = made;
  }
  void TearDown() override {
    for (const std::string &file : list(""))
      (void)std::remove(file.c_str());
    (void)rmdir(dir.c_str());
  }

  /// A new Compiler on the directory: what a new process would have.
  std::unique_ptr<Compiler> fresh() {
    DiskCacheOptions options;
    options.directory = dir;
    return std::make_unique<Compiler>(options);
  }

  /// Paths of the directory's files ending with `suffix`.
  std::vector<std::string> list(const std::string &suffix) const {
    std::vector<std::string> files;
    if (DIR *handle = opendir(dir.c_str())) {
      while (dirent *entry = readdir(handle)) {
        std::string name = entry->d_name;
        if (name == "." || name == "..")
          continue;
        if (name.size() >= suffix.size() &&
            name.compare(name.size() - suffix.size(), suffix.size(), suffix) ==
                0)
          files.push_back(dir + "/" + name);
      }
      closedir(handle);
    }
    return files;
  }

  static std::string read(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
  static void write(const std::string &path, const std::string &bytes) {
    std::ofstream(path, std::ios::binary) << bytes;
  }

  static void expectRowSums(const Kernel &kernel) {
    float row[4] = {1, 2, 3, 4};
    float sums[3] = {};
    EXPECT_OK(kernel.run({row}, {sums}));
    EXPECT_EQ(sums[0], 10.0f);
    EXPECT_EQ(sums[2], 10.0f);
  }

  std::string dir;
};

TEST_F(DiskCacheTest, FreshCompilerHitsThroughTheRawKey) {
  std::unique_ptr<Compiler> first = fresh();
  ASSERT_OK_AND_ASSIGN(compiled, first->compileMLIR(kRowSum));
  EXPECT_FALSE(compiled->compileTimes().cached);
  EXPECT_EQ(first->cacheStatistics().rawMisses, 1u);
  EXPECT_EQ(list(".dmlk").size(), 1u);
  EXPECT_EQ(list(".dmla").size(), 1u);

  std::unique_ptr<Compiler> second = fresh();
  ASSERT_OK_AND_ASSIGN(loaded, second->compileMLIR(kRowSum));
  CacheStatistics stats = second->cacheStatistics();
  EXPECT_EQ(stats.rawHits, 1u);
  EXPECT_EQ(stats.diskHits, 1u);
  EXPECT_EQ(stats.diskMisses, 0u);
  EXPECT_TRUE(loaded->compileTimes().cached);
  // No pass pipeline ran.
  EXPECT_EQ(loaded->compileTimes().pipelineMs, 0.0);
  // The signature came from the entry: name, strides, outputs, workspace.
  EXPECT_EQ(loaded->name(), "rowsum");
  EXPECT_EQ(loaded->inputs(), compiled->inputs());
  ASSERT_TRUE(loaded->inputs()[0].strides.has_value());
  EXPECT_EQ(*loaded->inputs()[0].strides, (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(loaded->outputs(), compiled->outputs());
  EXPECT_EQ(loaded->temporaryBytes(), compiled->temporaryBytes());
  expectRowSums(*loaded);
  // Again in the same Compiler: the in-memory cache, by the raw key.
  ASSERT_OK_AND_ASSIGN(again, second->compileMLIR(kRowSum));
  EXPECT_EQ(again.get(), loaded.get());
  EXPECT_EQ(second->cacheStatistics().hits, 1u);
  EXPECT_EQ(second->cacheStatistics().entries, 1u);
}

TEST_F(DiskCacheTest, GraphHitsThroughTheRawKey) {
  auto build = [] {
    Graph g("argmax");
    Tensor x = g.input(DataType::Float32, {4, 16});
    g.output(g.argMax(x, {1}, AxisDirection::Increasing));
    return g;
  };
  ASSERT_OK_AND_ASSIGN(compiled, fresh()->compile(build()));
  EXPECT_FALSE(compiled->compileTimes().cached);
  std::unique_ptr<Compiler> second = fresh();
  ASSERT_OK_AND_ASSIGN(loaded, second->compile(build()));
  EXPECT_TRUE(loaded->compileTimes().cached);
  EXPECT_EQ(second->cacheStatistics().rawHits, 1u);
  EXPECT_EQ(loaded->outputs(), compiled->outputs());
}

TEST_F(DiskCacheTest, OtherTextFindsTheEntryThenHasItsOwnAlias) {
  ASSERT_OK_AND_ASSIGN(compiled, fresh()->compileMLIR(kRowSum));
  // The same module spelled differently: the canonical key finds the entry
  // (no compilation), and an alias of this spelling is written.
  std::string respelled = std::string("// a comment\n") + kRowSum;
  std::unique_ptr<Compiler> second = fresh();
  ASSERT_OK_AND_ASSIGN(canonicalHit, second->compileMLIR(respelled));
  EXPECT_TRUE(canonicalHit->compileTimes().cached);
  EXPECT_EQ(second->cacheStatistics().rawHits, 0u);
  EXPECT_EQ(second->cacheStatistics().diskHits, 1u);
  EXPECT_EQ(list(".dmlk").size(), 1u);
  EXPECT_EQ(list(".dmla").size(), 2u);
  std::unique_ptr<Compiler> third = fresh();
  ASSERT_OK_AND_ASSIGN(rawHit, third->compileMLIR(respelled));
  EXPECT_EQ(third->cacheStatistics().rawHits, 1u);
}

TEST_F(DiskCacheTest, CorruptOrTruncatedAliasIsRebuilt) {
  ASSERT_OK_AND_ASSIGN(compiled, fresh()->compileMLIR(kRowSum));
  std::vector<std::string> aliases = list(".dmla");
  ASSERT_EQ(aliases.size(), 1u);
  std::string good = read(aliases[0]);
  std::string flipped = good;
  flipped[60] ^= 0x01; // a bit of the entry's hash
  for (const std::string &bad :
       {flipped, good.substr(0, good.size() - 1), std::string("DMLK")}) {
    write(aliases[0], bad);
    std::unique_ptr<Compiler> compiler = fresh();
    ASSERT_OK_AND_ASSIGN(kernel, compiler->compileMLIR(kRowSum));
    CacheStatistics stats = compiler->cacheStatistics();
    EXPECT_EQ(stats.rawHits, 0u);
    EXPECT_EQ(stats.diskRejected, 1u);
    // Found by the canonical key, and the alias written again.
    EXPECT_TRUE(kernel->compileTimes().cached);
    expectRowSums(*kernel);
    EXPECT_EQ(read(aliases[0]), good);
    std::unique_ptr<Compiler> next = fresh();
    ASSERT_OK_AND_ASSIGN(rawHit, next->compileMLIR(kRowSum));
    EXPECT_EQ(next->cacheStatistics().rawHits, 1u);
  }
}

TEST_F(DiskCacheTest, CorruptEntryBehindAnAliasIsRebuilt) {
  ASSERT_OK_AND_ASSIGN(compiled, fresh()->compileMLIR(kRowSum));
  std::vector<std::string> entries = list(".dmlk");
  ASSERT_EQ(entries.size(), 1u);
  std::string bytes = read(entries[0]);
  bytes[bytes.size() / 2] ^= 0x01;
  write(entries[0], bytes);
  std::unique_ptr<Compiler> compiler = fresh();
  ASSERT_OK_AND_ASSIGN(kernel, compiler->compileMLIR(kRowSum));
  EXPECT_FALSE(kernel->compileTimes().cached);
  EXPECT_EQ(compiler->cacheStatistics().rawHits, 0u);
  EXPECT_EQ(compiler->cacheStatistics().diskRejected, 1u);
  expectRowSums(*kernel);
  // An alias whose entry is gone: compiled again, then found again.
  (void)std::remove(entries[0].c_str());
  std::unique_ptr<Compiler> dangling = fresh();
  ASSERT_OK_AND_ASSIGN(rebuilt, dangling->compileMLIR(kRowSum));
  EXPECT_FALSE(rebuilt->compileTimes().cached);
  EXPECT_EQ(dangling->cacheStatistics().rawMisses, 1u);
  std::unique_ptr<Compiler> next = fresh();
  ASSERT_OK_AND_ASSIGN(rawHit, next->compileMLIR(kRowSum));
  EXPECT_EQ(next->cacheStatistics().rawHits, 1u);
}

TEST_F(DiskCacheTest, OtherOptionsMiss) {
  ASSERT_OK_AND_ASSIGN(compiled, fresh()->compileMLIR(kRowSum));
  CompileOptions optLevel;
  optLevel.optLevel = 2;
  CompileOptions threads;
  threads.threads = 2;
  CompileOptions scalar;
  scalar.vectorize = false;
  for (const CompileOptions &options : {optLevel, threads, scalar}) {
    std::unique_ptr<Compiler> compiler = fresh();
    ASSERT_OK_AND_ASSIGN(kernel, compiler->compileMLIR(kRowSum, "", options));
    EXPECT_FALSE(kernel->compileTimes().cached) << options.str();
    EXPECT_EQ(compiler->cacheStatistics().rawHits, 0u) << options.str();
  }
  EXPECT_EQ(list(".dmlk").size(), 4u);
  EXPECT_EQ(list(".dmla").size(), 4u);
}

TEST_F(DiskCacheTest, OffWritesNothing) {
  DiskCacheOptions off;
  off.directory = dir;
  off.enabled = false;
  Compiler compiler(off);
  ASSERT_OK_AND_ASSIGN(kernel, compiler.compileMLIR(kRowSum));
  expectRowSums(*kernel);
  CompileOptions noDisk;
  noDisk.diskCache = false;
  ASSERT_OK_AND_ASSIGN(other, fresh()->compileMLIR(kRowSum, "", noDisk));
  EXPECT_TRUE(list("").empty());
}

TEST_F(DiskCacheTest, EvictionCountsAliases) {
  // Room for about one entry: the second kernel's entry and alias evict
  // the first's, and the directory stays within the bound.
  ASSERT_OK_AND_ASSIGN(first, fresh()->compileMLIR(kRowSum));
  uint64_t oneKernel =
      read(list(".dmlk")[0]).size() + read(list(".dmla")[0]).size();
  DiskCacheOptions small;
  small.directory = dir;
  small.maxBytes = oneKernel + oneKernel / 2;
  Compiler compiler(small);
  CompileOptions scalar;
  scalar.vectorize = false;
  ASSERT_OK_AND_ASSIGN(second, compiler.compileMLIR(kRowSum, "", scalar));
  uint64_t total = 0;
  for (const std::string &file : list(""))
    total += read(file).size();
  EXPECT_LE(total, small.maxBytes);
  EXPECT_EQ(list(".dmlk").size(), 1u);
}

} // namespace
