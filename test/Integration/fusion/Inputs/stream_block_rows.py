"""arg_max -> one_hot graphs whose fused row blocks write the caller's
output with non-temporal stores (caller-streaming-bytes=1 streams these
small outputs as the default streams 8 MiB and more): the block's rows
at a dynamic offset, their line-aligned head from the offset at run time.
Row blocks of one row (67 and 17 rows) and of 8 (256 rows), rows of
1000, 260 and 4100 floats (4000, 1040 and 16400 bytes: rows start off a
64-byte line; each graph holds at least dml-fuse-rows' 65536 elements),
ties (the first index wins), NaN and -inf rows; one_hot's off/on values
-1 and 5.
Checked bit for bit against the unfused pipeline and numpy, at 1 and 2
threads and vector-bits 512 and 256.

usage: stream_block_rows.py DML_OPT DML_RUN WORK_DIR
"""
import os
import subprocess
import sys

import numpy as np

from top_k_shared_extremes import check_all

SHAPES = [(67, 1000), (256, 260), (17, 4100)]
STREAM = "caller-streaming-bytes=1 stream-fills=true stream-page-prefetch=true"
OPTIONS = [STREAM, STREAM + " threads=2", STREAM + " vector-bits=256",
           STREAM + " threads=2 vector-bits=256"]


def program(n, c):
    return f"""func.func @main(%x: tensor<{n}x{c}xf32>) -> tensor<{n}x{c}xf32> {{
  %i = dml.arg_max %x, axes = [1], direction = increasing : tensor<{n}x{c}xf32> -> tensor<{n}x1xi32>
  %v = arith.constant dense<[[-1.0, 5.0]]> : tensor<1x2xf32>
  %o = dml.one_hot %i, %v, axis = 1 : (tensor<{n}x1xi32>, tensor<1x2xf32>) -> tensor<{n}x{c}xf32>
  return %o : tensor<{n}x{c}xf32>
}}
"""


def rows(n, c, rng):
    x = rng.standard_normal((n, c)).astype(np.float32)
    x[1] = 2.0                       # all tied: index 0
    x[2, [5, c - 1]] = 9.0           # a tie at the max: the first
    x[3] = -np.inf                   # all -inf: index 0
    x[4, c // 2] = np.nan            # NaN is the max
    x[5, c - 1] = 50.0               # the max in the last element
    return x


def reference(x):
    key = np.where(np.isnan(x), np.inf, x)
    hot = np.argmax(key, axis=1)
    out = np.full(x.shape, -1.0, np.float32)
    out[np.arange(x.shape[0]), hot] = 5.0
    return out


def run(dml_run, source, mlir, work, options, tag):
    out = os.path.join(work, f"out_{tag}.npy")
    command = [dml_run, mlir, f"--input=@{source}", f"--output=@{out}",
               "--no-cache"]
    if options:
        command.append(f"--pipeline-options={options}")
    subprocess.run(command, check=True)
    return np.load(out)


def check(dml_opt, dml_run, work, shape):
    n, c = shape
    mlir = os.path.join(work, f"ao_{n}x{c}.mlir")
    with open(mlir, "w") as f:
        f.write(program(n, c))
    # The fused blocks must stream their rows, else this proves nothing.
    ir = subprocess.run([dml_opt, mlir, "--dml-to-linalg", "--dml-bufferize",
                         f"--dml-codegen={STREAM}"], check=True,
                        capture_output=True, text=True).stdout
    assert "memref.extract_strided_metadata" in ir and \
        "nontemporal = true" in ir, (n, c)
    x = rows(n, c, np.random.default_rng(n * c))
    source = os.path.join(work, f"ao_{n}x{c}.npy")
    np.save(source, x)
    expected = reference(x)
    failures = 0
    for options in OPTIONS:
        tag = f"{n}x{c}_{options.replace('=', '').replace(' ', '_')}"
        bits = " vector-bits=" + (options.split("vector-bits=")[1][:3]
                                  if "vector-bits=" in options else "512")
        unfused = run(dml_run, source, mlir, work, "fusion=false" + bits,
                      tag + "_unfused")
        got = run(dml_run, source, mlir, work, options, tag)
        problems = []
        if not np.array_equal(got.view(np.uint32), unfused.view(np.uint32)):
            problems.append("differs from the unfused pipeline")
        if not np.array_equal(got, expected):
            bad = np.nonzero((got != expected).any(1))[0]
            problems.append(f"differs from numpy in rows {list(bad)}")
        failures += bool(problems)
        for problem in problems:
            print(f"FAIL [{n}x{c}] '{options}': {problem}")
    return failures, len(OPTIONS)


if __name__ == "__main__":
    sys.exit(check_all(SHAPES, check))
