// A block of rows (as dml-fuse-rows computes them: a subview of the
// caller's output at a dynamic row offset) is written with non-temporal
// stores when the caller's buffer streams (8 MiB and more) and nothing in
// the kernel reads it back. The row's address for the line-aligned head
// takes the subview's offset at run time.
// Only in whole lines with a page prefetch (stream-page-prefetch, AMD Zen):
// on the 16-core Xeon streamed block rows ran slower than ordinary stores.
// RUN: dml-opt %s --dml-linalg-to-vector-loops="vector-bits=512 stream-fills=true stream-page-prefetch=true" --split-input-file | FileCheck %s
// RUN: dml-opt %s --dml-linalg-to-vector-loops="vector-bits=512 stream-fills=true stream-page-prefetch=false" --split-input-file | FileCheck %s --check-prefix=NOPAGE

#row = affine_map<(d0, d1) -> (d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>

// CHECK-LABEL: func.func @block_rows
// CHECK: scf.parallel
// CHECK: %[[ROWS:.*]] = memref.subview %arg1
// CHECK: %{{.*}}, %[[OFFSET:.*]], %{{.*}}:2, %{{.*}}:2 = memref.extract_strided_metadata %[[ROWS]]
// CHECK: arith.addi %[[OFFSET]], %{{.*}} : index
// CHECK: memref.extract_aligned_pointer_as_index %[[ROWS]]
// CHECK: memref.prefetch %[[ROWS]]{{.*}}, write, locality<3>, data
// CHECK: vector.store %{{.*}}, %[[ROWS]][%{{.*}}, %{{.*}}] {alignment = 64 : i64, nontemporal = true} : memref<8x1000xf32, strided<[1000, 1], offset: ?>>, vector<64xf32>
// NOPAGE-LABEL: func.func @block_rows
// NOPAGE-NOT: nontemporal
// NOPAGE: return
func.func @block_rows(%idx: memref<4096xi32>, %out: memref<4096x1000xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c4096 = arith.constant 4096 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c4096) step (%c8) {
    %in = memref.subview %idx[%i] [8] [1] : memref<4096xi32> to memref<8xi32, strided<[1], offset: ?>>
    %o = memref.subview %out[%i, 0] [8, 1000] [1, 1] : memref<4096x1000xf32> to memref<8x1000xf32, strided<[1000, 1], offset: ?>>
    linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]} ins(%in : memref<8xi32, strided<[1], offset: ?>>) outs(%o : memref<8x1000xf32, strided<[1000, 1], offset: ?>>) {
    ^bb0(%a: i32, %b: f32):
      %j = linalg.index 1 : index
      %ji = arith.index_cast %j : index to i32
      %eq = arith.cmpi eq, %a, %ji : i32
      %v = arith.select %eq, %one, %zero : f32
      linalg.yield %v : f32
    }
    scf.reduce
  }
  return
}

// -----

// The kernel reads the output back after the blocks: ordinary stores.
#row = affine_map<(d0, d1) -> (d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @read_back
// CHECK-NOT: nontemporal
// CHECK: return
func.func @read_back(%idx: memref<4096xi32>, %out: memref<4096x1000xf32>, %first: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c4096 = arith.constant 4096 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c4096) step (%c8) {
    %in = memref.subview %idx[%i] [8] [1] : memref<4096xi32> to memref<8xi32, strided<[1], offset: ?>>
    %o = memref.subview %out[%i, 0] [8, 1000] [1, 1] : memref<4096x1000xf32> to memref<8x1000xf32, strided<[1000, 1], offset: ?>>
    linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]} ins(%in : memref<8xi32, strided<[1], offset: ?>>) outs(%o : memref<8x1000xf32, strided<[1000, 1], offset: ?>>) {
    ^bb0(%a: i32, %b: f32):
      %j = linalg.index 1 : index
      %ji = arith.index_cast %j : index to i32
      %eq = arith.cmpi eq, %a, %ji : i32
      %v = arith.select %eq, %one, %zero : f32
      linalg.yield %v : f32
    }
    scf.reduce
  }
  %x = memref.load %out[%c0, %c0] : memref<4096x1000xf32>
  memref.store %x, %first[] : memref<f32>
  return
}

// -----

// A caller's buffer under 8 MiB (1024 rows, 4 MB): ordinary stores.
#row = affine_map<(d0, d1) -> (d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @small_output
// CHECK-NOT: nontemporal
// CHECK: return
func.func @small_output(%idx: memref<1024xi32>, %out: memref<1024x1000xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1024 = arith.constant 1024 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c1024) step (%c8) {
    %in = memref.subview %idx[%i] [8] [1] : memref<1024xi32> to memref<8xi32, strided<[1], offset: ?>>
    %o = memref.subview %out[%i, 0] [8, 1000] [1, 1] : memref<1024x1000xf32> to memref<8x1000xf32, strided<[1000, 1], offset: ?>>
    linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]} ins(%in : memref<8xi32, strided<[1], offset: ?>>) outs(%o : memref<8x1000xf32, strided<[1000, 1], offset: ?>>) {
    ^bb0(%a: i32, %b: f32):
      %j = linalg.index 1 : index
      %ji = arith.index_cast %j : index to i32
      %eq = arith.cmpi eq, %a, %ji : i32
      %v = arith.select %eq, %one, %zero : f32
      linalg.yield %v : f32
    }
    scf.reduce
  }
  return
}

// -----

// A block at a dynamic column offset: its offset need not be a multiple
// of 16 bytes, so its chunks cannot claim alignment: ordinary stores.
#row = affine_map<(d0, d1) -> (d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @unaligned_offset
// CHECK-NOT: nontemporal
// CHECK: return
func.func @unaligned_offset(%idx: memref<4096xi32>, %out: memref<4096x1000xf32>, %column: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c4096 = arith.constant 4096 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c4096) step (%c8) {
    %in = memref.subview %idx[%i] [8] [1] : memref<4096xi32> to memref<8xi32, strided<[1], offset: ?>>
    %o = memref.subview %out[%i, %column] [8, 496] [1, 1] : memref<4096x1000xf32> to memref<8x496xf32, strided<[1000, 1], offset: ?>>
    linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]} ins(%in : memref<8xi32, strided<[1], offset: ?>>) outs(%o : memref<8x496xf32, strided<[1000, 1], offset: ?>>) {
    ^bb0(%a: i32, %b: f32):
      %j = linalg.index 1 : index
      %ji = arith.index_cast %j : index to i32
      %eq = arith.cmpi eq, %a, %ji : i32
      %v = arith.select %eq, %one, %zero : f32
      linalg.yield %v : f32
    }
    scf.reduce
  }
  return
}
