// dml.top_k on the GPU (no GPU needed): dml-gpu-select-top-k makes one
// gpu.launch per selection, a block per sequence: 8-bit radix passes over
// the ordered key (a shared-memory histogram, shared atomics, barriers),
// then the selected candidates ranked and written.
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-gpu-select-top-k -canonicalize | FileCheck %s
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-gpu-map | FileCheck %s --check-prefix=MAP
// RUN: dml-opt %s --dml-gpu-pipeline | FileCheck %s --check-prefix=PTX

// 64 sequences of 3000: 64 blocks of 512 threads (3000 / 8, rounded up to a
// power of two), a 256-bin histogram, the 5 slots of integer state, the key
// state, the 8 warps' bin totals and a shared candidate list of K = 50 keys and positions.
// CHECK-LABEL: func.func @rows
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c64, {{.*}}) threads({{.*}}) in ({{.*}} = %c512, {{.*}}) workgroup({{.*}} : memref<256xi32, #gpu.address_space<workgroup>>, {{.*}} : memref<5xi32, #gpu.address_space<workgroup>>, {{.*}} : memref<2xi32, #gpu.address_space<workgroup>>, {{.*}} : memref<8xi32, #gpu.address_space<workgroup>>, {{.*}} : memref<50xi32, #gpu.address_space<workgroup>>, {{.*}} : memref<50xi32, #gpu.address_space<workgroup>>)
// Four radix passes on the key's bytes, most significant first (a loop:
// shift (3 - p) * 8).
// CHECK: scf.for %[[PASS:.*]] = %c0 to %c4 step %c1 {
// CHECK: %[[DIGITS:.*]] = arith.subi %c3, %[[PASS]] : index
// CHECK: %[[SHIFT:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK: gpu.barrier
// Four loads in flight per thread and round (thread, +512, +1024, +1536).
// CHECK: memref.load %arg0[%[[ROW:.*]], %arg6] : memref<64x3000xf32>
// CHECK: memref.load %arg0[%[[ROW]], %{{.*}}] : memref<64x3000xf32>
// CHECK: memref.load %arg0[%[[ROW]], %{{.*}}] : memref<64x3000xf32>
// CHECK: memref.load %arg0[%[[ROW]], %{{.*}}] : memref<64x3000xf32>
// The float key: NaN and -0 made canonical, then the sign flip.
// CHECK: arith.bitcast %{{.*}} : f32 to i32
// CHECK: arith.cmpf uno
// CHECK: arith.shrsi
// The inverted position breaks ties.
// CHECK: arith.subi %c2999_i32
// CHECK: arith.shrui %{{.*}}, %[[SHIFT]] : i32
// CHECK: memref.atomic_rmw addi %c1_i32, %{{.*}} : (i32, memref<256xi32, #gpu.address_space<workgroup>>) -> i32
// The rest of the 3000 (one round of 512 x 4 = 2048): 952 elements, one
// load per thread, then a guarded one, before processing either; the
// guard joins the match.
// CHECK: %[[IN:.*]] = arith.cmpi ult, %{{.*}}, %c3000 : index
// CHECK: memref.load %arg0[%[[ROW]], %{{.*}}] : memref<64x3000xf32>
// CHECK: scf.if %[[IN]] -> (f32) {
// CHECK: memref.load %arg0[%[[ROW]], %{{.*}}] : memref<64x3000xf32>
// CHECK: arith.bitcast
// CHECK: %[[HIT:.*]] = arith.andi %{{.*}}, %[[IN]] : i1
// CHECK: scf.if %[[HIT]] {
// CHECK: memref.atomic_rmw addi %c1_i32
// CHECK: gpu.barrier
// count(>= bin): suffix sums within each warp (shuffles down by 1 .. 16),
// then the totals of the higher warps through shared memory.
// CHECK: gpu.shuffle  down %{{.*}}, %c1_i32, %c32_i32 : i32
// CHECK: gpu.shuffle  down %{{.*}}, %c16_i32, %c32_i32 : i32
// CHECK: memref.store %{{.*}} : memref<8xi32, #gpu.address_space<workgroup>>
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK-COUNT-7: memref.load %{{.*}} : memref<8xi32, #gpu.address_space<workgroup>>
// Then two passes on the inverted position's bytes (3000 < 2^12).
// CHECK: scf.for %{{.*}} = %c0 to %c2 step %c1 {
// The selected go to the list: per warp, a ballot, one atomic add of its
// popcount on the shared counter (slot 4) by the lowest selected lane, the
// first slot broadcast from that lane, each lane's slot after the selected
// lanes below it.
// CHECK: %[[BALLOT:.*]] = nvvm.vote.sync  ballot %c-1_i32, %{{.*}} -> i32
// CHECK: %[[TAKE:.*]] = llvm.intr.ctpop(%[[BALLOT]]) : (i32) -> i32
// CHECK: memref.atomic_rmw addi %[[TAKE]], %{{.*}}[%c4] : (i32, memref<5xi32, #gpu.address_space<workgroup>>) -> i32
// CHECK: "llvm.intr.cttz"(%[[BALLOT]])
// CHECK: gpu.shuffle  idx
// Each candidate at its rank among the candidates.
// CHECK: scf.for %{{.*}} = %arg6 to %c50 step %c512
// CHECK: scf.for {{.*}} = %c0 to %c50 step %c1 iter_args
// CHECK: memref.store %{{.*}}, %arg1[%[[ROW]], %{{.*}}] : memref<64x50xf32>
// CHECK: memref.store %{{.*}}, %arg2[%[[ROW]], %{{.*}}] : memref<64x50xi32>
func.func @rows(%x: tensor<64x3000xf32>) -> (tensor<64x50xf32>, tensor<64x50xui32>) {
  %v, %i = dml.top_k %x, axis = 1, k = 50, direction = decreasing : tensor<64x3000xf32> -> tensor<64x50xf32>, tensor<64x50xui32>
  return %v, %i : tensor<64x50xf32>, tensor<64x50xui32>
}

// Along axis 0 (strided reads), i64 keys (sign bit flipped, all bits
// inverted for increasing), K = 3000 * (8 + 4) bytes over the 32 KiB of
// shared memory: the candidate lists are global scratch buffers, one per
// sequence (3 x 3000), device allocations after dml-gpu-map.
// CHECK-LABEL: func.func @columns
// CHECK: %[[KEYS:.*]] = memref.alloc() : memref<9000xi64>
// CHECK: %[[POSITIONS:.*]] = memref.alloc() : memref<9000xi32>
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c3, {{.*}}) threads({{.*}}) in ({{.*}} = %c1024, {{.*}}) workgroup({{.*}} : memref<256xi32, #gpu.address_space<workgroup>>, {{.*}} : memref<5xi32, #gpu.address_space<workgroup>>, {{.*}} : memref<2xi64, #gpu.address_space<workgroup>>, {{.*}} : memref<8xi32, #gpu.address_space<workgroup>>)
// CHECK: scf.for %{{.*}} = %c0 to %c8 step %c1 {
// CHECK: memref.load %arg0[%{{.*}}, %[[COLUMN:.*]]] : memref<5000x3xi64>
// CHECK: arith.xori %{{.*}}, %c-9223372036854775808_i64 : i64
// CHECK: arith.xori %{{.*}}, %c-1_i64 : i64
// CHECK: memref.store %{{.*}}, %[[KEYS]][%{{.*}}] : memref<9000xi64>
// CHECK: memref.store %{{.*}}, %[[POSITIONS]][%{{.*}}] : memref<9000xi32>
// CHECK: memref.store %{{.*}}, %arg2[%{{.*}}, %[[COLUMN]]] : memref<3000x3xi64>
// CHECK: memref.dealloc %[[KEYS]]
// CHECK: memref.dealloc %[[POSITIONS]]
// MAP-LABEL: func.func @columns
// MAP: gpu.alloc async {{.*}} : memref<9000xi64>
// MAP: gpu.alloc async {{.*}} : memref<9000xi32>
// MAP: gpu.launch
// MAP: gpu.dealloc async
func.func @columns(%x: tensor<5000x3xi64>) -> (tensor<3000x3xi64>, tensor<3000x3xui64>) {
  %v, %i = dml.top_k %x, axis = 0, k = 3000, direction = increasing : tensor<5000x3xi64> -> tensor<3000x3xi64>, tensor<3000x3xui64>
  return %v, %i : tensor<3000x3xi64>, tensor<3000x3xui64>
}

// K <= 32 of short sequences: a warp per sequence (2 sequences: one block
// of 2 warps, no shared memory). Lane l loads positions l, l + 32, l + 64
// and, guarded, l + 96 (100 elements), keys in registers (f16: a 16-bit
// key widened to i32; increasing: all bits inverted); lanes past the end
// start with element 3 taken (bit 8).
// CHECK-LABEL: func.func @half
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c1, {{.*}}) threads({{.*}}) in ({{.*}} = %c64, {{.*}}) {
// CHECK-NOT: workgroup
// CHECK: %[[WARP:.*]] = arith.divui %arg6, %c32 : index
// CHECK: %[[LANE:.*]] = arith.remui %arg6, %c32 : index
// CHECK: scf.if
// CHECK: memref.load %arg0[%[[SEQ:.*]], %[[LANE]]] : memref<2x100xf16>
// CHECK: %[[LAST:.*]] = arith.addi %[[LANE]], %c96 : index
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[LAST]], %c100 : index
// CHECK: scf.if %[[IN]] -> (f16)
// CHECK: arith.bitcast %{{.*}} : f16 to i16
// CHECK: arith.xori %{{.*}}, %c-1_i16 : i16
// CHECK: arith.extui %{{.*}} : i16 to i32
// CHECK: %[[PAST:.*]] = arith.cmpi uge, %{{.*}}, %c4_i32 : i32
// CHECK: arith.select %[[PAST]], %c8_i32, %c0_i32 : i32
// K = 4 rounds: the best of the warp by a butterfly of shuffles (key and
// position, offsets 16 .. 1); the winning lane marks its element taken
// and rescans; lane r keeps the r-th position.
// CHECK: scf.for %{{.*}} = %c0 to %c4 step %c1 iter_args({{.*}}) -> (i32, i32, i32, i32) {
// CHECK: gpu.shuffle  xor %{{.*}}, %c16_i32, %c32_i32 : i32
// CHECK: gpu.shuffle  xor %{{.*}}, %c16_i32, %c32_i32 : i32
// CHECK: gpu.shuffle  xor %{{.*}}, %c1_i32, %c32_i32 : i32
// CHECK: scf.if %{{.*}} -> (i32, i32, i32) {
// CHECK: arith.shli %c1_i32
// CHECK-NOT: gpu.barrier
// Lanes 0 .. 3 write the 4 results.
// CHECK: arith.cmpi ult, %[[LANE]], %c4 : index
// CHECK: memref.store %{{.*}}, %arg1[%[[SEQ]], %[[LANE]]] : memref<2x4xf16>
// CHECK: memref.store %{{.*}}, %arg2[%[[SEQ]], %[[LANE]]] : memref<2x4xi32>
// CHECK: return
func.func @half(%x: tensor<2x100xf16>) -> (tensor<2x4xf16>, tensor<2x4xui32>) {
  %v, %i = dml.top_k %x, axis = 1, k = 4, direction = increasing : tensor<2x100xf16> -> tensor<2x4xf16>, tensor<2x4xui32>
  return %v, %i : tensor<2x4xf16>, tensor<2x4xui32>
}

