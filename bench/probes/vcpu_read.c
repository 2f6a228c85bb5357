// Read rate of one core over a buffer of SIZE bytes (L2, L3 or memory),
// best of 200 passes of a 512-bit max: pin it to each vCPU in turn to
// compare them (bench/README.md, "This host's two vCPUs are not equal").
//   cc -O2 -mavx512f vcpu_read.c -o vcpu_read
//   for c in 0 1; do taskset -c $c ./vcpu_read 8388608; done
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
  if (argc != 2)
    return fprintf(stderr, "usage: vcpu_read SIZE_BYTES\n"), 1;
  size_t n = (size_t)atol(argv[1]) / 4 / 16 * 16;
  float *a = aligned_alloc(2 << 20, (n * 4 + (2 << 20) - 1) / (2 << 20) * (2 << 20));
  for (size_t i = 0; i < n; ++i)
    a[i] = (float)i;
  double best = 1e30;
  __m512 m = _mm512_setzero_ps();
  for (int pass = 0; pass < 200; ++pass) {
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (size_t i = 0; i < n; i += 16)
      m = _mm512_max_ps(m, _mm512_load_ps(a + i));
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double ns = (t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec);
    if (ns < best)
      best = ns;
  }
  float out[16];
  _mm512_storeu_ps(out, m);
  printf("%zu KiB: %.2f GB/s (max %g)\n", n * 4 / 1024, n * 4 / best, out[0]);
  return 0;
}
