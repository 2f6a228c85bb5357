#!/usr/bin/python3
"""Numpy reference (test oracle) for five DirectML operators.

    DML_TOP_K1_OPERATOR_DESC   -> top_k(...)
    DML_ARGMAX_OPERATOR_DESC   -> arg_max(...)     (arg_min(...) is its twin)
    DML_REDUCE_OPERATOR_DESC   -> reduce(...)
    DML_GATHER_OPERATOR_DESC   -> gather(...)
    DML_ONE_HOT_OPERATOR_DESC  -> one_hot(...)

The semantics follow the DML-MLIR operator specification (operators.md).
Where DirectML leaves a behaviour unspecified, this file implements the
choice that the specification marks "Proposal" (NaN ordering, K == axis size, integer wrap-around, Gather index
clamping, ...), so a compiler that adopts those proposals can use this module
as a differential-testing oracle.

Every function first validates its arguments like a DirectML/MLIR verifier
would and raises SpecError (a ValueError) on an invalid configuration.

Arrays are plain, packed, row-major numpy arrays whose dtype is the DirectML
data type (np.float16 for FLOAT16, np.uint32 for UINT32, ...).
tensor_from_buffer() turns a flat buffer plus DML-style sizes/strides (in
elements, zero strides allowed) into such an array.

Run `/usr/bin/python3 test/lib/dml_reference.py [examples.json]` to check
every worked example of the DirectML documentation (default:
test/Inputs/examples.json); it prints "N passed, N failed".
(Debian's python3-numpy provides numpy for /usr/bin/python3.)

This is the project's copy of the specification's oracle.  It is used by
test/Integration/differential/difftest.py; the only additions are the
`float64` switch of reduce() (the unrounded oracle for tolerance checks) and
the default location of examples.json.
"""

import json
import pathlib
import sys

import numpy as np

# --------------------------------------------------------------------------
# Data types, feature levels and common helpers
# --------------------------------------------------------------------------

# DML_TENSOR_DATA_TYPE name -> numpy dtype.  Enum values from DirectML.h:
# UNKNOWN=0 FLOAT32=1 FLOAT16=2 UINT32=3 UINT16=4 UINT8=5 INT32=6 INT16=7
# INT8=8 FLOAT64=9 UINT64=10 INT64=11.
DTYPES = {
    "float16": np.float16, "float32": np.float32, "float64": np.float64,
    "int8": np.int8, "int16": np.int16, "int32": np.int32, "int64": np.int64,
    "uint8": np.uint8, "uint16": np.uint16, "uint32": np.uint32,
    "uint64": np.uint64,
}

INCREASING = "increasing"  # DML_AXIS_DIRECTION_INCREASING = 0
DECREASING = "decreasing"  # DML_AXIS_DIRECTION_DECREASING = 1
DIRECTIONS = (INCREASING, DECREASING)

REDUCE_FUNCTIONS = (  # DML_REDUCE_FUNCTION order, values 0..11
    "argmax", "argmin", "average", "l1", "l2", "log_sum", "log_sum_exp",
    "max", "min", "multiply", "sum", "sum_square",
)

MAX_DIMENSION_COUNT = 8


class SpecError(ValueError):
    """A configuration that a DirectML verifier must reject."""


def _check(condition, message):
    if not condition:
        raise SpecError(message)


def dtype_name(dtype):
    return np.dtype(dtype).name


def _check_rank(name, array):
    _check(1 <= array.ndim <= MAX_DIMENSION_COUNT,
           f"{name}: DimensionCount must be in [1, 8], got {array.ndim}")


def packed_strides(sizes):
    """Strides (in elements) of a packed row-major tensor."""
    strides, running = [], 1
    for size in reversed(sizes):
        strides.append(running)
        running *= size
    return list(reversed(strides))


def min_buffer_bytes(dtype, sizes, strides=None):
    """DMLCalcBufferTensorSize: roundup((dot(sizes - 1, strides) + 1) * elemsize, 4)."""
    strides = packed_strides(sizes) if strides is None else strides
    last = sum((s - 1) * t for s, t in zip(sizes, strides))
    raw = (last + 1) * np.dtype(dtype).itemsize
    return (raw + 3) & ~3


