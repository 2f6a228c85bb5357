"""Writes the inputs of reduce-numerics.mlir into DIR."""

import os
import sys

import numpy as np

out = sys.argv[1]
os.makedirs(out, exist_ok=True)

x = np.ones((5, 200), np.float32)
x[0, :] = 2          # 2^200 overflows
x[1, :] = 0.5        # 2^-200 underflows
x[2, :] = -1         # 199 factors -1, one 1
x[2, 199] = 1
x[3, :2] = 1e-20     # 1e-40 is subnormal
x[4, :101] = -1      # 101 factors -1
np.save(os.path.join(out, "multiply.npy"), x)

np.save(os.path.join(out, "f16_60000.npy"),
        np.full((256, 256), 60000, np.float16))
alternating = np.full((256, 256), 65504, np.float16)
alternating[:, 1::2] = -65504
np.save(os.path.join(out, "f16_alternating.npy"), alternating)
