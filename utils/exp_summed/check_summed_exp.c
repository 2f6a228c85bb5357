#include "expk.h" // from dml-compile --header (check_summed_exp.sh)
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
// Runs every f32 argument x <= 0 (-0 down to -inf, or every STRIDE-th one)
// and every NaN through the summed exp and compares it with double exp.
// A summed exp's relative error is modelled as C 2^-24 + G |x|: G =
// 2.8e-9 bounds the single-constant reduction (|k| (ln2High - ln 2)), and
// C is measured here as the largest relative error minus G |x| over the
// normal results. A sum of such terms (max term 1, n terms) then has a
// relative error from the exp of at most C 2^-24 + G (ln n + 1).
//
// usage: check [STRIDE [MAX_CONSTANT]]: exit status 1 on a NaN from a
// non-NaN argument, a non-NaN from a NaN, a result above 1, a negative
// result or a constant part above MAX_CONSTANT.
static const double kGrowth = 2.8e-9;
static float fromBits(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint32_t bitsOf(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
// ulp of the float nearest to the exact result (2^-149 for subnormals).
static double ulpAt(float f) {
  int e = ilogbf(f);
  if (e < -126) e = -126;
  return ldexp(1.0, e - 23);
}
static float *in, *out;
static uint64_t checked = 0, bad = 0, belowNormal = 0;
static double maxConstant = 0, maxUlpNear = 0, maxUlpNormal = 0;
static uint32_t maxConstantIn = 0, maxUlpNearIn = 0, maxUlpNormalIn = 0;
static void runBatch(uint64_t n) {
  const uint64_t N = EXPK_IN0_ELEMENTS;
  for (uint64_t j = n; j < N; ++j) in[j] = in[n - 1];
  expk(in, out);
  checked += n;
  for (uint64_t j = 0; j < n; ++j) {
    float x = in[j], y = out[j];
    if (isnan(x) != isnan(y) || (!isnan(y) && (y > 1.0f || signbit(y)))) {
      if (bad++ < 10) printf("bad: exp(%a) = %a\n", x, y);
      continue;
    }
    if (isnan(x))
      continue;
    double exact = exp((double)x);
    float rounded = (float)exact;
    if (fpclassify(rounded) != FP_NORMAL || fpclassify(y) != FP_NORMAL) {
      // 0 and subnormal terms: at most 2^-126 next to a max term of 1.
      belowNormal += (y != rounded);
      continue;
    }
    double relative = fabs((double)y - exact) / exact;
    double constant = (relative - kGrowth * fabs((double)x)) / 0x1p-24;
    if (constant > maxConstant) { maxConstant = constant; maxConstantIn = bitsOf(x); }
    double ulps = fabs((double)y - exact) / ulpAt(rounded);
    if (ulps > maxUlpNormal) { maxUlpNormal = ulps; maxUlpNormalIn = bitsOf(x); }
    if (x >= -1.0f && ulps > maxUlpNear) { maxUlpNear = ulps; maxUlpNearIn = bitsOf(x); }
  }
}
int main(int argc, char **argv) {
  const uint64_t N = EXPK_IN0_ELEMENTS;
  uint64_t stride = argc > 1 ? strtoull(argv[1], 0, 0) : 1;
  double bound = argc > 2 ? atof(argv[2]) : INFINITY;
  in = aligned_alloc(64, N * 4);
  out = aligned_alloc(64, N * 4);
  uint64_t n = 0;
  // -0 .. -inf, then the NaNs of both signs (every STRIDE-th).
  for (uint64_t b = 0x80000000u; b <= 0xFF800000u; b += stride) {
    in[n++] = fromBits((uint32_t)b);
    if (n == N) { runBatch(n); n = 0; }
  }
  for (uint64_t b = 0x7F800001u; b <= 0xFFFFFFFFu; b += stride) {
    if (b == 0x80000000u) b = 0xFF800001u;
    in[n++] = fromBits((uint32_t)b);
    if (n == N) { runBatch(n); n = 0; }
  }
  in[n++] = fromBits(0x80000000u); // -0 in every run
  in[n++] = -INFINITY;
  runBatch(n);
  printf("checked %llu arguments <= 0 or NaN: %llu bad\n", (unsigned long long)checked, (unsigned long long)bad);
  printf("relative error <= C 2^-24 + %.1e |x| with C = %.3f (at x = %a)\n", kGrowth, maxConstant, fromBits(maxConstantIn));
  printf("max error of normal results %.3f ulp (at x = %a); on [-1, 0] %.3f ulp (at x = %a)\n", maxUlpNormal, fromBits(maxUlpNormalIn), maxUlpNear, fromBits(maxUlpNearIn));
  printf("%llu results below 2^-126 differ from the rounded exp\n", (unsigned long long)belowNormal);
  float sp[] = {-0.0f, -INFINITY, NAN, -NAN, -1e-45f, -1.0f, -87.0f, -103.0f, -104.0f, -1e30f};
  for (int k = 0; k < 10; ++k) in[k] = sp[k];
  expk(in, out);
  for (int k = 0; k < 10; ++k) printf("exp(%g) = %a (%g)\n", sp[k], out[k], out[k]);
  return bad != 0 || maxConstant > bound;
}
