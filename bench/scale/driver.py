"""Thread-scaling driver of the DML-MLIR suite (bench/scale/README.md).

Runs where build.sh's output directory was carried (no LLVM needed):

  python3 driver.py --out DIR [--threads 1,2,4,8,16] [--iters 15] [--warmup 2]
                    [--cases R1,A1,...] [--data /tmp/dml-scale]
                    [--contestants project,torch,ort] [--lib-suffix S]
                    [--stream-mib 0] [--reuse-data] [--rounds 3]

For every thread count T: the STREAM-style probe (./stream) at T threads,
then one process per contestant, each timing every case call by call
(median ms) on the same inputs; with --rounds R, R rounds of those
processes with the contestants' order rotated each round (a VM's slow
minutes hit every contestant alike), reported as the median of the round
medians with the range of the per-round ratios project / best peer:
  project  suite_tT.so (dml-compile --threads T), called through ctypes on
           numpy buffers (outputs preallocated),
  torch    PyTorch with torch.set_num_threads(T), the out= calls of
           bench/cases.py,
  ort      ONNX Runtime (Python, CPU provider) with intra_op_num_threads T,
           inter_op 1, sequential, outputs bound to preallocated buffers.
Writes DIR/scale.md (tables) and DIR/scale.json (every number).
Also: driver.py --emit-module prints the 12 cases as one dml module
(build.sh compiles it).
"""

import argparse
import ctypes
import json
import os
import pathlib
import platform
import statistics
import subprocess
import sys
import time

import numpy as np

HERE = pathlib.Path(__file__).resolve().parent
# cases.py sits next to the driver once built (build.sh), in bench/ here.
sys.path[:0] = [str(HERE), str(HERE.parent)]
import cases as bench_cases  # noqa: E402

CONTESTANTS = ("project", "torch", "ort")


def emit_module():
    funcs = []
    for case in bench_cases.CASES:
        funcs.append(case.mlir().replace("@main(", "@%s(" % case.id, 1))
    print("\n".join(funcs))


def prepare(data, selected):
    """Inputs of each case (bench.py's seeds) as .npy, and the bytes moved."""
    data.mkdir(parents=True, exist_ok=True)
    meta = {}
    for index, case in enumerate(bench_cases.ALL_CASES):
        if case.id not in selected:
            continue
        rng = np.random.default_rng(bench_cases.case_seed(index))
        arrays = [inp.make(rng) for inp in case.inputs]
        for i, a in enumerate(arrays):
            np.save(data / ("%s.in%d.npy" % (case.id, i)), a)
        meta[case.id] = {"read_bytes": int(case.read_bytes(arrays)),
                         "write_bytes": int(case.write_bytes)}
    return meta


def load_inputs(data, case):
    return [np.load(data / ("%s.in%d.npy" % (case.id, i))) for i in range(len(case.inputs))]


def time_calls(call, iters, warmup):
    for _ in range(warmup):
        call()
    times = []
    for _ in range(iters):
        t0 = time.perf_counter()
        call()
        times.append((time.perf_counter() - t0) * 1e3)
    return {"median_ms": statistics.median(times), "min_ms": min(times),
            "max_ms": max(times), "iters": iters}


def thread_placement():
    """Per thread of this process: the CPU it last ran on and its CPU time
    (ms, user + system), from /proc/self/task: which CPUs the OpenMP team
    used and whether every member worked."""
    ticks = os.sysconf("SC_CLK_TCK")
    rows = []
    for task in sorted(pathlib.Path("/proc/self/task").iterdir(), key=lambda p: int(p.name)):
        try:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        # Fields after the command: state is field 3, utime 14, stime 15, processor 39.
        rows.append({"tid": int(task.name), "cpu": int(fields[36]),
                     "cpu_ms": (int(fields[11]) + int(fields[12])) * 1e3 / ticks})
    return rows


def project_worker(args, selected, threads):
    ctypes.CDLL(str(HERE / "libomp.so"), mode=ctypes.RTLD_GLOBAL)
    lib = ctypes.CDLL(str(HERE / ("suite_t%d%s.so" % (threads, args.lib_suffix))))
    res = {}
    for case in bench_cases.CASES:
        if case.id not in selected:
            continue
        ins = [np.ascontiguousarray(a) for a in load_inputs(args.data, case)]
        outs = [np.zeros(o.shape, o.dtype) for o in case.outputs]
        fn = getattr(lib, case.id)
        fn.restype = ctypes.c_int
        ptrs = [ctypes.c_void_p(a.ctypes.data) for a in ins + outs]
        res[case.id] = time_calls(lambda: fn(*ptrs), args.iters, args.warmup)
        for k, o in enumerate(outs):
            name = "%s.project.%d.npy" if threads == 1 else "%%s.project.t%d%s.%%d.npy" % (
                threads, args.lib_suffix)
            np.save(args.data / (name % (case.id, k)), o)
    res["_threads"] = thread_placement()
    return res


