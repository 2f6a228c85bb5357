"""softmax -> top_k and log-softmax -> top_k where the block's exp pass
lists top_k's candidate chunks (dml.candidate_chunks) and the selection
scans only those when the list is usable, else the whole row. Rows with
many x below b whose softmax (or x - lse) values tie with f(b) (ranked by
index), softmax values that underflow or are subnormal at b (the list's
limit above the carrier's: full scan), every chunk a candidate (overflow:
full scan), NaN, +-inf, zero maxima, the max in the row's scalar tail,
huge magnitudes, K near the row length. Checked against the unfused
pipeline (bit for bit, values and indices, with summed-exp=false: the
unfused pipeline's sum has the full exp) and, on rows without rounding
ties, against numpy, at 1 and 2 threads and vector-bits 512 (the list) and
256 (no list), in Zen's layout (long-row-streams=1: 64-lane steps of one
row) and Intel's (two rows in 16-lane steps). With the default summed
exp the sums differ from the unfused pipeline's in their last bits: the
indices must still match it on rows without rounding ties, the values
within 4 ulp, and every row must be a valid top K of its own values.

usage: top_k_candidate_chunks.py DML_OPT DML_RUN WORK_DIR
"""
import os
import re
import subprocess
import sys

import numpy as np

from softmax_graphs import log_softmax_top_k, softmax_top_k
from top_k_shared_extremes import check_all, reference, run, rows as special_rows

# (name, graph, rows, length, k): rows of at least 16 KiB, a scalar tail.
GRAPHS = [
    ("softmax", softmax_top_k, 32, 8200, 8),
    ("log_softmax", log_softmax_top_k, 32, 8200, 50),
    ("log_softmax_k60", log_softmax_top_k, 32, 4100, 60),
]
# Zen's layout lists 64-lane steps of one row, Intel's 16-lane steps of two
# rows; 256-bit vectors list nothing.
ZEN = "long-row-streams=1 vector-bits=512"
INTEL = "long-row-streams=4 vector-bits=512"
OPTIONS = [ZEN, ZEN + " threads=2", INTEL, INTEL + " threads=2",
           "long-row-streams=1 vector-bits=256",
           "long-row-streams=1 threads=2 vector-bits=256"]
# Rows whose selection hangs on ties of our exp's rounding: compared with
# the unfused pipeline only (numpy's exp rounds differently).
ROUNDING_TIES = [13, 14, 15, 17, 18, 19]


def rows(n, c, rng):
    x = special_rows(n, c, rng, zero_maxima=True)
    # softmax ties just below the max (x - m exact, exp rounds them
    # together), 40 of them at random positions: b among them.
    r = 13
    x[r] = rng.standard_normal(c) * 0.2 - 3
    x[r, rng.integers(0, c)] = 1.0
    x[r, rng.choice(c, 40, replace=False)] = 1 - np.arange(1, 41) * 2.0**-24
    # x - lse ties: a large max, a cluster at 1 + i ulp (x - lse ~ -29 has
    # a 16 times coarser ulp).
    r = 14
    x[r] = rng.standard_normal(c) * 0.2 - 1
    x[r, rng.integers(0, c)] = 30.0
    x[r, rng.choice(c, 40, replace=False)] = 1 + np.arange(40) * 2.0**-23
    # softmax subnormal at b (m - b ~ 100): ties far below b.
    r = 15
    x[r] = rng.standard_normal(c)
    x[r, 3] = 100.0
    x[16] = 1.5                                    # every chunk a candidate
    r = 17                                         # everything ties but the max
    x[r] = rng.standard_normal(c) * 1e-5
    x[r, 9] = 100.0
    x[18] = 1e30 * rng.standard_normal(c)          # huge m - b
    x[19] = -1e30 + rng.standard_normal(c)         # one value, rounded
    x[20] = 3.0                                    # the candidates in the tail
    x[20, c - 3:] = 4.0
    x[21] = rng.standard_normal(c)                 # the max in the tail
    x[21, c - 1] = 9.0
    # The best K of the log-softmax graphs (K = 50, 60 of 64 partitions)
    # are maxima of distinct partitions (lanes 0 to 59), the rest far
    # below: the K-th best element is b itself, so a bound above ord(f(b))
    # loses it (softmax's 16 partitions hold four of them each).
    k = 60
    x[22] = rng.standard_normal(c) * 0.01 - 5
    x[22, :k] = 2 + 0.25 * rng.permutation(k)
    return x.astype(np.float32)


