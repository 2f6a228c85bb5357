"""The dml_mlir package: graphs and MLIR text compiled and run on numpy
arrays, checked against the numpy reference; errors as dml_mlir.Error."""
import numpy as np
import pytest

import dml_mlir as dml
import dml_reference as ref

TOPK_MLIR = """
func.func @topk(%x: tensor<3x16xf32>) -> (tensor<3x4xf32>, tensor<3x4xui32>) {
  %v, %i = dml.top_k %x, axis = 1, k = 4, direction = decreasing
      : tensor<3x16xf32> -> tensor<3x4xf32>, tensor<3x4xui32>
  return %v, %i : tensor<3x4xf32>, tensor<3x4xui32>
}
"""


@pytest.fixture
def compiler(cache_dir):
    return dml.Compiler(cache_dir=cache_dir)


def rows(shape, seed=0):
    rng = np.random.default_rng(seed)
    return rng.permutation(np.prod(shape)).reshape(shape).astype(np.float32)


def test_graph_top_k_matches_reference(compiler):
    g = dml.Graph("topk")
    x = g.input(np.float32, [8, 100])
    values, indices = g.top_k(x, axis=1, k=5, direction="decreasing")
    g.output(values)
    g.output(indices)
    kernel = compiler.compile(g)
    data = rows((8, 100))
    v, i = kernel(data)
    rv, ri = ref.top_k(data, 1, 5, ref.DECREASING, np.uint32)
    np.testing.assert_array_equal(v, rv)
    np.testing.assert_array_equal(i, ri)
    assert v.dtype == np.float32 and i.dtype == np.uint32


@pytest.mark.parametrize("function", ["sum", "max", "log_sum_exp"])
def test_graph_reduce_matches_reference(compiler, function):
    g = dml.Graph()
    x = g.input("float32", [6, 7, 8])
    g.output(g.reduce(x, function, axes=[0, 2]))
    data = np.random.default_rng(1).standard_normal((6, 7, 8)).astype(
        np.float32)
    out = compiler.compile(g)(data)
    np.testing.assert_allclose(out, ref.reduce(data, function, [0, 2]),
                               rtol=1e-5, atol=1e-5)


def test_gather_one_hot_arg_max_graph(compiler):
    g = dml.Graph()
    x = g.input(np.float32, [5, 4])
    idx = g.input(np.int32, [1, 3])
    gathered = g.gather(x, idx, axis=0, index_dimensions=1)
    g.output(gathered)
    g.output(g.arg_max(x, axes=[1]))
    kernel = compiler.compile(g, threads=2)
    assert kernel.threads == 2
    data = rows((5, 4))
    indices = np.array([[4, 0, 2]], np.int32)
    out, arg = kernel(data, indices)
    np.testing.assert_array_equal(out, data[[4, 0, 2]])
    np.testing.assert_array_equal(arg, ref.arg_max(data, [1]))


def test_arg_min_and_arg_max_bindings(compiler):
    """Each entry of the bindings' table reaches its own operator."""
    g = dml.Graph()
    x = g.input(np.float32, [6, 5])
    g.output(g.arg_min(x, axes=[1], direction="decreasing"))
    g.output(g.arg_max(x, axes=[0], output_type=np.int64))
    data = np.array([[3, 1, 1, 4, 0], [2, 2, 5, 5, 1], [0, 0, 0, 0, 0],
                     [9, 8, 7, 6, 5], [1, 2, 3, 4, 5], [5, 5, 1, 9, 9]],
                    np.float32)
    arg_min, arg_max = compiler.compile(g)(data)
    np.testing.assert_array_equal(
        arg_min, ref.arg_min(data, [1], direction=ref.DECREASING))
    np.testing.assert_array_equal(
        arg_max, ref.arg_max(data, [0], out_dtype=np.int64))


def test_compile_mlir_and_outputs_written_in_place(compiler):
    kernel = compiler.compile_mlir(TOPK_MLIR, opt_level=1)
    assert kernel.name == "topk"
    assert [list(d.sizes) for d in kernel.outputs] == [[3, 4], [3, 4]]
    data = rows((3, 16))
    values = np.zeros((3, 4), np.float32)
    indices = np.zeros((3, 4), np.uint32)
    result = kernel.run([data], [values, indices])
    assert result[0] is values and result[1] is indices
    rv, ri = ref.top_k(data, 1, 4)
    np.testing.assert_array_equal(values, rv)
    np.testing.assert_array_equal(indices, ri)


