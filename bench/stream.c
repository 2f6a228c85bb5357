// STREAM-style memory bandwidth probe for the roofline column of the
// DML-MLIR benchmark suite (bench/README.md).
//
//   stream [--threads=N] [--mib=M] [--reps=R] [--pages=huge|small]
//
// Prints one JSON object on stdout with the best (maximum) bandwidth over R
// repetitions of each kernel, in GB/s (1e9 bytes/s), counting the bytes the
// kernel must move: read = bytes loaded, write/write_nt = bytes stored,
// copy = bytes loaded + bytes stored. Arrays are M MiB each (default 1024,
// far above the L3), first-touched by the threads that later use them.
// --pages=huge (the default) asks the arrays onto transparent huge pages
// (madvise, as numpy does for every array of 4 MiB or more and the project's
// runtime for its buffers); --pages=small leaves them on 4 KiB pages, where
// a stream restarts the hardware prefetcher at every page (bench/README.md,
// "Huge pages"). The JSON says which pages the arrays got ("huge_kib": the
// process's AnonHugePages after the run).
//
// Kernels:
//   read      s += a[i]            (8 independent vector accumulators)
//   write     a[i] = v             (ordinary stores of a non-zero value, so no
//                                   memset; includes the read-for-ownership)
//   write_nt  a[i] = v             (non-temporal streaming stores)
//   copy      b[i] = a[i]          (ordinary stores)
#include <immintrin.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

// Each thread works on its contiguous chunk [lo, hi) of n floats; chunks are
// multiples of 16 floats (64 bytes) so every vector access is aligned.
static void chunk(size_t n, size_t *lo, size_t *hi) {
  int t = omp_get_thread_num(), nt = omp_get_num_threads();
  size_t lines = n / 16;
  *lo = lines * (size_t)t / (size_t)nt * 16;
  *hi = lines * (size_t)(t + 1) / (size_t)nt * 16;
}

static volatile float sink;

static void k_read(const float *a, size_t n) {
  float total = 0.f;
#pragma omp parallel reduction(+ : total)
  {
    size_t lo, hi;
    chunk(n, &lo, &hi);
    __m256 s0 = _mm256_setzero_ps(), s1 = s0, s2 = s0, s3 = s0, s4 = s0,
           s5 = s0, s6 = s0, s7 = s0;
    for (size_t i = lo; i + 64 <= hi; i += 64) {
      s0 = _mm256_add_ps(s0, _mm256_load_ps(a + i));
      s1 = _mm256_add_ps(s1, _mm256_load_ps(a + i + 8));
      s2 = _mm256_add_ps(s2, _mm256_load_ps(a + i + 16));
      s3 = _mm256_add_ps(s3, _mm256_load_ps(a + i + 24));
      s4 = _mm256_add_ps(s4, _mm256_load_ps(a + i + 32));
      s5 = _mm256_add_ps(s5, _mm256_load_ps(a + i + 40));
      s6 = _mm256_add_ps(s6, _mm256_load_ps(a + i + 48));
      s7 = _mm256_add_ps(s7, _mm256_load_ps(a + i + 56));
    }
    __m256 s = _mm256_add_ps(_mm256_add_ps(_mm256_add_ps(s0, s1), _mm256_add_ps(s2, s3)),
                             _mm256_add_ps(_mm256_add_ps(s4, s5), _mm256_add_ps(s6, s7)));
    float lanes[8];
    _mm256_storeu_ps(lanes, s);
    for (int l = 0; l < 8; ++l) total += lanes[l];
  }
  sink = total;
}

static void k_write(float *a, size_t n, float v) {
#pragma omp parallel
  {
    size_t lo, hi;
    chunk(n, &lo, &hi);
    __m256 x = _mm256_set1_ps(v);
    for (size_t i = lo; i + 8 <= hi; i += 8) _mm256_store_ps(a + i, x);
  }
}

