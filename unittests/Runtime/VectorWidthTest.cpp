//===- VectorWidthTest.cpp - Tests of the vector width per target ---------===//

#include "dml/Runtime/VectorWidth.h"

#include "dml/Dialect/DML/IR/DMLDialect.h"
#include "dml/Runtime/JitKernel.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::dml;

namespace {

/// A feature predicate true for exactly `features`.
std::function<bool(llvm::StringRef)>
hasOnly(std::initializer_list<llvm::StringRef> features) {
  auto set = std::make_shared<llvm::StringSet<>>();
  for (llvm::StringRef feature : features)
    set->insert(feature);
  return [set](llvm::StringRef feature) { return set->contains(feature); };
}

int64_t bitsFor(std::initializer_list<llvm::StringRef> features) {
  return chooseVectorBits(hasOnly(features));
}

TEST(VectorWidth, Rule) {
  EXPECT_EQ(bitsFor({"sse2", "avx", "avx2", "avx512f"}), 512);
  EXPECT_EQ(bitsFor({"sse2", "avx", "avx2", "fma"}), 256);
  // AVX without AVX2 has no 256-bit integer operations.
  EXPECT_EQ(bitsFor({"sse2", "avx"}), 128);
  EXPECT_EQ(bitsFor({"neon"}), 128);
  EXPECT_EQ(bitsFor({}), 128);
}

/// A target machine of `triple` and `cpu`, or null when LLVM has no such
/// target.
std::unique_ptr<llvm::TargetMachine> createMachine(llvm::StringRef tripleName,
                                                   llvm::StringRef cpu,
                                                   llvm::StringRef features) {
  llvm::InitializeAllTargetInfos();
  llvm::InitializeAllTargets();
  llvm::InitializeAllTargetMCs();
  llvm::Triple triple(tripleName);
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return nullptr;
  return std::unique_ptr<llvm::TargetMachine>(target->createTargetMachine(
      triple, cpu, features, llvm::TargetOptions(), std::nullopt));
}

/// `choice` for a target machine of `triple`, `cpu` and `features`, or -1
/// when LLVM has no such target.
int64_t chooseForMachine(llvm::function_ref<int64_t(const CPUTarget &)> choice,
                         llvm::StringRef tripleName, llvm::StringRef cpu,
                         llvm::StringRef features = "") {
  std::unique_ptr<llvm::TargetMachine> machine =
      createMachine(tripleName, cpu, features);
  return machine ? choice(CPUTarget::of(*machine)) : -1;
}

int64_t bitsForTarget(llvm::StringRef tripleName, llvm::StringRef cpu,
                      llvm::StringRef features = "") {
  return chooseForMachine(
      [](const CPUTarget &target) {
        return chooseVectorBits(target.hasFeature);
      },
      tripleName, cpu, features);
}

TEST(VectorWidth, AheadOfTimeTargets) {
  EXPECT_EQ(bitsForTarget("x86_64-unknown-linux-gnu", "x86-64-v4"), 512);
  EXPECT_EQ(bitsForTarget("x86_64-unknown-linux-gnu", "znver5"), 512);
  EXPECT_EQ(bitsForTarget("x86_64-unknown-linux-gnu", "x86-64-v3"), 256);
  EXPECT_EQ(bitsForTarget("x86_64-unknown-linux-gnu", "x86-64"), 128);
  // Features added to or removed from the CPU's count too.
  EXPECT_EQ(bitsForTarget("x86_64-unknown-linux-gnu", "x86-64", "+avx2"), 256);
  EXPECT_EQ(bitsForTarget("x86_64-unknown-linux-gnu", "x86-64-v4", "-avx512f"),
            256);
  int64_t arm = bitsForTarget("aarch64-unknown-linux-gnu", "generic");
  if (arm != -1)
    EXPECT_EQ(arm, 128);
}

// The JIT's answer (the host's features) and AOT's for the host CPU (a
// target machine) agree.
TEST(VectorWidth, HostMatchesItsTargetMachine) {
  std::string features;
  for (const auto &feature : llvm::sys::getHostCPUFeatures())
    features += std::string(features.empty() ? "" : ",") +
                (feature.second ? "+" : "-") + feature.first().str();
  std::unique_ptr<llvm::TargetMachine> machine = createMachine(
      llvm::sys::getProcessTriple(), llvm::sys::getHostCPUName(), features);
  ASSERT_TRUE(machine);
  CPUPipelineOptions fromHost, fromMachine;
  ASSERT_FALSE(bool(chooseTargetOptions(fromHost, CPUTarget::host())));
  ASSERT_FALSE(bool(chooseTargetOptions(fromMachine, CPUTarget::of(*machine))));
  EXPECT_EQ(fromHost.vectorBits, fromMachine.vectorBits);
  EXPECT_EQ(fromHost.longRowWide, fromMachine.longRowWide);
  EXPECT_EQ(fromHost.homeRanges, fromMachine.homeRanges);
  EXPECT_EQ(fromHost.streamPagePrefetch, fromMachine.streamPagePrefetch);
  EXPECT_EQ(fromHost.realignRows, fromMachine.realignRows);
  EXPECT_EQ(fromHost.x86Scalef, fromMachine.x86Scalef);
  EXPECT_EQ(fromHost.x86TableExp, fromMachine.x86TableExp);
}

/// A target of the LLVM CPU `name` with exactly `features`.
CPUTarget targetOf(llvm::StringRef name,
                   std::initializer_list<llvm::StringRef> features) {
  return {name.str(), hasOnly(features)};
}

/// Sets `options` to `explicitOptions` and what `target` chooses for the
/// rest.
void choose(CPUPipelineOptions &options, const CPUTarget &target,
            llvm::StringRef explicitOptions = "") {
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  EXPECT_TRUE(succeeded(options.parseFromString(explicitOptions, errorStream)))
      << errors;
  llvm::Error error = chooseTargetOptions(options, target);
  EXPECT_FALSE(bool(error)) << llvm::toString(std::move(error));
}

TEST(TargetOptions, EachLeftToTheTarget) {
  CPUPipelineOptions zen, xeon, avx2;
  choose(zen, targetOf("znver5", {"avx2", "avx512f"}));
  EXPECT_EQ(zen.vectorBits, 512);
  EXPECT_TRUE(zen.longRowWide);
  EXPECT_TRUE(zen.homeRanges);
  EXPECT_TRUE(zen.streamPagePrefetch);
  EXPECT_TRUE(zen.realignRows);
  EXPECT_TRUE(zen.x86Scalef);
  EXPECT_TRUE(zen.x86TableExp);
  choose(xeon, targetOf("sapphirerapids", {"avx2", "avx512f"}));
  EXPECT_EQ(xeon.vectorBits, 512);
  EXPECT_FALSE(xeon.longRowWide);
  EXPECT_FALSE(xeon.homeRanges);
  EXPECT_FALSE(xeon.streamPagePrefetch);
  EXPECT_TRUE(xeon.realignRows);
  EXPECT_TRUE(xeon.x86Scalef);
  EXPECT_TRUE(xeon.x86TableExp);
  choose(avx2, targetOf("x86-64-v3", {"avx2"}));
  EXPECT_EQ(avx2.vectorBits, 256);
  EXPECT_FALSE(avx2.realignRows);
  EXPECT_FALSE(avx2.x86Scalef);
  EXPECT_FALSE(avx2.x86TableExp);
}

TEST(TargetOptions, ExplicitOptionsStay) {
  CPUPipelineOptions zen;
  choose(zen, targetOf("znver5", {"avx2", "avx512f"}),
         "vector-bits=128 long-row-wide=false home-ranges=false "
         "stream-page-prefetch=false realign-rows=false x86-scalef=false "
         "x86-table-exp=false");
  EXPECT_EQ(zen.vectorBits, 128);
  EXPECT_FALSE(zen.longRowWide);
  EXPECT_FALSE(zen.homeRanges);
  EXPECT_FALSE(zen.streamPagePrefetch);
  EXPECT_FALSE(zen.realignRows);
  EXPECT_FALSE(zen.x86Scalef);
  EXPECT_FALSE(zen.x86TableExp);
}

/// The error of choosing for an AVX2 target with `explicitOptions`.
std::string errorOnAvx2(llvm::StringRef explicitOptions) {
  CPUPipelineOptions options;
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  EXPECT_TRUE(succeeded(options.parseFromString(explicitOptions, errorStream)));
  llvm::Error error =
      chooseTargetOptions(options, targetOf("x86-64-v3", {"avx2"}));
  return error ? llvm::toString(std::move(error)) : "";
}

TEST(TargetOptions, Avx512OnlyOptionsOnAvx2AreErrors) {
  EXPECT_EQ(errorOnAvx2("x86-scalef=true"),
            "x86-scalef=true needs a target with AVX-512F (vscalefps); the "
            "target CPU 'x86-64-v3' with its features has none");
  EXPECT_EQ(errorOnAvx2("realign-rows=true"),
            "realign-rows=true needs a target with AVX-512F (vpermi2ps); the "
            "target CPU 'x86-64-v3' with its features has none");
  EXPECT_EQ(errorOnAvx2("x86-table-exp=true"),
            "x86-table-exp=true needs a target with AVX-512F (vpermps zmm); "
            "the target CPU 'x86-64-v3' with its features has none");
  EXPECT_EQ(errorOnAvx2("realign-rows=false x86-scalef=false "
                        "x86-table-exp=false"),
            "");
}

int64_t hostVectorBits() {
  return chooseVectorBits(CPUTarget::host().hasFeature);
}

constexpr const char *kModule = R"mlir(
func.func @add(%a: tensor<4x1024xf32>, %b: tensor<4x1024xf32>) -> tensor<4x1024xf32> {
  %e = tensor.empty() : tensor<4x1024xf32>
  %r = linalg.add ins(%a, %b : tensor<4x1024xf32>, tensor<4x1024xf32>)
                  outs(%e : tensor<4x1024xf32>) -> tensor<4x1024xf32>
  return %r : tensor<4x1024xf32>
}
)mlir";

