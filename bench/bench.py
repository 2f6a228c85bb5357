#!/usr/bin/python3
"""DML-MLIR benchmark suite: the project against ONNX Runtime and PyTorch.

Run through bench/run.sh (which installs what is missing), or directly:

  /usr/bin/python3 bench/bench.py [--threads 1,2] [--cases R1,T1,... | --graphs | --all]
      [--iters 25] [--warmup 2] [--rounds 1] [--data-dir bench/.data]
      [--dml-run build/bin/dml-run] [--dml-run-arg ARG]... [--no-peers] [--no-alloc]
      [--keep-outputs] [--results bench/results/<host kind>]

For every thread count: a STREAM-style probe (bench/stream.c) measures the
memory bandwidth; dml-run --benchmark=N --threads=T times every case
in-process (one warm-up call, median of N, outputs preallocated); the same
inputs go through PyTorch (bench/torch_bench.py) and ONNX Runtime
(bench/ort_bench.mjs); heap allocations per call are counted (bench/alloc_count.c);
the outputs are compared; one table per suite (single-op, graphs) and thread
count is printed and written to bench/results/<host kind>.{md,json}. See
bench/README.md for the columns.
"""

import argparse
import datetime
import hashlib
import json
import os
import pathlib
import platform
import re
import select
import shutil
import statistics
import subprocess
import sys
import time

import numpy as np

BENCH = pathlib.Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))
import cases as bench_cases  # noqa: E402

EPS32 = float(np.finfo(np.float32).eps)


