#!/usr/bin/python3
"""Host time per call (no events, no synchronization inside the loop):
the ctypes floor, the driver's context calls, our entry points (old/new
builds), a PyTorch op. Medians of 7 rounds of 400 calls each (then a
synchronize, so the launch queue never fills)."""
import ctypes, pathlib, statistics, sys, time
import numpy as np
import torch
root = pathlib.Path(sys.argv[1])
x = torch.zeros(1 << 20, device="cuda")
torch.cuda.synchronize()
libc = ctypes.CDLL(None)
cuda = ctypes.CDLL("libcuda.so.1")
ctx = ctypes.c_void_p()
cuda.cuCtxGetCurrent(ctypes.byref(ctx))
buf = ctypes.create_string_buffer(16)
p = ctypes.c_void_p(ctypes.addressof(buf))
def rounds(fn, n=400, r=7):
    ts = []
    for _ in range(r):
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        ts.append((time.perf_counter() - t0) / n * 1e6)
        torch.cuda.synchronize()
    return statistics.median(ts), min(ts), max(ts)
probes = [("ctypes memset(p,0,0) 3 args", lambda: libc.memset(p, 0, 0)),
          ("cuCtxGetCurrent", lambda: cuda.cuCtxGetCurrent(ctypes.byref(ctx))),
          ("cuCtxSetCurrent(primary)", lambda: cuda.cuCtxSetCurrent(ctx)),
          ("torch x.add_(1) 1M f32", lambda: x.add_(1.0))]
stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
sys.path.insert(0, str(root))
import cases  # noqa
for variant in sys.argv[2].split(","):
    for index, case in enumerate(cases.CASES):
        if case.id not in sys.argv[3].split(","):
            continue
        lib = root / "bench" / variant / f"lib{case.id}.so"
        rng = np.random.default_rng(cases.case_seed(index))
        ins = [torch.from_numpy(np.ascontiguousarray(x.make(rng))).cuda() for x in case.inputs]
        tdt = {np.dtype(np.float32): torch.float32, np.dtype(np.int64): torch.int64,
               np.dtype(np.uint64): torch.int64, np.dtype(np.int32): torch.int32}
        outs = [torch.empty(o.shape, dtype=tdt[np.dtype(o.dtype)], device="cuda") for o in case.outputs]
        entry = ctypes.CDLL(str(lib)).main_device
        entry.restype = ctypes.c_int
        ptrs = [ctypes.c_void_p(t.data_ptr()) for t in ins + outs]
        def call(entry=entry, ptrs=ptrs):
            entry(*ptrs, stream)
        probes.append((f"{variant} {case.id} main_device", call))
        probes.append((f"ctypes floor, {len(ptrs) + 1} args",
                       (lambda k: lambda: libc.memset(*([p, 0, 0] + [p] * (k - 3))))(len(ptrs) + 1)))
for name, fn in probes:
    fn(); torch.cuda.synchronize()
    m, lo, hi = rounds(fn)
    print(f"host {name}: {m:.2f} us/call ({lo:.2f}-{hi:.2f})")

# The driver's launch alone: an empty kernel (12 u64 parameters, as our
# kernels' memref descriptors) through cuLaunchKernel from ctypes.
PTX = b"""
.version 8.0
.target sm_90
.address_size 64
.visible .entry empty(.param .u64 p0, .param .u64 p1, .param .u64 p2,
  .param .u64 p3, .param .u64 p4, .param .u64 p5, .param .u64 p6,
  .param .u64 p7, .param .u64 p8, .param .u64 p9, .param .u64 p10,
  .param .u64 p11)
{
  ret;
}
\0"""
module = ctypes.c_void_p(); function = ctypes.c_void_p()
print("load", cuda.cuModuleLoadData(ctypes.byref(module), ctypes.c_char_p(PTX)),
      cuda.cuModuleGetFunction(ctypes.byref(function), module, b"empty"))
values = (ctypes.c_uint64 * 12)()
params = (ctypes.c_void_p * 12)(*[ctypes.addressof(values) + 8 * i for i in range(12)])
launch = cuda.cuLaunchKernel
launch.argtypes = [ctypes.c_void_p] + [ctypes.c_uint] * 7 + [ctypes.c_void_p] * 3
def empty():
    launch(function, 1, 1, 1, 256, 1, 1, 0, stream, params, None)
empty(); torch.cuda.synchronize()
for _ in range(2):
    m, lo, hi = rounds(empty)
    print(f"host cuLaunchKernel(empty, 12 params) via ctypes 11 args: {m:.2f} us/call ({lo:.2f}-{hi:.2f})")
    m, lo, hi = rounds(lambda: libc.memset(p, 0, 0, p, p, p, p, p, p, p, p))
    print(f"host ctypes floor, 11 args: {m:.2f} us/call ({lo:.2f}-{hi:.2f})")