/// A sum of 16 KiB rows (long rows, chooseLongRowWide).
constexpr const char *kLongRowSumModule = R"mlir(
func.func @sum(%x: tensor<8x4096xf32>) -> tensor<8x1xf32> {
  %r = dml.reduce %x, function = sum, axes = [1] : tensor<8x4096xf32> -> tensor<8x1xf32>
  return %r : tensor<8x1xf32>
}
)mlir";

/// The IR after the JIT's pipeline with `pipelineOptions`.
std::string jitIR(llvm::StringRef pipelineOptions,
                  const char *moduleText = kModule,
                  llvm::StringRef function = "add") {
  DialectRegistry registry;
  registry.insert<DMLDialect>();
  registerAllDialects(registry);
  registerAllExtensions(registry);
  MLIRContext context(registry);
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(moduleText, &context);
  EXPECT_TRUE(module);
  std::string ir;
  llvm::raw_string_ostream os(ir);
  JitKernelOptions options;
  options.printIRAfterAll = true;
  options.irStream = &os;
  options.pipelineOptions = pipelineOptions.str();
  llvm::Expected<std::unique_ptr<JitKernel>> kernel =
      JitKernel::compile(*module, function, options);
  EXPECT_TRUE(bool(kernel)) << llvm::toString(kernel.takeError());
  return ir;
}

