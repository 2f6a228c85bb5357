//===- Compiler.cpp - DML-MLIR embedding API: JIT compiler and cache ------===//

#include "dml/Compiler/Compiler.h"

#include "Internal.h"

#include "dml/Runtime/JitKernel.h"
#include "dml/Runtime/KernelCache.h"
#include "mlir/IR/SymbolTable.h"

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <map>
#include <mutex>
#include <set>
#include <thread>

using namespace dml;

std::string CompileOptions::str() const {
  return "opt-level=" + std::to_string(optLevel) +
         " threads=" + std::to_string(threads) + " " +
         getPipelineOptions(vectorize, vectorBits);
}

//===----------------------------------------------------------------------===//
// Kernel
//===----------------------------------------------------------------------===//

/// Set by an exit handler registered after every JIT compilation: from then
/// on kernels leak their ExecutionEngine instead of destroying it. Destroying
/// an engine runs its JIT deinitializers, which compiles code with LLVM
/// objects (function-local statics created during the first compilation)
/// that the exit handlers may already have destroyed when the kernel belongs
/// to an object created before them, such as a static Compiler.
static std::atomic<bool> processExiting{false};

static void registerExitHandler() {
  std::atexit([] { processExiting = true; });
}

struct Kernel::Impl {
  ~Impl() {
    if (processExiting)
      (void)jit.release();
  }

  std::string name;
  std::vector<TensorDesc> inputs;
  std::vector<TensorDesc> outputs;
  unsigned threads = 1;
  CompileTimes times;
  std::unique_ptr<mlir::dml::JitKernel> jit;
  /// Memref descriptors of every argument, as 8-byte words: allocated and
  /// aligned pointers (filled per call), offset 0, sizes, strides.
  std::vector<int64_t> descriptorWords;
  std::vector<size_t> descriptorOffsets;
};

Kernel::Kernel(std::unique_ptr<Impl> impl) : impl(std::move(impl)) {}
Kernel::~Kernel() = default;
const std::string &Kernel::name() const { return impl->name; }
const std::vector<TensorDesc> &Kernel::inputs() const { return impl->inputs; }
const std::vector<TensorDesc> &Kernel::outputs() const { return impl->outputs; }
unsigned Kernel::threads() const { return impl->threads; }
const CompileTimes &Kernel::compileTimes() const { return impl->times; }

uint64_t Kernel::temporaryBytes() const {
  return impl->jit->getWorkspaceBytes();
}

Status Kernel::run(const std::vector<const void *> &inputs,
                   const std::vector<void *> &outputs) const {
  return run(inputs.data(), inputs.size(), outputs.data(), outputs.size());
}

Status Kernel::run(const std::vector<const void *> &inputs,
                   const std::vector<void *> &outputs, void *workspace,
                   size_t workspaceBytes) const {
  return run(inputs.data(), inputs.size(), outputs.data(), outputs.size(),
             workspace, workspaceBytes);
}

Status Kernel::run(const void *const *inputs, size_t numInputs,
                   void *const *outputs, size_t numOutputs, void *workspace,
                   size_t workspaceBytes) const {
  const Impl &k = *impl;
  if (numInputs != k.inputs.size())
    return Status::error("@" + k.name + " takes " +
                         std::to_string(k.inputs.size()) +
                         " input buffer(s), got " + std::to_string(numInputs));
  if (numOutputs != k.outputs.size())
    return Status::error(
        "@" + k.name + " has " + std::to_string(k.outputs.size()) +
        " output buffer(s), got " + std::to_string(numOutputs));
  if (numInputs && !inputs)
    return Status::error("@" + k.name + ": the input array is null");
  if (numOutputs && !outputs)
    return Status::error("@" + k.name + ": the output array is null");
  for (size_t i = 0; i < numInputs; ++i)
    if (!inputs[i])
      return Status::error("@" + k.name + ": input " + std::to_string(i) +
                           " is a null pointer");
  for (size_t i = 0; i < numOutputs; ++i)
    if (!outputs[i])
      return Status::error("@" + k.name + ": output " + std::to_string(i) +
                           " is a null pointer");
  uint64_t needed = k.jit->getWorkspaceBytes();
  if (workspace && needed) {
    if (workspaceBytes < needed)
      return Status::error("@" + k.name + ": the workspace has " +
                           std::to_string(workspaceBytes) +
                           " bytes, the kernel needs " +
                           std::to_string(needed) + " (temporaryBytes())");
    if (reinterpret_cast<uintptr_t>(workspace) % workspaceAlignment)
      return Status::error("@" + k.name + ": the workspace must be " +
                           std::to_string(workspaceAlignment) +
                           "-byte aligned");
  }
  // Per-call copy of the descriptors, so that calls can run concurrently.
  llvm::SmallVector<int64_t, 128> words(k.descriptorWords.begin(),
                                        k.descriptorWords.end());
  llvm::SmallVector<void *, 16> descriptors;
  for (size_t arg = 0; arg < numInputs + numOutputs; ++arg) {
    const void *data = arg < numInputs ? inputs[arg] : outputs[arg - numInputs];
    int64_t address = static_cast<int64_t>(reinterpret_cast<intptr_t>(data));
    int64_t *descriptor = words.data() + k.descriptorOffsets[arg];
    descriptor[0] = address;
    descriptor[1] = address;
    descriptors.push_back(descriptor);
  }
  return toStatus(k.jit->invokeWithDescriptors(descriptors, workspace));
}

