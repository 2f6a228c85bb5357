//===- Pipelines.h - DML compilation pipelines ------------------*- C++ -*-===//
//
// The CPU pipeline lowers a module of `func.func`s holding dml ops to the LLVM
// dialect. Contract of the result, relied on by the JIT runner and AOT:
//
// * every public function `@f(tensor args...) -> (tensor results...)` becomes
//   `@f(memref args..., memref outs...)` with the results turned into
//   caller-allocated output buffers (identity layout, row-major, packed), and
//   a C wrapper `_mlir_ciface_f(Desc *in0, ..., Desc *out0, ...)` where each
//   Desc is an MLIR memref descriptor
//   `{T *allocated; T *aligned; int64_t offset; int64_t sizes[rank];
//     int64_t strides[rank];}`;
// * intermediate buffers live in one workspace (dml-assign-workspace): a
//   function that needs one takes a trailing `memref<N x i8>` argument
//   (descriptor in the C wrapper), 64-byte aligned, N recorded in the
//   function's `dml.workspace_bytes` attribute (kept on the llvm.func), and
//   never allocates memory itself; concurrent calls need distinct
//   workspaces;
// * unsigned element types are passed as same-width integers;
// * buffers are 16-byte aligned, as DirectML requires of buffer tensors
//   (large outputs are written with aligned non-temporal stores);
// * with `threads` other than 1, the code calls the OpenMP runtime (libomp),
//   which the JIT or the linker must provide.
//
//===----------------------------------------------------------------------===//

#ifndef DML_PIPELINES_PIPELINES_H
#define DML_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"

