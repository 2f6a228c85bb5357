//===- JitKernel.cpp - JIT-compiled dml functions -------------------------===//

#include "dml/Runtime/JitKernel.h"

#include "dml/Pipelines/Pipelines.h"

#include "dml/Runtime/KernelCache.h"
#include "dml/Runtime/VectorWidth.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/ObjectLinkingLayer.h"
#include "llvm/ExecutionEngine/Orc/SelfExecutorProcessControl.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/LICM.h"
#include "llvm/Transforms/Scalar/LoopRotation.h"
#include "llvm/Transforms/Scalar/LoopUnrollPass.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"

#include <chrono>
#include <mutex>

using namespace mlir;
using namespace mlir::dml;

template <typename... Args>
static llvm::Error jitError(const char *format, Args &&...args) {
  return llvm::createStringError(
      std::make_error_code(std::errc::invalid_argument),
      llvm::formatv(format, std::forward<Args>(args)...).str());
}

static std::string formatShape(llvm::ArrayRef<int64_t> shape) {
  if (shape.empty())
    return "[] (rank 0)";
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleave(shape, os, "x");
  return text;
}

//===----------------------------------------------------------------------===//
// Signatures
//===----------------------------------------------------------------------===//

std::string TensorSignature::str() const {
  return "tensor<" + formatTensorType(dataType, shape) + ">";
}

llvm::Error FunctionSignature::check(const HostTensor &tensor, unsigned index,
                                     bool isResult,
                                     llvm::StringRef origin) const {
  llvm::ArrayRef<TensorSignature> list = isResult ? results : inputs;
  std::string what =
      llvm::formatv("{0} {1} of @{2}", isResult ? "result" : "argument", index,
                    name)
          .str();
  if (!origin.empty())
    what += " ('" + origin.str() + "')";
  if (index >= list.size())
    return jitError("{0}: @{1} has only {2} {3}", what, name, list.size(),
                    isResult ? "results" : "arguments");
  const TensorSignature &expected = list[index];
  TensorSignature actual{tensor.getDataType(),
                         llvm::SmallVector<int64_t, 4>(tensor.getShape()),
                         /*strides=*/{}};
  if (expected.dataType != actual.dataType)
    return jitError("{0}: data type mismatch: expected {1} ({2}, {3}), got "
                    "{4} ({5}, {6})",
                    what, getMlirTypeName(expected.dataType),
                    getNumpyName(expected.dataType), expected.str(),
                    getMlirTypeName(actual.dataType),
                    getNumpyName(actual.dataType), actual.str());
  if (expected.shape != actual.shape)
    return jitError("{0}: shape mismatch: expected {1} ({2}), got {3} ({4})",
                    what, formatShape(expected.shape), expected.str(),
                    formatShape(actual.shape), actual.str());
  return llvm::Error::success();
}

llvm::Error FunctionSignature::check(
    llvm::ArrayRef<const HostTensor *> inputTensors,
    llvm::ArrayRef<const HostTensor *> outputTensors) const {
  if (inputTensors.size() != inputs.size())
    return jitError("@{0} takes {1} argument{2}, got {3} input{4}", name,
                    inputs.size(), inputs.size() == 1 ? "" : "s",
                    inputTensors.size(), inputTensors.size() == 1 ? "" : "s");
  if (outputTensors.size() != results.size())
    return jitError("@{0} has {1} result{2}, got {3} output buffer{4}", name,
                    results.size(), results.size() == 1 ? "" : "s",
                    outputTensors.size(), outputTensors.size() == 1 ? "" : "s");
  for (auto [index, tensor] : llvm::enumerate(inputTensors)) {
    if (!tensor || !tensor->data())
      return jitError("argument {0} of @{1}: no tensor", index, name);
    if (llvm::Error error = check(*tensor, index))
      return error;
  }
  for (auto [index, tensor] : llvm::enumerate(outputTensors)) {
    if (!tensor || !tensor->data())
      return jitError("result {0} of @{1}: no output buffer", index, name);
    if (llvm::Error error = check(*tensor, index, /*isResult=*/true))
      return error;
  }
  return llvm::Error::success();
}

