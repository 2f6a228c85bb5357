// Alternated rounds of SM, SH, SM4, SH4 over the timing-only variants of
// bench/probes/sm_parts_variants.py (bench/README.md, "SM and SH: the
// per-row phases, measured"). Inputs: the suite's distinct rows, read from
// INPUT (1024 x 32000 f32; SH takes the first 64 rows, SM4/SH4 the first
// 4), copied to page-aligned buffers. The first library must be the base.
//   cc -O2 sm_parts_harness.c -o harness -ldl
//   ./harness INPUT ROUNDS KERNELS(SM4,SH4,SM,SH,SM64) LIB.so...
// Prints per kernel and library: ns per 16 lanes, the median over rounds of
// the round minima, and of the round medians.
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

typedef int (*Kernel)(const float *, float *, uint64_t *, void *);
static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e9 + t.tv_nsec;
}
static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}
static double median(double *v, int n) {
  qsort(v, n, sizeof *v, cmp);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

int main(int argc, char **argv) {
  // SM64: SM's [64, 32000] copy (sm-skew), SH's size with SM's code.
  const char *names[] = {"SM4", "SH4", "SM", "SH", "SM64"};
  const int rows[] = {4, 4, 1024, 64, 64}, iters[] = {2000, 2000, 12, 200, 200};
  int rounds = atoi(argv[2]);
  const char *wanted = argv[3];
  int nlib = argc - 4;
  size_t n = 1024 * 32000;
  // SMP_HUGE=1: the input and the workspace on transparent huge pages
  // (physically contiguous 2 MiB: no L2 set conflicts from page placement).
  int huge = getenv("SMP_HUGE") && atoi(getenv("SMP_HUGE"));
  size_t align = huge ? 2 << 20 : 4096;
  float *x = aligned_alloc(align, n * 4);
  if (huge)
    madvise(x, n * 4, MADV_HUGEPAGE);
  FILE *f = fopen(argv[1], "rb");
  if (!f || fread(x, 4, n, f) != n)
    return 1;
  fclose(f);
  float *out = aligned_alloc(4096, 1 << 20);
  uint64_t *idx = aligned_alloc(4096, 1 << 20);
  Kernel k[64][5];
  for (int l = 0; l < nlib; ++l) {
    void *h = dlopen(argv[4 + l], RTLD_NOW | RTLD_LOCAL);
    if (!h) {
      fprintf(stderr, "%s\n", dlerror());
      return 1;
    }
    for (int c = 0; c < 5; ++c) {
      char sym[64];
      snprintf(sym, sizeof sym, "%s_with_workspace", names[c]);
      k[l][c] = (Kernel)dlsym(h, sym);
    }
  }
  // One workspace for every library: the first library (the base) fills
  // its scratch once, so variants that skip the selection read valid
  // (stale) candidate keys in their outputs.
  void *ws = aligned_alloc(align, 8 << 20);
  if (huge)
    madvise(ws, 8 << 20, MADV_HUGEPAGE);
  memset(ws, 0, 8 << 20);
  double *calls = malloc(sizeof(double) * 4000);
  for (int c = 0; c < 5; ++c) {
    char list[64];
    snprintf(list, sizeof list, ",%s,", wanted);
    char token[8];
    snprintf(token, sizeof token, ",%s,", names[c]);
    if (!strstr(list, token))
      continue;
    k[0][c](x, out, idx, ws);
    double *mins = malloc(sizeof(double) * rounds * nlib);
    double *meds = malloc(sizeof(double) * rounds * nlib);
    for (int r = 0; r < rounds; ++r)
      for (int j = 0; j < nlib; ++j) {
        int l = (j + r) % nlib;
        for (int w = 0; w < 3; ++w)
          k[l][c](x, out, idx, ws);
        for (int i = 0; i < iters[c]; ++i) {
          double t0 = now();
          k[l][c](x, out, idx, ws);
          calls[i] = now() - t0;
        }
        double m = median(calls, iters[c]);
        mins[l * rounds + r] = calls[0];
        meds[l * rounds + r] = m;
      }
    double per = rows[c] * 2000.0;
    for (int l = 0; l < nlib; ++l)
      printf("%-4s %-40s %.3f %.3f  (ms %.4f)\n", names[c], argv[4 + l],
             median(mins + l * rounds, rounds) / per,
             median(meds + l * rounds, rounds) / per,
             median(meds + l * rounds, rounds) / 1e6);
    fflush(stdout);
  }
  return 0;
}
