/* Execution test of the GPU target: calls the AOT library of cuda-exec.mlir
 * through both entry points (host pointers; device pointers on a stream,
 * through the driver) and checks every output element against plain C
 * loops on the same random inputs. Out-of-range and negative indices are
 * included (DirectML: negative counts from the end; out of range clamps for
 * gather and gives all-off rows for one_hot). Exit 77 (ctest: skipped) when
 * no CUDA device is usable. */
#include "cuda-exec.h"

#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROWS 300
#define COLS 70
#define COUNT 9
#define DEPTH 16

static int failures;

static void expect(int ok, const char *what, int index) {
  if (!ok && failures++ < 10)
    printf("FAIL %s at %d\n", what, index);
}

/* The positions of a sequence (n elements, `stride` apart) in DirectML
 * TopK1 order: by value, ties by ascending position (no NaN here). */
static const float *sortedSequence;
static int sortedStride, sortedDecreasing;

static int compareTopK(const void *lhs, const void *rhs) {
  int a = *(const int *)lhs, b = *(const int *)rhs;
  float x = sortedSequence[a * sortedStride],
        y = sortedSequence[b * sortedStride];
  if (x != y)
    return (x > y) == sortedDecreasing ? -1 : 1;
  return a < b ? -1 : 1;
}

static void topKOrder(const float *sequence, int n, int stride, int decreasing,
                      int *order) {
  sortedSequence = sequence;
  sortedStride = stride;
  sortedDecreasing = decreasing;
  for (int i = 0; i < n; ++i)
    order[i] = i;
  qsort(order, n, sizeof(int), compareTopK);
}

static int check(int code, const char *what) {
  if (code == 100) {
    printf("skipped: no CUDA device (%s returned 100)\n", what);
    exit(77);
  }
  if (code != 0) {
    printf("FAIL %s returned CUresult %d\n", what, code);
    exit(1);
  }
  return 0;
}

