#!/usr/bin/env bash
# DML-MLIR benchmark suite: one command, the project and its peers side by side.
#
#   bench/run.sh [--no-build] [bench.py options...]
#
# Installs what is missing (Debian: python3-numpy python3-torch python3-onnx
# clang-22 libomp-22-dev nodejs npm; npm: onnxruntime-node from
# bench/package-lock.json, with --ignore-scripts), builds dml-run (incremental
# `cmake --build build --target dml-run`, or scripts/setup.sh when there is no
# build yet; --no-build skips this), then runs bench/bench.py, which prints the
# tables for 1 and 2 threads and writes bench/results/<host kind>.{md,json}.
# Cases: the 12 single-op cases by default; --graphs the 5 graph cases (EB SH
# AO MS SM, ~2-3 minutes); --all both; --cases R1,EB any.
# Common bench.py options: --threads 1,2  --iters 25  --rounds 1  --no-alloc
#   --dml-run-arg=--pipeline-options=fusion=false  --data-dir DIR (inputs,
#   ~1.2 GB with the graph cases, default bench/.data)  --no-peers  --results ''
set -euo pipefail

bench=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$bench/.." && pwd)
build="$repo/build"

do_build=1
args=()
for a in "$@"; do
  case "$a" in
    --no-build) do_build=0 ;;
    --build-dir=*) build="${a#--build-dir=}" ;;
    *) args+=("$a") ;;
  esac
done

packages=(python3-numpy python3-torch python3-onnx clang-22 libomp-22-dev)
command -v node >/dev/null || packages+=(nodejs)
command -v npm >/dev/null || packages+=(npm)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" ||
    missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "bench: installing ${missing[*]}" >&2
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq \
    --no-install-recommends "${missing[@]}" >&2
fi

# onnxruntime-node's install script downloads GPU binaries from a host that is
# not reachable; the CPU binaries ship inside the package.
if [ ! -f "$bench/node_modules/onnxruntime-node/package.json" ]; then
  echo "bench: npm ci --ignore-scripts (onnxruntime-node)" >&2
  (cd "$bench" && npm ci --ignore-scripts --no-audit --no-fund >&2)
fi

if [ "$do_build" -eq 1 ]; then
  if [ -f "$build/build.ninja" ]; then
    if ! cmake --build "$build" --target dml-run >&2; then
      [ -x "$build/bin/dml-run" ] || { echo "bench: building dml-run failed" >&2; exit 1; }
      echo "bench: WARNING: building dml-run failed; timing the existing $build/bin/dml-run" >&2
    fi
  else
    "$repo/scripts/setup.sh" "$build" >&2
  fi
fi

exec /usr/bin/python3 "$bench/bench.py" --dml-run "$build/bin/dml-run" ${args[@]+"${args[@]}"}