def tensor_from_buffer(buffer, sizes, strides=None):
    """View a flat 1-D buffer through DML sizes/strides (elements, not bytes).

    Zero strides express broadcasting; larger strides express padding.  The
    result is read-only because such views may alias.
    """
    buffer = np.asarray(buffer)
    _check(buffer.ndim == 1, "buffer must be 1-D")
    _check(all(s >= 1 for s in sizes), f"Sizes must all be >= 1, got {sizes}")
    strides = packed_strides(sizes) if strides is None else list(strides)
    _check(len(strides) == len(sizes), "Sizes and Strides lengths differ")
    needed = sum((s - 1) * t for s, t in zip(sizes, strides)) + 1
    _check(buffer.size >= needed,
           f"buffer has {buffer.size} elements, tensor needs {needed}")
    item = buffer.dtype.itemsize
    return np.lib.stride_tricks.as_strided(
        buffer, shape=tuple(sizes), strides=tuple(t * item for t in strides),
        writeable=False)


def _is_signed_int(dtype):
    return np.issubdtype(dtype, np.signedinteger)


def _order_ranks(x):
    """Dense ranks of x under the proposed total order.

    Proposal (operators.md, "Ordering"): values compare numerically,
    -0.0 == +0.0, and every NaN compares equal to other NaNs and greater than
    +Inf.  Working on ranks keeps 64-bit integers exact.
    """
    _, inverse = np.unique(x, return_inverse=True)  # NaNs sort last, merged
    return inverse.reshape(x.shape).astype(np.int64)


def _move_axes_last(x, axes):
    """Move `axes` (ascending) to the end and flatten them row-major."""
    axes = sorted(axes)
    keep = [d for d in range(x.ndim) if d not in axes]
    moved = np.transpose(x, keep + axes)
    n = int(np.prod([x.shape[a] for a in axes], dtype=np.int64))
    return moved.reshape(moved.shape[:len(keep)] + (n,)), keep, axes


def _restore_kept(flat_result, x_shape, axes):
    """Reshape a result over the kept dims back to rank N with 1s at `axes`."""
    return flat_result.reshape(
        tuple(1 if d in axes else x_shape[d] for d in range(len(x_shape))))


def _check_axes(axes, rank, what="Axes"):
    axes = list(axes)
    _check(len(axes) >= 1, f"{what}: AxisCount must be >= 1 (proposal)")
    for a in axes:
        _check(0 <= a < rank, f"{what}: axis {a} out of range [0, {rank - 1}]")
    _check(len(set(axes)) == len(axes),
           f"{what}: duplicate axes {axes} (proposal: rejected)")
    return axes


# --------------------------------------------------------------------------
# TopK1
# --------------------------------------------------------------------------

def top_k(x, axis, k, direction=DECREASING, index_dtype=np.uint32):
    """DML_TOP_K1: K largest (decreasing) or smallest (increasing) per sequence.

    Returns (values, indices).  Values are sorted in `direction`; equal
    values appear in ascending index order in both directions.
    """
    x = np.asarray(x)
    _check_rank("InputTensor", x)
    _check(0 <= axis < x.ndim, f"Axis {axis} must be < DimensionCount {x.ndim}")
    _check(direction in DIRECTIONS, f"bad AxisDirection {direction!r}")
    # Documented: 0 < K < size.  Proposal: K == size is accepted (full sort).
    _check(1 <= k <= x.shape[axis],
           f"K must be in [1, {x.shape[axis]}] (axis size), got {k}")
    _check(np.dtype(index_dtype) in (np.dtype(np.uint32), np.dtype(np.uint64)),
           "OutputIndexTensor must be UINT32 or UINT64")
    ranks = np.moveaxis(_order_ranks(x), axis, -1)
    key = -ranks if direction == DECREASING else ranks
    order = np.argsort(key, axis=-1, kind="stable")[..., :k]  # ties: index asc
    values = np.take_along_axis(np.moveaxis(x, axis, -1), order, axis=-1)
    return (np.moveaxis(values, -1, axis).copy(),
            np.moveaxis(order, -1, axis).astype(index_dtype))


# --------------------------------------------------------------------------
# ArgMax / ArgMin
# --------------------------------------------------------------------------

_ARG_OUTPUT_DTYPES = tuple(np.dtype(t) for t in
                           (np.int64, np.int32, np.uint64, np.uint32))


