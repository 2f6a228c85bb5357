// dml-compile: object file and shared library with a C header, linked into a
// C program that needs nothing from LLVM or MLIR.
// REQUIRES: dml-compile, clang
// RUN: rm -rf %t && mkdir -p %t
// RUN: dml-compile %s -o %t/kernels.o --header %t/kernels.h
// RUN: FileCheck %s --check-prefix=HEADER < %t/kernels.h
// Only libc and libm symbols are left undefined (no memrefCopy, no MLIR
// runtime):
// RUN: llvm-nm -u --format=just-symbols %t/kernels.o | FileCheck %s --check-prefix=UNDEF
// RUN: llvm-nm -u --format=just-symbols %t/kernels.o | not grep -v -E '^(malloc|free|memcpy|memset|memmove|aligned_alloc|posix_memalign|__tls_get_addr|[a-z0-9]+f?)$'
// RUN: llvm-nm --defined-only --extern-only --format=just-symbols %t/kernels.o | FileCheck %s --check-prefix=DEFINED
// RUN: %clang -std=c99 -I%t %S/Inputs/topk-main.c %t/kernels.o -lm -o %t/main-static
// RUN: %t/main-static | FileCheck %s --check-prefix=OUT
// RUN: dml-compile %s -o %t/libkernels.so
// RUN: %clang -std=c99 -I%t %S/Inputs/topk-main.c -L%t -lkernels -Wl,-rpath,%t -o %t/main-shared
// RUN: %t/main-shared | FileCheck %s --check-prefix=OUT
// RUN: llvm-readelf --dynamic %t/libkernels.so | FileCheck %s --check-prefix=NEEDED

// HEADER: #include <stdint.h>
// HEADER: in0:  FLOAT32 [3, 4], strides [1, 3], at least 12 elements
// HEADER: #define TOPK_IN0_ELEMENTS 12
// HEADER: #define TOPK_OUT0_ELEMENTS 6
// HEADER: #define TOPK_WORKSPACE_BYTES {{[1-9][0-9]*}}
// HEADER: int topk(const float *in0, float *out0, uint32_t *out1);
// HEADER: int topk_with_workspace(const float *in0, float *out0, uint32_t *out1, void *workspace);
// HEADER: in0:  FLOAT32 [3, 4], strides [0, 1], at least 4 elements
// HEADER: int rowsum(const float *in0, float *out0);

// UNDEF-NOT: memrefCopy
// UNDEF-NOT: _mlir

// The entry points are the only exported functions.
// DEFINED-DAG: {{^}}topk{{$}}
// DEFINED-DAG: {{^}}rowsum{{$}}
// DEFINED-NOT: impl

// OUT: row 0: 5@1 4@3
// OUT: row 1: 8@0 7@2
// OUT: row 2: 9@1 3@2
// OUT: sums: 10 10 10

// NEEDED-NOT: MLIR
// NEEDED-NOT: LLVM
// NEEDED: libc.so

func.func @topk(%x: tensor<3x4xf32> {dml.strides = array<i64: 1, 3>})
    -> (tensor<3x2xf32>, tensor<3x2xui32>) {
  %v, %i = dml.top_k %x, axis = 1, k = 2, direction = decreasing
      : tensor<3x4xf32> -> tensor<3x2xf32>, tensor<3x2xui32>
  return %v, %i : tensor<3x2xf32>, tensor<3x2xui32>
}

func.func @rowsum(%x: tensor<3x4xf32> {dml.strides = array<i64: 0, 1>})
    -> tensor<3x1xf32> {
  %y = dml.reduce %x, function = sum, axes = [1]
      : tensor<3x4xf32> -> tensor<3x1xf32>
  return %y : tensor<3x1xf32>
}
