"""Row extrema over rows of many lengths through dml-run, against the
numpy reference (test/lib/dml_reference.py): rows shorter than a vector,
of length 1, with a remainder after the vector steps (the lanes' last,
overlapping step), ties across lanes and in the remainder, NaN in the
remainder, +-0 and +-Inf. ArgMax/ArgMin, increasing and decreasing, and
the sibling reductions max + sum + sum_square (plain vector max with NaN
flags per lane) and min, at 1 and 2 threads.

usage: row_extrema.py DML_RUN WORK_DIR
"""
import os
import pathlib
import subprocess
import sys

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[3] / "lib"))
import dml_reference as ref  # noqa: E402

dml_run, work = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)
rng = np.random.default_rng(12)
ROWS = 9
LENGTHS = [1, 2, 3, 15, 16, 17, 20, 40, 63, 64, 65, 100, 200, 1000]


def row(n, mode):
    if mode == "ties":        # few values: ties across lanes and the tail
        return rng.integers(0, 3, n).astype(np.float32)
    if mode == "tail-nan":    # NaNs late in the row (in the last step)
        x = rng.integers(0, 3, n).astype(np.float32)
        x[rng.integers(max(0, n - 40), n, 2)] = np.nan
        return x
    if mode == "nan":         # NaNs anywhere, several of them
        x = rng.standard_normal(n).astype(np.float32)
        x[rng.integers(0, n, 3)] = np.nan
        return x
    if mode == "all-nan":
        return np.full(n, np.nan, np.float32)
    if mode == "zeros":       # -0 and +0 tie; +-Inf are ordinary values
        return rng.choice(np.array([-0.0, 0.0, -np.inf, np.inf], np.float32), n)
    if mode == "tail-extreme":  # the extreme only in the remainder
        x = rng.integers(0, 3, n).astype(np.float32)
        x[-1] = 7 if rng.integers(2) else -7
        return x
    return rng.standard_normal(n).astype(np.float32)


MODES = ["ties", "tail-nan", "nan", "all-nan", "zeros", "tail-extreme",
         "random", "ties", "tail-nan"]
inputs = [np.stack([row(n, MODES[r]) for r in range(ROWS)]) for n in LENGTHS]
VARIANTS = [("arg_max", "increasing", "ui32", np.uint32),
            ("arg_max", "decreasing", "i64", np.int64),
            ("arg_min", "increasing", "i64", np.int64),
            ("arg_min", "decreasing", "ui32", np.uint32)]

REDUCTIONS = ["max", "sum", "sum_square", "min"]
args = ", ".join("%%x%d: tensor<%dx%dxf32>" % (i, ROWS, n)
                 for i, n in enumerate(LENGTHS))
source = []
for op, direction, dt, _ in VARIANTS:
    results = ", ".join("tensor<%dx1x%s>" % (ROWS, dt) for _ in LENGTHS)
    source.append("func.func @%s_%s(%s) -> (%s) {" % (op, direction, args,
                                                      results))
    for i, n in enumerate(LENGTHS):
        source.append(
            "  %%r%d = dml.%s %%x%d, axes = [1], direction = %s : "
            "tensor<%dx%dxf32> -> tensor<%dx1x%s>" % (i, op, i, direction,
                                                     ROWS, n, ROWS, dt))
    source.append("  return %s : %s" % (", ".join(
        "%%r%d" % i for i in range(len(LENGTHS))), results))
    source.append("}")
results = ", ".join("tensor<%dx1xf32>" % ROWS
                    for _ in LENGTHS for _ in REDUCTIONS)
source.append("func.func @reductions(%s) -> (%s) {" % (args, results))
names = []
for i, n in enumerate(LENGTHS):
    for fn in REDUCTIONS:
        names.append("%%%s%d" % (fn, i))
        source.append(
            "  %s = dml.reduce %%x%d, function = %s, axes = [1] : "
            "tensor<%dx%dxf32> -> tensor<%dx1xf32>" % (names[-1], i, fn, ROWS,
                                                     n, ROWS))
source.append("  return %s : %s" % (", ".join(names), results))
source.append("}")
module = os.path.join(work, "rows.mlir")
pathlib.Path(module).write_text("\n".join(source) + "\n")
paths = []
for i, x in enumerate(inputs):
    paths.append(os.path.join(work, "x%d.npy" % i))
    np.save(paths[-1], x)

passed = failed = 0
for op, direction, dt, np_dt in VARIANTS:
    for threads in (1, 2):
        outs = [os.path.join(work, "out%d.npy" % i)
                for i in range(len(LENGTHS))]
        command = [dml_run, module, "--function=%s_%s" % (op, direction),
                   "--threads=%d" % threads]
        command += ["--input=@" + p for p in paths]
        command += ["--output=@" + o for o in outs]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        for n, x, out in zip(LENGTHS, inputs, outs):
            actual = np.load(out)
            expected = getattr(ref, op)(x, [1], direction, np_dt)
            if actual.dtype == expected.dtype and np.array_equal(actual,
                                                                 expected):
                passed += 1
                continue
            failed += 1
            print("FAIL %s %s threads=%d length %d: %s, expected %s" %
                  (op, direction, threads, n, actual.ravel(),
                   expected.ravel()))
for threads in (1, 2):
    outs = [os.path.join(work, "red%d.npy" % i) for i in range(len(names))]
    command = [dml_run, module, "--function=reductions",
               "--threads=%d" % threads]
    command += ["--input=@" + p for p in paths]
    command += ["--output=@" + o for o in outs]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    at = 0
    for n, x in zip(LENGTHS, inputs):
        for fn in REDUCTIONS:
            actual = np.load(outs[at])
            at += 1
            expected = ref.reduce(x, fn, [1])
            # max/min exact (NaN == NaN; the sign of a zero is left open,
            # operators.md 1.5); sums within float32 accumulation error.
            if fn in ("max", "min"):
                ok = np.array_equal(actual, expected, equal_nan=True)
            else:
                bound = ref.reduce(np.abs(x), fn, [1], float64=True)
                with np.errstate(invalid="ignore"):
                    ok = np.allclose(actual, expected, rtol=0, atol=0,
                                     equal_nan=True) or np.all(
                        (np.isnan(actual) == np.isnan(expected)) &
                        ((np.abs(actual - expected) <=
                          4 * n * np.finfo(np.float32).eps * bound + 1e-30) |
                         np.isnan(expected) | (actual == expected)))
            if ok:
                passed += 1
                continue
            failed += 1
            print("FAIL reduce %s threads=%d length %d: %s, expected %s" %
                  (fn, threads, n, actual.ravel(), expected.ravel()))
print("%d passed, %d failed" % (passed, failed))
