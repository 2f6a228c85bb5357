// The summed exp's loop body (dml-approximate-math's 32-entry table form,
// 8 vectors per step as the compiler unrolls it) on an L1-resident row,
// with one change per variant: which op the loop's time moves with on this
// host (bench/README.md, "SM, SH, R3: a 32-entry table for the summed exp").
//   clang-22 -O2 -march=znver5 exp_loop_ops.c -o exp_loop_ops -lm
//   taskset -c 1 ./exp_loop_ops        (TSC ticks per 16 lanes, best of 20)
// Variants: 0 base; 1 k = t - S by an FMA (inline asm, so that LLVM keeps
// it) in every other vector; 2 in all; 3 the sum's add by an FMA in every
// other vector; 4 both in every other vector; 5 2^n built in hi's exponent
// by integer ops (shift, and, add; clamp at -87) instead of vscalefps; 6 = 5
// with 1; 7 2^n as a float factor in an FMA into the sum; 8 no clamp (wrong
// for -inf: timing only); 9 no vscalefps (timing only); 10 no vpermi2ps
// (timing only); 11 one polynomial FMA fewer (timing only); 12 top_k's
// candidate listing per 64 lanes as the compiler emits it (4 compares, 3
// kunpck, kortest, a branch-free store); 13 the listing from a vmaxps tree
// and one compare (loses a NaN lane: timing only); 14 the listing from
// compares ANDed by masking.
#include <immintrin.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <x86intrin.h>
// The summed exp loop body over an L1-resident row: variants of where k and the sum run.
#define RN (_MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC)
static float tab[32]; static unsigned list[256];
#define DEF(NAME, variant) __attribute__((noinline)) float NAME(const float *x, int n, float mx) { \
  __m512 vmax = _mm512_set1_ps(mx), lo = _mm512_set1_ps(variant >= 5 ? -87.f : -104.f), c = _mm512_set1_ps(0x1.715476p+0f); \
  __m512 S = _mm512_set1_ps(0x1.8p18f), nS = _mm512_set1_ps(-0x1.8p18f), one = _mm512_set1_ps(1.f); \
  __m512 ln2 = _mm512_set1_ps(-0x1.62e43p-1f), c2 = _mm512_set1_ps(0x1.ffff3cp-2f), c1 = _mm512_set1_ps(0x1.0000f6p+0f), c0 = _mm512_set1_ps(-0x1.4d3f0ap-27f); \
  __m512 t0 = _mm512_loadu_ps(tab), t1 = _mm512_loadu_ps(tab + 16); \
  __m512 acc[8]; \
  for (int u = 0; u < 8; ++u) acc[u] = _mm512_setzero_ps(); \
  unsigned cnt = 0; __m512 L = _mm512_set1_ps(-0.05f); \
  for (int i = 0; i < n; i += 128) { \
    if (variant >= 12) { \
      for (int g = 0; g < 2; ++g) { \
        const float *c = x + i + 64 * g; \
        int any; \
        if (variant == 14) { \
          __mmask16 k = _mm512_cmp_ps_mask(_mm512_loadu_ps(c), L, _CMP_LT_OQ); \
          k = _mm512_mask_cmp_ps_mask(k, _mm512_loadu_ps(c + 16), L, _CMP_LT_OQ); \
          k = _mm512_mask_cmp_ps_mask(k, _mm512_loadu_ps(c + 32), L, _CMP_LT_OQ); \
          k = _mm512_mask_cmp_ps_mask(k, _mm512_loadu_ps(c + 48), L, _CMP_LT_OQ); \
          any = !_kortestc_mask16_u8(k, k); \
        } else if (variant == 12) { \
          __mmask16 m0 = _mm512_cmp_ps_mask(_mm512_loadu_ps(c), L, _CMP_NLT_UQ), m1 = _mm512_cmp_ps_mask(_mm512_loadu_ps(c + 16), L, _CMP_NLT_UQ); \
          __mmask16 m2 = _mm512_cmp_ps_mask(_mm512_loadu_ps(c + 32), L, _CMP_NLT_UQ), m3 = _mm512_cmp_ps_mask(_mm512_loadu_ps(c + 48), L, _CMP_NLT_UQ); \
          __mmask64 m; \
          __mmask32 a = _mm512_kunpackw(m1, m0), b = _mm512_kunpackw(m3, m2); \
          m = _mm512_kunpackd(b, a); any = !_ktestz_mask64_u8(m, m); \
        } else { \
          __m512 a = _mm512_max_ps(_mm512_loadu_ps(c), _mm512_loadu_ps(c + 16)), b = _mm512_max_ps(_mm512_loadu_ps(c + 32), _mm512_loadu_ps(c + 48)); \
          any = _mm512_cmp_ps_mask(_mm512_max_ps(a, b), L, _CMP_NLT_UQ) != 0; \
        } \
        list[cnt < 250 ? cnt : 250] = i + 64 * g; cnt += any; \
      } \
    } \
_Pragma("clang loop unroll(full)") \
    for (int u = 0; u < 8; ++u) { \
      __m512 v = _mm512_loadu_ps(x + i + 16 * u); \
      __m512 d = _mm512_sub_ps(v, vmax); \
      if (variant != 8) d = _mm512_max_ps(d, lo); \
      __m512 t = _mm512_fmadd_ps(d, c, S); \
      __m512 k; \
      if (variant == 1 || variant == 4 || variant == 6 ? (u & 1) : variant == 2) { k = t; asm("vfmadd213ps %2, %1, %0" : "+v"(k) : "v"(one), "v"(nS)); } \
      else k = _mm512_sub_ps(t, S); \
      __m512 r = _mm512_fmadd_ps(k, ln2, d); \
      __m512 hi = variant == 10 ? t0 : _mm512_permutex2var_ps(t0, _mm512_castps_si512(t), t1); \
      __m512 q = _mm512_fmadd_ps(c2, r, c1); \
      __m512 s = variant == 11 ? q : _mm512_fmadd_ps(q, r, c0); \
      __m512 e; \
      if (variant == 7) { \
        __m512i sc = _mm512_add_epi32(_mm512_and_si512(_mm512_slli_epi32(_mm512_castps_si512(t), 18), _mm512_set1_epi32(0xFF800000)), _mm512_set1_epi32(0x3F800000)); \
        __m512 p = _mm512_fmadd_ps(hi, s, hi); \
        acc[u] = _mm512_fmadd_ps(p, _mm512_castsi512_ps(sc), acc[u]); \
        continue; \
      } else if (variant >= 5) { \
        __m512i sc = _mm512_and_si512(_mm512_slli_epi32(_mm512_castps_si512(t), 18), _mm512_set1_epi32(0xFF800000)); \
        __m512 his = _mm512_castsi512_ps(_mm512_add_epi32(_mm512_castps_si512(hi), sc)); \
        e = _mm512_fmadd_ps(his, s, his); \
      } else { \
        __m512 p = _mm512_fmadd_ps(hi, s, hi); \
        e = variant == 9 ? p : _mm512_scalef_ps(p, k); \
      } \
      if (variant == 3 || variant == 4 ? (u & 1) : 0) asm("vfmadd231ps %1, %2, %0" : "+v"(acc[u]) : "v"(e), "v"(one)); \
      else acc[u] = _mm512_add_ps(acc[u], e); \
    } \
  } \
  __m512 a = acc[0]; \
  for (int u = 1; u < 8; ++u) a = _mm512_add_ps(a, acc[u]); \
  return _mm512_reduce_add_ps(a) + cnt; \
}
DEF(run0, 0) DEF(run1, 1) DEF(run2, 2) DEF(run3, 3) DEF(run4, 4) DEF(run5, 5) DEF(run6, 6) DEF(run7, 7) DEF(run8, 8) DEF(run9, 9) DEF(run10, 10) DEF(run11, 11) DEF(run12, 12) DEF(run13, 13) DEF(run14, 14)
float (*fns[])(const float*, int, float) = {run0, run1, run2, run3, run4, run5, run6, run7, run8, run9, run10, run11, run12, run13, run14};

int main(int argc, char **argv) {
  for (int j = 0; j < 32; ++j) tab[j] = __builtin_exp2f(j / 32.f);
  int n = 8192; float *x = aligned_alloc(64, n * 4);
  for (int i = 0; i < n; ++i) x[i] = -(float)(rand() % 1000) / 100.f;
  for (int rep = 0; rep < 3; ++rep)
  for (int v = 0; v < 15; ++v) {
    uint64_t best = ~0ull; float s = 0;
    for (int k = 0; k < 20; ++k) { uint64_t t0 = __rdtsc(); for (int m = 0; m < 200; ++m) s += fns[v](x, n, 0.f); uint64_t t1 = __rdtsc(); if ((t1 - t0) / 200 < best) best = (t1 - t0) / 200; }
    printf("variant %2d: %.3f ticks per 16 lanes (%g)\n", v, best / (n / 16.0), s);
  }
}
