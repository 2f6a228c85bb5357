// Throughput of a mix of 512-bit ops on this host's FP pipes: 8 FMAs and 8
// adds per iteration (independent chains) plus 8 of one other op, or one
// op alone: which ops share pipes with the FMA and which with the add
// (bench/README.md, "SM, SH, R3: a 32-entry table for the summed exp").
//   clang-22 -O2 -march=znver5 fp_op_mix.c -o fp_op_mix
//   taskset -c 1 ./fp_op_mix           (TSC ticks per iteration)
#include <stdio.h>
#include <stdint.h>
#include <x86intrin.h>
#define N 20000000
#define CL ::: "xmm0","xmm1","xmm2","xmm3","xmm4","xmm5","xmm6","xmm7","xmm8","xmm9","xmm10","xmm11","xmm12","xmm13","xmm14","xmm15","xmm19","xmm20","k1","k2"
#define E8(X) X X X X X X X X
#define OP(name, X) { uint64_t t0 = __rdtsc(); for (long i = 0; i < N; ++i) asm volatile(X CL); uint64_t t1 = __rdtsc(); printf("%-28s %.2f ticks/iter\n", name, (double)(t1 - t0) / N); }
#define FMA8 "vfmadd231ps %%zmm16,%%zmm17,%%zmm0\n vfmadd231ps %%zmm16,%%zmm17,%%zmm1\n vfmadd231ps %%zmm16,%%zmm17,%%zmm2\n vfmadd231ps %%zmm16,%%zmm17,%%zmm3\n vfmadd231ps %%zmm16,%%zmm17,%%zmm4\n vfmadd231ps %%zmm16,%%zmm17,%%zmm5\n vfmadd231ps %%zmm16,%%zmm17,%%zmm6\n vfmadd231ps %%zmm16,%%zmm17,%%zmm7\n"
#define ADD8 "vaddps %%zmm16,%%zmm18,%%zmm8\n vaddps %%zmm16,%%zmm18,%%zmm9\n vaddps %%zmm16,%%zmm18,%%zmm10\n vaddps %%zmm16,%%zmm18,%%zmm11\n vaddps %%zmm16,%%zmm18,%%zmm12\n vaddps %%zmm16,%%zmm18,%%zmm13\n vaddps %%zmm16,%%zmm18,%%zmm14\n vaddps %%zmm16,%%zmm18,%%zmm15\n"
int main() {
  asm volatile("vxorps %%xmm16,%%xmm16,%%xmm16\n vxorps %%xmm17,%%xmm17,%%xmm17\n vxorps %%xmm18,%%xmm18,%%xmm18" ::: "xmm16","xmm17","xmm18");
  for (int rep = 0; rep < 2; ++rep) {
  OP("8 fma", FMA8)
  OP("8 add", ADD8)
  OP("8 fma + 8 add", FMA8 ADD8)
  OP("8 add + 8 vpaddd", ADD8 E8("vpaddd %%zmm16,%%zmm18,%%zmm19\n"))
  OP("8 fma + 8 add + 8 vpaddd", FMA8 ADD8 E8("vpaddd %%zmm16,%%zmm18,%%zmm19\n"))
  OP("8 fma + 8 add + 8 vpslld", FMA8 ADD8 E8("vpslld $18, %%zmm18,%%zmm19\n"))
  OP("8 fma + 8 add + 8 vpandd", FMA8 ADD8 E8("vpandd %%zmm16,%%zmm18,%%zmm19\n"))
  OP("8 fma + 8 add + 24 int", FMA8 ADD8 E8("vpslld $18, %%zmm18,%%zmm19\n vpandd %%zmm16,%%zmm18,%%zmm20\n vpaddd %%zmm16,%%zmm18,%%zmm19\n"))
  OP("8 fma + 8 add + 8 vpermi2ps", FMA8 ADD8 E8("vmovaps %%zmm18,%%zmm19\n vpermi2ps %%zmm16,%%zmm17,%%zmm19\n"))
  OP("8 fma + 8 add + 8 scalef", FMA8 ADD8 E8("vscalefps %%zmm16,%%zmm18,%%zmm19\n"))
  OP("8 fma + 8 add + 8 max", FMA8 ADD8 E8("vmaxps %%zmm16,%%zmm18,%%zmm19\n"))
  OP("8 fma + 8 add + 8 cmp", FMA8 ADD8 E8("vcmpltps %%zmm16,%%zmm18,%%k1\n"))
  }
}
