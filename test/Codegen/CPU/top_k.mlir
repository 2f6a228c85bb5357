// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-lower-top-k --split-input-file | FileCheck %s

// The bufferized dml.select_top_k becomes loops over buffers that read the
// caller's input and write the caller's output buffers (out-params).
// Elements of at most 32 bits become 64-bit keys ord << 32 | ~position in a
// scratch buffer; a larger key is better. f16 widens to f32; NaNs become
// the greatest value and -0 becomes +0 before the sign flip; increasing
// inverts ord. Floats are compared with the threshold as floats: the limit
// is the inverse of ord at the threshold (clamped to the ords of -inf and
// +inf), and for increasing a lane passes when x <= limit or x is NaN; the
// ords are computed only for chunks with a passing lane. A short ragged row
// is one masked chunk; its passing lanes are compressed into the buffer (8
// keys at a time in a register, stored whole: native-compress), and each
// candidate goes to its rank (no branch on it).
// CHECK-LABEL: func.func @top_k_increasing
// CHECK-SAME: (%[[IN:.*]]: memref<2x5xf16>, %[[V:.*]]: memref<2x3xf16>, %[[I:.*]]: memref<2x3xi64>)
// CHECK-NOT: dml.select_top_k
// CHECK: %[[C:.*]] = memref.alloc() : memref<{{[0-9]+}}xi64>
// 2 x 5 elements: too small for threads, a plain loop over the rows.
// CHECK: scf.for %[[ROW:[a-z0-9_]+]] =
// CHECK: %[[LO:.*]] = arith.maxui %{{.*}}, %c8388607_i32 : i32
// CHECK: %[[CLAMPED:.*]] = arith.minui %[[LO]], %c-8388608_i32 : i32
// CHECK: %[[POSITIVE:.*]] = arith.cmpi uge, %[[CLAMPED]], %c-2147483648_i32 : i32
// CHECK: %[[LIMITBITS:.*]] = arith.select %[[POSITIVE]]
// CHECK: %[[LIMIT0:.*]] = arith.bitcast %[[LIMITBITS]] : i32 to f32
// CHECK: scf.for %[[J:[a-z0-9_]+]] = {{.*}} iter_args(%[[COUNT:[a-z0-9_]+]] = %{{.*}}, %[[T:[a-z0-9_]+]] = %{{.*}}, %{{.*}} = %{{.*}}, %[[LIMIT:[a-z0-9_]+]] = %[[LIMIT0]]) -> (index, i32, index, f32)
// CHECK: %[[LIVE:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : vector<32xi32>
// CHECK: %[[E:.*]] = vector.maskedload %[[IN]][%[[ROW]], %[[J]]], %[[LIVE]], %{{.*}} : memref<2x5xf16>, vector<32xi1>, vector<32xf16> into vector<32xf16>
// CHECK: %[[WE:.*]] = arith.extf %[[E]] : vector<32xf16> to vector<32xf32>
// CHECK: %[[LSPLAT:.*]] = vector.broadcast %[[LIMIT]] : f32 to vector<32xf32>
// CHECK: %[[PASS:.*]] = arith.cmpf ule, %[[WE]], %[[LSPLAT]] : vector<32xf32>
// CHECK: %[[KEEP:.*]] = arith.andi %[[PASS]], %[[LIVE]] : vector<32xi1>
// CHECK: scf.if
// CHECK: %[[W:.*]] = arith.extf %[[E]] : vector<32xf16> to vector<32xf32>
// CHECK: %[[BITS:.*]] = arith.bitcast %[[W]] : vector<32xf32> to vector<32xi32>
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[W]], %[[W]] : vector<32xf32>
// CHECK: %[[NEGZERO:.*]] = arith.cmpi eq, %[[BITS]], %{{.*}} : vector<32xi32>
// CHECK: %[[NOZERO:.*]] = arith.select %[[NEGZERO]], %{{.*}}, %[[BITS]]
// CHECK: %[[CANON:.*]] = arith.select %[[NAN]], %{{.*}}, %[[NOZERO]]
// CHECK: %[[SIGN:.*]] = arith.shrsi %[[CANON]], %{{.*}} : vector<32xi32>
// CHECK: %[[FLIP:.*]] = arith.ori %[[SIGN]], %{{.*}} : vector<32xi32>
// CHECK: %[[ORDDEC:.*]] = arith.xori %[[CANON]], %[[FLIP]] : vector<32xi32>
// CHECK: %[[ORD:.*]] = arith.xori %[[ORDDEC]], %{{.*}} : vector<32xi32>
// CHECK: %[[WIDEORD:.*]] = arith.extui %[[ORD]] : vector<32xi32> to vector<32xi64>
// CHECK: %[[HIGH:.*]] = arith.shli %[[WIDEORD]], %{{.*}} : vector<32xi64>
// CHECK: %[[LOW:.*]] = arith.xori %{{.*}}, %{{.*}} : vector<32xi64>
// CHECK: %[[KEYS:.*]] = arith.ori %[[HIGH]], %[[LOW]] : vector<32xi64>
// CHECK: %[[KEEP0:.*]] = vector.extract_strided_slice %[[KEEP]] {offsets = [0], sizes = [8], strides = [1]} : vector<32xi1> to vector<8xi1>
// CHECK: %[[KEYS0:.*]] = vector.extract_strided_slice %[[KEYS]] {offsets = [0], sizes = [8], strides = [1]} : vector<32xi64> to vector<8xi64>
// CHECK: %[[PACKED0:.*]] = llvm.call_intrinsic "llvm.experimental.vector.compress"(%[[KEYS0]], %[[KEEP0]], %{{.*}})
// CHECK: vector.store %[[PACKED0]], %[[C]][%[[COUNT]]] : memref<52xi64>, vector<8xi64>
// CHECK: %[[PASSED0:.*]] = math.ctpop %{{.*}} : i8
// CHECK: %[[WIDE0:.*]] = arith.index_castui %[[PASSED0]] : i8 to index
// CHECK: %[[AT8:.*]] = arith.addi %[[COUNT]], %[[WIDE0]] : index
// CHECK: %[[KEEP8:.*]] = vector.extract_strided_slice %[[KEEP]] {offsets = [8], sizes = [8], strides = [1]}
// CHECK: %[[KEYS8:.*]] = vector.extract_strided_slice %[[KEYS]] {offsets = [8], sizes = [8], strides = [1]}
// CHECK: %[[PACKED8:.*]] = llvm.call_intrinsic "llvm.experimental.vector.compress"(%[[KEYS8]], %[[KEEP8]], %{{.*}})
// CHECK: vector.store %[[PACKED8]], %[[C]][%[[AT8]]]
// CHECK: llvm.call_intrinsic "llvm.experimental.vector.compress"
// CHECK: llvm.call_intrinsic "llvm.experimental.vector.compress"
// CHECK-NOT: llvm.call_intrinsic
// The rank of a key: how many keys are greater, 16 keys at a time (two
// vectors in registers) against each key broadcast. Without a branch, each
// key goes to slot min(rank, K) of the ranked area R after C (C: 32 keys +
// 16 padding, 2 x 5 elements: never pruned), R[K] taking every rank from K
// on; then K outputs come from R[0, K).
// CHECK: vector.store %{{.*}}, %[[C]][%{{.*}}] : memref<52xi64>, vector<16xi64>
// CHECK: scf.for %[[BLOCK:[a-z0-9_]+]] = %c0{{.*}} to %{{.*}} step %c16
// CHECK: %[[LOW8:.*]] = vector.load %[[C]][%{{.*}}] : memref<52xi64>, vector<8xi64>
// CHECK: %[[HIGH8:.*]] = vector.load %[[C]][%{{.*}}] : memref<52xi64>, vector<8xi64>
// CHECK: %[[RANKS:.*]]:2 = scf.for
// CHECK: %[[OTHER:.*]] = vector.broadcast %{{.*}} : i64 to vector<8xi64>
// CHECK: %[[ABOVE:.*]] = arith.cmpi ugt, %[[OTHER]], %[[LOW8]] : vector<8xi64>
// CHECK: arith.select %[[ABOVE]]
// CHECK: arith.cmpi ugt, %[[OTHER]], %[[HIGH8]] : vector<8xi64>
// CHECK: scf.yield
// CHECK: %[[SLOTS:.*]] = arith.minui %[[RANKS]]#0, %{{.*}} : vector<8xi64>
// CHECK: %[[RANK0:.*]] = vector.extract %[[SLOTS]][0] : i64 from vector<8xi64>
// CHECK: %[[SLOT0:.*]] = arith.index_castui %[[RANK0]] : i64 to index
// CHECK: %[[RSLOT:.*]] = arith.addi %c48{{.*}}, %[[SLOT0]] : index
// CHECK: %[[RKEY:.*]] = vector.extract %[[LOW8]][0] : i64 from vector<8xi64>
// CHECK: memref.store %[[RKEY]], %[[C]][%[[RSLOT]]]
// CHECK-NOT: scf.if
// CHECK: scf.for %[[OUT:[a-z0-9_]+]] = %c0{{.*}} to %c3{{.*}} step %c1
// CHECK: %[[SLOT:.*]] = arith.addi %c48{{.*}}, %[[OUT]] : index
// CHECK: %[[KEY:.*]] = memref.load %[[C]][%[[SLOT]]]
// The position is the inverted low half; the value is reloaded.
// CHECK: %[[LOWKEY:.*]] = arith.trunci %[[KEY]] : i64 to i32
// CHECK: %[[POS32:.*]] = arith.xori %[[LOWKEY]], %{{.*}} : i32
// CHECK: %[[POS:.*]] = arith.index_castui %[[POS32]] : i32 to index
// CHECK: %[[VALUE:.*]] = memref.load %[[IN]][%[[ROW]], %[[POS]]]
// CHECK: memref.store %[[VALUE]], %[[V]][%[[ROW]], %[[OUT]]]
// CHECK: %[[POS64:.*]] = arith.index_castui %[[POS]] : index to i64
// CHECK: memref.store %[[POS64]], %[[I]][%[[ROW]], %[[OUT]]]
// The scratch buffer is freed after the rows (this pass runs after the
// deallocation pipeline).
// CHECK: memref.dealloc %[[C]]
// CHECK-NEXT: return
func.func @top_k_increasing(%x: tensor<2x5xf16>) -> (tensor<2x3xf16>, tensor<2x3xui64>) {
  %v, %i = dml.top_k %x, axis = 1, k = 3, direction = increasing : tensor<2x5xf16> -> tensor<2x3xf16>, tensor<2x3xui64>
  return %v, %i : tensor<2x3xf16>, tensor<2x3xui64>
}

