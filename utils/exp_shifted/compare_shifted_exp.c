#include "expk.h" // from dml-compile --header (compare_shifted_exp.sh)
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
// Runs every one of the 2^32 f32 bit patterns through the plain `math.exp`
// (expk_ref: by REF_COMPILE's dml-compile, e.g. main's) and the one marked
// dml.shifted_exp (expk_shifted) and compares the result bits. The marked
// form is only used for x - max(x), i.e. arguments <= 0 or NaN: a
// difference there (either NaN sign, any payload, -0, -inf) fails. Above 0
// differences are counted, for information.
static uint32_t bitsOf(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
int main(void) {
  const uint64_t N = EXPK_SHIFTED_IN0_ELEMENTS;
  uint32_t *in = aligned_alloc(64, N * 4);
  float *ref = aligned_alloc(64, N * 4), *shifted = aligned_alloc(64, N * 4);
  uint64_t covered = 0, differ = 0, differAbove = 0, nans = 0;
  for (uint64_t start = 0; start < (1ull << 32); start += N) {
    for (uint64_t j = 0; j < N; ++j)
      in[j] = (uint32_t)(start + j);
    expk_ref((const float *)in, ref);
    expk_shifted((const float *)in, shifted);
    for (uint64_t j = 0; j < N; ++j) {
      uint32_t x = in[j];
      int nan = (x & 0x7fffffffu) > 0x7f800000u;
      int covers = nan || x == 0 || (x >> 31);
      uint32_t a = bitsOf(ref[j]), b = bitsOf(shifted[j]);
      covered += covers;
      nans += nan;
      if (a == b)
        continue;
      if (!covers) {
        ++differAbove;
        continue;
      }
      if (differ++ < 10)
        printf("differ: x = %08x: plain %08x, shifted %08x\n", x, a, b);
    }
  }
  printf("x <= 0 or NaN: %llu inputs (%llu NaN), %llu differ; x > 0: %llu "
         "differ\n",
         (unsigned long long)covered, (unsigned long long)nans,
         (unsigned long long)differ, (unsigned long long)differAbove);
  return differ != 0;
}
