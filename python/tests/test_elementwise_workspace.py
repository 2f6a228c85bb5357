"""Graph elementwise calls checked against numpy; the kernel's workspace
(temporary_bytes, a caller's workspace array) and its size surviving the
on-disk cache."""
import os

import numpy as np
import pytest

import dml_mlir as dml
import dml_reference as ref


@pytest.fixture
def compiler(cache_dir):
    return dml.Compiler(cache_dir=cache_dir)


def values(shape, dtype, seed):
    rng = np.random.default_rng(seed)
    if np.issubdtype(dtype, np.integer):
        return rng.integers(-50, 50, size=shape).astype(dtype)
    return rng.uniform(-4, 4, size=shape).astype(dtype)


def binary_kernel(compiler, name, dtype, shape):
    g = dml.Graph(name)
    a = g.input(dtype, shape)
    b = g.input(dtype, shape)
    g.output(getattr(g, name)(a, b))
    return compiler.compile(g)


def truncating_divide(a, b):
    """Integer divide as documented: toward zero, x / 0 is 0."""
    wide_a, wide_b = a.astype(np.int64), b.astype(np.int64)
    safe_b = np.where(wide_b == 0, 1, wide_b)
    quotient = np.abs(wide_a) // np.abs(safe_b) * np.sign(wide_a * safe_b)
    return np.where(wide_b == 0, 0, quotient).astype(a.dtype)


NUMPY_BINARY = {"add": np.add, "subtract": np.subtract,
                "multiply": np.multiply, "max": np.maximum,
                "min": np.minimum}


@pytest.mark.parametrize("name", sorted(NUMPY_BINARY) + ["divide"])
@pytest.mark.parametrize("dtype", [np.float32, np.int32])
def test_binary_matches_numpy(compiler, name, dtype):
    kernel = binary_kernel(compiler, name, dtype, [3, 17])
    a, b = values((3, 17), dtype, 1), values((3, 17), dtype, 2)
    if name == "divide" and dtype == np.int32:
        b[0, :4] = 0  # x / 0 is 0
        expected = truncating_divide(a, b)
    elif name == "divide":
        expected = a / b
    else:
        expected = NUMPY_BINARY[name](a, b)
    result = kernel(a, b)
    assert result.dtype == np.dtype(dtype)
    np.testing.assert_allclose(result, expected, rtol=1e-6)


NUMPY_UNARY = {"identity": lambda x: x, "exp": np.exp, "log": np.log,
               "abs": np.abs}


@pytest.mark.parametrize("name", sorted(NUMPY_UNARY))
@pytest.mark.parametrize("scale_bias", [None, (0.5, 3.0)])
def test_unary_matches_numpy(compiler, name, scale_bias):
    g = dml.Graph(name)
    x = g.input(np.float32, [4, 9])
    g.output(getattr(g, name)(x, scale_bias=scale_bias))
    kernel = compiler.compile(g)
    data = np.abs(values((4, 9), np.float32, 3)) + 0.1
    scale, bias = scale_bias or (1.0, 0.0)
    expected = NUMPY_UNARY[name](data * np.float32(scale) + np.float32(bias))
    np.testing.assert_allclose(kernel(data), expected, rtol=1e-5)


def test_clip_keeps_nan_and_applies_scale_bias(compiler):
    g = dml.Graph("clip")
    x = g.input(np.float32, [10])
    g.output(g.clip(x, -1.0, 2.0, scale_bias=(2.0, 0.0)))
    kernel = compiler.compile(g)
    data = np.linspace(-3, 3, 10).astype(np.float32)
    data[3] = np.nan
    expected = np.clip(data * 2, -1.0, 2.0)
    np.testing.assert_array_equal(kernel(data), expected)
    assert np.isnan(kernel(data)[3])


def test_broadcast_operand_through_zero_strides(compiler):
    g = dml.Graph("bias")
    x = g.input(np.float32, [3, 5])
    row = g.input(np.float32, [3, 5], strides=[0, 1])
    g.output(g.add(x, row))
    kernel = compiler.compile(g)
    data = values((3, 5), np.float32, 4)
    bias = values((1, 5), np.float32, 5)
    result = kernel(data, np.broadcast_to(bias, (3, 5)))
    np.testing.assert_allclose(result, data + bias, rtol=1e-6)


