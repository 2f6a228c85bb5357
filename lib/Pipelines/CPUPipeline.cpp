//===- CPUPipeline.cpp - dml to LLVM dialect on the CPU -------------------===//

#include "dml/Codegen/Passes.h"
#include "dml/Conversion/Passes.h"
#include "dml/Dialect/DML/IR/DMLDialect.h"
#include "dml/Fusion/Passes.h"
#include "dml/Pipelines/Pipelines.h"
#include "dml/Transforms/OptionRange.h"
#include "dml/Transforms/Passes.h"
#include "mlir/Conversion/TosaToLinalg/TosaToLinalg.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotModuleBufferize.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::dml;

/// Adds a textual pipeline of upstream passes; the texts are fixed, so a
/// parse failure is a bug of this file.
static void addPipeline(OpPassManager &pm, const Twine &pipeline) {
  if (failed(parsePassPipeline(pipeline.str(), pm, llvm::errs())))
    llvm::report_fatal_error("dml: invalid built-in pass pipeline");
}

namespace {
/// Rejects tensors and memrefs too large to address: the generated code and
/// the memref descriptors index with signed 64-bit integers, so a static
/// shape whose size in bytes exceeds 2^63 - 1 would wrap around silently
/// (e.g. `tensor.empty() : tensor<4611686018427387904x4xf32>` returned from a
/// function, which no dml verifier sees). dml ops limit their own tensors to
/// 2^32 - 1 elements.
struct DMLCheckSizesPass
    : public PassWrapper<DMLCheckSizesPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DMLCheckSizesPass)

  StringRef getArgument() const override { return "dml-check-sizes"; }
  StringRef getDescription() const override {
    return "Reject static shapes whose byte size overflows 64-bit indexing";
  }

  /// The error text for `type`, or empty when it is addressable.
  static std::string checkType(Type type) {
    auto shaped = dyn_cast<ShapedType>(type);
    if (!shaped || !shaped.hasRank() || !shaped.getElementType().isIntOrFloat())
      return "";
    uint64_t bytes = (shaped.getElementTypeBitWidth() + 7) / 8;
    bool overflow = false;
    for (int64_t size : shaped.getShape()) {
      if (ShapedType::isDynamic(size))
        return "";
      bytes = llvm::SaturatingMultiply(bytes, uint64_t(size), &overflow);
    }
    if (!overflow && bytes <= uint64_t(INT64_MAX))
      return "";
    std::string text;
    llvm::raw_string_ostream os(text);
    os << type << " is too large: its size in bytes ";
    if (overflow)
      os << "overflows 64 bits";
    else
      os << "(" << bytes << ") exceeds 2^63 - 1";
    os << " (sizes and offsets are signed 64-bit integers)";
    return text;
  }

  /// The error text for `dml.strides` whose farthest element lies beyond
  /// 64-bit byte offsets, or empty.
  static std::string checkStrides(Type type, DenseI64ArrayAttr strides) {
    auto shaped = dyn_cast<ShapedType>(type);
    if (!strides || !shaped || !shaped.hasStaticShape() ||
        !shaped.getElementType().isIntOrFloat() ||
        static_cast<int64_t>(strides.size()) != shaped.getRank())
      return "";
    bool overflow = false;
    uint64_t offset = 0;
    for (auto [size, stride] :
         llvm::zip(shaped.getShape(), strides.asArrayRef()))
      if (stride > 0)
        offset = llvm::SaturatingAdd(
            offset,
            llvm::SaturatingMultiply(uint64_t(size - 1), uint64_t(stride),
                                     &overflow),
            &overflow);
    uint64_t bytes = llvm::SaturatingMultiply(
        llvm::SaturatingAdd(offset, uint64_t(1), &overflow),
        uint64_t((shaped.getElementTypeBitWidth() + 7) / 8), &overflow);
    if (!overflow && bytes <= uint64_t(INT64_MAX))
      return "";
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "'" << DMLDialect::getStridesAttrName() << "' " << strides << " of "
       << type
       << " reach beyond 2^63 - 1 bytes (sizes and offsets are signed 64-bit "
          "integers)";
    return text;
  }

  void runOnOperation() override {
    WalkResult result =
        getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
          if (auto function = dyn_cast<func::FuncOp>(op)) {
            for (auto [index, type] :
                 llvm::enumerate(function.getArgumentTypes())) {
              std::string error = checkType(type);
              if (error.empty())
                error = checkStrides(
                    type, function.getArgAttrOfType<DenseI64ArrayAttr>(
                              index, DMLDialect::getStridesAttrName()));
              if (!error.empty()) {
                emitError(function.getLoc())
                    << "argument " << index << " of @" << function.getSymName()
                    << ": " << error;
                return WalkResult::interrupt();
              }
            }
            for (auto [index, type] :
                 llvm::enumerate(function.getResultTypes()))
              if (std::string error = checkType(type); !error.empty()) {
                emitError(function.getLoc())
                    << "result " << index << " of @" << function.getSymName()
                    << ": " << error;
                return WalkResult::interrupt();
              }
          }
          for (Type type : op->getResultTypes())
            if (std::string error = checkType(type); !error.empty()) {
              emitError(op->getLoc()) << error;
              return WalkResult::interrupt();
            }
          return WalkResult::advance();
        });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace

