#!/usr/bin/python3
"""Execution tests of mixed graphs (TOSA, tensor and linalg ops beside dml
ops) through dml-run, against numpy.

Each case is a function of Inputs/graphs.mlir; its inputs are seeded random
arrays written as .npy files, dml-run writes the results as .npy files, and numpy
computes the expected values from the same inputs (test/lib/dml_reference.py
for the dml ops). Prints one line per case and `N passed, M failed`.

Usage: mixed_graphs.py --dml-run PATH [--keep DIR]
"""

import argparse
import pathlib
import subprocess
import sys
import tempfile

import numpy as np

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "lib"))
import dml_reference as ref  # noqa: E402


def log_softmax_top_k(rng):
    x = rng.standard_normal((4, 16)).astype(np.float32)
    s = x.astype(np.float64) - x.max(axis=1, keepdims=True)
    y = s - np.log(np.exp(s).sum(axis=1, keepdims=True))
    values, indices = ref.top_k(y.astype(np.float32), axis=1, k=3,
                                direction="decreasing", index_dtype=np.uint32)
    return [x], [values, indices]


def move_around_dml(rng):
    x = rng.standard_normal((6, 4)).astype(np.float32)
    t = x.T
    reduced = ref.reduce(np.ascontiguousarray(t[1:3, 2:5]), "max", axes=[1])
    both = np.concatenate([t, np.abs(t)], axis=0)
    arg = ref.arg_max(both, axes=[0], direction="increasing",
                      out_dtype=np.uint32)
    tiled = np.tile(t, (2, 2))
    return [x], [reduced, arg, tiled]


def beam_gather(rng):
    scores = rng.standard_normal((2, 8)).astype(np.float32)
    table = rng.standard_normal((8, 5)).astype(np.float32)
    _, indices = ref.top_k(scores, axis=1, k=3, direction="decreasing",
                           index_dtype=np.uint32)
    flat = indices.reshape(1, 6)
    return [scores, table], [ref.gather(table, flat, axis=0,
                                        index_dimensions=1)]


def unsigned_shapes(rng):
    a = rng.integers(0, 256, size=4, dtype=np.uint8)
    b = rng.integers(0, 256, size=3, dtype=np.uint8)
    x = rng.standard_normal((3, 4, 5)).astype(np.float32)
    arg = ref.arg_max(x, axes=[1, 2], direction="increasing",
                      out_dtype=np.uint32).reshape(3)
    return [x, a, b], [arg, np.broadcast_to(a, (2, 4)).copy(),
                       np.concatenate([a, b]),
                       np.array([7, 4294967295], dtype=np.uint32)]


def elementwise(rng):
    x = rng.standard_normal((4, 6)).astype(np.float32)
    y = rng.standard_normal((1, 6)).astype(np.float32)
    c = rng.integers(-5, 6, size=(4, 6), dtype=np.int32)
    k = np.array([[1, 2, 3, 4, 5, 6]], dtype=np.float32)
    scaled = x * k + y
    return [x, y, c], [
        np.maximum(1.0 / np.abs(x), y),
        np.clip(c, -2, 3),
        np.where(x > y, x, scaled),
        x.astype(np.float16),
        c.min(axis=1, keepdims=True),
        np.argmax(x, axis=1).astype(np.int32),
        ref.reduce(np.exp(x).astype(np.float32), "sum", axes=[0]),
    ]


def unsigned_tosa(rng):
    x = rng.standard_normal((2, 5)).astype(np.float32)
    _, indices = ref.top_k(x, axis=1, k=3, direction="decreasing",
                           index_dtype=np.uint32)
    return [x], [np.ascontiguousarray(indices.T), indices.reshape(6)]


CASES = {
    "log_softmax_top_k": log_softmax_top_k,
    "move_around_dml": move_around_dml,
    "beam_gather": beam_gather,
    "unsigned_shapes": unsigned_shapes,
    "elementwise": elementwise,
    "unsigned_tosa": unsigned_tosa,
}


def check(name, got, want):
    if got.dtype != want.dtype or got.shape != want.shape:
        return f"{name}: expected {want.dtype}{list(want.shape)}, got " \
               f"{got.dtype}{list(got.shape)}"
    if np.issubdtype(want.dtype, np.floating):
        ok = np.allclose(got, want, rtol=2e-6 if want.dtype == np.float32
                         else 1e-3, atol=1e-6)
    else:
        ok = np.array_equal(got, want)
    return None if ok else f"{name}: expected\n{want}\ngot\n{got}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dml-run", required=True)
    parser.add_argument("--keep")
    args = parser.parse_args()
    workdir = pathlib.Path(args.keep or tempfile.mkdtemp())
    workdir.mkdir(parents=True, exist_ok=True)
    passed = failed = 0
    for index, (name, case) in enumerate(CASES.items()):
        inputs, expected = case(np.random.default_rng(index))
        command = [args.dml_run, str(HERE / "Inputs" / "graphs.mlir"),
                   f"--function={name}"]
        for i, array in enumerate(inputs):
            np.save(workdir / f"{name}_in{i}.npy", array)
            command.append(f"--input=@{workdir / f'{name}_in{i}.npy'}")
        for i in range(len(expected)):
            command.append(f"--output=@{workdir / f'{name}_out{i}.npy'}")
        run = subprocess.run(command, capture_output=True, text=True)
        errors = []
        if run.returncode != 0:
            errors.append(f"dml-run failed:\n{run.stderr}")
        else:
            for i, want in enumerate(expected):
                got = np.load(workdir / f"{name}_out{i}.npy")
                error = check(f"result {i}", got, want)
                if error:
                    errors.append(error)
        if errors:
            failed += 1
            print(f"FAIL {name}\n" + "\n".join(errors))
        else:
            passed += 1
            print(f"PASS {name}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