//===----------------------------------------------------------------------===//
// Compiler
//===----------------------------------------------------------------------===//

struct Compiler::Impl {
  /// Null when the on-disk cache is off.
  std::unique_ptr<mlir::dml::KernelCache> diskCache;
  mutable std::mutex mutex;
  /// By canonical key, and by raw key (the input as given).
  std::map<std::string, KernelPtr> cache;
  std::map<std::string, KernelPtr> rawCache;
  CacheStatistics statistics;

  /// The kernel of `rawKey` from memory or through an alias on disk, or
  /// null: no MLIRContext, no parse, no pass pipeline.
  KernelPtr findRaw(const std::string &rawKey,
                    const mlir::dml::JitKernelOptions &jitOptions,
                    const CompileOptions &options,
                    std::chrono::steady_clock::time_point start);

  Expected<KernelPtr>
  compileCanonical(const std::string &canonical, const std::string &function,
                   const CompileOptions &options, const std::string &rawKey,
                   std::chrono::steady_clock::time_point start);

  KernelPtr remember(const std::string &key, const std::string &rawKey,
                     KernelPtr kernel);

  static KernelPtr makeKernel(std::unique_ptr<mlir::dml::JitKernel> jit,
                              std::chrono::steady_clock::time_point start);
};

static double millisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - start)
      .count();
}

static Status checkOptions(const CompileOptions &options) {
  if (options.optLevel > 3)
    return Status::error("optLevel must be 0..3, got " +
                         std::to_string(options.optLevel));
  return Status::success();
}

static mlir::dml::JitKernelOptions
getJitOptions(const CompileOptions &options) {
  mlir::dml::JitKernelOptions jitOptions;
  jitOptions.optLevel = options.optLevel;
  jitOptions.numThreads =
      options.threads ? options.threads
                      : std::max(1u, std::thread::hardware_concurrency());
  jitOptions.pipelineOptions =
      getPipelineOptions(options.vectorize, options.vectorBits);
  return jitOptions;
}

static TensorDesc descOfSignature(const mlir::dml::TensorSignature &signature) {
  std::optional<std::vector<int64_t>> strides;
  if (!signature.strides.empty())
    strides.emplace(signature.strides.begin(), signature.strides.end());
  return TensorDesc(
      fromMlir(signature.dataType),
      std::vector<int64_t>(signature.shape.begin(), signature.shape.end()),
      std::move(strides));
}

/// A Kernel over a JIT-compiled or loaded function; its descriptions come
/// from the JIT's signature (which a cache entry holds too).
KernelPtr
Compiler::Impl::makeKernel(std::unique_ptr<mlir::dml::JitKernel> jit,
                           std::chrono::steady_clock::time_point start) {
  auto impl = std::make_unique<Kernel::Impl>();
  const mlir::dml::FunctionSignature &signature = jit->getSignature();
  impl->name = signature.name;
  for (const mlir::dml::TensorSignature &input : signature.inputs)
    impl->inputs.push_back(descOfSignature(input));
  for (const mlir::dml::TensorSignature &result : signature.results)
    impl->outputs.push_back(descOfSignature(result));
  impl->threads = jit->getNumThreads();
  impl->times.pipelineMs = jit->getCompileTimes().pipelineMs;
  impl->times.codegenMs = jit->getCompileTimes().jitMs;
  impl->times.cached = jit->getCompileTimes().cached;
  impl->jit = std::move(jit);
  auto addDescriptor = [&](const TensorDesc &desc, bool packed) {
    impl->descriptorOffsets.push_back(impl->descriptorWords.size());
    impl->descriptorWords.push_back(0); // allocated
    impl->descriptorWords.push_back(0); // aligned
    impl->descriptorWords.push_back(0); // offset
    for (int64_t size : desc.sizes)
      impl->descriptorWords.push_back(size);
    for (int64_t stride :
         packed ? desc.packedStrides() : desc.effectiveStrides())
      impl->descriptorWords.push_back(stride);
  };
  for (const TensorDesc &desc : impl->inputs)
    addDescriptor(desc, /*packed=*/false);
  for (const TensorDesc &desc : impl->outputs)
    addDescriptor(desc, /*packed=*/true);
  registerExitHandler();
  impl->times.totalMs = millisecondsSince(start);
  return KernelPtr(new Kernel(std::move(impl)));
}