/// Mixed graphs: TOSA ops become linalg, tensor and arith ops on tensors
/// (upstream's tosa-to-linalg-pipeline without its TOSA profile validation,
/// which rejects combinations the rest of the pipeline compiles, such as
/// clamp on i32; dml-check-supported-ops has already said what is accepted),
/// and named linalg ops become linalg.generic, the form that fusion and code
/// generation expect. Runs before the dml conversion, so that the dml
/// lowerings and everything after see one kind of linalg.
static void buildTosaAndNamedOpsToLinalg(OpPassManager &pm) {
  tosa::addTosaToLinalgPasses(pm, TosaToLinalgOptions(),
                              TosaToLinalgNamedOptions(),
                              /*validationOptions=*/std::nullopt);
  addPipeline(pm, "func.func(tosa-to-tensor,tosa-to-arith,"
                  "linalg-generalize-named-ops)");
}

LogicalResult mlir::dml::validateCPUPipelineOptions(
    const CPUPipelineOptions &options,
    function_ref<void(const Twine &)> emitError, StringRef pipeline) {
  constexpr int64_t kNoMax = INT64_MAX;
  // Work-split factors: beyond 65536 blocks per thread the products with
  // the thread count stop meaning anything (and approach overflow).
  constexpr int64_t kMaxPerThread = 65536;
  // The OpenMP loops keep one 64-byte counter per thread on the stack
  // (dml-parallel-to-openmp with home ranges): 64 KiB at 1024 threads.
  constexpr int64_t kMaxThreads = 1024;
  return checkOptionRanges(
      emitError, pipeline,
      {// The widths the pipeline fuzzer and the tests exercise (targets
       // choose 128, 256 or 512); other lane counts were never tried.
       {options.vectorBits, {1, 1024, "", true}},
       {options.itemsPerThread, {1, kMaxPerThread}},
       {options.claimsPerThread, {1, kMaxPerThread}},
       {options.longRowClaimsPerThread,
        {0, kMaxPerThread, "0: claims-per-thread"}},
       // chooseJam reads at most 4 rows at once.
       {options.longRowStreams, {1, 4}},
       {options.longRowPrefetch, {0, int64_t(1) << 30, "0: none"}},
       {options.longRowPrefetchLocality, {0, 3}},
       {options.rowBlockBytes, {0, kNoMax, "0: one row per block"}},
       // dml-fuse-rows tries blocks of 8, 4 and 2 rows.
       {options.rowBlockMinRows, {2, 8, "", true}},
       {options.nextBlockPrefetch, {0, INT32_MAX, "0: none"}},
       {options.nextBlockPrefetchLocality, {0, 3}},
       {options.callerStreamingBytes, {0, kNoMax}},
       {options.threads, {0, kMaxThreads, "0: the OpenMP runtime chooses"}}});
}

void mlir::dml::buildDMLToLinalgPipeline(OpPassManager &pm,
                                         const CPUPipelineOptions &options) {
  pm.addPass(std::make_unique<DMLCheckSizesPass>());
  // Everything below compiles what this pass accepts, or says why not here.
  pm.addPass(createDMLCheckSupportedOps());
  buildTosaAndNamedOpsToLinalg(pm);
  pm.addPass(createConvertDMLToLinalg());
  // Elementwise arith/math on tensors written around dml ops.
  addPipeline(pm, "func.func(convert-elementwise-to-linalg),canonicalize,cse");
  if (options.fusion)
    buildDMLFusionPipeline(pm, options);
}

