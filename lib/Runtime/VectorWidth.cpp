//===- VectorWidth.cpp - Code generation choices per target CPU -----------===//

#include "dml/Runtime/VectorWidth.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

#include <memory>

using namespace mlir;

int64_t
dml::chooseVectorBits(llvm::function_ref<bool(llvm::StringRef)> hasFeature) {
  if (hasFeature("avx512f"))
    return 512;
  if (hasFeature("avx2"))
    return 256;
  return 128;
}

bool dml::chooseLongRowWide(llvm::StringRef cpuName) {
  // AMD Zen 5 reads 4 long rows with a whole 4-register chunk each (J bursts
  // of 4 lines per step) 12-20 % faster than one row at a time or 4 rows of
  // one register each (bench/README.md, R1 on the quiet AMD host); on the
  // Intel Xeons neither beat one register per row beyond the noise.
  return cpuName.starts_with("znver");
}

bool dml::chooseHomeRanges(llvm::StringRef cpuName) {
  // The two vCPUs of the AMD Zen 5 host keep separate caches: a thread that
  // reads the same rows at every call finds them in its cache, 8-13 % faster
  // for R1 at 2 threads. On the 16-core Xeon the same schedule lost up to
  // 28 % (R2 at 4 threads, R4 at 4-16) and won on R2/A2 at 2 threads
  // (bench/README.md, home-ranges on the Xeon).
  return cpuName.starts_with("znver");
}

int64_t dml::chooseRowBlockMinRows(llvm::StringRef cpuName) {
  // AMD Zen 5 (1 MiB L2, one long row per step) ran softmax -> top_k (SM)
  // 26 % faster at 1 thread and 10 % at 2 with one 128 KB row per block
  // than with blocks of 2 rows, R3 16 % faster at 1 thread; 96 KB rows
  // gained too, while 64 KB rows ran best by 4 (2 per block: +35 %). On the
  // 16-core Xeon one row per block lost 16-27 % (Intel's layout reads 4
  // long rows of a block at once; bench/README.md, branch sm-dram).
  return cpuName.starts_with("znver") ? 4 : 2;
}

bool dml::chooseStreamPagePrefetch(llvm::StringRef cpuName) {
  // Store-only loops stream on every CPU (stream-fills; the Intel Xeons
  // write O1 1.9-2.8x faster so than with ordinary stores). AMD Zen 5
  // streamed one_hot's 524 MB at 1 thread in 10.9 ms with a line of each
  // page prefetched first, 26.3 ms without, 20.1 with ordinary stores. On the
  // 16-core Xeon the prefetch gained nothing on O1 and G1, and O1 ran fastest
  // in 16-byte pieces, which store-only loops keep without this option
  // (bench/README.md, branch cpu-o1).
  return cpuName.starts_with("znver");
}

bool dml::chooseGatheredRowPrefetch(llvm::StringRef cpuName) {
  // AMD Zen 5 copied G1's gathered 3 KiB rows 25-30 % faster with each row
  // prefetched 3 rows ahead (branch cpu-mem); on the 16-core Xeon the same
  // prefetches cost 5-10 % at 4-16 threads in two alternated sessions
  // (bench/README.md, branch cpu-x16).
  return cpuName.starts_with("znver");
}

int64_t dml::chooseLongRowClaimsPerThread(llvm::StringRef cpuName) {
  // On the 16-core Xeon R1 with 32 claims per thread instead of 8 ran 2-7 %
  // faster at 2-8 threads in two alternated sessions (the direction of
  // run 6's -6..-13 %); a gather's 3 KiB rows lost 10-30 % with as fine
  // claims, so only long rows take them (bench/README.md, branch cpu-x16).
  // AMD Zen keeps its home ranges of 8 blocks per thread (not measured).
  return cpuName.starts_with("znver") ? 0 : 32;
}

bool dml::chooseX86Scalef(
    llvm::function_ref<bool(llvm::StringRef)> hasFeature) {
  return hasFeature("avx512f");
}