KernelPtr Compiler::Impl::remember(const std::string &key,
                                   const std::string &rawKey,
                                   KernelPtr kernel) {
  std::lock_guard<std::mutex> lock(mutex);
  if (!key.empty())
    kernel = cache.emplace(key, kernel).first->second;
  rawCache.emplace(rawKey, kernel);
  return kernel;
}

KernelPtr Compiler::Impl::findRaw(const std::string &rawKey,
                                  const mlir::dml::JitKernelOptions &jitOptions,
                                  const CompileOptions &options,
                                  std::chrono::steady_clock::time_point start) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto found = rawCache.find(rawKey);
    if (found != rawCache.end()) {
      ++statistics.hits;
      return found->second;
    }
  }
  if (!diskCache || !options.diskCache)
    return nullptr;
  std::optional<mlir::dml::KernelCacheEntry> entry =
      diskCache->lookupAlias(rawKey);
  if (!entry)
    return nullptr;
  llvm::Expected<std::unique_ptr<mlir::dml::JitKernel>> jit =
      mlir::dml::JitKernel::load(*entry, jitOptions);
  // An object that does not link is compiled again, as if it were missing.
  if (!jit) {
    llvm::consumeError(jit.takeError());
    return nullptr;
  }
  {
    std::lock_guard<std::mutex> lock(mutex);
    ++statistics.misses;
  }
  return remember("", rawKey, makeKernel(std::move(*jit), start));
}

Expected<KernelPtr> Compiler::Impl::compileCanonical(
    const std::string &canonical, const std::string &function,
    const CompileOptions &options, const std::string &rawKey,
    std::chrono::steady_clock::time_point start) {
  std::string key = canonical + "\n// function: " + function +
                    "\n// options: " + options.str();
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto found = cache.find(key);
    if (found != cache.end()) {
      ++statistics.hits;
      rawCache.emplace(rawKey, found->second);
      return found->second;
    }
    ++statistics.misses;
  }

  std::unique_ptr<mlir::MLIRContext> context = createContext();
  Expected<mlir::OwningOpRef<mlir::ModuleOp>> module =
      parseModule(canonical, context.get());
  if (!module)
    return module.status();
  auto func = (*module)->lookupSymbol<mlir::func::FuncOp>(function);
  if (!func)
    return Status::error("no function @" + function + " in the module");
  // Checks the argument and result types with the API's messages.
  Expected<FunctionDescs> descs = getFunctionDescs(func);
  if (!descs)
    return descs.status();

  mlir::dml::JitKernelOptions jitOptions = getJitOptions(options);
  if (options.diskCache && diskCache) {
    jitOptions.cache = diskCache.get();
    jitOptions.cacheAlias = rawKey;
  }
  DiagnosticCapture capture(context.get());
  llvm::Expected<std::unique_ptr<mlir::dml::JitKernel>> jit =
      mlir::dml::JitKernel::compile(**module, function, jitOptions);
  if (!jit) {
    std::string message = llvm::toString(jit.takeError());
    std::string diagnostics = capture.allErrors();
    // The diagnostics say what failed; the JIT's own line points at them.
    if (!diagnostics.empty())
      message = "cannot compile @" + function + ": " + diagnostics;
    return Status::error(message);
  }
  return remember(key, rawKey, makeKernel(std::move(*jit), start));
}

Compiler::Compiler(const DiskCacheOptions &diskCache)
    : impl(std::make_unique<Impl>()) {
  if (!diskCache.enabled ||
      !mlir::dml::KernelCacheOptions::isEnabledByEnvironment())
    return;
  mlir::dml::KernelCacheOptions options =
      mlir::dml::KernelCacheOptions::fromEnvironment();
  if (!diskCache.directory.empty())
    options.directory = diskCache.directory;
  if (diskCache.maxBytes)
    options.maxBytes = diskCache.maxBytes;
  if (!options.directory.empty())
    impl->diskCache = std::make_unique<mlir::dml::KernelCache>(options);
}
Compiler::~Compiler() = default;

