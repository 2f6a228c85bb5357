// With --threads other than 1 the object calls the OpenMP runtime and
// nothing else beyond libc and libm.
// REQUIRES: dml-compile, clang
// RUN: rm -rf %t && mkdir -p %t
// RUN: dml-compile %s -o %t/sum.o --header %t/sum.h --threads 2
// RUN: llvm-nm -u --format=just-symbols %t/sum.o | FileCheck %s
// RUN: llvm-nm -u --format=just-symbols %t/sum.o | not grep -v -E '^(malloc|free|memcpy|memset|memmove|aligned_alloc|__tls_get_addr|__kmpc_[a-z_0-9]+|omp_[a-z_]+|[a-z0-9]+f?)$'
// RUN: FileCheck %s --check-prefix=HEADER < %t/sum.h
// A shared library built for 2 threads links the OpenMP runtime itself:
// RUN: dml-compile %s -o %t/libsum.so --threads 2
// RUN: %clang -std=c99 -I%t %S/Inputs/rowsum-main.c -L%t -lsum -Wl,-rpath,%t -o %t/main
// RUN: %t/main | FileCheck %s --check-prefix=OUT

// CHECK: __kmpc_fork_call
// CHECK-NOT: _mlir
// HEADER: the OpenMP runtime (link -lomp)
// OUT: 0 errors

func.func @rowsum(%x: tensor<512x1024xf32>) -> tensor<512x1xf32> {
  %y = dml.reduce %x, function = sum, axes = [1]
      : tensor<512x1024xf32> -> tensor<512x1xf32>
  return %y : tensor<512x1xf32>
}
