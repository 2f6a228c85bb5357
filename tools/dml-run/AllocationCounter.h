//===- AllocationCounter.h - Heap allocations of a code region --*- C++ -*-===//
//
// dml-run --benchmark reports the bytes and number of allocations made by
// the timed calls. dml-run itself defines malloc, calloc, realloc,
// memalign, aligned_alloc, posix_memalign and mmap (anonymous mappings),
// which count while counting is on and forward to glibc; being defined in
// the executable, they serve every library and the JIT-compiled code too.
// Sanitizer builds keep their own allocator: the counter is unavailable.
//
//===----------------------------------------------------------------------===//

#ifndef DML_TOOLS_DML_RUN_ALLOCATIONCOUNTER_H
#define DML_TOOLS_DML_RUN_ALLOCATIONCOUNTER_H

#include <cstdint>

namespace dml_run {

struct AllocationCount {
  uint64_t bytes = 0;
  uint64_t allocations = 0;
};

/// Whether this build counts allocations.
bool isAllocationCountingAvailable();
/// Starts counting from zero.
void startCountingAllocations();
/// Stops counting and returns what was allocated since the start.
AllocationCount stopCountingAllocations();

} // namespace dml_run

#endif // DML_TOOLS_DML_RUN_ALLOCATIONCOUNTER_H
