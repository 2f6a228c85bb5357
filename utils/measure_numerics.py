#!/usr/bin/python3
"""Measures the rounding error of dml.reduce against a float64 reference.

Usage: utils/measure_numerics.py [--dml-run PATH] [--seed N]

For each case, random inputs go through dml-run (the default CPU pipeline:
vectorized, reassociated float reductions) and the result is compared with
the exact result rounded to the output type (computed in float64, or with
math.fsum for sums), in units in the last place (ulp) of the output type.
The table in docs/numerics.md comes from this script.
"""

import argparse
import math
import os
import subprocess
import sys
import tempfile

import numpy as np

MLIR = """func.func @main(%x: tensor<{shape}x{t}>) -> tensor<{rshape}x{t}> {{
  %y = dml.reduce %x, function = {fn}, axes = [1] : tensor<{shape}x{t}> -> tensor<{rshape}x{t}>
  return %y : tensor<{rshape}x{t}>
}}
"""

NP = {"f32": np.float32, "f16": np.float16}


def exact(fn, row):
    """The result in float64 (sums with math.fsum, i.e. correctly rounded)."""
    r = row.astype(np.float64)
    if fn == "sum":
        return math.fsum(r)
    if fn == "average":
        return math.fsum(r) / len(r)
    if fn == "sum_square":
        return math.fsum(r * r)
    if fn == "l1":
        return math.fsum(np.abs(r))
    if fn == "l2":
        return math.sqrt(math.fsum(r * r))
    if fn == "log_sum":
        return math.log(math.fsum(r))
    if fn == "log_sum_exp":
        m = r.max()
        return m + math.log(math.fsum(np.exp(r - m)))
    if fn == "multiply":
        return float(np.prod(r.astype(np.longdouble)))
    raise ValueError(fn)


def ulps(got, want, dtype):
    """|got - want| in ulps of `dtype` at `want`."""
    want_t = dtype(want)
    spacing = float(np.spacing(np.abs(want_t)))
    return abs(float(got) - want) / spacing


def sequential(fn, row):
    """A strictly sequential f32 sum (numpy's cumsum adds in order), for
    comparison with the vectorized one."""
    if fn == "sum":
        return np.cumsum(row.astype(np.float32), dtype=np.float32)[-1]
    return None


CASES = [
    # fn, dtype, rows, length, description, generator
    ("sum", "f32", 16, 100000, "U(0,1)", lambda g, s: g.random(s)),
    ("sum", "f32", 16, 100000, "N(0,1)", lambda g, s: g.standard_normal(s)),
    ("sum", "f16", 16, 4096, "U(0,1)", lambda g, s: g.random(s)),
    ("average", "f32", 16, 100000, "U(0,1)", lambda g, s: g.random(s)),
    ("average", "f16", 16, 65536, "U(0,60000)",
     lambda g, s: g.random(s) * 60000),
    ("sum_square", "f32", 16, 100000, "N(0,1)",
     lambda g, s: g.standard_normal(s)),
    ("l1", "f32", 16, 100000, "N(0,1)", lambda g, s: g.standard_normal(s)),
    ("l2", "f32", 16, 100000, "N(0,1e18)",
     lambda g, s: g.standard_normal(s) * 1e18),
    ("l2", "f16", 16, 4096, "N(0,500)",
     lambda g, s: g.standard_normal(s) * 500),
    ("log_sum", "f32", 16, 100000, "U(0,1)", lambda g, s: g.random(s)),
    ("log_sum_exp", "f32", 16, 32000, "N(0,10)",
     lambda g, s: g.standard_normal(s) * 10),
    ("log_sum_exp", "f32", 16, 32000, "N(-1000,1)",
     lambda g, s: g.standard_normal(s) - 1000),
    ("log_sum_exp", "f16", 16, 4096, "N(0,4)",
     lambda g, s: g.standard_normal(s) * 4),
    ("multiply", "f32", 16, 1000, "U(0.99,1.01)",
     lambda g, s: 1 + (g.random(s) - 0.5) / 50),
    ("multiply", "f16", 16, 100, "U(0.95,1.05)",
     lambda g, s: 1 + (g.random(s) - 0.5) / 10),
]


def main():
    parser = argparse.ArgumentParser()
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--dml-run",
                        default=os.path.join(here, "..", "build", "bin",
                                             "dml-run"))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    g = np.random.default_rng(args.seed)
    print("| function | type | window | input | max error (ulp) | "
          "mean error (ulp) | max error / ulp(sum of abs) | "
          "sequential f32 sum: max error (ulp) |")
    print("|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for fn, t, rows, length, description, gen in CASES:
            x = gen(g, (rows, length)).astype(NP[t])
            src = os.path.join(tmp, "k.mlir")
            with open(src, "w") as f:
                f.write(MLIR.format(shape="%dx%d" % (rows, length),
                                    rshape="%dx1" % rows, t=t, fn=fn))
            np.save(os.path.join(tmp, "x.npy"), x)
            out = os.path.join(tmp, "y.npy")
            subprocess.run([args.dml_run, src, "--input=@" + tmp + "/x.npy",
                            "--output=@" + out], check=True)
            y = np.load(out).reshape(rows)
            errors = [ulps(y[i], exact(fn, x[i]), NP[t]) for i in range(rows)]
            seq = [sequential(fn, x[i]) for i in range(rows)]
            seq_text = "-"
            if seq[0] is not None:
                seq_text = "%.1f" % max(
                    ulps(s, exact(fn, x[i]), NP[t]) for i, s in enumerate(seq))
            # Sums with cancellation: the error relative to the magnitude
            # of the terms (the usual bound is (n - 1) eps sum |x_i|).
            scale_text = "-"
            if fn in ("sum", "average"):
                scale = [abs(float(y[i]) - exact(fn, x[i])) /
                         float(np.spacing(NP[t](exact("l1", x[i]) /
                                                (length if fn == "average"
                                                 else 1))))
                         for i in range(rows)]
                scale_text = "%.2f" % max(scale)
            print("| %s | %s | %d | %s | %.2f | %.2f | %s | %s |" %
                  (fn, t, length, description, max(errors),
                   sum(errors) / len(errors), scale_text, seq_text))
    return 0


if __name__ == "__main__":
    sys.exit(main())
