//===- Passes.td - DML transform passes --------------------*- tablegen -*-===//

#ifndef DML_TRANSFORMS_PASSES_TD
#define DML_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def DMLCheckSupportedOps : Pass<"dml-check-supported-ops", "ModuleOp"> {
  let summary = "Reject ops the dml pipeline cannot compile, naming them";
  let description = [{
    The first check of `dml-cpu-pipeline`: every op of the module must be on
    an explicit allow-list of what the pipeline compiles (dml ops, the TOSA
    ops that upstream lowers to elementwise, shape and reduction code, and
    arith, math, tensor and linalg ops on statically shaped tensors; see
    docs/pipeline.md, "Mixed graphs"), and every tensor must have a static
    shape. Anything else, such as `tosa.conv2d` or `linalg.matmul`, fails
    here with "'<op>' op is not supported by the dml pipeline" instead of
    failing to bufferize or legalize stages later.
  }];
}

def DMLExposeCInterface : Pass<"dml-expose-c-interface", "ModuleOp"> {
  let summary = "Give every public function a C interface wrapper";
  let description = [{
    Marks every public `func.func` with `llvm.emit_c_interface`, so that the
    LLVM lowering emits `_mlir_ciface_<name>`, which takes a pointer to a
    memref descriptor per argument. Used by the JIT runner and AOT headers.
  }];
}

def DMLMarkSanitizeAddress : Pass<"dml-mark-sanitize-address", "ModuleOp"> {
  let summary = "Request AddressSanitizer instrumentation of every function";
  let description = [{
    Adds `sanitize_address` to the passthrough attributes of every defined
    `llvm.func`, so that compiling the translated LLVM IR with
    `-fsanitize=address` instruments the generated kernels' loads and stores.
    Used to prove that kernels never access memory outside their buffers.
  }];
}