def _arg_extreme(x, axes, direction, out_dtype, largest):
    x = np.asarray(x)
    _check_rank("InputTensor", x)
    axes = _check_axes(axes, x.ndim)
    _check(direction in DIRECTIONS, f"bad AxisDirection {direction!r}")
    _check(np.dtype(out_dtype) in _ARG_OUTPUT_DTYPES,
           f"OutputTensor data type {dtype_name(out_dtype)} not in "
           "INT64/INT32/UINT64/UINT32")
    flat, _, sorted_axes = _move_axes_last(_order_ranks(x), axes)
    if largest:
        flat = -flat  # search for the minimum of the negated ranks
    n = flat.shape[-1]
    if direction == INCREASING:   # first extreme element
        index = np.argmin(flat, axis=-1)
    else:                         # last extreme element
        index = n - 1 - np.argmin(flat[..., ::-1], axis=-1)
    return _restore_kept(index, x.shape, sorted_axes).astype(out_dtype)


def arg_max(x, axes, direction=INCREASING, out_dtype=np.uint32):
    """DML_ARGMAX: index of the max over `axes`, flattened row-major over
    the reduced axes taken in ascending axis order.  INCREASING picks the
    first maximum, DECREASING the last."""
    return _arg_extreme(x, axes, direction, out_dtype, largest=True)


def arg_min(x, axes, direction=INCREASING, out_dtype=np.uint32):
    """DML_ARGMIN (twin of arg_max)."""
    return _arg_extreme(x, axes, direction, out_dtype, largest=False)


# --------------------------------------------------------------------------
# Reduce
# --------------------------------------------------------------------------

def _float_reduce(function, flat, n):
    """Float reductions, evaluated in float64 and rounded once at the end."""
    v = flat.astype(np.float64)
    with np.errstate(all="ignore"):
        if function == "sum":
            return v.sum(axis=-1)
        if function == "average":
            return v.sum(axis=-1) / n
        if function == "multiply":
            return v.prod(axis=-1)
        if function == "l1":
            return np.abs(v).sum(axis=-1)
        if function == "l2":
            return np.sqrt((v * v).sum(axis=-1))
        if function == "sum_square":
            return (v * v).sum(axis=-1)
        if function == "log_sum":
            return np.log(v.sum(axis=-1))
        if function == "log_sum_exp":
            return np.logaddexp.reduce(v, axis=-1)  # stable max-shifted form
        if function == "max":    # NaN is the greatest value -> propagates
            return v.max(axis=-1)
        if function == "min":    # NaN is the greatest value -> ignored
            return np.fmin.reduce(v, axis=-1)
    raise AssertionError(function)


def _int_reduce(function, flat):
    """Integer reductions with two's-complement wrap-around (proposal)."""
    t = flat.dtype
    if function == "sum":
        return flat.sum(axis=-1, dtype=t)
    if function == "multiply":
        return flat.prod(axis=-1, dtype=t)
    if function == "l1":
        return (np.abs(flat) if _is_signed_int(t) else flat).sum(axis=-1, dtype=t)
    if function == "sum_square":
        return (flat * flat).sum(axis=-1, dtype=t)
    if function == "max":
        return flat.max(axis=-1)
    if function == "min":
        return flat.min(axis=-1)
    raise SpecError(f"reduce function {function!r} requires a float data type")


def reduce(x, function, axes, out_dtype=None, float64=False):
    """DML_REDUCE: rank-preserving reduction over `axes` (reduced dims -> 1).

    With float64=True a float input yields the float64 oracle value before
    the final rounding to the input type (for tolerance comparisons)."""
    x = np.asarray(x)
    _check_rank("InputTensor", x)
    _check(function in REDUCE_FUNCTIONS, f"unknown reduce function {function!r}")
    if function in ("argmax", "argmin"):
        # REDUCE ARGMAX/ARGMIN == ARGMAX/ARGMIN with AxisDirection INCREASING.
        out_dtype = np.uint32 if out_dtype is None else out_dtype
        return _arg_extreme(x, axes, INCREASING, out_dtype,
                            largest=(function == "argmax"))
    _check(out_dtype is None or np.dtype(out_dtype) == x.dtype,
           "OutputTensor data type must equal InputTensor data type")
    axes = _check_axes(axes, x.ndim)
    flat, _, sorted_axes = _move_axes_last(x, axes)
    n = flat.shape[-1]
    if np.issubdtype(x.dtype, np.floating):
        result = _float_reduce(function, flat, n)
        if not float64:
            result = result.astype(x.dtype)
    else:
        result = _int_reduce(function, flat)
    return _restore_kept(result, x.shape, sorted_axes)