/// Chunks are 4 registers of f32: 4 * bits / 32 lanes.
std::string chunkType(int64_t bits) {
  return "vector<" + std::to_string(bits / 8) + "xf32>";
}

TEST(VectorWidth, JitTunesForTheHost) {
  int64_t host = hostVectorBits();
  std::string ir = jitIR("");
  EXPECT_NE(ir.find(chunkType(host)), std::string::npos) << chunkType(host);
  for (int64_t other : {128, 256, 512})
    if (other != host)
      EXPECT_EQ(ir.find(chunkType(other)), std::string::npos)
          << chunkType(other);
}

TEST(VectorWidth, ExplicitVectorBitsOverride) {
  std::string ir = jitIR("vector-bits=128");
  EXPECT_NE(ir.find(chunkType(128)), std::string::npos);
  EXPECT_EQ(ir.find(chunkType(512)), std::string::npos);
  EXPECT_EQ(ir.find(chunkType(256)), std::string::npos);
}

TEST(LongRowWide, Rule) {
  EXPECT_TRUE(chooseLongRowWide("znver5"));
  EXPECT_TRUE(chooseLongRowWide("znver3"));
  EXPECT_FALSE(chooseLongRowWide("sapphirerapids"));
  EXPECT_FALSE(chooseLongRowWide("skylake-avx512"));
  EXPECT_FALSE(chooseLongRowWide("generic"));
  EXPECT_FALSE(chooseLongRowWide(""));
}

