//===- HostMemory.h - Aligned host buffers on huge pages --------*- C++ -*-===//
//
// The buffers the runtime allocates for kernels (tensors, workspaces). Large
// ones are asked onto transparent huge pages: on a Linux host whose huge
// pages are `madvise` (the common default), a stream read through 4 KiB
// pages restarts the hardware prefetcher and walks the page table every
// 4 KiB, and one core read 26-29 GB/s where the same buffer on 2 MiB pages
// read 39-52 GB/s (AMD EPYC Zen 5, bench/README.md "Huge pages"). numpy
// asks the same for every array of at least 4 MiB, so callers that pass
// numpy arrays get it already.
//
//===----------------------------------------------------------------------===//

#ifndef DML_RUNTIME_HOSTMEMORY_H
#define DML_RUNTIME_HOSTMEMORY_H

#include <cstddef>

namespace mlir::dml {

/// Buffers of at least this many bytes are aligned to kHugePageBytes and
/// advised onto huge pages (numpy's threshold).
constexpr size_t kHugePageThreshold = size_t(4) << 20;
/// The x86-64 and AArch64 (4 KiB granule) transparent huge page size.
constexpr size_t kHugePageBytes = size_t(2) << 20;

/// `bytes` (> 0) of memory aligned to `alignment` (a power of two), to be
/// released with std::free; null when it cannot be allocated. From
/// kHugePageThreshold bytes on, the memory is aligned to kHugePageBytes and,
/// on Linux, advised onto transparent huge pages before anything touches
/// it; the advice is only a hint (a host without huge pages ignores it).
void *allocateHostMemory(size_t bytes, size_t alignment);

} // namespace mlir::dml

#endif // DML_RUNTIME_HOSTMEMORY_H
