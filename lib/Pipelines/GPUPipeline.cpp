//===- GPUPipeline.cpp - dml-gpu-pipeline ---------------------------------===//
//
// dml -> linalg (stage 1 of the CPU pipeline) -> bufferized linalg (stage 2)
// -> one parallel loop per linalg op -> one gpu.launch per loop (upstream
// tiling and mapping) -> NVVM -> PTX embedded in the host code, which calls
// the mgpu* runtime functions (lib/Runtime/CudaRuntime.c).
//
//===----------------------------------------------------------------------===//

#include "../Codegen/GPU/SelectTopK.h"
#include "GPUBlockReductions.h"
#include "GPUVectorStores.h"
#include "dml/Fusion/Passes.h"
#include "dml/Pipelines/Pipelines.h"
#include "dml/Transforms/OptionRange.h"
#include "dml/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/GPU/Utils/GPUUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/ErrorHandling.h"

using namespace mlir;
using namespace mlir::dml;

static void addGPUPipeline(OpPassManager &pm, const Twine &pipeline) {
  if (failed(parsePassPipeline(pipeline.str(), pm, llvm::errs())))
    llvm::report_fatal_error("dml: invalid built-in GPU pass pipeline");
}

/// True for ops directly in a function body (host code), not inside a loop
/// that becomes a kernel.
static bool isHostLevel(Operation *op) {
  return isa<func::FuncOp>(op->getParentOp());
}

namespace {
/// On tensors, before bufferization: a reduction over the contiguous
/// (innermost) dimension of its input is split into `ratio` interleaved
/// partial reductions (upstream linalg::splitReduction, inner dimension
/// parallel: element r * ratio + p goes to partial p), so that neighbouring
/// threads read neighbouring addresses and there are `ratio` times more
/// threads; then every linalg.generic puts its parallel dimensions first, so
/// that convert-linalg-to-parallel-loops makes the parallel loop outermost
/// (a kernel) and the reduction a loop inside each thread.
struct DMLGPUShapeReductionsPass
    : public PassWrapper<DMLGPUShapeReductionsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DMLGPUShapeReductionsPass)
  DMLGPUShapeReductionsPass() = default;
  DMLGPUShapeReductionsPass(int64_t ratio, bool leaveBlockReductions)
      : ratio(ratio), leaveBlockReductions(leaveBlockReductions) {}
  StringRef getArgument() const override { return "dml-gpu-shape-reductions"; }
  StringRef getDescription() const override {
    return "Split contiguous reductions and put parallel loops outermost";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<linalg::LinalgDialect, tensor::TensorDialect>();
  }

  /// Whether to split `op`: one reduction dimension of at least 64 elements
  /// per partial, no linalg.index. `innerParallel` says whether that
  /// dimension is the contiguous one of the first input (then partial p
  /// takes elements r * ratio + p; otherwise the rows p * size / ratio + r,
  /// and the contiguous parallel dimension keeps the accesses coalesced).
  bool shouldSplit(linalg::GenericOp op, bool &innerParallel) const {
    if ((leaveBlockReductions && isGPUBlockReduction(op)) ||
        op.getNumReductionLoops() != 1 || op.hasIndexSemantics() ||
        op.getNumDpsInits() != 1 || op.getNumDpsInputs() < 1)
      return false;
    SmallVector<unsigned> reductions;
    op.getReductionDims(reductions);
    AffineMap inputMap = op.getMatchingIndexingMap(op.getDpsInputOperand(0));
    innerParallel = inputMap.getNumResults() != 0 &&
                    inputMap.getResults().back() ==
                        getAffineDimExpr(reductions[0], op.getContext());
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    int64_t size = ranges[reductions[0]];
    return !ShapedType::isDynamic(size) && size % ratio == 0 &&
           size / ratio >= 64;
  }

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    SmallVector<linalg::GenericOp> generics;
    getOperation().walk([&](linalg::GenericOp op) { generics.push_back(op); });
    for (linalg::GenericOp op : generics) {
      bool innerParallel = false;
      if (!shouldSplit(op, innerParallel))
        continue;
      auto control = [&](linalg::LinalgOp) {
        linalg::SplitReductionOptions options;
        options.ratio = ratio;
        // The partials of one output are adjacent when they are the fast
        // threads (contiguous input), else one partial plane per p.
        options.index =
            innerParallel
                ? cast<ShapedType>(op.getDpsInits()[0].getType()).getRank()
                : 0;
        options.innerParallel = innerParallel;
        return options;
      };
      rewriter.setInsertionPoint(op);
      // Ops without a recognised combiner stay as they are.
      (void)linalg::splitReduction(rewriter, op, control);
    }
    generics.clear();
    getOperation().walk([&](linalg::GenericOp op) { generics.push_back(op); });
    for (linalg::GenericOp op : generics) {
      SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
      SmallVector<unsigned> order;
      for (unsigned dim = 0; dim < iterators.size(); ++dim)
        if (iterators[dim] == utils::IteratorType::parallel)
          order.push_back(dim);
      for (unsigned dim = 0; dim < iterators.size(); ++dim)
        if (iterators[dim] != utils::IteratorType::parallel)
          order.push_back(dim);
      if (llvm::equal(order, llvm::seq<unsigned>(0, iterators.size())))
        continue;
      rewriter.setInsertionPoint(op);
      if (failed(linalg::interchangeGenericOp(rewriter, op, order)))
        return signalPassFailure();
    }
  }

  int64_t ratio = 32;
  /// dml-gpu-block-reductions lowers these later: no split.
  bool leaveBlockReductions = false;
};

