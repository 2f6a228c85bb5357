// dram_overlap.c: how should a two-pass row loop (max pass, then an
// exp-sum pass over the same L2-resident row) fetch the next row from DRAM
// at one thread? A C probe of issue 10's SM/R3 row blocks
// (bench/README.md, "The next row's prefetches, paced").
//
//   clang-22 -O2 -march=native dram_overlap.c -o probe -lm
//   taskset -c 1 ./probe ROWS REPS SCHEME...
//
// ROWS rows of 32000 floats (1024: 131 MB from DRAM; 4: L2-resident, the
// compute alone). Schemes, each a string:
//   none        no software prefetch (the hardware prefetchers alone)
//   exp         one prefetcht0 per line of row r+1 in row r's exp pass
//               (what the compiler emits, `dml-prefetch-next-block`)
//   split:F     the first F percent of row r+1's lines prefetched in row r's
//               max pass, the rest in its exp pass, each spread evenly
//   page        one prefetcht0 per 4 KiB of row r+1 in the exp pass
//   half        one prefetcht0 per 128 B of row r+1 in the exp pass
//   lead:L      as exp, but L lines of row r+1 prefetched at the start of
//               the exp pass before its loop
// The exp pass's body mimics the compiler's summed exp (32-entry table,
// degree-2 polynomial, vscalefps) and the candidate listing's compare.
// Prints per scheme: ns per 16 lanes, the median of the reps' times and
// the best rep.
#include <immintrin.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define N 32000
#define LINES (N * 4 / 64)

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static float table[32];

static inline __m512 summedExp(__m512 x, __m512 m, __m512 lo, __m512 hi) {
  const __m512 shifter = _mm512_set1_ps(1.5f * (1 << 18));
  __m512 d = _mm512_max_ps(_mm512_sub_ps(x, m), _mm512_set1_ps(-104.f));
  __m512 t = _mm512_fmadd_ps(d, _mm512_set1_ps(46.16624f), shifter);
  __m512 k = _mm512_sub_ps(t, shifter);
  __m512 r = _mm512_fmadd_ps(k, _mm512_set1_ps(-0.02166085f), d);
  __m512 h = _mm512_permutex2var_ps(lo, _mm512_castps_si512(t), hi);
  __m512 s = _mm512_fmadd_ps(r, _mm512_set1_ps(0.5f), _mm512_set1_ps(1.f));
  s = _mm512_fmadd_ps(r, s, _mm512_set1_ps(0.f));
  __m512 e = _mm512_fmadd_ps(h, s, h);
  return _mm512_scalef_ps(e, _mm512_mul_ps(k, _mm512_set1_ps(1.f / 32)));
}

struct Scheme {
  int kind; // 0 none, 1 exp, 2 split, 3 page, 4 half, 5 lead
  int param;
};

static float rowMax(const float *x, const float *next, int pfFrom, int pfTo) {
  __m512 m0 = _mm512_set1_ps(-INFINITY), m1 = m0, m2 = m0, m3 = m0;
  int steps = N / 64, pfLines = pfTo - pfFrom, done = 0;
  for (int s = 0; s < steps; s++) {
    const float *p = x + s * 64;
    // Spread pfLines prefetches evenly over the steps.
    int want = (int)((long)pfLines * (s + 1) / steps);
    for (; done < want; done++)
      _mm_prefetch((const char *)(next + (pfFrom + done) * 16), _MM_HINT_T0);
    m0 = _mm512_max_ps(m0, _mm512_load_ps(p));
    m1 = _mm512_max_ps(m1, _mm512_load_ps(p + 16));
    m2 = _mm512_max_ps(m2, _mm512_load_ps(p + 32));
    m3 = _mm512_max_ps(m3, _mm512_load_ps(p + 48));
  }
  return _mm512_reduce_max_ps(
      _mm512_max_ps(_mm512_max_ps(m0, m1), _mm512_max_ps(m2, m3)));
}