llvm::Expected<llvm::SmallVector<HostTensor>>
FunctionSignature::allocateResults() const {
  llvm::SmallVector<HostTensor> tensors;
  for (auto [index, result] : llvm::enumerate(results)) {
    llvm::Expected<HostTensor> tensor =
        HostTensor::create(result.dataType, result.shape);
    if (!tensor)
      return jitError("result {0} of @{1}: {2}", index, name,
                      llvm::toString(tensor.takeError()));
    tensors.push_back(std::move(*tensor));
  }
  return tensors;
}

llvm::Expected<TensorSignature>
mlir::dml::getTensorSignature(Type type, llvm::StringRef what) {
  std::string typeText;
  llvm::raw_string_ostream os(typeText);
  type.print(os);
  auto tensorType = dyn_cast<RankedTensorType>(type);
  if (!tensorType)
    return jitError("{0} has type {1}; expected a ranked, statically shaped "
                    "tensor of a DirectML data type",
                    what, typeText);
  if (!tensorType.hasStaticShape())
    return jitError("{0} has type {1}; dynamic shapes are not supported", what,
                    typeText);
  if (tensorType.getEncoding())
    return jitError("{0} has type {1}; tensor encodings are not supported",
                    what, typeText);
  std::optional<DataType> dataType = getDataType(tensorType.getElementType());
  if (!dataType)
    return jitError("{0} has type {1}; the element type is not a DirectML "
                    "data type (f16, f32, f64, i8..i64, ui8..ui64)",
                    what, typeText);
  return TensorSignature{*dataType,
                         llvm::SmallVector<int64_t, 4>(tensorType.getShape()),
                         /*strides=*/{}};
}

llvm::Expected<FunctionSignature>
mlir::dml::getFunctionSignature(ModuleOp module, llvm::StringRef name) {
  Operation *symbol = module.lookupSymbol(name);
  auto function = dyn_cast_or_null<func::FuncOp>(symbol);
  if (!function) {
    if (symbol)
      return jitError("@{0} is a '{1}', not a func.func", name,
                      symbol->getName().getStringRef());
    std::string available;
    for (auto candidate : module.getOps<func::FuncOp>()) {
      if (candidate.isExternal() || candidate.isPrivate())
        continue;
      available += available.empty() ? "@" : ", @";
      available += candidate.getSymName();
    }
    if (available.empty())
      return jitError("no function @{0} in the module (it has no public "
                      "function)",
                      name);
    return jitError("no function @{0} in the module (available: {1})", name,
                    available);
  }
  if (function.isExternal())
    return jitError("@{0} is a declaration without a body", name);
  if (!function.isPublic())
    return jitError("@{0} is private; only public functions can be called",
                    name);
  FunctionSignature signature;
  signature.name = name.str();
  FunctionType type = function.getFunctionType();
  for (auto [index, input] : llvm::enumerate(type.getInputs())) {
    llvm::Expected<TensorSignature> tensor = getTensorSignature(
        input, llvm::formatv("argument {0} of @{1}", index, name).str());
    if (!tensor)
      return tensor.takeError();
    if (auto strides =
            function.getArgAttrOfType<DenseI64ArrayAttr>(index, "dml.strides"))
      tensor->strides.assign(strides.asArrayRef().begin(),
                             strides.asArrayRef().end());
    signature.inputs.push_back(std::move(*tensor));
  }
  for (auto [index, result] : llvm::enumerate(type.getResults())) {
    llvm::Expected<TensorSignature> tensor = getTensorSignature(
        result, llvm::formatv("result {0} of @{1}", index, name).str());
    if (!tensor)
      return tensor.takeError();
    signature.results.push_back(std::move(*tensor));
  }
  return signature;
}

//===----------------------------------------------------------------------===//
// Compilation
//===----------------------------------------------------------------------===//

std::vector<std::string> JitKernelOptions::getDefaultSharedLibraries() {
  std::vector<std::string> libraries;
#ifdef DML_MLIR_C_RUNNER_UTILS
  if (llvm::sys::fs::exists(DML_MLIR_C_RUNNER_UTILS))
    libraries.push_back(DML_MLIR_C_RUNNER_UTILS);
#endif
  return libraries;
}

/// The native target only: enough to load a cached object.
static void initializeNativeTargetOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
}

/// One-time process setup: the native target, and the pass registry that the
/// textual parts of the CPU pipeline are parsed against.
void mlir::dml::initializeCompilerOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    initializeNativeTargetOnce();
    registerAllPasses();
    registerDMLPassesAndPipelines();
  });
}

