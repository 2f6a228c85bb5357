// SH outputs and workspace of two libraries bit-identical? (bench/probes/
// sh_skew.py; inputs from sh_skew_inputs.py, 64 x 32000 f32 each)
//   cc -O2 sh_skew_check.c -o check -ldl
//   ./check BASE.so VARIANT.so INPUT.bin...
// Both start from the same garbage workspace; after the call the first
// 262144 bytes (all of SH's workspace at threads 1, e23500e) must match.
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
typedef int (*Kernel)(const float *, float *, uint64_t *, void *);
int main(int argc, char **argv) {
  Kernel k[2];
  for (int l = 0; l < 2; ++l) {
    void *h = dlopen(argv[1 + l], RTLD_NOW | RTLD_LOCAL);
    if (!h) { fprintf(stderr, "%s\n", dlerror()); return 1; }
    k[l] = (Kernel)dlsym(h, "SH_with_workspace");
  }
  size_t n = 64 * 32000;
  float *x = aligned_alloc(4096, n * 4);
  int bad = 0;
  for (int a = 3; a < argc; ++a) {
    FILE *f = fopen(argv[a], "rb");
    if (!f || fread(x, 4, n, f) != n) return 2;
    fclose(f);
    float v[2][64 * 50]; uint64_t i[2][64 * 50];
    unsigned char *ws[2];
    for (int l = 0; l < 2; ++l) {
      ws[l] = aligned_alloc(64, 8 << 20);
      memset(ws[l], 0xA5, 8 << 20);  // garbage workspace
      k[l](x, v[l], i[l], ws[l]);
    }
    int dw = memcmp(ws[0], ws[1], 262144);
    int dx = memcmp(ws[0] + 221184, ws[1] + 221184, 262144 - 221184);
    printf("workspace %s, extremes+maxima+sums %s; ", dw ? "DIFFERS" : "same", dx ? "DIFFER" : "same");
    free(ws[0]); free(ws[1]);
    int dv = memcmp(v[0], v[1], sizeof v[0]), di = memcmp(i[0], i[1], sizeof i[0]);
    int nanrows = 0;
    for (int r = 0; r < 64; ++r) if (v[0][r * 50] != v[0][r * 50]) ++nanrows;
    printf("%-20s values %s indices %s (rows with NaN out: %d)\n", argv[a], dv ? "DIFFER" : "same", di ? "DIFFER" : "same", nanrows);
    bad |= dv | di;
  }
  return bad;
}
