#!/bin/sh
# Measures the expansion of `math.exp {dml.shifted_exp, dml.summed_exp}`
# (an exp(x - max(x)) that is only summed: dml-mark-shifted-exp) over every
# f32 argument <= 0 and every NaN against double exp: NaN only from NaN,
# and the relative error split into a constant part and the part that grows
# with |x| (docs/numerics.md). ~1 min on one core.
#
# usage: [CPU=znver5] [OPTIONS="--vector-bits 256"] [CC=clang-22]
#        utils/exp_summed/check_summed_exp.sh BUILD_DIR [STRIDE [MAX_CONSTANT]]
# STRIDE > 1 checks every STRIDE-th argument; MAX_CONSTANT (in units of
# 2^-24) makes a larger constant part fail.
set -eu
build=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/summed.mlir" <<'MLIR'
func.func @expk(%a: tensor<16777216xf32>) -> tensor<16777216xf32> {
  %init = tensor.empty() : tensor<16777216xf32>
  %e = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : tensor<16777216xf32>) outs(%init : tensor<16777216xf32>) {
  ^bb0(%x: f32, %unused: f32):
    %y = math.exp %x {dml.shifted_exp, dml.summed_exp} : f32
    linalg.yield %y : f32
  } -> tensor<16777216xf32>
  return %e : tensor<16777216xf32>
}
MLIR
# shellcheck disable=SC2086
"$build/bin/dml-compile" "$work/summed.mlir" -o "$work/libexpk.so" \
  --header "$work/expk.h" --cpu "${CPU:-znver5}" ${OPTIONS:-}
"${CC:-clang-22}" -O2 -I"$work" "$here/check_summed_exp.c" -L"$work" -lexpk \
  -Wl,-rpath,"$work" -lm -o "$work/check"
"$work/check" "$@"
