"""softmax -> top_k and log-softmax -> top_k where dml-lower-top-k computes
the row max together with the selection's partition maxima (one pass; the
max reduction runs only for blocks with a NaN or a zero max). Rows with
NaN (in the first chunks, in the middle, past the last whole group), -inf
and +inf, a zero max of mixed signs, -0 only, all zeros, ties, the max in
the first and in the last element. Checked against numpy (the max, and the
selection by value with ties by ascending index) and against the unfused
pipeline, at 1 and 2 threads; the IR is checked to take the shared path.

usage: top_k_shared_extremes.py DML_OPT DML_RUN WORK_DIR
"""
import os
import subprocess
import sys

import numpy as np

from softmax_graphs import log_softmax_top_k, softmax_top_k


# (name, graph, rows, length, k, returns the max, with zero maxima)
GRAPHS = [
    # Unblocked (small): the max is also a result. 1043 = 65 chunks + 3.
    ("softmax_max", softmax_top_k, 14, 1043, 3, True, True),
    # The same with one NaN only, in the middle, where the compare-and-select
    # skips it: only its flag sends the block to the exact max (a NaN in
    # the first chunks or past the groups, or a zero max, would already).
    ("softmax_max_nan", softmax_top_k, 14, 1043, 3, True, False),
    # Rows in blocks (dml-fuse-rows), the max internal only.
    ("softmax_rows", softmax_top_k, 64, 4096, 8, False, True),
    # K = 20: 3 partition vectors (groups of 48), 44 elements past them.
    ("log_softmax", log_softmax_top_k, 14, 1100, 20, False, True),
]


def rows(n, c, rng, zero_maxima):
    x = rng.standard_normal((n, c)).astype(np.float32)
    normal = x.copy()
    x[1, 5] = np.nan                     # in the first chunks
    x[2, c // 2 + 1] = np.nan            # in the middle
    x[3, :] = -np.inf
    x[4, :] = -np.abs(x[4]) - 1.0        # a zero max of mixed signs
    x[4, [3, 77, c - 2]] = [-0.0, 0.0, -0.0]
    x[5, :] = -np.abs(x[5]) - 1.0        # -0 only
    x[5, [10, 40]] = -0.0
    x[6, 17] = np.inf
    x[7, :] = 1.5                        # ties, spread over the chunks
    x[7, ::7] = 2.0
    x[8, c - 1] = np.nan                 # past the last whole chunk group
    x[9, :] = 0.0
    x[10, 0] = 50.0                      # the max in the first element
    x[11, 0] = np.nan
    x[12, c - 1] = 60.0                  # the max in the last element
    if not zero_maxima:
        x[[1, 4, 5, 8, 9, 11]] = normal[[1, 4, 5, 8, 9, 11]]
    return x


def reference(x, k, log):
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        m = x.max(1, keepdims=True)
        e = np.exp(x - m)
        s = e.sum(1, keepdims=True, dtype=np.float32)
        # LOG_SUM_EXP is the max itself where that is infinite.
        p = (x - np.where(np.isinf(m), m, m + np.log(s))) if log else e / s
    order = np.argsort(np.where(np.isnan(p), -np.inf, -p), axis=1,
                       kind="stable")[:, :k]
    return m[:, 0], np.take_along_axis(p, order, axis=1), order


def run(dml_run, program, source, work, options, tag, results):
    outputs = [os.path.join(work, f"out_{tag}_{o}.npy") for o in range(results)]
    command = [dml_run, program, f"--input=@{source}", "--no-cache"]
    command += [f"--output=@{o}" for o in outputs]
    if options:
        command.append(f"--pipeline-options={options}")
    subprocess.run(command, check=True)
    return [np.load(o) for o in outputs]


def check(dml_opt, dml_run, work, graph):
    name, mlir_of, n, c, k, returns_max, zero_maxima = graph
    program = os.path.join(work, f"{name}.mlir")
    with open(program, "w") as f:
        f.write(mlir_of(n, c, k, returns_max))
    # The shared path must be taken, else this test proves nothing.
    ir = subprocess.run([dml_opt, program, "--dml-to-linalg", "--dml-bufferize",
                         "--dml-codegen"], check=True, capture_output=True,
                        text=True).stdout
    assert "arith.cmpf ueq" in ir and "scf.if" in ir, name
    x = rows(n, c, np.random.default_rng(c + k), zero_maxima)
    source = os.path.join(work, f"{name}.npy")
    np.save(source, x)
    max_ref, values, indices = reference(x, k, mlir_of is log_softmax_top_k)
    results = 3 if returns_max else 2
    unfused = run(dml_run, program, source, work, "fusion=false",
                  f"{name}_unfused", results)
    failures = runs = 0
    for options in ["", "threads=2"]:
        tag = f"{name}_{options.replace('=', '') or 'default'}"
        got = run(dml_run, program, source, work, options, tag, results)
        runs += 1
        problems = []
        if returns_max:
            # Equal values (-0 == +0: the sign of a zero max is open,
            # spec 1.5), NaN where numpy has NaN.
            if not np.array_equal(got[0][:, 0], max_ref, equal_nan=True):
                problems.append("max differs from numpy")
            if not np.array_equal(got[0], unfused[0], equal_nan=True):
                problems.append("max differs from the unfused pipeline")
        got_values, got_indices = got[-2], got[-1].astype(np.int64)
        bad = np.nonzero((got_indices != indices).any(1))[0]
        for row in bad:
            problems.append(f"row {row}: indices {list(got_indices[row])}, "
                            f"expected {list(indices[row])}")
        if not np.array_equal(got_indices, unfused[-1].astype(np.int64)):
            problems.append("indices differ from the unfused pipeline")
        if not np.allclose(got_values, values, rtol=1e-5, atol=1e-30,
                           equal_nan=True):
            problems.append("values differ from numpy")
        if problems:
            failures += 1
            for problem in problems:
                print(f"FAIL {name} '{options}': {problem}")
    return failures, runs


def check_all(graphs, check):
    """Runs check(dml_opt, dml_run, work, graph) for each graph, with
    dml-opt, dml-run and the work folder from the command line; prints the
    lit-readable summary; the exit status."""
    dml_opt, dml_run, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    failures = runs = 0
    for graph in graphs:
        f, r = check(dml_opt, dml_run, work, graph)
        failures += f
        runs += r
    print(f"{runs - failures} passed, {failures} failed")
    return 1 if failures else 0


def main():
    return check_all(GRAPHS, check)


if __name__ == "__main__":
    sys.exit(main())
