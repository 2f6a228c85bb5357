//===- Compiler.h - DML-MLIR embedding API: JIT compiler --------*- C++ -*-===//
//
// Compiles a Graph, MLIR text or one DirectML-style operator description to
// a Kernel for the host CPU (MLIR's ExecutionEngine / LLVM ORC), through an
// in-memory cache keyed by the canonical IR and the options:
//
//   dml::Compiler compiler;
//   auto kernel = compiler.compile(graph, {/*optLevel=*/3, /*threads=*/2});
//   if (!kernel) { puts(kernel.message().c_str()); return 1; }
//   dml::Status s = (*kernel)->run({x.data()}, {values.data(),
//   indices.data()});
//
// Intermediates live in a workspace of (*kernel)->temporaryBytes() bytes:
// the kernel's own by default, or one the caller binds per call.
//
// A Compiler and its kernels are thread-safe: compile and run from any
// number of threads.
//
//===----------------------------------------------------------------------===//

#ifndef DML_COMPILER_COMPILER_H
#define DML_COMPILER_COMPILER_H

#include "dml/Compiler/Graph.h"
#include "dml/Compiler/OperatorDesc.h"
#include "dml/Compiler/Types.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace dml {

struct CompileOptions {
  /// LLVM optimization level, 0..3.
  unsigned optLevel = 3;
  /// Threads one call may use (OpenMP inside the call); 1 is sequential,
  /// 0 uses every hardware thread; at most 1024.
  unsigned threads = 1;
  /// Vectorize the innermost loops.
  bool vectorize = true;
  /// Vector register width the code is tuned for: 0 chooses it by the host
  /// CPU (512 with AVX-512F, 256 with AVX2, else 128), otherwise a power of
  /// two from 1 to 1024. Out-of-range options make compile return an error.
  int64_t vectorBits = 0;
  /// Use the Compiler's persistent on-disk cache for this compilation (when
  /// the Compiler has one; see DiskCacheOptions).
  bool diskCache = true;

  /// The canonical spelling, part of the cache key.
  std::string str() const;
};

/// The persistent on-disk cache of compiled kernels, shared by processes:
/// entries are keyed by the canonical IR, the options, the host CPU and its
/// features and the compiler build (docs/embedding.md).
struct DiskCacheOptions {
  /// Off also when the environment sets DML_MLIR_CACHE=off (or 0).
  bool enabled = true;
  /// Empty: $DML_MLIR_CACHE_DIR, else $XDG_CACHE_HOME/dml-mlir, else
  /// ~/.cache/dml-mlir.
  std::string directory;
  /// Bound of the entries' total size (the oldest are evicted); 0:
  /// $DML_MLIR_CACHE_MAX_MB megabytes, else 256 MiB.
  uint64_t maxBytes = 0;
};

/// Cache counters of a Compiler: `hits`/`misses` of the in-memory cache
/// (`entries`: its kernels); of its misses, `diskHits` were
/// loaded from the on-disk cache and `diskMisses` compiled (and stored);
/// `diskRejected` entries or aliases were found corrupt or truncated and
/// compiled again. Of the disk hits, `rawHits` were found by the key of the
/// input as given (MLIR text, a graph's printed module), with no MLIRContext,
/// no parse and no pass pipeline; `rawMisses` inputs had no usable alias
/// yet (the first compilation from that exact input writes it).
struct CacheStatistics {
  uint64_t hits = 0;
  uint64_t misses = 0;
  size_t entries = 0;
  uint64_t diskHits = 0;
  uint64_t diskMisses = 0;
  uint64_t diskRejected = 0;
  uint64_t rawHits = 0;
  uint64_t rawMisses = 0;
};

/// Compile time of a kernel in milliseconds.
struct CompileTimes {
  double pipelineMs = 0; ///< MLIR passes down to the LLVM dialect.
  double codegenMs = 0;  ///< LLVM optimization and code generation.
  double totalMs = 0;    ///< Everything, including parsing and checks.
  bool cached = false;   ///< Loaded from the on-disk cache (codegenMs is
                         ///< then the lookup and load).
};