/// Before the loops are formed: the stages before this one leave no top_k
/// for the GPU (rejected), and host-level copies between buffers become
/// linalg copies, so that they run as kernels on device memory.
struct DMLGPUPrepareBuffersPass
    : public PassWrapper<DMLGPUPrepareBuffersPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DMLGPUPrepareBuffersPass)
  StringRef getArgument() const override { return "dml-gpu-prepare-buffers"; }
  StringRef getDescription() const override {
    return "Turn buffer copies into linalg copies for the GPU";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<linalg::LinalgDialect>();
  }
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation().walk([&](memref::CopyOp copy) { copies.push_back(copy); });
    for (memref::CopyOp copy : copies) {
      OpBuilder builder(copy);
      linalg::makeMemRefCopyOp(builder, copy.getLoc(), copy.getSource(),
                               copy.getTarget());
      copy.erase();
    }
  }
};

/// Host-level ops that only set up buffers and sizes; everything else
/// touches buffer contents and must run on the device.
static bool isHostBookkeeping(Operation *op) {
  return isa<memref::AllocOp, memref::DeallocOp, memref::ExpandShapeOp,
             memref::CollapseShapeOp, memref::SubViewOp, memref::CastOp,
             memref::ReinterpretCastOp, scf::ParallelOp, gpu::LaunchOp,
             func::ReturnOp>(op) ||
         op->hasTrait<OpTrait::ConstantLike>();
}

/// Wraps each run of consecutive serial host-level ops (a reduction over
/// all axes lowers to a plain scf.for, a rank-0 copy to load/store) in a
/// one-iteration scf.parallel: one GPU thread runs it.
static LogicalResult wrapSerialCode(func::FuncOp function) {
  if (function.isExternal())
    return success();
  SmallVector<SmallVector<Operation *>> runs(1);
  for (Operation &op : function.getBody().front()) {
    if (isHostBookkeeping(&op)) {
      if (!runs.back().empty())
        runs.emplace_back();
      continue;
    }
    runs.back().push_back(&op);
  }
  for (SmallVector<Operation *> &run : runs) {
    if (run.empty())
      continue;
    llvm::SmallPtrSet<Operation *, 8> inRun(run.begin(), run.end());
    for (Operation *op : run)
      for (Operation *user : op->getUsers()) {
        Operation *top = user;
        while (top->getParentOp() != function.getOperation())
          top = top->getParentOp();
        if (!inRun.contains(top))
          return op->emitError("dml-gpu-pipeline: serial host code whose "
                               "result is used outside it cannot be mapped "
                               "to the GPU");
      }
    OpBuilder builder(run.front());
    Location loc = run.front()->getLoc();
    Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
    Value one = arith::ConstantIndexOp::create(builder, loc, 1);
    auto loop = scf::ParallelOp::create(builder, loc, ValueRange{zero},
                                        ValueRange{one}, ValueRange{one});
    Operation *terminator = loop.getBody()->getTerminator();
    for (Operation *op : run)
      op->moveBefore(terminator);
  }
  return success();
}