/// 4 rows at once (long-row-streams' default 4): one register each, or with
/// long-row-wide a whole 4-register chunk each.
constexpr const char *kFourRowLoop =
    "-> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)";
constexpr const char *kFourWideRowLoop =
    "-> (vector<64xf32>, vector<64xf32>, vector<64xf32>, vector<64xf32>)";
constexpr const char *kOneRowLoop = "-> (vector<64xf32>)";

TEST(LongRowWide, JitChoosesForTheHost) {
  bool wide = chooseLongRowWide(llvm::sys::getHostCPUName());
  std::string ir = jitIR("vector-bits=512", kLongRowSumModule, "sum");
  EXPECT_EQ(ir.find(kFourWideRowLoop) != std::string::npos, wide);
  EXPECT_EQ(ir.find(kFourRowLoop) != std::string::npos, !wide);
}

TEST(LongRowWide, ExplicitOptionsOverride) {
  for (bool wide : {false, true}) {
    std::string ir = jitIR(std::string("vector-bits=512 long-row-wide=") +
                               (wide ? "true" : "false"),
                           kLongRowSumModule, "sum");
    EXPECT_EQ(ir.find(kFourWideRowLoop) != std::string::npos, wide);
    EXPECT_EQ(ir.find(kFourRowLoop) != std::string::npos, !wide);
  }
  std::string ir =
      jitIR("vector-bits=512 long-row-streams=1", kLongRowSumModule, "sum");
  EXPECT_NE(ir.find(kOneRowLoop), std::string::npos);
  EXPECT_EQ(ir.find(kFourWideRowLoop), std::string::npos);
}

/// A one_hot of 64 MiB: a store-only loop of streaming size.
constexpr const char *kLargeOneHotModule = R"mlir(
func.func @one_hot(%j: tensor<4096x1xi32>, %w: tensor<1x2xf32>) -> tensor<4096x4096xf32> {
  %r = dml.one_hot %j, %w, axis = 1 : (tensor<4096x1xi32>, tensor<1x2xf32>) -> tensor<4096x4096xf32>
  return %r : tensor<4096x4096xf32>
}
)mlir";

bool streamsOneHot(llvm::StringRef pipelineOptions) {
  std::string ir = jitIR(pipelineOptions, kLargeOneHotModule, "one_hot");
  return ir.find("nontemporal") != std::string::npos;
}

TEST(RowBlockMinRows, Rule) {
  EXPECT_EQ(chooseRowBlockMinRows("znver5"), 4);
  EXPECT_EQ(chooseRowBlockMinRows("znver4"), 4);
  EXPECT_EQ(chooseRowBlockMinRows("sapphirerapids"), 2);
  EXPECT_EQ(chooseRowBlockMinRows("x86-64-v4"), 2);
  EXPECT_EQ(chooseRowBlockMinRows(""), 2);
}