static double millisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - start)
      .count();
}

/// Levels above 3 mean 3, as in the optimizing transformer.
static llvm::CodeGenOptLevel getCodeGenOptLevel(unsigned optLevel) {
  return *llvm::CodeGenOpt::getLevel(std::min(optLevel, 3u));
}

/// Erases the functions that `root` does not reference (transitively), so
/// that only what runs is lowered and compiled.
static void pruneUnreachableFunctions(ModuleOp module, llvm::StringRef root) {
  SymbolTable symbols(module);
  llvm::SmallPtrSet<Operation *, 16> reachable;
  llvm::SmallVector<Operation *> worklist{symbols.lookup(root)};
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (!op || !reachable.insert(op).second)
      continue;
    std::optional<SymbolTable::UseRange> uses = SymbolTable::getSymbolUses(op);
    if (!uses)
      continue;
    for (const SymbolTable::SymbolUse &use : *uses)
      worklist.push_back(symbols.lookup(use.getSymbolRef().getRootReference()));
  }
  for (auto function :
       llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
    if (!reachable.contains(function))
      function.erase();
}

/// The host CPU and its features, detected once: every key has them.
struct HostTarget {
  std::string cpu;
  std::string features;
};

static const HostTarget &getHostTarget() {
  static const HostTarget host = [] {
    HostTarget result;
    if (llvm::Expected<llvm::orc::JITTargetMachineBuilder> builder =
            llvm::orc::JITTargetMachineBuilder::detectHost()) {
      result.cpu = builder->getCPU();
      result.features = builder->getFeatures().getString();
    } else {
      llvm::consumeError(builder.takeError());
    }
    return result;
  }();
  return host;
}

/// What a key holds besides the input: the options, the host and the
/// compiler build, the same in the key of an entry and of its aliases.
static void printKeyOptions(llvm::raw_ostream &os, llvm::StringRef name,
                            const JitKernelOptions &options,
                            unsigned numThreads) {
  const HostTarget &host = getHostTarget();
  os << "\nfunction: " << name << "\npipeline: " << options.pipelineOptions
     << "\nthreads: " << numThreads << "\nopt-level: " << options.optLevel
     << "\ncpu: " << host.cpu << "\nfeatures: " << host.features
     << "\ncompiler: " << KernelCache::getCompilerVersion() << "\n";
}

/// The cache key of a compilation: everything the object code depends on.
static std::string getCacheKey(ModuleOp module, llvm::StringRef name,
                               const JitKernelOptions &options,
                               unsigned numThreads) {
  std::string key;
  llvm::raw_string_ostream os(key);
  // Generic form without locations: formatting and file names do not matter.
  module->print(os, OpPrintingFlags().printGenericOpForm());
  printKeyOptions(os, name, options, numThreads);
  return key;
}

std::string JitKernel::getRawCacheKey(llvm::StringRef source,
                                      llvm::StringRef function,
                                      const JitKernelOptions &options) {
  std::string key;
  llvm::raw_string_ostream os(key);
  // The size first: no source can end where another's options begin.
  os << "raw " << source.size() << "\n" << source;
  printKeyOptions(os, function, options, std::max(1u, options.numThreads));
  return key;
}

/// Adds `_mlir_<callee>(void **args)`, which loads each argument through
/// args[i] and calls `callee`: one entry point type for every kernel.
static void addPackedWrapper(llvm::Module &module, llvm::Function *callee) {
  llvm::LLVMContext &context = module.getContext();
  auto *pointerType = llvm::PointerType::getUnqual(context);
  auto *type = llvm::FunctionType::get(llvm::Type::getVoidTy(context),
                                       {pointerType}, /*isVarArg=*/false);
  auto *wrapper =
      llvm::Function::Create(type, llvm::GlobalValue::ExternalLinkage,
                             "_mlir_" + callee->getName(), module);
  llvm::IRBuilder<> builder(
      llvm::BasicBlock::Create(context, "entry", wrapper));
  llvm::SmallVector<llvm::Value *> arguments;
  for (auto [index, parameter] : llvm::enumerate(callee->args())) {
    llvm::Value *slot =
        builder.CreateConstGEP1_64(pointerType, wrapper->getArg(0), index);
    llvm::Value *address = builder.CreateLoad(pointerType, slot);
    arguments.push_back(builder.CreateLoad(parameter.getType(), address));
  }
  builder.CreateCall(callee, arguments);
  builder.CreateRetVoid();
}