/// Each host-level scf.parallel becomes one-dimensional (so that the tiling
/// below yields one kernel of 1-D blocks whatever the rank), and host-level
/// loads of device buffers (scalar operands such as one_hot's values) move
/// into the loops that use them.
struct DMLGPUCollapseLoopsPass
    : public PassWrapper<DMLGPUCollapseLoopsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DMLGPUCollapseLoopsPass)
  StringRef getArgument() const override { return "dml-gpu-collapse-loops"; }
  StringRef getDescription() const override {
    return "Collapse host-level parallel loops to one dimension and sink "
           "host loads into them";
  }
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Sink loads first: a clone per user loop.
    SmallVector<memref::LoadOp> loads;
    module.walk([&](memref::LoadOp load) {
      if (isHostLevel(load))
        loads.push_back(load);
    });
    for (memref::LoadOp load : loads) {
      llvm::SetVector<scf::ParallelOp> users;
      for (Operation *user : load->getUsers()) {
        Operation *loop = user;
        while (loop && !(isa<scf::ParallelOp>(loop) && isHostLevel(loop)))
          loop = loop->getParentOp();
        if (!loop)
          break;
        users.insert(cast<scf::ParallelOp>(loop));
      }
      if (users.empty() || llvm::any_of(load->getUsers(), [](Operation *user) {
            Operation *loop = user;
            while (loop && !(isa<scf::ParallelOp>(loop) && isHostLevel(loop)))
              loop = loop->getParentOp();
            return loop == nullptr;
          }))
        continue; // serial host code: wrapped below
      for (scf::ParallelOp loop : users) {
        OpBuilder builder = OpBuilder::atBlockBegin(loop.getBody());
        Operation *clone = builder.clone(*load);
        load->getResult(0).replaceUsesWithIf(
            clone->getResult(0),
            [&](OpOperand &use) { return loop->isAncestor(use.getOwner()); });
      }
      load.erase();
    }
    for (auto function : module.getOps<func::FuncOp>())
      if (failed(wrapSerialCode(function)))
        return signalPassFailure();
    SmallVector<scf::ParallelOp> loops;
    module.walk([&](scf::ParallelOp loop) {
      if (isHostLevel(loop) && loop.getNumLoops() > 1)
        loops.push_back(loop);
    });
    IRRewriter rewriter(&getContext());
    for (scf::ParallelOp loop : loops) {
      std::vector<unsigned> all;
      for (unsigned dim = 0; dim < loop.getNumLoops(); ++dim)
        all.push_back(dim);
      rewriter.setInsertionPoint(loop);
      collapseParallelLoops(rewriter, loop, {all});
    }
  }
};

