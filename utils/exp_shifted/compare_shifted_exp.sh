#!/bin/sh
# Proves that the expansion of `math.exp {dml.shifted_exp}` (exp(x - max(x)),
# dml-mark-shifted-exp) gives the bits of the plain expansion for every f32
# argument <= 0 and every NaN (all 2^32 patterns are run; ~1 min).
#
# usage: [CPU=znver5] [OPTIONS="--vector-bits 256"] [REF_COMPILE=/work/main/build/bin/dml-compile]
#        [CC=clang-22] utils/exp_shifted/compare_shifted_exp.sh BUILD_DIR
# REF_COMPILE compiles the plain exp (default: BUILD_DIR's dml-compile);
# OPTIONS go to both compilers (e.g. --no-vectorize: the scalar expansion).
set -eu
build=$1
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
kernel() { # NAME [ATTRIBUTE]
  cat <<MLIR
func.func @$1(%a: tensor<16777216xf32>) -> tensor<16777216xf32> {
  %init = tensor.empty() : tensor<16777216xf32>
  %e = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : tensor<16777216xf32>) outs(%init : tensor<16777216xf32>) {
  ^bb0(%x: f32, %unused: f32):
    %y = math.exp %x ${2:-} : f32
    linalg.yield %y : f32
  } -> tensor<16777216xf32>
  return %e : tensor<16777216xf32>
}
MLIR
}
kernel expk_ref >"$work/ref.mlir"
kernel expk_shifted "{dml.shifted_exp}" >"$work/shifted.mlir"
# shellcheck disable=SC2086
"${REF_COMPILE:-$build/bin/dml-compile}" "$work/ref.mlir" -o "$work/libref.so" \
  --header "$work/ref.h" --cpu "${CPU:-znver5}" ${OPTIONS:-}
# shellcheck disable=SC2086
"$build/bin/dml-compile" "$work/shifted.mlir" -o "$work/libshifted.so" \
  --header "$work/shifted.h" --cpu "${CPU:-znver5}" ${OPTIONS:-}
cat "$work/ref.h" "$work/shifted.h" >"$work/expk.h"
"${CC:-clang-22}" -O2 -I"$work" "$here/compare_shifted_exp.c" -L"$work" \
  -lref -lshifted -Wl,-rpath,"$work" -o "$work/compare"
"$work/compare"
