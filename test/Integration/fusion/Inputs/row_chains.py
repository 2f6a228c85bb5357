"""Runs graphs whose chains dml-fuse-rows computes by blocks of rows (and
sibling/producer fusion) through dml-run, with fusion on and off and at 1
and 2 threads, and compares with numpy. Shapes are above the pass's
threshold, with row counts that are and are not multiples of the block.

usage: row_chains.py DML_RUN WORK_DIR
"""
import os
import subprocess
import sys

import numpy as np

SOFTMAX = """
func.func @main(%x: tensor<{n}x{c}xf32>) -> (tensor<{n}x{c}xf32>, tensor<{n}x{c}xf32>) {{
  %m = dml.reduce %x, function = max, axes = [1] : tensor<{n}x{c}xf32> -> tensor<{n}x1xf32>
  %mc = tensor.collapse_shape %m [[0, 1]] : tensor<{n}x1xf32> into tensor<{n}xf32>
  %e0 = tensor.empty() : tensor<{n}x{c}xf32>
  %mb = linalg.broadcast ins(%mc : tensor<{n}xf32>) outs(%e0 : tensor<{n}x{c}xf32>) dimensions = [1]
  %d = arith.subf %x, %mb : tensor<{n}x{c}xf32>
  %e = math.exp %d : tensor<{n}x{c}xf32>
  %s = dml.reduce %e, function = sum, axes = [1] : tensor<{n}x{c}xf32> -> tensor<{n}x1xf32>
  %sc = tensor.collapse_shape %s [[0, 1]] : tensor<{n}x1xf32> into tensor<{n}xf32>
  %sb = linalg.broadcast ins(%sc : tensor<{n}xf32>) outs(%e0 : tensor<{n}x{c}xf32>) dimensions = [1]
  %y = arith.divf %e, %sb : tensor<{n}x{c}xf32>
  %l = dml.reduce %x, function = log_sum_exp, axes = [1] : tensor<{n}x{c}xf32> -> tensor<{n}x1xf32>
  %lc = tensor.collapse_shape %l [[0, 1]] : tensor<{n}x1xf32> into tensor<{n}xf32>
  %lb = linalg.broadcast ins(%lc : tensor<{n}xf32>) outs(%e0 : tensor<{n}x{c}xf32>) dimensions = [1]
  %ls = arith.subf %x, %lb : tensor<{n}x{c}xf32>
  return %y, %ls : tensor<{n}x{c}xf32>, tensor<{n}x{c}xf32>
}}
"""

STATISTICS = """
func.func @main(%x: tensor<{n}x{c}xf32>) -> (tensor<{n}x1xf32>, tensor<{n}x1xui32>, tensor<{n}x1xui32>, tensor<{n}x1xf32>, tensor<{n}x1xf32>) {{
  %l = dml.reduce %x, function = log_sum_exp, axes = [1] : tensor<{n}x{c}xf32> -> tensor<{n}x1xf32>
  %a = dml.arg_max %x, axes = [1], direction = increasing : tensor<{n}x{c}xf32> -> tensor<{n}x1xui32>
  %b = dml.arg_min %x, axes = [1], direction = decreasing : tensor<{n}x{c}xf32> -> tensor<{n}x1xui32>
  %s = dml.reduce %x, function = sum, axes = [1] : tensor<{n}x{c}xf32> -> tensor<{n}x1xf32>
  %q = dml.reduce %x, function = sum_square, axes = [1] : tensor<{n}x{c}xf32> -> tensor<{n}x1xf32>
  return %l, %a, %b, %s, %q : tensor<{n}x1xf32>, tensor<{n}x1xui32>, tensor<{n}x1xui32>, tensor<{n}x1xf32>, tensor<{n}x1xf32>
}}
"""


def softmax_reference(x):
    x = x.astype(np.float64)
    e = np.exp(x - x.max(1, keepdims=True))
    lse = np.log(e.sum(1, keepdims=True)) + x.max(1, keepdims=True)
    return [e / e.sum(1, keepdims=True), x - lse]


def statistics_reference(x):
    d = x.astype(np.float64)
    m = d.max(1, keepdims=True)
    lse = np.log(np.exp(d - m).sum(1, keepdims=True)) + m
    argmin_last = x.shape[1] - 1 - np.argmin(x[:, ::-1], axis=1)
    return [lse, np.argmax(x, axis=1)[:, None],
            argmin_last[:, None], d.sum(1, keepdims=True),
            (d * d).sum(1, keepdims=True)]


def main():
    dml_run, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    rng = np.random.default_rng(2026)
    failures = 0
    runs = 0
    cases = [(SOFTMAX, softmax_reference, 256, 1000),
             (SOFTMAX, softmax_reference, 100, 1000),
             (STATISTICS, statistics_reference, 512, 1024),
             (STATISTICS, statistics_reference, 77, 4096),
             (SOFTMAX, softmax_reference, 9, 16384)]
    for index, (template, reference, n, c) in enumerate(cases):
        program = os.path.join(work, f"case{index}.mlir")
        with open(program, "w") as f:
            f.write(template.format(n=n, c=c))
        x = rng.standard_normal((n, c), dtype=np.float32)
        # Ties for the arg reductions: repeated extremes in some rows.
        x[::7, 5] = x[::7].max(1)
        x[::11, 3] = x[::11].min(1)
        x[::11, c - 2] = x[::11].min(1)
        source = os.path.join(work, f"x{index}.npy")
        np.save(source, x)
        expected = reference(x)
        # Rows of 16 KiB and more: also one row at a time in 64-lane loads
        # (long-row-streams=1), whose next-block prefetches cover every line.
        long_rows = ["long-row-streams=1"] if c * 4 >= 16384 else []
        for options in ["", "fusion=false", "threads=2"] + long_rows:
            outputs = [os.path.join(work, f"out{index}_{k}.npy")
                       for k in range(len(expected))]
            command = [dml_run, program, f"--input=@{source}"]
            command += [f"--output=@{o}" for o in outputs]
            if options:
                command.append(f"--pipeline-options={options}")
            subprocess.run(command, check=True)
            runs += 1
            for k, (path, want) in enumerate(zip(outputs, expected)):
                got = np.load(path)
                if got.dtype.kind in "iu":
                    ok = np.array_equal(got.astype(np.int64), want)
                else:
                    # f32 accumulation over c elements: error grows with c.
                    ok = np.allclose(got, want, rtol=2e-5, atol=5e-7 * c)
                if not ok:
                    failures += 1
                    print(f"FAIL case {index} [{n}x{c}] options '{options}' "
                          f"output {k}: max error "
                          f"{np.abs(got.astype(np.float64) - want).max()}")
    print(f"{runs - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
