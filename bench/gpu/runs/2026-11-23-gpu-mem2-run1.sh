#!/bin/bash
# gpu-mem2 batch: log_sum_exp (R3) with ex2.approx and its post-op folded
# into the kernel (new; ex2: without the fold; rt: new + runtime cuCtxGetCurrent), old (main 9858b34) vs new
# builds; difftest of log_sum_exp; register counts; host cost per call.
OUT=$(realpath -m "${1:?output folder}"); mkdir -p "$OUT"
H=.gpu/gpu-mem2; cd "$(dirname "$0")/../.." 2>/dev/null || true
S=$(date +%s)
{
echo "== ptxas registers (if the toolkit has ptxas)"
PTXAS=$(command -v ptxas || ls /usr/local/cuda*/bin/ptxas 2>/dev/null | head -1)
if [ -n "$PTXAS" ]; then for f in $H/ptx/*.ptx; do echo "-- $f"; $PTXAS -arch=sm_90 -v "$f" -o /dev/null 2>&1 | grep -E "Used|spill" ; done; else echo "no ptxas"; fi
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv,noheader
} > "$OUT/info.txt" 2>&1
{
for d in dt_lse dt_lse_stress; do echo "== difftest $d"; timeout 40 python3 $H/test/Integration/gpu/gpu_difftest.py run $H/$d 2>&1 | tail -6; done
echo "== difftest dt_lse_stress --misaligned"; timeout 30 python3 $H/test/Integration/gpu/gpu_difftest.py run $H/dt_lse_stress --misaligned 2>&1 | tail -4
} > "$OUT/check.txt" 2>&1
echo "== memcheck dt_mc (40 log_sum_exp cases, min-reduced=1)" >> "$OUT/check.txt"
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
timeout 40 ${SAN:-compute-sanitizer} --tool memcheck python3 $H/test/Integration/gpu/gpu_difftest.py run $H/dt_mc 2>&1 | tail -4 >> "$OUT/check.txt"
echo "checks done $(( $(date +%s) - S )) s"
timeout 25 python3 $H/tools/host_probe.py $H old,rt,old,rt A1,R3 > "$OUT/host.txt" 2>&1
echo "host done $(( $(date +%s) - S )) s"
: > "$OUT/bench.txt"
for v in old4 rt ex2 t128u8 t1024u1 new4 old4; do
  [ $(( $(date +%s) - S )) -gt 125 ] && { echo "skipped $v (time)" >> "$OUT/bench.txt"; continue; }
  T=$(mktemp -d); timeout 22 python3 $H/tools/mem_run.py $T $v $H/bench > /dev/null 2>&1
  grep "^| $v\|^copy\|^read torch.sum (4096" $T/bench.txt >> "$OUT/bench.txt"; rm -rf $T
  echo "bench $v done $(( $(date +%s) - S )) s"
done
echo "total $(( $(date +%s) - S )) s"
grep -h "passed\|FAIL\|ERROR SUMMARY\|skipped" "$OUT/check.txt" | head -8
grep "R1 main\|A1 main\|R3 main\|floor\|Ctx" "$OUT/host.txt"
grep "| R1 \|| R3 \|| A1 " "$OUT/bench.txt"
