// Runs the kernels of fused-gather-one-hot-oob.mlir (gather and one_hot
// feeding reductions) on adversarial indices with exact-size heap buffers,
// and checks every result against the index rules. `undersized-input` makes
// the gathered input one element short, `undersized-indices` the first
// one_hot indices: the control runs that show AddressSanitizer catches the
// read.
#include "memref.h"
#include <stdio.h>

DML_DESC(F32x2, float, 2);
DML_DESC(I64x2, int64_t, 2);
DML_DESC(I32x2, int32_t, 2);
DML_DESC(U32x2, uint32_t, 2);

void _mlir_ciface_gather_sum_rows(F32x2 *input, I64x2 *indices, F32x2 *sum);
void _mlir_ciface_gather_sum_indices(F32x2 *input, I32x2 *indices, F32x2 *sum);
void _mlir_ciface_one_hot_sum(I64x2 *indices, F32x2 *values, F32x2 *sum,
                              U32x2 *argMax);
void _mlir_ciface_one_hot_axis0(I32x2 *indices, F32x2 *values, F32x2 *sum,
                                U32x2 *argMax);

// Gather: wrap a negative index once, then clamp to [0, size - 1].
static int64_t gatherIndex(int64_t index, int64_t size) {
  if (index < 0)
    index += size;
  return index < 0 ? 0 : index >= size ? size - 1 : index;
}

// One_hot: the position of the on value, or -1 for an all-off sequence.
static int64_t oneHotIndex(int64_t index, int64_t depth) {
  if (index < 0 && index >= -depth)
    index += depth;
  return index >= 0 && index < depth ? index : -1;
}

static void freeAll(void **buffers, int count) {
  for (int i = 0; i < count; ++i)
    free(buffers[i]);
}

int main(int argc, char **argv) {
  int undersizedInput = argc > 1 && strcmp(argv[1], "undersized-input") == 0;
  int undersizedIndices =
      argc > 1 && strcmp(argv[1], "undersized-indices") == 0;
  int ok;

  // gather_sum_rows.
  float x[5 * 19];
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 19; ++c)
      x[r * 19 + c] = (float)(100 * r + c);
  const int64_t rows[7] = {INT64_MIN, INT64_MAX, -6, -5, -1, 5, 2};
  F32x2 input, sum;
  I64x2 indices;
  DML_INIT(input, float, 2, x, undersizedInput ? 5 * 19 - 1 : 5 * 19, 5, 19);
  DML_INIT(indices, int64_t, 2, rows, 7, 1, 7);
  DML_INIT(sum, float, 2, NULL, 7, 7, 1);
  _mlir_ciface_gather_sum_rows(&input, &indices, &sum);
  printf("gather_sum_rows:");
  for (int i = 0; i < 7; ++i)
    printf(" %g", sum.aligned[i]);
  printf("\n");
  void *first[] = {input.allocated, indices.allocated, sum.allocated};
  freeAll(first, 3);

  // gather_sum_indices.
  float x2[3 * 6];
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 6; ++c)
      x2[r * 6 + c] = (float)(100 * r + c);
  int32_t columns[21] = {INT32_MIN, INT32_MAX, -7, 6, -6, -1, 0, 5, 3};
  for (int i = 9; i < 21; ++i)
    columns[i] = (5 * i) % 15 - 4;
  F32x2 input2, sum2;
  I32x2 indices2;
  DML_INIT(input2, float, 2, x2, 18, 3, 6);
  DML_INIT(indices2, int32_t, 2, columns, 21, 1, 21);
  DML_INIT(sum2, float, 2, NULL, 3, 3, 1);
  _mlir_ciface_gather_sum_indices(&input2, &indices2, &sum2);
  ok = 1;
  for (int r = 0; r < 3; ++r) {
    float expected = 0;
    for (int i = 0; i < 21; ++i)
      expected += x2[r * 6 + gatherIndex(columns[i], 6)];
    if (sum2.aligned[r] != expected) {
      printf("gather_sum_indices: row %d: got %g, expected %g\n", r,
             sum2.aligned[r], expected);
      ok = 0;
    }
  }
  printf("gather_sum_indices: %s\n", ok ? "ok" : "WRONG");
  void *second[] = {input2.allocated, indices2.allocated, sum2.allocated};
  freeAll(second, 3);

  // one_hot_sum.
  const int64_t positions[7] = {INT64_MIN, INT64_MAX, -5, -4, -1, 4, 2};
  const float onOff[2] = {0.25f, 8.0f};
  I64x2 indices3;
  F32x2 values3, sum3;
  U32x2 argMax3;
  DML_INIT(indices3, int64_t, 2, positions, undersizedIndices ? 6 : 7, 7, 1);
  DML_INIT(values3, float, 2, onOff, 2, 1, 2);
  DML_INIT(sum3, float, 2, NULL, 7, 7, 1);
  DML_INIT(argMax3, uint32_t, 2, NULL, 7, 7, 1);
  _mlir_ciface_one_hot_sum(&indices3, &values3, &sum3, &argMax3);
  printf("one_hot_sum:");
  for (int i = 0; i < 7; ++i)
    printf(" %g", sum3.aligned[i]);
  printf("\none_hot_arg_max:");
  for (int i = 0; i < 7; ++i)
    printf(" %u", argMax3.aligned[i]);
  printf("\n");
  void *third[] = {indices3.allocated, values3.allocated, sum3.allocated,
                   argMax3.allocated};
  freeAll(third, 4);

  // one_hot_axis0: depth 5 along axis 0, 37 sequences.
  int32_t depthIndices[37] = {INT32_MIN, INT32_MAX, -6, -5, -1, 5, 2};
  for (int i = 7; i < 37; ++i)
    depthIndices[i] = (7 * i) % 13 - 6;
  const float offOn[2] = {-1.0f, 3.0f};
  I32x2 indices4;
  F32x2 values4, sum4;
  U32x2 argMax4;
  DML_INIT(indices4, int32_t, 2, depthIndices, 37, 1, 37);
  DML_INIT(values4, float, 2, offOn, 2, 2, 1);
  DML_INIT(sum4, float, 2, NULL, 37, 1, 37);
  DML_INIT(argMax4, uint32_t, 2, NULL, 37, 1, 37);
  _mlir_ciface_one_hot_axis0(&indices4, &values4, &sum4, &argMax4);
  ok = 1;
  for (int i = 0; i < 37; ++i) {
    int64_t on = oneHotIndex(depthIndices[i], 5);
    float expectedSum = on >= 0 ? 3.0f + 4 * -1.0f : 5 * -1.0f;
    // Decreasing direction: the last maximum; all off -> the last position.
    uint32_t expectedArg = on >= 0 ? (uint32_t)on : 4u;
    if (sum4.aligned[i] != expectedSum || argMax4.aligned[i] != expectedArg) {
      printf("one_hot_axis0: sequence %d (index %d): got %g %u, expected %g "
             "%u\n",
             i, depthIndices[i], sum4.aligned[i], argMax4.aligned[i],
             expectedSum, expectedArg);
      ok = 0;
    }
  }
  printf("one_hot_axis0: %s\n", ok ? "ok" : "WRONG");
  void *fourth[] = {indices4.allocated, values4.allocated, sum4.allocated,
                    argMax4.allocated};
  freeAll(fourth, 4);
  return 0;
}
