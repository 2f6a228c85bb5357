#include "expk.h" // from dml-compile --header (check_exp_monotone.sh)
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <math.h>
// Walks every float from -inf to +inf in increasing order and checks that
// the compiled exp is monotone non-decreasing and never NaN on non-NaN input;
// also measures its error in ulps against double exp rounded to float, and
// counts results of another kind than the rounded reference (inf, 0,
// subnormal, normal).
static int kindOf(float f){return isinf(f)?3:f==0?0:fpclassify(f)==FP_SUBNORMAL?1:2;}
// ulp of the float nearest to the exact result (2^-149 for subnormals).
static double ulpAt(float f){int e=ilogbf(f); if(e<-126)e=-126; return ldexp(1.0,e-23);}
static float fromBits(uint32_t u){float f; memcpy(&f,&u,4); return f;}
static uint32_t bitsOf(float f){uint32_t u; memcpy(&u,&f,4); return u;}
int main(void){
  const uint64_t N = EXPK_IN0_ELEMENTS;
  float *in = aligned_alloc(64, N*4), *out = aligned_alloc(64, N*4);
  // Increasing order index i in [0, 0xFF800001 + 0x7F800001): negatives first.
  const uint64_t negCount = 0xFF800000u - 0x80000000u + 1; // -inf .. -0
  const uint64_t total = negCount + 0x7F800001u;           // +0 .. +inf
  float prev = -INFINITY; uint32_t prevIn = 0; uint64_t bad = 0, nan = 0;
  double maxUlp = 0; uint32_t maxUlpIn = 0; uint64_t kindDiffers = 0;
  for (uint64_t start = 0; start < total; start += N) {
    uint64_t n = total - start < N ? total - start : N;
    for (uint64_t j = 0; j < N; ++j) {
      uint64_t i = start + (j < n ? j : n - 1);
      uint32_t b = i < negCount ? (uint32_t)(0xFF800000u - i) : (uint32_t)(i - negCount);
      in[j] = fromBits(b);
    }
    expk(in, out);
    for (uint64_t j = 0; j < n; ++j) {
      float y = out[j];
      if (isnan(y)) { if (nan++ < 5) printf("NaN at %08x\n", bitsOf(in[j])); continue; }
      if (y < prev) { if (bad++ < 20) printf("decrease: exp(%a)=%a > exp(%a)=%a\n", fromBits(prevIn), prev, in[j], y); }
      prev = y; prevIn = bitsOf(in[j]);
      double exact = exp((double)in[j]); float rounded = (float)exact;
      if (kindOf(y) != kindOf(rounded)) {
        if (kindDiffers++ < 5) printf("kind: exp(%a)=%a, rounded %a\n", in[j], y, rounded);
      } else if (!isinf(y)) {
        double ulps = fabs((double)y - exact) / ulpAt(rounded);
        if (ulps > maxUlp) { maxUlp = ulps; maxUlpIn = bitsOf(in[j]); }
      }
    }
  }
  printf("checked %llu floats: %llu decreases, %llu NaN\n", (unsigned long long)total, (unsigned long long)bad, (unsigned long long)nan);
  printf("max error %.3f ulp at x = %a; %llu results of another kind than the rounded exp\n", maxUlp, fromBits(maxUlpIn), (unsigned long long)kindDiffers);
  float sp[] = {-INFINITY, INFINITY, NAN, -0.0f, 0.0f, 1e-45f, -1e-45f, -87.0f, -87.5f, -87.7f, -88.0f, -103.0f, 88.0f, 88.5f, 88.72f, 88.73f, 100.f};
  for (int k = 0; k < 17; ++k) in[k] = sp[k];
  expk(in, out);
  for (int k = 0; k < 17; ++k) printf("exp(%g) = %a (%g) libm %g\n", sp[k], out[k], out[k], expf(sp[k]));
  return bad != 0;
}
