#!/usr/bin/python3
"""GPU differential test: the cases of difftest.py through AOT GPU libraries.

Two steps, because the GPU machine has no LLVM/MLIR:

  build  (here)   generate the cases (difftest.py's generator, same seeds),
                  compile each group of cases with
                  `dml-compile --target=nvptx64-nvidia-cuda` into a shared
                  library and pickle inputs and expected outputs;
  run    (there)  load the libraries with ctypes, call each case's host-
                  pointer entry point on numpy buffers (outputs poisoned
                  first) and compare with the reference (difftest.compare).

Exit status 0 iff every case passed; the last line is `N passed, M failed`.
`run` exits 77 (skipped) when no CUDA device is usable (entry point returns
100).

Usage:
  gpu_difftest.py build --dml-compile build/bin/dml-compile --out DIR
                        [--seed 1] [--count 500] [--ops ...] [--group-size 50]
                        [--long-top-k 20] [--mid-top-k 100]
                        [--gpu-options 'min-reduced=1']
  gpu_difftest.py run DIR [--misaligned]

`--misaligned` calls the `<name>_device` entry points instead, on device
buffers (libcuda through ctypes) placed one element past a 16-byte
boundary: the kernels' 16-byte loads and stores must fall back to their
scalar paths there.
"""

import argparse
import ctypes
import pathlib
import pickle
import subprocess
import sys

import numpy as np

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "differential"))
import difftest  # noqa: E402

GPU_OPS = "top_k,arg_max,arg_min,reduce,gather,one_hot"
SKIPPED = 77
NO_DEVICE = 100


# Long top_k sequences (difftest.py's shapes stay under 4096 elements): the
# GPU kernel's index passes, block sizes above 256 and the global candidate
# list (K * key bytes > 32 KiB) are only reached here.
LONG_TOP_K_LENGTHS = [3000, 5000, 9000, 17000, 33000, 70000]


# Mid-length top_k sequences with small K: the warp-per-sequence kernel
# (K <= 32, up to 2048 elements) with many rows, ragged ends and ties.
MID_TOP_K_MAX_LENGTH = 2100