Expected<std::string> Compiler::canonicalIR(const Graph &graph) {
  if (!graph.status().ok())
    return Status::error("the graph has a failed call: " +
                         graph.status().message());
  if (graph.outputs().empty())
    return Status::error("the graph @" + graph.name() +
                         " has no output (call output())");
  return printCanonical(GraphAccess::getModule(graph));
}

Expected<KernelPtr> Compiler::compile(const Graph &graph,
                                      const CompileOptions &options) {
  auto start = std::chrono::steady_clock::now();
  if (Status status = checkOptions(options); !status.ok())
    return status;
  Expected<std::string> canonical = canonicalIR(graph);
  if (!canonical)
    return canonical.status();
  std::string rawKey = mlir::dml::JitKernel::getRawCacheKey(
      "graph\n" + *canonical, graph.name(), getJitOptions(options));
  if (KernelPtr kernel =
          impl->findRaw(rawKey, getJitOptions(options), options, start))
    return kernel;
  return impl->compileCanonical(*canonical, graph.name(), options, rawKey,
                                start);
}

Expected<KernelPtr> Compiler::compileMLIR(std::string_view mlirText,
                                          std::string_view function,
                                          const CompileOptions &options) {
  auto start = std::chrono::steady_clock::now();
  if (Status status = checkOptions(options); !status.ok())
    return status;
  // The text as given finds a kernel compiled from it before without a
  // context or a parse; the name as given (empty: the only public one).
  mlir::dml::JitKernelOptions jitOptions = getJitOptions(options);
  std::string source = "mlir\n";
  source.append(mlirText.data(), mlirText.size());
  std::string rawKey = mlir::dml::JitKernel::getRawCacheKey(
      source, llvm::StringRef(function.data(), function.size()), jitOptions);
  if (KernelPtr kernel = impl->findRaw(rawKey, jitOptions, options, start))
    return kernel;

  std::unique_ptr<mlir::MLIRContext> context = createContext();
  Expected<mlir::OwningOpRef<mlir::ModuleOp>> module =
      parseModule(mlirText, context.get());
  if (!module)
    return module.status();
  std::string name(function);
  if (name.empty()) {
    std::vector<mlir::func::FuncOp> functions = getPublicFunctions(**module);
    if (functions.size() != 1)
      return Status::error("the module has " +
                           std::to_string(functions.size()) +
                           " public functions; name the one to compile");
    name = functions.front().getSymName().str();
  }
  auto func = (*module)->lookupSymbol<mlir::func::FuncOp>(name);
  if (!func || func.isExternal() || !func.isPublic())
    return Status::error("no public function @" + name +
                         " with a body in the module");
  return impl->compileCanonical(printCanonical(**module), name, options, rawKey,
                                start);
}

Expected<KernelPtr> Compiler::compileOperator(const OperatorDesc &desc,
                                              const CompileOptions &options,
                                              const std::string &name) {
  Expected<Graph> graph = buildOperatorGraph(desc, name);
  if (!graph)
    return graph.status();
  return compile(*graph, options);
}

CacheStatistics Compiler::cacheStatistics() const {
  std::lock_guard<std::mutex> lock(impl->mutex);
  CacheStatistics statistics = impl->statistics;
  // Kernels, whichever keys they are held by.
  std::set<const Kernel *> kernels;
  for (const auto &[key, kernel] : impl->cache)
    kernels.insert(kernel.get());
  for (const auto &[key, kernel] : impl->rawCache)
    kernels.insert(kernel.get());
  statistics.entries = kernels.size();
  if (impl->diskCache) {
    mlir::dml::KernelCacheCounters counters = impl->diskCache->getCounters();
    statistics.diskHits = counters.hits;
    statistics.diskMisses = counters.misses;
    statistics.diskRejected = counters.rejected;
    statistics.rawHits = counters.rawHits;
    statistics.rawMisses = counters.rawMisses;
  }
  return statistics;
}

std::string Compiler::diskCacheDirectory() const {
  return impl->diskCache ? impl->diskCache->getDirectory() : "";
}

void Compiler::clearCache() {
  std::lock_guard<std::mutex> lock(impl->mutex);
  impl->cache.clear();
  impl->rawCache.clear();
  impl->statistics.entries = 0;
}