# --------------------------------------------------------------------------
# Gather
# --------------------------------------------------------------------------

def gather_output_shape(input_shape, indices_shape, axis, index_dimensions):
    """Output Sizes of DML_GATHER, or SpecError if the configuration is invalid.

    full = input[0:axis] ++ indices[N-r:N] ++ input[axis+1:N]   (rank N+r-1)
    r >= 1: the first r-1 entries of `full` must be 1 and are dropped, and
            they must come from the input (axis >= r-1);
    r == 0: a single 1 is prepended.
    """
    n, r = len(input_shape), index_dimensions
    _check(len(indices_shape) == n,
           f"IndicesTensor DimensionCount {len(indices_shape)} != "
           f"InputTensor DimensionCount {n}")
    _check(0 <= axis < n, f"Axis {axis} out of range [0, {n - 1}]")
    # Documented range is [0, N); Example 1 uses r == N, so N is accepted.
    _check(0 <= r <= n, f"IndexDimensions {r} out of range [0, {n}]")
    lead = list(indices_shape[:n - r])
    _check(all(s == 1 for s in lead),
           f"IndicesTensor leading {n - r} dims must be 1 (proposal), got {lead}")
    full = (list(input_shape[:axis]) + list(indices_shape[n - r:])
            + list(input_shape[axis + 1:]))
    if r == 0:
        return [1] + full
    _check(axis >= r - 1,
           f"Axis {axis} must be >= IndexDimensions-1 = {r - 1} so that only "
           "leading input dims are cropped")
    dropped = full[:r - 1]
    _check(all(s == 1 for s in dropped),
           f"output would need rank {n + r - 1} > {n}: leading input dims "
           f"{dropped} must be 1 (original rank + IndexDimensions - 1 <= N)")
    return full[r - 1:]


def _normalize_indices(indices, axis_size, clamp):
    """Signed types: negative values count from the end.  Then either clamp
    into [0, axis_size-1] (Gather) or report validity (OneHot)."""
    idx = np.asarray(indices)
    if _is_signed_int(idx.dtype):
        wide = idx.astype(np.int64)
        wide = np.where(wide < 0, wide + axis_size, wide)
    else:
        # Unsigned: values >= axis_size are out of range.  Map them to
        # axis_size (still out of range) so that int64 cannot overflow.
        wide = np.where(idx < axis_size, idx, axis_size).astype(np.int64)
    valid = (wide >= 0) & (wide < axis_size)
    if clamp:
        return np.clip(wide, 0, axis_size - 1), valid
    return wide, valid


_INDEX_DTYPES = tuple(np.dtype(t) for t in (np.int64, np.int32, np.uint64, np.uint32))


def gather(x, indices, axis, index_dimensions):
    """DML_GATHER: output[a, b, c] = input[a, indices[b], c] with right-aligned
    shapes.  Out-of-range indices are clamped (proposal; DirectML only
    guarantees memory safety)."""
    x, indices = np.asarray(x), np.asarray(indices)
    _check_rank("InputTensor", x)
    _check(indices.dtype in _INDEX_DTYPES,
           f"IndicesTensor data type {indices.dtype.name} not in INT64/INT32/UINT64/UINT32")
    out_shape = gather_output_shape(x.shape, indices.shape, axis, index_dimensions)
    n, r = x.ndim, index_dimensions
    core = indices.reshape(indices.shape[n - r:])  # drop irrelevant leading 1s
    idx, _ = _normalize_indices(core, x.shape[axis], clamp=True)
    full = np.take(x, idx, axis=axis)  # shape in[:axis] ++ idx ++ in[axis+1:]
    return full.reshape(out_shape)


# --------------------------------------------------------------------------
# OneHot
# --------------------------------------------------------------------------

def one_hot_values(values):
    """(OffValue, OnValue): element 0, and element 1 along the innermost
    dimension whose size is > 1."""
    values = np.asarray(values)
    _check(values.size >= 2, "ValuesTensor must hold at least two elements")
    inner = max(d for d in range(values.ndim) if values.shape[d] > 1)
    on_coord = tuple(1 if d == inner else 0 for d in range(values.ndim))
    return values[(0,) * values.ndim], values[on_coord]