def long_top_k_shape(rng):
    length = LONG_TOP_K_LENGTHS[int(rng.integers(len(LONG_TOP_K_LENGTHS)))]
    rows = max(1, min(int(rng.integers(1, 4)), 70000 // length))
    axis = int(rng.integers(2))
    r = rng.random()
    # K = length and K above the shared-memory list's capacity (2730 for
    # 64-bit keys, 4096 for others), kept moderate for the pickle's size.
    k = (length if r < 0.2 and length <= 17000
         else int(rng.integers(2731, min(length, 9000) + 1)) if r < 0.45
         else int(rng.integers(1, 2048)))
    return length, rows, axis, k


def mid_top_k_shape(rng):
    length = int(rng.integers(1, MID_TOP_K_MAX_LENGTH + 1))
    rows = int(rng.integers(1, 17))
    axis = int(rng.integers(2))
    r = rng.random()
    k = (int(rng.integers(1, min(length, 32) + 1)) if r < 0.75
         else int(rng.integers(1, length + 1)))
    return length, rows, axis, k


def make_long_top_k_case(seed, index, salt=1000003, pick=long_top_k_shape,
                         label="long"):
    rng = np.random.default_rng([seed, salt, index])
    dt = difftest.ALL_BUT_F64[index % len(difftest.ALL_BUT_F64)]
    idx_dt = difftest.TOPK_INDEX[(index // 2) % len(difftest.TOPK_INDEX)]
    length, rows, axis, k = pick(rng)
    shape = (length, rows) if axis == 0 else (rows, length)
    direction = ["increasing", "decreasing"][int(rng.integers(2))]
    mode = difftest.pick_mode(rng, dt, difftest.SELECTION_MODES)
    case = difftest.Case(index, "top_k", None, dt)
    with np.errstate(all="ignore"):
        x = difftest.selection_data(rng, dt, shape, mode)
    case.inputs = [x]
    v, i = difftest.ref.top_k(x, axis, k, direction, idx_dt)
    case.desc = (f"top_k {difftest.MLIR_TYPE[dt]} -> "
                 f"{difftest.MLIR_TYPE[idx_dt]} shape {shape} axis {axis} "
                 f"k {k} {direction} data {mode} ({label})")
    line = (f"dml.top_k %arg0, axis = {axis}, k = {k}, direction = "
            f"{direction} : {difftest.tensor_type(x.shape, dt)} -> "
            f"{difftest.tensor_type(v.shape, dt)}, "
            f"{difftest.tensor_type(i.shape, idx_dt)}")
    difftest.finish(case, line, [v, i])
    return case


def build(args):
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    configs = difftest.select_configs(args.ops)
    cases = [difftest.make_case(args.seed, i, configs)
             for i in range(args.start, args.start + args.count)]
    end = args.start + args.count
    cases += [make_long_top_k_case(args.seed, i)
              for i in range(end, end + args.long_top_k)]
    end += args.long_top_k
    cases += [make_long_top_k_case(args.seed, i, 1000033, mid_top_k_shape,
                                   "mid")
              for i in range(end, end + args.mid_top_k)]
    groups = [cases[i:i + args.group_size]
              for i in range(0, len(cases), args.group_size)]
    records = []
    for g, group in enumerate(groups):
        module = out / f"group_{g}.mlir"
        module.write_text("\n".join(c.text for c in group), encoding="utf-8")
        library = out / f"libgroup_{g}.so"
        proc = subprocess.run(
            [args.dml_compile, str(module), "--target=nvptx64-nvidia-cuda",
             f"--gpu-chip={args.chip}", "-o", str(library)]
            + ([f"--gpu-options={args.gpu_options}"] if args.gpu_options
               else []),
            capture_output=True, text=True)
        if proc.returncode != 0:
            print(f"FAIL group {g}: dml-compile exited {proc.returncode}: "
                  + proc.stderr.strip()[:2000])
            return 1
        module.unlink()
        for c in group:
            records.append({"name": c.name, "desc": c.desc, "op": c.op,
                            "fn": c.fn, "dt": c.dt, "library": library.name,
                            "inputs": c.inputs, "expected": c.expected,
                            "expected64": c.expected64, "case": c})
    with open(out / "cases.pkl", "wb") as f:
        pickle.dump(records, f)
    print(f"built {len(records)} cases in {len(groups)} libraries")
    return 0


class DeviceBuffers:
    """Device memory through the driver API (the primary context, as the
    runtime library uses), each buffer one element past 16-byte alignment."""

    def __init__(self):
        self.cuda = ctypes.CDLL("libcuda.so.1")
        self.check(self.cuda.cuInit(0))
        device, context = ctypes.c_int(), ctypes.c_void_p()
        self.check(self.cuda.cuDeviceGet(ctypes.byref(device), 0))
        self.check(self.cuda.cuDevicePrimaryCtxRetain(ctypes.byref(context),
                                                      device))
        self.check(self.cuda.cuCtxSetCurrent(context))
        self.allocations = []

    @staticmethod
    def check(code):
        if code != 0:
            raise RuntimeError(f"CUDA driver error {code}")

    def upload(self, array):
        base = ctypes.c_uint64()
        offset = array.dtype.itemsize
        self.check(self.cuda.cuMemAlloc_v2(ctypes.byref(base),
                                           ctypes.c_size_t(array.nbytes + 32)))
        self.allocations.append(base)
        pointer = (base.value + 16) + offset  # cuMemAlloc is 256-aligned
        self.check(self.cuda.cuMemcpyHtoD_v2(
            ctypes.c_uint64(pointer), ctypes.c_void_p(array.ctypes.data),
            ctypes.c_size_t(array.nbytes)))
        return pointer

    def download(self, pointer, array):
        self.check(self.cuda.cuCtxSynchronize())
        self.check(self.cuda.cuMemcpyDtoH_v2(
            ctypes.c_void_p(array.ctypes.data), ctypes.c_uint64(pointer),
            ctypes.c_size_t(array.nbytes)))

    def free(self):
        for base in self.allocations:
            self.cuda.cuMemFree_v2(base)
        self.allocations = []


def call_misaligned(library, r, inputs, outputs, device):
    entry = getattr(library, r["name"] + "_device")
    entry.restype = ctypes.c_int
    pointers = [device.upload(a) for a in inputs + outputs]
    code = entry(*[ctypes.c_void_p(p) for p in pointers], ctypes.c_void_p())
    if code == 0:
        for pointer, array in zip(pointers[len(inputs):], outputs):
            device.download(pointer, array)
    device.free()
    return code


def run(args):
    directory = pathlib.Path(args.dir)
    with open(directory / "cases.pkl", "rb") as f:
        records = pickle.load(f)
    libraries = {}
    failures = []
    device = None
    if args.misaligned:
        try:
            device = DeviceBuffers()
        except (OSError, RuntimeError) as error:
            print(f"skipped: no CUDA device ({error})")
            return SKIPPED
    for r in records:
        library = libraries.get(r["library"])
        if library is None:
            library = ctypes.CDLL(str(directory / r["library"]))
            libraries[r["library"]] = library
        entry = getattr(library, r["name"])
        entry.restype = ctypes.c_int
        inputs = [np.ascontiguousarray(a) for a in r["inputs"]]
        outputs = []
        for e in r["expected"]:
            poisoned = np.empty(e.shape, e.dtype)
            poisoned.view(np.uint8)[...] = 0xA5  # never a valid-looking zero
            outputs.append(poisoned)
        if device:
            try:
                code = call_misaligned(library, r, inputs, outputs, device)
            except RuntimeError as error:  # e.g. a misaligned access
                failures.append((r, str(error)))
                break
        else:
            pointers = [ctypes.c_void_p(a.ctypes.data)
                        for a in inputs + outputs]
            code = entry(*pointers)
        if code == NO_DEVICE:
            print("skipped: no CUDA device (entry point returned 100)")
            return SKIPPED
        if code != 0:
            failures.append((r, f"entry point returned CUresult {code}"))
            continue
        message = difftest.compare(r["case"], outputs)
        if message:
            failures.append((r, message))
    for r, message in failures:
        print(f"FAIL {r['name']}: {r['desc']}\n  {message}")
    coverage = {}
    for r in records:
        key = r["op"] if r["op"] != "reduce" else f"reduce.{r['fn']}"
        coverage[key] = coverage.get(key, 0) + 1
    print("coverage: " + ", ".join(f"{k} {v}" for k, v in sorted(coverage.items())))
    print(f"{len(records) - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build")
    b.add_argument("--dml-compile", default="dml-compile")
    b.add_argument("--out", required=True)
    b.add_argument("--seed", type=int, default=1)
    b.add_argument("--count", type=int, default=500)
    b.add_argument("--start", type=int, default=0)
    b.add_argument("--ops", default=GPU_OPS)
    b.add_argument("--group-size", type=int, default=50)
    b.add_argument("--long-top-k", type=int, default=0,
                   help="extra top_k cases with sequences of 3000-70000")
    b.add_argument("--mid-top-k", type=int, default=0,
                   help="extra top_k cases with sequences of 1-2100, "
                        "K mostly <= 32, up to 16 sequences")
    b.add_argument("--chip", default="sm_90")
    b.add_argument("--gpu-options", default="",
                   help="dml-compile --gpu-options (e.g. 'min-reduced=1': "
                        "every reduction through the block-wide kernels)")
    r = sub.add_parser("run")
    r.add_argument("dir")
    r.add_argument("--misaligned", action="store_true",
                   help="device entry points on buffers off 16-byte "
                        "alignment")
    args = parser.parse_args(argv)
    return build(args) if args.command == "build" else run(args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
