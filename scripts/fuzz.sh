#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/) in a separate tree, seeds their corpora
# from the repository's tests and runs each for a given time. Crashing inputs
# (and timeouts, out-of-memory) are copied into test/Fuzz/regressions/, where
# test/Fuzz/regressions.test replays them through dml-opt.
#
# Usage: scripts/fuzz.sh [-t SECONDS] [-b BUILD_DIR] [-n] [TARGET...]
#   -t  seconds per target (default 60)
#   -b  build tree (default build-fuzz; configured with clang-22,
#       DML_ENABLE_FUZZERS=ON)
#   -n  do not (re)build
#   TARGET: parse, pipeline (default: both, one after the other)
#
# One fuzzing process at a time (libFuzzer's fork mode with one worker, which
# keeps going after a crash): the machine has 2 cores shared with others.
# The corpora persist in BUILD_DIR/fuzz-corpus/<target>; the log of each run
# is BUILD_DIR/fuzz-logs/<target>-<date>.log and its last line gives the
# number of inputs executed.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
seconds=60
build="$repo/build-fuzz"
rebuild=1
while getopts "t:b:n" option; do
  case $option in
    t) seconds=$OPTARG ;;
    b) build=$OPTARG ;;
    n) rebuild=0 ;;
    *) sed -n '2,17p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(parse pipeline)

if [ $rebuild = 1 ]; then
  if [ ! -f "$build/build.ninja" ]; then
    CC=clang-22 CXX=clang++-22 cmake -G Ninja -S "$repo" -B "$build" \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDML_ENABLE_FUZZERS=ON \
      -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit >/dev/null
  fi
  ninja -C "$build" -j2 dml-parse-fuzzer dml-pipeline-fuzzer
fi

# Seeds: every test .mlir, split into its `// -----` cases.
seeds="$build/fuzz-seeds"
rm -rf "$seeds" && mkdir -p "$seeds"
find "$repo/test" -name '*.mlir' -not -path '*/Fuzz/regressions/*' -print0 |
  xargs -0 /usr/bin/python3 -c '
import hashlib, os, re, sys
out = sys.argv[1]
for path in sys.argv[2:]:
    text = open(path, encoding="utf-8", errors="replace").read()
    for case in re.split(r"^// -----.*$", text, flags=re.M):
        data = case.strip().encode() + b"\n"
        name = hashlib.sha1(data).hexdigest()
        open(os.path.join(out, name), "wb").write(data)
' "$seeds"
echo "fuzz: $(ls "$seeds" | wc -l) seed inputs from test/"

mkdir -p "$build/fuzz-logs"
status=0
for target in "${targets[@]}"; do
  binary="$build/bin/dml-$target-fuzzer"
  corpus="$build/fuzz-corpus/$target"
  artifacts="$build/fuzz-artifacts/$target"
  log="$build/fuzz-logs/$target-$(date +%Y%m%d-%H%M%S).log"
  mkdir -p "$corpus" "$artifacts"
  echo "fuzz: $target for ${seconds}s, log $log"
  # ASan and UBSan abort on the first error; LeakSanitizer is off because
  # libMLIR.so keeps process-lifetime allocations (pass and dialect
  # registries) that it reports as leaks.
  ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:symbolize=1:allow_user_poisoning=0 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$binary" "$corpus" "$seeds" -fork=1 -ignore_crashes=1 \
      -ignore_timeouts=1 -ignore_ooms=1 -max_total_time="$seconds" \
      -timeout=60 -rss_limit_mb=4096 -max_len=8192 \
      -artifact_prefix="$artifacts/" >"$log" 2>&1 || true
  grep -E '^#[0-9]+: cov' "$log" | tail -1 || true
  grep -E '^INFO: log from the inner process|^==[0-9]+==ERROR|^dml-fuzz:' "$log" |
    sort | uniq -c | head -20 || true

  # Keep every crash, timeout and OOM as a regression input.
  dest="$repo/test/Fuzz/regressions/$target"
  mkdir -p "$dest"
  for artifact in "$artifacts"/crash-* "$artifacts"/timeout-* "$artifacts"/oom-*; do
    [ -e "$artifact" ] || continue
    name=$(basename "$artifact")
    if [ "$target" = pipeline ]; then
      # Recipes become the module they generate (with a
      # `// dml-fuzz-options:` line); text inputs are modules already.
      DML_FUZZ_DUMP="$dest/$name.mlir" ASAN_OPTIONS=detect_leaks=0:allow_user_poisoning=0 \
        timeout 120 "$binary" "$artifact" >/dev/null 2>&1 || true
    else
      cp "$artifact" "$dest/$name"
    fi
    mkdir -p "$artifacts/kept" && mv "$artifact" "$artifacts/kept/"
    echo "fuzz: regression input $dest/$name"
    status=1
  done
done
exit $status
