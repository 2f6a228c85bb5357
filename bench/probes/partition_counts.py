"""Candidates and listed 64-lane steps per SH row for P lane partitions
(bench/README.md, "SH: 128 partitions for the bound"): b = the K-th of the
P partition maxima (lane l of every P-lane group), the exp pass's limit
b - (2^-12 |b| + 2^-16 (m - b) + 2^-11) (docs/numerics.md); a 64-lane step
is listed when one of its elements reaches the limit, a candidate is an
element >= b in a listed step. Rows: the suite's distinct_rows, seed 0.

  python3 bench/probes/partition_counts.py [K] [P...]
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import cases  # noqa: E402

k = int(sys.argv[1]) if len(sys.argv) > 1 else 50
partitions = [int(p) for p in sys.argv[2:]] or [64, 112, 128, 256]
x = cases.distinct_rows((64, 32000))(np.random.default_rng(0))
for p in partitions:
    candidates = steps = 0
    for row in x:
        maxima = row[:len(row) // p * p].reshape(-1, p).max(axis=0)
        b = np.sort(maxima)[-k]
        delta = (np.float32(2**-12) * abs(b) +
                 np.float32(2**-16) * (row.max() - b) + np.float32(2**-11))
        listed = (row.reshape(-1, 64) >= b - delta).any(axis=1)
        steps += listed.sum()
        candidates += (row.reshape(-1, 64)[listed] >= b).sum()
    print("P = %d: %.1f candidates, %.1f listed steps per row"
          % (p, candidates / len(x), steps / len(x)))