/// A compiled function. Immutable and thread-safe.
class Kernel {
public:
  ~Kernel();
  Kernel(const Kernel &) = delete;
  Kernel &operator=(const Kernel &) = delete;

  const std::string &name() const;
  /// The descriptions the kernel was compiled for: the inputs with their
  /// strides (bind buffers of at least minimumBufferBytes()), the outputs
  /// packed.
  const std::vector<TensorDesc> &inputs() const;
  const std::vector<TensorDesc> &outputs() const;
  unsigned threads() const;
  const CompileTimes &compileTimes() const;

  /// Scratch bytes one call needs for what the compiler could not keep in
  /// registers (DirectML's TemporaryResourceSize); 0 when none. Fixed at
  /// compile time.
  uint64_t temporaryBytes() const;
  /// Bytes that must persist between calls (DirectML's
  /// PersistentResourceSize): always 0, kernels keep no state.
  uint64_t persistentBytes() const { return 0; }
  /// Alignment a caller's workspace must have.
  static constexpr size_t workspaceAlignment = 64;

  /// Runs the kernel on caller-owned buffers, in input and output order.
  /// Reports wrong buffer counts and null pointers as errors. Without a
  /// workspace the call uses one of the kernel's own (allocated once per
  /// concurrent caller, then reused: calls allocate nothing); with one
  /// (`workspace` non-null), it must hold temporaryBytes() bytes, be
  /// workspaceAlignment-aligned and not be in use by another call.
  Status run(const std::vector<const void *> &inputs,
             const std::vector<void *> &outputs) const;
  Status run(const std::vector<const void *> &inputs,
             const std::vector<void *> &outputs, void *workspace,
             size_t workspaceBytes) const;
  Status run(const void *const *inputs, size_t numInputs, void *const *outputs,
             size_t numOutputs, void *workspace = nullptr,
             size_t workspaceBytes = 0) const;

private:
  friend class Compiler;
  struct Impl;
  explicit Kernel(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl;
};

using KernelPtr = std::shared_ptr<const Kernel>;

class Compiler {
public:
  explicit Compiler(const DiskCacheOptions &diskCache = {});
  ~Compiler();
  Compiler(const Compiler &) = delete;
  Compiler &operator=(const Compiler &) = delete;

  /// Compiles the graph's function (an error if the graph has failed calls
  /// or no output).
  Expected<KernelPtr> compile(const Graph &graph,
                              const CompileOptions &options = {});
  /// Compiles function `function` of an MLIR module given as text (with
  /// dml ops on tensors; inputs may carry `dml.strides`). An empty name picks
  /// the module's only public function.
  Expected<KernelPtr> compileMLIR(std::string_view mlirText,
                                  std::string_view function = "",
                                  const CompileOptions &options = {});
  /// Compiles one DirectML-style operator (OperatorDesc.h) as a function
  /// `name` whose inputs and outputs follow the struct's tensor fields.
  Expected<KernelPtr> compileOperator(const OperatorDesc &desc,
                                      const CompileOptions &options = {},
                                      const std::string &name = "op");

  CacheStatistics cacheStatistics() const;
  /// Empties the in-memory cache (the on-disk cache stays).
  void clearCache();
  /// The on-disk cache's directory; empty when it is off.
  std::string diskCacheDirectory() const;

  /// The cache key text of a graph: the module in generic form without
  /// locations.
  static Expected<std::string> canonicalIR(const Graph &graph);

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

/// Builds the graph of one operator description (used by compileOperator
/// and by AOT compilation of operator descriptions).
Expected<Graph> buildOperatorGraph(const OperatorDesc &desc,
                                   const std::string &name = "op");

} // namespace dml

#endif // DML_COMPILER_COMPILER_H
