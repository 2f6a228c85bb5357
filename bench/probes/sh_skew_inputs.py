"""Inputs for sh_skew_check.c: SH's suite input and [64, 32000] f32 rows of
special values (zero maxima of either sign, +-inf, all -inf, ties, all
equal, NaN in the first / last column, a negative NaN, a NaN group, and a
NaN in the first, middle or last rows), plus x.bin ([1024, 32000] of the
suite's distinct_rows, seed 0) for sm_parts_harness.c.

  PYTHONPATH=bench python3 bench/probes/sh_skew_inputs.py OUTDIR
"""
import os
import sys

import numpy as np

import cases

out = sys.argv[1]
ids = [c.id for c in cases.ALL_CASES]
cases.distinct_rows((1024, 32000))(np.random.default_rng(0)).tofile(
    os.path.join(out, "x.bin"))
cases.distinct_rows((64, 32000))(
    np.random.default_rng(cases.case_seed(ids.index("SH")))).tofile(
        os.path.join(out, "in_suite.bin"))
rng = np.random.default_rng(7)


def special(nan_rows):
    x = rng.standard_normal((64, 32000)).astype(np.float32)
    x[1] = 0.0                              # all zeros
    x[2] = -np.abs(x[2]); x[2, 777] = -0.0  # max -0
    x[3] = -np.abs(x[3]); x[3, 5] = 0.0; x[3, 6] = -0.0
    x[4, 100] = np.inf
    x[5, :] = -np.inf; x[5, 31999] = 3.0
    x[6] = 1.5                              # all equal
    x[7] = np.round(x[7] * 4) / 4           # ties
    x[8, ::2] = np.inf
    x[9, :] = -np.inf
    x[10, 31990:] = 100.0                   # ties at the max
    x[11] = x[11] * 1e30
    x[12, 0] = np.nan
    x[13, 31999] = np.nan
    x[14, 64] = -np.nan
    x[15, 0:128] = np.nan                   # a partition group's first chunk
    x[16, 128:256] = np.nan
    for r in nan_rows:
        x[r, 12345] = np.nan
    return x


special([0]).tofile(os.path.join(out, "in_nan_first.bin"))
special([31, 32, 33]).tofile(os.path.join(out, "in_nan_middle.bin"))
special([63]).tofile(os.path.join(out, "in_nan_last.bin"))
special([62, 63]).tofile(os.path.join(out, "in_nan_last2.bin"))
x = special([])
x[0] = np.nan
x.tofile(os.path.join(out, "in_nan_row0.bin"))
x = rng.standard_normal((64, 32000)).astype(np.float32)
x[63] = 0.0
x[62, 5] = np.nan
x.tofile(os.path.join(out, "in_zero_last.bin"))