namespace mlir::dml {

struct CPUPipelineOptions : public PassPipelineOptions<CPUPipelineOptions> {
  PassOptions::Option<bool> fusion{
      *this, "fusion",
      llvm::cl::desc("Fuse across operators on tensors before bufferization "
                     "(producers into consumers, sibling reductions)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> vectorize{
      *this, "vectorize",
      llvm::cl::desc("Vectorize the innermost loops through vector"),
      llvm::cl::init(true)};
  PassOptions::Option<int64_t> vectorBits{
      *this, "vector-bits",
      llvm::cl::desc("Width in bits of one vector register of the target"),
      llvm::cl::init(512)};
  PassOptions::Option<bool> fastExp{
      *this, "fast-exp",
      llvm::cl::desc("Expand f32 exp with the project's cheaper polynomial "
                     "(dml-approximate-math; scaled by vscalefps when "
                     "vector-bits >= 512, i.e. AVX-512) instead of MLIR's"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> x86Scalef{
      *this, "x86-scalef",
      llvm::cl::desc("The target has AVX-512F: 16-lane f32 exps scale by "
                     "vscalefps on the float exponent (default: by target "
                     "features, hasX86Scalef)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> x86TableExp{
      *this, "x86-table-exp",
      llvm::cl::desc("The target has AVX-512F: f32 exp looks 2^(j/16) up in "
                     "a 16-entry table by vpermps and needs a degree-3 "
                     "polynomial (default: by target features, "
                     "chooseX86TableExp)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> summedExp{
      *this, "summed-exp",
      llvm::cl::desc("Expand exp(x - max(x)) that is only summed (softmax's "
                     "and LOG_SUM_EXP's sums, marked dml.summed_exp) with 3 "
                     "vector ops fewer and a relative error <= 1.73 * 2^-24 "
                     "+ 2.8e-9 |x|; off: the bits of the unfused pipeline"),
      llvm::cl::init(true)};
  PassOptions::Option<int64_t> itemsPerThread{
      *this, "items-per-thread",
      llvm::cl::desc("Parallel iterations per thread that blocks of an "
                     "innermost parallel dimension are made small enough for"),
      llvm::cl::init(4)};
  PassOptions::Option<int64_t> claimsPerThread{
      *this, "claims-per-thread",
      llvm::cl::desc("Blocks of a parallel loop per thread if all threads ran "
                     "at the same speed (dml-parallel-to-openmp)"),
      llvm::cl::init(8)};
  PassOptions::Option<bool> homeRanges{
      *this, "home-ranges",
      llvm::cl::desc("Each thread claims the blocks of its own contiguous "
                     "range first, then those left in the other threads' "
                     "ranges (dml-parallel-to-openmp; default: by target "
                     "CPU, chooseHomeRanges)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> prefetchRows{
      *this, "prefetch-rows",
      llvm::cl::desc("Software-prefetch rows the hardware prefetchers miss: "
                     "gathered rows, and pieces of rows shorter than a page"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> prefetchGatheredRows{
      *this, "prefetch-gathered-rows",
      llvm::cl::desc("With prefetch-rows, a gather of whole rows (a copy) "
                     "prefetches the rows some iterations ahead (default: "
                     "by target CPU, chooseGatheredRowPrefetch)"),
      llvm::cl::init(true)};
  PassOptions::Option<int64_t> longRowClaimsPerThread{
      *this, "long-row-claims-per-thread",
      llvm::cl::desc("claims-per-thread of inner reductions of rows of at "
                     "least 16 KiB without math ops (0: claims-per-thread; "
                     "default: by target CPU, chooseLongRowClaimsPerThread)"),
      llvm::cl::init(0)};
  PassOptions::Option<int64_t> longRowStreams{
      *this, "long-row-streams",
      llvm::cl::desc("Rows of at least 16 KiB that an inner reduction reads "
                     "at once"),
      llvm::cl::init(4)};
  PassOptions::Option<int64_t> longRowPrefetch{
      *this, "long-row-prefetch",
      llvm::cl::desc("Software-prefetch rows of at least 16 KiB of an inner "
                     "reduction this many bytes ahead (0: none)"),
      llvm::cl::init(0)};
  PassOptions::Option<int64_t> longRowPrefetchLocality{
      *this, "long-row-prefetch-locality",
      llvm::cl::desc("Locality hint of the long-row prefetches (3: L1, 2: "
                     "L2, 1: L3)"),
      llvm::cl::init(3)};
  PassOptions::Option<bool> longRowWide{
      *this, "long-row-wide",
      llvm::cl::desc("Rows of at least 16 KiB read several at once keep a "
                     "whole chunk each (default: by target CPU, "
                     "chooseLongRowWide)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> realignRows{
      *this, "realign-rows",
      llvm::cl::desc("The target has AVX-512F: long f32 rows of inner "
                     "reductions that start off a 64-byte boundary at run "
                     "time are read with aligned loads and vpermi2ps "
                     "(default: by target features, chooseRealignRows)"),
      llvm::cl::init(false)};
  PassOptions::Option<int64_t> rowBlockBytes{
      *this, "row-block-bytes",
      llvm::cl::desc("Largest input footprint of one block of rows of a "
                     "fused chain of row reductions (dml-fuse-rows)"),
      llvm::cl::init(262144)};
  PassOptions::Option<int64_t> rowBlockMinRows{
      *this, "row-block-min-rows",
      llvm::cl::desc("Fewest rows of a block of several rows; chains whose "
                     "rows do not fit that many in row-block-bytes run one "
                     "row per block (default: by target CPU, "
                     "chooseRowBlockMinRows)"),
      llvm::cl::init(2)};
  PassOptions::Option<int64_t> nextBlockPrefetch{
      *this, "next-block-prefetch",
      llvm::cl::desc("In a block of rows read by several loops, the second "
                     "loop prefetches the block this many blocks ahead (0: "
                     "none; dml-prefetch-next-block)"),
      llvm::cl::init(1)};
  PassOptions::Option<int64_t> nextBlockPrefetchLocality{
      *this, "next-block-prefetch-locality",
      llvm::cl::desc("Locality hint of the next block's prefetches (3: L1, "
                     "2: L2, 1: L3)"),
      llvm::cl::init(3)};
  PassOptions::Option<int64_t> callerStreamingBytes{
      *this, "caller-streaming-bytes",
      llvm::cl::desc("Outputs in the caller's buffers from this size on are "
                     "written with non-temporal stores"),
      llvm::cl::init(int64_t(8) << 20)};
  PassOptions::Option<bool> streamFills{
      *this, "stream-fills",
      llvm::cl::desc("Streaming-size outputs of store-only loops (one_hot, "
                     "fills) are written with non-temporal stores too "
                     "(every CPU measured gains: bench/README.md, O1)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> streamPagePrefetch{
      *this, "stream-page-prefetch",
      llvm::cl::desc("Before a row's line-aligned non-temporal stores, "
                     "prefetch one line of each page they write (default: "
                     "by target CPU, chooseStreamPagePrefetch)"),
      llvm::cl::init(true)};
  PassOptions::Option<unsigned> threads{
      *this, "threads",
      llvm::cl::desc("Threads of the OpenMP parallel loops; 1 keeps the code "
                     "sequential (no OpenMP runtime needed), 0 lets the "
                     "OpenMP runtime choose"),
      llvm::cl::init(1)};
  PassOptions::Option<bool> sanitizeAddress{
      *this, "sanitize-address",
      llvm::cl::desc("Mark functions for AddressSanitizer instrumentation"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> workspace{
      *this, "workspace",
      llvm::cl::desc("Place intermediate buffers in one workspace argument "
                     "(false: a malloc/free per call, for comparison)"),
      llvm::cl::init(true)};
};

/// Fails with one error through `emitError`, naming `pipeline`, the option,
/// its valid values and the value, unless every numeric option is valid
/// (docs/pipeline.md lists the ranges). Every way the pipeline or one of its
/// stages is built (dml-opt, the JIT, AOT) checks first, so that an option
/// is never clamped, wrapped or silently ignored, and the passes it feeds
/// never see a bad value.
LogicalResult
validateCPUPipelineOptions(const CPUPipelineOptions &options,
                           function_ref<void(const Twine &)> emitError,
                           StringRef pipeline = "dml-cpu-pipeline");

/// Stage 1: dml -> linalg/tensor/arith/math/scf (+ cleanups), then the
/// fusion stage when `options.fusion` is set.
void buildDMLToLinalgPipeline(OpPassManager &pm,
                              const CPUPipelineOptions &options);
/// The fusion stage of stage 1, on tensors: producers into consumers, then
/// siblings.
void buildDMLFusionPipeline(OpPassManager &pm,
                            const CPUPipelineOptions &options);
/// Stage 2: one-shot bufferization, results to out-params, deallocation.
void buildDMLBufferizePipeline(OpPassManager &pm,
                               const CPUPipelineOptions &options);
/// Stage 3: linalg on memrefs to parallel loops over vectors.
void buildDMLCodegenPipeline(OpPassManager &pm,
                             const CPUPipelineOptions &options);
/// Stage 4: loops, vector and memref to the LLVM dialect.
void buildDMLLowerToLLVMPipeline(OpPassManager &pm,
                                 const CPUPipelineOptions &options);
/// All stages: dml to the LLVM dialect.
void buildDMLCPUPipeline(OpPassManager &pm, const CPUPipelineOptions &options);

struct GPUPipelineOptions : public PassPipelineOptions<GPUPipelineOptions> {
  PassOptions::Option<std::string> chip{
      *this, "chip", llvm::cl::desc("NVIDIA chip of the PTX (sm_XX)"),
      llvm::cl::init("sm_90")};
  PassOptions::Option<std::string> features{
      *this, "features", llvm::cl::desc("PTX features (+ptxNN)"),
      llvm::cl::init("+ptx80")};
  PassOptions::Option<int64_t> blockSize{*this, "block-size",
                                         llvm::cl::desc("Threads per block"),
                                         llvm::cl::init(256)};
  PassOptions::Option<int64_t> splitRatio{
      *this, "split-ratio",
      llvm::cl::desc("Partial reductions per contiguous reduction"),
      llvm::cl::init(32)};
  PassOptions::Option<bool> blockReductions{
      *this, "block-reductions",
      llvm::cl::desc("Reductions as block-wide kernels (false: one thread "
                     "per output, long windows split)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> shuffles{
      *this, "shuffles",
      llvm::cl::desc("Block-wide row reductions of 32-bit values combine "
                     "through warp shuffles (false: shared memory only)"),
      llvm::cl::init(true)};
  PassOptions::Option<int64_t> unroll{
      *this, "unroll",
      llvm::cl::desc("Unroll factor of the loop of each thread of a "
                     "block-wide reduction"),
      llvm::cl::init(4)};
  PassOptions::Option<bool> vectorLoads{
      *this, "vector-loads",
      llvm::cl::desc("Block-wide row reductions load 16 bytes at a time "
                     "where the buffers allow"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> vectorStores{
      *this, "vector-stores",
      llvm::cl::desc("Elementwise ops (one_hot, gather, ...) as kernels "
                     "writing 16 bytes per thread (false: 4 bytes, one "
                     "thread per element)"),
      llvm::cl::init(true)};
  PassOptions::Option<int64_t> vectorStoreMinElements{
      *this, "vector-store-min-elements",
      llvm::cl::desc("Smallest elementwise output written 16 bytes per "
                     "thread (tests lower it to reach small shapes)"),
      llvm::cl::init(4096)};
  PassOptions::Option<int64_t> vectorStoreGroups{
      *this, "vector-store-groups",
      llvm::cl::desc("16-byte groups written by each thread of an "
                     "elementwise kernel"),
      llvm::cl::init(2)};
  PassOptions::Option<bool> vectorStoreRowGathers{
      *this, "vector-store-row-gathers",
      llvm::cl::desc("Gathers of whole rows read 16 bytes of the gathered "
                     "row per thread and group (false: one thread per "
                     "element)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> vectorStoreScatteredGathers{
      *this, "vector-store-scattered-gathers",
      llvm::cl::desc("Other gathers too get 16-byte stores (scalar loads)"),
      llvm::cl::init(true)};
  PassOptions::Option<int64_t> laneColumnThreads{
      *this, "lane-column-threads",
      llvm::cl::desc("Column reductions reading 16 bytes per row: threads "
                     "per block along the outputs (1024 / this along rows)"),
      llvm::cl::init(8)};
  PassOptions::Option<int64_t> rowThreads{
      *this, "row-threads",
      llvm::cl::desc("Threads per block of a block-wide row reduction with "
                     "at least 1024 outputs"),
      llvm::cl::init(256)};
  PassOptions::Option<int64_t> minReduced{
      *this, "min-reduced",
      llvm::cl::desc("Shortest reduced window of a block-wide reduction "
                     "(shorter ones: one thread per output)"),
      llvm::cl::init(32)};
  PassOptions::Option<bool> sumOfExpEx2{
      *this, "sum-of-exp-ex2",
      llvm::cl::desc("log_sum_exp's exp(x - max) in the block kernel as "
                     "ex2.approx.ftz (false: the polynomial of other exps)"),
      llvm::cl::init(true)};
};

/// validateCPUPipelineOptions for the GPU pipeline's options.
LogicalResult
validateGPUPipelineOptions(const GPUPipelineOptions &options,
                           function_ref<void(const Twine &)> emitError,
                           StringRef pipeline = "dml-gpu-pipeline");

/// Registers pipeline `name` with options of type `Options`: `validate`
/// checks them when the pipeline text is parsed (its error goes to the
/// parser's error handler: one message, before any pass runs), then `build`
/// adds the passes.
template <typename Options>
void registerValidatedPipeline(
    StringRef name, StringRef description,
    void (*build)(OpPassManager &, const Options &),
    LogicalResult (*validate)(const Options &,
                              function_ref<void(const Twine &)>, StringRef)) {
  registerPassPipeline(
      name, description,
      [name = name.str(), build,
       validate](OpPassManager &pm, StringRef text,
                 function_ref<LogicalResult(const Twine &)> errorHandler) {
        Options options;
        if (failed(options.parseFromString(text)) ||
            failed(validate(
                options,
                [&](const Twine &message) { (void)errorHandler(message); },
                name)))
          return failure();
        build(pm, options);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> optionHandler) {
        optionHandler(Options());
      });
}

/// GPU stage 3 (after stages 1 and 2 of the CPU pipeline): one gpu.launch
/// per bufferized linalg op, buffers allocated on the device.
void buildDMLGPUMapPipeline(OpPassManager &pm,
                            const GPUPipelineOptions &options);
/// GPU stage 4: kernels to NVVM and PTX, host code to LLVM calling mgpu*.
void buildDMLGPULowerPipeline(OpPassManager &pm,
                              const GPUPipelineOptions &options);
/// All stages: dml to LLVM host code with embedded PTX.
void buildDMLGPUPipeline(OpPassManager &pm, const GPUPipelineOptions &options);
/// Registers `dml-gpu-pipeline`, `dml-gpu-map`, `dml-gpu-lower` and the GPU
/// passes.
void registerDMLGPUPipelines();

/// Registers `dml-cpu-pipeline` and its stages `dml-to-linalg`,
/// `dml-bufferize`, `dml-codegen`, `dml-lower-to-llvm`.
void registerDMLPipelines();

/// Registers the dml passes and pipelines.
void registerDMLPassesAndPipelines();

} // namespace mlir::dml

#endif // DML_PIPELINES_PIPELINES_H
