#!/usr/bin/env bash
# Builds DML-MLIR with AddressSanitizer + UndefinedBehaviorSanitizer
# (DML_ENABLE_SANITIZERS=ON, clang-22) in its own tree and runs the tests that
# execute the project's code on real data: the lit Integration and Runner
# areas (dml-run, the JIT, the .npy reader/writer, the asan kernel tests) and
# the unit tests. Any sanitizer report fails the test that triggered it.
#
# Usage: scripts/test-sanitizers.sh [BUILD_DIR [CTEST_ARGS...]]
#        (default build-asan; e.g. `-R lit-Runner` for one area)
#
# Only the project's code is instrumented: libMLIR.so/libLLVM.so come from
# Debian uninstrumented, and kernels compiled by the JIT are not instrumented
# (test/Integration/asan covers the kernels with instrumented AOT builds).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-"$repo/build-asan"}
shift || true

if [ ! -f "$build/build.ninja" ]; then
  # -O1 (what the sanitizer documentation recommends) compiles about a third
  # faster than Release's -O3 and keeps the instrumented code fast enough;
  # line tables give symbolized reports.
  CC=clang-22 CXX=clang++-22 cmake -G Ninja -S "$repo" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release -DDML_ENABLE_SANITIZERS=ON \
    "-DCMAKE_C_FLAGS_RELEASE=-O1 -DNDEBUG" \
    "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -DNDEBUG" \
    -DCMAKE_C_FLAGS=-gline-tables-only -DCMAKE_CXX_FLAGS=-gline-tables-only \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit >/dev/null
fi
cmake --build "$build"

# ASan stops at the first report (halt_on_error) with exit status 86 and
# UBSan too (the code is built with -fno-sanitize-recover=undefined), so a
# report fails the test: FileCheck'd output no longer matches, and tests that
# check "exit status: 1" exactly see 86. Not abort_on_error: a SIGABRT would
# make `not` (which accepts only a non-zero exit, not a signal) fail the
# negative controls of test/Integration/asan, which expect ASan's report.
# detect_leaks=0: LeakSanitizer reports the process-lifetime allocations of
# libMLIR.so and of the JIT (pass/dialect registries, ORC's memory manager,
# LLVM's ManagedStatics), which are released at exit by the OS, not freed;
# they are not leaks of the project's code and would drown real reports.
# allocator_may_return_null=1: a failed huge allocation returns null, as
# without ASan, so that the code's "cannot allocate" errors are tested rather
# than ASan's allocation-size abort.
# allow_user_poisoning=0: llvm::BumpPtrAllocator (header-only, so compiled
# into the instrumented tools) poisons every new slab and unpoisons what it
# hands out; the same allocator inlined into the uninstrumented libMLIR.so
# (e.g. the context's attribute uniquer, shared by both) carves objects out of
# such a slab without unpoisoning them, and the next write is a false
# "use-after-poison" (seen in DenseArrayAttr parsing after a dml attribute had
# opened the slab). The project poisons nothing by hand, so nothing is lost.
export ASAN_OPTIONS=halt_on_error=1:exitcode=86:detect_leaks=0:allocator_may_return_null=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1:allow_user_poisoning=0
export UBSAN_OPTIONS=halt_on_error=1:exitcode=86:print_stacktrace=1
cd "$build"
# The execution tests: lit Integration (with its AddressSanitizer kernel
# tests), Runner and Fuzz (the fuzzers' regression inputs), and the unit
# tests, and the verifier/lowering FileCheck tests (lit Dialect, Conversion,
# Transforms, Codegen, Fusion, Pipelines: the dialect's verifiers and passes
# run instrumented on every test input, ~25 s). Left out:
# the 900-case differential tests and the 500-graph graphtest.test, which
# the normal build runs;
# differential-asan.test runs 100 cases here instead.
export LIT_FILTER_OUT='differential/(differential(-pipelines)?|graphtest)\.test'
# The Python package (test `python`) cannot load instrumented libraries
# into the uninstrumented interpreter: it runs in the main stage only.
if [ $# -eq 0 ]; then
  set -- -E '^(docs-up-to-date|python)$'
fi
ctest --output-on-failure "$@"