// -----

// Unsigned elements are their own ord. The axis may be any dimension (here
// the first: the loop over dimension 1 is outside); a strided axis is
// scanned element by element.
// CHECK-LABEL: func.func @top_k_decreasing_axis0
// CHECK: %[[C:.*]] = memref.alloc() : memref<{{[0-9]+}}xi64>
// CHECK: scf.for %[[COL:[a-z0-9_]+]] =
// CHECK: scf.for %[[S:[a-z0-9_]+]] =
// CHECK: %[[E:.*]] = memref.load %{{.*}}[%{{.*}}, %[[COL]]] : memref<6x2xi32>
// CHECK: arith.cmpi uge, %[[E]], %{{.*}} : i32
// CHECK: scf.if
// CHECK: %[[WIDE:.*]] = arith.extui %[[E]] : i32 to i64
// CHECK: memref.store %{{.*}}, %[[C]]
// CHECK: arith.cmpi ugt, %{{.*}}, %{{.*}} : vector<8xi64>
// CHECK: memref.load %{{.*}}[%{{.*}}, %[[COL]]] : memref<6x2xi32>
// CHECK: arith.index_castui %{{.*}} : index to i32
// CHECK: return
func.func @top_k_decreasing_axis0(%x: tensor<6x2xui32>) -> (tensor<4x2xui32>, tensor<4x2xui32>) {
  %v, %i = dml.top_k %x, axis = 0, k = 4, direction = decreasing : tensor<6x2xui32> -> tensor<4x2xui32>, tensor<4x2xui32>
  return %v, %i : tensor<4x2xui32>, tensor<4x2xui32>
}

