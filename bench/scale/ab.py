"""Alternated A/B of kernel variants against PyTorch and ONNX Runtime
(bench/README.md, "Alternated variants on 16 cores").

The scaling driver (driver.py) times each contestant once per thread count,
in one process after the other: on the 16-core VM a case moves 10-40 %
between runs, more than the differences a variant makes. Here, for every
thread count, one long-lived worker per contestant (the project's worker
holds every variant library, ab_tT_<variant>.so, built by ab_build.sh) runs
`--iters` calls of a case when told, and the parent takes each case through
all contestants, `--rounds` times (the order rotated per round). Each batch starts with warm-up calls (the
inputs come back into the L3 the previous contestant's copy took), and the
parent sleeps `--pause` seconds between batches, longer than libomp's
KMP_BLOCKTIME (200 ms) and PyTorch's and ONNX Runtime's spinning: an idle
team would otherwise spin beside the one being timed.

  python3 ab.py --out DIR [--threads 2,4,8,16] [--cases R1,R2,R4]
                [--rounds 4] [--iters 20] [--peers torch,ort]

Inputs start at a page boundary (DML_AB_INPUT_OFFSET=N: N bytes past
one; =numpy: numpy's own buffers), for every contestant.

DIR/ab.md: per thread count and case, each contestant's median over all its
timed calls and the range of its per-round medians; DIR/ab.json: every
call's time.
"""

import argparse
import ctypes
import hashlib
import json
import os
import pathlib
import statistics
import subprocess
import sys
import time

import numpy as np

HERE = pathlib.Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]
import cases as bench_cases  # noqa: E402

CASES = {c.id: c for c in bench_cases.ALL_CASES}


def variants_for(threads):
    prefix = "ab_t%d_" % threads
    return sorted(p.name[len(prefix):-3] for p in HERE.glob(prefix + "*.so"))


def input_copy(a):
    """`a` in a buffer that starts DML_AB_INPUT_OFFSET bytes (default 0)
    past a page boundary, as dml-run's 64-byte aligned buffers do; "numpy"
    keeps numpy's own buffer (large arrays start 16 bytes past a page:
    every 64-byte load of a row then spans two cache lines, which cost R1's
    512-bit loop ~50 % on the AMD host, bench/README.md, branch cpu-r1)."""
    a = np.ascontiguousarray(a)
    offset = os.environ.get("DML_AB_INPUT_OFFSET", "0")
    if offset == "numpy":
        return a
    raw = np.empty(a.nbytes + 8192, np.uint8)
    skip = (int(offset) - raw.ctypes.data) % 4096
    placed = raw[skip:skip + a.nbytes].view(a.dtype).reshape(a.shape)
    placed[...] = a
    return placed


def inputs_of(data, case):
    return [input_copy(np.load(data / ("%s.in%d.npy" % (case.id, i))))
            for i in range(len(case.inputs))]


def project_keys(threads, offsets):
    """Each variant with numpy's outputs, then with its outputs placed at
    each of `offsets` bytes after the first input's address modulo 4096."""
    return [v + suffix for v in variants_for(threads)
            for suffix in [""] + ["+o%d" % o for o in offsets]]


def placed_zeros(shape, dtype, like, offset):
    """Zeros of `shape` whose address is `like`'s plus `offset`, mod 4096."""
    nbytes = int(np.prod(shape)) * np.dtype(dtype).itemsize
    raw = np.zeros(nbytes + 8192, np.uint8)
    skip = (like.ctypes.data + offset - raw.ctypes.data) % 4096
    return raw[skip:skip + nbytes].view(dtype).reshape(shape)


