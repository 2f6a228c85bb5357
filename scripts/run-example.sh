#!/usr/bin/env bash
# Sets up, builds and runs the main job on a shipped example: the DirectML
# TopK1 example is verified, lowered to native code (JIT), run on the
# documented input, and its outputs are printed.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-"$repo/build"}
# The setup's progress (packages, configure, build) is shown, indented.
echo "== scripts/setup.sh: installs missing packages, configures and builds $build"
"$repo/scripts/setup.sh" "$build" 2>&1 | sed -u 's/^/   /'
example="$repo/examples/top_k.mlir"
echo "== $example"
grep -v '^//' "$example"
echo "== dml-run (JIT, input from the DirectML TopK1 documentation, Example 1)"
"$build/bin/dml-run" "$example" \
  --input="1x1x3x4xf32=0 1 10 11 3 2 9 8 4 5 6 7" --benchmark=10