// -----

// Long contiguous rows: blocks of rows run in parallel, one scratch buffer
// per block. Small K: the lane-wise maxima of 16 partitions (one vectorized
// pass of compare-and-select on the floats, NaNs skipped, from -inf; their
// ords after the pass), and the K-th best of them (the best maximum with at
// least K maxima not worse) bounds the K-th best element. The scan then
// compresses the keys of the lanes not below it (x >= limit or NaN).
// CHECK-LABEL: func.func @top_k_filtered
// CHECK: scf.parallel (%[[BLOCK:.*]]) =
// CHECK: %[[C:.*]] = memref.alloc() : memref<{{[0-9]+}}xi64>
// CHECK: scf.for %[[ROW:[a-z0-9_]+]] =
// Four accumulators (four groups of chunks per iteration, 4096 = 64 x 64)
// keep four vmaxps chains in flight; merged lane-wise after the loop.
// CHECK: %[[MAX:.*]]:4 = scf.for {{.*}} step %c64{{.*}} iter_args(%[[M0:.*]] = %cst{{.*}}, %[[M1:.*]] = %cst{{.*}}, %[[M2:.*]] = %cst{{.*}}, %[[M3:.*]] = %cst{{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK: %[[X:.*]] = vector.load %{{.*}}[%[[ROW]], %{{.*}}] : memref<64x4096xf32>, vector<16xf32>
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[X]], %[[M0]] : vector<16xf32>
// CHECK: arith.select %[[GT]], %[[X]], %[[M0]] : vector<16xi1>, vector<16xf32>
// CHECK-COUNT-3: arith.select %{{.*}} : vector<16xi1>, vector<16xf32>
// CHECK: scf.yield
// CHECK: %[[GT01:.*]] = arith.cmpf ogt, %[[MAX]]#1, %[[MAX]]#0 : vector<16xf32>
// CHECK: %[[M01:.*]] = arith.select %[[GT01]], %[[MAX]]#1, %[[MAX]]#0
// CHECK: %[[M012:.*]] = arith.select %{{.*}}, %[[MAX]]#2, %[[M01]]
// CHECK: %[[M0123:.*]] = arith.select %{{.*}}, %[[MAX]]#3, %[[M012]]
// CHECK-NOT: scf.for
// CHECK: arith.bitcast %[[M0123]] : vector<16xf32> to vector<16xi32>
// CHECK: vector.store %{{.*}}, %[[C]][%{{.*}}] : memref<{{[0-9]+}}xi64>, vector<16xi64>
// CHECK: arith.cmpi uge, %{{.*}}, %{{.*}} : vector<8xi64>
// CHECK: %[[BOUND:.*]] = arith.trunci %{{.*}} : i64 to i32
// CHECK: scf.for %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %[[BOUND]], %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (index, i32, index, f32)
// CHECK: vector.load %{{.*}}[%[[ROW]], %{{.*}}] : memref<64x4096xf32>, vector<16xf32>
// CHECK: arith.cmpf uge, %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK: vector.bitcast %{{.*}} : vector<16xi1> to vector<1xi16>
// C full: heap selection keeps the best K and raises the threshold.
// CHECK: scf.while
// CHECK: arith.cmpi ugt, %{{.*}}, %{{.*}} : i64
// CHECK: llvm.call_intrinsic "llvm.experimental.vector.compress"
// CHECK: vector.store %{{.*}}, %[[C]]
func.func @top_k_filtered(%x: tensor<64x4096xf32>) -> (tensor<64x8xf32>, tensor<64x8xui32>) {
  %v, %i = dml.top_k %x, axis = 1, k = 8, direction = decreasing : tensor<64x4096xf32> -> tensor<64x8xf32>, tensor<64x8xui32>
  return %v, %i : tensor<64x8xf32>, tensor<64x8xui32>
}

