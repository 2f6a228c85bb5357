// JIT: build a TopK graph, compile it once and run it on caller-owned buffers.
#include "dml/Compiler/Compiler.h"

#include <cstdint>
#include <cstdio>
#include <vector>

int main() {
  dml::Graph g("topk");
  dml::Tensor x = g.input(dml::DataType::Float32, {2, 6});
  auto [values, indices] = g.topK(x, /*axis=*/1, /*k=*/3,
                                  dml::AxisDirection::Decreasing);
  g.output(values);
  g.output(indices);

  dml::Compiler compiler;
  dml::CompileOptions options;
  options.threads = 2;
  dml::Expected<dml::KernelPtr> kernel = compiler.compile(g, options);
  if (!kernel) { // also reports failed builder calls (verifier messages)
    std::fprintf(stderr, "error: %s\n", kernel.message().c_str());
    return 1;
  }

  std::vector<float> in = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8};
  std::vector<float> v(6);
  std::vector<uint32_t> i(6);
  dml::Status status = (*kernel)->run({in.data()}, {v.data(), i.data()});
  if (!status.ok()) {
    std::fprintf(stderr, "error: %s\n", status.message().c_str());
    return 1;
  }
  for (int k = 0; k < 6; ++k)
    std::printf("%g@%u%s", v[k], i[k], k % 3 == 2 ? "\n" : " ");
  bool ok = v == std::vector<float>{9, 5, 4, 8, 6, 5} &&
            i == std::vector<uint32_t>{5, 4, 2, 5, 1, 2};

  // The call above used the kernel's own workspace; a caller can bind its
  // own (DirectML's temporary resource), e.g. one per thread.
  std::vector<uint64_t> workspace(((*kernel)->temporaryBytes() + 63) / 8 + 1);
  void *aligned = reinterpret_cast<void *>(
      (reinterpret_cast<uintptr_t>(workspace.data()) + 63) & ~uintptr_t(63));
  std::vector<float> v2(6);
  std::vector<uint32_t> i2(6);
  status = (*kernel)->run({in.data()}, {v2.data(), i2.data()}, aligned,
                          (*kernel)->temporaryBytes());
  if (!status.ok()) {
    std::fprintf(stderr, "error: %s\n", status.message().c_str());
    return 1;
  }
  ok = ok && v2 == v && i2 == i;
  return ok ? 0 : 1;
}