void mlir::dml::buildDMLFusionPipeline(OpPassManager &pm,
                                       const CPUPipelineOptions &options) {
  // Producers first: a reduction's elementwise operand (x * x, exp(x - m))
  // becomes part of it, after which reductions of one input are siblings.
  pm.addNestedPass<func::FuncOp>(createDMLFuseElementwise());
  // Elementwise producers of top_k's selection become its prologue (after
  // the elementwise fusion among linalg ops, which merges chains first);
  // canonicalize then drops producers left without users.
  pm.addNestedPass<func::FuncOp>(createDMLFuseIntoTopK());
  addPipeline(pm, "canonicalize,cse");
  pm.addNestedPass<func::FuncOp>(createDMLFuseSiblings());
  addPipeline(pm, "canonicalize,cse");
  // Then chains of row reductions run one block of rows at a time.
  DMLFuseRowsOptions rowOptions;
  rowOptions.blockBytes = options.rowBlockBytes;
  rowOptions.minBlockRows = options.rowBlockMinRows;
  pm.addNestedPass<func::FuncOp>(createDMLFuseRows(rowOptions));
  addPipeline(pm, "canonicalize,cse");
  // exp(x - max(x)) needs no upper bound on k (dml-approximate-math).
  pm.addNestedPass<func::FuncOp>(createDMLMarkShiftedExp());
}

/// A copy between two buffers: memref.copy (a memcpy) when both are packed
/// row-major, otherwise a linalg.generic, which the codegen stage turns into
/// loops that read through the strides. memref.copy of non-contiguous
/// buffers would lower to a call into MLIR's runner utilities (memrefCopy),
/// which neither AOT objects nor the JIT should depend on.
static LogicalResult createBufferCopy(OpBuilder &b, Location loc, Value from,
                                      Value to) {
  auto isPacked = [](Value value) {
    auto type = dyn_cast<MemRefType>(value.getType());
    return type && type.getLayout().isIdentity();
  };
  if (isPacked(from) && isPacked(to))
    memref::CopyOp::create(b, loc, from, to);
  else
    linalg::makeMemRefCopyOp(b, loc, from, to);
  return success();
}

/// promoteBufferResultsToOutParams with hoistStaticAllocs replaces the
/// memref.alloc of a returned buffer by its out-param and erases the alloc;
/// a buffer returned twice (`return %v, %v`) is then rewritten a second time
/// after it was erased (a use after free inside MLIR 22, found by
/// fuzz/dml-pipeline-fuzzer). Every repeated return operand gets its own
/// copy first, which becomes the second out-param.
static void copyRepeatedResults(ModuleOp module) {
  module.walk([](func::ReturnOp returnOp) {
    llvm::SmallPtrSet<Value, 4> seen;
    OpBuilder builder(returnOp);
    for (OpOperand &operand : returnOp->getOpOperands()) {
      Value value = operand.get();
      auto type = dyn_cast<MemRefType>(value.getType());
      if (!type || !type.hasStaticShape() || !type.getLayout().isIdentity() ||
          seen.insert(value).second)
        continue;
      Value copy = memref::AllocOp::create(builder, returnOp.getLoc(), type);
      (void)createBufferCopy(builder, returnOp.getLoc(), value, copy);
      operand.set(copy);
    }
  });
}