/// After the kernels are formed: host-level buffers live on the device
/// (gpu.alloc / gpu.dealloc), and no host code touches buffer contents.
struct DMLGPUDeviceBuffersPass
    : public PassWrapper<DMLGPUDeviceBuffersPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DMLGPUDeviceBuffersPass)
  StringRef getArgument() const override { return "dml-gpu-device-buffers"; }
  StringRef getDescription() const override {
    return "Allocate host-level buffers on the device and check that the host "
           "code does not access buffer contents";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<gpu::GPUDialect>();
  }
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<Operation *> allocations;
    bool failedCheck = false;
    module.walk([&](Operation *op) {
      if (op->getParentOfType<gpu::LaunchOp>() ||
          op->getParentOfType<gpu::GPUModuleOp>())
        return;
      if (isa<memref::AllocOp, memref::DeallocOp>(op)) {
        allocations.push_back(op);
        return;
      }
      if (isa<memref::LoadOp, memref::StoreOp, memref::AllocaOp,
              memref::CopyOp>(op) ||
          isa<linalg::LinalgDialect>(op->getDialect()) ||
          op->getDialect()->getNamespace() == "vector" ||
          op->getDialect()->getNamespace() == "dml") {
        op->emitError("dml-gpu-pipeline: this operation was not mapped to "
                      "the GPU (unsupported on the GPU target)");
        failedCheck = true;
      }
    });
    if (failedCheck)
      return signalPassFailure();
    // gpu-to-llvm lowers only asynchronous gpu.alloc/dealloc: each gets a
    // stream of its own (the caller's stream at run time, see the runtime).
    auto tokenType = gpu::AsyncTokenType::get(&getContext());
    for (Operation *op : allocations) {
      OpBuilder builder(op);
      Location loc = op->getLoc();
      Value start = gpu::WaitOp::create(builder, loc, tokenType, ValueRange())
                        .getAsyncToken();
      Value done;
      if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        auto device = gpu::AllocOp::create(
            builder, loc, alloc.getType(), tokenType, ValueRange{start},
            alloc.getDynamicSizes(), alloc.getSymbolOperands(),
            /*hostShared=*/false);
        alloc.replaceAllUsesWith(device.getMemref());
        done = device.getAsyncToken();
      } else {
        auto dealloc = cast<memref::DeallocOp>(op);
        done = gpu::DeallocOp::create(builder, loc, tokenType,
                                      ValueRange{start}, dealloc.getMemref())
                   .getAsyncToken();
      }
      gpu::WaitOp::create(builder, loc, Type(), ValueRange{done});
      op->erase();
    }
  }
};

/// The PTX instruction of `op` for its element type, or empty.
static std::string getPTXInstruction(Operation *op, Type type) {
  std::string suffix = type.isF32() ? "f32" : type.isF64() ? "f64" : "";
  if (suffix.empty())
    return "";
  if (isa<math::FmaOp>(op))
    return "fma.rn." + suffix + " $0, $1, $2, $3;";
  if (isa<math::FloorOp>(op))
    return "cvt.rmi." + suffix + "." + suffix + " $0, $1;";
  if (isa<math::AbsFOp>(op))
    return "abs." + suffix + " $0, $1;";
  if (isa<math::SqrtOp>(op))
    return "sqrt.rn." + suffix + " $0, $1;";
  return "";
}

/// math.fma/floor/absf/sqrt on f32/f64 as inline PTX: convert-gpu-to-nvvm
/// would call libdevice (__nv_fmaf, ...), which nothing links here, and
/// marks the LLVM intrinsics illegal. f16 goes through f32.
static void lowerMathToInlinePTX(Operation *root) {
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (isa<math::FmaOp, math::FloorOp, math::AbsFOp, math::SqrtOp>(op) &&
        op->getParentOfType<gpu::LaunchOp>())
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    Type type = op->getResult(0).getType();
    OpBuilder builder(op);
    Location loc = op->getLoc();
    SmallVector<Value> operands(op->getOperands());
    Type computeType = type;
    if (type.isF16() || type.isBF16()) {
      computeType = builder.getF32Type();
      for (Value &operand : operands)
        operand = arith::ExtFOp::create(builder, loc, computeType, operand);
    }
    std::string instruction = getPTXInstruction(op, computeType);
    if (instruction.empty())
      continue; // vectors do not occur: kernels are scalar
    std::string constraint = computeType.isF32() ? "f" : "d";
    std::string constraints = "=" + constraint;
    for (size_t i = 0; i < operands.size(); ++i)
      constraints += "," + constraint;
    Value result =
        LLVM::InlineAsmOp::create(
            builder, loc, computeType, operands, instruction, constraints,
            /*has_side_effects=*/false,
            /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
            LLVM::AsmDialectAttr(), ArrayAttr())
            .getResult(0);
    if (computeType != type)
      result = arith::TruncFOp::create(builder, loc, type, result);
    op->getResult(0).replaceAllUsesWith(result);
    op->erase();
  }
}