/// The LLVM IR passes of the JIT. The dml pipeline hands over vectorized,
/// canonicalized loops, so LLVM's -O3 module pipeline (inlining, loop
/// vectorization and unrolling, ...) finds little to do and costs half the
/// compile time; the cleanups below are what the lowered code still gains
/// from: promoting memref descriptor fields (SROA), folding their
/// insert/extract chains (InstCombine, EarlyCSE), hoisting invariant loads
/// and address computations out of the loops (LICM) and simplifying the
/// control flow. Code generation keeps the requested level.
static void runJitOptimizationPipeline(llvm::Module &module,
                                       llvm::TargetMachine &machine) {
  llvm::LoopAnalysisManager loopAnalyses;
  llvm::FunctionAnalysisManager functionAnalyses;
  llvm::CGSCCAnalysisManager cgsccAnalyses;
  llvm::ModuleAnalysisManager moduleAnalyses;
  llvm::PassBuilder builder(&machine);
  builder.registerModuleAnalyses(moduleAnalyses);
  builder.registerCGSCCAnalyses(cgsccAnalyses);
  builder.registerFunctionAnalyses(functionAnalyses);
  builder.registerLoopAnalyses(loopAnalyses);
  builder.crossRegisterProxies(loopAnalyses, functionAnalyses, cgsccAnalyses,
                               moduleAnalyses);
  llvm::FunctionPassManager functionPasses;
  functionPasses.addPass(llvm::SROAPass(llvm::SROAOptions::ModifyCFG));
  functionPasses.addPass(llvm::EarlyCSEPass(/*UseMemorySSA=*/true));
  functionPasses.addPass(llvm::InstCombinePass());
  functionPasses.addPass(llvm::SimplifyCFGPass());
  functionPasses.addPass(llvm::createFunctionToLoopPassAdaptor(
      llvm::LICMPass(llvm::LICMOptions()), /*UseMemorySSA=*/true));
  functionPasses.addPass(llvm::InstCombinePass());
  functionPasses.addPass(llvm::SimplifyCFGPass());
  // Loops whose metadata asks for it (dml-linalg-to-vector-loops marks the
  // vector loops of row reductions) are unrolled; the others are left as
  // the dml pipeline built them.
  functionPasses.addPass(
      llvm::createFunctionToLoopPassAdaptor(llvm::LoopRotatePass()));
  functionPasses.addPass(llvm::LoopUnrollPass(llvm::LoopUnrollOptions(
      /*OptLevel=*/2, /*OnlyWhenForced=*/true, /*ForgetSCEV=*/false)));
  functionPasses.addPass(llvm::InstCombinePass());
  functionPasses.addPass(llvm::SimplifyCFGPass());
  llvm::ModulePassManager modulePasses;
  modulePasses.addPass(
      llvm::createModuleToFunctionPassAdaptor(std::move(functionPasses)));
  modulePasses.run(module, moduleAnalyses);
}

/// Translates the lowered module to LLVM IR, optimizes it and emits an
/// object file.
static llvm::Expected<std::string> emitObject(ModuleOp lowered,
                                              llvm::StringRef wrapperName,
                                              llvm::TargetMachine &machine,
                                              unsigned optLevel) {
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(lowered, llvmContext, "dml-kernel");
  if (!llvmModule)
    return jitError("translation of the lowered module to LLVM IR failed");
  llvmModule->setTargetTriple(machine.getTargetTriple());
  llvmModule->setDataLayout(machine.createDataLayout());
  llvm::Function *wrapper = llvmModule->getFunction(wrapperName);
  if (!wrapper)
    return jitError("the LLVM module has no function @{0}", wrapperName);
  addPackedWrapper(*llvmModule, wrapper);
  if (optLevel > 0)
    runJitOptimizationPipeline(*llvmModule, machine);
  llvm::SmallString<0> object;
  llvm::raw_svector_ostream os(object);
  llvm::legacy::PassManager codegen;
  if (machine.addPassesToEmitFile(codegen, os, nullptr,
                                  llvm::CodeGenFileType::ObjectFile))
    return jitError("the host target cannot emit object files");
  codegen.run(*llvmModule);
  return std::string(object.str());
}

