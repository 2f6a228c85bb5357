//===- Aot.h - DML-MLIR embedding API: ahead-of-time compilation -*- C++ -*-===//
//
// Compiles a Graph or MLIR text to a native object file or shared library
// with a plain C entry point per public function, and a C header:
//
//   /* out0: values, out1: indices; buffers as in the comments */
//   void topk(const float *in0, float *out0, uint32_t *out1);
//
// Inputs come first, then outputs, each a pointer to the first element of
// the buffer (inputs read through their compile-time strides, outputs
// packed). The code needs only libc and libm at run time (and libomp when
// compiled for more than one thread); nothing from LLVM or MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef DML_COMPILER_AOT_H
#define DML_COMPILER_AOT_H

#include "dml/Compiler/Graph.h"
#include "dml/Compiler/Types.h"

#include <string>
#include <string_view>

namespace dml {

struct AotOptions {
  enum class Kind {
    Auto,          ///< From the output name: `.so` -> shared library.
    Object,        ///< A relocatable object file (.o).
    SharedLibrary, ///< A shared library linked with the system linker.
  };
  Kind kind = Kind::Auto;
  /// Target triple; empty for the host. "nvptx64-nvidia-cuda" selects the
  /// GPU target: kernels as PTX for `gpuChip`, host code for this machine.
  std::string targetTriple;
  /// NVIDIA chip of the GPU target.
  std::string gpuChip = "sm_90";
  /// Further dml-gpu-pipeline options ("shuffles=false block-size=128"),
  /// for experiments; empty: the defaults.
  std::string gpuPipelineOptions;
  /// Further dml-cpu-pipeline options ("items-per-thread=1"), for
  /// experiments; empty: the defaults.
  std::string cpuPipelineOptions;
  /// Target CPU; empty means the host CPU for the host triple and
  /// "generic" otherwise.
  std::string cpu;
  /// Target features ("+avx2,+fma"); empty means the host's features when
  /// compiling for the host CPU.
  std::string features;
  unsigned optLevel = 3;
  /// Threads one call may use (1: no OpenMP; otherwise link with libomp;
  /// 0: as many as the OpenMP runtime chooses); at most 1024.
  unsigned threads = 1;
  bool vectorize = true;
  /// Vector register width: 0 chooses it by the target CPU, otherwise a
  /// power of two from 1 to 1024. Out-of-range options (these and those of
  /// the pipeline option strings, docs/pipeline.md) are an error Status.
  int64_t vectorBits = 0;
  /// Where to write the C header; empty for none.
  std::string headerPath;
};

/// Compiles the graph to `outputPath`.
Status compileToFile(const Graph &graph, const std::string &outputPath,
                     const AotOptions &options = {});
/// Compiles every public function of an MLIR module to `outputPath`.
Status compileMLIRToFile(std::string_view mlirText,
                         const std::string &outputPath,
                         const AotOptions &options = {});
/// The C header for the public functions of an MLIR module / a graph.
Expected<std::string> generateHeader(std::string_view mlirText,
                                     const std::string &guard = "");
Expected<std::string> generateHeader(const Graph &graph,
                                     const std::string &guard = "");

} // namespace dml

#endif // DML_COMPILER_AOT_H
