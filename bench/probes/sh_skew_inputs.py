"""Inputs for sh_skew_check.c: SH's (or SM's) suite input and [64, 32000]
(SM: [1024, 32000]) f32 rows of special values (zero maxima of either sign, +-inf, all -inf, ties, all
equal, NaN in the first / last column, a negative NaN, a NaN group, and a
NaN in the first, middle or last rows), plus x.bin ([1024, 32000] of the
suite's distinct_rows, seed 0) for sm_parts_harness.c.

  PYTHONPATH=bench python3 bench/probes/sh_skew_inputs.py OUTDIR [SM]

SM adds in_nan_groups.bin: NaN rows and zero maxima at the first and last
rows of groups of 8 and 16 (sh_skew.py's G).
"""
import os
import sys

import numpy as np

import cases

out = sys.argv[1]
case = sys.argv[2] if len(sys.argv) > 2 else "SH"
rows = {"SH": 64, "SM": 1024}[case]
ids = [c.id for c in cases.ALL_CASES]
cases.distinct_rows((1024, 32000))(np.random.default_rng(0)).tofile(
    os.path.join(out, "x.bin"))
cases.distinct_rows((rows, 32000))(
    np.random.default_rng(cases.case_seed(ids.index(case)))).tofile(
        os.path.join(out, "in_suite.bin"))
rng = np.random.default_rng(7)


def special(nan_rows):
    x = rng.standard_normal((rows, 32000)).astype(np.float32)
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
special([rows // 2 - 1, rows // 2, rows // 2 + 1]).tofile(os.path.join(out, "in_nan_middle.bin"))
special([rows - 1]).tofile(os.path.join(out, "in_nan_last.bin"))
special([rows - 2, rows - 1]).tofile(os.path.join(out, "in_nan_last2.bin"))
x = special([])
x[0] = np.nan
x.tofile(os.path.join(out, "in_nan_row0.bin"))
x = rng.standard_normal((rows, 32000)).astype(np.float32)
x[rows - 1] = 0.0
x[rows - 2, 5] = np.nan
x.tofile(os.path.join(out, "in_zero_last.bin"))
if case == "SM":
    x = special([23, 24, 39, 40, 127, 128, 511, 512, 1015])
    x[31] = 0.0        # the last row of a group of 8 and of 16: skewed in
    x[32] = -0.0       # the first: its own max pass
    x[47, 7] = np.nan  # a NaN row whose group's next row is zero
    x[48] = 0.0
    x.tofile(os.path.join(out, "in_nan_groups.bin"))
