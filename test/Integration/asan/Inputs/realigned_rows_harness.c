// Runs the kernels of realigned-rows.mlir on inputs placed 0, 16, 32 and 48
// bytes past a 64-byte boundary, with the bytes around the tensor poisoned
// for AddressSanitizer, and compares each result bit by bit with the run at
// 0 bytes. With `undersized`, one_row runs 16 bytes past a boundary with
// the tensor's last element poisoned as well (the control run: only an
// active lane of the masked tail vector reads it, and AddressSanitizer
// catches that read).
#include "memref.h"
#include <sanitizer/asan_interface.h>
#include <stdio.h>

DML_DESC(F32x2, float, 2);
DML_DESC(F32x1, float, 1);
DML_DESC(F32x3, float, 3);
DML_DESC(U32x2, uint32_t, 2);

void _mlir_ciface_sum_rows(F32x2 *, F32x2 *);
void _mlir_ciface_max_rows(F32x2 *, F32x2 *);
void _mlir_ciface_arg_max_rows(F32x2 *, U32x2 *);
void _mlir_ciface_one_row(F32x1 *, F32x1 *);
void _mlir_ciface_outer_sum(F32x3 *, F32x3 *);

enum { kSlack = 256 };
static int undersized;
static uint32_t state = 12345;
static float next(void) {
  state = state * 1664525u + 1013904223u;
  return (float)((int32_t)(state >> 8) % 100000) / 64.0f;
}

// Bytes of the allocation of `count` floats (a multiple of 64 for
// aligned_alloc).
static size_t allocationBytes(int64_t count) {
  return (2 * kSlack + sizeof(float) * (size_t)count + 63) & ~(size_t)63;
}

// A copy of the `count` floats of `data` placed `offset` bytes past a
// 64-byte boundary, everything else of its allocation poisoned.
static float *place(const float *data, int64_t count, int offset,
                    void **allocation) {
  size_t bytes = sizeof(float) * (size_t)count;
  size_t total = allocationBytes(count);
  char *raw = aligned_alloc(64, total);
  char *placed = raw + kSlack + offset;
  memcpy(placed, data, bytes);
  size_t used = undersized ? bytes - sizeof(float) : bytes;
  ASAN_POISON_MEMORY_REGION(raw, kSlack + offset);
  ASAN_POISON_MEMORY_REGION(placed + used, total - (kSlack + offset + used));
  *allocation = raw;
  return (float *)placed;
}

static void release(void *raw, int64_t count) {
  ASAN_UNPOISON_MEMORY_REGION(raw, allocationBytes(count));
  free(raw);
}

// Calls `kernel` (2-D input `rows` x `cols`, or 1-D when rows is 0) at each
// offset; `out` receives `outBytes` bytes per call.
typedef void (*Call)(float *input, int64_t rows, int64_t cols, void *out);

static void callSumRows(float *x, int64_t rows, int64_t cols, void *out) {
  F32x2 in = {x, x, 0, {rows, cols}, {cols, 1}};
  F32x2 result = {out, out, 0, {rows, 1}, {1, 1}};
  _mlir_ciface_sum_rows(&in, &result);
}
static void callMaxRows(float *x, int64_t rows, int64_t cols, void *out) {
  F32x2 in = {x, x, 0, {rows, cols}, {cols, 1}};
  F32x2 result = {out, out, 0, {rows, 1}, {1, 1}};
  _mlir_ciface_max_rows(&in, &result);
}
static void callArgMaxRows(float *x, int64_t rows, int64_t cols, void *out) {
  F32x2 in = {x, x, 0, {rows, cols}, {cols, 1}};
  U32x2 result = {out, out, 0, {rows, 1}, {1, 1}};
  _mlir_ciface_arg_max_rows(&in, &result);
}
// `rows` counts the 3 x 4 rows of [3, 4, cols], reduced over axes 0 and 2.
static void callOuterSum(float *x, int64_t rows, int64_t cols, void *out) {
  (void)rows;
  F32x3 in = {x, x, 0, {3, 4, cols}, {4 * cols, cols, 1}};
  F32x3 result = {out, out, 0, {1, 4, 1}, {4, 1, 1}};
  _mlir_ciface_outer_sum(&in, &result);
}
static void callOneRow(float *x, int64_t rows, int64_t cols, void *out) {
  (void)rows;
  F32x1 in = {x, x, 0, {cols}, {1}};
  F32x1 result = {out, out, 0, {1}, {1}};
  _mlir_ciface_one_row(&in, &result);
}

// `outputs` 32-bit results (at most 8).
static void run(const char *name, Call call, int64_t rows, int64_t cols,
                int64_t outputs) {
  int64_t count = (rows ? rows : 1) * cols;
  float *data = malloc(sizeof(float) * (size_t)count);
  for (int64_t i = 0; i < count; ++i)
    data[i] = next();
  // A NaN in the middle of the second row (max, arg_max propagate it).
  if (rows > 1)
    data[cols + cols / 2 + 1] = __builtin_nanf("");
  uint32_t reference[8], result[8];
  int ok = 1;
  const int offsets[] = {0, 16, 32, 48};
  for (int i = 0; i < 4; ++i) {
    if (undersized && offsets[i] != 16)
      continue;
    void *raw;
    float *x = place(data, count, offsets[i], &raw);
    call(x, rows, cols, i == 0 ? reference : result);
    release(raw, count);
    if (i > 0 && memcmp(reference, result, sizeof(uint32_t) * outputs)) {
      printf("%s: at %d bytes past a boundary, output differs from the "
             "aligned run\n",
             name, offsets[i]);
      ok = 0;
    }
  }
  if (ok)
    printf("%s: ok\n", name);
  free(data);
}

int main(int argc, char **argv) {
  undersized = argc > 1 && strcmp(argv[1], "undersized") == 0;
  // The control reads the last element only through the masked tail
  // vector (no scalar remainder: 4096 elements).
  if (!undersized) {
    run("sum_rows", callSumRows, 6, 4100, 6);
    run("max_rows", callMaxRows, 4, 4096, 4);
    run("arg_max_rows", callArgMaxRows, 3, 8200, 3);
    run("outer_sum", callOuterSum, 12, 4100, 4);
  }
  run("one_row", callOneRow, 0, 4096, 1);
  return 0;
}