def log(msg):
    print(msg, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------
# Inputs, programs and models (generated once, cached under the data dir)
# --------------------------------------------------------------------------

def case_stamp(case):
    h = hashlib.sha256()
    h.update(("%d|%d|%s" % (bench_cases.DATA_VERSION, bench_cases.SEED, case.mlir())).encode())
    for inp in case.inputs:
        h.update(("%s%s%s%s" % (inp.name, inp.shape, inp.dtype, inp.peer_onnx_shape)).encode())
    return h.hexdigest()


def onnx_model(case, path):
    import onnx
    model = bench_cases.onnx_model(case, producer_name="dml-mlir-bench")
    onnx.checker.check_model(model)
    onnx.save(model, str(path))


def prepare(data_dir, selected):
    """Write inputs (.npy), main.mlir and model.onnx of every case; cached."""
    meta = {}
    for index, case in enumerate(bench_cases.ALL_CASES):
        if case.id not in selected:
            continue
        d = data_dir / "cases" / case.id
        stamp_file = d / "stamp.json"
        stamp = case_stamp(case)
        if stamp_file.exists():
            old = json.loads(stamp_file.read_text())
            if old.get("stamp") == stamp:
                meta[case.id] = old
                continue
        log("generating %s inputs ..." % case.id)
        d.mkdir(parents=True, exist_ok=True)
        rng = np.random.default_rng(bench_cases.case_seed(index))
        arrays = []
        for i, inp in enumerate(case.inputs):
            a = inp.make(rng)
            assert a.shape == tuple(inp.shape) and a.dtype == inp.dtype, (case.id, inp.name)
            np.save(d / ("in%d.npy" % i), a)
            arrays.append(a)
        (d / "main.mlir").write_text(case.mlir())
        onnx_model(case, d / "model.onnx")
        info = {"stamp": stamp, "read_bytes": int(case.read_bytes(arrays)),
                "write_bytes": int(case.write_bytes)}
        stamp_file.write_text(json.dumps(info))
        meta[case.id] = info
    return meta


def ort_spec(data_dir, selected):
    cases = []
    for case in bench_cases.ALL_CASES:
        if case.id not in selected:
            continue
        d = data_dir / "cases" / case.id
        cases.append({
            "id": case.id, "model": str(d / "model.onnx"),
            "inputs": [{"name": inp.name, "path": str(d / ("in%d.npy" % i)),
                        "shape": list(inp.peer_onnx_shape)}
                       for i, inp in enumerate(case.inputs)],
            "outputs": [{"name": "y%d" % k, "shape": list(shape), "type": t}
                        for k, (shape, t) in enumerate(case.onnx_outputs)],
        })
    path = data_dir / "ort_spec.json"
    path.write_text(json.dumps({"cases": cases}, indent=1))
    return path


# --------------------------------------------------------------------------
# Contestants
# --------------------------------------------------------------------------

def build_stream(data_dir):
    exe = data_dir / "stream"
    src = BENCH / "stream.c"
    if exe.exists() and exe.stat().st_mtime > src.stat().st_mtime:
        return exe
    cc = shutil.which("clang-22") or "/usr/lib/llvm-22/bin/clang"
    cmd = [cc, "-O3", "-march=native", "-fopenmp", str(src), "-o", str(exe)]
    if not os.path.exists(cc):
        cmd = ["cc", "-O3", "-march=native", "-fopenmp", str(src), "-o", str(exe)]
    subprocess.run(cmd, check=True)
    return exe


def run_stream(exe, threads, pages="huge"):
    p = subprocess.run([str(exe), "--threads=%d" % threads, "--mib=512", "--reps=6",
                        "--pages=%s" % pages],
                       capture_output=True, text=True, check=True,
                       env=dict(os.environ, OMP_PROC_BIND="false"))
    return json.loads(p.stdout.strip().splitlines()[-1])


RUN_RE = re.compile(r"run: min ([0-9.eE+-]+) ms, median ([0-9.eE+-]+) ms, "
                    r"max ([0-9.eE+-]+) ms over (\d+) iterations")
COMPILE_RE = re.compile(r"compile: ([0-9.eE+-]+) ms")
# dml-run's own count of the heap bytes a steady-state call allocates, when it
# reports one ("allocated: N bytes in M calls per run": M allocation calls).
ALLOCATED_RE = re.compile(r"allocated: (\d+) bytes(?: in (\d+) calls?)?")


def build_alloc_shim(data_dir):
    """bench/alloc_count.c as a preloadable library (None if it cannot be built)."""
    lib = data_dir / "alloc_count.so"
    src = BENCH / "alloc_count.c"
    if lib.exists() and lib.stat().st_mtime > src.stat().st_mtime:
        return lib
    cc = shutil.which("clang-22") or shutil.which("cc")
    p = subprocess.run([cc, "-O2", "-shared", "-fPIC", str(src), "-o", str(lib), "-ldl"],
                       capture_output=True, text=True)
    if p.returncode != 0:
        log("cannot build %s (allocation counts will be n/a): %s" % (src, p.stderr.strip()))
        return None
    return lib


def alloc_env(shim, out_file, jit_callers_only=False):
    """Environment preloading the allocation counter, reporting to out_file
    (counting only calls from JIT-compiled code if jit_callers_only)."""
    if shim is None:
        return None
    env = dict(os.environ, DML_BENCH_ALLOC_OUT=str(out_file))
    if jit_callers_only:
        env["DML_BENCH_ALLOC_CALLERS"] = "jit"
    env["LD_PRELOAD"] = ":".join(x for x in (str(shim), os.environ.get("LD_PRELOAD")) if x)
    return env


def exit_counts(path):
    """(bytes, allocations) of the last 'exit' line the counter wrote to path."""
    try:
        lines = pathlib.Path(path).read_text().splitlines()
    except OSError:
        return None
    for line in reversed(lines):
        parts = line.split()
        if len(parts) == 3 and parts[0] == "exit":
            return int(parts[1]), int(parts[2])
    return None


def project_cmd(dml_run, data_dir, out_dir, case, threads, iters, extra):
    d = data_dir / "cases" / case.id
    # --no-cache: the compile column is a cold compile.
    cmd = [str(dml_run), str(d / "main.mlir"), "--benchmark=%d" % iters,
           "--threads=%d" % threads, "--no-cache"]
    cmd += [a.replace("{threads}", str(threads)) for a in extra]
    cmd += ["--input=@%s" % (d / ("in%d.npy" % i)) for i in range(len(case.inputs))]
    cmd += ["--output=@%s" % (out_dir / ("%s.%d.npy" % (case.id, k)))
            for k in range(len(case.outputs))]
    return cmd


def run_project(dml_run, data_dir, out_dir, case, threads, iters, timeout, extra=(),
                shim=None):
    out_dir.mkdir(parents=True, exist_ok=True)
    cmd = project_cmd(dml_run, data_dir, out_dir, case, threads, iters, extra)
    counts_file = out_dir / ("%s.alloc.txt" % case.id)
    env = alloc_env(shim, counts_file, jit_callers_only=True)
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return {"error": "timeout after %d s" % timeout, "cmd": cmd}
    run = RUN_RE.search(p.stderr)
    comp = COMPILE_RE.search(p.stderr)
    if p.returncode != 0 or not run:
        tail = (p.stderr.strip().splitlines() or ["(no stderr)"])[-3:]
        return {"error": "exit %d: %s" % (p.returncode, " | ".join(tail)), "cmd": cmd}
    r = {"median_ms": float(run.group(2)), "min_ms": float(run.group(1)),
         "max_ms": float(run.group(3)), "iters": int(run.group(4)),
         "compile_ms": float(comp.group(1)) if comp else None}
    allocated = ALLOCATED_RE.search(p.stderr)
    if allocated:
        r["alloc_bytes_per_call"] = int(allocated.group(1))
        if allocated.group(2) is not None:
            r["allocs_per_call"] = int(allocated.group(2))
        r["alloc_source"] = "dml-run"
    elif shim is not None and iters > 1:
        r.update(project_alloc_by_difference(exit_counts(counts_file), dml_run, data_dir,
                                             out_dir, case, threads, iters, timeout, extra, shim))
    return r


def project_alloc_by_difference(long_run, dml_run, data_dir, out_dir, case, threads, iters,
                                timeout, extra, shim):
    """Heap bytes per steady-state call of dml-run without its own count: the
    counter's totals of allocations made by JIT-compiled code (the kernel's
    malloc calls; the compiler's vary from run to run and are not counted) in
    the timed run (iters calls) minus those of a run with one timed call, over
    iters - 1 (what the kernel allocates once, not per call, cancels)."""
    short_dir = out_dir / "alloc-probe"
    short_dir.mkdir(parents=True, exist_ok=True)
    short_file = short_dir / ("%s.alloc.txt" % case.id)
    short_cmd = project_cmd(dml_run, data_dir, short_dir, case, threads, 1, extra)
    try:
        subprocess.run(short_cmd, capture_output=True, text=True, timeout=timeout,
                       env=alloc_env(shim, short_file, jit_callers_only=True))
    except subprocess.TimeoutExpired:
        return {}
    short_run = exit_counts(short_file)
    shutil.rmtree(short_dir, ignore_errors=True)
    if long_run is None or short_run is None:
        return {}
    calls = iters - 1
    return {"alloc_bytes_per_call": (long_run[0] - short_run[0]) / calls,
            "allocs_per_call": (long_run[1] - short_run[1]) / calls,
            "alloc_source": "counter"}


def snapshot(dml_run, data_dir):
    """Copies dml-run into the data dir, so that a rebuild during the run
    (the build directory is shared) neither breaks nor changes it."""
    snap = data_dir / "dml-run"
    for attempt in range(6):
        try:
            tmp = data_dir / "dml-run.tmp"
            shutil.copy2(dml_run, tmp)
            os.replace(tmp, snap)
            p = subprocess.run([str(snap), "--version"], capture_output=True, timeout=60)
            if p.returncode == 0:
                return snap
        except OSError as e:
            log("snapshot of %s: %s" % (dml_run, e))
        time.sleep(10)
    sys.exit("bench: cannot take a working copy of %s" % dml_run)


class PeerServer:
    """A peer process (torch_bench.py / ort_bench.mjs --serve) answering one
    JSON line per case id written to its stdin."""

    def __init__(self, name, cmd, env=None):
        self.name, self.info, self.dead = name, {}, None
        try:
            self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         text=True, bufsize=1, env=env)
            self.info = self._read(300)
        except (OSError, RuntimeError, ValueError) as e:
            self.dead = "%s did not start: %s" % (name, e)
            log(self.dead)

    def _read(self, timeout):
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        if not ready:
            raise RuntimeError("no answer within %d s" % timeout)
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("exited with %s" % self.proc.wait())
        return json.loads(line)

    def request(self, cid, timeout):
        if self.dead:
            return {"error": self.dead}
        try:
            self.proc.stdin.write(cid + "\n")
            self.proc.stdin.flush()
            return self._read(timeout)
        except (OSError, RuntimeError, ValueError) as e:
            self.dead = "%s failed at %s: %s" % (self.name, cid, e)
            log(self.dead)
            self.proc.kill()
            return {"error": self.dead}

    def close(self):
        if getattr(self, "proc", None) and self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.proc.kill()