// The exp pass; prefetches lines [pfFrom, LINES) of next, `stride` lines
// apart, spread evenly over the loop's steps.
static float expSum(const float *x, float m, const float *next, int pfFrom,
                    int stride, unsigned *listed) {
  __m512 vm = _mm512_set1_ps(m), bound = _mm512_set1_ps(m - 3.f);
  __m512 lo = _mm512_loadu_ps(table), hi = _mm512_loadu_ps(table + 16);
  __m512 s0 = _mm512_setzero_ps(), s1 = s0, s2 = s0, s3 = s0;
  int steps = N / 64, pfLines = (LINES - pfFrom) / stride, done = 0;
  unsigned count = 0;
  for (int s = 0; s < steps; s++) {
    const float *p = x + s * 64;
    int want = (int)((long)pfLines * (s + 1) / steps);
    for (; done < want; done++)
      _mm_prefetch((const char *)(next + (pfFrom + done * stride) * 16),
                   _MM_HINT_T0);
    __m512 a = _mm512_load_ps(p), b = _mm512_load_ps(p + 16),
           c = _mm512_load_ps(p + 32), d = _mm512_load_ps(p + 48);
    __mmask16 ka = _mm512_cmp_ps_mask(a, bound, _CMP_GE_OQ),
              kb = _mm512_cmp_ps_mask(b, bound, _CMP_GE_OQ),
              kc = _mm512_cmp_ps_mask(c, bound, _CMP_GE_OQ),
              kd = _mm512_cmp_ps_mask(d, bound, _CMP_GE_OQ);
    count += ((ka | kb | kc | kd) != 0);
    s0 = _mm512_add_ps(s0, summedExp(a, vm, lo, hi));
    s1 = _mm512_add_ps(s1, summedExp(b, vm, lo, hi));
    s2 = _mm512_add_ps(s2, summedExp(c, vm, lo, hi));
    s3 = _mm512_add_ps(s3, summedExp(d, vm, lo, hi));
  }
  *listed += count;
  return _mm512_reduce_add_ps(
      _mm512_add_ps(_mm512_add_ps(s0, s1), _mm512_add_ps(s2, s3)));
}

static float runRows(const float *x, int rows, struct Scheme sc,
                     unsigned *listed) {
  float acc = 0;
  for (int r = 0; r < rows; r++) {
    const float *row = x + (size_t)r * N;
    const float *next = r + 1 < rows ? row + N : row;
    int maxTo = sc.kind == 2 ? LINES * sc.param / 100 : 0;
    float m = rowMax(row, next, 0, sc.kind == 0 ? 0 : maxTo);
    int expFrom = maxTo, stride = 1;
    if (sc.kind == 0)
      expFrom = LINES;
    if (sc.kind == 3)
      stride = 64;
    if (sc.kind == 4)
      stride = 2;
    if (sc.kind == 5) {
      for (int l = 0; l < sc.param && l < LINES; l++)
        _mm_prefetch((const char *)(next + l * 16), _MM_HINT_T0);
      expFrom = sc.param;
    }
    acc += expSum(row, m, next, expFrom, stride, listed);
  }
  return acc;
}

static int cmpd(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s ROWS REPS SCHEME...\n", argv[0]);
    return 2;
  }
  int rows = atoi(argv[1]), reps = atoi(argv[2]), nsc = argc - 3;
  for (int j = 0; j < 32; j++)
    table[j] = exp2f(j / 32.f);
  size_t n = (size_t)rows * N;
  size_t bytes = ((n * 4 + (2 << 20) - 1) >> 21) << 21;
  float *x = aligned_alloc(2 << 20, bytes);
  madvise(x, bytes, MADV_HUGEPAGE);
  srand(1);
  for (size_t i = 0; i < n; i++)
    x[i] = (rand() / (float)RAND_MAX - 0.5f) * 20;
  struct Scheme sc[16];
  for (int s = 0; s < nsc && s < 16; s++) {
    const char *a = argv[3 + s];
    const char *colon = strchr(a, ':');
    sc[s].param = colon ? atoi(colon + 1) : 0;
    sc[s].kind = !strncmp(a, "none", 4)    ? 0
                 : !strncmp(a, "exp", 3)   ? 1
                 : !strncmp(a, "split", 5) ? 2
                 : !strncmp(a, "page", 4)  ? 3
                 : !strncmp(a, "half", 4)  ? 4
                 : !strncmp(a, "lead", 4)  ? 5
                                           : -1;
    if (sc[s].kind < 0) {
      fprintf(stderr, "unknown scheme %s\n", a);
      return 2;
    }
  }
  // Small inputs run several times per rep so that a rep takes ~ms.
  int inner = rows >= 256 ? 1 : 1024 / rows;
  double *t = malloc(sizeof(double) * reps * nsc);
  unsigned listed = 0;
  volatile float sink = 0;
  for (int rep = 0; rep < reps; rep++)
    for (int s = 0; s < nsc; s++) {
      double t0 = now();
      for (int i = 0; i < inner; i++)
        sink += runRows(x, rows, sc[s], &listed);
      t[s * reps + rep] = (now() - t0) / inner;
    }
  double lanes = rows * (N / 16.0);
  for (int s = 0; s < nsc; s++) {
    double *v = t + s * reps;
    qsort(v, reps, sizeof *v, cmpd);
    printf("%-10s rows=%d median %.3f ns/16 lanes (%.3f ms), best %.3f\n",
           argv[3 + s], rows, v[reps / 2] * 1e9 / lanes, v[reps / 2] * 1e3,
           v[0] * 1e9 / lanes);
  }
  return 0;
}