// K = 200 > 128: the 256-slot candidate list (padded with a worst entry)
// is sorted by a bitonic network, then the first 200 are written. Sizes
// 2-32 run in registers (each thread its elements, the partner lane's by
// shuffle xor), then sizes 64-256: the stages of stride >= 32 in shared
// memory (a barrier each), those of stride < 32 again in registers.
// CHECK-LABEL: func.func @sorted
// CHECK: gpu.launch {{.*}} workgroup({{.*}} : memref<256xi32, #gpu.address_space<workgroup>>, {{.*}} : memref<256xi32, #gpu.address_space<workgroup>>)
// CHECK: scf.for %[[PAD:.*]] = %{{.*}} to %c256 step %c256 {
// CHECK-NEXT: memref.store %c0_i32, %{{.*}}[%[[PAD]]]
// CHECK-NEXT: memref.store %c-1_i32, %{{.*}}[%[[PAD]]]
// CHECK: gpu.barrier
// CHECK: scf.for %[[E:.*]] = %arg6 to %c256 step %c256 {
// CHECK: scf.for %{{.*}} = %c1 to %c6 step %c1 iter_args
// CHECK: arith.minui %{{.*}}, %c5 : index
// CHECK: gpu.shuffle  xor
// CHECK: gpu.shuffle  xor
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[E]]]
// CHECK-NEXT: memref.store %{{.*}}, %{{.*}}[%[[E]]]
// CHECK: gpu.barrier
// CHECK: scf.for %[[SIZE:.*]] = %c6 to %c9 step %c1 {
// CHECK: scf.for %{{.*}} = %c0 to %{{.*}} step %c1 {
// CHECK: scf.for %{{.*}} = %arg6 to %c128 step %c256 {
// CHECK: arith.xori
// CHECK: gpu.barrier
// CHECK: scf.for %{{.*}} = %arg6 to %c256 step %c256 {
// CHECK: scf.for %{{.*}} = %[[SIZE]] to %{{.*}} step %c1 iter_args
// CHECK: gpu.shuffle  xor
// CHECK: gpu.barrier
// CHECK: scf.for %{{.*}} = %arg6 to %c200 step %c256 {
// CHECK: memref.store %{{.*}}, %arg1[%{{.*}}, %{{.*}}] : memref<3x200xf32>
func.func @sorted(%x: tensor<3x1000xf32>) -> (tensor<3x200xf32>, tensor<3x200xui32>) {
  %v, %i = dml.top_k %x, axis = 1, k = 200, direction = decreasing : tensor<3x1000xf32> -> tensor<3x200xf32>, tensor<3x200xui32>
  return %v, %i : tensor<3x200xf32>, tensor<3x200xui32>
}