// -----

// Large K: the K'-th best of every 16th chunk guesses the bound; when fewer
// than K elements pass it, the scan runs again keeping all (scf.while).
// Signed elements flip the sign bit. Unpruned candidates are in position
// order and a stable radix sort on the ord bytes orders them.
// CHECK-LABEL: func.func @top_k_sampled
// CHECK: scf.for
// CHECK: vector.load %{{.*}} : memref<2x65536xi16>, vector<32xi16>
// CHECK: arith.extsi %{{.*}} : vector<32xi16> to vector<32xi32>
// CHECK: vector.store %{{.*}} : memref<{{[0-9]+}}xi64>, vector<32xi64>
// CHECK: scf.while
// CHECK: llvm.call_intrinsic "llvm.experimental.vector.compress"
// CHECK: scf.condition
// Radix sort: bytes of ~ord (bits 32 and up of the inverted key).
// CHECK: arith.xori %{{.*}}, %{{.*}} : i64
// CHECK: arith.shrui %{{.*}}, %{{.*}} : i64
// CHECK: scf.if
// CHECK: scf.for
// CHECK: return
func.func @top_k_sampled(%x: tensor<2x65536xi16>) -> (tensor<2x1024xi16>, tensor<2x1024xui32>) {
  %v, %i = dml.top_k %x, axis = 1, k = 1024, direction = decreasing : tensor<2x65536xi16> -> tensor<2x1024xi16>, tensor<2x1024xui32>
  return %v, %i : tensor<2x1024xi16>, tensor<2x1024xui32>
}

