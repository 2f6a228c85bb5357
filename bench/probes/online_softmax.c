// online_softmax.c: does one pass per row (running max, exp-sum per
// L1-sized chunk) hide the DRAM stream behind the exp where two passes
// (max, then exp-sum from L2) do not? A C probe of issue 10's SM/SH at one
// thread; bench/README.md ("One pass per row hides the stream").
//
//   clang-22 -O2 -march=native -DCHUNK=256 online_softmax.c -o probe -lm
//   ./probe 1024 5     # [1024, 32000] rows from DRAM (131 MB)
//   ./probe 64 200     # [64, 32000] (8 MB, L3)
//   ./probe accuracy   # max ulp of both against double on 3 row kinds
//
// Three more variants keep two passes per row: `prefetch` (row r's exp-sum
// loop prefetches row r+1), `skewed` (the max of row r+1 runs in the
// loop of row r's exp-sum: exact numerics, rows pipelined) and `skewpf`
// (skewed, and the same loop prefetches row r+2).
//
// The input sits on transparent huge pages (MADV_HUGEPAGE, as numpy's and
// the project's large buffers do); PAGES=small keeps 4 KiB pages.
//
// The exp is a plain degree-6 Taylor polynomial with vscalefps, the same in
// both variants, so only the pass structure differs.
#include <immintrin.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
static double now() {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}
static inline __m512 exp512(__m512 x) {
  x = _mm512_max_ps(x, _mm512_set1_ps(-104.f));
  __m512 k =
      _mm512_roundscale_ps(_mm512_mul_ps(x, _mm512_set1_ps(1.44269504f)), 0);
  __m512 r = _mm512_fmadd_ps(k, _mm512_set1_ps(-0.693145752f), x);
  r = _mm512_fmadd_ps(k, _mm512_set1_ps(-1.42860677e-6f), r);
  __m512 p = _mm512_set1_ps(1.f / 720);
  p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.f / 120));
  p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.f / 24));
  p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.f / 6));
  p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(0.5f));
  p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.f));
  p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.f));
  return _mm512_scalef_ps(p, k);
}
#define N 32000
static float maxonly(const float *x) {
  __m512 m0 = _mm512_set1_ps(-INFINITY), m1 = m0, m2 = m0, m3 = m0;
  for (int i = 0; i < N; i += 64) {
    m0 = _mm512_max_ps(m0, _mm512_load_ps(x + i));
    m1 = _mm512_max_ps(m1, _mm512_load_ps(x + i + 16));
    m2 = _mm512_max_ps(m2, _mm512_load_ps(x + i + 32));
    m3 = _mm512_max_ps(m3, _mm512_load_ps(x + i + 48));
  }
  return _mm512_reduce_max_ps(
      _mm512_max_ps(_mm512_max_ps(m0, m1), _mm512_max_ps(m2, m3)));
}
static float twopass(const float *x) {
  float m = maxonly(x);
  __m512 vm = _mm512_set1_ps(m), s0 = _mm512_setzero_ps(), s1 = s0;
  for (int i = 0; i < N; i += 32) {
    s0 = _mm512_add_ps(s0, exp512(_mm512_sub_ps(_mm512_load_ps(x + i), vm)));
    s1 = _mm512_add_ps(s1,
                       exp512(_mm512_sub_ps(_mm512_load_ps(x + i + 16), vm)));
  }
  return m + logf(_mm512_reduce_add_ps(_mm512_add_ps(s0, s1)));
}
#ifndef CHUNK
#define CHUNK 256
#endif
static float online(const float *x) {
  float m = -INFINITY;
  __m512 s = _mm512_setzero_ps();
  for (int c = 0; c < N; c += CHUNK) {
    int e = c + CHUNK < N ? c + CHUNK : N;
    __m512 m0 = _mm512_set1_ps(-INFINITY), m1 = m0;
    for (int i = c; i < e; i += 32) {
      m0 = _mm512_max_ps(m0, _mm512_load_ps(x + i));
      m1 = _mm512_max_ps(m1, _mm512_load_ps(x + i + 16));
    }
    float cm = _mm512_reduce_max_ps(_mm512_max_ps(m0, m1));
    if (cm > m) {
      s = _mm512_mul_ps(s, exp512(_mm512_set1_ps(m - cm)));
      m = cm;
    }
    __m512 vm = _mm512_set1_ps(m), s0 = _mm512_setzero_ps(), s1 = s0;
    for (int i = c; i < e; i += 32) {
      s0 = _mm512_add_ps(s0, exp512(_mm512_sub_ps(_mm512_load_ps(x + i), vm)));
      s1 = _mm512_add_ps(s1,
                         exp512(_mm512_sub_ps(_mm512_load_ps(x + i + 16), vm)));
    }
    s = _mm512_add_ps(s, _mm512_add_ps(s0, s1));
  }
  return m + logf(_mm512_reduce_add_ps(s));
}
// Skewed rows: the max of row r+1 and the exp-sum of row r in one loop,
// 32 floats of each per step. Exact two-pass numerics: a row's max is
// complete before its exp-sum starts. With `ahead` > 0 the same loop also
// prefetches row r + ahead (one prefetcht0 per line). Returns the sum of
// the rows' results.
static float skewedAhead(const float *x, int rows, int ahead) {
  float acc = 0, m = maxonly(x);
  for (int r = 0; r < rows; r++) {
    // The last row reads itself again as its "next" row (from the cache,
    // result unused): no branch in the loop.
    const float *row = x + (size_t)r * N, *next = r + 1 < rows ? row + N : row;
    const float *far = r + ahead < rows ? row + (size_t)ahead * N : row;
    __m512 vm = _mm512_set1_ps(m), s0 = _mm512_setzero_ps(), s1 = s0;
    __m512 m0 = _mm512_set1_ps(-INFINITY), m1 = m0;
    for (int i = 0; i < N; i += 32) {
      if (ahead) {
        _mm_prefetch((const char *)(far + i), _MM_HINT_T0);
        _mm_prefetch((const char *)(far + i + 16), _MM_HINT_T0);
      }
      m0 = _mm512_max_ps(m0, _mm512_load_ps(next + i));
      m1 = _mm512_max_ps(m1, _mm512_load_ps(next + i + 16));
      s0 =
          _mm512_add_ps(s0, exp512(_mm512_sub_ps(_mm512_load_ps(row + i), vm)));
      s1 = _mm512_add_ps(
          s1, exp512(_mm512_sub_ps(_mm512_load_ps(row + i + 16), vm)));
    }
    acc += m + logf(_mm512_reduce_add_ps(_mm512_add_ps(s0, s1)));
    m = _mm512_reduce_max_ps(_mm512_max_ps(m0, m1));
  }
  return acc;
}
static float skewed(const float *x, int rows) {
  return skewedAhead(x, rows, 0);
}
// Skewed, and row r+2 prefetched in the same loop.
static float skewpf(const float *x, int rows) {
  return skewedAhead(x, rows, 2);
}
// Two passes per row as the project runs them: row r's exp-sum loop
// prefetches row r+1, one prefetcht1 per line (hint T0, T2, NTA: the same).
static float prefetched(const float *x, int rows) {
  float acc = 0;
  for (int r = 0; r < rows; r++) {
    const float *row = x + (size_t)r * N, *next = r + 1 < rows ? row + N : row;
    float m = maxonly(row);
    __m512 vm = _mm512_set1_ps(m), s0 = _mm512_setzero_ps(), s1 = s0;
    for (int i = 0; i < N; i += 32) {
      _mm_prefetch((const char *)(next + i), _MM_HINT_T1);
      _mm_prefetch((const char *)(next + i + 16), _MM_HINT_T1);
      s0 =
          _mm512_add_ps(s0, exp512(_mm512_sub_ps(_mm512_load_ps(row + i), vm)));
      s1 = _mm512_add_ps(
          s1, exp512(_mm512_sub_ps(_mm512_load_ps(row + i + 16), vm)));
    }
    acc += m + logf(_mm512_reduce_add_ps(_mm512_add_ps(s0, s1)));
  }
  return acc;
}
static double reference(const float *x) {
  double m = -INFINITY, s = 0;
  for (int i = 0; i < N; i++)
    if (x[i] > m)
      m = x[i];
  for (int i = 0; i < N; i++)
    s += exp((double)x[i] - m);
  return m + log(s);
}
static double ulps(float a, double r) {
  float rf = (float)r;
  return fabs(a - r) / (nextafterf(fabsf(rf), INFINITY) - fabsf(rf));
}
static int accuracy(void) {
  float *x = aligned_alloc(64, N * 4);
  const char *kinds[3] = {"uniform(-10,10)", "increasing (a rescale per chunk)",
                          "-1000 + ramp"};
  for (int kind = 0; kind < 3; kind++) {
    double worstTwo = 0, worstOne = 0;
    for (int row = 0; row < 200; row++) {
      for (int i = 0; i < N; i++)
        x[i] = kind == 0   ? (rand() / (float)RAND_MAX - 0.5f) * 20
               : kind == 1 ? i * 1e-4f + (rand() % 3) * 1e-5f
                           : -1000 + i * 3e-4f;
      double r = reference(x);
      worstTwo = fmax(worstTwo, ulps(twopass(x), r));
      worstOne = fmax(worstOne, ulps(online(x), r));
    }
    printf("%-34s max ulp: two passes %.3f, one pass %.3f\n", kinds[kind],
           worstTwo, worstOne);
  }
  return 0;
}
int main(int argc, char **argv) {
  if (argc < 3)
    return accuracy();
  int rows = atoi(argv[1]);
  int reps = atoi(argv[2]);
  size_t n = (size_t)rows * N;
  size_t bytes = ((n * 4 + (2 << 20) - 1) >> 21) << 21;
  float *x = aligned_alloc(2 << 20, bytes);
  const char *pages = getenv("PAGES");
  if (!pages || strcmp(pages, "small") != 0)
    madvise(x, bytes, MADV_HUGEPAGE);
  srand(1);
  for (size_t i = 0; i < n; i++)
    x[i] = (rand() / (float)RAND_MAX - 0.5f) * 20;
  float (*f[3])(const float *) = {twopass, online, maxonly};
  const char *nm[3] = {"twopass", "online", "maxonly"};
  double best[3] = {1e9, 1e9, 1e9};
  volatile float sink = 0;
  for (int r = 0; r < reps; r++)
    for (int v = 0; v < 3; v++) {
      double t = now();
      for (int i = 0; i < rows; i++)
        sink += f[v](x + (size_t)i * N);
      t = now() - t;
      if (t < best[v])
        best[v] = t;
    }
  float (*whole[3])(const float *, int) = {skewed, prefetched, skewpf};
  const char *wholeName[3] = {"skewed", "prefetch", "skewpf"};
  double bestWhole[3] = {1e9, 1e9, 1e9};
  for (int r = 0; r < reps; r++)
    for (int v = 0; v < 3; v++) {
      double t = now();
      sink += whole[v](x, rows);
      t = now() - t;
      if (t < bestWhole[v])
        bestWhole[v] = t;
    }
  for (int v = 0; v < 3; v++)
    printf("%-8s rows=%d %.3f ms  %.3f ns/16lanes\n", wholeName[v], rows,
           bestWhole[v] * 1e3, bestWhole[v] * 1e9 / (rows * N / 16.0));
  for (int v = 0; v < 3; v++)
    printf("%-8s rows=%d %.3f ms  %.3f ns/16lanes\n", nm[v], rows,
           best[v] * 1e3, best[v] * 1e9 / (rows * N / 16.0));
  float a = twopass(x), b = online(x);
  printf("check %.7g %.7g\n", a, b);
  return 0;
}