// Few long sequences (2 of 50000): 6 slices of 8334 per sequence (at least
// 8 x K long; the last, 8330, still holds K), one block each selects the
// K = 1000 best of its slice into device memory (no ranking), reads past
// the end of the sequence guarded; then a block per sequence selects the
// K best of its 6000 candidates (keys and positions read back) and sorts
// them (bitonic, shared memory).
// CHECK-LABEL: func.func @slices
// CHECK: %[[KEYS:.*]] = memref.alloc() : memref<12000xi32>
// CHECK: %[[POSITIONS:.*]] = memref.alloc() : memref<12000xi32>
// CHECK: gpu.launch blocks(%[[BLOCK:.*]], %{{.*}}, %{{.*}}) in ({{.*}} = %c12, {{.*}}) threads({{.*}}) in ({{.*}} = %c1024, {{.*}}) workgroup({{.*}} : memref<256xi32, #gpu.address_space<workgroup>>, {{.*}} : memref<5xi32, #gpu.address_space<workgroup>>, {{.*}} : memref<2xi32, #gpu.address_space<workgroup>>, {{.*}} : memref<8xi32, #gpu.address_space<workgroup>>) {
// CHECK: %[[SEQ:.*]] = arith.divui %[[BLOCK]], %c6 : index
// CHECK: %[[SLICE:.*]] = arith.remui %[[BLOCK]], %c6 : index
// CHECK: arith.muli %[[SLICE]], %c8334 : index
// CHECK: arith.muli %[[BLOCK]], %c1000 : index
// CHECK: arith.cmpi ult, %{{.*}}, %c50000 : index
// CHECK: memref.store %{{.*}}, %[[KEYS]][%{{.*}}] : memref<12000xi32>
// CHECK: memref.store %{{.*}}, %[[POSITIONS]][%{{.*}}] : memref<12000xi32>
// CHECK-NOT: memref.store %{{.*}}, %arg1
// CHECK: gpu.terminator
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c2, {{.*}}) threads({{.*}}) in ({{.*}} = %c1024, {{.*}}) workgroup({{.*}}, {{.*}} : memref<1024xi32, #gpu.address_space<workgroup>>, {{.*}} : memref<1024xi32, #gpu.address_space<workgroup>>) {
// CHECK: arith.muli %{{.*}}, %c6000 : index
// CHECK: memref.load %[[KEYS]][%{{.*}}] : memref<12000xi32>
// CHECK: memref.load %[[POSITIONS]][%{{.*}}] : memref<12000xi32>
// CHECK: scf.for %{{.*}} = %c6 to %c11 step %c1 {
// CHECK: memref.store %{{.*}}, %arg1[%{{.*}}, %{{.*}}] : memref<2x1000xf32>
// CHECK: memref.dealloc %[[KEYS]]
// CHECK: memref.dealloc %[[POSITIONS]]
func.func @slices(%x: tensor<2x50000xf32>) -> (tensor<2x1000xf32>, tensor<2x1000xui64>) {
  %v, %i = dml.top_k %x, axis = 1, k = 1000, direction = decreasing : tensor<2x50000xf32> -> tensor<2x1000xf32>, tensor<2x1000xui64>
  return %v, %i : tensor<2x1000xf32>, tensor<2x1000xui64>
}

// In the PTX code, a block-per-sequence kernel (K = 50) with shared-memory
// atomics, ballots (vote, popc) for the appends and barriers, and the warp
// kernels (K = 4, 5) with butterfly shuffles; no libdevice call (the
// elementwise producer fused into the selection included).
// PTX: gpu.binary
// PTX-SAME: .target sm_90
// PTX-SAME: atom.shared.add.u32
// PTX-SAME: vote.sync.ballot.b32
// PTX-SAME: popc.b32
// PTX-SAME: bar.sync
// PTX: gpu.binary @half_kernel
// PTX-SAME: shfl.sync.bfly.b32
// PTX-NOT: __nv_
func.func @scaled(%x: tensor<4x1000xf32>) -> (tensor<4x5xf32>, tensor<4x5xui32>) {
  %e = math.exp %x : tensor<4x1000xf32>
  %v, %i = dml.top_k %e, axis = 1, k = 5, direction = decreasing : tensor<4x1000xf32> -> tensor<4x5xf32>, tensor<4x5xui32>
  return %v, %i : tensor<4x5xf32>, tensor<4x5xui32>
}
