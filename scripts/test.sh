#!/usr/bin/env bash
# Sets up, builds and runs every test (lit + unit tests through ctest).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-"$repo/build"}
"$repo/scripts/setup.sh" "$build"
cd "$build"
ctest --output-on-failure