def check_summed(summed, unfused, numpy_rows):
    """The default pipeline (summed exp) against the unfused one."""
    problems = []
    values, indices = summed[0], summed[1].astype(np.int64)
    if not np.array_equal(indices[numpy_rows],
                          unfused[1].astype(np.int64)[numpy_rows]):
        problems.append("summed exp: indices differ from the unfused pipeline")
    with np.errstate(invalid="ignore"):
        spacing = np.spacing(np.abs(unfused[0]).astype(np.float32))
        close = np.abs(values.astype(np.float64) - unfused[0]) <= 4 * spacing
    if not np.all(close | (np.isnan(values) & np.isnan(unfused[0])) |
                  (values == unfused[0])):
        problems.append("summed exp: values beyond 4 ulp of the unfused pipeline")
    # Each row a valid top K of its own values: non-increasing (NaN first),
    # ties by ascending index.
    key = np.where(np.isnan(values), np.inf, values)
    worse = key[:, 1:] > key[:, :-1]
    tie_misordered = (key[:, 1:] == key[:, :-1]) & \
        (indices[:, 1:] < indices[:, :-1])
    if np.any(worse) or np.any(tie_misordered):
        problems.append("summed exp: values not in top_k order")
    return problems


def check(dml_opt, dml_run, work, graph):
    name, mlir_of, n, c, k = graph
    program = os.path.join(work, f"{name}.mlir")
    with open(program, "w") as f:
        f.write(mlir_of(n, c, k))
    # The exp pass must list chunks (a 64-lane step's max tree compared and
    # OR-ed into the count), else this test proves nothing. Rows 1, 2 and 11
    # hold their NaN in a step's first register, which the tree drops: their
    # NaN max (a NaN limit, a non-finite prologue constant) must send them
    # to the full scan.
    ir = subprocess.run([dml_opt, program, "--dml-to-linalg", "--dml-bufferize",
                         f"--dml-codegen={ZEN}"], check=True,
                        capture_output=True, text=True).stdout
    assert re.search(r"arith.cmpf uge, %\w+, %\w+ : vector<16xf32>\n\s*"
                     r"%\w+ = vector.reduction <or>, %\w+ : vector<16xi1> "
                     r"into i1", ir) and "arith.minui" in ir, name
    x = rows(n, c, np.random.default_rng(c + k))
    source = os.path.join(work, f"{name}.npy")
    np.save(source, x)
    _, values, indices = reference(x, k, mlir_of is log_softmax_top_k)
    numpy_rows = np.setdiff1d(np.arange(n), ROUNDING_TIES)
    failures = runs = 0
    for options in OPTIONS:
        tag = f"{name}_{options.replace('=', '').replace(' ', '_')}"
        got = run(dml_run, program, source, work,
                  options + " summed-exp=false", tag, 2)
        # The same vector width: the sums' lanes, hence their bits, follow it.
        bits = " vector-bits=" + options.split("vector-bits=")[1][:3]
        unfused = run(dml_run, program, source, work, "fusion=false" + bits,
                      tag + "_unfused", 2)
        runs += 1
        problems = check_summed(
            run(dml_run, program, source, work, options, tag + "_summed", 2),
            unfused, numpy_rows)
        got_values, got_indices = got[0], got[1].astype(np.int64)
        if not np.array_equal(got_values.view(np.uint32),
                              unfused[0].view(np.uint32)):
            problems.append("values differ from the unfused pipeline")
        if not np.array_equal(got_indices, unfused[1].astype(np.int64)):
            bad = np.nonzero((got_indices != unfused[1]).any(1))[0]
            problems.append(f"indices differ from the unfused pipeline in rows {list(bad)}")
        for row in numpy_rows:
            if not np.array_equal(got_indices[row], indices[row]):
                problems.append(f"row {row}: indices {list(got_indices[row])}, "
                                f"expected {list(indices[row])}")
        if not np.allclose(got_values[numpy_rows], values[numpy_rows],
                           rtol=1e-5, atol=1e-30, equal_nan=True):
            problems.append("values differ from numpy")
        if problems:
            failures += 1
            for problem in problems:
                print(f"FAIL {name} '{options}': {problem}")
    return failures, runs


def main():
    return check_all(GRAPHS, check)


if __name__ == "__main__":
    sys.exit(main())