/// The f32 exps marked kSumOfExpAttr in kernels as 2^(x log2 e) on the
/// special function unit (ex2.approx.ftz.f32: relative error ~2^-22, one
/// instruction instead of a ~20-instruction polynomial, which made
/// log_sum_exp's kernel compute-bound). Their arguments are x - max <= 0
/// and each term is added to a sum of at least 1: the rounding of x log2 e
/// (|t| 2^-24 relative on a term e^t) and terms flushed below 2^-126 stay
/// far below the sum's own rounding. ex2(-inf) = +0, ex2(NaN) = NaN.
static void lowerSumOfExpToEx2(Operation *root) {
  SmallVector<math::ExpOp> exps;
  root->walk([&](math::ExpOp exp) {
    if (exp->hasAttr(kSumOfExpAttr) && exp.getType().isF32() &&
        exp->getParentOfType<gpu::LaunchOp>())
      exps.push_back(exp);
  });
  for (math::ExpOp exp : exps) {
    OpBuilder builder(exp);
    Location loc = exp.getLoc();
    Value log2e = arith::ConstantOp::create(
        builder, loc, builder.getF32FloatAttr(1.4426950408889634f));
    Value scaled = arith::MulFOp::create(builder, loc, exp.getOperand(), log2e);
    Value result =
        LLVM::InlineAsmOp::create(
            builder, loc, builder.getF32Type(), ValueRange{scaled},
            "ex2.approx.ftz.f32 $0, $1;", "=f,f",
            /*has_side_effects=*/false,
            /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
            LLVM::AsmDialectAttr(), ArrayAttr())
            .getResult(0);
    exp.replaceAllUsesWith(result);
    exp.erase();
  }
}

/// Kernels get polynomial exp/log and inline PTX for the rest of math (no
/// libdevice is linked: the PTX must not call __nv_* functions).
struct DMLGPUApproximateMathPass
    : public PassWrapper<DMLGPUApproximateMathPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DMLGPUApproximateMathPass)
  DMLGPUApproximateMathPass() = default;
  DMLGPUApproximateMathPass(const DMLGPUApproximateMathPass &other)
      : PassWrapper(other) {}
  explicit DMLGPUApproximateMathPass(bool sumOfExpEx2) {
    this->sumOfExpEx2 = sumOfExpEx2;
  }
  StringRef getArgument() const override { return "dml-gpu-approximate-math"; }
  StringRef getDescription() const override {
    return "Polynomial exp and log, inline PTX for other math in GPU code";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<LLVM::LLVMDialect>();
  }
  void runOnOperation() override {
    if (sumOfExpEx2)
      lowerSumOfExpToEx2(getOperation());
    RewritePatternSet patterns(&getContext());
    populateMathPolynomialApproximationPatterns(patterns, [](StringRef name) {
      return name == "math.exp" || name == "math.log";
    });
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    lowerMathToInlinePTX(getOperation());
  }

  Option<bool> sumOfExpEx2{
      *this, "sum-of-exp-ex2",
      llvm::cl::desc("Lower the exps marked dml_gpu_sum_of_exp to "
                     "ex2.approx.ftz.f32"),
      llvm::cl::init(true)};
};

/// gpu-launch-sink-index-computations as a module pass.
struct DMLGPUSinkKernelConstantsPass
    : public PassWrapper<DMLGPUSinkKernelConstantsPass,
                         OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DMLGPUSinkKernelConstantsPass)
  StringRef getArgument() const override {
    return "dml-gpu-sink-kernel-constants";
  }
  StringRef getDescription() const override {
    return "Sink constants and index computations into gpu.launch bodies";
  }
  void runOnOperation() override {
    // The same choice as upstream's pass: what is cheap to recompute.
    auto isSinkingBeneficiary = [](Operation *op) {
      return matchPattern(op, m_Constant()) ||
             isa<memref::DimOp, arith::SelectOp, arith::CmpIOp>(op);
    };
    WalkResult walk = getOperation().walk([&](gpu::LaunchOp launch) {
      return failed(sinkOperationsIntoLaunchOp(launch, isSinkingBeneficiary))
                 ? WalkResult::interrupt()
                 : WalkResult::advance();
    });
    if (walk.wasInterrupted())
      signalPassFailure();
  }
};

