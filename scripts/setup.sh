#!/usr/bin/env bash
# Installs what DML-MLIR needs on Debian 12 (idempotent) and builds it.
# Usage: scripts/setup.sh [build-dir] [extra cmake args...]
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-"$repo/build"}
shift || true

packages=(cmake ninja-build clang-22 lld-22 libclang-rt-22-dev
          libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools
          libomp-22-dev python3-numpy libgtest-dev python3-dev pybind11-dev
          python3-pytest python3-onnx libonnx-testdata)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" ||
    missing+=("$package")
done
echo "setup: checking ${#packages[@]} Debian packages"
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]} (apt-get)"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq \
    --no-install-recommends "${missing[@]}"
fi

if [ ! -f "$build/build.ninja" ]; then
  echo "setup: configuring $build (cmake)"
  CC=clang-22 CXX=clang++-22 cmake -G Ninja -S "$repo" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit "$@"
fi
echo "setup: building $build (ninja; the first build takes minutes)"
cmake --build "$build"
