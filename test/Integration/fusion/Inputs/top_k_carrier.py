"""Softmax -> top_k where the selection skips chunks on x (the carrier
filter of dml-lower-top-k: softmax is monotone in x) must still select by
the softmax VALUE with ties by ascending index. Rows are built so that
distinct x round to the same softmax value and a selection on x would pick
other indices: exp(x - max) rounds to 1 for x a few 1e-9 below the max
(and to 0 far below it), so those elements tie with the max and the lowest
indices of the tie group win, not the largest x. Also rows where the filter
must stand aside (a +inf or a NaN in the row) and plain random rows.
Checked against numpy in float32 (the ties are exact there too) and
against the unfused pipeline (fusion=false: no prologue, no filter), at 1
and 2 threads.

usage: top_k_carrier.py DML_RUN WORK_DIR
"""
import os
import subprocess
import sys

import numpy as np

from softmax_graphs import softmax_top_k


def rows(c, rng):
    x = np.full((8, c), -200.0, dtype=np.float32)
    # The max at 100; 50, 7, 200 tie with it (exp rounds to 1); by x the
    # top 3 would be 100, 50, 200, by value and index it is 7, 50, 100.
    x[0, [100, 50, 7, 200, 30]] = [0.0, -1e-9, -3e-9, -2e-9, -0.5]
    # Everything but the max underflows to 0: ties from index 0, although
    # x[128] is the second largest x.
    x[1, [c - 1, 128, 9]] = [0.0, -150.0, -300.0]
    # A grid of x just below the max, increasing with the index: the top 3
    # are the lowest indices of the group that rounds to the max's value.
    x[2] = -(np.arange(c, 0, -1, dtype=np.float64) * 2.0**-28)
    x[2, c - 1] = 0.0
    # +inf: x - max is NaN at the max and -inf elsewhere (the filter must
    # stand aside: every value is NaN, so indices 0, 1, 2).
    x[3, 77] = np.inf
    x[4, 13] = np.nan
    # Duplicates of the max and of a runner-up, spread over the chunks.
    x[5] = rng.integers(-64, 0, c) / 8.0
    x[5, [3, 90, c - 6]] = 2.0
    x[6] = rng.standard_normal(c)
    x[7] = rng.standard_normal(c) * 40.0
    return x


def reference(x, k):
    with np.errstate(invalid="ignore", over="ignore"):
        e = np.exp(x - x.max(1, keepdims=True))
        p = e / e.sum(1, keepdims=True, dtype=np.float32)
    order = np.argsort(np.where(np.isnan(p), -np.inf, -p), axis=1,
                       kind="stable")[:, :k]
    return np.take_along_axis(p, order, axis=1), order


def run(dml_run, program, source, work, options, tag):
    outputs = [os.path.join(work, f"out_{tag}_{o}.npy") for o in (0, 1)]
    command = [dml_run, program, f"--input=@{source}"]
    command += [f"--output=@{o}" for o in outputs]
    if options:
        command.append(f"--pipeline-options={options}")
    subprocess.run(command, check=True)
    return [np.load(o) for o in outputs]


def check(dml_run, work, c):
    """Runs the rows of length c; returns (failures, runs)."""
    n, k = 8, 3
    failures = runs = 0
    program = os.path.join(work, f"softmax{c}.mlir")
    with open(program, "w") as f:
        f.write(softmax_top_k(n, c, k))
    x = rows(c, np.random.default_rng(5))
    source = os.path.join(work, f"x{c}.npy")
    np.save(source, x)
    values, indices = reference(x, k)
    # The rows must tie where the docstring says (else the test proves
    # nothing): 7, 50, 100 and 0, 1, 2 in numpy too.
    assert list(indices[0]) == [7, 50, 100], indices[0]
    assert list(indices[1]) == [c - 1, 0, 1], indices[1]
    unfused_values, unfused_indices = run(dml_run, program, source, work,
                                          "fusion=false", f"unfused{c}")
    for options in ["", "threads=2", "fusion=false"]:
        tag = (options.replace("=", "") or "default") + str(c)
        got_values, got_indices = run(dml_run, program, source, work, options,
                                      tag)
        runs += 1
        got_indices = got_indices.astype(np.int64)
        # Row 2's tie group ends where the compiled exp stops rounding to 1:
        # compare it with the unfused pipeline (same exp), the rest with numpy.
        expected = indices.copy()
        expected[2] = unfused_indices[2]
        bad = np.nonzero((got_indices != expected).any(1))[0]
        if bad.size:
            failures += 1
            for row in bad:
                print(f"FAIL c={c} '{options}' row {row}: indices "
                      f"{list(got_indices[row])}, expected {list(expected[row])}")
        elif not np.allclose(got_values, values, rtol=1e-5, atol=0,
                             equal_nan=True):
            failures += 1
            print(f"FAIL c={c} '{options}': values differ")
    return failures, runs


def main():
    dml_run, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    failures = runs = 0
    # Rows of 256 (whole chunks) and of 250 (a masked last chunk).
    for c in (256, 250):
        f, r = check(dml_run, work, c)
        failures += f
        runs += r
    print(f"{runs - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
