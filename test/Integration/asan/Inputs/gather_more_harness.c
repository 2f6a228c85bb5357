// Runs the kernels of gather-oob-more.mlir on adversarial indices with
// exact-size heap buffers and prints which row/column each output came from.
// With `undersized`, the i32 index buffer is one element short (the control
// run that shows AddressSanitizer catches the read).
#include "memref.h"
#include <stdio.h>

DML_DESC(F32x2, float, 2);
DML_DESC(F32x3, float, 3);
DML_DESC(I32x2, int32_t, 2);
DML_DESC(U64x2, uint64_t, 2);
DML_DESC(I64x3, int64_t, 3);
DML_DESC(F16x1, uint16_t, 1);
DML_DESC(I64x1, int64_t, 1);

void _mlir_ciface_gather_i32(F32x2 *input, I32x2 *indices, F32x2 *output);
void _mlir_ciface_gather_u64(F32x2 *input, U64x2 *indices, F32x2 *output);
void _mlir_ciface_gather_2d(F32x3 *input, I64x3 *indices, F32x3 *output);
void _mlir_ciface_gather_f16_long(F16x1 *input, I64x1 *indices,
                                  F16x1 *output);

// The reference rule: wrap a negative signed index once, then clamp.
static int64_t clampSigned(int64_t i, int64_t size) {
  if (i < 0)
    i += size;
  return i < 0 ? 0 : i >= size ? size - 1 : i;
}

int main(int argc, char **argv) {
  int undersized = argc > 1 && strcmp(argv[1], "undersized") == 0;
  int ok;

  // i32 indices into the rows of a 5x3 input.
  float x[15];
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 3; ++c)
      x[r * 3 + c] = 10 * r + c + 1;
  int32_t j[37] = {INT32_MIN, INT32_MAX, -6, -5, -1, 5, 2};
  for (int i = 7; i < 37; ++i)
    j[i] = (7 * i) % 13 - 6;
  F32x2 input, output;
  I32x2 indices;
  DML_INIT(input, float, 2, x, 15, 5, 3);
  DML_INIT(indices, int32_t, 2, j, undersized ? 36 : 37, 1, 37);
  DML_INIT(output, float, 2, NULL, 37 * 3, 37, 3);
  _mlir_ciface_gather_i32(&input, &indices, &output);
  printf("i32:");
  ok = 1;
  for (int i = 0; i < 37; ++i) {
    int row = (int)(output.aligned[i * 3] - 1) / 10;
    printf(" %d", row);
    ok &= row == clampSigned(j[i], 5);
    for (int c = 0; c < 3; ++c)
      ok &= output.aligned[i * 3 + c] == x[row * 3 + c];
  }
  printf("\ni32 rows %s\n", ok ? "ok" : "WRONG");

  // ui64 indices into the columns of a 4x6 input.
  float x2[24];
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 6; ++c)
      x2[r * 6 + c] = 100 * r + c;
  uint64_t j2[19] = {UINT64_MAX, (uint64_t)1 << 63, UINT64_MAX - 1, 6, 5, 0};
  for (int i = 6; i < 19; ++i)
    j2[i] = i % 8;
  F32x2 input2, output2;
  U64x2 indices2;
  DML_INIT(input2, float, 2, x2, 24, 4, 6);
  DML_INIT(indices2, uint64_t, 2, j2, 19, 1, 19);
  DML_INIT(output2, float, 2, NULL, 4 * 19, 4, 19);
  _mlir_ciface_gather_u64(&input2, &indices2, &output2);
  printf("ui64:");
  ok = 1;
  for (int i = 0; i < 19; ++i) {
    int col = (int)output2.aligned[i];
    printf(" %d", col);
    ok &= (uint64_t)col == (j2[i] > 5 ? 5 : j2[i]);
    for (int r = 0; r < 4; ++r)
      ok &= output2.aligned[r * 19 + i] == x2[r * 6 + col];
  }
  printf("\nui64 columns %s\n", ok ? "ok" : "WRONG");

  // Two index dimensions: a 2x4 block of i64 indices into axis 1 of 1x5x3.
  int64_t j3[8] = {INT64_MIN, INT64_MAX, -6, -5, -1, 5, 1, 3};
  F32x3 input3, output3;
  I64x3 indices3;
  DML_INIT(input3, float, 3, x, 15, 1, 5, 3);
  DML_INIT(indices3, int64_t, 3, j3, 8, 1, 2, 4);
  DML_INIT(output3, float, 3, NULL, 2 * 4 * 3, 2, 4, 3);
  _mlir_ciface_gather_2d(&input3, &indices3, &output3);
  printf("2d:");
  ok = 1;
  for (int i = 0; i < 8; ++i) {
    int row = (int)(output3.aligned[i * 3] - 1) / 10;
    printf(" %d", row);
    ok &= row == clampSigned(j3[i], 5);
    for (int c = 0; c < 3; ++c)
      ok &= output3.aligned[i * 3 + c] == x[row * 3 + c];
  }
  printf("\n2d rows %s\n", ok ? "ok" : "WRONG");

  // f16 data (compared bit for bit) and a long i64 index vector.
  uint16_t x4[33];
  for (int i = 0; i < 33; ++i)
    x4[i] = (uint16_t)(0x3c00 + i); // distinct f16 bit patterns
  int64_t j4[67];
  for (int i = 0; i < 67; ++i)
    j4[i] = (i * 5) % 45 - 6;
  j4[0] = INT64_MIN;
  j4[66] = INT64_MAX;
  F16x1 input4, output4;
  I64x1 indices4;
  DML_INIT(input4, uint16_t, 1, x4, 33, 33);
  DML_INIT(indices4, int64_t, 1, j4, 67, 67);
  DML_INIT(output4, uint16_t, 1, NULL, 67, 67);
  _mlir_ciface_gather_f16_long(&input4, &indices4, &output4);
  ok = 1;
  for (int i = 0; i < 67; ++i)
    ok &= output4.aligned[i] == x4[clampSigned(j4[i], 33)];
  printf("f16 long %s\n", ok ? "ok" : "WRONG");

  free(input.allocated);
  free(indices.allocated);
  free(output.allocated);
  free(input2.allocated);
  free(indices2.allocated);
  free(output2.allocated);
  free(input3.allocated);
  free(indices3.allocated);
  free(output3.allocated);
  free(input4.allocated);
  free(indices4.allocated);
  free(output4.allocated);
  return 0;
}
