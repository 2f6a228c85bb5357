// Runs the top_k kernels of top_k-scratch.mlir on exact-size heap buffers
// and compares them with a naive selection: the best remaining element
// (greater value, then lower index) K times. With `undersized`, the first
// input buffer is one element short: the control run that shows
// AddressSanitizer does catch an out-of-bounds read here.
#include "memref.h"
#include <stdio.h>

DML_DESC(F32x2, float, 2);
DML_DESC(U32x2, uint32_t, 2);

typedef void (*Kernel)(F32x2 *, F32x2 *, U32x2 *);
void _mlir_ciface_small_k(F32x2 *, F32x2 *, U32x2 *);
void _mlir_ciface_large_k(F32x2 *, F32x2 *, U32x2 *);
void _mlir_ciface_pruned(F32x2 *, F32x2 *, U32x2 *);
void _mlir_ciface_ragged(F32x2 *, F32x2 *, U32x2 *);
void _mlir_ciface_strided(F32x2 *, F32x2 *, U32x2 *);

static int undersized;
static uint32_t state = 12345;
static uint32_t next(void) {
  state = state * 1664525u + 1013904223u;
  return state >> 8;
}

// `rows` x `cols` input, selection along `axis` (0 or 1); `rising` makes
// later elements better (every new one enters).
static void run(const char *name, Kernel kernel, int64_t rows, int64_t cols,
                int axis, int64_t k, int rising) {
  int64_t count = rows * cols;
  float *x = malloc(sizeof(float) * (size_t)count);
  for (int64_t i = 0; i < count; ++i)
    x[i] = rising ? (float)(i / 3) : (float)(next() % 5000) / 7.0f;
  int64_t sequences = axis == 1 ? rows : cols;
  int64_t length = axis == 1 ? cols : rows;
  F32x2 input, values;
  U32x2 indices;
  DML_INIT(input, float, 2, x, undersized ? count - 1 : count, rows, cols);
  if (axis == 1) {
    DML_INIT(values, float, 2, NULL, rows * k, rows, k);
    DML_INIT(indices, uint32_t, 2, NULL, rows * k, rows, k);
  } else {
    DML_INIT(values, float, 2, NULL, k * cols, k, cols);
    DML_INIT(indices, uint32_t, 2, NULL, k * cols, k, cols);
  }
  kernel(&input, &values, &indices);
  char *taken = malloc((size_t)length);
  int ok = 1;
  for (int64_t s = 0; s < sequences && ok; ++s) {
    memset(taken, 0, (size_t)length);
    for (int64_t r = 0; r < k && ok; ++r) {
      int64_t best = -1;
      for (int64_t j = 0; j < length; ++j) {
        float v = axis == 1 ? x[s * cols + j] : x[j * cols + s];
        float b = best < 0 ? 0
                           : (axis == 1 ? x[s * cols + best]
                                        : x[best * cols + s]);
        if (!taken[j] && (best < 0 || v > b))
          best = j;
      }
      taken[best] = 1;
      int64_t out = axis == 1 ? s * k + r : r * cols + s;
      float expected = axis == 1 ? x[s * cols + best] : x[best * cols + s];
      if (indices.aligned[out] != (uint32_t)best ||
          values.aligned[out] != expected) {
        printf("%s: sequence %lld rank %lld: got %u %g, expected %lld %g\n",
               name, (long long)s, (long long)r, indices.aligned[out],
               values.aligned[out], (long long)best, expected);
        ok = 0;
      }
    }
  }
  if (ok)
    printf("%s: ok\n", name);
  free(taken);
  free(x);
  free(input.allocated);
  free(values.allocated);
  free(indices.allocated);
}

int main(int argc, char **argv) {
  undersized = argc > 1 && strcmp(argv[1], "undersized") == 0;
  run("small_k", _mlir_ciface_small_k, 4, 4096, 1, 8, 0);
  run("large_k", _mlir_ciface_large_k, 2, 65536, 1, 1024, 0);
  run("pruned", _mlir_ciface_pruned, 2, 3000, 1, 300, 1);
  run("ragged", _mlir_ciface_ragged, 2, 20001, 1, 600, 0);
  run("strided", _mlir_ciface_strided, 1000, 3, 0, 7, 0);
  return 0;
}