def DMLApproximateMath : Pass<"dml-approximate-math", "func::FuncOp"> {
  let summary = "Expand math.exp into a polynomial approximation";
  let description = [{
    `math.exp` on vectors would otherwise become one libm call per lane.
    The polynomial approximation (MLIR's, a few ulp for f32) vectorizes and
    is applied to scalar ops as well, so that the result of an element does
    not depend on whether it was computed in a vector chunk or in a
    remainder loop.

    With `fast-exp` (default), f32 `math.exp` gets this project's cheaper
    expansion instead: clamp x from below, k = round(x log2 e) by the
    1.5 * 2^23 shifter (capped at 128 on its integer bits), r = x - k ln 2 in two FMAs, a degree-6 polynomial
    1 + (r + r^2 q(r)) (monotone),
    then an exact scaling by 2^k: `llvm.intr.ldexp` with `scale-by-ldexp`
    (one `vscalefps` on AVX-512; elsewhere LLVM calls `ldexpf` per lane),
    otherwise two multiplications by powers of two built with integer
    ops. With `x86-scalef` (the target has AVX-512F), 16-lane vectors scale
    by `vscalefps` on k as a float (2 ops fewer than `llvm.intr.ldexp`'s
    integer exponent). With `table-exp` (the target has AVX-512F), k has 4
    fraction bits (shifter 1.5 * 2^19) and p(r) = hi + (hi s(r) + lo) with
    hi + lo = 2^(j/16) from two 16-entry tables (`vpermps` zmm on k's low
    bits), |r| <= ln 2 / 32 and s of degree 3: 2 FMA-pipe ops fewer than
    the degree-6 polynomial, other bits (0.76 ulp instead of 1.02, also
    monotone). All scalings give the same bits (docs/numerics.md: error over
    all f32 inputs, monotone non-decreasing). With `summed-exp` (default),
    an exp marked `dml.summed_exp` (dml-mark-shifted-exp: exp(x - max(x))
    only added into a sum) skips r's second FMA and, with `table-exp`, the
    lo table: hi + hi s (docs/numerics.md, "exp in a sum"). `exp` of other
    element types is left as MLIR's patterns leave it.
  }];
  let options = [
    Option<"fastExp", "fast-exp", "bool", /*default=*/"true",
           "Expand f32 exp with the project's cheaper polynomial instead "
           "of MLIR's">,
    Option<"scaleByLdexp", "scale-by-ldexp", "bool", /*default=*/"false",
           "Scale by 2^k with llvm.intr.ldexp (AVX-512: vscalefps) "
           "instead of integer exponent arithmetic">,
    Option<"x86Scalef", "x86-scalef", "bool", /*default=*/"false",
           "The target has AVX-512F: 16-lane exps scale by vscalefps on "
           "k as a float (llvm.x86.avx512.mask.scalef.ps.512), without "
           "converting k to an integer and back">,
    Option<"tableExp", "table-exp", "bool", /*default=*/"false",
           "The target has AVX-512F: exp(x) = 2^(k/16) table (vpermps, "
           "llvm.x86.avx512.permvar.sf.512) times a degree-3 polynomial, "
           "for every f32 exp shape">,
    Option<"summedExp", "summed-exp", "bool", /*default=*/"true",
           "Expand the exps marked dml.summed_exp (only added into a sum) "
           "with r in one FMA and, with table-exp, one table: 3 ops fewer, "
           "<= 1.73 * 2^-24 + 2.8e-9 |x| relative error">,
  ];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def DMLPrefetchNextBlock : Pass<"dml-prefetch-next-block", "func::FuncOp"> {
  let summary = "Prefetch the next block of rows while a block is recomputed";
  let description = [{
    A chain of row reductions tiled into blocks of rows (`dml-fuse-rows`:
    LOG_SUM_EXP's max then exp-sum, softmax's max, exp-sum, selection)
    reads each block several times: the first loop from memory, the others
    from the cache. The first loop waits for memory while the next ones
    (exp: compute-bound) leave it idle. In the second loop of an
    `scf.parallel` iteration that reads a block `subview` of a buffer, this
    pass prefetches the same position of the next iteration's block, one
    `memref.prefetch` per 64-byte line of each vector load (a 1-D load of
    256 bytes, one long row at a time, gets four): the next block's first pass then
    reads from the cache, and memory works while the core computes. The
    last block prefetches itself (never outside the buffer). Blocks below
    `min-block-bytes` are left alone.
  }];
  let options = [
    Option<"minBlockBytes", "min-block-bytes", "int64_t", "65536",
           "Smallest block (bytes of the subview) that gets prefetches">,
    Option<"blocksAhead", "blocks-ahead", "int64_t", "1",
           "Which later block is prefetched: the next (1), the one after "
           "(2), ...; 0 prefetches nothing">,
    Option<"locality", "locality", "int64_t", "3",
           "Locality hint of the prefetches (3: L1, 2: L2, 1: L3, 0: "
           "non-temporal)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

def DMLLinalgToVectorLoops
    : Pass<"dml-linalg-to-vector-loops", "func::FuncOp"> {
  let summary = "Lower bufferized linalg ops to parallel loops over vectors";
  let description = [{
    Code generation for statically shaped `linalg.generic` and `linalg.fill`
    ops on memrefs. The innermost loop is vectorized by cloning the op's
    body onto `vector<W x T>` values, W being four registers' worth of the
    widest element type in the body:

    * innermost loop parallel (elementwise ops, reductions over outer
      dimensions): the parallel loops, with the innermost dimension split
      into blocks, form an `scf.parallel`; reduction loops run inside; each
      W-wide chunk is loaded, combined with the output chunk and stored;
      rows read at a loaded index (a gather under a reduction: an embedding
      bag) are prefetched (`memref.prefetch`, one per cache line) about
      8 KiB of reads ahead, at the clamped index of a valid iteration;
    * innermost loop a reduction (reductions over the innermost dimension):
      an `scf.parallel` over the output elements, each accumulating W
      independent lanes (the combiner must be a plain reduction such as
      addf, maximumf, minsi) that are merged with `vector.reduction` at the
      end.

    Loads are contiguous `vector.load`s where the innermost dimension is
    contiguous, broadcasts where it is absent, and `vector.gather` for
    data-dependent innermost indices. Remainders run a scalar copy of the
    body. Small ops (below `parallel-threshold` iterations) use `scf.for`.

    When the innermost loop is parallel, the parallel loop runs over blocks
    of up to 1024 elements of it (with the outer parallel dimensions); with
    `threads` other than 1 the blocks shrink (down to one chunk) until there
    are `items-per-thread` x `threads` parallel iterations (x 16 when
    `threads` is 0), so that a reduction over the outer dimensions (a
    column sum) keeps every thread busy.
    Ops that do not fit are left for `convert-linalg-to-loops`.
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"512",
           "Width in bits of one vector register">,
    Option<"registersPerChunk", "registers-per-chunk", "int64_t",
           /*default=*/"4",
           "Vector registers per chunk (independent accumulators)">,
    Option<"parallelThreshold", "parallel-threshold", "int64_t",
           /*default=*/"32768",
           "Minimum iteration count for an scf.parallel outer loop">,
    Option<"threads", "threads", "unsigned", /*default=*/"1",
           "Threads the parallel loops will run on (0: not known)">,
    Option<"callerStreamingBytes", "caller-streaming-bytes", "int64_t",
           /*default=*/"8388608",
           "Outputs in the caller's buffers from this size on are written "
           "with non-temporal stores">,
    Option<"streamFills", "stream-fills", "bool", /*default=*/"true",
           "Streaming-size outputs of store-only loops (one_hot, fills: "
           "nothing read along the vectorized dimension) are written with "
           "non-temporal stores too (false: ordinary stores)">,
    Option<"streamPagePrefetch", "stream-page-prefetch", "bool",
           /*default=*/"true",
           "Before a row's line-aligned non-temporal stores, prefetch one "
           "line of each page they write (for writing)">,
    Option<"itemsPerThread", "items-per-thread", "int64_t", /*default=*/"4",
           "Parallel iterations per thread that blocks of the innermost "
           "dimension are made small enough for">,
    Option<"prefetchRows", "prefetch-rows", "bool", /*default=*/"true",
           "Software-prefetch rows the hardware prefetchers miss: gathered "
           "rows, and pieces of rows shorter than a page (column blocks)">,
    Option<"prefetchGatheredRows", "prefetch-gathered-rows", "bool",
           /*default=*/"true",
           "With prefetch-rows, a gather of whole rows without a reduction "
           "(a copy) prefetches the rows some iterations ahead">,
    Option<"longRowClaimsPerThread", "long-row-claims-per-thread", "int64_t",
           /*default=*/"0",
           "Blocks per thread of the parallel loop of an inner reduction of "
           "rows of at least 16 KiB without math ops: the loop's "
           "dml_claims_per_thread for dml-parallel-to-openmp (0: none)">,
    Option<"longRowStreams", "long-row-streams", "int64_t", /*default=*/"4",
           "Rows of at least 16 KiB that an inner reduction reads at once "
           "(1: one row, every register of a chunk on it)">,
    Option<"longRowPrefetchBytes", "long-row-prefetch", "int64_t",
           /*default=*/"0",
           "Software-prefetch rows of at least 16 KiB of an inner reduction "
           "this many bytes ahead of the loads (0: none)">,
    Option<"longRowPrefetchLocality", "long-row-prefetch-locality", "int64_t",
           /*default=*/"3",
           "Locality hint of those prefetches (3: into L1, 2: L2, 1: L3)">,
    Option<"longRowWide", "long-row-wide", "bool", /*default=*/"false",
           "Rows of at least 16 KiB read several at once keep a whole chunk "
           "(registers-per-chunk registers) each instead of one register">,
    Option<"realignRows", "realign-rows", "bool", /*default=*/"false",
           "The target has AVX-512F: f32 rows of at least 16 KiB of an "
           "inner reduction whose start is not 64-byte aligned at run time "
           "are read with aligned loads, each 16-lane vector rebuilt from "
           "two by vpermi2ps (no load spans two cache lines)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def DMLReshapedResultsInPlace
    : Pass<"dml-reshaped-results-in-place", "func::FuncOp"> {
  let summary = "Compute a result returned through a reshape in its out-param";
  let description = [{
    Runs after bufferization and `buffer-results-to-out-params`. A result
    computed in a buffer of its own and returned through reshapes (a
    reduction keeps the reduced axes as 1s: `memref.alloc` of
    `memref<512x768xf32>`, `memref.expand_shape` to `memref<512x1x768xf32>`)
    ends as `memref.copy %view, %out`: upstream's hoisting of static allocs
    only sees an alloc returned as is. This pass replaces the alloc by the
    inverse reshape of the out-param (a view of the caller's buffer) and
    erases the copy, so the result is written once, where it belongs.

    It applies when the out-param is a function argument used only by the
    copy, the copy's source is a chain of `memref.expand_shape` /
    `memref.collapse_shape` (each used once) of a static identity-layout
    `memref.alloc` in the function's entry block, and no use of the alloc
    comes after the copy. Out-params do not overlap inputs (the kernel ABI),
    so writing them before the end is safe.
  }];
  let dependentDialects = [
    "::mlir::memref::MemRefDialect",
  ];
}

def DMLAssignWorkspace : Pass<"dml-assign-workspace", "ModuleOp"> {
  let summary = "Place every buffer allocation in one caller-provided workspace";
  let description = [{
    Runs after code generation, on buffers. Every `memref.alloc` in a public
    function becomes a `memref.view` of one workspace buffer
    (`memref<N x i8>`), passed as a new trailing argument, so that a call
    allocates nothing. The function records N in `dml.workspace_bytes`
    (0: no argument is added).

    * An alloc outside loops gets a static offset. Buffers whose live
      ranges (from the alloc to the last use of the buffer or of a view of
      it, in the function's top-level order) do not overlap share space
      (first fit, largest first).
    * An alloc inside `scf.parallel` bodies gets one slot per iteration
      (iterations may run concurrently): the product of the constant trip
      counts times its size, indexed by the linearized induction variables.
    * An alloc inside an `scf.for` or `scf.while` body reuses its slot in
      every iteration, so it must not be used outside the iteration.

    Offsets and slots are multiples of 64 bytes; the workspace itself must
    be 64-byte aligned. Deallocations are erased. Dynamic sizes, buffers
    that escape their loop iteration, non-constant parallel bounds and a
    total above `max-bytes` are errors that name the op.
  }];
  let options = [
    Option<"maxBytes", "max-bytes", "uint64_t",
           /*default=*/"uint64_t(1) << 40",
           "Largest workspace accepted, in bytes">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

def DMLParallelToOpenMP : Pass<"dml-parallel-to-openmp", "ModuleOp"> {
  let summary = "Run scf.parallel loops as OpenMP parallel regions whose "
                "threads claim blocks of iterations, without worksharing calls";
  let description = [{
    Each outermost `scf.parallel` without reductions becomes an
    `omp.parallel` region in which the threads claim blocks of the
    (linearized) iteration space from a shared counter (a `memref.alloca`
    of the function, reset before the region) with `memref.atomic_rmw
    addi`, until none is left: blocks of max(1, ceil(N / (C T))) iterations
    for the T threads of `omp_get_num_threads()` (C: `claims-per-thread`). A thread that runs slower
    than the others (on a core shared with another thread, as the vCPUs of
    a VM can be; preempted) claims fewer blocks, where a static partition
    (ceil(N / T) each) makes every call wait for it. With `home-ranges`
    (the pass's default; the CPU pipeline's `home-ranges` follows the
    target CPU, `chooseHomeRanges`: on for AMD Zen only) the B blocks are split into T contiguous ranges with a
    counter each (one cache line apart, reset before the region): thread t
    claims the blocks of range t in order, then those left in ranges t + 1,
    t + 2, ... (mod T). Threads of equal speed then take the same blocks at
    every call and find them in their own caches (the two vCPUs of the AMD
    host keep separate L3s: bench/README.md, branch cpu-r1); without it
    the threads claim from one shared counter in arrival order. Nested `scf.parallel`
    loops run sequentially inside. Upstream `convert-scf-to-openmp` emits
    an `omp.wsloop`, whose `__kmpc_for_static_init` builds a debug string
    with `malloc` on every call in the Debian builds of libomp (built with
    KMP_DEBUG): two allocations per thread and loop, on every kernel call.
    Loops with reductions are left to `convert-scf-to-openmp`. A loop with
    an i64 attribute `dml_claims_per_thread` uses it instead of
    `claims-per-thread` (dml-linalg-to-vector-loops' long rows).
  }];
  let options = [
    Option<"numThreads", "num-threads", "unsigned", /*default=*/"0",
           "Threads of each region (0: the OpenMP runtime chooses)">,
    Option<"claimsPerThread", "claims-per-thread", "int64_t", /*default=*/"8",
           "Blocks per thread if all ran at the same speed">,
    Option<"homeRanges", "home-ranges", "bool", /*default=*/"true",
           "Each thread claims the blocks of its own contiguous range first, "
           "then those left in the other threads' ranges">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::omp::OpenMPDialect",
    "::mlir::scf::SCFDialect",
  ];
}

#endif // DML_TRANSFORMS_PASSES_TD