/// LOG_SUM_EXP of 128000-byte rows: a chain of row reductions that
/// dml-fuse-rows runs by blocks of 2 rows (256 KiB) or, with at least 4 rows
/// per block asked, of 1 row.
constexpr const char *kLogSumExpModule = R"mlir(
func.func @lse(%x: tensor<64x32000xf32>) -> tensor<64x1xf32> {
  %r = dml.reduce %x, function = log_sum_exp, axes = [1] : tensor<64x32000xf32> -> tensor<64x1xf32>
  return %r : tensor<64x1xf32>
}
)mlir";

/// The number of rows of the block subview in `ir` (0: none found).
int64_t blockRows(const std::string &ir) {
  for (int64_t rows : {1, 2})
    if (ir.find("[" + std::to_string(rows) + ", 32000] [1, 1]") !=
        std::string::npos)
      return rows;
  return 0;
}

TEST(RowBlockMinRows, JitChoosesForTheHost) {
  int64_t minRows = chooseRowBlockMinRows(llvm::sys::getHostCPUName());
  EXPECT_EQ(blockRows(jitIR("", kLogSumExpModule, "lse")), minRows > 2 ? 1 : 2);
}

TEST(RowBlockMinRows, ExplicitOptionOverrides) {
  EXPECT_EQ(blockRows(jitIR("row-block-min-rows=4", kLogSumExpModule, "lse")),
            1);
  EXPECT_EQ(blockRows(jitIR("row-block-min-rows=2", kLogSumExpModule, "lse")),
            2);
  EXPECT_EQ(blockRows(jitIR("row-block-min-rows=2 row-block-bytes=131072",
                            kLogSumExpModule, "lse")),
            1);
}

TEST(HomeRanges, Rule) {
  EXPECT_TRUE(chooseHomeRanges("znver5"));
  EXPECT_TRUE(chooseHomeRanges("znver4"));
  EXPECT_FALSE(chooseHomeRanges("sapphirerapids"));
  EXPECT_FALSE(chooseHomeRanges("x86-64-v4"));
  EXPECT_FALSE(chooseHomeRanges(""));
}

TEST(StreamFills, OnForEveryHost) {
  EXPECT_TRUE(streamsOneHot("vector-bits=512"));
}

TEST(StreamFills, ExplicitOptionOverrides) {
  EXPECT_TRUE(streamsOneHot("vector-bits=512 stream-fills=true"));
  EXPECT_FALSE(streamsOneHot("vector-bits=512 stream-fills=false"));
}

TEST(StreamPagePrefetch, Rule) {
  EXPECT_TRUE(chooseStreamPagePrefetch("znver5"));
  EXPECT_TRUE(chooseStreamPagePrefetch("znver4"));
  EXPECT_FALSE(chooseStreamPagePrefetch("sapphirerapids"));
  EXPECT_FALSE(chooseStreamPagePrefetch("x86-64-v4"));
  EXPECT_FALSE(chooseStreamPagePrefetch(""));
}

/// The streamed one_hot's rows get write prefetches (one line per page).
bool prefetchesStreamedPages(llvm::StringRef pipelineOptions) {
  std::string ir = jitIR(pipelineOptions, kLargeOneHotModule, "one_hot");
  return ir.find("nontemporal") != std::string::npos &&
         ir.find("write, locality<3>") != std::string::npos;
}

TEST(StreamPagePrefetch, JitChoosesForTheHost) {
  bool prefetch = chooseStreamPagePrefetch(llvm::sys::getHostCPUName());
  EXPECT_EQ(prefetchesStreamedPages("vector-bits=512 stream-fills=true"),
            prefetch);
}

TEST(StreamPagePrefetch, ExplicitOptionOverrides) {
  EXPECT_TRUE(prefetchesStreamedPages(
      "vector-bits=512 stream-fills=true stream-page-prefetch=true"));
  EXPECT_FALSE(prefetchesStreamedPages(
      "vector-bits=512 stream-fills=true stream-page-prefetch=false"));
}