int main(void) {
  static float x[ROWS * COLS], sums[ROWS], gathered[COUNT * COLS];
  static float hot[COUNT * DEPTH];
  static uint32_t argmax[COLS];
  int32_t rowIndices[COUNT] = {0,    299,  -1, -300,      300,
                               1000, -301, 7,  2147483647};
  int32_t hotIndices[COUNT] = {0, 15, 16, -1, -16, -17, 3, 2147483647, 8};
  float values[2] = {-0.5f, 2.0f};
  srand(7);
  for (int i = 0; i < ROWS * COLS; ++i)
    x[i] = (float)(rand() % 2001 - 1000) / 64.0f; /* exact, with ties */

  check(rowsum(x, sums), "rowsum");
  for (int r = 0; r < ROWS; ++r) {
    double sum = 0;
    for (int c = 0; c < COLS; ++c)
      sum += x[r * COLS + c];
    expect(fabs(sums[r] - sum) <= 1e-5 * (fabs(sum) + 1), "rowsum", r);
  }

  check(colmax(x, argmax), "colmax");
  for (int c = 0; c < COLS; ++c) {
    int best = 0;
    for (int r = 1; r < ROWS; ++r)
      if (x[r * COLS + c] > x[best * COLS + c])
        best = r; /* first of the ties: increasing */
    expect(argmax[c] == (uint32_t)best, "colmax", c);
  }

  check(rows(x, rowIndices, gathered), "rows");
  for (int k = 0; k < COUNT; ++k) {
    long long index =
        rowIndices[k] < 0 ? (long long)rowIndices[k] + ROWS : rowIndices[k];
    index = index < 0 ? 0 : index >= ROWS ? ROWS - 1 : index;
    for (int c = 0; c < COLS; ++c)
      expect(gathered[k * COLS + c] == x[index * COLS + c], "rows", k);
  }

  check(onehot(hotIndices, values, hot), "onehot");
  for (int k = 0; k < COUNT; ++k) {
    long long index =
        hotIndices[k] < 0 ? (long long)hotIndices[k] + DEPTH : hotIndices[k];
    for (int d = 0; d < DEPTH; ++d)
      expect(hot[k * DEPTH + d] == (d == index ? values[1] : values[0]),
             "onehot", k * DEPTH + d);
  }

  /* Split reductions: the 8x4096 log_sum_exp and the 4096x8 column sum read
   * the same 32768 elements as two shapes. */
  static float big[8 * 4096];
  float lse[8], tall[8];
  for (int i = 0; i < 8 * 4096; ++i)
    big[i] = (float)(rand() % 2001 - 1000) / 64.0f;
  check(widelse(big, lse), "widelse");
  for (int r = 0; r < 8; ++r) {
    double sum = 0;
    for (int c = 0; c < 4096; ++c)
      sum += exp((double)big[r * 4096 + c]);
    expect(fabs(lse[r] - log(sum)) <= 1e-5 * (fabs(log(sum)) + 1), "widelse",
           r);
  }
  check(tallsum(big, tall), "tallsum");
  for (int c = 0; c < 8; ++c) {
    double sum = 0;
    for (int r = 0; r < 4096; ++r)
      sum += big[r * 8 + c];
    expect(fabs(tall[c] - sum) <= 1e-5 * (fabs(sum) + 100), "tallsum", c);
  }

  /* top_k along axis 0 (increasing, ties) and long rows (K = 5000). */
  static float topValues[20 * COLS], bigValues[2 * 5000];
  static uint32_t topIndices[20 * COLS];
  static uint64_t bigIndices[2 * 5000];
  static int order[16384];
  check(topcols(x, topValues, topIndices), "topcols");
  for (int c = 0; c < COLS; ++c) {
    topKOrder(x + c, ROWS, COLS, 0, order);
    for (int t = 0; t < 20; ++t) {
      expect(topIndices[t * COLS + c] == (uint32_t)order[t], "topcols index",
             t * COLS + c);
      expect(topValues[t * COLS + c] == x[order[t] * COLS + c], "topcols value",
             t * COLS + c);
    }
  }
  check(topbig(big, bigValues, bigIndices), "topbig");
  for (int r = 0; r < 2; ++r) {
    topKOrder(big + r * 16384, 16384, 1, 1, order);
    for (int t = 0; t < 5000; ++t) {
      expect(bigIndices[r * 5000 + t] == (uint64_t)order[t], "topbig index",
             r * 5000 + t);
      expect(bigValues[r * 5000 + t] == big[r * 16384 + order[t]],
             "topbig value", r * 5000 + t);
    }
  }

  /* The device entry point on the caller's buffers and stream. */
  void *cuda = dlopen("libcuda.so.1", RTLD_NOW);
  typedef int (*MemAlloc)(unsigned long long *, size_t);
  typedef int (*Copy)(unsigned long long, const void *, size_t);
  typedef int (*CopyBack)(void *, unsigned long long, size_t);
  typedef int (*Synchronize)(void);
  MemAlloc memAlloc = (MemAlloc)dlsym(cuda, "cuMemAlloc_v2");
  Copy toDevice = (Copy)dlsym(cuda, "cuMemcpyHtoD_v2");
  CopyBack toHost = (CopyBack)dlsym(cuda, "cuMemcpyDtoH_v2");
  Synchronize synchronize = (Synchronize)dlsym(cuda, "cuCtxSynchronize");
  unsigned long long deviceX = 0, deviceSums = 0;
  if (!memAlloc || memAlloc(&deviceX, sizeof(x)) ||
      memAlloc(&deviceSums, sizeof(sums)) || toDevice(deviceX, x, sizeof(x))) {
    printf("FAIL driver setup\n");
    return 1;
  }
  float again[ROWS];
  check(rowsum_device((const float *)deviceX, (float *)deviceSums, NULL),
        "rowsum_device");
  if (synchronize() || toHost(again, deviceSums, sizeof(again))) {
    printf("FAIL driver copy back\n");
    return 1;
  }
  expect(memcmp(again, sums, sizeof(sums)) == 0, "rowsum_device", 0);
  printf("%s (%d failures)\n", failures ? "FAILED" : "passed", failures);
  return failures ? 1 : 0;
}