namespace {
/// One-shot bufferization across function boundaries, then results to
/// caller-allocated out-params. Function arguments get the identity layout,
/// except those with `dml.strides`, which become memrefs with that static
/// strided layout (offset 0), so the code reads the caller's strided or
/// broadcast (zero-stride) buffer in place.
///
/// The argument type converter of OneShotBufferizationOptions sees the tensor
/// type but not the argument index, so the per-argument layout goes through
/// the upstream `bufferization.buffer_layout` argument attribute, which
/// replaces the converter's layout for that argument.
struct DMLBufferizePass
    : public PassWrapper<DMLBufferizePass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DMLBufferizePass)

  StringRef getArgument() const override { return "dml-bufferize-functions"; }
  StringRef getDescription() const override {
    return "One-shot bufferization with dml.strides layouts, results to "
           "out-params";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<bufferization::BufferizationDialect, linalg::LinalgDialect,
                    memref::MemRefDialect>();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    StringRef stridesName = DMLDialect::getStridesAttrName();
    StringRef layoutName =
        bufferization::BufferizationDialect::kBufferLayoutAttrName;
    StringRef writableName =
        bufferization::BufferizationDialect::kWritableAttrName;
    for (auto function : module.getOps<func::FuncOp>()) {
      for (unsigned index = 0, e = function.getNumArguments(); index < e;
           ++index) {
        // Inputs are read-only (DirectML's input tensors; a kernel may run
        // many times on the same input): an op that would update an input
        // in place writes into a copy instead.
        if (isa<TensorType>(function.getArgumentTypes()[index]))
          function.setArgAttr(index, writableName,
                              BoolAttr::get(context, false));
        auto strides =
            function.getArgAttrOfType<DenseI64ArrayAttr>(index, stridesName);
        if (!strides)
          continue;
        function.removeArgAttr(index, stridesName);
        auto type =
            dyn_cast<RankedTensorType>(function.getArgumentTypes()[index]);
        if (!type || type.getRank() != static_cast<int64_t>(strides.size())) {
          function.emitError() << "'" << stridesName << "' of argument #"
                               << index << " does not match its type";
          return signalPassFailure();
        }
        function.setArgAttr(index, layoutName,
                            StridedLayoutAttr::get(context, /*offset=*/0,
                                                   strides.asArrayRef()));
      }
    }

    bufferization::OneShotBufferizationOptions options;
    options.bufferizeFunctionBoundaries = true;
    options.setFunctionBoundaryTypeConversion(
        bufferization::LayoutMapOption::IdentityLayoutMap);
    options.memCpyFn = createBufferCopy;
    bufferization::BufferizationState state;
    if (failed(
            bufferization::runOneShotModuleBufferize(module, options, state)))
      return signalPassFailure();
    for (auto function : module.getOps<func::FuncOp>())
      for (unsigned index = 0, e = function.getNumArguments(); index < e;
           ++index) {
        function.removeArgAttr(index, layoutName);
        function.removeArgAttr(index, writableName);
      }

    copyRepeatedResults(module);
    bufferization::BufferResultsToOutParamsOpts outParams;
    outParams.modifyPublicFunctions = true;
    outParams.hoistStaticAllocs = true;
    outParams.memCpyFn = createBufferCopy;
    if (failed(
            bufferization::promoteBufferResultsToOutParams(module, outParams)))
      return signalPassFailure();
  }
};
} // namespace

void mlir::dml::buildDMLBufferizePipeline(OpPassManager &pm,
                                          const CPUPipelineOptions &) {
  addPipeline(pm, "eliminate-empty-tensors");
  pm.addPass(std::make_unique<DMLBufferizePass>());
  pm.addNestedPass<func::FuncOp>(createDMLReshapedResultsInPlace());
  addPipeline(pm, "canonicalize,buffer-deallocation-pipeline");
}

void mlir::dml::buildDMLCodegenPipeline(OpPassManager &pm,
                                        const CPUPipelineOptions &options) {
  DMLLinalgToVectorLoopsOptions codegenOptions;
  // One-lane "vectors" leave every loop scalar.
  codegenOptions.vectorBits = options.vectorize ? options.vectorBits : 1;
  codegenOptions.registersPerChunk = options.vectorize ? 4 : 1;
  codegenOptions.threads = options.threads;
  codegenOptions.itemsPerThread = options.itemsPerThread;
  codegenOptions.callerStreamingBytes = options.callerStreamingBytes;
  codegenOptions.streamFills = options.streamFills;
  codegenOptions.streamPagePrefetch = options.streamPagePrefetch;
  codegenOptions.prefetchRows = options.prefetchRows;
  codegenOptions.prefetchGatheredRows = options.prefetchGatheredRows;
  codegenOptions.longRowClaimsPerThread = options.longRowClaimsPerThread;
  codegenOptions.longRowStreams = options.longRowStreams;
  codegenOptions.longRowPrefetchBytes = options.longRowPrefetch;
  codegenOptions.longRowPrefetchLocality = options.longRowPrefetchLocality;
  codegenOptions.longRowWide = options.longRowWide;
  codegenOptions.realignRows = options.realignRows;
  // Blocks of rows (dml-fuse-rows) run as parallel loop iterations.
  addPipeline(pm, "func.func(scf-forall-to-parallel)");
  // top_k's selection first: its loops are not linalg ops.
  // Without AVX-512, a compress store is a branch per lane.
  DMLLowerTopKOptions topKOptions;
  topKOptions.nativeCompress = options.vectorize && options.vectorBits >= 512;
  // The carrier pass lists candidate chunks in steps of 16 lanes or more
  // (AVX-512: 64 lanes of one row in Zen's layout, 16 lanes of each of two
  // rows in Intel's); AVX2's 8-lane steps of two rows would not list.
  topKOptions.candidateChunks = options.vectorize && options.vectorBits >= 512;
  pm.addNestedPass<func::FuncOp>(createDMLLowerTopK(topKOptions));
  pm.addNestedPass<func::FuncOp>(createDMLLinalgToVectorLoops(codegenOptions));
  // Memory reads the next block of rows while the core computes on this one.
  DMLPrefetchNextBlockOptions prefetchOptions;
  prefetchOptions.blocksAhead = options.nextBlockPrefetch;
  prefetchOptions.locality = options.nextBlockPrefetchLocality;
  pm.addNestedPass<func::FuncOp>(createDMLPrefetchNextBlock(prefetchOptions));
  DMLApproximateMathOptions mathOptions;
  mathOptions.fastExp = options.fastExp;
  // 512-bit vectors are chosen for AVX-512 targets only (VectorWidth.cpp).
  mathOptions.scaleByLdexp = options.vectorBits >= 512;
  mathOptions.x86Scalef = options.x86Scalef;
  mathOptions.tableExp = options.x86TableExp;
  mathOptions.summedExp = options.summedExp;
  pm.addNestedPass<func::FuncOp>(createDMLApproximateMath(mathOptions));
  addPipeline(pm, "canonicalize,cse");
  // After all code generation: whatever buffers remain become views of the
  // workspace argument.
  if (options.workspace)
    pm.addPass(createDMLAssignWorkspace());
}

