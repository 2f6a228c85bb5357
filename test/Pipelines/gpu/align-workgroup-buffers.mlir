// dml-gpu-align-workgroup-buffers gives every workgroup buffer of an outlined
// kernel an explicit 16-byte alignment (LLVM assumes one for globals over 16
// bytes and merges neighbouring shared accesses into v2/v4 ones; the NVPTX
// printer would declare them with their element's alignment). An alignment
// that is already 16 or more is kept.
// RUN: dml-opt %s --dml-gpu-align-workgroup-buffers | FileCheck %s
// The whole GPU pipeline on a top_k with its constants sunk: the state that
// the vectorizer reads as v4.b32 is declared 16-byte aligned.
// RUN: dml-opt %S/gpu-top-k.mlir --dml-gpu-pipeline | FileCheck %s --check-prefix=PTX \
// RUN:   --implicit-check-not='.shared .align 4 .b8'

// CHECK-LABEL: gpu.func @kernel
// CHECK-SAME: workgroup(%{{.*}} : memref<5xi32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}, %{{.*}} : memref<2xi64, #gpu.address_space<workgroup>> {llvm.align = 32 : i64})
gpu.module @kernels {
  gpu.func @kernel(%out: memref<1xi32>)
      workgroup(%state: memref<5xi32, #gpu.address_space<workgroup>>,
                %keys: memref<2xi64, #gpu.address_space<workgroup>> {llvm.align = 32 : i64})
      kernel {
    %c0 = arith.constant 0 : index
    %v = memref.load %state[%c0] : memref<5xi32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%c0] : memref<1xi32>
    gpu.return
  }
}

// No shared array of the top_k kernels keeps its element's alignment, and
// wide shared accesses are formed (what faulted before the alignment).
// PTX: .shared .align 16 .b8 __wg_rows_kernel_1[20]
// PTX: ld.shared.v4.b32 {{.*}}[__wg_rows_kernel_1]
