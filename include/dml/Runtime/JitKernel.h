//===- JitKernel.h - JIT-compiled dml functions -----------------*- C++ -*-===//
//
// Compiles one function of a module holding dml ops with the CPU pipeline
// (Pipelines.h) to an object file for the host CPU with all its features,
// links it into the process with ORC's JITLink (from the KernelCache when it
// holds the object), and calls it on HostTensors through the C interface
// `_mlir_ciface_<name>(in0, ..., out0, ...)` (memref descriptors).
//
//===----------------------------------------------------------------------===//

#ifndef DML_RUNTIME_JITKERNEL_H
#define DML_RUNTIME_JITKERNEL_H

#include "dml/Runtime/HostTensor.h"
#include "dml/Runtime/WorkspacePool.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
class OpPassManager;
class Type;
namespace func {
class FuncOp;
} // namespace func
} // namespace mlir

namespace mlir::dml {

class KernelCache;
struct KernelCacheEntry;
struct LoadedObject;

/// Data type and static shape of one argument or result.
struct TensorSignature {
  DataType dataType;
  llvm::SmallVector<int64_t, 4> shape;
  /// An input's `dml.strides` (elements); empty: packed.
  llvm::SmallVector<int64_t, 4> strides;

  /// "tensor<2x3xf32>".
  std::string str() const;
  bool operator==(const TensorSignature &other) const {
    return dataType == other.dataType && shape == other.shape;
  }
};

/// The tensor signature of a function.
struct FunctionSignature {
  std::string name;
  llvm::SmallVector<TensorSignature> inputs;
  llvm::SmallVector<TensorSignature> results;

  /// Checks that `tensor` matches input `index` (or result `index` when
  /// `isResult`); the error names the argument, the expected and the actual
  /// data type or shape, and `origin` (e.g. the file) when given.
  llvm::Error check(const HostTensor &tensor, unsigned index,
                    bool isResult = false, llvm::StringRef origin = "") const;
  /// Checks counts, data types and shapes of all inputs and outputs.
  llvm::Error check(llvm::ArrayRef<const HostTensor *> inputs,
                    llvm::ArrayRef<const HostTensor *> outputs) const;
  /// Allocates zero-filled tensors for the results.
  llvm::Expected<llvm::SmallVector<HostTensor>> allocateResults() const;
};

/// The signature of a tensor type: a ranked, statically shaped tensor of a
/// DirectML data type; an error otherwise (naming `what`).
llvm::Expected<TensorSignature> getTensorSignature(Type type,
                                                   llvm::StringRef what);

/// Registers the native target, the upstream passes and the dml passes and
/// pipelines, once per process (JitKernel::compile calls it; AOT compilation
/// needs it too).
void initializeCompilerOnce();

/// Looks up the public `func.func` `name` in `module` and records its
/// signature. Errors name the function (and list the available ones when it
/// does not exist).
llvm::Expected<FunctionSignature> getFunctionSignature(ModuleOp module,
                                                       llvm::StringRef name);

struct JitKernelOptions {
  /// Print the IR after every pass of the pipeline to `irStream`.
  bool printIRAfterAll = false;
  llvm::raw_ostream *irStream = nullptr; ///< Defaults to llvm::errs().
  /// Options of buildDMLCPUPipeline in pass-pipeline syntax, e.g.
  /// "vectorize=false" (see CPUPipelineOptions); empty for the defaults.
  std::string pipelineOptions;
  /// LLVM optimization level (0..3): 0 skips the IR cleanups of the JIT
  /// (SROA, EarlyCSE, InstCombine, LICM, SimplifyCFG; not LLVM's -O3 module
  /// pipeline, which the vectorized code does not need); code generation
  /// runs at this level (CodeGenOptLevel::Aggressive for 3).
  unsigned optLevel = 3;
  /// Threads the kernel may use (stored; parallel execution comes later).
  unsigned numThreads = 1;
  /// Lower and compile only the function and what it references (other
  /// functions of the module are dropped from the compiled copy).
  bool pruneUnusedFunctions = true;
  /// Keep the compiled object so that dumpObjectFile() can write it.
  bool enableObjectDump = false;
  /// Persistent cache of object code (KernelCache.h); null: always compile.
  /// Not used with printIRAfterAll or a pipelineBuilder.
  KernelCache *cache = nullptr;
  /// With `cache`: a key from getRawCacheKey to record as an alias of the
  /// entry found or stored, so that the next process finds it without
  /// parsing (empty: none).
  std::string cacheAlias;
  /// Replaces buildDMLCPUPipeline when set (tests of the runner itself).
  std::function<void(OpPassManager &)> pipelineBuilder;
  /// Shared libraries to make available to the JIT-compiled code; by default
  /// MLIR's C runner utilities (memrefCopy, ...) if present.
  std::vector<std::string> sharedLibraries = getDefaultSharedLibraries();