/// Loads a shared library on the first lookup that reaches it: most kernels
/// need only the process's symbols (libc, libm), and dlopen costs
/// milliseconds.
class LazyLibraryGenerator : public llvm::orc::DefinitionGenerator {
public:
  LazyLibraryGenerator(std::string path, char globalPrefix)
      : path(std::move(path)), globalPrefix(globalPrefix) {}

  llvm::Error
  tryToGenerate(llvm::orc::LookupState &state, llvm::orc::LookupKind kind,
                llvm::orc::JITDylib &dylib,
                llvm::orc::JITDylibLookupFlags flags,
                const llvm::orc::SymbolLookupSet &symbols) override {
    if (!library) {
      llvm::Expected<std::unique_ptr<llvm::orc::DynamicLibrarySearchGenerator>>
          loaded = llvm::orc::DynamicLibrarySearchGenerator::Load(path.c_str(),
                                                                  globalPrefix);
      if (!loaded)
        return loaded.takeError();
      library = std::move(*loaded);
    }
    return library->tryToGenerate(state, kind, dylib, flags, symbols);
  }

private:
  std::string path;
  char globalPrefix;
  std::unique_ptr<llvm::orc::DynamicLibrarySearchGenerator> library;
};

/// Object code linked into the process by JITLink, in a session of its own
/// (no IR compiler: the object is compiled already, or comes from the cache).
struct mlir::dml::LoadedObject {
  ~LoadedObject() {
    if (session)
      llvm::consumeError(session->endSession());
  }
  std::unique_ptr<llvm::orc::ExecutionSession> session;
  std::unique_ptr<llvm::orc::ObjectLinkingLayer> linker;
};

/// Links `object` with the process's symbols and `libraries` and looks up
/// `symbol`.
static llvm::Expected<std::unique_ptr<LoadedObject>>
loadObject(llvm::StringRef object, llvm::ArrayRef<llvm::StringRef> libraries,
           llvm::StringRef symbol, void *&address) {
  auto loaded = std::make_unique<LoadedObject>();
  llvm::Expected<std::unique_ptr<llvm::orc::SelfExecutorProcessControl>>
      control = llvm::orc::SelfExecutorProcessControl::Create();
  if (!control)
    return control.takeError();
  loaded->session =
      std::make_unique<llvm::orc::ExecutionSession>(std::move(*control));
  loaded->linker =
      std::make_unique<llvm::orc::ObjectLinkingLayer>(*loaded->session);
  llvm::orc::JITDylib &dylib = loaded->session->createBareJITDylib("kernel");
  // ELF symbols have no global prefix.
  constexpr char prefix = '\0';
  llvm::Expected<std::unique_ptr<llvm::orc::DynamicLibrarySearchGenerator>>
      process = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
          prefix);
  if (!process)
    return process.takeError();
  dylib.addGenerator(std::move(*process));
  for (llvm::StringRef library : libraries)
    dylib.addGenerator(
        std::make_unique<LazyLibraryGenerator>(library.str(), prefix));
  if (llvm::Error error = loaded->linker->add(
          dylib, llvm::MemoryBuffer::getMemBufferCopy(object, "dml-kernel.o")))
    return std::move(error);
  llvm::Expected<llvm::orc::ExecutorSymbolDef> entry =
      loaded->session->lookup({&dylib}, loaded->session->intern(symbol));
  if (!entry)
    return entry.takeError();
  address = entry->getAddress().toPtr<void *>();
  return std::move(loaded);
}

JitKernel::~JitKernel() = default;

llvm::Error JitKernel::loadCode(llvm::StringRef object, uint64_t bytes,
                                const JitKernelOptions &options) {
  llvm::SmallVector<llvm::StringRef> libraries(options.sharedLibraries.begin(),
                                               options.sharedLibraries.end());
#ifdef DML_OPENMP_RUNTIME
  // Parallel loops call the OpenMP runtime.
  if (numThreads > 1)
    libraries.push_back(DML_OPENMP_RUNTIME);
#endif
  workspaceBytes = bytes;
  workspaces = std::make_unique<WorkspacePool>(bytes);
  void *address = nullptr;
  llvm::Expected<std::unique_ptr<LoadedObject>> loaded = loadObject(
      object, libraries, "_mlir__mlir_ciface_" + signature.name, address);
  if (!loaded)
    return jitError("loading the code of @{0} failed: {1}", signature.name,
                    llvm::toString(loaded.takeError()));
  code = std::move(*loaded);
  function = reinterpret_cast<void (*)(void **)>(address);
  if (options.enableObjectDump)
    this->object = object.str();
  return llvm::Error::success();
}

