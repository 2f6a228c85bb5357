//===- dml-run.cpp - JIT runner for dml functions -------------------------===//
//
// dml-run FILE.mlir [--function=NAME] [--input=@in.npy |
// --input=TYPE=VALUES]...
//         [--output=@out.npy]... [--benchmark=N] [--print-ir-after-all]
//         [--threads=N]
//
// --benchmark=N prints on stderr the compile time, the run times and the
// heap memory the timed calls allocated (AllocationCounter.h), per call:
//   allocated: B bytes in C allocations per run
// Parses and verifies FILE.mlir, lowers it with the dml CPU pipeline,
// JIT-compiles it at -O3 for the host CPU and calls the function with the
// inputs in argument order. Each result goes to its --output .npy file in
// order; results without one are printed to stdout.
//
// Exit codes: 0 success, 1 any error detected by dml-run (one line
// "dml-run: error: ..." on stderr, after MLIR's diagnostics if any).
//
//===----------------------------------------------------------------------===//

#include "AllocationCounter.h"

#include "dml/Dialect/DML/IR/DMLDialect.h"
#include "dml/Runtime/HostTensor.h"
#include "dml/Runtime/JitKernel.h"
#include "dml/Runtime/KernelCache.h"
#include "dml/Runtime/Npy.h"
#include "dml/Runtime/TensorText.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

using namespace mlir;
using namespace mlir::dml;

static llvm::cl::OptionCategory category("dml-run options");

static llvm::cl::opt<std::string>
    inputFilename(llvm::cl::Positional, llvm::cl::Required,
                  llvm::cl::desc("<input .mlir file>"),
                  llvm::cl::cat(category));

static llvm::cl::opt<std::string>
    functionName("function",
                 llvm::cl::desc("Function to run (default: main)"),
                 llvm::cl::value_desc("name"), llvm::cl::init("main"),
                 llvm::cl::cat(category));

static llvm::cl::list<std::string> inputSpecs(
    "input",
    llvm::cl::desc("One input per argument, in order: @FILE.npy, or "
                   "TYPE=VALUES such as \"2x3xf32=1 2 3 4 5 6\""),
    llvm::cl::value_desc("@file.npy|type=values"), llvm::cl::cat(category));

static llvm::cl::list<std::string> outputSpecs(
    "output",
    llvm::cl::desc("Output .npy file of each result, in order (@FILE.npy or "
                   "FILE.npy; '-' prints the result); results without one "
                   "are printed to stdout"),
    llvm::cl::value_desc("@file.npy"), llvm::cl::cat(category));

static llvm::cl::opt<unsigned> benchmarkIterations(
    "benchmark",
    llvm::cl::desc("Time N calls after a warm-up call and print compile and "
                   "run times on stderr"),
    llvm::cl::value_desc("N"), llvm::cl::init(0), llvm::cl::cat(category));

static llvm::cl::opt<bool> compileOnly(
    "compile-only",
    llvm::cl::desc("Compile the function, print the compile times on stderr "
                   "and exit (no inputs needed)"),
    llvm::cl::init(false), llvm::cl::cat(category));

static llvm::cl::opt<bool>
    noCache("no-cache",
            llvm::cl::desc("Do not use the persistent kernel cache (also: "
                           "DML_MLIR_CACHE=off)"),
            llvm::cl::init(false), llvm::cl::cat(category));

static llvm::cl::opt<std::string> cacheDir(
    "cache-dir",
    llvm::cl::desc("Directory of the persistent kernel cache (default: "
                   "$DML_MLIR_CACHE_DIR, else $XDG_CACHE_HOME/dml-mlir, else "
                   "~/.cache/dml-mlir)"),
    llvm::cl::value_desc("dir"), llvm::cl::cat(category));

static llvm::cl::opt<bool> printIRAfterAll(
    "print-ir-after-all",
    llvm::cl::desc("Print the IR after every pass of the pipeline (stderr)"),
    llvm::cl::init(false), llvm::cl::cat(category));

/// --threads=N: LLVM already registers a hidden global "threads" option
/// (ThinLTO), so dml-run takes it out of argv before llvm::cl sees it.
static unsigned numThreads = 1;

static llvm::cl::opt<std::string> dumpObject(
    "dump-object",
    llvm::cl::desc("Write the JIT-compiled object file (for inspection)"),
    llvm::cl::value_desc("file.o"), llvm::cl::Hidden, llvm::cl::cat(category));