class ProjectRunner:
    def __init__(self, threads, data, cases, offsets=()):
        ctypes.CDLL(str(HERE / "libomp.so"), mode=ctypes.RTLD_GLOBAL)
        self.calls = {}
        self.outs = {}
        # One copy of the inputs shared by every variant (one L3 footprint).
        inputs = {cid: inputs_of(data, CASES[cid]) for cid in cases}
        for key in project_keys(threads, offsets):
            variant, _, offset = key.partition("+o")
            lib = ctypes.CDLL(str(HERE / ("ab_t%d_%s.so" % (threads, variant))))
            for cid in cases:
                case = CASES[cid]
                ins = inputs[cid]
                outs = [np.zeros(o.shape, o.dtype) if not offset else
                        placed_zeros(o.shape, o.dtype, ins[0], int(offset))
                        for o in case.outputs]
                fn = getattr(lib, cid)
                fn.restype = ctypes.c_int
                ptrs = [ctypes.c_void_p(a.ctypes.data) for a in ins + outs]
                self.calls[(cid, key)] = (fn, ptrs, ins)
                self.outs[(cid, key)] = outs

    def call(self, cid, key):
        fn, ptrs, _ = self.calls[(cid, key)]
        return lambda: fn(*ptrs)

    def result(self, cid, key):
        return [comparable(o) for o in self.outs[(cid, key)]]


class TorchRunner:
    def __init__(self, threads, data, cases):
        import torch
        torch.set_num_threads(threads)
        self.torch = torch
        self.state = {}
        for cid in cases:
            case = CASES[cid]
            ins = [torch.from_numpy(a.reshape(inp.peer_torch_shape))
                   for a, inp in zip(inputs_of(data, case), case.inputs)]
            outs = [torch.empty(shape, dtype=getattr(torch, dt))
                    for shape, dt in case.torch_outputs]
            self.state[cid] = (case, ins, outs)

    def call(self, cid, key):
        case, ins, outs = self.state[cid]
        return lambda: case.torch(self.torch, ins, outs)

    def result(self, cid, key):
        return [comparable(o.numpy()) for o in self.state[cid][2]]


class OrtRunner:
    def __init__(self, threads, data, cases):
        import onnxruntime as ort
        self.state = {}
        for cid in cases:
            case = CASES[cid]
            so = ort.SessionOptions()
            so.intra_op_num_threads = threads
            so.inter_op_num_threads = 1
            so.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
            so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
            sess = ort.InferenceSession(
                bench_cases.onnx_model(case).SerializeToString(), so,
                providers=["CPUExecutionProvider"])
            binding = sess.io_binding()
            feeds = {i.name for i in sess.get_inputs()}
            keep = []
            for a, inp in zip(inputs_of(data, case), case.inputs):
                if inp.name in feeds:
                    a = np.ascontiguousarray(a.reshape(inp.peer_onnx_shape))
                    keep.append(a)
                    binding.bind_cpu_input(inp.name, a)
            outs = []
            for k, (shape, dt) in enumerate(case.onnx_outputs):
                o = np.empty(shape, np.dtype(dt))
                outs.append(o)
                binding.bind_output("y%d" % k, "cpu", 0, o.dtype, list(o.shape),
                                    o.ctypes.data)
            self.state[cid] = (sess, binding, keep, outs)

    def call(self, cid, key):
        sess, binding, _, _ = self.state[cid]
        return lambda: sess.run_with_iobinding(binding)

    def result(self, cid, key):
        return [comparable(o) for o in self.state[cid][3]]


def comparable(a):
    """`a` as the parent compares it: a list, or for outputs of more than
    2^20 elements (O1's 524 MB: as JSON, minutes and ~10 GB in the parent)
    a SHA-256 of its bytes, compared exactly (such outputs are copies and
    one-hot rows, exact in every contestant)."""
    a = np.ascontiguousarray(a)
    if a.size <= 1 << 20:
        return a.tolist()
    return {"sha256": hashlib.sha256(memoryview(a).cast("B")).hexdigest(),
            "dtype": a.dtype.str, "shape": a.size}


def worker(kind, threads, data, cases, clock=time.perf_counter, offsets=()):
    if kind == "project":
        runner = ProjectRunner(threads, data, cases, offsets)
    else:
        runner = {"torch": TorchRunner, "ort": OrtRunner}[kind](threads, data, cases)
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        cmd = json.loads(line)
        if cmd["op"] == "time":
            call = runner.call(cmd["case"], cmd["key"])
            for _ in range(cmd["warmup"]):
                call()
            times = []
            for _ in range(cmd["iters"]):
                t0 = clock()
                call()
                times.append((clock() - t0) * 1e3)
            print(json.dumps(times), flush=True)
        elif cmd["op"] == "result":
            print(json.dumps(runner.result(cmd["case"], cmd["key"])), flush=True)
        else:
            return