llvm::Expected<std::unique_ptr<JitKernel>>
JitKernel::load(const KernelCacheEntry &entry,
                const JitKernelOptions &options) {
  auto start = std::chrono::steady_clock::now();
  std::unique_ptr<JitKernel> kernel(new JitKernel());
  kernel->signature = entry.signature;
  kernel->numThreads = std::max(1u, options.numThreads);
  kernel->targetCPU = getHostTarget().cpu;
  kernel->targetFeatures = getHostTarget().features;
  kernel->hasStridedInputs =
      llvm::any_of(entry.signature.inputs, [](const TensorSignature &input) {
        return !input.strides.empty();
      });
  if (llvm::Error error =
          kernel->loadCode(entry.object, entry.workspaceBytes, options))
    return std::move(error);
  kernel->compileTimes.cached = true;
  kernel->compileTimes.jitMs = millisecondsSince(start);
  return kernel;
}

llvm::Expected<std::unique_ptr<JitKernel>>
JitKernel::compile(ModuleOp module, llvm::StringRef name,
                   const JitKernelOptions &options) {
  auto start = std::chrono::steady_clock::now();
  llvm::Expected<FunctionSignature> signature =
      getFunctionSignature(module, name);
  if (!signature)
    return signature.takeError();

  // No target initialization yet: loading a cached object with JITLink
  // needs none.
  std::unique_ptr<JitKernel> kernel(new JitKernel());
  kernel->signature = std::move(*signature);
  kernel->numThreads = std::max(1u, options.numThreads);

  MLIRContext *context = module.getContext();
  // Lower a clone, so that the caller's module stays as it was.
  OwningOpRef<ModuleOp> lowered = module.clone();
  if (options.pruneUnusedFunctions)
    pruneUnreachableFunctions(*lowered, name);
  auto function = lowered->lookupSymbol<func::FuncOp>(name);
  for (unsigned index = 0, e = function.getNumArguments(); index < e; ++index)
    if (function.getArgAttr(index, "dml.strides"))
      kernel->hasStridedInputs = true;

  kernel->targetCPU = getHostTarget().cpu;
  kernel->targetFeatures = getHostTarget().features;
  std::string wrapperName = "_mlir_ciface_" + name.str();

  // A custom pipeline or IR printing always compiles.
  bool useCache =
      options.cache && !options.printIRAfterAll && !options.pipelineBuilder;
  std::string key;
  if (useCache) {
    key = getCacheKey(*lowered, name, options, kernel->numThreads);
    if (std::optional<KernelCacheEntry> entry = options.cache->lookup(key)) {
      if (llvm::Error error =
              kernel->loadCode(entry->object, entry->workspaceBytes, options))
        return std::move(error);
      if (!options.cacheAlias.empty())
        llvm::consumeError(options.cache->storeAlias(options.cacheAlias, key));
      kernel->compileTimes.cached = true;
      kernel->compileTimes.jitMs = millisecondsSince(start);
      return kernel;
    }
  }

  initializeCompilerOnce();
  // Code generation for the host CPU with all its features.
  llvm::Expected<llvm::orc::JITTargetMachineBuilder> builder =
      llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder)
    return builder.takeError();
  builder->setCodeGenOptLevel(getCodeGenOptLevel(options.optLevel));
  {
    DialectRegistry registry;
    registerBuiltinDialectTranslation(registry);
    registerLLVMDialectTranslation(registry);
    registerOpenMPDialectTranslation(registry);
    context->appendDialectRegistry(registry);
  }
  function->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                    UnitAttr::get(context));

  PassManager pm = PassManager::on<ModuleOp>(context);
  if (options.printIRAfterAll) {
    // Module-scope printing needs a single-threaded pass manager.
    context->disableMultithreading();
    pm.enableIRPrinting(
        /*shouldPrintBeforePass=*/[](Pass *, Operation *) { return false; },
        /*shouldPrintAfterPass=*/[](Pass *, Operation *) { return true; },
        /*printModuleScope=*/true, /*printAfterOnlyOnChange=*/false,
        /*printAfterOnlyOnFailure=*/false,
        options.irStream ? *options.irStream : llvm::errs());
  }
  if (options.pipelineBuilder) {
    options.pipelineBuilder(pm);
  } else {
    CPUPipelineOptions pipelineOptions;
    std::string errors;
    llvm::raw_string_ostream errorStream(errors);
    if (failed(pipelineOptions.parseFromString(options.pipelineOptions,
                                               errorStream))) {
      llvm::SmallVector<llvm::StringRef> lines;
      llvm::StringRef(errors).split(lines, '\n', -1, /*KeepEmpty=*/false);
      std::string message;
      for (llvm::StringRef line : lines) {
        if (line.trim().empty())
          continue;
        if (!message.empty())
          message += "; ";
        message += line.trim().str();
      }
      return jitError("invalid pipeline options '{0}': {1}",
                      options.pipelineOptions, message);
    }
    // The kernel's thread count selects the OpenMP lowering.
    pipelineOptions.threads = kernel->numThreads;
    if (llvm::Error error =
            chooseTargetOptions(pipelineOptions, CPUTarget::host()))
      return jitError("{0}", llvm::toString(std::move(error)));
    std::string invalid;
    if (failed(validateCPUPipelineOptions(
            pipelineOptions,
            [&](const llvm::Twine &message) { invalid = message.str(); })))
      return jitError("{0}", invalid);
    buildDMLCPUPipeline(pm, pipelineOptions);
  }
  if (failed(pm.run(*lowered)))
    return jitError("lowering @{0} to the LLVM dialect failed (see the "
                    "diagnostics above)",
                    name);

  auto wrapper = lowered->lookupSymbol<LLVM::LLVMFuncOp>(wrapperName);
  if (!wrapper)
    return jitError("the lowered module has no C interface function @{0} "
                    "(the pipeline must lower @{1} to the LLVM dialect with "
                    "llvm.emit_c_interface)",
                    wrapperName, name);
  // The workspace size that dml-assign-workspace recorded; the function then
  // takes the workspace descriptor last.
  uint64_t workspaceBytes = 0;
  if (auto bytes = wrapper->getAttrOfType<IntegerAttr>("dml.workspace_bytes"))
    workspaceBytes = bytes.getValue().getZExtValue();
  size_t expectedParams = kernel->signature.inputs.size() +
                          kernel->signature.results.size() +
                          (workspaceBytes ? 1 : 0);
  if (wrapper.getNumArguments() != expectedParams ||
      !isa<LLVM::LLVMVoidType>(wrapper.getFunctionType().getReturnType()))
    return jitError("@{0} has {1} parameters, expected one descriptor pointer "
                    "per argument and per result{3} ({2}) and no return value",
                    wrapperName, wrapper.getNumArguments(), expectedParams,
                    workspaceBytes ? " and the workspace" : "");
  kernel->compileTimes.pipelineMs = millisecondsSince(start);

  auto jitStart = std::chrono::steady_clock::now();
  llvm::Expected<std::unique_ptr<llvm::TargetMachine>> machine =
      builder->createTargetMachine();
  if (!machine)
    return machine.takeError();
  llvm::Expected<std::string> object =
      emitObject(*lowered, wrapperName, **machine, options.optLevel);
  if (!object)
    return jitError("JIT compilation of @{0} failed: {1}", name,
                    llvm::toString(object.takeError()));
  // A cache that cannot be written costs the next process a compilation,
  // nothing else.
  if (useCache) {
    llvm::consumeError(options.cache->store(
        key, KernelCacheEntry{*object, workspaceBytes, kernel->signature}));
    if (!options.cacheAlias.empty())
      llvm::consumeError(options.cache->storeAlias(options.cacheAlias, key));
  }
  if (llvm::Error error = kernel->loadCode(*object, workspaceBytes, options))
    return std::move(error);
  kernel->compileTimes.jitMs = millisecondsSince(jitStart);
  return kernel;
}

