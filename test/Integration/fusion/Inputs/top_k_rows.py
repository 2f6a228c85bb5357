"""Runs softmax -> top_k and log-softmax -> top_k, the chains dml-fuse-rows
computes by blocks of rows with the selection in the block, through dml-run
with fusion on and off and at 1 and 2 threads, and compares with numpy.
Inputs are multiples of 1/64, so equal inputs give ties (by ascending
index) in both, and distinct ones give clearly distinct outputs; one row is
constant (all tied) and one holds a NaN (the whole row is NaN, selected
from index 0).

usage: top_k_rows.py DML_RUN WORK_DIR
"""
import os
import subprocess
import sys

import numpy as np

from softmax_graphs import log_softmax_top_k, softmax_top_k


def softmax(x):
    e = np.exp(x - x.max(1, keepdims=True))
    return e / e.sum(1, keepdims=True)


def log_softmax(x):
    m = x.max(1, keepdims=True)
    return x - (m + np.log(np.exp(x - m).sum(1, keepdims=True)))


def top_k(y, k):
    # NaN is the greatest value; ties keep ascending indices (stable sort).
    order = np.argsort(np.where(np.isnan(y), -np.inf, -y), axis=1,
                       kind="stable")[:, :k]
    return np.take_along_axis(y, order, axis=1), order


def main():
    dml_run, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    rng = np.random.default_rng(77)
    failures = runs = 0
    # Row blocks of 8 (64 rows) and of 2 (50 rows); K within the partition
    # bound (8) and sampled (50).
    cases = [(softmax_top_k, softmax, 64, 2048, 8),
             (softmax_top_k, softmax, 50, 2000, 50),
             (log_softmax_top_k, log_softmax, 64, 2048, 50),
             (log_softmax_top_k, log_softmax, 50, 2000, 8)]
    for index, (graph, reference, n, c, k) in enumerate(cases):
        program = os.path.join(work, f"case{index}.mlir")
        with open(program, "w") as f:
            f.write(graph(n, c, k))
        x = (rng.integers(-256, 256, (n, c)) / 64.0).astype(np.float32)
        x[3] = 0.5
        x[5, 17] = np.nan
        source = os.path.join(work, f"x{index}.npy")
        np.save(source, x)
        with np.errstate(invalid="ignore"):
            values, indices = top_k(reference(x.astype(np.float64)), k)
        for options in ["", "fusion=false", "threads=2"]:
            outputs = [os.path.join(work, f"out{index}_{o}.npy") for o in (0, 1)]
            command = [dml_run, program, f"--input=@{source}"]
            command += [f"--output=@{o}" for o in outputs]
            if options:
                command.append(f"--pipeline-options={options}")
            subprocess.run(command, check=True)
            runs += 1
            got_values, got_indices = (np.load(o) for o in outputs)
            if not np.array_equal(got_indices.astype(np.int64), indices):
                failures += 1
                rows = np.nonzero((got_indices != indices).any(1))[0]
                print(f"FAIL case {index} '{options}': indices differ in rows "
                      f"{rows[:5]}")
            elif not np.allclose(got_values, values, rtol=1e-5, atol=0,
                                 equal_nan=True):
                failures += 1
                print(f"FAIL case {index} '{options}': values, max error "
                      f"{np.nanmax(np.abs(got_values - values))}")
    print(f"{runs - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
