#!/usr/bin/python3
"""GPU benchmark: the suite's cases (bench/cases.py) on an NVIDIA GPU, the
project's AOT GPU libraries against PyTorch CUDA in the same process.

  build (here, with LLVM/MLIR):  gpu_bench.py build --dml-compile DML --out DIR
      writes DIR/lib<ID>.so (dml-compile --target=nvptx64-nvidia-cuda) for
      every case the GPU target supports, and DIR/cases.py (a copy).
  run (on the GPU machine, with torch):  gpu_bench.py run DIR [--iters N]

Timing (bench/gpu/NOTES.md): inputs and outputs live on the device; each
contestant makes warm-up calls, then N timed calls, each between two CUDA
events on the current stream (median = "device us": kernels plus the gaps
between them); "host us" is the median wall time of enqueuing one call
(launch overhead, no synchronization). The roofline is the minimum bytes
(bench/cases.py read_bytes + write_bytes) over the bandwidth of a large
device-to-device copy measured in the same run (bytes read + written).
Outputs are checked against PyTorch's.
"""

import argparse
import ctypes
import pathlib
import shutil
import statistics
import subprocess
import sys
import time

import numpy as np

HERE = pathlib.Path(__file__).resolve().parent


def build(args):
    sys.path.insert(0, str(HERE.parent))
    import cases  # noqa: E402
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    shutil.copy(HERE.parent / "cases.py", out / "cases.py")
    for case in cases.CASES:
        if args.cases and case.id not in args.cases.split(","):
            continue
        module = out / f"{case.id}.mlir"
        module.write_text(case.mlir())
        proc = subprocess.run(
            [args.dml_compile, str(module), "--target=nvptx64-nvidia-cuda",
             "-o", str(out / f"lib{case.id}.so")]
            + ([f"--gpu-options={args.gpu_options}"] if args.gpu_options
               else []), capture_output=True, text=True)
        if proc.returncode != 0:
            print(f"{case.id}: dml-compile failed: {proc.stderr.strip()}")
            return 1
        print(f"{case.id}: built")
    return 0


def median_times(torch, call, iters, warmup):
    stream = torch.cuda.current_stream()
    for _ in range(warmup):
        call()
    torch.cuda.synchronize()
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(iters)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(iters)]
    host = []
    for i in range(iters):
        starts[i].record(stream)
        t0 = time.perf_counter()
        call()
        host.append(time.perf_counter() - t0)
        ends[i].record(stream)
    torch.cuda.synchronize()
    device = [s.elapsed_time(e) * 1e3 for s, e in zip(starts, ends)]
    return statistics.median(device), statistics.median(host) * 1e6


def copy_bandwidth(torch):
    n = 1 << 28  # 1 GiB of float32
    a = torch.randn(n, device="cuda")
    b = torch.empty_like(a)
    us, _ = median_times(torch, lambda: b.copy_(a), 20, 3)
    return 2 * a.numel() * 4 / (us * 1e-6)


def run(args):
    import torch
    directory = pathlib.Path(args.dir).resolve()
    sys.path.insert(0, str(directory))
    import cases  # noqa: E402
    bandwidth = copy_bandwidth(torch)
    print(f"device-to-device copy: {bandwidth / 1e12:.3f} TB/s "
          f"({torch.cuda.get_device_name()})")
    rows = []
    for index, case in enumerate(cases.CASES):
        library_path = directory / f"lib{case.id}.so"
        if not library_path.exists():
            continue
        rng = np.random.default_rng(cases.case_seed(index))
        host_inputs = [x.make(rng) for x in case.inputs]
        inputs = [torch.from_numpy(np.ascontiguousarray(a)).cuda()
                  for a in host_inputs]
        torch_dtype = {np.dtype(np.float32): torch.float32,
                       np.dtype(np.int64): torch.int64,
                       np.dtype(np.uint64): torch.int64,
                       np.dtype(np.int32): torch.int32}
        outputs = [torch.empty(o.shape, dtype=torch_dtype[np.dtype(o.dtype)],
                               device="cuda") for o in case.outputs]
        library = ctypes.CDLL(str(library_path))
        entry = library.main_device
        entry.restype = ctypes.c_int
        stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
        pointers = [ctypes.c_void_p(t.data_ptr()) for t in inputs + outputs]

        def ours():
            code = entry(*pointers, stream)
            if code != 0:
                raise RuntimeError(f"{case.id}: CUresult {code}")

        ours()
        torch.cuda.synchronize()
        ours_out = [o.clone() for o in outputs]
        ours_us, ours_host = median_times(torch, ours, args.iters, 5)

        peer_in = [t.reshape(x.peer_torch_shape) for t, x in
                   zip(inputs, case.inputs)]
        if case.id in ("G1", "G2"):
            peer_in[1] = peer_in[1].long()
        peer_out = [torch.empty(shape, dtype=getattr(torch, name),
                                device="cuda")
                    for shape, name in case.torch_outputs]
        peer = lambda: case.torch(torch, peer_in, peer_out)  # noqa: E731
        if case.id == "O1":
            # bench/cases.py reads the values with .tolist(), a device
            # synchronization on CUDA: take them once, outside the timing.
            off, on = host_inputs[1].reshape(-1).tolist()
            indices = peer_in[0].long()

            def peer():
                peer_out[0].fill_(off)
                peer_out[0].scatter_(1, indices, on)
        peer_us, peer_host = median_times(torch, peer, args.iters, 5)

        check = "ok"
        for ours_t, peer_t, o in zip(ours_out, peer_out, case.outputs):
            a = ours_t.reshape(-1).cpu().numpy()
            b = peer_t.reshape(-1).cpu().numpy()
            if o.check == "tol":
                err = np.abs(a.astype(np.float64) - b) / (np.abs(b) + 1e-3)
                if not np.all(err < 1e-3):
                    check = f"max rel err {err.max():.2e}"
            elif not np.array_equal(a.astype(np.int64) if o.check == "index"
                                    else a, b):
                check = f"{int(np.sum(a != b))} elements differ"
        nbytes = case.read_bytes(host_inputs) + case.write_bytes
        roof_us = nbytes / bandwidth * 1e6
        rows.append((case.id, ours_us, ours_host, peer_us, peer_host, roof_us,
                     check))
    print("\n| case | ours device us | ours host us | torch device us | "
          "torch host us | ours/torch | roofline us | ours/roofline | check |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r[0]} | {r[1]:.1f} | {r[2]:.1f} | {r[3]:.1f} | {r[4]:.1f} | "
              f"{r[1] / r[3]:.2f} | {r[5]:.1f} | {r[1] / r[5]:.2f} | {r[6]} |")
    return 0


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build")
    b.add_argument("--dml-compile", default="dml-compile")
    b.add_argument("--out", required=True)
    b.add_argument("--cases", default="")
    b.add_argument("--gpu-options", default="",
                   help="dml-compile --gpu-options, for variants")
    r = sub.add_parser("run")
    r.add_argument("dir")
    r.add_argument("--iters", type=int, default=50)
    args = parser.parse_args(argv)
    return build(args) if args.command == "build" else run(args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
