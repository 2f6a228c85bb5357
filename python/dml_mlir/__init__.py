"""DML-MLIR from Python: compile DirectML-style operators and graphs to
native code and run them on numpy arrays.

    import numpy as np, dml_mlir as dml

    g = dml.Graph("topk")
    x = g.input(np.float32, [64, 32000])
    values, indices = g.top_k(x, axis=1, k=50, direction="decreasing")
    g.output(values); g.output(indices)
    kernel = dml.Compiler().compile(g, threads=2)
    v, i = kernel(np.random.rand(64, 32000).astype(np.float32))

Every error (verifier, compiler, wrong array) raises dml_mlir.Error with the
compiler's message. See docs/python.md.
"""

import numpy as _np

from . import _core
from ._core import (AxisDirection, DataType, Error, ReduceFunction,
                    TensorDesc, Tensor)

__all__ = ["AxisDirection", "Compiler", "DataType", "Error", "Graph",
           "Kernel", "ReduceFunction", "Tensor", "TensorDesc",
           "compile", "compile_mlir", "default_compiler", "dtype_of",
           "data_type_of"]

_NUMPY_OF = {
    DataType.FLOAT16: _np.float16, DataType.FLOAT32: _np.float32,
    DataType.FLOAT64: _np.float64, DataType.INT8: _np.int8,
    DataType.INT16: _np.int16, DataType.INT32: _np.int32,
    DataType.INT64: _np.int64, DataType.UINT8: _np.uint8,
    DataType.UINT16: _np.uint16, DataType.UINT32: _np.uint32,
    DataType.UINT64: _np.uint64,
}
_DATA_TYPE_OF = {_np.dtype(v): k for k, v in _NUMPY_OF.items()}


def dtype_of(data_type):
    """The numpy dtype of a DataType."""
    return _np.dtype(_NUMPY_OF[data_type])


def data_type_of(value):
    """A DataType from a DataType, a numpy dtype (or type), or a name such as
    "float32" or "FLOAT32"."""
    if isinstance(value, DataType):
        return value
    if isinstance(value, str) and value.upper() in DataType.__members__:
        return DataType.__members__[value.upper()]
    try:
        return _DATA_TYPE_OF[_np.dtype(value)]
    except (TypeError, KeyError):
        raise Error("%r is not a DirectML data type (float16/32/64, "
                    "int8..int64, uint8..uint64)" % (value,)) from None


def _enum(enum_type, value, what):
    if isinstance(value, enum_type):
        return value
    if isinstance(value, str):
        key = value.upper()
        if key in enum_type.__members__:
            return enum_type.__members__[key]
    raise Error("%s: %r is not one of %s" % (
        what, value, ", ".join(k.lower() for k in enum_type.__members__)))


def _scale_bias(value):
    """None or a (scale, bias) pair of floats."""
    if value is None:
        return None
    try:
        scale, bias = value
        return float(scale), float(bias)
    except (TypeError, ValueError):
        raise Error("scale_bias: expected None or a (scale, bias) pair, got "
                    "%r" % (value,)) from None


def _desc_text(desc):
    return "%s %s" % (dtype_of(desc.data_type).name, list(desc.sizes))


class Graph:
    """A function of dml ops built with DirectML's vocabulary (the calls of
    dml::Graph). Every call is verified at once; a failing call raises
    Error with the verifier's message and leaves the graph unchanged."""

    def __init__(self, name="main", feature_level=""):
        self._graph = _core.Graph(name, feature_level)

    def input(self, dtype, sizes, strides=None):
        """A new input; `strides` in elements (0 broadcasts), None: packed."""
        return self._graph.input(data_type_of(dtype), list(sizes),
                                 None if strides is None else list(strides))

    def top_k(self, input, axis, k, direction="decreasing",
              index_type=_np.uint32):
        return self._graph.top_k(input, axis, k,
                                 _enum(AxisDirection, direction, "direction"),
                                 data_type_of(index_type))

    def arg_max(self, input, axes, direction="increasing",
                output_type=_np.uint32):
        return self._graph.arg_max(input, list(axes),
                                   _enum(AxisDirection, direction,
                                         "direction"),
                                   data_type_of(output_type))

    def arg_min(self, input, axes, direction="increasing",
                output_type=_np.uint32):
        return self._graph.arg_min(input, list(axes),
                                   _enum(AxisDirection, direction,
                                         "direction"),
                                   data_type_of(output_type))

    def reduce(self, input, function, axes, index_type=_np.uint32):
        """`function`: ReduceFunction or a name ("sum", "log_sum_exp", ...)."""
        return self._graph.reduce(input,
                                  _enum(ReduceFunction, function, "function"),
                                  list(axes), data_type_of(index_type))

    def gather(self, input, indices, axis, index_dimensions):
        return self._graph.gather(input, indices, axis, index_dimensions)

    def one_hot(self, indices, values, axis, depth):
        return self._graph.one_hot(indices, values, axis, depth)

    # Elementwise operators (DML_ELEMENT_WISE_*): operands and output share
    # sizes and data type (broadcast through zero input strides).
    # `scale_bias` = (scale, bias), float data types only, is applied to the
    # input first.
    def identity(self, input, scale_bias=None):
        return self._graph.identity(input, _scale_bias(scale_bias))

    def exp(self, input, scale_bias=None):
        return self._graph.exp(input, _scale_bias(scale_bias))

    def log(self, input, scale_bias=None):
        return self._graph.log(input, _scale_bias(scale_bias))

    def abs(self, input, scale_bias=None):
        return self._graph.abs(input, _scale_bias(scale_bias))

    def clip(self, input, min, max, scale_bias=None):
        """min(max(x, `min`), `max`), `min` <= `max`; NaN stays NaN."""
        return self._graph.clip(input, float(min), float(max),
                                _scale_bias(scale_bias))

    def add(self, a, b):
        return self._graph.add(a, b)

    def subtract(self, a, b):
        return self._graph.subtract(a, b)

    def multiply(self, a, b):
        return self._graph.multiply(a, b)

    def divide(self, a, b):
        """Integer division truncates toward zero; x / 0 is 0."""
        return self._graph.divide(a, b)

    def max(self, a, b):
        return self._graph.max(a, b)

    def min(self, a, b):
        return self._graph.min(a, b)

    def output(self, tensor):
        """Makes `tensor` the next result of the function."""
        self._graph.output(tensor)

    @property
    def name(self):
        return self._graph.name

    @property
    def inputs(self):
        return self._graph.inputs

    @property
    def outputs(self):
        return self._graph.outputs

    def to_mlir(self):
        return self._graph.to_mlir()