static void k_write_nt(float *a, size_t n, float v) {
#pragma omp parallel
  {
    size_t lo, hi;
    chunk(n, &lo, &hi);
    __m256 x = _mm256_set1_ps(v);
    for (size_t i = lo; i + 8 <= hi; i += 8) _mm256_stream_ps(a + i, x);
    _mm_sfence();
  }
}

static void k_copy(float *b, const float *a, size_t n) {
#pragma omp parallel
  {
    size_t lo, hi;
    chunk(n, &lo, &hi);
    for (size_t i = lo; i + 8 <= hi; i += 8)
      _mm256_store_ps(b + i, _mm256_load_ps(a + i));
  }
}

// The process's anonymous memory on huge pages, in KiB (-1 if unknown).
static long huge_kib(void) {
  FILE *f = fopen("/proc/self/smaps_rollup", "r");
  if (!f)
    return -1;
  char line[256];
  long kib = -1;
  while (fgets(line, sizeof line, f))
    if (!strncmp(line, "AnonHugePages:", 14))
      kib = atol(line + 14);
  fclose(f);
  return kib;
}

static float *alloc_array(size_t bytes, int huge) {
  size_t align = huge ? (size_t)2 << 20 : 4096;
  float *p = aligned_alloc(align, (bytes + align - 1) / align * align);
#ifdef MADV_HUGEPAGE
  if (p && huge)
    madvise(p, bytes, MADV_HUGEPAGE);
#endif
  return p;
}

int main(int argc, char **argv) {
  int threads = 1, reps = 8, huge = 1;
  size_t mib = 1024;
  for (int i = 1; i < argc; ++i) {
    if (!strncmp(argv[i], "--threads=", 10)) threads = atoi(argv[i] + 10);
    else if (!strncmp(argv[i], "--mib=", 6)) mib = (size_t)atol(argv[i] + 6);
    else if (!strncmp(argv[i], "--reps=", 7)) reps = atoi(argv[i] + 7);
    else if (!strcmp(argv[i], "--pages=huge")) huge = 1;
    else if (!strcmp(argv[i], "--pages=small")) huge = 0;
    else {
      fprintf(stderr, "usage: stream [--threads=N] [--mib=M] [--reps=R] "
                      "[--pages=huge|small]\n");
      return 2;
    }
  }
  omp_set_num_threads(threads);
  size_t bytes = mib << 20, n = bytes / sizeof(float);
  float *a = alloc_array(bytes, huge), *b = alloc_array(bytes, huge);
  if (!a || !b) {
    fprintf(stderr, "stream: out of memory\n");
    return 1;
  }
  // First touch by the same threads and chunks as the kernels.
  k_write(a, n, 1.0f);
  k_write(b, n, 2.0f);

  double best[4] = {0, 0, 0, 0};
  for (int r = 0; r < reps; ++r) {
    double t0 = now();
    k_read(a, n);
    double t1 = now();
    k_write(b, n, 3.0f + (float)r);
    double t2 = now();
    k_write_nt(b, n, 4.0f + (float)r);
    double t3 = now();
    k_copy(b, a, n);
    double t4 = now();
    double bw[4] = {bytes / (t1 - t0), bytes / (t2 - t1), bytes / (t3 - t2),
                    2.0 * bytes / (t4 - t3)};
    for (int k = 0; k < 4; ++k)
      if (bw[k] > best[k]) best[k] = bw[k];
  }
  printf("{\"threads\": %d, \"mib\": %zu, \"reps\": %d, \"pages\": \"%s\", "
         "\"huge_kib\": %ld, \"read_gbs\": %.2f, \"write_gbs\": %.2f, "
         "\"write_nt_gbs\": %.2f, \"copy_gbs\": %.2f}\n",
         threads, mib, reps, huge ? "huge" : "small", huge_kib(), best[0] / 1e9,
         best[1] / 1e9, best[2] / 1e9, best[3] / 1e9);
  free(a);
  free(b);
  return 0;
}