static llvm::cl::opt<bool> printTarget(
    "print-target",
    llvm::cl::desc("Print the target CPU and features on stderr"),
    llvm::cl::Hidden, llvm::cl::init(false), llvm::cl::cat(category));

static llvm::cl::opt<std::string> pipelineOptions(
    "pipeline-options",
    llvm::cl::desc("Options of the dml CPU pipeline in pass-pipeline syntax, "
                   "e.g. \"vectorize=false\" (see dml-opt --help, "
                   "--dml-cpu-pipeline)"),
    llvm::cl::value_desc("options"), llvm::cl::cat(category));

static int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "dml-run") << message << "\n";
  return 1;
}

static int fail(llvm::Error error) {
  std::string message = llvm::toString(std::move(error));
  return fail(message);
}

/// The file named by an --input/--output value: "@path", or a path ending in
/// ".npy".
static std::optional<llvm::StringRef> getFileName(llvm::StringRef spec) {
  if (spec.starts_with("@"))
    return spec.drop_front();
  if (spec.ends_with(".npy") && !spec.contains('='))
    return spec;
  return std::nullopt;
}

/// Formats milliseconds with at least three significant digits, without an
/// exponent: 41.20, 1.21, 0.0123.
static std::string formatMilliseconds(double ms) {
  int decimals = 2;
  if (ms > 0 && ms < 1)
    decimals = std::min(6, 2 - static_cast<int>(std::floor(std::log10(ms))));
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), "%.*f", decimals, ms);
  return buffer;
}

/// The persistent cache unless --no-cache or DML_MLIR_CACHE=off.
static KernelCache *getKernelCache() {
  if (noCache || !KernelCacheOptions::isEnabledByEnvironment())
    return nullptr;
  static KernelCache cache([] {
    KernelCacheOptions options = KernelCacheOptions::fromEnvironment();
    if (!cacheDir.empty())
      options.directory = cacheDir;
    return options;
  }());
  return &cache;
}

/// "12.3 ms", with " (cached)" when the kernel came from the cache.
static std::string formatCompileTime(const CompileTimes &times) {
  char text[64];
  std::snprintf(text, sizeof(text), "%.1f ms%s", times.totalMs(),
                times.cached ? " (cached)" : "");
  return text;
}

/// --compile-only: compiles and prints the compile times.
static int compileAndReport(ModuleOp module) {
  JitKernelOptions options;
  options.printIRAfterAll = printIRAfterAll;
  options.numThreads = numThreads;
  options.pipelineOptions = pipelineOptions;
  options.cache = getKernelCache();
  options.enableObjectDump = !dumpObject.empty();
  llvm::Expected<std::unique_ptr<JitKernel>> kernel =
      JitKernel::compile(module, functionName, options);
  if (!kernel)
    return fail(kernel.takeError());
  if (!dumpObject.empty())
    if (llvm::Error error = (*kernel)->dumpObjectFile(dumpObject))
      return fail(std::move(error));
  const CompileTimes &times = (*kernel)->getCompileTimes();
  char line[160];
  std::snprintf(line, sizeof(line), "pipeline %.1f ms, codegen %.1f ms",
                times.pipelineMs, times.jitMs);
  llvm::errs() << "compile: " << formatCompileTime(times);
  if (!times.cached)
    llvm::errs() << " (" << line << ")";
  llvm::errs() << "\n";
  return 0;
}

