#!/bin/bash
# gpu-mem2 batch 2 (final build): old (main 9858b34) vs new, whole suite
# alternated in separate processes; difftest all ops (runtime change) +
# misaligned, stress reductions (min-reduced=1), memcheck 60 cases.
OUT=$(realpath -m "${1:?output folder}"); mkdir -p "$OUT"
H=.gpu/gpu-mem2; cd "$(dirname "$0")/../.." 2>/dev/null || true
S=$(date +%s)
{
echo "== difftest dt_all"; timeout 30 python3 $H/test/Integration/gpu/gpu_difftest.py run $H/dt_all 2>&1 | tail -5
echo "== difftest dt_all --misaligned"; timeout 30 python3 $H/test/Integration/gpu/gpu_difftest.py run $H/dt_all --misaligned 2>&1 | tail -4
echo "== difftest dt_stress"; timeout 25 python3 $H/test/Integration/gpu/gpu_difftest.py run $H/dt_stress 2>&1 | tail -5
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
echo "== memcheck dt_mc"; timeout 35 ${SAN:-compute-sanitizer} --tool memcheck python3 $H/test/Integration/gpu/gpu_difftest.py run $H/dt_mc 2>&1 | tail -4
} > "$OUT/check.txt" 2>&1
echo "checks done $(( $(date +%s) - S )) s"
timeout 20 python3 $H/tools/host_probe.py $H old,new,old,new A1,G1,R3 > "$OUT/host.txt" 2>&1
echo "host done $(( $(date +%s) - S )) s"
: > "$OUT/bench.txt"
for v in old new new old; do
  [ $(( $(date +%s) - S )) -gt 118 ] && { echo "skipped $v (time)" >> "$OUT/bench.txt"; continue; }
  T=$(mktemp -d); timeout 28 python3 $H/tools/mem_run.py $T $v $H/bench > /dev/null 2>&1
  grep "^| $v\|^copy\|^read torch.sum (4096" $T/bench.txt >> "$OUT/bench.txt"; rm -rf $T
  echo "bench $v done $(( $(date +%s) - S )) s"
done
echo "total $(( $(date +%s) - S )) s"
grep -h "passed\|FAIL\|ERROR SUMMARY\|skipped" "$OUT/check.txt" | head -10
grep "main_device" "$OUT/host.txt"
grep "| R1 \|| R3 \|| A1 " "$OUT/bench.txt"
