//===- VectorWidth.cpp - Vector register width per target -----------------===//

#include "dml/Runtime/VectorWidth.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

using namespace mlir;

int64_t
dml::chooseVectorBits(llvm::function_ref<bool(llvm::StringRef)> hasFeature) {
  if (hasFeature("avx512f"))
    return 512;
  if (hasFeature("avx2"))
    return 256;
  return 128;
}

int64_t dml::getHostVectorBits() {
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  return chooseVectorBits(
      [&](llvm::StringRef name) { return features.lookup(name); });
}

int64_t dml::getTargetVectorBits(const llvm::TargetMachine &machine) {
  // Feature names are per target: asking another target about "avx2" only
  // warns.
  if (!machine.getTargetTriple().isX86())
    return 128;
  const llvm::MCSubtargetInfo *subtarget = machine.getMCSubtargetInfo();
  return chooseVectorBits([&](llvm::StringRef name) {
    return subtarget->checkFeatures(("+" + name).str());
  });
}

bool dml::chooseLongRowWide(llvm::StringRef cpuName) {
  // AMD Zen 5 reads 4 long rows with a whole 4-register chunk each (J bursts
  // of 4 lines per step) 12-20 % faster than one row at a time or 4 rows of
  // one register each (bench/README.md, R1 on the quiet AMD host); on the
  // Intel Xeons neither beat one register per row beyond the noise.
  return cpuName.starts_with("znver");
}

bool dml::getHostLongRowWide() {
  return chooseLongRowWide(llvm::sys::getHostCPUName());
}

bool dml::chooseHomeRanges(llvm::StringRef cpuName) {
  // The two vCPUs of the AMD Zen 5 host keep separate caches: a thread that
  // reads the same rows at every call finds them in its cache, 8-13 % faster
  // for R1 at 2 threads. On the 16-core Xeon the same schedule lost up to
  // 28 % (R2 at 4 threads, R4 at 4-16) and won on R2/A2 at 2 threads
  // (bench/README.md, home-ranges on the Xeon).
  return cpuName.starts_with("znver");
}

bool dml::getHostHomeRanges() {
  return chooseHomeRanges(llvm::sys::getHostCPUName());
}

bool dml::chooseStreamFills(llvm::StringRef cpuName) {
  // Every CPU measured streams store-only outputs: the Intel Xeons 1.9-2.8x
  // faster than with ordinary stores (O1); AMD Zen 5 46-52 % faster with
  // whole-line stores and a prefetched line per page
  // (chooseStreamPagePrefetch), 30 % slower without (bench/README.md, O1,
  // branch cpu-o1).
  (void)cpuName;
  return true;
}

bool dml::chooseStreamPagePrefetch(llvm::StringRef cpuName) {
  // AMD Zen 5 streamed one_hot's 524 MB at 1 thread in 10.9 ms with a line
  // of each page prefetched first, 26.3 ms without, 20.1 with ordinary
  // stores. On the 16-core Xeon the prefetch gained nothing on O1 and G1,
  // and O1 ran fastest in 16-byte pieces, which store-only loops keep
  // without this option (bench/README.md, branch cpu-o1).
  return cpuName.starts_with("znver");
}

bool dml::getHostStreamPagePrefetch() {
  return chooseStreamPagePrefetch(llvm::sys::getHostCPUName());
}

bool dml::getHostStreamFills() {
  return chooseStreamFills(llvm::sys::getHostCPUName());
}

bool dml::chooseX86Scalef(
    llvm::function_ref<bool(llvm::StringRef)> hasFeature) {
  return hasFeature("avx512f");
}

bool dml::getHostX86Scalef() {
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  return chooseX86Scalef(
      [&](llvm::StringRef name) { return features.lookup(name); });
}

bool dml::getTargetX86Scalef(const llvm::TargetMachine &machine) {
  if (!machine.getTargetTriple().isX86())
    return false;
  const llvm::MCSubtargetInfo *subtarget = machine.getMCSubtargetInfo();
  return chooseX86Scalef([&](llvm::StringRef name) {
    return subtarget->checkFeatures(("+" + name).str());
  });
}
