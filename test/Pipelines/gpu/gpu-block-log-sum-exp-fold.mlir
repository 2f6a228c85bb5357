// log_sum_exp's post-op runs at the block kernel's store only when the max
// is a temporary that nothing else reads and the post-op writes the sum's
// buffer without reading it as its output; otherwise the kernel stores
// both and the post-op stays (these forms do not come from dml.reduce).
// RUN: dml-opt %s --dml-gpu-block-reductions | FileCheck %s

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0) -> (d0)>

// The max is the caller's buffer: stored, the post-op stays.
// CHECK-LABEL: func.func @max_is_argument
// CHECK: gpu.launch
// CHECK: memref.store {{.*}}, %arg2
// CHECK: memref.store {{.*}}, %arg1
// CHECK: linalg.generic
// CHECK: math.log
func.func @max_is_argument(%x: memref<64x32000xf32>, %s: memref<64xf32>,
                           %m: memref<64xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %ninf = arith.constant 0xFF800000 : f32
  linalg.fill ins(%ninf : f32) outs(%m : memref<64xf32>)
  linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%x : memref<64x32000xf32>) outs(%m : memref<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.fill ins(%zero : f32) outs(%s : memref<64xf32>)
  linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "reduction"]} ins(%x, %m : memref<64x32000xf32>, memref<64xf32>) outs(%s : memref<64xf32>) {
  ^bb0(%in: f32, %in_2: f32, %out: f32):
    %0 = arith.subf %in, %in_2 : f32
    %1 = math.exp %0 : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  }
  linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel"]} ins(%m, %s : memref<64xf32>, memref<64xf32>) outs(%s : memref<64xf32>) {
  ^bb0(%in: f32, %in_2: f32, %out: f32):
    %0 = math.log %in_2 : f32
    %1 = arith.addf %in, %0 : f32
    linalg.yield %1 : f32
  }
  return
}

// The post-op reads its output (the sum) through the output argument.
// CHECK-LABEL: func.func @post_op_reads_output
// CHECK: memref.alloc
// CHECK: gpu.launch
// CHECK: memref.store {{.*}}, %alloc
// CHECK: memref.store {{.*}}, %arg1
// CHECK: linalg.generic
// CHECK: math.log
// CHECK: memref.dealloc
func.func @post_op_reads_output(%x: memref<64x32000xf32>, %s: memref<64xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %m = memref.alloc() : memref<64xf32>
  linalg.fill ins(%ninf : f32) outs(%m : memref<64xf32>)
  linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%x : memref<64x32000xf32>) outs(%m : memref<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.fill ins(%zero : f32) outs(%s : memref<64xf32>)
  linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "reduction"]} ins(%x, %m : memref<64x32000xf32>, memref<64xf32>) outs(%s : memref<64xf32>) {
  ^bb0(%in: f32, %in_2: f32, %out: f32):
    %0 = arith.subf %in, %in_2 : f32
    %1 = math.exp %0 : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  }
  linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel"]} ins(%m, %s : memref<64xf32>, memref<64xf32>) outs(%s : memref<64xf32>) {
  ^bb0(%in: f32, %in_2: f32, %out: f32):
    %0 = math.log %out : f32
    %1 = arith.addf %in, %0 : f32
    linalg.yield %1 : f32
  }
  memref.dealloc %m : memref<64xf32>
  return
}

// The temporary max has another reader (a copy after the post-op).
// CHECK-LABEL: func.func @max_read_again
// CHECK: gpu.launch
// CHECK: memref.store {{.*}}, %alloc
// CHECK: linalg.generic
// CHECK: math.log
// CHECK: memref.copy %alloc, %arg2
func.func @max_read_again(%x: memref<64x32000xf32>, %s: memref<64xf32>,
                          %copy: memref<64xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %m = memref.alloc() : memref<64xf32>
  linalg.fill ins(%ninf : f32) outs(%m : memref<64xf32>)
  linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%x : memref<64x32000xf32>) outs(%m : memref<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.fill ins(%zero : f32) outs(%s : memref<64xf32>)
  linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "reduction"]} ins(%x, %m : memref<64x32000xf32>, memref<64xf32>) outs(%s : memref<64xf32>) {
  ^bb0(%in: f32, %in_2: f32, %out: f32):
    %0 = arith.subf %in, %in_2 : f32
    %1 = math.exp %0 : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  }
  linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel"]} ins(%m, %s : memref<64xf32>, memref<64xf32>) outs(%s : memref<64xf32>) {
  ^bb0(%in: f32, %in_2: f32, %out: f32):
    %0 = math.log %in_2 : f32
    %1 = arith.addf %in, %0 : f32
    linalg.yield %1 : f32
  }
  memref.copy %m, %copy : memref<64xf32> to memref<64xf32>
  memref.dealloc %m : memref<64xf32>
  return
}

// The form dml.reduce lowers to: one kernel, the max neither allocated nor
// stored.
// CHECK-LABEL: func.func @folds
// CHECK-NOT: memref.alloc
// CHECK: gpu.launch
// CHECK: math.log
// CHECK-NEXT: arith.addf
// CHECK-NEXT: memref.store {{.*}}, %arg1
// CHECK-NOT: memref.store
// CHECK-NOT: linalg.generic
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @folds(%x: memref<64x32000xf32>, %s: memref<64xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %m = memref.alloc() : memref<64xf32>
  linalg.fill ins(%ninf : f32) outs(%m : memref<64xf32>)
  linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%x : memref<64x32000xf32>) outs(%m : memref<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.fill ins(%zero : f32) outs(%s : memref<64xf32>)
  linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "reduction"]} ins(%x, %m : memref<64x32000xf32>, memref<64xf32>) outs(%s : memref<64xf32>) {
  ^bb0(%in: f32, %in_2: f32, %out: f32):
    %0 = arith.subf %in, %in_2 : f32
    %1 = math.exp %0 : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  }
  linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel"]} ins(%m, %s : memref<64xf32>, memref<64xf32>) outs(%s : memref<64xf32>) {
  ^bb0(%in: f32, %in_2: f32, %out: f32):
    %0 = math.log %in_2 : f32
    %1 = arith.addf %in, %0 : f32
    linalg.yield %1 : f32
  }
  memref.dealloc %m : memref<64xf32>
  return
}
