#!/bin/bash
# Builds an alternated A/B of kernel variants (ab.py) into DEST: the cases
# CASES (default R1,R2,R4) AOT-compiled for x86-64-v4 at each thread count,
# once per variant NAME=OPTIONS (OPTIONS: dml-compile --cpu-options; a
# variant NAME@/path/to/dml-compile=OPTIONS uses another compiler, e.g.
# main's), plus libomp, cases.py and ab.py. DEST then runs without LLVM:
#   python3 DEST/ab.py --out DIR --threads 2,4,8,16
#
#   bench/scale/ab_build.sh DEST THREADS CASES VARIANT...
#   e.g. ab_build.sh /tmp/ab 4,8,16 R1,R2 base= j1=long-row-streams=1
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
dest=${1:?usage: ab_build.sh DEST THREADS CASES VARIANT...}
threads=${2:?threads}
cases=${3:?cases}
shift 3
cpu=${CPU:-x86-64-v4}
mkdir -p "$dest"
PYTHONPATH=$root/bench /usr/bin/python3 - "$cases" > "$dest/ab.mlir" <<'EOF'
import sys
import cases
wanted = sys.argv[1].split(",")
print("\n".join(c.mlir().replace("@main(", "@%s(" % c.id, 1)
                for c in cases.ALL_CASES if c.id in wanted))
EOF
for variant in "$@"; do
  name=${variant%%=*}
  options=${variant#*=}
  compiler=$root/build/bin/dml-compile
  if [[ $name == *@* ]]; then
    compiler=${name#*@}
    name=${name%%@*}
  fi
  for t in ${threads//,/ }; do
    "$compiler" "$dest/ab.mlir" -o "$dest/ab_t${t}_$name.so" --cpu "$cpu" \
      --threads "$t" ${options:+--cpu-options "$options"}
  done
done
cp -L /usr/lib/llvm-22/lib/libomp.so "$dest/libomp.so"
cp -L /usr/lib/llvm-22/lib/libomp.so "$dest/libomp.so.5"
cp "$root/bench/cases.py" "$here/ab.py" "$dest/"
