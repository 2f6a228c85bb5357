//===- AllocationCounter.cpp - Heap allocations of a code region ----------===//

#include "AllocationCounter.h"

#include <atomic>
#include <cerrno>
#include <cstddef>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer) ||     \
    __has_feature(thread_sanitizer)
#define DML_RUN_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define DML_RUN_SANITIZED 1
#endif

#if !defined(DML_RUN_SANITIZED) && defined(__GLIBC__)
#define DML_RUN_COUNT_ALLOCATIONS 1
#endif

static std::atomic<bool> counting{false};
static std::atomic<uint64_t> countedBytes{0};
static std::atomic<uint64_t> countedAllocations{0};

bool dml_run::isAllocationCountingAvailable() {
#ifdef DML_RUN_COUNT_ALLOCATIONS
  return true;
#else
  return false;
#endif
}

void dml_run::startCountingAllocations() {
  countedBytes = 0;
  countedAllocations = 0;
  counting = true;
}

dml_run::AllocationCount dml_run::stopCountingAllocations() {
  counting = false;
  return {countedBytes.load(), countedAllocations.load()};
}

#ifdef DML_RUN_COUNT_ALLOCATIONS
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

static inline void record(size_t bytes) {
  if (counting.load(std::memory_order_relaxed)) {
    countedBytes.fetch_add(bytes, std::memory_order_relaxed);
    countedAllocations.fetch_add(1, std::memory_order_relaxed);
  }
}

// glibc's own entry points, which its malloc/free aliases call.
extern "C" {
void *__libc_malloc(size_t);
void *__libc_calloc(size_t, size_t);
void *__libc_realloc(void *, size_t);
void *__libc_memalign(size_t, size_t);
void __libc_free(void *);

void *malloc(size_t bytes) {
  record(bytes);
  return __libc_malloc(bytes);
}
void free(void *pointer) { __libc_free(pointer); }
void *calloc(size_t count, size_t size) {
  record(count * size);
  return __libc_calloc(count, size);
}
void *realloc(void *pointer, size_t bytes) {
  record(bytes);
  return __libc_realloc(pointer, bytes);
}
void *memalign(size_t alignment, size_t bytes) {
  record(bytes);
  return __libc_memalign(alignment, bytes);
}
void *aligned_alloc(size_t alignment, size_t bytes) {
  record(bytes);
  return __libc_memalign(alignment, bytes);
}
int posix_memalign(void **result, size_t alignment, size_t bytes) {
  record(bytes);
  if (alignment % sizeof(void *) || (alignment & (alignment - 1)))
    return EINVAL;
  void *pointer = __libc_memalign(alignment, bytes);
  if (!pointer)
    return ENOMEM;
  *result = pointer;
  return 0;
}
// Anonymous mappings are fresh memory; glibc's malloc maps internally,
// without going through this symbol, so nothing is counted twice.
void *mmap(void *address, size_t length, int protection, int flags, int fd,
           off_t offset) {
  if (flags & MAP_ANONYMOUS)
    record(length);
  return reinterpret_cast<void *>(
      syscall(SYS_mmap, address, length, protection, flags, fd, offset));
}
void *mmap64(void *address, size_t length, int protection, int flags, int fd,
             off_t offset) {
  return mmap(address, length, protection, flags, fd, offset);
}
}
#endif
