#!/bin/bash
# Builds the 16-core scaling harness (bench/scale/README.md) into DEST:
# the 12 single-op suite kernels AOT-compiled with build/bin/dml-compile for
# x86-64-v4 at 1, 2, 4, 8 and 16 threads (one shared library per thread
# count, one C function per case), libomp.so, the STREAM-style probe
# (bench/stream.c), bench/cases.py and the driver. DEST then runs on a
# machine without LLVM: python3 DEST/driver.py --out DIR.
#
#   bench/scale/build.sh DEST [--cpu NAME] [--threads 1,2,4,8,16]
#                        [--compiler DML_COMPILE] [--suffix S]
#                        [--cpu-options 'items-per-thread=1']
# --suffix names the libraries suite_tT<S>.so (variants next to the main
# build, e.g. another commit's dml-compile: driver.py --lib-suffix S).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
dest=${1:?usage: build.sh DEST [--cpu NAME] [--threads LIST]}
shift
cpu=x86-64-v4
threads=1,2,4,8,16
compiler=$root/build/bin/dml-compile
suffix=
cpu_options=()
while [ $# -gt 0 ]; do
  case $1 in
    --cpu) cpu=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --compiler) compiler=$2; shift 2 ;;
    --suffix) suffix=$2; shift 2 ;;
    --cpu-options) cpu_options=(--cpu-options "$2"); shift 2 ;;
    *) echo "build.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
llvm=/usr/lib/llvm-22
mkdir -p "$dest"
/usr/bin/python3 "$here/driver.py" --emit-module > "$dest/suite.mlir"
for t in ${threads//,/ }; do
  "$compiler" "$dest/suite.mlir" -o "$dest/suite_t$t$suffix.so" \
    --cpu "$cpu" --threads "$t" "${cpu_options[@]}"
done
[ -n "$suffix" ] && exit 0
"$compiler" "$dest/suite.mlir" --print-header > "$dest/suite.h"
# Under both names: the kernels and the probe need libomp.so.5 (its soname).
cp -L "$llvm/lib/libomp.so" "$dest/libomp.so"
cp -L "$llvm/lib/libomp.so" "$dest/libomp.so.5"
# The probe at the same ISA level as the kernels, libomp found next to it.
"$llvm/bin/clang" -O3 -march="$cpu" -fopenmp "$root/bench/stream.c" \
  -o "$dest/stream" -L"$dest" -Wl,-rpath,'$ORIGIN'
cp "$root/bench/cases.py" "$here/driver.py" "$here/run.sh" "$dest/"
echo "$cpu" > "$dest/cpu.txt"
ls -la "$dest"
