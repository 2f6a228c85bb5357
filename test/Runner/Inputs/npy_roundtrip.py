"""Round trip of every data type through dml-run's .npy reader and writer.

Usage: npy_roundtrip.py DML_RUN MODULE WORKDIR

For every DirectML data type, writes the 2x3 input of @gather_<type> (see
gather-all-types.mlir) with numpy, including the extreme values of the type
(and NaN, +-Inf, -0 for floats), in .npy format 1.0, 2.0 and 3.0; runs
dml-run with --output files; reads the outputs back with numpy and checks
dtype, shape and bits. Prints one line per case and a summary.
"""

import os
import subprocess
import sys

import numpy as np

dml_run, module, workdir = sys.argv[1:4]
os.makedirs(workdir, exist_ok=True)

TYPES = {
    "f16": np.float16, "f32": np.float32, "f64": np.float64,
    "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
    "ui8": np.uint8, "ui16": np.uint16, "ui32": np.uint32, "ui64": np.uint64,
}


def sample(dtype):
    if np.issubdtype(dtype, np.floating):
        info = np.finfo(dtype)
        values = [np.nan, np.inf, -np.inf, -0.0, info.max, info.tiny]
    else:
        info = np.iinfo(dtype)
        values = [info.min, info.max, 0, 1, info.max - 1, info.min + 1]
    return np.array(values, dtype=dtype).reshape(2, 3)


def same_bits(a, b):
    return (a.dtype == b.dtype and a.shape == b.shape and
            a.tobytes() == b.tobytes())


failures = 0
indices = np.array([[1, 0, 1, 0]], dtype=np.uint32)
for name, dtype in TYPES.items():
    for version in [(1, 0), (2, 0), (3, 0)]:
        x = sample(dtype)
        x_file = os.path.join(workdir, f"x_{name}_{version[0]}.npy")
        j_file = os.path.join(workdir, "j.npy")
        with open(x_file, "wb") as f:
            np.lib.format.write_array(f, x, version=version)
        np.save(j_file, indices)
        y_file = os.path.join(workdir, f"y_{name}.npy")
        z_file = os.path.join(workdir, f"z_{name}.npy")
        for path in (y_file, z_file):
            if os.path.exists(path):
                os.remove(path)
        proc = subprocess.run(
            [dml_run, module, f"--function=gather_{name}",
             f"--input=@{x_file}", f"--input=@{j_file}",
             f"--output=@{y_file}", f"--output=@{z_file}"],
            capture_output=True, text=True)
        if proc.returncode != 0 or proc.stdout:
            print(f"FAIL {name} v{version[0]}: exit {proc.returncode}: "
                  f"{proc.stderr.strip()} {proc.stdout.strip()}")
            failures += 1
            continue
        y = np.load(y_file)
        z = np.load(z_file)
        ok = same_bits(z, x) and same_bits(y, x[[1, 0, 1, 0]])
        print(f"{'ok' if ok else 'FAIL'} {name} v{version[0]}.0 "
              f"{y.dtype} {list(y.shape)} {z.dtype} {list(z.shape)}")
        failures += not ok

# bool is read as uint8.
b_file = os.path.join(workdir, "b.npy")
np.save(b_file, np.array([[True, False, True], [False, False, True]]))
proc = subprocess.run(
    [dml_run, module, "--function=gather_ui8", f"--input=@{b_file}",
     "--input=1x4xui32=1 0 1 0", "--output=-"],
    capture_output=True, text=True)
print(proc.stdout.strip())
failures += proc.returncode != 0

print(f"{failures} failures")
