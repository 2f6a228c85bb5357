#!/bin/bash
# One device-machine run of the scaling harness that build.sh put next to
# this script (bench/README.md, "Thread scaling on 16 cores"), within BUDGET
# seconds (default 150; ROUNDS rounds of the contestants, default 1):
#   DIR/scale.md, scale.json   all contestants, 1/2/4/8/16 threads, the
#                              OpenMP environment as given (what users get)
#   DIR/lscpu*.txt             the machine's CPUs
#   DIR/affinity-*.txt         libomp's view of the places and its bindings
#   DIR/variant-S/scale.md     the project alone with the libraries
#                              suite_tT<S>.so (build.sh --suffix S: e.g.
#                              the previous commit's kernels), same inputs
#   DIR/bind-*/scale.md        the project alone under explicit bindings
#                              (BINDINGS="spread:cores close:threads")
#
#   run.sh DIR [ITERS]
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh DIR [ITERS]}
iters=${2:-10}
mkdir -p "$out"
export LD_LIBRARY_PATH="$here${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
start=$(date +%s)
budget=${BUDGET:-150}
rounds=${ROUNDS:-1}
left() { echo $(( budget - 5 - ($(date +%s) - start) )); }
for t in 4 8; do
  OMP_DISPLAY_AFFINITY=TRUE OMP_NUM_THREADS=$t "$here/stream" --threads=$t \
    --mib=16 --reps=1 > "$out/affinity-default-$t.txt" 2>&1
done
timeout $(( budget - 35 )) python3 "$here/driver.py" --out "$out" --iters "$iters" \
  --rounds "$rounds" 2> "$out/driver.log"
echo "main run: rc $? after $(( $(date +%s) - start )) s"
for lib in "$here"/suite_t16_*.so; do
  [ -e "$lib" ] || continue
  suffix=${lib#"$here"/suite_t16}; suffix=${suffix%.so}
  threads=$(ls "$here" | sed -n "s/^suite_t\([0-9]*\)$suffix\.so$/\1/p" | sort -n | paste -sd,)
  [ "$(left)" -gt 8 ] || break
  timeout "$(left)" python3 "$here/driver.py" --out "$out/variant$suffix" \
    --contestants project --threads "$threads" --iters "$iters" --stream-mib 0 \
    --reuse-data --lib-suffix "$suffix" > /dev/null 2> "$out/variant$suffix.log"
done
for bind in ${BINDINGS:-}; do
  [ "$(left)" -gt 8 ] || break
  OMP_PROC_BIND=${bind%%:*} OMP_PLACES=${bind##*:} timeout "$(left)" python3 \
    "$here/driver.py" --out "$out/bind-${bind%%:*}-${bind##*:}" --contestants project \
    --threads 2,4,8,16 --iters "$iters" --stream-mib 0 --reuse-data \
    > /dev/null 2> "$out/bind-${bind%%:*}-${bind##*:}.log"
done
echo "done after $(( $(date +%s) - start )) s"
grep -E '^\| (R1|R2|R4|A1|A2|G1|G2|O1) ' "$out/scale.md" | cut -d'|' -f1-7
for f in "$out"/variant*/scale.md "$out"/bind-*/scale.md; do
  [ -e "$f" ] || continue
  echo "$f"; grep -E '^\| (R1|R2|R4|A2|O1) ' "$f" | cut -d'|' -f1-7
done