class Worker:
    def __init__(self, kind, threads, args):
        env = dict(os.environ, OMP_NUM_THREADS=str(threads), OPENBLAS_NUM_THREADS="1",
                   LD_LIBRARY_PATH=str(HERE) + ":" + os.environ.get("LD_LIBRARY_PATH", ""))
        self.proc = subprocess.Popen(
            [sys.executable, str(HERE / "ab.py"), "--worker", kind, "--threads",
             str(threads), "--data", str(args.data), "--cases", args.cases,
             "--clock", args.clock, "--out-offsets", args.out_offsets],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
        self.ask(None)

    def ask(self, cmd):
        if cmd is not None:
            self.proc.stdin.write(json.dumps(cmd) + "\n")
            self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("worker died")
        return json.loads(line)

    def close(self):
        try:
            self.proc.stdin.write(json.dumps({"op": "quit"}) + "\n")
            self.proc.stdin.flush()
        except OSError:
            pass
        self.proc.wait(timeout=30)


def prepare(data, cases):
    data.mkdir(parents=True, exist_ok=True)
    for index, case in enumerate(bench_cases.ALL_CASES):
        if case.id not in cases:
            continue
        rng = np.random.default_rng(bench_cases.case_seed(index))
        for i, inp in enumerate(case.inputs):
            np.save(data / ("%s.in%d.npy" % (case.id, i)), inp.make(rng))


def close_enough(a, b):
    return len(a) == len(b) and all(map(output_close_enough, a, b))


def output_close_enough(a, b):
    if isinstance(a, dict) or isinstance(b, dict):
        return a == b
    a, b = np.asarray(a, np.float64), np.asarray(b, np.float64).reshape(np.shape(a))
    return bool(np.allclose(a, b, rtol=1e-3, atol=1e-3))


def fmt(x):
    return "%.3g" % x


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--worker", choices=("project", "torch", "ort"))
    ap.add_argument("--threads", default="2,4,8,16")
    ap.add_argument("--cases", default="R1,R2,R4")
    ap.add_argument("--peers", default="torch,ort")
    ap.add_argument("--out-offsets", default="",
                    help="also time each variant with its outputs at these byte "
                         "offsets from the first input's address modulo 4096 "
                         "(keys VARIANT+oN)")
    ap.add_argument("--project-only", default="",
                    help="cases the peers skip (e.g. A2: 60 ms per call at 2 threads)")
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--iters", type=int, default=20)
    ap.add_argument("--warmup", type=int, default=3)
    ap.add_argument("--pause", type=float, default=0.25)
    ap.add_argument("--budget", type=float, default=140,
                    help="seconds; thread counts not started by then are skipped")
    ap.add_argument("--clock", choices=("wall", "thread"), default="wall",
                    help="thread: CPU time of the calling thread (1 thread only: "
                         "a loaded host's preemptions drop out)")
    ap.add_argument("--data", type=pathlib.Path, default=pathlib.Path("/tmp/dml-ab"))
    ap.add_argument("--out", type=pathlib.Path)
    args = ap.parse_args()
    cases = args.cases.split(",")
    offsets = [int(o) for o in args.out_offsets.split(",") if o]
    if args.worker:
        worker(args.worker, int(args.threads), args.data, cases,
               time.thread_time if args.clock == "thread" else time.perf_counter,
               offsets)
        return

    start = time.time()
    prepare(args.data, cases)
    peers = [p for p in args.peers.split(",") if p]
    results = {}
    lines = ["Alternated A/B (`bench/scale/ab.py`): %d rounds x %d calls per "
             "contestant, case and thread count (+%d warm-up calls per batch), "
             "%.1f s pause between batches. Cells: median ms over all calls "
             "[lowest-highest per-round median]." % (
                 args.rounds, args.iters, args.warmup, args.pause), ""]
    for threads in [int(t) for t in args.threads.split(",")]:
        if time.time() - start > args.budget:
            lines.append("%d threads: skipped (budget)" % threads)
            continue
        variants = project_keys(threads, offsets)
        workers = {"project": Worker("project", threads, args)}
        for p in peers:
            try:
                workers[p] = Worker(p, threads, args)
            except Exception as e:  # a missing peer is reported, not fatal
                print("%s at %d threads: %s" % (p, threads, e), file=sys.stderr)
        keys = [("project", v) for v in variants] + [(p, p) for p in peers if p in workers]
        times = {(c, k[1]): [] for c in cases for k in keys}
        rounds = {(c, k[1]): [] for c in cases for k in keys}
        previous = None
        dead = set()
        project_only = set(args.project_only.split(",")) if args.project_only else set()
        # One case at a time through all contestants: the inputs of one case
        # in every process (3 x 64 MB for R1) fit the 16-core machine's L3;
        # all cases at once (the variants share the project's copy, each peer
        # has its own) would not, and the peers would lose more of theirs.
        for r in range(args.rounds):
            # Rotate the contestants' processes per round: none always
            # follows another. The project's variants run as one block, in
            # order for len(blocks) rounds, then reversed as long: the variant
            # that ran first after another process was the slower one (R1's
            # identical 1-thread code 10 % on the 16-core Xeon, cpu-x16); over
            # a multiple of 2 x len(blocks) rounds the first and the last
            # variant lead equally often.
            blocks = [[k for k in keys if k[0] == "project"]] + [
                [k] for k in keys if k[0] != "project"]
            blocks = blocks[r % len(blocks):] + blocks[:r % len(blocks)]
            order = [k for block in blocks
                     for k in (block if (r // len(blocks)) % 2 == 0 else block[::-1])]
            for c in cases:
                for kind, key in order:
                    # Variants share one process (one OpenMP team): a pause
                    # only where another process takes over.
                    if previous not in (None, kind):
                        time.sleep(args.pause)
                    previous = kind
                    if kind in dead or (kind != "project" and c in project_only):
                        continue
                    try:
                        t = workers[kind].ask({"op": "time", "case": c, "key": key,
                                               "iters": args.iters,
                                               "warmup": args.warmup})
                    except (RuntimeError, OSError, ValueError) as e:
                        print("%s at %d threads: %s" % (kind, threads, e), file=sys.stderr)
                        dead.add(kind)
                        continue
                    times[(c, key)] += t
                    rounds[(c, key)].append(statistics.median(t))
        keys = [k for k in keys if k[0] not in dead]
        checks = {}
        for c in cases:
            ref = workers["project"].ask({"op": "result", "case": c, "key": variants[0]})
            for kind, key in keys:
                if not times[(c, key)]:
                    continue
                got = workers[kind].ask({"op": "result", "case": c, "key": key})
                checks[(c, key)] = close_enough(ref, got)
        for kind, w in workers.items():
            if kind not in dead:
                w.close()
        results[threads] = {"%s/%s" % ck: v for ck, v in times.items()}
        lines.append("### %d threads" % threads)
        lines.append("")
        lines.append("| case | " + " | ".join(k for _, k in keys) + " | best peer | "
                     + " | ".join("%s/peer" % v for v in variants) + " |")
        lines.append("|---" * (2 + len(keys) + len(variants)) + "|")
        for c in cases:
            med = {k: statistics.median(times[(c, k)]) for _, k in keys
                   if times[(c, k)]}
            cells = ["%s [%s-%s]%s" % (fmt(med[k]), fmt(min(rounds[(c, k)])),
                                       fmt(max(rounds[(c, k)])),
                                       "" if checks[(c, k)] else " MISMATCH")
                     if k in med else "-" for _, k in keys]
            peer_meds = [(med[p], p) for p in peers if p in med]
            best = min(peer_meds) if peer_meds else None
            ratios = [fmt(med[v] / best[0]) if best else "n/a" for v in variants]
            lines.append("| %s | %s | %s | %s |" % (
                c, " | ".join(cells), "%s %s" % (best[1], fmt(best[0])) if best else "n/a",
                " | ".join(ratios)))
        lines.append("")
        print("%d threads done at %.0f s" % (threads, time.time() - start),
              file=sys.stderr, flush=True)
        # Written after every thread count: a run cut short keeps what it did.
        if args.out:
            args.out.mkdir(parents=True, exist_ok=True)
            (args.out / "ab.md").write_text("\n".join(lines) + "\n")
            (args.out / "ab.json").write_text(json.dumps(results))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
