#!/usr/bin/python3
"""Variant runs on the GPU machine (bench/gpu/NOTES.md, v6/v7): write and
read bandwidth (fill/memset/sum), then each variant directory (built by
`gpu_bench.py build --out DIR/VARIANT [--gpu-options ...]`) against PyTorch:
per-call device us (events around one call, as gpu_bench.py), host us, and
kernel us (10 calls captured in a CUDA graph, replayed: no host in the way).

  mem_run.py OUT_DIR VARIANT[,VARIANT...] [DIR]   (DIR: default ./bench)
Writes OUT_DIR/bench.txt."""
import ctypes, pathlib, statistics, sys, time
import numpy as np
import torch
HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import gpu_bench  # noqa

def graph_us(call, reps=10, iters=20):
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        call(torch.cuda.current_stream())
    torch.cuda.synchronize()
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        for _ in range(reps):
            call(torch.cuda.current_stream())
    for _ in range(3):
        g.replay()
    torch.cuda.synchronize()
    ts = []
    for _ in range(iters):
        a = torch.cuda.Event(enable_timing=True); b = torch.cuda.Event(enable_timing=True)
        a.record(); g.replay(); b.record(); b.synchronize()
        ts.append(a.elapsed_time(b) * 1e3 / reps)
    return statistics.median(ts), min(ts), max(ts)

def main(out):
    f = open(pathlib.Path(out) / "bench.txt", "w")
    def p(*a):
        print(*a); print(*a, file=f); f.flush()
    bw = gpu_bench.copy_bandwidth(torch)
    p(f"copy {bw/1e12:.3f} TB/s (read+write) {torch.cuda.get_device_name()}")
    # Write roofline: O1's output size.
    t = torch.empty((4096, 32000), dtype=torch.float32, device="cuda")
    nb = t.numel() * 4
    cuda = ctypes.CDLL("libcuda.so.1")
    memset = cuda.cuMemsetD32Async
    memset.argtypes = [ctypes.c_uint64, ctypes.c_uint, ctypes.c_size_t, ctypes.c_void_p]
    st = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
    writes = [("torch fill_(1)", lambda: t.fill_(1.0)), ("torch zero_", lambda: t.zero_()),
              ("cuMemsetD32Async", lambda: memset(t.data_ptr(), 0x3f800000, t.numel(), st))]
    for name, fn in writes:
        for rep in range(2):
            us, host = gpu_bench.median_times(torch, fn, 30, 3)
            p(f"write {name} rep{rep}: {us:.1f} us = {nb/us/1e6:.3f} TB/s")
    del t
    # Read roofline: full sums (one output) of R1's input and of 1 GiB.
    for shape in [(4096, 4096), (1 << 28,)]:
        x = torch.randn(shape, device="cuda")
        for rep in range(2):
            us, _ = gpu_bench.median_times(torch, lambda: x.sum(), 30, 3)
            p(f"read torch.sum {tuple(shape)} rep{rep}: {us:.1f} us = {x.numel()*4/us/1e6:.3f} TB/s")
        del x
    torch.cuda.empty_cache()
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
    import cases  # noqa
    order = sys.argv[2].split(",")
    root = pathlib.Path(sys.argv[3]) if len(sys.argv) > 3 else HERE / "bench"
    p("| variant | case | ours dev us | host us | kernel us (graph, min-max) | torch dev us | torch kernel us | ours/torch | roof us | dev/roof | kernel/roof | check |")
    p("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for variant in order:
        d = root / variant
        for index, case in enumerate(cases.CASES):
            lib = d / f"lib{case.id}.so"
            if not lib.exists():
                continue
            rng = np.random.default_rng(cases.case_seed(index))
            host_inputs = [x.make(rng) for x in case.inputs]
            inputs = [torch.from_numpy(np.ascontiguousarray(a)).cuda() for a in host_inputs]
            tdt = {np.dtype(np.float32): torch.float32, np.dtype(np.int64): torch.int64,
                   np.dtype(np.uint64): torch.int64, np.dtype(np.int32): torch.int32}
            outputs = [torch.empty(o.shape, dtype=tdt[np.dtype(o.dtype)], device="cuda") for o in case.outputs]
            library = ctypes.CDLL(str(lib))
            entry = library.main_device
            entry.restype = ctypes.c_int
            ptrs = [ctypes.c_void_p(x.data_ptr()) for x in inputs + outputs]
            stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
            def ours():
                c = entry(*ptrs, stream)
                if c: raise RuntimeError(f"{case.id} CUresult {c}")
            def ours_on(s):
                c = entry(*ptrs, ctypes.c_void_p(s.cuda_stream))
                if c: raise RuntimeError(f"{case.id} CUresult {c}")
            for o in outputs: o.fill_(-7)
            ours(); torch.cuda.synchronize()
            ours_out = [o.clone() for o in outputs]
            us, host = gpu_bench.median_times(torch, ours, 50, 5)
            try:
                k, kmin, kmax = graph_us(ours_on)
                ks = f"{k:.1f} ({kmin:.1f}-{kmax:.1f})"
            except Exception as e:  # noqa
                k = float("nan"); ks = f"graph failed: {str(e)[:60]}"
            peer_in = [x.reshape(y.peer_torch_shape) for x, y in zip(inputs, case.inputs)]
            if case.id in ("G1", "G2"):
                peer_in[1] = peer_in[1].long()
            peer_out = [torch.empty(s, dtype=getattr(torch, n), device="cuda") for s, n in case.torch_outputs]
            peer = lambda: case.torch(torch, peer_in, peer_out)  # noqa
            if case.id == "O1":
                off, on = host_inputs[1].reshape(-1).tolist()
                ind = peer_in[0].long()
                def peer():
                    peer_out[0].fill_(off); peer_out[0].scatter_(1, ind, on)
            pus, phost = gpu_bench.median_times(torch, peer, 50, 5)
            try:
                pk, _, _ = graph_us(lambda s: peer())
            except Exception:
                pk = float("nan")
            check = "ok"
            for a_t, b_t, o in zip(ours_out, peer_out, case.outputs):
                a = a_t.reshape(-1).cpu().numpy(); b = b_t.reshape(-1).cpu().numpy()
                if o.check == "tol":
                    err = np.abs(a.astype(np.float64) - b) / (np.abs(b) + 1e-3)
                    if not np.all(err < 1e-3): check = f"max rel err {err.max():.2e}"
                elif not np.array_equal(a.astype(np.int64) if o.check == "index" else a, b):
                    check = f"{int(np.sum(a != b))} differ"
            roof = (case.read_bytes(host_inputs) + case.write_bytes) / bw * 1e6
            p(f"| {variant} | {case.id} | {us:.1f} | {host:.1f} | {ks} | {pus:.1f} | {pk:.1f} | {us/pus:.2f} | {roof:.1f} | {us/roof:.2f} | {k/roof:.2f} | {check} |")
            del inputs, outputs, peer_in, peer_out, ours_out
            torch.cuda.empty_cache()
    f.close()

if __name__ == "__main__":
    main(sys.argv[1])