# --------------------------------------------------------------------------
# Output checks
# --------------------------------------------------------------------------

def compare(out, mine, theirs):
    """Returns (ok, message) for one output of the project against one peer."""
    if mine.size != theirs.size:
        return False, "%d elements vs %d" % (mine.size, theirs.size)
    theirs = theirs.reshape(mine.shape)
    if out.check == "index":
        bad = int(np.count_nonzero(mine.astype(np.int64) != theirs.astype(np.int64)))
        return bad == 0, ("indices exact" if bad == 0 else "%d/%d indices differ" % (bad, mine.size))
    if out.check == "exact":
        bad = int(np.count_nonzero(~((mine == theirs) | (np.isnan(mine) & np.isnan(theirs)))))
        return bad == 0, ("values exact" if bad == 0 else "%d/%d values differ" % (bad, mine.size))
    # Float reductions: no order of accumulation is prescribed; allow the
    # error of a float32 accumulation over the window (inputs are N(0,1)).
    # "close": the case's own absolute and relative tolerance.
    a, b = mine.astype(np.float64), theirs.astype(np.float64)
    err = np.abs(a - b)
    if out.check == "close":
        tol = out.atol + out.rtol * np.abs(b)
    else:
        tol = 4 * EPS32 * out.window + 1e-5 * np.abs(b)
    bad = int(np.count_nonzero(~(err <= tol)))
    msg = "max |diff| %.2g" % (float(err.max()) if err.size else 0.0)
    return bad == 0, (msg if bad == 0 else "%d/%d values off, %s" % (bad, mine.size, msg))


