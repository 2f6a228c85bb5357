"""Rows that put the float scan's limit on its edges, through dml-run
against test/lib/dml_reference.py: rows of NaNs (at least K, so the K-th
best is NaN and the limit clamps at +inf), NaNs in increasing rows (they
pass the compare but are never selected), the threshold on a tie of -0 and
+0, on a run of equal values, on +-inf, and ordinary rows; f32 and f16;
K within the partition bound, sampled (with a guess that overshoots)
and unbounded; both directions.

usage: top_k_limits.py DML_RUN WORK_DIR
"""
import os
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..",
                                "lib"))
import dml_reference as ref  # noqa: E402

PROGRAM = """
func.func @main(%x: tensor<{n}x{c}x{t}>) -> (tensor<{n}x{k}x{t}>, tensor<{n}x{k}xui32>) {{
  %v, %i = dml.top_k %x, axis = 1, k = {k}, direction = {d} : tensor<{n}x{c}x{t}> -> tensor<{n}x{k}x{t}>, tensor<{n}x{k}xui32>
  return %v, %i : tensor<{n}x{k}x{t}>, tensor<{n}x{k}xui32>
}}
"""


def rows(rng, n, c, k):
    x = rng.standard_normal((n, c))
    x[0] = np.nan                                  # all NaN
    x[1, rng.choice(c, 2 * k, replace=False)] = np.nan  # 2K NaNs
    x[2, rng.choice(c, k, replace=False)] = np.nan      # exactly K NaNs
    x[3] = rng.choice([-0.0, 0.0], c)              # only zeros of both signs
    x[4] = rng.choice([-1.0, -0.0, 0.0, 1.0], c, p=[0.45, 0.05, 0.05, 0.45])
    x[5] = 2.5                                     # one value: all tied
    x[6] = rng.choice([-np.inf, np.inf, 1.0], c)   # infinities
    x[7] = rng.choice([-np.inf, np.nan], c)        # worst and best only
    x[8, : c // 2] = np.inf                        # +inf then ordinary
    x[9] = np.arange(c)[::-1] % 7                  # repeated ladder
    # Large values exactly where the sampled guess looks (the first 16
    # elements of every 256): the guess overshoots the K-th best, fewer than
    # K elements pass and the scan runs again with no threshold.
    sampled = (np.arange(c) // 16) % 16 == 0
    x[10, sampled] = 1000 + np.arange(c)[sampled] // 16
    return x


def main():
    dml_run, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    rng = np.random.default_rng(2026)
    failures = runs = 0
    # K <= 64 (f32; 128 f16): partition bound; K = 200 on 4096: sampled;
    # K = 300 on 2048: none. Rows of 1000 (ragged; at most 1024 elements):
    # with AVX-512, the scan without a branch per chunk, and the heap
    # selection after it where more than 512 elements pass (ties, zeros).
    configurations = [(1, 2048), (8, 2048), (64, 2048), (200, 4096),
                      (300, 2048), (1, 1000), (8, 1000), (64, 1000)]
    for dtype, t in [(np.float32, "f32"), (np.float16, "f16")]:
        for k, c in configurations:
            for direction in ("decreasing", "increasing"):
                n = 12
                name = f"{t}_k{k}_c{c}_{direction}"
                program = os.path.join(work, name + ".mlir")
                with open(program, "w") as f:
                    f.write(PROGRAM.format(n=n, c=c, k=k, t=t, d=direction))
                x = rows(rng, n, c, k).astype(dtype)
                source = os.path.join(work, name + ".npy")
                np.save(source, x)
                values, indices = ref.top_k(
                    x, 1, k, ref.DECREASING if direction == "decreasing"
                    else ref.INCREASING)
                outputs = [os.path.join(work, f"{name}_{o}.npy") for o in (0, 1)]
                subprocess.run([dml_run, program, f"--input=@{source}"]
                               + [f"--output=@{o}" for o in outputs],
                               check=True)
                runs += 1
                got_values, got_indices = (np.load(o) for o in outputs)
                # Bit patterns: -0 and +0 and NaN are compared exactly.
                same_values = np.array_equal(
                    got_values.view(np.uint16 if t == "f16" else np.uint32),
                    values.view(np.uint16 if t == "f16" else np.uint32))
                if not (np.array_equal(got_indices, indices) and same_values):
                    failures += 1
                    bad = np.nonzero((got_indices != indices).any(1))[0]
                    print(f"FAIL {name}: rows {bad[:6]}")
    print(f"{runs - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
