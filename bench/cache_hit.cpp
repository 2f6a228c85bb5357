//===- cache_hit.cpp - Time the first compile of a new process ------------===//
//
// One fresh process, one compile through the embedding API: prints the wall
// and CPU milliseconds of Compiler construction plus the first compileMLIR
// (or compile of a Graph) and whether it came from the on-disk cache.
// bench/cache_hit.py runs it in many fresh processes and takes medians.
//
//   cache_hit mlir FILE.mlir      compileMLIR on the file's text
//   cache_hit graph KIND          compile of a Graph built here
//                                 (KIND: topk | argmax | sum)
//
//===----------------------------------------------------------------------===//

#include "dml/Compiler/Compiler.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/resource.h>

static double cpuMs() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static long minorFaults() {
  rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_minflt;
}

static double wallMs() {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

/// The graph of a few of the suite's kernels (bench/cases.py).
static dml::Graph buildGraph(const std::string &kind) {
  dml::Graph g("main");
  if (kind == "topk") { // T1
    dml::Tensor x = g.input(dml::DataType::Float32, {64, 32000});
    auto [values, indices] = g.topK(x, 1, 50, dml::AxisDirection::Decreasing);
    g.output(values);
    g.output(indices);
  } else if (kind == "argmax") { // A1
    dml::Tensor x = g.input(dml::DataType::Float32, {128, 32000});
    g.output(g.argMax(x, {1}, dml::AxisDirection::Increasing));
  } else { // R1
    dml::Tensor x = g.input(dml::DataType::Float32, {4096, 4096});
    g.output(g.reduce(x, dml::ReduceFunction::Sum, {1}));
  }
  return g;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: cache_hit mlir FILE | graph KIND\n");
    return 2;
  }
  bool graph = std::strcmp(argv[1], "graph") == 0;
  std::string text;
  if (!graph) {
    std::ifstream file(argv[2]);
    std::stringstream buffer;
    buffer << file.rdbuf();
    text = buffer.str();
  }
  double buildWall = 0, buildCpu = 0;
  double wall0 = wallMs(), cpu0 = cpuMs();
  std::optional<dml::Graph> g;
  if (graph) {
    g.emplace(buildGraph(argv[2]));
    buildWall = wallMs() - wall0;
    buildCpu = cpuMs() - cpu0;
    wall0 = wallMs();
    cpu0 = cpuMs();
  }
  long faults0 = minorFaults();
  dml::Compiler compiler;
  dml::Expected<dml::KernelPtr> kernel =
      graph ? compiler.compile(*g) : compiler.compileMLIR(text);
  double wall = wallMs() - wall0, cpu = cpuMs() - cpu0;
  long faults = minorFaults() - faults0;
  if (!kernel) {
    std::fprintf(stderr, "error: %s\n", kernel.message().c_str());
    return 1;
  }
  dml::CacheStatistics stats = compiler.cacheStatistics();
  std::printf("wall_ms %.3f cpu_ms %.3f cached %d disk_hits %llu "
              "build_wall_ms %.3f build_cpu_ms %.3f faults %ld\n",
              wall, cpu, (*kernel)->compileTimes().cached ? 1 : 0,
              (unsigned long long)stats.diskHits, buildWall, buildCpu, faults);
  return 0;
}