def check_case(case, dirs):
    """dirs: contestant -> output dir (None when it failed). Returns a summary."""
    def load(who, k):
        p = dirs[who] / ("%s.%d.npy" % (case.id, k))
        return np.load(p) if p.exists() else None

    notes, ok, compared = [], True, 0
    for peer in ("ort", "torch"):
        if dirs.get("project") is None or dirs.get(peer) is None:
            continue
        for k, out in enumerate(case.outputs):
            mine, theirs = load("project", k), load(peer, k)
            if mine is None or theirs is None:
                ok = False
                notes.append("%s: output %d missing" % (peer, k))
                continue
            good, msg = compare(out, mine, theirs)
            compared += 1
            if not good:
                ok = False
                notes.append("vs %s %s: %s" % (peer, out.name, msg))
    if compared == 0:
        return {"status": "n/a", "notes": notes or ["nothing to compare"]}
    return {"status": "ok" if ok else "MISMATCH", "notes": notes}


# --------------------------------------------------------------------------
# Table
# --------------------------------------------------------------------------

def fmt_ms(x):
    if x is None:
        return "–"
    if x >= 100:
        return "%.0f" % x
    if x >= 10:
        return "%.1f" % x
    if x >= 1:
        return "%.2f" % x
    return "%.3f" % x


def fmt_ratio(x):
    return "–" if x is None else ("%.2f" % x if x < 10 else "%.1f" % x if x < 100 else "%.0f" % x)


def fmt_bytes(x):
    """Heap bytes per call: exact below 10 KB, else KB/MB with 3 digits."""
    if x is None:
        return "n/a"
    if abs(x) < 10000:
        return "%.0f" % x
    for unit, size in (("MB", 1e6), ("KB", 1e3)):
        if abs(x) >= size:
            v = x / size
            return ("%.0f" if abs(v) >= 100 else "%.1f" if abs(v) >= 10 else "%.2f") % v + " " + unit
    return "%.0f" % x


def roofline_ms(info, bw):
    write_bw = max(bw["write_gbs"], bw["write_nt_gbs"])
    return (info["read_bytes"] / (bw["read_gbs"] * 1e9) +
            info["write_bytes"] / (write_bw * 1e9)) * 1e3


def suite_of(case):
    return "graphs" if case.graph else "single-op"


def build_rows(selected, meta, res, bw, checks):
    rows = []
    for case in bench_cases.ALL_CASES:
        if case.id not in selected:
            continue
        r = {"case": case.id, "title": case.title, "suite": suite_of(case)}
        proj = res["project"].get(case.id, {})
        r["project_ms"] = proj.get("median_ms")
        r["compile_ms"] = proj.get("compile_ms")
        r["project_error"] = proj.get("error")
        r["project_alloc"] = proj.get("alloc_bytes_per_call")
        r["project_allocs"] = proj.get("allocs_per_call")
        r["project_alloc_source"] = proj.get("alloc_source")
        for peer in ("ort", "torch"):
            p = res[peer].get(case.id, {}) if isinstance(res[peer], dict) else {}
            r[peer + "_ms"] = p.get("median_ms")
            r[peer + "_error"] = p.get("error")
            r[peer + "_alloc"] = p.get("alloc_bytes_per_call")
            r[peer + "_allocs"] = p.get("allocs_per_call")
            if r[peer + "_alloc"] is not None and p.get("alloc_output_copy_bytes"):
                # ONNX Runtime: without the node binding's copy of the outputs.
                r[peer + "_alloc_raw"] = r[peer + "_alloc"]
                r[peer + "_alloc"] -= p["alloc_output_copy_bytes"]
        peers = [(r[p + "_ms"], p) for p in ("ort", "torch") if r[p + "_ms"] is not None]
        r["best_peer_ms"], r["best_peer"] = min(peers) if peers else (None, None)
        r["roofline_ms"] = roofline_ms(meta[case.id], bw)
        r["read_bytes"] = meta[case.id]["read_bytes"]
        r["write_bytes"] = meta[case.id]["write_bytes"]
        r["vs_peer"] = (r["project_ms"] / r["best_peer_ms"]
                        if r["project_ms"] is not None and r["best_peer_ms"] else None)
        r["vs_roofline"] = (r["project_ms"] / r["roofline_ms"]
                            if r["project_ms"] is not None else None)
        r["check"] = checks.get(case.id, {"status": "n/a", "notes": []})
        rows.append(r)
    return rows


def header(suite):
    roof = "fused roofline" if suite == "graphs" else "roofline"
    return ["case", "project ms", "best peer ms", "project/peer", "project/" + roof,
            "project alloc/call", "compile ms", "ORT ms", "torch ms", roof + " ms",
            "ORT alloc/call", "torch alloc/call", "check"]