TEST(GatheredRowPrefetch, Rule) {
  EXPECT_TRUE(chooseGatheredRowPrefetch("znver5"));
  EXPECT_TRUE(chooseGatheredRowPrefetch("znver4"));
  EXPECT_FALSE(chooseGatheredRowPrefetch("sapphirerapids"));
  EXPECT_FALSE(chooseGatheredRowPrefetch("emeraldrapids"));
  EXPECT_FALSE(chooseGatheredRowPrefetch("x86-64-v4"));
  EXPECT_FALSE(chooseGatheredRowPrefetch(""));
}

TEST(LongRowClaimsPerThread, Rule) {
  EXPECT_EQ(chooseLongRowClaimsPerThread("znver5"), 0);
  EXPECT_EQ(chooseLongRowClaimsPerThread("znver4"), 0);
  EXPECT_EQ(chooseLongRowClaimsPerThread("sapphirerapids"), 32);
  EXPECT_EQ(chooseLongRowClaimsPerThread("x86-64-v4"), 32);
  EXPECT_EQ(chooseLongRowClaimsPerThread(""), 32);
}

/// A gather of 3 KiB rows (a row copy, chooseGatheredRowPrefetch).
constexpr const char *kRowGatherModule = R"mlir(
func.func @gather(%x: tensor<1000x768xf32>, %j: tensor<1x64xi32>) -> tensor<64x768xf32> {
  %g = dml.gather %x, %j, axis = 0, index_dimensions = 1 : (tensor<1000x768xf32>, tensor<1x64xi32>) -> tensor<64x768xf32>
  return %g : tensor<64x768xf32>
}
)mlir";

bool prefetchesGatheredRows(llvm::StringRef pipelineOptions) {
  std::string ir = jitIR(pipelineOptions, kRowGatherModule, "gather");
  return ir.find("memref.prefetch") != std::string::npos;
}

TEST(GatheredRowPrefetch, JitChoosesForTheHost) {
  EXPECT_EQ(prefetchesGatheredRows(""),
            chooseGatheredRowPrefetch(llvm::sys::getHostCPUName()));
}

TEST(GatheredRowPrefetch, ExplicitOptionOverrides) {
  EXPECT_TRUE(prefetchesGatheredRows("prefetch-gathered-rows=true"));
  EXPECT_FALSE(prefetchesGatheredRows("prefetch-gathered-rows=false"));
  EXPECT_FALSE(prefetchesGatheredRows(
      "prefetch-rows=false prefetch-gathered-rows=true"));
}

/// The rules of the options that need an AVX-512F instruction: x86-scalef
/// (vscalefps), x86-table-exp (vpermps zmm) and realign-rows (vpermi2ps;
/// on every AVX-512F target, AMD and Intel alike: a split load costs both).
using Avx512FRule = bool (*)(llvm::function_ref<bool(llvm::StringRef)>);
constexpr Avx512FRule kAvx512FRules[] = {chooseX86Scalef, chooseX86TableExp,
                                         chooseRealignRows};

TEST(Avx512FOptions, Rule) {
  for (Avx512FRule rule : kAvx512FRules) {
    EXPECT_TRUE(rule(hasOnly({"avx2", "avx512f"})));
    EXPECT_FALSE(rule(hasOnly({"avx2", "fma"})));
    EXPECT_FALSE(rule(hasOnly({"neon"})));
  }
}

