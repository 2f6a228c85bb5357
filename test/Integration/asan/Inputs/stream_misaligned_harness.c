// Runs the kernels of stream-misaligned.mlir with each output placed 0, 16,
// 32 and 48 bytes past a 64-byte boundary, in a heap block that ends where
// the output ends and whose bytes before it are poisoned, and checks every
// element bit for bit. With `undersized`, the one_hot output is one element
// short (the control run that shows AddressSanitizer catches it).
#include "memref.h"
#include <sanitizer/asan_interface.h>
#include <stdio.h>

DML_DESC(I32x2, int32_t, 2);
DML_DESC(F32x2, float, 2);
DML_DESC(F16x2, uint16_t, 2);

void _mlir_ciface_one_hot_f32(I32x2 *indices, F32x2 *values, F32x2 *output);
void _mlir_ciface_one_hot_f16(I32x2 *indices, F16x2 *values, F16x2 *output);
void _mlir_ciface_gather_rows(F32x2 *input, I32x2 *indices, F32x2 *output);

// A rows x cols output `offset` bytes past a 64-byte boundary, filled with
// 0x7f bytes (no value the kernels write), in a block that ends with it.
#define PLACE(desc, T, rows, cols, offset, shortBy)                            \
  do {                                                                         \
    size_t bytes_ = sizeof(T) * ((size_t)(rows) * (cols) - (shortBy));         \
    void *block_ = NULL;                                                       \
    if (posix_memalign(&block_, 64, (offset) + bytes_))                        \
      return 1;                                                                \
    memset(block_, 0x7f, (offset) + bytes_);                                   \
    ASAN_POISON_MEMORY_REGION(block_, (offset));                               \
    (desc).allocated = (T *)block_;                                            \
    (desc).aligned = (T *)((char *)block_ + (offset));                         \
    (desc).offset = 0;                                                         \
    (desc).sizes[0] = (rows);                                                  \
    (desc).sizes[1] = (cols);                                                  \
    (desc).strides[0] = (cols);                                                \
    (desc).strides[1] = 1;                                                     \
  } while (0)

static void release(void *block, size_t offset) {
  ASAN_UNPOISON_MEMORY_REGION(block, offset);
  free(block);
}

int main(int argc, char **argv) {
  int undersized = argc > 1 && strcmp(argv[1], "undersized") == 0;
  const int32_t j1[7] = {0, 99, -1, 37, 100, 12, 63};
  const float w1[2] = {-0.0f, 2.5f};
  const int32_t j2[5] = {103, 0, 64, -104, 31};
  const uint16_t w2[2] = {0x8001 /* -tiny */, 0x7bff /* 65504 */};
  const int32_t j3[9] = {9, 0, 3, -1, 12, 5, 5, 2, -11};
  float x[10 * 200];
  for (int i = 0; i < 10 * 200; ++i)
    x[i] = (float)i * 0.25f - 7.0f;
  for (size_t offset = 0; offset < 64; offset += 16) {
    I32x2 indices1, indices2, indices3;
    F32x2 values1, output1, input3, output3;
    F16x2 values2, output2;
    DML_INIT(indices1, int32_t, 2, j1, 7, 7, 1);
    DML_INIT(values1, float, 2, w1, 2, 1, 2);
    PLACE(output1, float, 7, 100, offset, undersized ? 1 : 0);
    _mlir_ciface_one_hot_f32(&indices1, &values1, &output1);
    int ok1 = 1;
    for (int r = 0; r < 7; ++r) {
      int on = j1[r] < 0 ? j1[r] + 100 : j1[r];
      for (int d = 0; d < 100; ++d) {
        float want = d == on ? w1[1] : w1[0];
        ok1 &= memcmp(&output1.aligned[r * 100 + d], &want, 4) == 0;
      }
    }

    DML_INIT(indices2, int32_t, 2, j2, 5, 5, 1);
    DML_INIT(values2, uint16_t, 2, w2, 2, 1, 2);
    PLACE(output2, uint16_t, 5, 104, offset, 0);
    _mlir_ciface_one_hot_f16(&indices2, &values2, &output2);
    int ok2 = 1;
    for (int r = 0; r < 5; ++r) {
      int on = j2[r] < 0 ? j2[r] + 104 : j2[r];
      for (int d = 0; d < 104; ++d)
        ok2 &= output2.aligned[r * 104 + d] == (d == on ? w2[1] : w2[0]);
    }

    DML_INIT(input3, float, 2, x, 10 * 200, 10, 200);
    DML_INIT(indices3, int32_t, 2, j3, 9, 1, 9);
    PLACE(output3, float, 9, 200, offset, 0);
    _mlir_ciface_gather_rows(&input3, &indices3, &output3);
    int ok3 = 1;
    for (int r = 0; r < 9; ++r) {
      // Signed indices wrap once (i + 10), then clamp to [0, 9].
      int row = j3[r] < 0 ? j3[r] + 10 : j3[r];
      row = row < 0 ? 0 : row > 9 ? 9 : row;
      ok3 &= memcmp(&output3.aligned[r * 200], &x[row * 200],
                    200 * sizeof(float)) == 0;
    }
    printf("offset %d: one_hot %s, f16 %s, gather %s\n", (int)offset,
           ok1 ? "ok" : "WRONG", ok2 ? "ok" : "WRONG", ok3 ? "ok" : "WRONG");

    free(indices1.allocated);
    free(values1.allocated);
    release(output1.allocated, offset);
    free(indices2.allocated);
    free(values2.allocated);
    release(output2.allocated, offset);
    free(input3.allocated);
    free(indices3.allocated);
    release(output3.allocated, offset);
  }
  return 0;
}
