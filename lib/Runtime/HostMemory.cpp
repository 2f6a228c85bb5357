//===- HostMemory.cpp - Aligned host buffers on huge pages ----------------===//

#include "dml/Runtime/HostMemory.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>

#if defined(__linux__)
#include <sys/mman.h>
#endif

using namespace mlir::dml;

void *mlir::dml::allocateHostMemory(size_t bytes, size_t alignment) {
  bool huge = bytes >= kHugePageThreshold;
  if (huge)
    alignment = std::max(alignment, kHugePageBytes);
  // aligned_alloc wants a multiple of the alignment.
  if (bytes == 0 || bytes > SIZE_MAX - alignment)
    return nullptr;
  size_t rounded = llvm::alignTo(bytes, alignment);
  void *pointer = std::aligned_alloc(alignment, rounded);
#if defined(MADV_HUGEPAGE)
  // Before the first touch, so that the page faults map huge pages. A
  // failure (no transparent huge pages in this kernel) leaves small pages.
  if (pointer && huge)
    (void)madvise(pointer, rounded, MADV_HUGEPAGE);
#endif
  return pointer;
}