def table_lines(rows, suite):
    cols = header(suite)
    left = (0, len(cols) - 1)
    lines = ["| " + " | ".join(cols) + " |",
             "|" + "|".join("---" if i in left else "--:" for i in range(len(cols))) + "|"]
    for r in rows:
        best = ("%s (%s)" % (fmt_ms(r["best_peer_ms"]), "ORT" if r["best_peer"] == "ort" else "torch")
                if r["best_peer_ms"] is not None else "–")
        proj = fmt_ms(r["project_ms"]) if r["project_error"] is None else "FAILED"
        check = r["check"]["status"]
        if r["check"]["notes"] and check != "ok":
            check += ": " + "; ".join(r["check"]["notes"])
        cells = [r["case"], proj, best, fmt_ratio(r["vs_peer"]), fmt_ratio(r["vs_roofline"]),
                 fmt_bytes(r.get("project_alloc")), fmt_ms(r["compile_ms"]),
                 fmt_ms(r["ort_ms"]) if r["ort_error"] is None else "error",
                 fmt_ms(r["torch_ms"]) if r["torch_error"] is None else "error",
                 fmt_ms(r["roofline_ms"]), fmt_bytes(r.get("ort_alloc")),
                 fmt_bytes(r.get("torch_alloc")), check]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def geomean(xs):
    xs = [x for x in xs if x]
    return float(np.exp(np.mean(np.log(xs)))) if xs else None


# --------------------------------------------------------------------------
# The host
# --------------------------------------------------------------------------

def git_rev():
    try:
        return subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True).stdout.strip()
    except OSError:
        return "?"


# The vector features that decide code generation on x86-64 (lscpu's names).
VECTOR_FLAGS = ["sse4_2", "avx", "avx2", "fma", "f16c", "bmi2", "avx512f", "avx512dq",
                "avx512cd", "avx512bw", "avx512vl", "avx512ifma", "avx512vbmi", "avx512_vbmi2",
                "avx512_vnni", "avx512_bitalg", "avx512_vpopcntdq", "avx512_bf16",
                "avx512_fp16", "avx512_vp2intersect", "avx_vnni", "amx_tile", "amx_bf16",
                "amx_int8", "gfni", "vaes", "vpclmulqdq", "asimd", "sve", "sve2"]


def x86_level(flags):
    if all(f in flags for f in ("avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl")):
        return "x86-64-v4"
    if all(f in flags for f in ("avx2", "fma", "bmi2", "f16c", "movbe")):
        return "x86-64-v3"
    if all(f in flags for f in ("sse4_2", "popcnt", "ssse3")):
        return "x86-64-v2"
    return None