class Kernel:
    """A compiled function. Call it with numpy arrays in input order; it
    returns the outputs (one array, or a tuple for several)."""

    def __init__(self, kernel):
        self._kernel = kernel
        self._inputs = list(kernel.inputs)
        self._outputs = list(kernel.outputs)
        self._input_dtypes = [dtype_of(d.data_type) for d in self._inputs]
        self._output_dtypes = [dtype_of(d.data_type) for d in self._outputs]

    name = property(lambda self: self._kernel.name)
    inputs = property(lambda self: self._inputs,
                      doc="TensorDescs of the inputs (with the compiled "
                          "strides)")
    outputs = property(lambda self: self._outputs,
                       doc="TensorDescs of the outputs (packed)")
    threads = property(lambda self: self._kernel.threads)
    compile_times = property(lambda self: self._kernel.compile_times,
                             doc="pipeline_ms, codegen_ms, total_ms, cached")
    temporary_bytes = property(
        lambda self: self._kernel.temporary_bytes,
        doc="bytes of the workspace one call needs (0: none); fixed at "
            "compile time")
    persistent_bytes = property(
        lambda self: self._kernel.persistent_bytes,
        doc="bytes kept between calls: always 0")

    def new_workspace(self):
        """A uint8 array of temporary_bytes bytes, aligned as run() needs,
        for run(..., workspace=...)."""
        alignment = _core.Kernel.workspace_alignment
        size = self.temporary_bytes
        raw = _np.empty(size + alignment, _np.uint8)
        offset = -raw.ctypes.data % alignment
        return raw[offset:offset + size]

    def _workspace_buffer(self, workspace):
        """(address, bytes) of a caller's workspace; (0, 0) for none."""
        if workspace is None:
            return 0, 0
        what = "the workspace of @%s" % self.name
        if not isinstance(workspace, _np.ndarray):
            raise Error("%s: expected a numpy uint8 array, got %s" % (
                what, type(workspace).__name__))
        if workspace.dtype != _np.uint8:
            raise Error("%s: data type mismatch: expected uint8, got %s" % (
                what, workspace.dtype))
        if not workspace.flags.c_contiguous or not workspace.flags.writeable:
            raise Error("%s: the array must be C-contiguous and writeable"
                        % what)
        return workspace.ctypes.data, workspace.nbytes

    def __repr__(self):
        return "<dml_mlir.Kernel @%s (%s) -> (%s)>" % (
            self.name, ", ".join(_desc_text(d) for d in self._inputs),
            ", ".join(_desc_text(d) for d in self._outputs))

    def _input_buffer(self, index, value):
        """The array to pass for input `index`: the array itself when its
        layout is the compiled one, else a copy in that layout."""
        desc = self._inputs[index]
        dtype = self._input_dtypes[index]
        what = "input %d of @%s" % (index, self.name)
        array = value if isinstance(value, _np.ndarray) else _np.asarray(value)
        if array.dtype != dtype:
            raise Error("%s: data type mismatch: expected %s (%s), got %s" % (
                what, dtype.name, _desc_text(desc), array.dtype))
        if tuple(array.shape) != tuple(desc.sizes):
            raise Error("%s: shape mismatch: expected %s, got %s" % (
                what, list(desc.sizes), list(array.shape)))
        strides = desc.strides
        itemsize = dtype.itemsize
        if all(size == 1 or (got % itemsize == 0 and got // itemsize == want)
               for size, got, want in zip(desc.sizes, array.strides,
                                          strides)):
            return array
        # Copy into the compiled layout; along a broadcast (zero-stride)
        # dimension the kernel reads one element, the first.
        span = 1 + sum((size - 1) * stride
                       for size, stride in zip(desc.sizes, strides)
                       if size > 0)
        buffer = _np.empty(max(span, 1), dtype)
        view = _np.lib.stride_tricks.as_strided(
            buffer, shape=tuple(desc.sizes),
            strides=tuple(s * itemsize for s in strides))
        source = array[tuple(slice(0, 1) if stride == 0 else slice(None)
                             for stride in strides)]
        _np.copyto(view, _np.broadcast_to(source, view.shape))
        return buffer

    def run(self, inputs, outputs=None, workspace=None):
        """Runs on `inputs` (a sequence of arrays); writes into `outputs`
        when given (C-contiguous, writeable, of the outputs' dtype and shape),
        else into new arrays. `workspace`, when given, is a C-contiguous
        writeable uint8 array of at least temporary_bytes bytes, 64-byte
        aligned (new_workspace() makes one), used by one call at a time;
        without it the kernel uses workspaces of its own. Returns the list of
        output arrays."""
        inputs = list(inputs)
        if len(inputs) != len(self._inputs):
            raise Error("@%s takes %d input(s), got %d" % (
                self.name, len(self._inputs), len(inputs)))
        buffers = [self._input_buffer(i, a) for i, a in enumerate(inputs)]
        if outputs is None:
            outputs = [_np.empty(tuple(d.sizes), dtype)
                       for d, dtype in zip(self._outputs,
                                           self._output_dtypes)]
        else:
            outputs = list(outputs)
            if len(outputs) != len(self._outputs):
                raise Error("@%s has %d output(s), got %d output array(s)" % (
                    self.name, len(self._outputs), len(outputs)))
            for index, (array, desc, dtype) in enumerate(
                    zip(outputs, self._outputs, self._output_dtypes)):
                what = "output %d of @%s" % (index, self.name)
                if not isinstance(array, _np.ndarray):
                    raise Error("%s: expected a numpy array, got %s" % (
                        what, type(array).__name__))
                if array.dtype != dtype:
                    raise Error("%s: data type mismatch: expected %s, got %s"
                                % (what, dtype.name, array.dtype))
                if tuple(array.shape) != tuple(desc.sizes):
                    raise Error("%s: shape mismatch: expected %s, got %s" % (
                        what, list(desc.sizes), list(array.shape)))
                if not array.flags.c_contiguous or not array.flags.writeable:
                    raise Error("%s: the array must be C-contiguous and "
                                "writeable" % what)
        workspace_address, workspace_bytes = self._workspace_buffer(
            workspace)
        self._kernel._run([b.ctypes.data for b in buffers],
                          [o.ctypes.data for o in outputs],
                          workspace_address, workspace_bytes)
        return outputs

    def __call__(self, *inputs, out=None, workspace=None):
        results = self.run(inputs, out, workspace)
        return results[0] if len(results) == 1 else tuple(results)


class Compiler:
    """Compiles graphs and MLIR text, with an in-memory cache and the
    persistent on-disk cache (DML_MLIR_CACHE_DIR, else the XDG cache
    directory; disk_cache=False or DML_MLIR_CACHE=off turns it off)."""

    def __init__(self, disk_cache=True, cache_dir=None, max_cache_bytes=0):
        self._compiler = _core.Compiler(disk_cache, cache_dir or "",
                                        max_cache_bytes)

    def compile(self, graph, opt_level=3, threads=1, vectorize=True,
                vector_bits=0, disk_cache=True):
        """Compiles a Graph; `threads` 0 uses every hardware thread."""
        if not isinstance(graph, Graph):
            raise Error("compile() takes a dml_mlir.Graph, got %s (use "
                        "compile_mlir for MLIR text)" % type(graph).__name__)
        return Kernel(self._compiler.compile(graph._graph, opt_level, threads,
                                             vectorize, vector_bits,
                                             disk_cache))

    def compile_mlir(self, text, function="", opt_level=3, threads=1,
                     vectorize=True, vector_bits=0, disk_cache=True):
        """Compiles function `function` (default: the only public one) of an
        MLIR module given as text."""
        return Kernel(self._compiler.compile_mlir(text, function, opt_level,
                                                  threads, vectorize,
                                                  vector_bits, disk_cache))

    def cache_statistics(self):
        """hits, misses, entries (in memory); disk_hits, disk_misses,
        disk_rejected (on disk); raw_hits: disk hits found by the input as
        given, without parsing; raw_misses: inputs not seen before."""
        return self._compiler.cache_statistics()

    def clear_cache(self):
        """Empties the in-memory cache (the on-disk cache stays)."""
        self._compiler.clear_cache()

    @property
    def disk_cache_directory(self):
        """The on-disk cache's directory, None when it is off."""
        return self._compiler.disk_cache_directory or None


_default = None


def default_compiler():
    """The process-wide Compiler used by compile() and compile_mlir()."""
    global _default
    if _default is None:
        _default = Compiler()
    return _default


def compile(graph, **options):
    return default_compiler().compile(graph, **options)


def compile_mlir(text, function="", **options):
    return default_compiler().compile_mlir(text, function, **options)