def torch_worker(args, selected, threads):
    import torch
    torch.set_num_threads(threads)
    res = {"_version": torch.__version__}
    for case in bench_cases.CASES:
        if case.id not in selected:
            continue
        ins = [torch.from_numpy(np.ascontiguousarray(a.reshape(inp.peer_torch_shape)))
               for a, inp in zip(load_inputs(args.data, case), case.inputs)]
        outs = [torch.empty(shape, dtype=getattr(torch, dt)) for shape, dt in case.torch_outputs]
        holder = {}

        def call():
            holder["r"] = case.torch(torch, ins, outs)
        res[case.id] = time_calls(call, args.iters, args.warmup)
        if threads == 1:
            got = holder["r"] if holder.get("r") is not None else outs
            for k, o in enumerate(got):
                np.save(args.data / ("%s.torch.%d.npy" % (case.id, k)), o.numpy())
    return res


def ort_worker(args, selected, threads):
    import onnxruntime as ort
    res = {"_version": ort.__version__}
    for case in bench_cases.CASES:
        if case.id not in selected:
            continue
        so = ort.SessionOptions()
        so.intra_op_num_threads = threads
        so.inter_op_num_threads = 1
        so.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
        so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        sess = ort.InferenceSession(bench_cases.onnx_model(case).SerializeToString(), so,
                                    providers=["CPUExecutionProvider"])
        binding = sess.io_binding()
        feeds = {i.name: i for i in sess.get_inputs()}
        keep = []
        for a, inp in zip(load_inputs(args.data, case), case.inputs):
            if inp.name in feeds:
                a = np.ascontiguousarray(a.reshape(inp.peer_onnx_shape))
                keep.append(a)
                binding.bind_cpu_input(inp.name, a)
        for k, (shape, dt) in enumerate(case.onnx_outputs):
            o = np.empty(shape, np.dtype(dt))
            keep.append(o)
            binding.bind_output("y%d" % k, "cpu", 0, o.dtype, list(o.shape), o.ctypes.data)
        res[case.id] = time_calls(lambda: sess.run_with_iobinding(binding),
                                  args.iters, args.warmup)
    return res


def run_worker(args, contestant, threads, selected):
    cmd = [sys.executable, str(HERE / "driver.py"), "--worker", contestant,
           "--threads", str(threads), "--iters", str(args.iters),
           "--warmup", str(args.warmup), "--data", str(args.data),
           "--lib-suffix", args.lib_suffix,
           "--cases", ",".join(sorted(selected))]
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))
    if contestant == "project":
        # numpy's OpenBLAS would start threads - 1 workers of its own (it
        # reads OMP_NUM_THREADS) that spin beside the kernel's OpenMP team:
        # ~120 ms of CPU each per run, at 16 threads on 16 CPUs.
        env["OPENBLAS_NUM_THREADS"] = "1"
    p = subprocess.run(cmd, capture_output=True, text=True, env=env,
                       timeout=args.timeout)
    if p.returncode != 0:
        lines = (p.stderr or p.stdout).strip().splitlines() or ["exit %d" % p.returncode]
        return {"_error": lines[-1][-300:]}
    return json.loads(p.stdout.strip().splitlines()[-1])


def merge_rounds(rounds):
    """One contestant's rounds at one thread count: per case the median of
    the round medians (median_ms), every round's median (round_ms), the
    fastest call (min_ms); a contestant that failed in every round keeps
    its error."""
    ok = [r for r in rounds if "_error" not in r]
    if not ok:
        return rounds[0]
    merged = {k: v for k, v in ok[-1].items() if k.startswith("_")}
    for case_id in ok[0]:
        if case_id.startswith("_"):
            continue
        cells = [r[case_id] for r in ok if case_id in r]
        medians = [c["median_ms"] for c in cells]
        merged[case_id] = {"median_ms": statistics.median(medians),
                           "round_ms": medians,
                           "min_ms": min(c["min_ms"] for c in cells),
                           "max_ms": max(c["max_ms"] for c in cells),
                           "iters": sum(c["iters"] for c in cells)}
    if len(ok) < len(rounds):
        merged["_failed_rounds"] = len(rounds) - len(ok)
    return merged


def round_ratio_range(run, case_id, peer):
    """min and max over rounds of project / peer within the same round."""
    mine = run["project"].get(case_id, {}).get("round_ms", [])
    theirs = run[peer].get(case_id, {}).get("round_ms", [])
    ratios = [a / b for a, b in zip(mine, theirs) if b]
    return (min(ratios), max(ratios)) if len(ratios) > 1 else None