def test_strided_input_without_copy_and_with_copy(compiler):
    # The kernel reads its input through strides [1, 4]: the transpose of a
    # packed [4, 3] array, as numpy's .T view has them.
    g = dml.Graph()
    x = g.input(np.float32, [3, 4], strides=[1, 3])
    g.output(g.reduce(x, "sum", axes=[1]))
    kernel = compiler.compile(g)
    assert list(kernel.inputs[0].strides) == [1, 3]
    base = rows((4, 3))
    view = base.T  # strides (4, 12) bytes = [1, 3] elements: no copy
    assert kernel._input_buffer(0, view) is view
    np.testing.assert_allclose(kernel(view), view.sum(axis=1, keepdims=True))
    # A C-contiguous array has other strides: copied into the layout.
    packed = np.ascontiguousarray(view)
    assert kernel._input_buffer(0, packed) is not packed
    np.testing.assert_allclose(kernel(packed), view.sum(axis=1, keepdims=True))


def test_broadcast_input(compiler):
    g = dml.Graph()
    x = g.input(np.float32, [4, 3], strides=[0, 1])
    g.output(g.reduce(x, "sum", axes=[0]))
    kernel = compiler.compile(g)
    row = np.array([1, 2, 3], np.float32)
    broadcast = np.broadcast_to(row, (4, 3))
    np.testing.assert_allclose(kernel(broadcast), [[4, 8, 12]])


def test_contiguous_input_is_not_copied(compiler):
    kernel = compiler.compile_mlir(TOPK_MLIR)
    data = rows((3, 16))
    assert kernel._input_buffer(0, data) is data


def test_verifier_error_is_an_exception():
    g = dml.Graph()
    x = g.input(np.float32, [4, 8])
    with pytest.raises(dml.Error, match="dml.top_k.*9"):
        g.top_k(x, axis=1, k=9)
    with pytest.raises(dml.Error, match=r"axes\[0\] must be in \[0, 2\)"):
        g.arg_max(x, axes=[2])
    # The graph is unchanged and still usable.
    g.output(g.arg_max(x, axes=[1]))


def test_errors_of_compile_and_run(compiler):
    with pytest.raises(dml.Error, match="custom op 'dml.nonsense' is unknown"):
        compiler.compile_mlir("func.func @f() { dml.nonsense }")
    with pytest.raises(dml.Error, match="has no output"):
        compiler.compile(dml.Graph())
    with pytest.raises(dml.Error, match="not a DirectML data type"):
        dml.Graph().input(np.complex64, [2])
    with pytest.raises(dml.Error, match="direction"):
        g = dml.Graph()
        g.top_k(g.input(np.float32, [2, 2]), 1, 1, direction="sideways")
    kernel = compiler.compile_mlir(TOPK_MLIR)
    with pytest.raises(dml.Error, match="data type mismatch: expected float32"):
        kernel(np.zeros((3, 16), np.float64))
    with pytest.raises(dml.Error, match=r"shape mismatch: expected \[3, 16\]"):
        kernel(np.zeros((3, 15), np.float32))
    with pytest.raises(dml.Error, match="takes 1 input"):
        kernel()
    with pytest.raises(dml.Error, match="C-contiguous"):
        kernel.run([rows((3, 16))], [np.zeros((4, 3), np.float32).T,
                                     np.zeros((3, 4), np.uint32)])
    with pytest.raises(dml.Error, match="output 1 of @topk: data type"):
        kernel.run([rows((3, 16))], [np.zeros((3, 4), np.float32),
                                     np.zeros((3, 4), np.int32)])
    other = dml.Graph()
    with pytest.raises(dml.Error, match="another graph"):
        dml.Graph().output(other.input(np.float32, [1]))


def test_one_line_errors(compiler):
    with pytest.raises(dml.Error) as info:
        compiler.compile_mlir(TOPK_MLIR.replace("k = 4", "k = 40"))
    assert "\n" not in str(info.value).strip()
    assert "see current operation" not in str(info.value)


def test_in_memory_cache_statistics(compiler):
    first = compiler.compile_mlir(TOPK_MLIR)
    second = compiler.compile_mlir(TOPK_MLIR)
    stats = compiler.cache_statistics()
    assert stats["hits"] == 1 and stats["misses"] == 1
    assert stats["entries"] == 1
    assert first.compile_times == second.compile_times
    compiler.clear_cache()
    assert compiler.cache_statistics()["entries"] == 0
