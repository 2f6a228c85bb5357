#include "expk.h" // from dml-compile --header (check_exp_monotone.sh)
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
// Walks every float from -inf to +inf in increasing order (or every
// STRIDE-th one) and checks that the compiled exp is monotone
// non-decreasing and never NaN on non-NaN input; also measures its error
// in ulps against double exp rounded to float, and counts results of
// another kind than the rounded reference (inf, 0, subnormal, normal).
// With a stride it also walks 17 consecutive floats around every step of
// round(16 x log2 e), where table-driven expansions switch entries.
//
// usage: check [STRIDE [MAX_ULP]]: exit status 1 on a decrease, a NaN, a
// result of another kind or an error above MAX_ULP (default: no bound).
static int kindOf(float f){return isinf(f)?3:f==0?0:fpclassify(f)==FP_SUBNORMAL?1:2;}
// ulp of the float nearest to the exact result (2^-149 for subnormals).
static double ulpAt(float f){int e=ilogbf(f); if(e<-126)e=-126; return ldexp(1.0,e-23);}
static float fromBits(uint32_t u){float f; memcpy(&f,&u,4); return f;}
static uint32_t bitsOf(float f){uint32_t u; memcpy(&u,&f,4); return u;}
static float *in, *out;
static float prev = -INFINITY; static uint32_t prevIn = 0;
static uint64_t bad = 0, nanCount = 0, kindDiffers = 0, checked = 0;
static double maxUlp = 0; static uint32_t maxUlpIn = 0;
static double maxUlpNormal = 0; static uint32_t maxUlpNormalIn = 0;
// Runs exp on in[0, n) and accounts for the results: increasing within
// each run of `window` inputs (0: all of them).
static void runBatch(uint64_t n, uint64_t window) {
  const uint64_t N = EXPK_IN0_ELEMENTS;
  for (uint64_t j = n; j < N; ++j) in[j] = in[n - 1];
  expk(in, out);
  checked += n;
  for (uint64_t j = 0; j < n; ++j) {
    float y = out[j];
    if (window && j % window == 0) prev = -INFINITY;
    if (isnan(y)) { if (nanCount++ < 5) printf("NaN at %08x\n", bitsOf(in[j])); continue; }
    if (y < prev) { if (bad++ < 20) printf("decrease: exp(%a)=%a > exp(%a)=%a\n", fromBits(prevIn), prev, in[j], y); }
    prev = y; prevIn = bitsOf(in[j]);
    double exact = exp((double)in[j]); float rounded = (float)exact;
    if (kindOf(y) != kindOf(rounded)) {
      if (kindDiffers++ < 5) printf("kind: exp(%a)=%a, rounded %a\n", in[j], y, rounded);
    } else if (!isinf(y)) {
      double ulps = fabs((double)y - exact) / ulpAt(rounded);
      if (ulps > maxUlp) { maxUlp = ulps; maxUlpIn = bitsOf(in[j]); }
      if (kindOf(y) == 2 && ulps > maxUlpNormal) { maxUlpNormal = ulps; maxUlpNormalIn = bitsOf(in[j]); }
    }
  }
}
int main(int argc, char **argv){
  const uint64_t N = EXPK_IN0_ELEMENTS;
  uint64_t stride = argc > 1 ? strtoull(argv[1], 0, 0) : 1;
  double bound = argc > 2 ? atof(argv[2]) : INFINITY;
  in = aligned_alloc(64, N*4); out = aligned_alloc(64, N*4);
  // Increasing order index i in [0, 0xFF800001 + 0x7F800001): negatives first.
  const uint64_t negCount = 0xFF800000u - 0x80000000u + 1; // -inf .. -0
  const uint64_t total = negCount + 0x7F800001u;           // +0 .. +inf
  uint64_t n = 0;
  for (uint64_t i = 0; i < total; i += stride) {
    uint32_t b = i < negCount ? (uint32_t)(0xFF800000u - i) : (uint32_t)(i - negCount);
    in[n++] = fromBits(b);
    if (n == N) { runBatch(n, 0); n = 0; }
  }
  if ((total - 1) % stride != 0)
    in[n++] = INFINITY;
  if (n)
    runBatch(n, 0);
  if (stride > 1) {
    // The steps of k = round(16 x log2 e), k in [-2402, 2049], each with
    // its own monotonicity window of 17 floats.
    uint64_t windows = 0;
    n = 0;
    for (int k = -2402; k <= 2049; ++k, ++windows) {
      float f = (float)((k + 0.5) / 16 / 1.4426950408889634);
      for (int s = 0; s < 8; ++s) f = nextafterf(f, -INFINITY);
      for (int s = 0; s < 17; ++s, f = nextafterf(f, INFINITY)) in[n++] = f;
    }
    runBatch(n, 17);
    printf("and %llu table steps\n", (unsigned long long)windows);
  }
  printf("checked %llu floats: %llu decreases, %llu NaN\n", (unsigned long long)checked, (unsigned long long)bad, (unsigned long long)nanCount);
  printf("max error %.3f ulp at x = %a; %llu results of another kind than the rounded exp\n", maxUlp, fromBits(maxUlpIn), (unsigned long long)kindDiffers);
  printf("max error of normal results %.3f ulp at x = %a\n", maxUlpNormal, fromBits(maxUlpNormalIn));
  float sp[] = {-INFINITY, INFINITY, NAN, -0.0f, 0.0f, 1e-45f, -1e-45f, -87.0f, -87.5f, -87.7f, -88.0f, -103.0f, 88.0f, 88.5f, 88.72f, 88.73f, 100.f};
  for (int k = 0; k < 17; ++k) in[k] = sp[k];
  expk(in, out);
  for (int k = 0; k < 17; ++k) printf("exp(%g) = %a (%g) libm %g\n", sp[k], out[k], out[k], expf(sp[k]));
  return bad != 0 || nanCount != 0 || kindDiffers != 0 || maxUlp > bound;
}