/// Gives every workgroup buffer of the outlined kernels an explicit 16-byte
/// alignment. Without one, LLVM assumes a global over 16 bytes is 16-byte
/// aligned (DataLayout::getPreferredAlign) and the load-store vectorizer
/// merges neighbouring shared accesses into v2/v4 ones, while the NVPTX
/// printer declares the buffer with its element's alignment (.align 4): a
/// misaligned shared access at run time. 16 bytes is the widest shared
/// access (v4.b32, v2.b64) the backend forms.
struct DMLGPUAlignWorkgroupBuffersPass
    : public PassWrapper<DMLGPUAlignWorkgroupBuffersPass,
                         OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DMLGPUAlignWorkgroupBuffersPass)
  StringRef getArgument() const override {
    return "dml-gpu-align-workgroup-buffers";
  }
  StringRef getDescription() const override {
    return "Align the outlined kernels' workgroup buffers to 16 bytes";
  }
  void runOnOperation() override {
    constexpr int64_t kWidestSharedAccessBytes = 16;
    StringRef alignName = LLVM::LLVMDialect::getAlignAttrName();
    getOperation().walk([&](gpu::GPUFuncOp kernel) {
      Builder b(kernel.getContext());
      for (unsigned index = 0, e = kernel.getNumWorkgroupAttributions();
           index < e; ++index) {
        auto align = dyn_cast_or_null<IntegerAttr>(
            kernel.getWorkgroupAttributionAttr(index, alignName));
        if (align && align.getInt() >= kWidestSharedAccessBytes)
          continue;
        kernel.setWorkgroupAttributionAttr(
            index, alignName, b.getI64IntegerAttr(kWidestSharedAccessBytes));
      }
    });
  }
};
} // namespace

LogicalResult mlir::dml::validateGPUPipelineOptions(
    const GPUPipelineOptions &options,
    function_ref<void(const Twine &)> emitError, StringRef pipeline) {
  constexpr int64_t kNoMax = INT64_MAX;
  // CUDA's limit of threads per block.
  constexpr int64_t kMaxBlockThreads = 1024;
  return checkOptionRanges(
      emitError, pipeline,
      {{options.blockSize, {1, kMaxBlockThreads}},
       // 1 splits nothing (linalg::splitReduction needs a ratio above 1);
       // 0 divided by zero. Beyond 1024 partials nothing was ever tried.
       {options.splitRatio, {1, 1024, "1: none"}},
       {options.unroll, {1, 64, "1: none"}},
       {options.vectorStoreMinElements, {0, kNoMax}},
       // A block writes vector-store-groups x 256 16-byte groups.
       {options.vectorStoreGroups, {1, 64}},
       // Blocks of lane-column-threads x (1024 / lane-column-threads).
       {options.laneColumnThreads, {1, 32, "", true}},
       // Row blocks combine whole warps.
       {options.rowThreads, {32, kMaxBlockThreads, "", true}},
       {options.minReduced, {1, kNoMax}}});
}

void mlir::dml::buildDMLGPUMapPipeline(OpPassManager &pm,
                                       const GPUPipelineOptions &options) {
  // top_k: its own block-per-sequence kernel (lib/Codegen/GPU/SelectTopK.cpp).
  pm.addPass(createDMLGPUSelectTopKPass());
  if (options.blockReductions)
    addGPUPipeline(
        pm, std::string("dml-gpu-block-reductions{shuffles=") +
                (options.shuffles ? "true" : "false") +
                " unroll=" + std::to_string(options.unroll) +
                " vector-loads=" + (options.vectorLoads ? "true" : "false") +
                " min-reduced=" + std::to_string(options.minReduced) +
                " row-threads=" + std::to_string(options.rowThreads) +
                " lane-column-threads=" +
                std::to_string(options.laneColumnThreads) + "}");
  if (options.vectorStores)
    addGPUPipeline(
        pm, "dml-gpu-vector-stores{min-elements=" +
                std::to_string(options.vectorStoreMinElements) + " groups=" +
                std::to_string(options.vectorStoreGroups) + " row-gathers=" +
                (options.vectorStoreRowGathers ? "true" : "false") +
                " scattered-gathers=" +
                (options.vectorStoreScatteredGathers ? "true" : "false") + "}");
  pm.addPass(std::make_unique<DMLGPUPrepareBuffersPass>());
  addGPUPipeline(pm, "func.func(convert-linalg-to-parallel-loops),"
                     "canonicalize");
  pm.addPass(std::make_unique<DMLGPUCollapseLoopsPass>());
  addGPUPipeline(pm, "func.func(scf-parallel-loop-tiling{"
                     "parallel-loop-tile-sizes=" +
                         std::to_string(options.blockSize) +
                         " no-min-max-bounds=true},gpu-map-parallel-loops,"
                         "convert-parallel-loops-to-gpu),canonicalize,cse,"
                         // Constants (loop bounds, strides) into the kernels,
                         // not kernel parameters: loops get known trip counts.
                         "gpu-launch-sink-index-computations");
  pm.addPass(std::make_unique<DMLGPUDeviceBuffersPass>());
  pm.addPass(std::make_unique<DMLGPUApproximateMathPass>(options.sumOfExpEx2));
  // The greedy rewrite above hoists the kernels' constants back into the
  // host function (kernel parameters again: 64-bit div/rem by a parameter
  // in PTX instead of a multiply by a known constant); sink them again.
  pm.addPass(std::make_unique<DMLGPUSinkKernelConstantsPass>());
}