def run_stream(threads, mib):
    if mib == 0:
        return {"read_gbs": None, "write_gbs": None, "write_nt_gbs": None}
    env = dict(os.environ, OMP_PROC_BIND="false",
               LD_LIBRARY_PATH=str(HERE) + ":" + os.environ.get("LD_LIBRARY_PATH", ""))
    p = subprocess.run([str(HERE / "stream"), "--threads=%d" % threads,
                        "--mib=%d" % mib, "--reps=4"],
                       capture_output=True, text=True, env=env, check=True)
    return json.loads(p.stdout.strip().splitlines()[-1])


def same_values(mine, peer):
    peer = peer.reshape(mine.shape)
    if np.issubdtype(mine.dtype, np.integer):
        return np.array_equal(mine.astype(np.int64), peer.astype(np.int64))
    return np.allclose(mine, peer, rtol=1e-3, atol=1e-3)


def check_outputs(data, case, threads_list, suffix):
    """Project vs PyTorch at 1 thread (integers exactly, floats closely),
    and the project at T threads vs the project at 1."""
    notes = []
    for k, out in enumerate(case.outputs):
        try:
            mine = np.load(data / ("%s.project.%d.npy" % (case.id, k)))
        except OSError:
            return "n/a"
        try:
            if not same_values(mine, np.load(data / ("%s.torch.%d.npy" % (case.id, k)))):
                notes.append("out%d differs" % k)
        except OSError:
            pass
        for t in threads_list:
            try:
                other = np.load(data / ("%s.project.t%d%s.%d.npy" % (case.id, t, suffix, k)))
            except OSError:
                continue
            if not same_values(mine, other):
                notes.append("out%d at %dt differs" % (k, t))
    return "ok" if not notes else ", ".join(notes)


def cpu_model():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def fmt(x, digits=3):
    return "n/a" if x is None else ("%.*g" % (digits, x))