def one_hot(indices, values, axis, output_length):
    """DML_ONE_HOT: OnValue at position indices[...] of each sequence along
    `axis` (length output_length), OffValue elsewhere.  Out-of-range indices
    give an all-OffValue sequence."""
    indices, values = np.asarray(indices), np.asarray(values)
    _check_rank("IndicesTensor", indices)
    _check(values.ndim == indices.ndim,
           "IndicesTensor, ValuesTensor and OutputTensor must have the same DimensionCount")
    _check(0 <= axis < indices.ndim, f"Axis {axis} must be < {indices.ndim}")
    _check(indices.shape[axis] == 1,
           f"IndicesTensor.Sizes[{axis}] must be 1, got {indices.shape[axis]}")
    _check(output_length >= 1, "OutputTensor.Sizes[Axis] must be > 0")
    _check(indices.dtype in _INDEX_DTYPES,
           f"IndicesTensor data type {indices.dtype.name} not in INT64/INT32/UINT64/UINT32")
    off, on = one_hot_values(values)
    idx, valid = _normalize_indices(indices, output_length, clamp=False)
    shape = [1] * indices.ndim
    shape[axis] = output_length
    position = np.arange(output_length, dtype=np.int64).reshape(shape)
    hit = valid & (position == idx)  # broadcasts along `axis`
    return np.where(hit, on, off).astype(values.dtype)


# --------------------------------------------------------------------------
# Example runner
# --------------------------------------------------------------------------

def _array(spec):
    return np.array(spec["data"], dtype=DTYPES[spec["dtype"]]).reshape(spec["shape"])


def run_example(example, attrs=None):
    """Evaluate one examples.json entry; returns the list of output arrays."""
    op = example["op"]
    attrs = example["attrs"] if attrs is None else attrs
    ins = [_array(t) for t in example["inputs"]]
    outs = example["outputs"]
    if op == "top_k":
        return list(top_k(ins[0], attrs["axis"], attrs["k"], attrs["direction"],
                          DTYPES[outs[1]["dtype"]]))
    if op == "arg_max":
        return [arg_max(ins[0], attrs["axes"], attrs["direction"],
                        DTYPES[outs[0]["dtype"]])]
    if op == "reduce":
        return [reduce(ins[0], attrs["function"], attrs["axes"],
                       DTYPES[outs[0]["dtype"]])]
    if op == "gather":
        return [gather(ins[0], ins[1], attrs["axis"], attrs["index_dimensions"])]
    if op == "one_hot":
        length = outs[0]["shape"][attrs["axis"]]
        return [one_hot(ins[0], ins[1], attrs["axis"], length)]
    raise SpecError(f"unknown op {op!r}")


def _matches(actual, spec):
    expected = _array(spec)
    if actual.dtype != expected.dtype or actual.shape != expected.shape:
        return False
    if np.issubdtype(expected.dtype, np.floating):
        return bool(np.allclose(actual, expected, rtol=1e-6, atol=0, equal_nan=True))
    return bool(np.array_equal(actual, expected))


def check_example(example):
    """True if the oracle reproduces every output exactly (floats: rtol 1e-6).

    An entry with "doc_attrs" (attributes as printed in the source, which
    are inconsistent) also requires that those attributes are rejected.
    """
    actual = run_example(example)
    ok = len(actual) == len(example["outputs"]) and all(
        _matches(a, s) for a, s in zip(actual, example["outputs"]))
    if "doc_attrs" in example:
        try:
            run_example(example, example["doc_attrs"])
            ok = False
        except SpecError:
            pass
    return ok


def main(argv):
    path = pathlib.Path(argv[1]) if len(argv) > 1 else \
        pathlib.Path(__file__).resolve().parent.parent / "Inputs" / "examples.json"
    examples = json.loads(path.read_text(encoding="utf-8"))
    passed = failed = 0
    for example in examples:
        try:
            ok = check_example(example)
        except SpecError as error:
            ok = False
            print(f"  {example['name']}: rejected: {error}")
        if ok:
            passed += 1
        else:
            failed += 1
            print(f"FAIL {example['name']}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