  static std::vector<std::string> getDefaultSharedLibraries();
};

/// Compile-time breakdown in milliseconds.
struct CompileTimes {
  double pipelineMs = 0; ///< MLIR pass pipeline down to the LLVM dialect.
  double jitMs = 0;      ///< Translation, LLVM -O3 and code generation
                         ///< (or, when cached, the cache lookup and load).
  bool cached = false;   ///< The object code came from the KernelCache.
  double totalMs() const { return pipelineMs + jitMs; }
};

/// Descriptors for one set of inputs and outputs, validated once, for
/// repeated calls (benchmark loops), with a workspace of its own allocated
/// once: run() allocates nothing. Must not outlive the kernel or the
/// tensors, nor run on two threads at once (they would share the
/// workspace).
class PreparedCall {
public:
  PreparedCall() = default;
  PreparedCall(PreparedCall &&) = default;
  PreparedCall &operator=(PreparedCall &&) = default;
  PreparedCall(const PreparedCall &) = delete;
  PreparedCall &operator=(const PreparedCall &) = delete;

  /// Calls the kernel.
  void run() const;

private:
  friend class JitKernel;
  void (*function)(void **) = nullptr;
  /// One descriptor per argument: allocated and aligned pointers, offset,
  /// sizes and strides, as 8-byte words.
  std::vector<llvm::SmallVector<int64_t, 19>> descriptors;
  std::vector<void *> descriptorPointers;
  mutable std::vector<void *> arguments;
  WorkspaceMemory workspace;
};

class JitKernel {
public:
  /// Compiles function `name` of `module`. The module is cloned; the caller's
  /// module is left untouched. Pipeline diagnostics go to the context's
  /// diagnostic handler. The LLVM IR translations are registered in the
  /// module's context; on first use, the native target, all upstream passes
  /// and the dml passes are registered once per process.
  static llvm::Expected<std::unique_ptr<JitKernel>>
  compile(ModuleOp module, llvm::StringRef name,
          const JitKernelOptions &options = {});

  /// The key of an input as given (`source`: MLIR text or a printed graph,
  /// with a prefix that says which) and the function name as requested,
  /// with the same option, host and compiler parts as the key of the
  /// entry that compile() looks up: cheap to compute (no MLIRContext, no
  /// parse, no target initialization), for KernelCache::lookupAlias.
  static std::string getRawCacheKey(llvm::StringRef source,
                                    llvm::StringRef function,
                                    const JitKernelOptions &options);

  /// A kernel from a cache entry: links its object, takes the signature and
  /// workspace size from it; runs no pipeline and needs no MLIRContext.
  static llvm::Expected<std::unique_ptr<JitKernel>>
  load(const KernelCacheEntry &entry, const JitKernelOptions &options);

  ~JitKernel();

  const FunctionSignature &getSignature() const { return signature; }
  llvm::StringRef getName() const { return signature.name; }
  const CompileTimes &getCompileTimes() const { return compileTimes; }
  /// The host CPU name and the target features the code was compiled for.
  llvm::StringRef getTargetCPU() const { return targetCPU; }
  llvm::StringRef getTargetFeatures() const { return targetFeatures; }
  unsigned getNumThreads() const { return numThreads; }
  /// Bytes of the workspace one call needs (`dml.workspace_bytes`; 0: none).
  uint64_t getWorkspaceBytes() const { return workspaceBytes; }

  /// Writes the compiled object file (needs `enableObjectDump`).
  llvm::Error dumpObjectFile(llvm::StringRef path) const;

  /// Checks the tensors against the signature and builds the descriptors.
  llvm::Expected<PreparedCall>
  prepare(llvm::ArrayRef<const HostTensor *> inputs,
          llvm::ArrayRef<HostTensor *> outputs) const;

  /// Calls the function: checks counts, data types and shapes, then runs.
  llvm::Error invoke(llvm::ArrayRef<const HostTensor *> inputs,
                     llvm::ArrayRef<HostTensor *> outputs) const;

  /// Calls the C interface with one memref descriptor pointer per argument
  /// and result, unchecked: for callers that build the descriptors (e.g. of
  /// strided inputs) themselves. `workspace` must hold getWorkspaceBytes()
  /// bytes, 64-byte aligned, and serve one call at a time; when null, the
  /// call takes one from the kernel's pool (allocated on first need, then
  /// reused). Fails only when a new workspace cannot be allocated. Safe to
  /// call from several threads.
  llvm::Error invokeWithDescriptors(llvm::ArrayRef<void *> descriptors,
                                    void *workspace = nullptr) const;

private:
  JitKernel() = default;
  /// Links `object`, whose function takes a workspace of `workspaceBytes`
  /// bytes (0: none) as its last argument, and finds its entry point.
  llvm::Error loadCode(llvm::StringRef object, uint64_t workspaceBytes,
                       const JitKernelOptions &options);

  FunctionSignature signature;
  CompileTimes compileTimes;
  std::string targetCPU;
  std::string targetFeatures;
  unsigned numThreads = 1;
  /// Some argument has `dml.strides`: prepare() and invoke(), which pass
  /// packed tensors, refuse to call it.
  bool hasStridedInputs = false;
  std::unique_ptr<LoadedObject> code;
  /// The object file, kept with enableObjectDump.
  std::string object;
  void (*function)(void **) = nullptr;
  uint64_t workspaceBytes = 0;
  /// Workspaces for calls that bring none.
  std::unique_ptr<WorkspacePool> workspaces;
};

} // namespace mlir::dml

#endif // DML_RUNTIME_JITKERNEL_H
