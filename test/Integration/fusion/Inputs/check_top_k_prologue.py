"""Runs the functions of top_k-prologue.mlir through dml-run (with optional
pipeline options) and compares them with numpy on the unfused graph.

usage: check_top_k_prologue.py DML_RUN FILE.mlir TMPDIR [PIPELINE_OPTIONS]
"""

import os
import subprocess
import sys

import numpy as np

dml_run, source, tmp = sys.argv[1], sys.argv[2], sys.argv[3]
options = sys.argv[4] if len(sys.argv) > 4 else ""
os.makedirs(tmp, exist_ok=True)
rng = np.random.default_rng(10)


def top_k(x, axis, k, decreasing):
    # Stable sort: ties keep ascending indices, as DirectML lists them.
    order = np.argsort(-x if decreasing else x, axis=axis, kind="stable")
    indices = np.take(order, np.arange(k), axis=axis)
    return np.take_along_axis(x, indices, axis=axis), indices


def distinct(shape, dtype):
    # A permutation of well-separated values: no ties, even after rounding.
    values = rng.permutation(np.prod(shape)).reshape(shape)
    return (values / 64.0).astype(dtype)


def run(function, x):
    path = os.path.join(tmp, function + ".npy")
    np.save(path, x)
    outputs = [os.path.join(tmp, function + "_out%d.npy" % n) for n in range(2)]
    command = [dml_run, source, "--function=" + function, "--input=@" + path]
    command += ["--output=@" + out for out in outputs]
    if options:
        command.append("--pipeline-options=" + options)
    subprocess.run(command, check=True)
    return [np.load(out) for out in outputs]


def check(function, x, expected_values, expected_indices, exact):
    values, indices = run(function, x)
    if not np.array_equal(indices, expected_indices):
        sys.exit("%s: indices %s, expected %s" % (function, indices,
                                                  expected_indices))
    if exact:
        ok = np.array_equal(values, expected_values)
    else:
        ok = np.allclose(values, expected_values, rtol=1e-5, atol=0)
    if not ok:
        sys.exit("%s: values %s, expected %s" % (function, values,
                                                 expected_values))


x = rng.standard_normal((4, 1000)).astype(np.float32) * 4
e = np.exp(x - x.max(axis=1, keepdims=True))
softmax = e / e.sum(axis=1, keepdims=True)
check("softmax_top_k", x, *top_k(softmax, 1, 5, True), exact=False)

x = distinct((4, 1000), np.float32) - 30
check("affine_top_k", x, *top_k(x * 2 + 1, 1, 7, False), exact=True)

x = rng.permutation(900).reshape(3, 300).astype(np.int64) - 450
check("affine_i64", x, *top_k(x * 2 + 1, 1, 4, True), exact=True)

x = distinct((300, 3), np.float32) - 5
check("affine_axis0", x, *top_k(x * 2 + 1, 0, 4, False), exact=True)
print("ok")