def report(results, meta, threads_list, selected):
    lines = []
    cpu = (HERE / "cpu.txt").read_text().strip() if (HERE / "cpu.txt").exists() else "?"
    lines.append("Host: %s, %d logical CPUs; kernels AOT-compiled for `%s`; "
                 "PyTorch %s, ONNX Runtime %s (Python). Median ms per call."
                 % (cpu_model(), os.cpu_count(), cpu,
                    results.get("torch_version", "?"), results.get("ort_version", "?")))
    lines.append("")
    env = " ".join("%s=%s" % (k, v) for k, v in sorted(os.environ.items())
                   if k.startswith(("OMP_", "KMP_")) and k != "OMP_NUM_THREADS")
    lines.append("OpenMP environment: %s" % (env or "(none set)"))
    lines.append("")
    if results["stream"][str(threads_list[0])]["read_gbs"] is not None:
        lines.append("STREAM-style probe (GB/s): " + ", ".join(
            "%dt read %s / write %s" % (t, fmt(results["stream"][str(t)]["read_gbs"]),
                                         fmt(max(results["stream"][str(t)]["write_gbs"],
                                                 results["stream"][str(t)]["write_nt_gbs"])))
            for t in threads_list))
    lines.append("")
    head = "| case | " + " | ".join("%dt" % t for t in threads_list)
    head += " | speedup %dt | " % threads_list[-1]
    head += " | ".join("%dt vs peer" % t for t in threads_list)
    head += " | " + " | ".join("%dt %% STREAM" % t for t in threads_list) + " | check |"
    lines.append(head)
    lines.append("|---" * (3 * len(threads_list) + 3) + "|")
    for case in bench_cases.CASES:
        if case.id not in selected:
            continue
        proj, ratios, bws = [], [], []
        for t in threads_list:
            r = results["runs"][str(t)]
            p = r["project"].get(case.id, {}).get("median_ms")
            peers = [(r[c].get(case.id, {}).get("median_ms"), c) for c in ("torch", "ort")]
            peers = [x for x in peers if x[0] is not None]
            best = min(peers) if peers else None
            proj.append(p)
            spread = round_ratio_range(r, case.id, best[1]) if p and best else None
            ratios.append("%s (%s %s%s)" % (
                fmt(p / best[0]), best[1], fmt(best[0]),
                "; rounds %s-%s" % (fmt(spread[0], 2), fmt(spread[1], 2)) if spread else "")
                if p and best else "n/a")
            bw = results["stream"][str(t)]
            if bw["read_gbs"] is None or not p:
                bws.append("n/a")
                continue
            wbw = max(bw["write_gbs"], bw["write_nt_gbs"])
            roof = (meta[case.id]["read_bytes"] / (bw["read_gbs"] * 1e9) +
                    meta[case.id]["write_bytes"] / (wbw * 1e9)) * 1e3
            bws.append("%.0f%%" % (100 * roof / p))
        speed = fmt(proj[0] / proj[-1]) if proj[0] and proj[-1] else "n/a"
        lines.append("| %s | %s | %s | %s | %s | %s |" % (
            case.id, " | ".join(fmt(p) for p in proj), speed, " | ".join(ratios),
            " | ".join(bws), results["checks"].get(case.id, "n/a")))
    lines.append("")
    lines.append("`vs peer`: project ms / the faster of PyTorch and ONNX Runtime at the "
                 "same thread count (below 1: the project is faster); with several rounds, "
                 "ms are medians of the round medians and `rounds a-b` is the range of "
                 "project / that peer within one round. `% STREAM`: the "
                 "case's minimum traffic over the probe's bandwidth at that thread count, "
                 "divided by the project's time (100 % = at the measured bandwidth).")
    lines.append("")
    lines.append("Project threads (CPU last run on : CPU ms over the worker's run; "
                 "the Python main thread first):")
    for t in threads_list:
        team = results["runs"][str(t)]["project"].get("_threads", [])
        lines.append("* %dt: %s" % (t, " ".join("%d:%.0f" % (x["cpu"], x["cpu_ms"])
                                                for x in team)))
    errors = {"%s/%s" % (t, c): r[c]["_error"] for t, r in results["runs"].items()
              for c in CONTESTANTS if "_error" in r[c]}
    if errors:
        lines.append("")
        lines.append("Errors: " + json.dumps(errors))
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--emit-module", action="store_true")
    ap.add_argument("--worker", choices=CONTESTANTS)
    ap.add_argument("--threads", default="1,2,4,8,16")
    ap.add_argument("--iters", type=int, default=15)
    ap.add_argument("--warmup", type=int, default=2)
    ap.add_argument("--cases", default=",".join(c.id for c in bench_cases.CASES))
    ap.add_argument("--contestants", default=",".join(CONTESTANTS))
    ap.add_argument("--data", type=pathlib.Path, default=pathlib.Path("/tmp/dml-scale"))
    ap.add_argument("--out", type=pathlib.Path)
    ap.add_argument("--timeout", type=int, default=240)
    ap.add_argument("--stream-mib", type=int, default=512,
                    help="MiB per array of the bandwidth probe (far above the L3); "
                         "0: no probe")
    ap.add_argument("--lib-suffix", default="",
                    help="the project's libraries are suite_tT<SUFFIX>.so (build.sh "
                         "--suffix: variants of the same kernels)")
    ap.add_argument("--rounds", type=int, default=1,
                    help="rounds of all contestants per thread count, their order "
                         "rotated each round")
    ap.add_argument("--reuse-data", action="store_true",
                    help="keep the inputs an earlier run left in --data")
    args = ap.parse_args()
    if args.emit_module:
        emit_module()
        return
    selected = set(args.cases.split(","))
    if args.worker:
        fn = {"project": project_worker, "torch": torch_worker, "ort": ort_worker}[args.worker]
        print(json.dumps(fn(args, selected, int(args.threads))))
        return

    threads_list = [int(t) for t in args.threads.split(",")]
    contestants = args.contestants.split(",")
    t0 = time.time()
    meta_file = args.data / "meta.json"
    if args.reuse_data and meta_file.exists():
        meta = json.loads(meta_file.read_text())
    else:
        meta = prepare(args.data, selected)
        meta_file.write_text(json.dumps(meta))
    print("inputs ready in %.1f s" % (time.time() - t0), file=sys.stderr, flush=True)
    results = {"stream": {}, "runs": {}, "meta": meta}
    for t in threads_list:
        results["stream"][str(t)] = run_stream(t, args.stream_mib)
        active = [c for c in CONTESTANTS if c in contestants]
        per_round = {c: [] for c in active}
        for r in range(args.rounds):
            for c in active[r % len(active):] + active[:r % len(active)]:
                res = run_worker(args, c, t, selected)
                version = res.pop("_version", None)
                if version:
                    results["%s_version" % c] = version
                per_round[c].append(res)
        run = {c: merge_rounds(per_round[c]) if c in per_round else {} for c in CONTESTANTS}
        results["runs"][str(t)] = run
        print("%d threads done at %.1f s" % (t, time.time() - t0), file=sys.stderr, flush=True)
    results["checks"] = {c.id: check_outputs(args.data, c, threads_list, args.lib_suffix)
                         for c in bench_cases.CASES if c.id in selected}
    results["cpu_model"] = cpu_model()
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        for name, cmd in (("lscpu.txt", ["lscpu"]), ("lscpu-e.txt", ["lscpu", "-e"])):
            try:
                text = subprocess.run(cmd, capture_output=True, text=True).stdout
            except OSError as e:
                text = str(e)
            (args.out / name).write_text(text)
        (args.out / "scale.json").write_text(json.dumps(results, indent=1))
    text = report(results, meta, threads_list, selected)
    print(text)
    if args.out:
        (args.out / "scale.md").write_text(text)


if __name__ == "__main__":
    main()
