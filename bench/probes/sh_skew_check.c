// SH's or SM's outputs and workspace of two libraries bit-identical?
// (bench/probes/sh_skew.py; inputs from sh_skew_inputs.py, ROWS x 32000 f32
// each: SH 64 rows, SM 1024)
//   cc -O2 sh_skew_check.c -o check -ldl
//   ./check [SM|SM4|SM64] BASE.so VARIANT.so INPUT.bin...
// (SM4 and SM64 read the first 4 or 64 rows of SM's inputs.)
// Both start from the same garbage workspace; after the call all of the
// case's workspace at threads 1 (SH 262144 bytes, e23500e; SM 2031616,
// 3f6fe36) must match.
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
typedef int (*Kernel)(const float *, float *, uint64_t *, void *);
struct Case {
  const char *symbol;
  size_t rows, k, workspace, rowScalars; // rowScalars: sums, maxima, extremes
};
static const struct Case sh = {"SH_with_workspace", 64, 50, 262144, 221184};
static const struct Case sm = {"SM_with_workspace", 1024, 8, 2031616, 1835008};
static const struct Case sm4 = {"SM4_with_workspace", 4, 8, 7936, 7168};
static const struct Case sm64 = {"SM64_with_workspace", 64, 8, 126976, 114688};
int main(int argc, char **argv) {
  const struct Case *c = &sh;
  if (argc > 1 && (!strcmp(argv[1], "SM") || !strcmp(argv[1], "SM4") || !strcmp(argv[1], "SM64"))) {
    c = !strcmp(argv[1], "SM") ? &sm : !strcmp(argv[1], "SM4") ? &sm4 : &sm64;
    ++argv;
    --argc;
  }
  Kernel k[2];
  for (int l = 0; l < 2; ++l) {
    void *h = dlopen(argv[1 + l], RTLD_NOW | RTLD_LOCAL);
    if (!h) { fprintf(stderr, "%s\n", dlerror()); return 1; }
    k[l] = (Kernel)dlsym(h, c->symbol);
  }
  size_t n = c->rows * 32000, outs = c->rows * c->k;
  float *x = aligned_alloc(4096, n * 4);
  float *v[2] = {malloc(outs * 4), malloc(outs * 4)};
  uint64_t *i[2] = {malloc(outs * 8), malloc(outs * 8)};
  int bad = 0;
  for (int a = 3; a < argc; ++a) {
    FILE *f = fopen(argv[a], "rb");
    if (!f || fread(x, 4, n, f) != n) return 2;
    fclose(f);
    unsigned char *ws[2];
    for (int l = 0; l < 2; ++l) {
      ws[l] = aligned_alloc(64, 8 << 20);
      memset(ws[l], 0xA5, 8 << 20);  // garbage workspace
      k[l](x, v[l], i[l], ws[l]);
    }
    int dw = memcmp(ws[0], ws[1], c->workspace);
    int dx = memcmp(ws[0] + c->rowScalars, ws[1] + c->rowScalars, c->workspace - c->rowScalars);
    printf("workspace %s, extremes+maxima+sums %s; ", dw ? "DIFFERS" : "same", dx ? "DIFFER" : "same");
    free(ws[0]); free(ws[1]);
    int dv = memcmp(v[0], v[1], outs * 4), di = memcmp(i[0], i[1], outs * 8);
    int nanrows = 0;
    for (size_t r = 0; r < c->rows; ++r) if (v[0][r * c->k] != v[0][r * c->k]) ++nanrows;
    printf("%-20s values %s indices %s (rows with NaN out: %d)\n", argv[a], dv ? "DIFFER" : "same", di ? "DIFFER" : "same", nanrows);
    bad |= dv | di | dw;
  }
  return bad;
}