def host_info():
    """The CPU this run is on (lscpu, else /proc/cpuinfo): model, vector
    features, caches, and the host kind naming its results file."""
    fields = {}
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, timeout=30).stdout
        for line in out.splitlines():
            if ":" in line:
                k, v = line.split(":", 1)
                fields[k.strip()] = v.strip()
    except (OSError, subprocess.TimeoutExpired):
        pass
    model = fields.get("Model name")
    flags = set(fields.get("Flags", "").split())
    if not model or not flags:
        try:
            for line in open("/proc/cpuinfo"):
                k, _, v = line.partition(":")
                if k.strip() == "model name" and not model:
                    model = v.strip()
                elif k.strip() in ("flags", "Features") and not flags:
                    flags = set(v.split())
        except OSError:
            pass
    model = model or platform.processor() or platform.machine()
    kind = re.sub(r"\((r|tm)\)", "", model.lower())
    kind = re.sub(r"[^a-z0-9]+", "-", kind).strip("-") or "unknown-cpu"
    info = {"kind": kind, "model": model, "vendor": fields.get("Vendor ID"),
            "family": fields.get("CPU family"), "model_number": fields.get("Model"),
            "stepping": fields.get("Stepping"), "cores": os.cpu_count(),
            "x86_level": x86_level(flags),
            "vector_features": [f for f in VECTOR_FLAGS if f in flags],
            "caches": {}}
    for name, keys, conf in (("L1d", ("L1d cache", "L1d"), "LEVEL1_DCACHE_SIZE"),
                             ("L2", ("L2 cache", "L2"), "LEVEL2_CACHE_SIZE"),
                             ("L3", ("L3 cache", "L3"), "LEVEL3_CACHE_SIZE")):
        size = next((fields[k] for k in keys if fields.get(k)), None)
        if size is None:   # lscpu shows no caches on some VMs; glibc's getconf reads CPUID
            try:
                out = subprocess.run(["getconf", conf], capture_output=True, text=True,
                                     timeout=30).stdout.strip()
                if out.isdigit() and int(out) > 0:
                    size = "%d KiB (getconf)" % (int(out) // 1024)
            except (OSError, subprocess.TimeoutExpired):
                pass
        if size:
            info["caches"][name] = size
    return info


def host_line(host):
    parts = ["%s (%s" % (host["model"], host.get("vendor") or "?")]
    if host.get("family"):
        parts[0] += ", family %s model %s stepping %s" % (host["family"], host.get("model_number"),
                                                          host.get("stepping"))
    parts[0] += ")"
    parts.append("%s cores" % host.get("cores"))
    if host.get("caches"):
        parts.append(", ".join("%s %s" % kv for kv in host["caches"].items()))
    if host.get("x86_level"):
        parts.append(host["x86_level"])
    line = "; ".join(parts)
    if host.get("vector_features"):
        line += "; vector features: %s" % " ".join(host["vector_features"])
    return line


def median_of_rounds(rounds):
    """rounds: list of {case: {median_ms...}} -> one dict with the median of medians."""
    merged = {}
    for cid in rounds[0]:
        if cid.startswith("_"):
            merged[cid] = rounds[0][cid]
            continue
        vals = [r[cid] for r in rounds if isinstance(r.get(cid), dict)]
        good = [v for v in vals if "median_ms" in v]
        if not good:
            merged[cid] = vals[0]
            continue
        m = dict(good[0])
        m["median_ms"] = statistics.median(v["median_ms"] for v in good)
        m["round_medians_ms"] = [v["median_ms"] for v in good]
        if good[0].get("compile_ms") is not None:
            m["compile_ms"] = statistics.median(v["compile_ms"] for v in good)
        merged[cid] = m
    return merged


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--cases", default=None,
                    help="comma-separated case ids (default: the 12 single-op cases)")
    ap.add_argument("--graphs", action="store_true",
                    help="the graph cases (%s)" % ",".join(c.id for c in bench_cases.GRAPH_CASES))
    ap.add_argument("--all", action="store_true", help="single-op and graph cases")
    ap.add_argument("--iters", type=int, default=25, help="timed calls per case (>= 20)")
    ap.add_argument("--warmup", type=int, default=2, help="peer warm-up calls (dml-run does 1)")
    ap.add_argument("--rounds", type=int, default=1,
                    help="repeat every contestant's run; report the median of the round medians")
    ap.add_argument("--data-dir", default=str(BENCH / ".data"))
    ap.add_argument("--dml-run", default=str(ROOT / "build" / "bin" / "dml-run"))
    ap.add_argument("--dml-run-arg", action="append", default=[], metavar="ARG",
                    help="extra dml-run argument (repeatable); {threads} is replaced by the "
                         "thread count, e.g. --dml-run-arg=--pipeline-options=fusion=false")
    ap.add_argument("--timeout", type=int, default=900, help="seconds per dml-run case")
    ap.add_argument("--no-peers", action="store_true", help="time the project only")
    ap.add_argument("--no-alloc", action="store_true",
                    help="do not count heap allocations per call (bench/alloc_count.c)")
    ap.add_argument("--alloc-calls", type=int, default=3,
                    help="untimed peer calls counted for allocation")
    ap.add_argument("--keep-outputs", action="store_true")
    ap.add_argument("--results", default=None,
                    help="write RESULTS.md and RESULTS.json, merged by suite "
                         "(default bench/results/<host kind>; '' to skip)")
    args = ap.parse_args()

    if args.cases is not None:
        selected = [c for c in args.cases.split(",") if c]
    else:
        chosen = (bench_cases.ALL_CASES if args.all else
                  bench_cases.GRAPH_CASES if args.graphs else bench_cases.CASES)
        selected = [c.id for c in chosen]
    for c in selected:
        if c not in bench_cases.BY_ID:
            ap.error("unknown case %s (have %s)" % (c, ", ".join(bench_cases.BY_ID)))
    threads_list = [int(t) for t in args.threads.split(",")]
    if args.iters < 20:
        log("note: --iters %d is below the suite's minimum of 20" % args.iters)
    data_dir = pathlib.Path(args.data_dir).resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    dml_run = pathlib.Path(args.dml_run)
    if not dml_run.exists():
        sys.exit("bench: %s not found; build it with `ninja -C build dml-run`" % dml_run)

    host = host_info()
    log("host: %s" % host_line(host))
    dml_run = snapshot(dml_run, data_dir)
    t_start = time.time()
    load_before = os.getloadavg()
    meta = prepare(data_dir, set(selected))
    spec = ort_spec(data_dir, set(selected))
    stream = build_stream(data_dir)
    shim = None if args.no_alloc else build_alloc_shim(data_dir)
    report = {"date": datetime.datetime.now().strftime("%Y-%m-%d %H:%M"), "git": git_rev(),
              "cpu": host["model"], "host": host, "cores": os.cpu_count(),
              "iters": args.iters, "rounds": args.rounds, "load_before": load_before,
              "dml_run_args": ["--threads=T"] + args.dml_run_arg, "threads": {}}

    for threads in threads_list:
        load = os.getloadavg()[0]
        log("== threads=%d == (load average %.2f)" % (threads, load))
        if load > 1.0:
            log("warning: the machine is busy (load average %.2f on %d cores): timings are "
                "unreliable; compare ratios within this run only" % (load, os.cpu_count()))
        bws = [run_stream(stream, threads)]
        log("bandwidth: %s" % bws[0])
        rounds = {"project": [], "ort": [], "torch": []}
        dirs = {who: data_dir / "out" / ("%s-t%d" % (who, threads))
                for who in ("project", "ort", "torch")}
        for dd in dirs.values():
            dd.mkdir(parents=True, exist_ok=True)
        # Contestants are interleaved case by case (project, PyTorch, ONNX
        # Runtime), so that a change of the shared host's load hits all three
        # alike; the peers stay up as servers between their cases.
        peers = {}
        if not args.no_peers:
            peers["torch"] = PeerServer(
                "torch", ["/usr/bin/python3", str(BENCH / "torch_bench.py"), "--serve",
                          "--data-dir", str(data_dir), "--threads", str(threads),
                          "--iters", str(args.iters), "--warmup", str(args.warmup),
                          "--alloc-calls", str(args.alloc_calls),
                          "--out", str(dirs["torch"])],
                env=alloc_env(shim, dirs["torch"] / "alloc.txt"))
            peers["ort"] = PeerServer(
                "ort", ["node", str(BENCH / "ort_bench.mjs"), "--serve", "--spec", str(spec),
                        "--threads", str(threads), "--iters", str(args.iters),
                        "--warmup", str(args.warmup), "--alloc-calls", str(args.alloc_calls),
                        "--out", str(dirs["ort"])],
                env=alloc_env(shim, dirs["ort"] / "alloc.txt"))
        for rnd in range(args.rounds):
            got = {"project": {}, "torch": {}, "ort": {}}
            for cid in selected:
                case = bench_cases.BY_ID[cid]
                r = run_project(dml_run, data_dir, dirs["project"], case, threads,
                                args.iters, args.timeout, args.dml_run_arg,
                                shim if rnd == 0 else None)
                got["project"][cid] = r
                log("project %s: %s" % (cid, {k: v for k, v in r.items() if k != "cmd"}))
                for who, server in peers.items():
                    got[who][cid] = server.request(cid, args.timeout)
            for who, server in peers.items():
                got[who].update(server.info)
            for who in rounds:
                if got[who]:
                    rounds[who].append(got[who])
        for server in peers.values():
            server.close()
        if len(bws) < 2:
            bws.append(run_stream(stream, threads))   # once more after the run: take the best
        bw = {k: max(b[k] for b in bws) if k.endswith("_gbs") else bws[0][k] for k in bws[0]}
        # The roofline takes huge pages (what numpy's arrays and the project's
        # buffers get); the 4 KiB-page read rate is shown beside it.
        bw["read_small_pages_gbs"] = run_stream(stream, threads, "small")["read_gbs"]
        res = {who: (median_of_rounds(r) if r else {}) for who, r in rounds.items()}
        for who in ("ort", "torch"):
            if "_error" in res[who]:
                log("%s failed: %s" % (who, res[who]["_error"]))

        checks = {}
        for cid in selected:
            case = bench_cases.BY_ID[cid]
            avail = {who: (dirs[who] if isinstance(res[who].get(cid), dict)
                           and "median_ms" in res[who][cid] else None)
                     for who in ("project", "ort", "torch")}
            checks[cid] = check_case(case, avail)
        rows = build_rows(selected, meta, res, bw, checks)
        report["threads"][str(threads)] = {
            "bandwidth": bw, "rows": rows, "load_before": load,
            "peer_versions": {"ort": res["ort"].get("_version"), "torch": res["torch"].get("_version")},
            "errors": {who: {cid: v.get("error") for cid, v in res[who].items()
                             if isinstance(v, dict) and v.get("error")}
                       for who in res},
        }
        print()
        print("threads=%d  bandwidth: read %.1f GB/s (4 KiB pages %.1f), write %.1f GB/s "
              "(streaming %.1f), copy %.1f GB/s"
              % (threads, bw["read_gbs"], bw["read_small_pages_gbs"], bw["write_gbs"],
                 bw["write_nt_gbs"], bw["copy_gbs"]))
        for suite in ("single-op", "graphs"):
            suite_rows = [r for r in rows if r["suite"] == suite]
            if not suite_rows:
                continue
            print("%s:" % suite)
            for line in table_lines(suite_rows, suite):
                print(line)
            gm_peer = geomean([r["vs_peer"] for r in suite_rows])
            gm_roof = geomean([r["vs_roofline"] for r in suite_rows])
            print("geomean project/peer %s, project/roofline %s"
                  % (fmt_ratio(gm_peer), fmt_ratio(gm_roof)))
        for r in rows:
            for who in ("project", "ort", "torch"):
                if r.get(who + "_error"):
                    print("  %s %s: %s" % (r["case"], who, r[who + "_error"]))
        sys.stdout.flush()
        if not args.keep_outputs:
            for dd in dirs.values():
                shutil.rmtree(dd, ignore_errors=True)

    report["load_after"] = os.getloadavg()
    report["seconds"] = round(time.time() - t_start, 1)
    log("total %.0f s" % report["seconds"])
    results = args.results
    if results is None:
        results = str(BENCH / "results" / host["kind"])
    if results:
        write_results(pathlib.Path(results), report)


