//===- VectorWidth.h - Code generation choices per target CPU ---*- C++ -*-===//
//
// The options of dml-cpu-pipeline that depend on the CPU code is generated
// for: the vector width (`vector-bits`: 512 bits with AVX-512, 256 with
// AVX2, otherwise 128), and the per-microarchitecture tunings measured in
// bench/README.md. The JIT asks the host, ahead-of-time compilation the
// target machine it compiles for; an explicit option overrides both.
//
//===----------------------------------------------------------------------===//

#ifndef DML_RUNTIME_VECTORWIDTH_H
#define DML_RUNTIME_VECTORWIDTH_H

#include "dml/Pipelines/Pipelines.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <functional>
#include <string>

namespace llvm {
class TargetMachine;
} // namespace llvm

namespace mlir::dml {

/// The CPU that code is generated for: its LLVM name and a predicate on
/// LLVM feature names ("avx512f"). Every option left to the target is
/// chosen from these two, the same way for the JIT (the host) and for
/// ahead-of-time compilation (a target machine).
struct CPUTarget {
  /// The CPU this process runs on.
  static CPUTarget host();
  /// The CPU and features of `machine`; no feature answers off x86 (feature
  /// names are per target: asking another target about "avx2" only warns).
  static CPUTarget of(const llvm::TargetMachine &machine);

  std::string name;
  std::function<bool(llvm::StringRef)> hasFeature;
};

/// The vector width rule: 512 bits with avx512f, 256 with avx2, else 128.
int64_t chooseVectorBits(llvm::function_ref<bool(llvm::StringRef)> hasFeature);

/// Whether the rows of at least 16 KiB that an inner reduction reads at once
/// keep a whole chunk each on the LLVM CPU `cpuName` (the long-row-wide
/// pipeline option).
bool chooseLongRowWide(llvm::StringRef cpuName);

/// Whether each OpenMP thread claims the blocks of its own contiguous range
/// first on the LLVM CPU `cpuName` (the home-ranges pipeline option).
bool chooseHomeRanges(llvm::StringRef cpuName);

/// The fewest rows of a block of several rows of a fused chain of row
/// reductions on the LLVM CPU `cpuName` (the row-block-min-rows pipeline
/// option, dml-fuse-rows' min-block-rows): fewer fitting rows run one per
/// block.
int64_t chooseRowBlockMinRows(llvm::StringRef cpuName);

/// Whether rows written with line-aligned non-temporal stores get one line
/// of each page prefetched for writing first on the LLVM CPU `cpuName` (the
/// stream-page-prefetch pipeline option).
bool chooseStreamPagePrefetch(llvm::StringRef cpuName);

/// Whether a gather of whole rows prefetches the rows some iterations ahead
/// on the LLVM CPU `cpuName` (the prefetch-gathered-rows pipeline option).
bool chooseGatheredRowPrefetch(llvm::StringRef cpuName);

/// Blocks per thread that the parallel loop of an inner reduction of long
/// rows claims on the LLVM CPU `cpuName` (the long-row-claims-per-thread
/// pipeline option; 0: claims-per-thread).
int64_t chooseLongRowClaimsPerThread(llvm::StringRef cpuName);

/// Whether f32 exp may scale by vscalefps on its float exponent (the
/// x86-scalef pipeline option).
bool chooseX86Scalef(llvm::function_ref<bool(llvm::StringRef)> hasFeature);

/// Whether f32 exp looks 2^(j/16) up in a 16-entry table held in a zmm
/// register (vpermps, AVX-512F; the x86-table-exp pipeline option).
bool chooseX86TableExp(llvm::function_ref<bool(llvm::StringRef)> hasFeature);

/// Whether long f32 rows of inner reductions that start off a 64-byte
/// boundary are read with aligned loads rebuilt by vpermi2ps (the
/// realign-rows pipeline option): the features answer for LLVM feature
/// names.
bool chooseRealignRows(llvm::function_ref<bool(llvm::StringRef)> hasFeature);

/// Sets each option of `options` that is left to the target (vector-bits,
/// long-row-wide, home-ranges, stream-page-prefetch, prefetch-gathered-rows,
/// long-row-claims-per-thread, realign-rows, x86-scalef, x86-table-exp) by
/// the rules above for `target`; options given explicitly stay. Fails, naming
/// the option, on an explicit option that `target` cannot execute.
llvm::Error chooseTargetOptions(CPUPipelineOptions &options,
                                const CPUTarget &target);

} // namespace mlir::dml

#endif // DML_RUNTIME_VECTORWIDTH_H