llvm::Error JitKernel::dumpObjectFile(llvm::StringRef path) const {
  if (object.empty())
    return jitError("cannot write '{0}': the kernel was compiled without "
                    "enableObjectDump",
                    path);
  std::error_code error;
  llvm::raw_fd_ostream os(path, error);
  if (error)
    return jitError("cannot write '{0}': {1}", path, error.message());
  os << object;
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

/// A memref descriptor {allocated, aligned, offset, sizes[rank],
/// strides[rank]} for a packed row-major tensor.
static llvm::SmallVector<int64_t, 19>
makeDescriptor(const void *data, llvm::ArrayRef<int64_t> shape) {
  llvm::SmallVector<int64_t, 19> descriptor;
  auto address = static_cast<int64_t>(reinterpret_cast<intptr_t>(data));
  descriptor.push_back(address); // allocated
  descriptor.push_back(address); // aligned
  descriptor.push_back(0);       // offset
  descriptor.append(shape.begin(), shape.end());
  size_t stridesStart = descriptor.size();
  descriptor.resize(stridesStart + shape.size());
  int64_t stride = 1;
  for (size_t dim = shape.size(); dim-- > 0;) {
    descriptor[stridesStart + dim] = stride;
    stride *= shape[dim];
  }
  return descriptor;
}

llvm::Expected<PreparedCall>
JitKernel::prepare(llvm::ArrayRef<const HostTensor *> inputs,
                   llvm::ArrayRef<HostTensor *> outputs) const {
  if (hasStridedInputs)
    return jitError("@{0} has inputs with dml.strides; packed tensors cannot "
                    "be passed to it (use the dml::Compiler API)",
                    signature.name);
  llvm::SmallVector<const HostTensor *> constOutputs(outputs.begin(),
                                                     outputs.end());
  if (llvm::Error error = signature.check(inputs, constOutputs))
    return std::move(error);
  PreparedCall call;
  call.function = function;
  for (const HostTensor *input : inputs)
    call.descriptors.push_back(
        makeDescriptor(input->data(), input->getShape()));
  for (HostTensor *output : outputs)
    call.descriptors.push_back(
        makeDescriptor(output->data(), output->getShape()));
  if (workspaceBytes) {
    call.workspace = allocateWorkspace(workspaceBytes);
    if (!call.workspace)
      return jitError("@{0}: cannot allocate its workspace of {1} bytes",
                      signature.name, workspaceBytes);
    call.descriptors.push_back(makeDescriptor(
        call.workspace.get(), {static_cast<int64_t>(workspaceBytes)}));
  }
  // Pointers into the descriptors, and pointers to those pointers: the
  // packed interface takes the address of each argument, and each argument
  // of the C wrapper is a descriptor pointer.
  for (auto &descriptor : call.descriptors)
    call.descriptorPointers.push_back(descriptor.data());
  for (void *&pointer : call.descriptorPointers)
    call.arguments.push_back(&pointer);
  return std::move(call);
}

void PreparedCall::run() const { function(arguments.data()); }

llvm::Error JitKernel::invokeWithDescriptors(llvm::ArrayRef<void *> descriptors,
                                             void *workspace) const {
  // The packed interface takes the address of each argument; each argument
  // of the C wrapper is a descriptor pointer.
  llvm::SmallVector<void *, 16> pointers(descriptors.begin(),
                                         descriptors.end());
  void *pooled = nullptr;
  // {allocated, aligned, offset, size, stride} of the memref<N x i8>.
  int64_t workspaceDescriptor[5];
  if (workspaceBytes) {
    if (!workspace) {
      pooled = workspaces->acquire();
      if (!pooled)
        return jitError("@{0}: cannot allocate its workspace of {1} bytes",
                        signature.name, workspaceBytes);
      workspace = pooled;
    }
    auto address = static_cast<int64_t>(reinterpret_cast<intptr_t>(workspace));
    workspaceDescriptor[0] = address;
    workspaceDescriptor[1] = address;
    workspaceDescriptor[2] = 0;
    workspaceDescriptor[3] = static_cast<int64_t>(workspaceBytes);
    workspaceDescriptor[4] = 1;
    pointers.push_back(workspaceDescriptor);
  }
  llvm::SmallVector<void *, 16> arguments;
  for (void *&pointer : pointers)
    arguments.push_back(&pointer);
  function(arguments.data());
  workspaces->release(pooled);
  return llvm::Error::success();
}

llvm::Error JitKernel::invoke(llvm::ArrayRef<const HostTensor *> inputs,
                              llvm::ArrayRef<HostTensor *> outputs) const {
  llvm::Expected<PreparedCall> call = prepare(inputs, outputs);
  if (!call)
    return call.takeError();
  call->run();
  return llvm::Error::success();
}