bool dml::chooseX86TableExp(
    llvm::function_ref<bool(llvm::StringRef)> hasFeature) {
  // The 16-entry table fits one zmm register only with AVX-512F; AVX2's
  // 8-entry vpermps ymm would need a longer polynomial (the current one).
  return hasFeature("avx512f");
}

dml::CPUTarget dml::CPUTarget::host() {
  auto features =
      std::make_shared<llvm::StringMap<bool>>(llvm::sys::getHostCPUFeatures());
  return {llvm::sys::getHostCPUName().str(),
          [features](llvm::StringRef name) { return features->lookup(name); }};
}

dml::CPUTarget dml::CPUTarget::of(const llvm::TargetMachine &machine) {
  std::string name = machine.getTargetCPU().str();
  if (!machine.getTargetTriple().isX86())
    return {name, [](llvm::StringRef) { return false; }};
  const llvm::MCSubtargetInfo *subtarget = machine.getMCSubtargetInfo();
  return {name, [subtarget](llvm::StringRef feature) {
            return subtarget->checkFeatures(("+" + feature).str());
          }};
}

/// Sets `option` (an AVX-512F instruction's use) to `available` unless it
/// was given; an explicit true where the instruction is not available is an
/// error naming the option, the instruction and the CPU.
static llvm::Error
chooseIfAvailable(mlir::detail::PassOptions::Option<bool> &option,
                  bool available, llvm::StringRef name,
                  llvm::StringRef instruction, const dml::CPUTarget &target) {
  if (!option.hasValue())
    option = available;
  else if (option && !available)
    return llvm::createStringError(
        (name + "=true needs a target with AVX-512F (" + instruction +
         "); the target CPU '" + target.name + "' with its features has none")
            .str());
  return llvm::Error::success();
}

llvm::Error dml::chooseTargetOptions(CPUPipelineOptions &options,
                                     const CPUTarget &target) {
  if (!options.vectorBits.hasValue())
    options.vectorBits = chooseVectorBits(target.hasFeature);
  if (!options.longRowWide.hasValue())
    options.longRowWide = chooseLongRowWide(target.name);
  if (!options.homeRanges.hasValue())
    options.homeRanges = chooseHomeRanges(target.name);
  if (!options.rowBlockMinRows.hasValue())
    options.rowBlockMinRows = chooseRowBlockMinRows(target.name);
  if (!options.streamPagePrefetch.hasValue())
    options.streamPagePrefetch = chooseStreamPagePrefetch(target.name);
  if (!options.prefetchGatheredRows.hasValue())
    options.prefetchGatheredRows = chooseGatheredRowPrefetch(target.name);
  if (!options.longRowClaimsPerThread.hasValue())
    options.longRowClaimsPerThread = chooseLongRowClaimsPerThread(target.name);
  if (llvm::Error error = chooseIfAvailable(
          options.realignRows, chooseRealignRows(target.hasFeature),
          "realign-rows", "vpermi2ps", target))
    return error;
  // Without AVX-512F the intrinsics would crash LLVM's instruction
  // selection.
  if (llvm::Error error = chooseIfAvailable(
          options.x86TableExp, chooseX86TableExp(target.hasFeature),
          "x86-table-exp", "vpermps zmm", target))
    return error;
  return chooseIfAvailable(options.x86Scalef,
                           chooseX86Scalef(target.hasFeature), "x86-scalef",
                           "vscalefps", target);
}

bool dml::chooseRealignRows(
    llvm::function_ref<bool(llvm::StringRef)> hasFeature) {
  // Realigned rows rebuild each 16-lane vector with vpermi2ps (AVX-512F).
  // Any CPU: a load that spans two cache lines costs every x86 core extra
  // (R1 on numpy's buffers, 16 bytes past a page: 1.94 vs 1.48 ms on the
  // AMD host, bench/README.md, branch cpu-r1).
  return hasFeature("avx512f");
}