// By the target's features, not by the vector width: --cpu x86-64-v4 with
// vector-bits=256 still has vscalefps (and vpermps, vpermi2ps).
TEST(Avx512FOptions, AheadOfTimeTargets) {
  for (Avx512FRule rule : kAvx512FRules) {
    auto chosenFor = [rule](llvm::StringRef triple, llvm::StringRef cpu,
                            llvm::StringRef features = "") {
      return chooseForMachine(
          [rule](const CPUTarget &target) {
            return int64_t(rule(target.hasFeature));
          },
          triple, cpu, features);
    };
    EXPECT_EQ(chosenFor("x86_64-unknown-linux-gnu", "x86-64-v4"), 1);
    EXPECT_EQ(chosenFor("x86_64-unknown-linux-gnu", "znver5"), 1);
    EXPECT_EQ(chosenFor("x86_64-unknown-linux-gnu", "sapphirerapids"), 1);
    EXPECT_EQ(chosenFor("x86_64-unknown-linux-gnu", "x86-64-v3"), 0);
    EXPECT_EQ(chosenFor("x86_64-unknown-linux-gnu", "x86-64-v4", "-avx512f"),
              0);
    int arm = chosenFor("aarch64-unknown-linux-gnu", "generic");
    if (arm != -1)
      EXPECT_EQ(arm, 0);
  }
}

constexpr const char *kExpModule = R"mlir(
func.func @exp(%x: tensor<4x64xf32>) -> tensor<4x64xf32> {
  %e = math.exp %x : tensor<4x64xf32>
  return %e : tensor<4x64xf32>
}
)mlir";

constexpr const char *kScalefIntrinsic = "llvm.x86.avx512.mask.scalef.ps.512";

TEST(X86Scalef, JitChoosesForTheHost) {
  bool scalef = chooseX86Scalef(CPUTarget::host().hasFeature);
  EXPECT_EQ(scalef, hostVectorBits() == 512);
  std::string ir = jitIR("vector-bits=512", kExpModule, "exp");
  EXPECT_EQ(ir.find(kScalefIntrinsic) != std::string::npos, scalef);
}

TEST(X86Scalef, ExplicitOptionOverrides) {
  // The IR is only printed, not run, so the intrinsic is fine on any host.
  EXPECT_EQ(jitIR("vector-bits=512 x86-scalef=false", kExpModule, "exp")
                .find(kScalefIntrinsic),
            std::string::npos);
  if (chooseX86Scalef(CPUTarget::host().hasFeature))
    EXPECT_NE(jitIR("vector-bits=512 x86-scalef=true", kExpModule, "exp")
                  .find(kScalefIntrinsic),
              std::string::npos);
}

constexpr const char *kTableIntrinsic = "llvm.x86.avx512.permvar.sf.512";

TEST(X86TableExp, JitChoosesForTheHostAndExplicitOverrides) {
  bool table = chooseX86TableExp(CPUTarget::host().hasFeature);
  EXPECT_EQ(jitIR("vector-bits=512", kExpModule, "exp").find(kTableIntrinsic) !=
                std::string::npos,
            table);
  EXPECT_EQ(jitIR("vector-bits=512 x86-table-exp=false", kExpModule, "exp")
                .find(kTableIntrinsic),
            std::string::npos);
}

constexpr const char *kPermuteIntrinsic = "llvm.x86.avx512.vpermi2var.ps.512";

TEST(RealignRows, JitChoosesForTheHost) {
  bool realign = chooseRealignRows(CPUTarget::host().hasFeature);
  EXPECT_EQ(realign, hostVectorBits() == 512);
  std::string ir = jitIR("vector-bits=512", kLongRowSumModule, "sum");
  EXPECT_EQ(ir.find(kPermuteIntrinsic) != std::string::npos, realign);
}

TEST(RealignRows, ExplicitOptionOverrides) {
  EXPECT_EQ(
      jitIR("vector-bits=512 realign-rows=false", kLongRowSumModule, "sum")
          .find(kPermuteIntrinsic),
      std::string::npos);
  if (chooseRealignRows(CPUTarget::host().hasFeature))
    EXPECT_NE(
        jitIR("vector-bits=512 realign-rows=true", kLongRowSumModule, "sum")
            .find(kPermuteIntrinsic),
        std::string::npos);
}

} // namespace
