#!/usr/bin/env python3
"""Time the first compile of a NEW process on a warm on-disk cache (issue 13:
a second process gets a cached kernel in <= 5 ms), through the C++ API
(bench/cache_hit.cpp) and through Python (dml_mlir.compile / compile_mlir).

    bench/cache_hit.py --build build [--runs 10] [--cases R1,A1,T1]

Each case is compiled once to fill a fresh cache directory, then timed in
--runs new processes; prints medians (and min-max) of wall and CPU ms of the
compile call alone. Process start-up (dynamic loading of libDMLCompiler and
libMLIR/libLLVM) and Python's `import dml_mlir` are reported apart.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cases  # noqa: E402

# Graphs of a few suite kernels, built with the Python builder.
GRAPHS = {
    "R1": "g.output(g.reduce(g.input('float32', [4096, 4096]), 'sum', [1]))",
    "A1": "g.output(g.arg_max(g.input('float32', [128, 32000]), [1]))",
    "T1": "v, i = g.top_k(g.input('float32', [64, 32000]), 1, 50); "
          "g.output(v); g.output(i)",
}

PY_TIMER = r"""
import sys, time
t0, c0 = time.perf_counter(), time.process_time()
import dml_mlir as d
t1, c1 = time.perf_counter(), time.process_time()
kind, arg = sys.argv[1], sys.argv[2]
if kind == "graph":
    g = d.Graph("main")
    exec(arg)
t2, c2 = time.perf_counter(), time.process_time()
k = d.compile(g) if kind == "graph" else d.compile_mlir(arg)
t3, c3 = time.perf_counter(), time.process_time()
s = d.default_compiler().cache_statistics()
print("wall_ms %.3f cpu_ms %.3f cached %d raw_hits %d import_ms %.3f "
      "build_wall_ms %.3f" % ((t3 - t2) * 1e3, (c3 - c2) * 1e3,
                              k.compile_times["cached"], s["raw_hits"],
                              (t1 - t0) * 1e3, (t2 - t1) * 1e3))
"""


def parse(line):
    fields = line.split()
    return {fields[i]: float(fields[i + 1]) for i in range(0, len(fields), 2)}


def run(command, env):
    out = subprocess.run(command, env=env, capture_output=True, text=True)
    if out.returncode:
        sys.exit("failed: %s\n%s" % (" ".join(command), out.stderr))
    return parse(out.stdout.strip().splitlines()[-1])


def summary(values):
    return "%.2f (%.2f-%.2f)" % (statistics.median(values), min(values),
                                 max(values))


def measure(label, command, env, runs):
    run(command, env)  # fills the cache (and writes the alias)
    results = [run(command, env) for _ in range(runs)]
    assert all(r["cached"] == 1 for r in results), label
    line = "%-28s wall %-22s cpu %-22s" % (
        label, summary([r["wall_ms"] for r in results]),
        summary([r["cpu_ms"] for r in results]))
    if "import_ms" in results[0]:
        line += " import %s" % summary([r["import_ms"] for r in results])
    if results[0].get("build_wall_ms"):
        line += " graph build %s" % summary(
            [r["build_wall_ms"] for r in results])
    print(line, flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default="build")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--cases", default="R1,A1,T1")
    args = parser.parse_args()
    build = os.path.abspath(args.build)
    binary = os.path.join(build, "bench", "cache_hit")
    if not os.path.exists(binary):
        os.makedirs(os.path.dirname(binary), exist_ok=True)
        here = os.path.dirname(os.path.abspath(__file__))
        subprocess.check_call([
            "clang++-22", "-O2", "-std=c++17",
            "-I" + os.path.join(here, "..", "include"),
            os.path.join(here, "cache_hit.cpp"), "-L" + build + "/lib",
            "-lDMLCompiler", "-Wl,-rpath," + build + "/lib", "-o", binary])
    by_id = {c.id: c for c in cases.CASES}
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, DML_MLIR_CACHE_DIR=os.path.join(tmp, "cache"),
                   PYTHONPATH=os.path.join(build, "python"))
        env.pop("DML_MLIR_CACHE", None)
        for cid in args.cases.split(","):
            path = os.path.join(tmp, cid + ".mlir")
            with open(path, "w") as f:
                f.write(by_id[cid].mlir())
            measure("C++ compileMLIR " + cid, [binary, "mlir", path], env,
                    args.runs)
            if cid in GRAPHS:
                kind = {"R1": "sum", "A1": "argmax", "T1": "topk"}[cid]
                measure("C++ compile(Graph) " + cid, [binary, "graph", kind],
                        env, args.runs)
            measure("py compile_mlir " + cid,
                    [sys.executable, "-c", PY_TIMER, "mlir",
                     by_id[cid].mlir()], env, args.runs)
            if cid in GRAPHS:
                measure("py compile(Graph) " + cid,
                        [sys.executable, "-c", PY_TIMER, "graph",
                         GRAPHS[cid]], env, args.runs)


if __name__ == "__main__":
    main()
