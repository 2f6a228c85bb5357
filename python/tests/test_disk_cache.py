"""The persistent kernel cache through Python: a second Compiler (or
process) loads the kernel; corrupt entries are rebuilt; off switches."""
import os
import subprocess
import sys

import numpy as np

import dml_mlir as dml

MLIR = """
func.func @main(%x: tensor<4x32xf32>) -> tensor<4x1xf32> {
  %r = dml.reduce %x, function = sum, axes = [1]
      : tensor<4x32xf32> -> tensor<4x1xf32>
  return %r : tensor<4x1xf32>
}
"""


def entries(cache_dir):
    if not os.path.isdir(cache_dir):
        return []
    return sorted(f for f in os.listdir(cache_dir) if f.endswith(".dmlk"))


def check(kernel):
    data = np.arange(128, dtype=np.float32).reshape(4, 32)
    np.testing.assert_allclose(kernel(data), data.sum(axis=1, keepdims=True))


def test_second_compiler_hits_the_disk(cache_dir):
    first = dml.Compiler(cache_dir=cache_dir).compile_mlir(MLIR)
    assert not first.compile_times["cached"]
    assert len(entries(cache_dir)) == 1
    compiler = dml.Compiler(cache_dir=cache_dir)
    second = compiler.compile_mlir(MLIR)
    assert second.compile_times["cached"]
    assert compiler.cache_statistics()["disk_hits"] == 1
    check(second)


def test_other_options_are_other_entries(cache_dir):
    compiler = dml.Compiler(cache_dir=cache_dir)
    compiler.compile_mlir(MLIR, threads=1)
    compiler.compile_mlir(MLIR, threads=2)
    compiler.compile_mlir(MLIR, opt_level=2)
    assert len(entries(cache_dir)) == 3


def test_corrupt_entry_is_rebuilt(cache_dir):
    dml.Compiler(cache_dir=cache_dir).compile_mlir(MLIR)
    (entry,) = entries(cache_dir)
    path = os.path.join(cache_dir, entry)
    data = bytearray(open(path, "rb").read())
    data[len(data) // 2] ^= 0xFF  # flip a byte of the object code
    open(path, "wb").write(bytes(data))
    compiler = dml.Compiler(cache_dir=cache_dir)
    kernel = compiler.compile_mlir(MLIR)
    assert not kernel.compile_times["cached"]
    assert compiler.cache_statistics()["disk_rejected"] == 1
    check(kernel)
    # The rebuilt entry replaced the corrupt one.
    assert dml.Compiler(cache_dir=cache_dir).compile_mlir(
        MLIR).compile_times["cached"]


def test_off_switches(cache_dir, monkeypatch):
    kernel = dml.Compiler(cache_dir=cache_dir, disk_cache=False).compile_mlir(
        MLIR)
    check(kernel)
    assert entries(cache_dir) == []
    dml.Compiler(cache_dir=cache_dir).compile_mlir(MLIR, disk_cache=False)
    assert entries(cache_dir) == []
    monkeypatch.setenv("DML_MLIR_CACHE", "off")
    compiler = dml.Compiler(cache_dir=cache_dir)
    assert compiler.disk_cache_directory is None
    compiler.compile_mlir(MLIR)
    assert entries(cache_dir) == []


def test_second_process_gets_the_cached_kernel(cache_dir):
    script = ("import dml_mlir as d, sys; k = d.Compiler(cache_dir=sys.argv[1])"
              ".compile_mlir(sys.argv[2]); print(k.compile_times['cached'])")
    env = dict(os.environ)
    runs = [subprocess.run([sys.executable, "-c", script, cache_dir, MLIR],
                           capture_output=True, text=True, env=env)
            for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0], runs[0].stderr
    assert [r.stdout.strip() for r in runs] == ["False", "True"]