void mlir::dml::buildDMLGPULowerPipeline(OpPassManager &pm,
                                         const GPUPipelineOptions &options) {
  pm.addPass(createDMLExposeCInterface());
  // Outlined here (the pipeline below outlines nothing more) so that the
  // workgroup buffers get their alignment before they become globals.
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(std::make_unique<DMLGPUAlignWorkgroupBuffersPass>());
  addGPUPipeline(
      pm, "gpu-lower-to-nvvm-pipeline{cubin-chip=" + options.chip.getValue() +
              " cubin-features=" + options.features.getValue() +
              " cubin-format=isa opt-level=3},canonicalize");
}

void mlir::dml::buildDMLGPUPipeline(OpPassManager &pm,
                                    const GPUPipelineOptions &options) {
  // Stage 1 without the CPU's row-block fusion (dml-fuse-rows tiles chains
  // of row reductions into an scf.forall for the caches of one core, which
  // the GPU mapping would run in a single thread); producers and siblings
  // are fused as on the CPU.
  CPUPipelineOptions shared;
  shared.fusion = false;
  buildDMLToLinalgPipeline(pm, shared);
  pm.addNestedPass<func::FuncOp>(createDMLFuseElementwise());
  addGPUPipeline(pm, "canonicalize,cse");
  pm.addNestedPass<func::FuncOp>(createDMLFuseSiblings());
  addGPUPipeline(pm, "canonicalize,cse");
  pm.addPass(std::make_unique<DMLGPUShapeReductionsPass>(
      options.splitRatio, options.blockReductions));
  buildDMLBufferizePipeline(pm, shared);
  buildDMLGPUMapPipeline(pm, options);
  buildDMLGPULowerPipeline(pm, options);
}

void mlir::dml::registerDMLGPUPipelines() {
  PassRegistration<DMLGPUShapeReductionsPass>();
  registerDMLGPUBlockReductionsPass();
  registerDMLGPUVectorStoresPass();
  PassRegistration<DMLGPUPrepareBuffersPass>();
  PassRegistration<DMLGPUCollapseLoopsPass>();
  PassRegistration<DMLGPUDeviceBuffersPass>();
  PassRegistration<DMLGPUApproximateMathPass>();
  PassRegistration<DMLGPUSinkKernelConstantsPass>();
  PassRegistration<DMLGPUAlignWorkgroupBuffersPass>();
  registerDMLGPUSelectTopKPass();
  auto add = [](StringRef name, StringRef description,
                void (*build)(OpPassManager &, const GPUPipelineOptions &)) {
    registerValidatedPipeline<GPUPipelineOptions>(name, description, build,
                                                  validateGPUPipelineOptions);
  };
  add("dml-gpu-pipeline",
      "Lower dml to NVVM/PTX kernels and LLVM host code calling mgpu*",
      buildDMLGPUPipeline);
  add("dml-gpu-map",
      "GPU stage 3: bufferized linalg to gpu.launch kernels on device buffers",
      buildDMLGPUMapPipeline);
  add("dml-gpu-lower", "GPU stage 4: kernels to PTX, host code to LLVM",
      buildDMLGPULowerPipeline);
}