# --------------------------------------------------------------------------
# Results files: one per host kind, one section per suite
# --------------------------------------------------------------------------

def split_by_suite(report):
    """One report per suite present in `report` (rows filtered by suite)."""
    suites = {}
    for t, block in report["threads"].items():
        for r in block["rows"]:
            suite = r.get("suite", "single-op")
            sub = suites.setdefault(suite, dict(report, threads={}))
            b = sub["threads"].setdefault(t, dict(block, rows=[], errors={}))
            b["rows"].append(r)
            for who, errors in block.get("errors", {}).items():
                if r["case"] in errors:
                    b["errors"].setdefault(who, {})[r["case"]] = errors[r["case"]]
    return suites


def write_results(base, report):
    """Writes BASE.json and BASE.md. The file keeps one section per suite
    (single-op, graphs): a run replaces the sections of the suites it ran and
    keeps the others (a file written before suites existed is one single-op
    section)."""
    base.parent.mkdir(parents=True, exist_ok=True)
    stored = {}
    jpath = base.with_suffix(".json")
    if jpath.exists():
        try:
            old = json.loads(jpath.read_text())
            stored = old.get("suites", {"single-op": old}) if isinstance(old, dict) else {}
        except ValueError:
            stored = {}
    stored.update(split_by_suite(report))
    doc = {"host": report.get("host"), "suites": stored}
    jpath.write_text(json.dumps(doc, indent=1, default=str) + "\n")

    host = report.get("host") or {}
    out = ["# DML-MLIR benchmark results: %s" % (host.get("kind") or report.get("cpu")), "",
           "Host: %s." % (host_line(host) if host else report.get("cpu")), "",
           "One section per suite; each is replaced by the next run of that suite on a "
           "host of this kind (`bench/README.md`).", ""]
    titles = {"single-op": "Single-operator cases", "graphs": "Graph cases"}
    for suite in ("single-op", "graphs"):
        if suite not in stored:
            continue
        rep = stored[suite]
        rep_host = rep.get("host") or {}
        out += ["## %s" % titles[suite], "",
                "Generated by `bench/run.sh` on %s at commit %s; %s, %d cores; %d timed calls "
                "per case (median), %d round(s); load average before %.2f, after %.2f; %.0f s in "
                "all. dml-run arguments: `%s`."
                % (rep["date"], rep["git"], rep_host.get("model") or rep.get("cpu"), rep["cores"],
                   rep["iters"], rep["rounds"], rep["load_before"][0], rep["load_after"][0],
                   rep["seconds"], " ".join(rep["dml_run_args"])), ""]
        for t, block in rep["threads"].items():
            bw = block["bandwidth"]
            out += ["### threads = %s" % t, "",
                    "Bandwidth probe (arrays on huge pages): read %.1f GB/s (on 4 KiB pages "
                    "%s), write %.1f GB/s (streaming stores %.1f), copy %.1f GB/s. Peers: ONNX "
                    "Runtime %s, PyTorch %s. Load average before this block: %.2f."
                    % (bw["read_gbs"],
                       "%.1f" % bw["read_small_pages_gbs"] if "read_small_pages_gbs" in bw
                       else "not measured",
                       bw["write_gbs"], bw["write_nt_gbs"], bw["copy_gbs"],
                       block["peer_versions"]["ort"], block["peer_versions"]["torch"],
                       block["load_before"]), ""]
            out += table_lines(block["rows"], suite)
            gm_peer = geomean([r["vs_peer"] for r in block["rows"]])
            gm_roof = geomean([r["vs_roofline"] for r in block["rows"]])
            out += ["", "Geometric mean: project/peer %s, project/roofline %s."
                    % (fmt_ratio(gm_peer), fmt_ratio(gm_roof)), ""]
            errs = [(who, cid, e) for who, m in block["errors"].items() for cid, e in m.items()]
            if errs:
                out += ["Errors:", ""] + ["- %s %s: %s" % x for x in errs] + [""]
    base.with_suffix(".md").write_text("\n".join(out).rstrip("\n") + "\n")
    log("wrote %s.md and %s.json" % (base, base))


if __name__ == "__main__":
    main()
