#!/usr/bin/python3
"""PyTorch contestant of the DML-MLIR benchmark suite (run by bench/bench.py).

  torch_bench.py --data-dir D --threads T --iters N --warmup W --out DIR
                 [--cases R1,T1,... | --serve]

For each case: loads the case's inputs from D/cases/<id>/in<i>.npy (reshaped
to the torch shapes of bench/cases.py), preallocates the outputs, calls the
case's torch function W times (warm-up), then N times, each timed with
time.perf_counter; saves the outputs of the last call to DIR/<id>.<k>.npy and
prints one JSON object {case: {"median_ms", "min_ms", "max_ms", "iters"
[, "alloc_bytes_per_call", "allocs_per_call"]} or {"error"}} as the last line
of stdout. With bench/alloc_count.c preloaded, --alloc-calls untimed calls
after the timed ones count the heap allocations per call. With --serve it prints {"_version",
"_threads"}, then reads case ids from stdin and answers each with one JSON
line, so that bench.py can interleave the contestants case by case.
"""

import argparse
import json
import os
import pathlib
import statistics
import sys
import time

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import cases as bench_cases  # noqa: E402


def bench_case(torch, args, out_dir, cid):
    case = bench_cases.BY_ID[cid]
    d = pathlib.Path(args.data_dir) / "cases" / cid
    ins = []
    for i, inp in enumerate(case.inputs):
        a = np.load(d / ("in%d.npy" % i))
        ins.append(torch.from_numpy(np.ascontiguousarray(a.reshape(inp.peer_torch_shape))))
    outs = [torch.empty(shape, dtype=getattr(torch, dt)) for shape, dt in case.torch_outputs]
    results = None
    for _ in range(args.warmup):
        results = case.torch(torch, ins, outs)
    times = []
    for _ in range(args.iters):
        t0 = time.perf_counter()
        results = case.torch(torch, ins, outs)
        times.append((time.perf_counter() - t0) * 1e3)
    # Ops without an out= form return their results (allocated by the call).
    for k, o in enumerate(results if results is not None else outs):
        np.save(out_dir / ("%s.%d.npy" % (cid, k)), o.numpy())
    r = {"median_ms": statistics.median(times), "min_ms": min(times),
         "max_ms": max(times), "iters": len(times)}
    r.update(measure_allocation(lambda: case.torch(torch, ins, outs), cid, args.alloc_calls))
    return r


ALLOC_CONTROL = "/dev/null/dml-bench-alloc/"


def measure_allocation(call, label, calls):
    """Heap bytes and allocations per call, counted by bench/alloc_count.c
    when it is preloaded (LD_PRELOAD, DML_BENCH_ALLOC_OUT): the counters are
    reset, `calls` untimed calls are made, and the counts reported."""
    path = os.environ.get("DML_BENCH_ALLOC_OUT")
    if not path or calls <= 0 or "alloc_count" not in os.environ.get("LD_PRELOAD", ""):
        return {}
    os.access(ALLOC_CONTROL + "reset", os.F_OK)
    for _ in range(calls):
        call()
    os.access(ALLOC_CONTROL + "report/" + label, os.F_OK)
    try:
        lines = pathlib.Path(path).read_text().splitlines()
    except OSError:
        return {}
    for line in reversed(lines):
        parts = line.split()
        if len(parts) == 3 and parts[0] == label:
            return {"alloc_bytes_per_call": int(parts[1]) / calls,
                    "allocs_per_call": int(parts[2]) / calls}
    return {}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data-dir", required=True)
    ap.add_argument("--threads", type=int, required=True)
    ap.add_argument("--iters", type=int, default=25)
    ap.add_argument("--warmup", type=int, default=2)
    ap.add_argument("--alloc-calls", type=int, default=3,
                    help="untimed calls counted for allocation (needs bench/alloc_count.c preloaded)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--cases", default=",".join(c.id for c in bench_cases.CASES))
    ap.add_argument("--serve", action="store_true",
                    help="read case ids from stdin, one a line; answer each with a JSON line")
    args = ap.parse_args()

    import torch
    torch.set_num_threads(args.threads)
    torch.set_grad_enabled(False)
    out_dir = pathlib.Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    info = {"_version": torch.__version__, "_threads": torch.get_num_threads()}

    def one(cid):
        try:
            r = bench_case(torch, args, out_dir, cid)
        except Exception as e:  # report and go on with the next case
            r = {"error": "%s: %s" % (type(e).__name__, e)}
        print("torch %s: %s" % (cid, r), file=sys.stderr, flush=True)
        return r

    if args.serve:
        print(json.dumps(info), flush=True)
        for line in sys.stdin:
            cid = line.strip()
            if cid:
                print(json.dumps(one(cid)), flush=True)
        return 0
    results = {cid: one(cid) for cid in args.cases.split(",")}
    results.update(info)
    print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
