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


def files(cache_dir):
    """Everything in the directory: entries, aliases, temporaries."""
    return sorted(os.listdir(cache_dir)) if os.path.isdir(cache_dir) else []


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
    assert files(cache_dir) == []
    dml.Compiler(cache_dir=cache_dir).compile_mlir(MLIR, disk_cache=False)
    assert files(cache_dir) == []
    monkeypatch.setenv("DML_MLIR_CACHE", "off")
    compiler = dml.Compiler(cache_dir=cache_dir)
    assert compiler.disk_cache_directory is None
    compiler.compile_mlir(MLIR)
    assert files(cache_dir) == []


def test_second_process_gets_the_cached_kernel(cache_dir):
    script = ("import dml_mlir as d, sys; k = d.Compiler(cache_dir=sys.argv[1])"
              ".compile_mlir(sys.argv[2]); print(k.compile_times['cached'])")
    env = dict(os.environ)
    runs = [subprocess.run([sys.executable, "-c", script, cache_dir, MLIR],
                           capture_output=True, text=True, env=env)
            for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0], runs[0].stderr
    assert [r.stdout.strip() for r in runs] == ["False", "True"]


def aliases(cache_dir):
    return sorted(f for f in os.listdir(cache_dir) if f.endswith(".dmla"))


def test_second_process_hits_through_the_raw_key(cache_dir):
    """A new process finds the kernel by the text as given: raw_hits, no
    pipeline; the signature comes from the entry."""
    script = (
        "import dml_mlir as d, sys\n"
        "c = d.Compiler(cache_dir=sys.argv[1])\n"
        "k = c.compile_mlir(sys.argv[2])\n"
        "s = c.cache_statistics()\n"
        "print(k.compile_times['cached'], s['raw_hits'], s['raw_misses'],\n"
        "      k.compile_times['pipeline_ms'] == 0, k.inputs[0].sizes,\n"
        "      k.outputs[0].sizes)\n")
    runs = [subprocess.run([sys.executable, "-c", script, cache_dir, MLIR],
                           capture_output=True, text=True)
            for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0], runs[0].stderr
    assert runs[0].stdout.split()[:3] == ["False", "0", "1"]
    assert runs[1].stdout.strip() == "True 1 0 True [4, 32] [4, 1]"


def test_graph_hits_through_the_raw_key(cache_dir):
    def graph():
        g = dml.Graph("rowsum")
        g.output(g.reduce(g.input(np.float32, [4, 32]), "sum", [1]))
        return g
    dml.Compiler(cache_dir=cache_dir).compile(graph())
    compiler = dml.Compiler(cache_dir=cache_dir)
    kernel = compiler.compile(graph())
    assert kernel.compile_times["cached"]
    assert compiler.cache_statistics()["raw_hits"] == 1
    check(kernel)


def test_corrupt_alias_is_rebuilt(cache_dir):
    dml.Compiler(cache_dir=cache_dir).compile_mlir(MLIR)
    (alias,) = aliases(cache_dir)
    path = os.path.join(cache_dir, alias)
    good = open(path, "rb").read()
    data = bytearray(good)
    data[60] ^= 0x01  # the entry's hash
    open(path, "wb").write(bytes(data))
    compiler = dml.Compiler(cache_dir=cache_dir)
    kernel = compiler.compile_mlir(MLIR)
    stats = compiler.cache_statistics()
    assert stats["raw_hits"] == 0 and stats["disk_rejected"] == 1
    assert kernel.compile_times["cached"]  # by the canonical key
    check(kernel)
    assert open(path, "rb").read() == good
    again = dml.Compiler(cache_dir=cache_dir)
    again.compile_mlir(MLIR)
    assert again.cache_statistics()["raw_hits"] == 1


def test_other_options_miss_the_raw_key(cache_dir):
    dml.Compiler(cache_dir=cache_dir).compile_mlir(MLIR)
    for options in ({"threads": 2}, {"opt_level": 2}, {"vectorize": False}):
        compiler = dml.Compiler(cache_dir=cache_dir)
        kernel = compiler.compile_mlir(MLIR, **options)
        assert not kernel.compile_times["cached"], options
        assert compiler.cache_statistics()["raw_hits"] == 0, options
    assert len(aliases(cache_dir)) == 4