void mlir::dml::buildDMLLowerToLLVMPipeline(OpPassManager &pm,
                                            const CPUPipelineOptions &options) {
  pm.addPass(createDMLExposeCInterface());
  if (options.threads != 1) {
    // Loops without reductions: parallel regions without worksharing calls
    // (no allocation per call); the others through upstream's omp.wsloop.
    DMLParallelToOpenMPOptions openMPOptions;
    openMPOptions.numThreads = options.threads;
    openMPOptions.claimsPerThread = options.claimsPerThread;
    openMPOptions.homeRanges = options.homeRanges;
    pm.addPass(createDMLParallelToOpenMP(openMPOptions));
    addPipeline(pm, "convert-scf-to-openmp{num-threads=" +
                        std::to_string(options.threads) + "},canonicalize");
  }
  addPipeline(pm, "convert-linalg-to-loops,"
                  "func.func(lower-vector-multi-reduction,"
                  "convert-vector-to-scf{full-unroll}),"
                  "lower-affine,convert-scf-to-cf,canonicalize,"
                  "convert-vector-to-llvm{reassociate-fp-reductions},"
                  "expand-strided-metadata,lower-affine,"
                  "finalize-memref-to-llvm,convert-math-to-llvm,"
                  "convert-math-to-libm,convert-arith-to-llvm,"
                  "convert-index-to-llvm,convert-ub-to-llvm,"
                  "convert-func-to-llvm,convert-cf-to-llvm,"
                  "convert-openmp-to-llvm,"
                  "reconcile-unrealized-casts,canonicalize");
  if (options.sanitizeAddress)
    pm.addPass(createDMLMarkSanitizeAddress());
}

void mlir::dml::buildDMLCPUPipeline(OpPassManager &pm,
                                    const CPUPipelineOptions &options) {
  buildDMLToLinalgPipeline(pm, options);
  buildDMLBufferizePipeline(pm, options);
  buildDMLCodegenPipeline(pm, options);
  buildDMLLowerToLLVMPipeline(pm, options);
}

void mlir::dml::registerDMLPipelines() {
  auto add = [](StringRef name, StringRef description,
                void (*build)(OpPassManager &, const CPUPipelineOptions &)) {
    registerValidatedPipeline<CPUPipelineOptions>(name, description, build,
                                                  validateCPUPipelineOptions);
  };
  add("dml-cpu-pipeline", "Lower dml to the LLVM dialect for the CPU",
      buildDMLCPUPipeline);
  add("dml-to-linalg", "Stage 1 of dml-cpu-pipeline: dml to linalg",
      buildDMLToLinalgPipeline);
  add("dml-fuse", "The fusion stage of dml-to-linalg, on linalg tensors",
      buildDMLFusionPipeline);
  add("dml-bufferize", "Stage 2 of dml-cpu-pipeline: bufferize",
      buildDMLBufferizePipeline);
  add("dml-codegen", "Stage 3 of dml-cpu-pipeline: loops over vectors",
      buildDMLCodegenPipeline);
  add("dml-lower-to-llvm", "Stage 4 of dml-cpu-pipeline: to the LLVM dialect",
      buildDMLLowerToLLVMPipeline);
}

void mlir::dml::registerDMLPassesAndPipelines() {
  registerDMLConversionPasses();
  registerDMLFusionPasses();
  registerDMLCodegenPasses();
  registerDMLTransformsPasses();
  registerDMLPipelines();
  registerDMLGPUPipelines();
}
