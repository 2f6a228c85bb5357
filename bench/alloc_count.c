// Heap-allocation counter for the benchmark suite (bench/README.md, "bytes
// allocated per call"). Preloaded into a contestant's process:
//
//   clang -O2 -shared -fPIC bench/alloc_count.c -o alloc_count.so -ldl
//   LD_PRELOAD=./alloc_count.so DML_BENCH_ALLOC_OUT=counts.txt PROGRAM ...
//
// It forwards malloc, calloc, realloc, the aligned allocators and free to
// glibc's __libc_* entry points and counts, over all threads, the calls and
// the bytes requested. A process steers it through access(2) on paths under
// /dev/null/ (never a directory, so the call fails harmlessly with ENOTDIR);
// Python's os.access and Node's fs.accessSync both call access(2):
//
//   access("/dev/null/dml-bench-alloc/reset")          counters := 0
//   access("/dev/null/dml-bench-alloc/report/LABEL")   append "LABEL BYTES CALLS"
//                                                      to $DML_BENCH_ALLOC_OUT
//
// and at exit it appends "exit BYTES CALLS" (totals since the last reset).
//
// With DML_BENCH_ALLOC_CALLERS=jit it counts only calls made from code outside
// every loaded object (dladdr finds none): JIT-compiled code. dml-run's
// kernels call malloc directly, so the exit totals of `dml-run --benchmark=N`
// are the kernel's allocations in N + 1 calls (the warm-up call included),
// without the compiler's, whose allocations vary from run to run.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);
extern void __libc_free(void *pointer);

static _Atomic uint64_t allocatedBytes;
static _Atomic uint64_t allocationCalls;
static int jitCallersOnly; // set once by the constructor, before main
static __thread int insideCount;

static void __attribute__((constructor(101))) readOptions(void) {
  const char *callers = getenv("DML_BENCH_ALLOC_CALLERS");
  jitCallersOnly = callers && strcmp(callers, "jit") == 0;
}

static void count(size_t bytes, void *caller) {
  if (jitCallersOnly) {
    if (insideCount)
      return;
    insideCount = 1;
    Dl_info info;
    int inObject = dladdr(caller, &info) != 0;
    insideCount = 0;
    if (inObject)
      return;
  }
  atomic_fetch_add_explicit(&allocatedBytes, bytes, memory_order_relaxed);
  atomic_fetch_add_explicit(&allocationCalls, 1, memory_order_relaxed);
}

#define CALLER __builtin_return_address(0)

void *malloc(size_t size) {
  count(size, CALLER);
  return __libc_malloc(size);
}

void *calloc(size_t countOf, size_t size) {
  count(countOf * size, CALLER);
  return __libc_calloc(countOf, size);
}

void *realloc(void *pointer, size_t size) {
  count(size, CALLER);
  return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

void *memalign(size_t alignment, size_t size) {
  count(size, CALLER);
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  count(size, CALLER);
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0)
    return EINVAL;
  count(size, CALLER);
  void *pointer = __libc_memalign(alignment, size);
  if (!pointer)
    return ENOMEM;
  *result = pointer;
  return 0;
}

void *valloc(size_t size) {
  count(size, CALLER);
  return __libc_valloc(size);
}

void *pvalloc(size_t size) {
  count(size, CALLER);
  return __libc_pvalloc(size);
}

// Appends "LABEL BYTES CALLS\n" to $DML_BENCH_ALLOC_OUT without allocating.
static void report(const char *label) {
  const char *path = getenv("DML_BENCH_ALLOC_OUT");
  if (!path)
    return;
  char line[256];
  size_t length = 0;
  for (; label[length] && length < 128; ++length)
    line[length] = label[length];
  uint64_t values[2] = {atomic_load(&allocatedBytes),
                        atomic_load(&allocationCalls)};
  for (int v = 0; v < 2; ++v) {
    char digits[24];
    int n = 0;
    uint64_t x = values[v];
    do {
      digits[n++] = (char)('0' + x % 10);
      x /= 10;
    } while (x);
    line[length++] = ' ';
    while (n)
      line[length++] = digits[--n];
  }
  line[length++] = '\n';
  int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0)
    return;
  ssize_t written = write(fd, line, length);
  (void)written;
  close(fd);
}

static const char controlPrefix[] = "/dev/null/dml-bench-alloc/";

// Returns 1 when `path` was a control path (and acts on it).
static int control(const char *path) {
  if (!path || strncmp(path, controlPrefix, sizeof(controlPrefix) - 1) != 0)
    return 0;
  const char *command = path + sizeof(controlPrefix) - 1;
  if (strcmp(command, "reset") == 0) {
    atomic_store(&allocatedBytes, 0);
    atomic_store(&allocationCalls, 0);
  } else if (strncmp(command, "report/", 7) == 0) {
    report(command + 7);
  }
  return 1;
}

int access(const char *path, int mode) {
  if (control(path)) {
    errno = ENOTDIR;
    return -1;
  }
  return faccessat(AT_FDCWD, path, mode, 0);
}

static void __attribute__((destructor)) reportAtExit(void) { report("exit"); }
