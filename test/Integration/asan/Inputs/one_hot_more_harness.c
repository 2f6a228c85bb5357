// Runs the kernels of one-hot-oob-more.mlir on adversarial indices with
// exact-size heap buffers, prints where the on value landed and checks every
// element against the rule. With `undersized`, the axis-0 output is one
// element short (the control run that shows AddressSanitizer catches it).
#include "memref.h"
#include <stdio.h>

DML_DESC(I32x2, int32_t, 2);
DML_DESC(U64x2, uint64_t, 2);
DML_DESC(I64x2, int64_t, 2);
DML_DESC(I64x3, int64_t, 3);
DML_DESC(F32x2, float, 2);
DML_DESC(I8x3, int8_t, 3);
DML_DESC(F16x2, uint16_t, 2);

void _mlir_ciface_one_hot_axis0(I32x2 *indices, F32x2 *values, F32x2 *output);
void _mlir_ciface_one_hot_u64(U64x2 *indices, F32x2 *values, F32x2 *output);
void _mlir_ciface_one_hot_middle(I64x3 *indices, I8x3 *values, I8x3 *output);
void _mlir_ciface_one_hot_f16_long(I64x2 *indices, F16x2 *values,
                                   F16x2 *output);

// The position of the on value for a signed index, or -1 for none.
static int64_t positionSigned(int64_t i, int64_t depth) {
  if (i < 0 && i >= -depth)
    i += depth;
  return i >= 0 && i < depth ? i : -1;
}

static void printPosition(int64_t position) {
  if (position < 0)
    printf(" -");
  else
    printf(" %d", (int)position);
}

int main(int argc, char **argv) {
  int undersized = argc > 1 && strcmp(argv[1], "undersized") == 0;
  int ok;

  // Axis 0: output 5x7, indices 1x7 (i32), values 2x1 (off 0.5, on 9).
  const int32_t j[7] = {INT32_MIN, INT32_MAX, -6, -5, -1, 5, 2};
  const float w[2] = {0.5f, 9};
  I32x2 indices;
  F32x2 values, output;
  DML_INIT(indices, int32_t, 2, j, 7, 1, 7);
  DML_INIT(values, float, 2, w, 2, 2, 1);
  DML_INIT(output, float, 2, NULL, undersized ? 34 : 35, 5, 7);
  _mlir_ciface_one_hot_axis0(&indices, &values, &output);
  printf("axis0:");
  ok = 1;
  for (int c = 0; c < 7; ++c) {
    int64_t want = positionSigned(j[c], 5), got = -1;
    for (int d = 0; d < 5; ++d) {
      float v = output.aligned[d * 7 + c];
      if (v == 9)
        got = d;
      ok &= v == (d == want ? 9 : 0.5f);
    }
    printPosition(got);
  }
  printf("\naxis0 %s\n", ok ? "ok" : "WRONG");

  // ui64 indices, depth 6 along axis 1; values 1x2 (off 0.5, on 9).
  const uint64_t j2[6] = {UINT64_MAX, (uint64_t)1 << 63, UINT64_MAX - 1, 6, 5,
                          0};
  U64x2 indices2;
  F32x2 values2, output2;
  DML_INIT(indices2, uint64_t, 2, j2, 6, 6, 1);
  DML_INIT(values2, float, 2, w, 2, 1, 2);
  DML_INIT(output2, float, 2, NULL, 36, 6, 6);
  _mlir_ciface_one_hot_u64(&indices2, &values2, &output2);
  printf("ui64:");
  ok = 1;
  for (int r = 0; r < 6; ++r) {
    int64_t want = j2[r] < 6 ? (int64_t)j2[r] : -1, got = -1;
    for (int d = 0; d < 6; ++d) {
      float v = output2.aligned[r * 6 + d];
      if (v == 9)
        got = d;
      ok &= v == (d == want ? 9 : 0.5f);
    }
    printPosition(got);
  }
  printf("\nui64 %s\n", ok ? "ok" : "WRONG");

  // The middle axis of 4x4x3 (depth 4), i8 values off -3, on 7.
  const int64_t j3[12] = {INT64_MIN, INT64_MAX, -5, -4, -1, 4,
                          0,         1,         2,  3,  -2, -3};
  const int8_t w3[2] = {-3, 7};
  I64x3 indices3;
  I8x3 values3, output3;
  DML_INIT(indices3, int64_t, 3, j3, 12, 4, 1, 3);
  DML_INIT(values3, int8_t, 3, w3, 2, 1, 1, 2);
  DML_INIT(output3, int8_t, 3, NULL, 48, 4, 4, 3);
  _mlir_ciface_one_hot_middle(&indices3, &values3, &output3);
  printf("middle:");
  ok = 1;
  for (int a = 0; a < 4; ++a)
    for (int c = 0; c < 3; ++c) {
      int64_t want = positionSigned(j3[a * 3 + c], 4), got = -1;
      for (int d = 0; d < 4; ++d) {
        int8_t v = output3.aligned[(a * 4 + d) * 3 + c];
        if (v == 7)
          got = d;
        ok &= v == (d == want ? 7 : -3);
      }
      printPosition(got);
    }
  printf("\nmiddle %s\n", ok ? "ok" : "WRONG");

  // 13 rows of depth 37 (a vector tail), f16 values compared bit for bit.
  int64_t j4[13] = {INT64_MIN, INT64_MAX, -38, -37, -1, 37, 36,
                    0,         17,        -20, 5,   38, 1};
  const uint16_t w4[2] = {0xbc00 /* -1 */, 0x4900 /* 10 */};
  I64x2 indices4;
  F16x2 values4, output4;
  DML_INIT(indices4, int64_t, 2, j4, 13, 13, 1);
  DML_INIT(values4, uint16_t, 2, w4, 2, 1, 2);
  DML_INIT(output4, uint16_t, 2, NULL, 13 * 37, 13, 37);
  _mlir_ciface_one_hot_f16_long(&indices4, &values4, &output4);
  ok = 1;
  for (int r = 0; r < 13; ++r) {
    int64_t want = positionSigned(j4[r], 37);
    for (int d = 0; d < 37; ++d)
      ok &= output4.aligned[r * 37 + d] == (d == want ? w4[1] : w4[0]);
  }
  printf("f16 long %s\n", ok ? "ok" : "WRONG");

  free(indices.allocated);
  free(values.allocated);
  free(output.allocated);
  free(indices2.allocated);
  free(values2.allocated);
  free(output2.allocated);
  free(indices3.allocated);
  free(values3.allocated);
  free(output3.allocated);
  free(indices4.allocated);
  free(values4.allocated);
  free(output4.allocated);
  return 0;
}
