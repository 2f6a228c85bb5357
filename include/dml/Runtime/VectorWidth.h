//===- VectorWidth.h - Vector register width per target ---------*- C++ -*-===//
//
// The vector width code generation tunes for (dml-cpu-pipeline's
// `vector-bits`), chosen from what the target CPU has: 512 bits with
// AVX-512 (avx512f), 256 with AVX2, otherwise 128 (SSE2, NEON). The JIT asks
// the host, ahead-of-time compilation the target machine it compiles for; an
// explicit `vector-bits` overrides both.
//
//===----------------------------------------------------------------------===//

#ifndef DML_RUNTIME_VECTORWIDTH_H
#define DML_RUNTIME_VECTORWIDTH_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>

namespace llvm {
class TargetMachine;
} // namespace llvm

namespace mlir::dml {

/// The rule: `hasFeature` answers for LLVM feature names ("avx512f").
int64_t chooseVectorBits(llvm::function_ref<bool(llvm::StringRef)> hasFeature);
/// The width for the CPU this process runs on.
int64_t getHostVectorBits();
/// The width for the CPU and features of `machine` (128 off x86).
int64_t getTargetVectorBits(const llvm::TargetMachine &machine);

/// Whether the rows of at least 16 KiB that an inner reduction reads at once
/// keep a whole chunk each on the LLVM CPU `cpuName` (the long-row-wide
/// pipeline option).
bool chooseLongRowWide(llvm::StringRef cpuName);
/// chooseLongRowWide for the CPU this process runs on.
bool getHostLongRowWide();

/// Whether each OpenMP thread claims the blocks of its own contiguous range
/// first on the LLVM CPU `cpuName` (the home-ranges pipeline option).
bool chooseHomeRanges(llvm::StringRef cpuName);
/// chooseHomeRanges for the CPU this process runs on.
bool getHostHomeRanges();

/// Whether store-only loops (one_hot, fills) write streaming-size outputs
/// with non-temporal stores on the LLVM CPU `cpuName` (the stream-fills
/// pipeline option).
bool chooseStreamFills(llvm::StringRef cpuName);
/// chooseStreamFills for the CPU this process runs on.
bool getHostStreamFills();

/// Whether rows written with line-aligned non-temporal stores get one line
/// of each page prefetched for writing first on the LLVM CPU `cpuName` (the
/// stream-page-prefetch pipeline option).
bool chooseStreamPagePrefetch(llvm::StringRef cpuName);
/// chooseStreamPagePrefetch for the CPU this process runs on.
bool getHostStreamPagePrefetch();

/// Whether f32 exp may scale by vscalefps on its float exponent (the
/// x86-scalef pipeline option): the features answer for LLVM feature names.
bool chooseX86Scalef(llvm::function_ref<bool(llvm::StringRef)> hasFeature);
/// chooseX86Scalef for the CPU this process runs on.
bool getHostX86Scalef();
/// chooseX86Scalef for the CPU and features of `machine` (false off x86).
bool getTargetX86Scalef(const llvm::TargetMachine &machine);

} // namespace mlir::dml

#endif // DML_RUNTIME_VECTORWIDTH_H