def test_elementwise_errors():
    g = dml.Graph("errors")
    f = g.input(np.float32, [4])
    i = g.input(np.int32, [4])
    other = dml.Graph("other").input(np.float32, [4])
    with pytest.raises(dml.Error, match="data type"):
        g.add(f, i)
    with pytest.raises(dml.Error, match="another graph"):
        g.multiply(f, other)
    with pytest.raises(dml.Error):
        g.identity(i, scale_bias=(2.0, 1.0))  # float data types only
    with pytest.raises(dml.Error, match="scale_bias"):
        g.exp(f, scale_bias=3.0)
    with pytest.raises(dml.Error):
        g.clip(f, 2.0, 1.0)  # min > max


def bag_graph():
    """Gather, reduce, then scale and bias the sums: the gathered rows fuse
    into the reduction, but the sums (a reduction does not fuse into its
    consumer) are an intermediate that lives in the kernel's workspace."""
    g = dml.Graph("bag")
    table = g.input(np.float32, [1, 10, 16])
    ids = g.input(np.int32, [1, 4, 3])
    sums = g.reduce(g.gather(table, ids, 1, 2), "sum", [1])
    g.output(g.identity(sums, scale_bias=(2.0, 1.0)))
    return g


def bag_inputs():
    table = values((1, 10, 16), np.float32, 6)
    ids = np.random.default_rng(7).integers(0, 10, size=(1, 4, 3)) \
        .astype(np.int32)
    expected = 2 * ref.reduce(ref.gather(table, ids, 1, 2), "sum", [1]) + 1
    return table, ids, expected


def test_workspace_size_and_caller_workspace(compiler):
    kernel = compiler.compile(bag_graph())
    assert kernel.temporary_bytes > 0
    assert kernel.temporary_bytes % 64 == 0
    assert kernel.persistent_bytes == 0
    table, ids, expected = bag_inputs()
    np.testing.assert_allclose(kernel(table, ids), expected, rtol=1e-5)
    workspace = kernel.new_workspace()
    assert workspace.nbytes == kernel.temporary_bytes
    assert workspace.ctypes.data % 64 == 0
    workspace[:] = 0xFF  # the kernel must not depend on its contents
    np.testing.assert_allclose(kernel(table, ids, workspace=workspace),
                               expected, rtol=1e-5)
    assert (workspace != 0xFF).any()  # and it did use it


def test_workspace_errors(compiler):
    kernel = compiler.compile(bag_graph())
    table, ids, _ = bag_inputs()
    workspace = kernel.new_workspace()
    with pytest.raises(dml.Error, match="workspace has"):
        kernel(table, ids, workspace=workspace[:-64])
    with pytest.raises(dml.Error, match="aligned"):
        raw = np.empty(kernel.temporary_bytes + 128, np.uint8)
        start = 1 if raw.ctypes.data % 64 != 63 else 2
        kernel(table, ids,
               workspace=raw[start:start + kernel.temporary_bytes])
    with pytest.raises(dml.Error, match="uint8"):
        kernel(table, ids, workspace=workspace.view(np.int8))
    with pytest.raises(dml.Error, match="numpy uint8 array"):
        kernel(table, ids, workspace=bytearray(kernel.temporary_bytes))
    with pytest.raises(dml.Error, match="C-contiguous"):
        kernel(table, ids, workspace=np.empty(
            2 * kernel.temporary_bytes, np.uint8)[::2])


def test_workspace_size_survives_the_disk_cache(cache_dir):
    first = dml.Compiler(cache_dir=cache_dir).compile(bag_graph())
    assert not first.compile_times["cached"]
    second = dml.Compiler(cache_dir=cache_dir).compile(bag_graph())
    assert second.compile_times["cached"]
    assert second.temporary_bytes == first.temporary_bytes > 0
    table, ids, expected = bag_inputs()
    np.testing.assert_allclose(second(table, ids), expected, rtol=1e-5)
    np.testing.assert_allclose(
        second(table, ids, workspace=second.new_workspace()), expected,
        rtol=1e-5)


def test_entry_of_the_previous_format_is_rejected(cache_dir):
    dml.Compiler(cache_dir=cache_dir).compile(bag_graph())
    (entry,) = [f for f in os.listdir(cache_dir) if f.endswith(".dmlk")]
    path = os.path.join(cache_dir, entry)
    data = bytearray(open(path, "rb").read())
    assert data[8:12] == (3).to_bytes(4, "little")  # the format version
    data[8:12] = (2).to_bytes(4, "little")
    open(path, "wb").write(bytes(data))
    compiler = dml.Compiler(cache_dir=cache_dir)
    kernel = compiler.compile(bag_graph())
    assert not kernel.compile_times["cached"]
    assert compiler.cache_statistics()["disk_rejected"] == 1
    assert kernel.temporary_bytes > 0
