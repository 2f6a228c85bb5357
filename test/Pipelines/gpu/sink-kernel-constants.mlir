// dml-gpu-sink-kernel-constants sinks constants into every gpu.launch (known
// trip counts and strides in the kernel, not parameters), top_k's included.
// RUN: dml-opt %s --dml-gpu-sink-kernel-constants | FileCheck %s

// CHECK-LABEL: func.func @sunk
// CHECK:       gpu.launch
// CHECK:         %[[C:.*]] = arith.constant 42 : index
// CHECK:         memref.store %{{.*}}, %{{.*}}[%[[C]]]
func.func @sunk(%m: memref<64xf32>, %v: f32) {
  %c1 = arith.constant 1 : index
  %c42 = arith.constant 42 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %v, %m[%c42] : memref<64xf32>
    gpu.terminator
  }
  return
}
