"""exp(x - max(x)) expanded without the upper bound on k (dml.shifted_exp,
dml-mark-shifted-exp) on the rows where the argument is not an ordinary
number <= 0: NaN of both signs (x86's inf - inf is a negative NaN), +inf
(x - max is NaN at the max, -inf elsewhere), all -inf, all +inf, all
equal, -1000 + a ramp, +-3e38 (x - max overflows to -inf), zeros, NaN or
the max in the tail. softmax -> top_k, log-softmax -> top_k and
LOG_SUM_EXP and the sum of exp(x - max) itself (where a NaN argument
mapped to 0 would show: inf - inf rows) against numpy, at 1 and 2 threads, 512- and 256-bit vectors,
rows of 4096 (whole vector steps) and 4000 (a remainder).
With REF_DML_RUN (e.g. main's) every output must also have the same bits
as that dml-run's.

usage: shifted_exp_rows.py DML_RUN WORK_DIR [REF_DML_RUN]
"""
import os
import subprocess
import sys

import numpy as np

from softmax_graphs import log_softmax_top_k, softmax_top_k, sum_exp

N, K = 16, 5
NEG_NAN = np.array([0xFFC00000], np.uint32).view(np.float32)[0]

LOG_SUM_EXP = """
func.func @main(%x: tensor<{n}x{c}xf32>) -> tensor<{n}x1xf32> {{
  %r = dml.reduce %x, function = log_sum_exp, axes = [1] : tensor<{n}x{c}xf32> -> tensor<{n}x1xf32>
  return %r : tensor<{n}x1xf32>
}}
"""


def rows(c, rng):
    x = (rng.standard_normal((N, c)) * 4).astype(np.float32)
    x[0, 17] = np.nan
    x[1, 33] = NEG_NAN
    x[2, 100] = np.inf
    x[3] = -np.inf
    x[4] = np.inf
    x[5] = 1.5
    x[6] = -1000 + np.arange(c, dtype=np.float32) * np.float32(0.01)
    x[7, ::2] = 3e38
    x[7, 1::2] = -3e38
    x[8] = 0.0
    x[8, 5] = -0.0
    x[9, c - 3] = np.nan
    x[10, c - 1] = 100.0
    x[11, :c // 2] = -np.inf
    x[12] = NEG_NAN
    x[13, [4, c - 2]] = [np.inf, -np.inf]
    x[14] = np.float32(-1e-40) * np.arange(c, dtype=np.float32)
    return x


def top_k(p, k):
    order = np.argsort(np.where(np.isnan(p), -np.inf, -p), axis=1,
                       kind="stable")[:, :k]
    return np.take_along_axis(p, order, axis=1), order


def references(x):
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        m = x.max(1, keepdims=True)
        e = np.exp((x - m).astype(np.float64))
        s = e.sum(1, keepdims=True)
        lse = np.where(np.isinf(m), m, m + np.log(s)).astype(np.float32)
        return {"softmax": top_k((e / s).astype(np.float32), K),
                "log_softmax": top_k(x - lse, K),
                "log_sum_exp": (lse,),
                "sum_exp": (s.astype(np.float32),)}


def run(dml_run, program, source, outputs, options):
    command = [dml_run, program, f"--input=@{source}"]
    command += [f"--output=@{o}" for o in outputs]
    command.append(f"--pipeline-options={options}")
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return [np.load(o) for o in outputs]


def main():
    dml_run, work = sys.argv[1], sys.argv[2]
    ref_run = sys.argv[3] if len(sys.argv) > 3 else None
    os.makedirs(work, exist_ok=True)
    passed = failed = 0
    for c in (4096, 4000):
        x = rows(c, np.random.default_rng(c))
        source = os.path.join(work, f"x{c}.npy")
        np.save(source, x)
        expected = references(x)
        for name, text in [("softmax", softmax_top_k(N, c, K)),
                           ("log_softmax", log_softmax_top_k(N, c, K)),
                           ("log_sum_exp", LOG_SUM_EXP.format(n=N, c=c)),
                           ("sum_exp", sum_exp(N, c))]:
            program = os.path.join(work, f"{name}{c}.mlir")
            with open(program, "w") as f:
                f.write(text)
            for options in ["threads=1 vector-bits=512",
                            "threads=2 vector-bits=512",
                            "threads=1 vector-bits=256",
                            "threads=2 vector-bits=256"]:
                tag = f"{name}{c}_" + options.replace(" ", "_")
                outputs = [os.path.join(work, f"{tag}_{i}.npy")
                           for i in range(len(expected[name]))]
                got = run(dml_run, program, source, outputs, options)
                problems = []
                for i, (g, e) in enumerate(zip(got, expected[name])):
                    if i == 1:  # indices: exact
                        if not np.array_equal(g.astype(np.int64), e):
                            problems.append("indices")
                    elif not np.allclose(g, e, rtol=1e-5, atol=1e-6,
                                         equal_nan=True):
                        problems.append("values")
                if ref_run:
                    ref = run(ref_run, program, source,
                              [o + ".ref.npy" for o in outputs], options)
                    if any(g.tobytes() != r.tobytes()
                           for g, r in zip(got, ref)):
                        problems.append("bits differ from the reference")
                if problems:
                    failed += 1
                    print(f"FAIL {tag}: {', '.join(problems)}")
                else:
                    passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
