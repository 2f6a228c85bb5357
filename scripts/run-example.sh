#!/usr/bin/env bash
# Sets up, builds and runs the main job on a shipped example: verify the
# DirectML TopK1 example and print it.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-"$repo/build"}
"$repo/scripts/setup.sh" "$build" >/dev/null
example="$repo/examples/top_k.mlir"
echo "== dml-opt $example"
"$build/bin/dml-opt" "$example"
