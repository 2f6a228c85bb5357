//===- dml-compile.cpp - Ahead-of-time compiler for dml functions ---------===//
//
//   dml-compile FILE.mlir -o out.o [--header out.h]
//   dml-compile FILE.mlir -o libout.so --header out.h
//
// Compiles every public function of FILE.mlir (dml ops on tensors, inputs
// optionally with dml.strides) to native code with a plain C entry point
// `void name(const T *in0, ..., T *out0, ...)` and writes the C header. A
// client of the embedding API (dml/Compiler/Aot.h); the output needs only
// libc and libm (and libomp with --threads other than 1).
//
//===----------------------------------------------------------------------===//

#include "dml/Compiler/Aot.h"

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

static const char *kUsage =
    "usage: dml-compile FILE.mlir -o OUTPUT [options]\n"
    "\n"
    "Compiles the public functions of FILE.mlir ('-' for stdin) to an object\n"
    "file or, for OUTPUT ending in .so, a shared library, with a plain C\n"
    "entry point per function.\n"
    "\n"
    "options:\n"
    "  -o FILE            output (.o: object file, .so: shared library)\n"
    "  --header FILE      write the C header\n"
    "  --emit=obj|shared  output kind (default: from the output name)\n"
    "  --target TRIPLE    target triple (default: the host);\n"
    "                     nvptx64-nvidia-cuda: NVIDIA GPU (docs/gpu.md)\n"
    "  --gpu-chip NAME    GPU chip of the PTX (default sm_90)\n"
    "  --gpu-options STR  further dml-gpu-pipeline options, e.g.\n"
    "                     'shuffles=false' (experiments)\n"
    "  --cpu-options STR  further dml-cpu-pipeline options, e.g.\n"
    "                     'items-per-thread=1' (experiments)\n"
    "  --cpu NAME         target CPU (default: the host CPU for the host\n"
    "                     triple, generic otherwise)\n"
    "  --features LIST    target features, e.g. +avx2,+fma\n"
    "  -O0 .. -O3         LLVM optimization level (default -O3)\n"
    "  --threads N        threads per call (1: sequential, the default;\n"
    "                     otherwise OpenMP, link with -lomp)\n"
    "  --no-vectorize     scalar loops only\n"
    "  --vector-bits N    vector register width to tune for\n"
    "  --print-header     print the C header to stdout and exit\n"
    "  --diagnostic-notes add MLIR's notes to errors (e.g. \"see current\n"
    "                     operation\"; also DML_MLIR_DIAGNOSTIC_NOTES=1)\n"
    "\n"
    "Errors are one line \"dml-compile: ...\" on stderr, exit status 1.\n";

static bool takeValue(int argc, char **argv, int &index, const char *name,
                      std::string &value) {
  std::string arg = argv[index];
  std::string prefix = std::string(name) + "=";
  if (arg == name) {
    if (index + 1 >= argc) {
      std::cerr << "dml-compile: " << name << " needs a value\n";
      std::exit(2);
    }
    value = argv[++index];
    return true;
  }
  if (arg.rfind(prefix, 0) == 0) {
    value = arg.substr(prefix.size());
    return true;
  }
  return false;
}

static bool parseUnsigned(const std::string &text, unsigned &value) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos)
    return false;
  // Beyond unsigned the number would wrap around.
  errno = 0;
  unsigned long long number = std::strtoull(text.c_str(), nullptr, 10);
  if (errno == ERANGE || number > UINT_MAX)
    return false;
  value = static_cast<unsigned>(number);
  return true;
}

int main(int argc, char **argv) {
  std::string input, output, emit, value;
  bool printHeader = false;
  dml::AotOptions options;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "-h" || arg == "--help") {
      std::cout << kUsage;
      return 0;
    } else if (takeValue(argc, argv, i, "-o", output)) {
    } else if (takeValue(argc, argv, i, "--header", options.headerPath)) {
    } else if (takeValue(argc, argv, i, "--emit", emit)) {
      if (emit != "obj" && emit != "shared") {
        std::cerr << "dml-compile: --emit must be obj or shared\n";
        return 2;
      }
    } else if (takeValue(argc, argv, i, "--target", options.targetTriple)) {
    } else if (takeValue(argc, argv, i, "--gpu-chip", options.gpuChip)) {
    } else if (takeValue(argc, argv, i, "--gpu-options",
                         options.gpuPipelineOptions)) {
    } else if (takeValue(argc, argv, i, "--cpu-options",
                         options.cpuPipelineOptions)) {
    } else if (takeValue(argc, argv, i, "--cpu", options.cpu)) {
    } else if (takeValue(argc, argv, i, "--features", options.features)) {
    } else if (takeValue(argc, argv, i, "--threads", value)) {
      if (!parseUnsigned(value, options.threads)) {
        std::cerr << "dml-compile: --threads needs a number, got '" << value
                  << "'\n";
        return 2;
      }
    } else if (takeValue(argc, argv, i, "--vector-bits", value)) {
      unsigned bits = 0;
      if (!parseUnsigned(value, bits) || bits == 0) {
        std::cerr << "dml-compile: --vector-bits needs a positive number\n";
        return 2;
      }
      options.vectorBits = bits;
    } else if (arg == "--no-vectorize") {
      options.vectorize = false;
    } else if (arg == "--diagnostic-notes") {
      // Read by the library when it creates its MLIR contexts.
      setenv("DML_MLIR_DIAGNOSTIC_NOTES", "1", /*overwrite=*/1);
    } else if (arg == "--print-header") {
      printHeader = true;
    } else if (arg.size() == 3 && arg[0] == '-' && arg[1] == 'O' &&
               arg[2] >= '0' && arg[2] <= '3') {
      options.optLevel = static_cast<unsigned>(arg[2] - '0');
    } else if (arg != "-" && !arg.empty() && arg[0] == '-') {
      std::cerr << "dml-compile: unknown option '" << arg << "'\n" << kUsage;
      return 2;
    } else if (input.empty()) {
      input = arg;
    } else {
      std::cerr << "dml-compile: more than one input file\n";
      return 2;
    }
  }
  if (input.empty() || (output.empty() && !printHeader)) {
    std::cerr << kUsage;
    return 2;
  }
  std::stringstream text;
  if (input == "-") {
    text << std::cin.rdbuf();
  } else {
    std::ifstream file(input);
    if (!file) {
      std::cerr << "dml-compile: cannot read '" << input << "'\n";
      return 1;
    }
    text << file.rdbuf();
  }
  if (printHeader) {
    dml::Expected<std::string> header = dml::generateHeader(text.str());
    if (!header) {
      std::cerr << "dml-compile: " << header.message() << "\n";
      return 1;
    }
    std::cout << *header;
    return 0;
  }
  if (emit == "obj")
    options.kind = dml::AotOptions::Kind::Object;
  else if (emit == "shared")
    options.kind = dml::AotOptions::Kind::SharedLibrary;
  dml::Status status = dml::compileMLIRToFile(text.str(), output, options);
  if (!status.ok()) {
    std::cerr << "dml-compile: " << status.message() << "\n";
    return 1;
  }
  return 0;
}
