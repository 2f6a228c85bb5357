#!/usr/bin/python3
"""A/B timing of several builds of the same cases in one process.

  gpu_bench_variants.py run --cases T1,T2,T3 --rounds 5 NAME=DIR [NAME=DIR ...]
                        [--isolate]

Each DIR is a `gpu_bench.py build` output (lib<ID>.so, cases.py). For each
case, the inputs are made once (bench/cases.py's seed), every variant's
output is checked against PyTorch's, then the variants and PyTorch are timed
in turn (gpu_bench.py's method: warm-up, then CUDA events per call, median),
`--rounds` times, alternating, so that drifts of the machine hit all alike.
Prints, per case and contestant, the median over the rounds of the per-round
medians (device us) and their spread (min-max). `--isolate` runs each
variant in its own process (with PyTorch alongside): a kernel fault then
names its variant and spares the others, and no two builds of a library
share a process.
"""

import argparse
import ctypes
import pathlib
import statistics
import subprocess
import sys

import numpy as np

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import gpu_bench  # noqa: E402


HEADER = ("| case | contestant | device us median | spread | host us | "
          "x torch | x roofline | check |\n|---|---|---|---|---|---|---|---|")


def run(args):
    import torch
    variants = [v.split("=", 1) for v in args.variants]
    first = pathlib.Path(variants[0][1]).resolve()
    sys.path.insert(0, str(first))
    import cases  # noqa: E402
    bandwidth = args.bandwidth or gpu_bench.copy_bandwidth(torch)
    if args.isolate:
        print(f"copy {bandwidth / 1e12:.3f} TB/s "
              f"({torch.cuda.get_device_name()})\n{HEADER}", flush=True)
        for variant in args.variants:
            proc = subprocess.run(
                [sys.executable, __file__, "run", variant, "--cases",
                 args.cases, "--rounds", str(args.rounds), "--iters",
                 str(args.iters), "--bandwidth", str(bandwidth),
                 "--no-header"], capture_output=True, text=True)
            print(proc.stdout, end="", flush=True)
            if proc.returncode != 0:
                print(f"{variant}: exit {proc.returncode}: "
                      f"{proc.stderr.strip()[-600:]}", flush=True)
        return 0
    if not args.no_header:
        print(f"copy {bandwidth / 1e12:.3f} TB/s "
              f"({torch.cuda.get_device_name()})\n{HEADER}", flush=True)
    wanted = args.cases.split(",")
    for index, case in enumerate(cases.CASES):
        if case.id not in wanted:
            continue
        rng = np.random.default_rng(cases.case_seed(index))
        host_inputs = [x.make(rng) for x in case.inputs]
        inputs = [torch.from_numpy(np.ascontiguousarray(a)).cuda()
                  for a in host_inputs]
        outputs = [torch.empty(o.shape, dtype=torch.int64 if o.check == "index"
                               else torch.float32, device="cuda")
                   for o in case.outputs]
        peer_in = [t.reshape(x.peer_torch_shape) for t, x in
                   zip(inputs, case.inputs)]
        peer_out = [torch.empty(shape, dtype=getattr(torch, name),
                                device="cuda")
                    for shape, name in case.torch_outputs]
        contestants = {}
        stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
        pointers = [ctypes.c_void_p(t.data_ptr()) for t in inputs + outputs]
        for name, directory in variants:
            path = pathlib.Path(directory).resolve() / f"lib{case.id}.so"
            if not path.exists():  # a variant of some cases only
                continue
            library = ctypes.CDLL(str(path))
            entry = library.main_device
            entry.restype = ctypes.c_int

            def call(entry=entry, name=name):
                code = entry(*pointers, stream)
                if code != 0:
                    raise RuntimeError(f"{case.id} {name}: CUresult {code}")
            contestants[name] = call
        contestants["torch"] = lambda: case.torch(torch, peer_in, peer_out)
        contestants["torch"]()
        torch.cuda.synchronize()
        checks = {}
        for name, call in contestants.items():
            if name == "torch":
                continue
            for o in outputs:
                o.fill_(-7)
            call()
            try:
                torch.cuda.synchronize()
            except Exception as error:  # a kernel fault: the context is lost
                print(f"| {case.id} | {name} | FAULT: {str(error)[:160]} |",
                      flush=True)
                return 1
            same = all(torch.equal(a.reshape(-1).to(b.dtype), b.reshape(-1))
                       for a, b in zip(outputs, peer_out))
            checks[name] = "ok" if same else "DIFFERS"
        device = {name: [] for name in contestants}
        host = {name: [] for name in contestants}
        for _ in range(args.rounds):
            for name, call in contestants.items():
                d, h = gpu_bench.median_times(torch, call, args.iters, 5)
                device[name].append(d)
                host[name].append(h)
        roof = (case.read_bytes(host_inputs) + case.write_bytes) / bandwidth
        torch_us = statistics.median(device["torch"])
        for name in contestants:
            us = statistics.median(device[name])
            print(f"| {case.id} | {name} | {us:.1f} | "
                  f"{min(device[name]):.1f}-{max(device[name]):.1f} | "
                  f"{statistics.median(host[name]):.1f} | "
                  f"{us / torch_us:.2f} | {us / (roof * 1e6):.1f} | "
                  f"{checks.get(name, '-')} |", flush=True)
    return 0


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run")
    r.add_argument("variants", nargs="+", help="NAME=DIR")
    r.add_argument("--cases", default="T1,T2,T3")
    r.add_argument("--rounds", type=int, default=5)
    r.add_argument("--iters", type=int, default=30)
    r.add_argument("--isolate", action="store_true",
                   help="each variant in its own process")
    r.add_argument("--bandwidth", type=float, default=0.0,
                   help="copy bandwidth (B/s) measured before, if any")
    r.add_argument("--no-header", action="store_true")
    args = parser.parse_args(argv)
    return run(args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