static int run() {
  // Context and module.
  DialectRegistry registry;
  registry.insert<DMLDialect>();
  registerAllDialects(registry);
  registerAllExtensions(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> file =
      openInputFile(inputFilename, &errorMessage);
  if (!file)
    return fail("cannot open '" + inputFilename + "': " + errorMessage);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
  if (!module)
    return fail("cannot parse or verify '" + inputFilename +
                "' (see the diagnostics above)");

  // The timings are kept to compute the median.
  constexpr unsigned kMaxBenchmarkIterations = 10'000'000;
  if (benchmarkIterations > kMaxBenchmarkIterations)
    return fail(llvm::formatv("--benchmark={0}: at most {1} iterations",
                              benchmarkIterations.getValue(),
                              kMaxBenchmarkIterations)
                    .str());

  llvm::Expected<FunctionSignature> signature =
      getFunctionSignature(*module, functionName);
  if (!signature)
    return fail(signature.takeError());

  if (compileOnly)
    return compileAndReport(*module);

  // Inputs, checked against the signature before compiling.
  if (inputSpecs.size() != signature->inputs.size())
    return fail(llvm::formatv("@{0} takes {1} argument{2}, got {3} --input{4}",
                              signature->name, signature->inputs.size(),
                              signature->inputs.size() == 1 ? "" : "s",
                              inputSpecs.size(),
                              inputSpecs.size() == 1 ? "" : "s")
                    .str());
  std::vector<HostTensor> inputs;
  for (auto [index, spec] : llvm::enumerate(inputSpecs)) {
    std::optional<llvm::StringRef> path = getFileName(spec);
    if (!path && !llvm::StringRef(spec).contains('='))
      return fail(llvm::formatv("--input '{0}' (argument {1} of @{2}): "
                                "expected @FILE.npy or TYPE=VALUES such as "
                                "\"2x3xf32=1 2 3 4 5 6\"",
                                spec, index, signature->name)
                      .str());
    llvm::StringRef origin = path ? *path : llvm::StringRef();
    llvm::Expected<HostTensor> tensor =
        path ? readNpyFile(*path) : parseTensorText(spec);
    if (!tensor)
      return fail(llvm::formatv("argument {0} of @{1}: {2}", index,
                                signature->name,
                                llvm::toString(tensor.takeError()))
                      .str());
    if (llvm::Error error = signature->check(*tensor, index,
                                             /*isResult=*/false, origin))
      return fail(std::move(error));
    inputs.push_back(std::move(*tensor));
  }

  // Outputs: checked before compiling so that no work is wasted and no file
  // is written when one of them cannot be.
  if (outputSpecs.size() > signature->results.size())
    return fail(llvm::formatv("@{0} has {1} result{2}, got {3} --output{4}",
                              signature->name, signature->results.size(),
                              signature->results.size() == 1 ? "" : "s",
                              outputSpecs.size(),
                              outputSpecs.size() == 1 ? "" : "s")
                    .str());
  std::vector<std::optional<std::string>> outputPaths(
      signature->results.size());
  llvm::StringMap<unsigned> seenOutputs;
  for (auto [index, spec] : llvm::enumerate(outputSpecs)) {
    if (spec == "-")
      continue;
    std::optional<llvm::StringRef> path = getFileName(spec);
    if (!path || path->empty())
      return fail(llvm::formatv("--output '{0}' (result {1} of @{2}): "
                                "expected @FILE.npy or '-'",
                                spec, index, signature->name)
                      .str());
    auto [it, inserted] = seenOutputs.try_emplace(*path, index);
    if (!inserted)
      return fail(llvm::formatv("results {0} and {1} of @{2} are both "
                                "written to '{3}'",
                                it->second, index, signature->name, *path)
                      .str());
    if (llvm::Error error = checkNpyOutputPath(*path))
      return fail(llvm::formatv("result {0} of @{1}: {2}", index,
                                signature->name,
                                llvm::toString(std::move(error)))
                      .str());
    outputPaths[index] = path->str();
  }

  // Compile.
  JitKernelOptions options;
  options.printIRAfterAll = printIRAfterAll;
  options.numThreads = numThreads;
  options.pipelineOptions = pipelineOptions;
  options.enableObjectDump = !dumpObject.empty();
  options.cache = getKernelCache();
  llvm::Expected<std::unique_ptr<JitKernel>> kernel =
      JitKernel::compile(*module, functionName, options);
  if (!kernel)
    return fail(kernel.takeError());
  if (printTarget)
    llvm::errs() << "target: " << (*kernel)->getTargetCPU() << " "
                 << (*kernel)->getTargetFeatures() << "\n";
  if (!dumpObject.empty())
    if (llvm::Error error = (*kernel)->dumpObjectFile(dumpObject))
      return fail(std::move(error));

  // Run: output buffers are allocated (and touched) once, before any call.
  llvm::Expected<llvm::SmallVector<HostTensor>> results =
      (*kernel)->getSignature().allocateResults();
  if (!results)
    return fail(results.takeError());
  llvm::SmallVector<const HostTensor *> inputPointers;
  for (HostTensor &input : inputs)
    inputPointers.push_back(&input);
  llvm::SmallVector<HostTensor *> resultPointers;
  for (HostTensor &result : *results)
    resultPointers.push_back(&result);
  llvm::Expected<PreparedCall> call =
      (*kernel)->prepare(inputPointers, resultPointers);
  if (!call)
    return fail(call.takeError());

  call->run(); // The warm-up call when benchmarking.
  if (benchmarkIterations > 0) {
    std::vector<double> times;
    times.reserve(benchmarkIterations);
    dml_run::startCountingAllocations();
    for (unsigned i = 0; i < benchmarkIterations; ++i) {
      auto start = std::chrono::steady_clock::now();
      call->run();
      times.push_back(std::chrono::duration<double, std::milli>(
                          std::chrono::steady_clock::now() - start)
                          .count());
    }
    dml_run::AllocationCount allocated = dml_run::stopCountingAllocations();
    std::sort(times.begin(), times.end());
    size_t n = times.size();
    double median =
        n % 2 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
    llvm::errs() << "compile: "
                 << formatCompileTime((*kernel)->getCompileTimes()) << "\n";
    llvm::errs() << "run: min " << formatMilliseconds(times.front())
                 << " ms, median " << formatMilliseconds(median)
                 << " ms, max " << formatMilliseconds(times.back())
                 << " ms over " << n << " iterations\n";
    // Per timed call, rounded up (a single allocation in N calls shows).
    if (dml_run::isAllocationCountingAvailable())
      llvm::errs() << "allocated: " << llvm::divideCeil(allocated.bytes, n)
                   << " bytes in " << llvm::divideCeil(allocated.allocations, n)
                   << " allocations per run\n";
    else
      llvm::errs() << "allocated: unavailable (sanitizer build)\n";
  }

  // Write all files to temporaries first, then rename them, so that an
  // error leaves no output file behind.
  std::vector<std::pair<llvm::sys::fs::TempFile, std::string>> pending;
  auto discardPending = [&]() {
    for (auto &entry : pending)
      llvm::consumeError(entry.first.discard());
    pending.clear();
  };
  for (auto [index, path] : llvm::enumerate(outputPaths)) {
    if (!path)
      continue;
    llvm::Expected<llvm::sys::fs::TempFile> temp =
        writeNpyToTempFile(*path, (*results)[index]);
    if (!temp) {
      discardPending();
      return fail(llvm::formatv("result {0} of @{1}: {2}", index,
                                (*kernel)->getName(),
                                llvm::toString(temp.takeError()))
                      .str());
    }
    pending.emplace_back(std::move(*temp), *path);
  }
  for (size_t i = 0; i < pending.size(); ++i) {
    if (llvm::Error error = pending[i].first.keep(pending[i].second)) {
      std::string message = llvm::toString(std::move(error));
      for (size_t j = i + 1; j < pending.size(); ++j)
        llvm::consumeError(pending[j].first.discard());
      return fail("cannot write '" + pending[i].second + "': " + message);
    }
  }
  pending.clear();

  for (auto [index, path] : llvm::enumerate(outputPaths)) {
    if (!path)
      printTensor(llvm::outs(), (*results)[index]);
  }
  llvm::outs().flush();
  return 0;
}

/// Removes --threads=N / --threads N (one or two dashes) from `args` and
/// stores N; returns false with a message on a bad value.
static bool extractThreadsOption(std::vector<const char *> &args,
                                 std::string &error) {
  std::vector<const char *> kept;
  for (size_t i = 0; i < args.size(); ++i) {
    llvm::StringRef arg = args[i];
    if (i == 0 || arg == "--" || !arg.starts_with("-")) {
      kept.push_back(args[i]);
      continue;
    }
    llvm::StringRef name = arg.drop_front(arg.starts_with("--") ? 2 : 1);
    if (!name.starts_with("threads") ||
        (name.size() > 7 && name[7] != '=')) {
      kept.push_back(args[i]);
      continue;
    }
    llvm::StringRef value;
    if (name.consume_front("threads=")) {
      value = name;
    } else if (i + 1 < args.size()) {
      value = args[++i];
    } else {
      error = "--threads needs a value";
      return false;
    }
    if (value.getAsInteger(10, numThreads) || numThreads == 0) {
      error = "--threads=" + value.str() + ": expected a positive integer";
      return false;
    }
  }
  args = std::move(kept);
  return true;
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  std::vector<const char *> args(argv, argv + argc);
  std::string threadsError;
  if (!extractThreadsOption(args, threadsError))
    return fail(threadsError);
  llvm::cl::HideUnrelatedOptions(category);
  llvm::cl::ParseCommandLineOptions(
      static_cast<int>(args.size()), args.data(),
      "dml-run: JIT-compile and run a function of a dml module\n\n"
      "  dml-run FILE.mlir [--function=NAME] [--input=@in.npy | "
      "--input=\"2x3xf32=1 2 3 4 5 6\"]...\n"
      "          [--output=@out.npy]... [--benchmark=N] "
      "[--print-ir-after-all]\n"
      "          [--threads=N]  (threads the kernel may use; accepted and "
      "stored,\n"
      "                          parallel execution comes later)\n");
  return run();
}
