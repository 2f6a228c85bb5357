#!/bin/sh
# Checks that the compiled `math.exp` (dml-approximate-math: the project's
# expansion, or MLIR's with CPU_OPTIONS=fast-exp=false) is monotone
# non-decreasing over every f32 input and never NaN for a non-NaN input,
# and prints its max error in ulp against double exp rounded to float.
# The top_k carrier filter (docs/pipeline.md) relies on it: re-run after
# any change to the exp lowering. Takes ~2 min on one core.
#
# usage: [CPU=x86-64-v4] [CPU_OPTIONS=fast-exp=false] [CC=clang-22]
#        utils/exp_monotone/check_exp_monotone.sh BUILD_DIR [STRIDE [MAX_ULP]]
# STRIDE > 1 checks every STRIDE-th float and the floats around each table
# step (quick; test/Integration/edge/exp-accuracy.test); MAX_ULP makes a
# larger error fail.
set -eu
build=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/expk.mlir" <<'MLIR'
func.func @expk(%a: tensor<16777216xf32>) -> tensor<16777216xf32> {
  %e = math.exp %a : tensor<16777216xf32>
  return %e : tensor<16777216xf32>
}
MLIR
"$build/bin/dml-compile" "$work/expk.mlir" -o "$work/libexpk.so" \
  --header "$work/expk.h" --cpu "${CPU:-x86-64-v3}" \
  --cpu-options "${CPU_OPTIONS:-}"
"${CC:-clang-22}" -O2 -I"$work" "$here/check_exp_monotone.c" -L"$work" -lexpk \
  -Wl,-rpath,"$work" -lm -o "$work/check"
"$work/check" "$@"