// -----

// 64-bit elements keep the value/index heap in the output slices: pushed
// at slot `count` and sifted up while fewer than K are kept, then replacing
// the root when strictly better; heapsort at the end. A tie prefers the
// lower index.
// CHECK-LABEL: func.func @top_k_i64
// CHECK: scf.for %[[ROW:[a-z0-9_]+]] =
// CHECK: scf.for %[[J:[a-z0-9_]+]] = {{.*}} iter_args(%[[COUNT:[a-z0-9_]+]] =
// CHECK: %[[E:.*]] = memref.load %{{.*}}[%[[ROW]], %[[J]]] : memref<2x5xi64>
// CHECK: arith.cmpi ult, %[[COUNT]], %{{.*}} : index
// CHECK: scf.if %{{.*}} -> (index) {
// CHECK: memref.store %[[E]], %{{.*}}[%[[ROW]], %[[COUNT]]]
// CHECK: scf.while
// increasing: c better than a is a greater than c (signed).
// CHECK: arith.cmpi sgt, %{{.*}}, %{{.*}} : i64
// The tie rule compares stored indices unsigned.
// CHECK: arith.cmpi ult, %{{.*}}, %{{.*}} : i64
// CHECK: } else {
// CHECK: scf.while
// Heapsort leaves the best first.
// CHECK: scf.for
// CHECK: scf.while
// CHECK-NOT: vector.
// CHECK: return
func.func @top_k_i64(%x: tensor<2x5xi64>) -> (tensor<2x3xi64>, tensor<2x3xui64>) {
  %v, %i = dml.top_k %x, axis = 1, k = 3, direction = increasing : tensor<2x5xi64> -> tensor<2x3xi64>, tensor<2x3xui64>
  return %v, %i : tensor<2x3xi64>, tensor<2x3xui64>
}
