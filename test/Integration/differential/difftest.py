#!/usr/bin/python3
"""Differential test: random dml programs run through dml-run vs. numpy.

A seeded generator builds random cases for every dml operator: top_k,
arg_max, arg_min, reduce (all 12 functions), gather and one_hot, with every
data type each op supports at feature level 5.0, ranks 1..8, multi-axis sets
in arbitrary order, heavy ties, NaN/+-Inf/+-0, K = 1 and K = axis size,
negative and out-of-range indices (INT min/max of the index type, -size-1,
size), index_dimensions 0..N, and one_hot values tensors of various shapes.

Every case becomes one function `@case_<i>` of an .mlir module; its inputs
are written as .npy files, dml-run executes it with --output=@... .npy
files, and the results are compared with test/lib/dml_reference.py (the
specification's oracle, implementing every "Proposal" of the spec):

* exactly (dtype, shape and values) for integers, indices, and the values
  produced by top_k / reduce max,min / gather / one_hot (top_k, gather and
  one_hot bit for bit; max/min do not check the sign of a zero, spec 1.5);
* for the float reductions (sum, average, multiply, l1, l2, sum_square,
  log_sum, log_sum_exp) against the float64 oracle with a relative tolerance
  (1e-5 for f32 plus accumulation error growing with the window length;
  1e-3 more for f16), scaled by the condition of the reduction; NaN and Inf
  positions must match.

The case with index i depends only on (--seed, i, --ops), so
`--case i` regenerates one case.  Exit status 0 iff every case passed; the
last line is `N passed, M failed`.

Usage:
  difftest.py --dml-run build/bin/dml-run [--seed 1] [--count 500]
              [--ops top_k,reduce.sum,...] [--keep DIR] [--case I]...
              [--jobs J] [--group-size G] [--list]
"""

import argparse
import collections
import concurrent.futures
import os
import pathlib
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "lib"))
import dml_reference as ref  # noqa: E402

# --------------------------------------------------------------------------
# Types (feature level 5.0 tables, lib/Dialect/DML/IR/TensorSupport.cpp)
# --------------------------------------------------------------------------

F16, F32, F64 = np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64)
I8, I16, I32, I64 = (np.dtype(t) for t in (np.int8, np.int16, np.int32, np.int64))
U8, U16, U32, U64 = (np.dtype(t) for t in (np.uint8, np.uint16, np.uint32, np.uint64))

MLIR_TYPE = {F16: "f16", F32: "f32", F64: "f64", I8: "i8", I16: "i16",
             I32: "i32", I64: "i64", U8: "ui8", U16: "ui16", U32: "ui32",
             U64: "ui64"}

ALL_BUT_F64 = [F32, F16, I64, I32, I16, I8, U64, U32, U16, U8]
ALL = [F64] + ALL_BUT_F64
INDEX = [I64, I32, U64, U32]
TOPK_INDEX = [U32, U64]
FLOATS = [F32, F16]
WIDE = [F32, F16, I64, I32, U64, U32]

REDUCE_TYPES = {
    "argmax": ALL_BUT_F64, "argmin": ALL_BUT_F64,
    "average": FLOATS, "l2": FLOATS, "log_sum": FLOATS, "log_sum_exp": FLOATS,
    "l1": WIDE, "sum_square": WIDE,
    "max": ALL_BUT_F64, "min": ALL_BUT_F64,
    "multiply": WIDE, "sum": WIDE,
}
assert set(REDUCE_TYPES) == set(ref.REDUCE_FUNCTIONS)

MAX_ELEMENTS = 4096


def is_float(dt):
    return np.issubdtype(dt, np.floating)


def is_signed(dt):
    return np.issubdtype(dt, np.signedinteger)


def tensor_type(shape, dt):
    return "tensor<" + "".join(f"{s}x" for s in shape) + MLIR_TYPE[np.dtype(dt)] + ">"


# --------------------------------------------------------------------------
# Configurations: every (op, function, dtype) once per round
# --------------------------------------------------------------------------

def all_configs():
    """(op, function, dtype, index dtypes to cycle through).  top_k, gather
    and one_hot appear twice per round: they have the most modes."""
    configs = []
    for _ in range(2):
        configs += [("top_k", None, dt, TOPK_INDEX) for dt in ALL_BUT_F64]
    configs += [("arg_max", None, dt, INDEX) for dt in ALL_BUT_F64]
    configs += [("arg_min", None, dt, INDEX) for dt in ALL_BUT_F64]
    for fn in ref.REDUCE_FUNCTIONS:   # at least 6 configurations each
        idx = INDEX if fn in ("argmax", "argmin") else [None]
        types = REDUCE_TYPES[fn] * -(-6 // len(REDUCE_TYPES[fn]))
        configs += [("reduce", fn, dt, idx) for dt in types]
    for _ in range(2):
        configs += [("gather", None, dt, INDEX) for dt in ALL]
        configs += [("one_hot", None, dt, INDEX) for dt in ALL]
    return configs


def select_configs(ops):
    configs = all_configs()
    if not ops:
        return configs
    wanted = set(ops.split(","))
    chosen = [c for c in configs
              if c[0] in wanted or (c[1] and f"{c[0]}.{c[1]}" in wanted)
              or f"{c[0]}:{MLIR_TYPE[c[2]]}" in wanted
              or (c[1] and f"{c[0]}.{c[1]}:{MLIR_TYPE[c[2]]}" in wanted)]
    if not chosen:
        sys.exit(f"difftest: --ops {ops!r} selects no configuration")
    return chosen


# --------------------------------------------------------------------------
# Random data
# --------------------------------------------------------------------------

MAX_DIM = {1: 64, 2: 24, 3: 12, 4: 8, 5: 6, 6: 4, 7: 4, 8: 3}
BIG_DIM = {1: 4096, 2: 160, 3: 40, 4: 16, 5: 10, 6: 8, 7: 6, 8: 5}


def rand_shape(rng, rank, max_elements=MAX_ELEMENTS, max_dim=None):
    """Mostly small dimensions; one shape in six has long ones (partial
    vector tiles, long windows)."""
    if max_dim is not None:
        cap = max_dim
    elif rng.random() < 1.0 / 6.0:
        cap = BIG_DIM[rank]
    else:
        cap = MAX_DIM[rank]
    ones = 0.2 if rank > 2 else 0.05
    shape = [1 if rng.random() < ones else int(rng.integers(1, cap + 1))
             for _ in range(rank)]
    while int(np.prod(shape)) > max_elements:
        d = int(np.argmax(shape))
        shape[d] = max(1, shape[d] // 2)
    return shape


def rand_rank(rng):
    return int(rng.integers(1, 9))


def int_info(dt):
    return np.iinfo(dt)


def rand_ints(rng, dt, size, lo=None, hi=None):
    info = int_info(dt)
    lo = info.min if lo is None else max(lo, int(info.min))
    hi = info.max if hi is None else min(hi, int(info.max))
    return rng.integers(lo, hi, size=size, endpoint=True, dtype=dt)


# NaN, infinities, signed zeros, subnormals (f32: 1e-40; f16: 3e-6, and
# 1e-40 becomes a zero) and the largest finite values.
SPECIALS = [np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 0.5, 1e-40, -1e-40,
            3e-6, -3e-6, 65504.0, -65504.0]


def selection_data(rng, dt, shape, mode):
    """Data for top_k, arg_max/min and reduce argmax/argmin/max/min."""
    size = int(np.prod(shape))
    if mode == "ties":          # heavy ties: a tiny set of values
        k = int(rng.integers(1, 4))
        if is_float(dt):
            pool = rng.choice(np.array([-2.5, -1.0, 0.0, 1.5, 3.0]), k, replace=False)
        else:
            info = int_info(dt)
            pool = rng.choice(np.array([int(info.min), 0, 1, 7, int(info.max)],
                                       dtype=object), k, replace=False)
        return np.array(rng.choice(pool, size), dtype=dt).reshape(shape)
    if mode == "const":
        if is_float(dt):
            v = rng.choice(np.array([np.nan, 0.0, -0.0, 2.0, -np.inf]))
            return np.full(shape, v, dtype=dt)
        return np.full(shape, rand_ints(rng, dt, 1)[0], dtype=dt)
    if mode == "special" and is_float(dt):
        data = rng.choice(np.array(SPECIALS), size)
        data = np.where(rng.random(size) < 0.3, rng.standard_normal(size), data)
        return data.astype(dt).reshape(shape)
    if mode == "extreme" and not is_float(dt):  # full range, incl. min/max
        data = rand_ints(rng, dt, size)
        info = int_info(dt)
        pick = rng.random(size)
        data = np.where(pick < 0.15, info.min, np.where(pick < 0.3, info.max, data))
        return data.astype(dt).reshape(shape)
    # random
    if is_float(dt):
        data = rng.standard_normal(size) * 100.0
        return data.astype(dt).reshape(shape)
    info = int_info(dt)
    if rng.random() < 0.5:
        return rand_ints(rng, dt, size).reshape(shape)
    return rand_ints(rng, dt, size, -50 if info.min < 0 else 0, 100).reshape(shape)


SELECTION_MODES = ["random", "random", "ties", "ties", "special", "const", "extreme"]


def pick_mode(rng, dt, modes):
    mode = modes[int(rng.integers(len(modes)))]
    if mode == "special" and not is_float(dt):
        mode = "extreme"
    if mode == "extreme" and is_float(dt):
        mode = "special"
    return mode


def reduce_float_data(rng, fn, dt, shape, n, mode):
    size = int(np.prod(shape))
    if mode == "special":       # NaN / Inf propagate whatever the order
        data = rng.uniform(0.5, 2.0, size)
        pick = rng.random(size)
        data = np.where(pick < 0.05, np.nan, data)
        data = np.where((pick >= 0.05) & (pick < 0.12), np.inf, data)
        data = np.where((pick >= 0.12) & (pick < 0.16), -np.inf, data)
        return data.astype(dt).reshape(shape)
    if fn == "multiply":        # factors near 1: no overflow or underflow
        delta = min(0.7, 6.0 / n)
        data = np.exp(rng.uniform(-delta, delta, size))
        data *= np.where(rng.random(size) < 0.3, -1.0, 1.0)
        if mode == "zeros":
            data = np.where(rng.random(size) < 0.1, 0.0, data)
        return data.astype(dt).reshape(shape)
    if fn == "log_sum":
        if mode == "zeros":     # ln(0) = -Inf
            return np.zeros(shape, dtype=dt)
        if mode == "mixed":     # may be NaN (negative sum); tolerance by condition
            return rng.uniform(-1.0, 2.0, size).astype(dt).reshape(shape)
        return rng.uniform(0.25, 2.0, size).astype(dt).reshape(shape)
    if fn == "log_sum_exp":
        if mode == "large":     # naive exp overflows even in f32
            hi = 60000.0 if dt == F16 else 1e30
            return (rng.uniform(-1.0, 1.0, size) * hi).astype(dt).reshape(shape)
        if mode == "zeros":
            return np.full(shape, -np.inf, dtype=dt)
        return (rng.standard_normal(size) * 4.0).astype(dt).reshape(shape)
    if fn == "l2" and mode == "large":  # squares overflow the type
        if dt == F16:
            mag = rng.uniform(1e3, 6e4, size)
        else:
            mag = 10.0 ** rng.uniform(19.0, 30.0, size)
        sign = np.where(rng.random(size) < 0.5, -1.0, 1.0)
        return (mag * sign).astype(dt).reshape(shape)
    if mode == "positive":
        return rng.uniform(0.5, 2.0, size).astype(dt).reshape(shape)
    return (rng.uniform(-2.0, 2.0, size)).astype(dt).reshape(shape)


FLOAT_REDUCE_MODES = {
    "sum": ["positive", "positive", "mixed", "special"],
    "average": ["positive", "mixed", "special"],
    "multiply": ["mixed", "mixed", "zeros", "special"],
    "l1": ["mixed", "special"],
    "l2": ["mixed", "large", "special"],
    "sum_square": ["mixed", "special"],
    "log_sum": ["positive", "positive", "mixed", "zeros", "special"],
    "log_sum_exp": ["mixed", "mixed", "large", "zeros", "special"],
}


def reduce_int_data(rng, fn, dt, shape, mode):
    size = int(np.prod(shape))
    info = int_info(dt)
    if mode == "wrap":          # full range: sums and products wrap (spec 1.7)
        data = rand_ints(rng, dt, size)
        if fn == "l1" and is_signed(dt):
            data = np.where(rng.random(size) < 0.2, info.min, data).astype(dt)
        return data.reshape(shape)
    if fn == "multiply":
        lo = -3 if is_signed(dt) else 0
        return rand_ints(rng, dt, size, lo, 3).reshape(shape)
    lo = -1000 if is_signed(dt) else 0
    return rand_ints(rng, dt, size, lo, 1000).reshape(shape)


def axes_for(rng, rank):
    count = int(rng.integers(1, rank + 1))
    axes = [int(a) for a in rng.permutation(rank)[:count]]
    return axes  # arbitrary order


def index_values(rng, idx_dt, size_axis, count, mode):
    """Index values for gather (size_axis = S) and one_hot (= L)."""
    S = size_axis
    signed = is_signed(idx_dt)
    info = int_info(idx_dt)
    lo = -S if signed else 0
    inr = rng.integers(lo, S, size=count)  # normalized in range
    if mode == "inrange":
        return np.array(rng.integers(0, S, size=count), dtype=idx_dt)
    if mode == "negative" and signed:
        return np.array(inr, dtype=idx_dt)
    oor_pool = [S, S + 1, S + 7, int(info.max)]
    if signed:
        oor_pool += [-S - 1, -S - 3, int(info.min), int(info.min) + 1]
    else:
        oor_pool += [int(info.max) - 1, 2**31 if info.max > 2**31 else S + 2]
    oor = np.array([oor_pool[j] for j in rng.integers(0, len(oor_pool), count)],
                   dtype=object)
    if mode == "all_oor":
        return np.array(list(oor), dtype=idx_dt)
    mix = rng.random(count) < 0.4
    vals = [o if m else int(v) for o, m, v in zip(oor, mix, inr)]
    return np.array(vals, dtype=idx_dt)


INDEX_MODES = ["inrange", "negative", "mixed", "mixed", "all_oor"]


def value_data(rng, dt, size):
    """Distinct-looking payload values for gather / one_hot."""
    if is_float(dt):
        data = np.round(rng.standard_normal(size) * 1000.0, 2)
        if rng.random() < 0.3:
            data = np.where(rng.random(size) < 0.2,
                            rng.choice(np.array(SPECIALS), size), data)
        return data.astype(dt)
    return rand_ints(rng, dt, size)


# --------------------------------------------------------------------------
# Case generation
# --------------------------------------------------------------------------

class Case:
    def __init__(self, index, op, fn, dt):
        self.index, self.op, self.fn, self.dt = index, op, fn, dt
        self.inputs = []          # numpy arrays, argument order
        self.expected = []        # numpy arrays, result order
        self.expected64 = None    # float64 oracle for float reductions
        self.text = ""            # the func.func
        self.desc = ""
        self.window = 1

    @property
    def name(self):
        return f"case_{self.index}"


def make_case(seed, index, configs):
    rng = np.random.default_rng([seed, index])
    position, round_ = index % len(configs), index // len(configs)
    op, fn, dt, idx_list = configs[position]
    idx_dt = idx_list[(position + round_) % len(idx_list)]
    case = Case(index, op, fn, dt)
    gen = {"top_k": gen_top_k, "arg_max": gen_arg, "arg_min": gen_arg,
           "reduce": gen_reduce, "gather": gen_gather,
           "one_hot": gen_one_hot}[op]
    with np.errstate(all="ignore"):
        gen(rng, case, idx_dt)
    return case


def finish(case, op_line, results):
    args = ", ".join(f"%arg{i}: {tensor_type(a.shape, a.dtype)}"
                     for i, a in enumerate(case.inputs))
    rtypes = [tensor_type(r.shape, r.dtype) for r in results]
    rsig = rtypes[0] if len(rtypes) == 1 else "(" + ", ".join(rtypes) + ")"
    names = ", ".join(f"%{i}" for i in range(len(results)))
    case.text = (f"// {case.desc}\n"
                 f"func.func @{case.name}({args}) -> {rsig} {{\n"
                 f"  {names} = {op_line}\n"
                 f"  return {names} : {', '.join(rtypes)}\n"
                 f"}}\n")
    case.expected = results


def gen_top_k(rng, case, idx_dt):
    dt = case.dt
    rank = rand_rank(rng)
    shape = rand_shape(rng, rank)
    axis = int(rng.integers(rank))
    S = shape[axis]
    r = rng.random()
    k = 1 if r < 0.3 else S if r < 0.6 else int(rng.integers(1, S + 1))
    direction = ["increasing", "decreasing"][int(rng.integers(2))]
    mode = pick_mode(rng, dt, SELECTION_MODES)
    x = selection_data(rng, dt, shape, mode)
    case.inputs = [x]
    v, i = ref.top_k(x, axis, k, direction, idx_dt)
    case.desc = (f"top_k {MLIR_TYPE[dt]} -> {MLIR_TYPE[idx_dt]} shape {shape} "
                 f"axis {axis} k {k} {direction} data {mode}")
    line = (f"dml.top_k %arg0, axis = {axis}, k = {k}, direction = {direction} "
            f": {tensor_type(x.shape, dt)} -> {tensor_type(v.shape, dt)}, "
            f"{tensor_type(i.shape, idx_dt)}")
    finish(case, line, [v, i])


def gen_arg(rng, case, idx_dt):
    dt = case.dt
    rank = rand_rank(rng)
    shape = rand_shape(rng, rank)
    axes = axes_for(rng, rank)
    direction = ["increasing", "decreasing"][int(rng.integers(2))]
    mode = pick_mode(rng, dt, SELECTION_MODES)
    x = selection_data(rng, dt, shape, mode)
    case.inputs = [x]
    f = ref.arg_max if case.op == "arg_max" else ref.arg_min
    y = f(x, axes, direction, idx_dt)
    case.desc = (f"{case.op} {MLIR_TYPE[dt]} -> {MLIR_TYPE[idx_dt]} shape {shape} "
                 f"axes {axes} {direction} data {mode}")
    line = (f"dml.{case.op} %arg0, axes = [{', '.join(map(str, axes))}], "
            f"direction = {direction} : {tensor_type(x.shape, dt)} -> "
            f"{tensor_type(y.shape, idx_dt)}")
    finish(case, line, [y])


def gen_reduce(rng, case, idx_dt):
    dt, fn = case.dt, case.fn
    rank = rand_rank(rng)
    shape = rand_shape(rng, rank)
    axes = axes_for(rng, rank)
    n = int(np.prod([shape[a] for a in axes]))
    case.window = n
    if fn in ("argmax", "argmin", "max", "min"):
        mode = pick_mode(rng, dt, SELECTION_MODES)
        x = selection_data(rng, dt, shape, mode)
    elif is_float(dt):
        modes = FLOAT_REDUCE_MODES[fn]
        mode = modes[int(rng.integers(len(modes)))]
        x = reduce_float_data(rng, fn, dt, shape, n, mode)
    else:
        mode = ["small", "small", "wrap"][int(rng.integers(3))]
        x = reduce_int_data(rng, fn, dt, shape, mode)
    case.inputs = [x]
    out_dt = idx_dt if fn in ("argmax", "argmin") else dt
    y = ref.reduce(x, fn, axes, out_dt)
    if is_float(dt) and fn not in ("argmax", "argmin", "max", "min"):
        case.expected64 = ref.reduce(x, fn, axes, float64=True)
    case.desc = (f"reduce {fn} {MLIR_TYPE[dt]} -> {MLIR_TYPE[np.dtype(out_dt)]} "
                 f"shape {shape} axes {axes} data {mode}")
    line = (f"dml.reduce %arg0, function = {fn}, axes = [{', '.join(map(str, axes))}] "
            f": {tensor_type(x.shape, dt)} -> {tensor_type(y.shape, out_dt)}")
    finish(case, line, [y])


def gen_gather(rng, case, idx_dt):
    dt = case.dt
    for _ in range(100):
        rank = rand_rank(rng)
        r = int(rng.integers(0, rank + 1))
        axis = int(rng.integers(max(r - 1, 0), rank))
        xshape = rand_shape(rng, rank, 1024)
        for d in range(max(r - 1, 0)):
            xshape[d] = 1     # the dropped leading entries come from X
        core = rand_shape(rng, r, 64, 6) if r else []
        jshape = [1] * (rank - r) + core
        oshape = ref.gather_output_shape(xshape, jshape, axis, r)
        if int(np.prod(oshape)) <= MAX_ELEMENTS:
            break
    S = xshape[axis]
    mode = INDEX_MODES[int(rng.integers(len(INDEX_MODES)))]
    j = index_values(rng, idx_dt, S, int(np.prod(jshape)), mode).reshape(jshape)
    x = value_data(rng, dt, int(np.prod(xshape))).reshape(xshape)
    case.inputs = [x, j]
    y = ref.gather(x, j, axis, r)
    case.desc = (f"gather {MLIR_TYPE[dt]} indices {MLIR_TYPE[idx_dt]} input {xshape} "
                 f"indices {jshape} axis {axis} index_dimensions {r} indices {mode}")
    line = (f"dml.gather %arg0, %arg1, axis = {axis}, index_dimensions = {r} : "
            f"({tensor_type(xshape, dt)}, {tensor_type(jshape, idx_dt)}) -> "
            f"{tensor_type(y.shape, dt)}")
    finish(case, line, [y])


def values_shape(rng, rank):
    """A ValuesTensor shape of rank `rank` with at least two elements."""
    while True:
        kind = rng.random()
        shape = [1] * rank
        if kind < 0.5:          # packed [..., 2] or [..., 3]
            shape[-1] = int(rng.integers(2, 4))
        elif kind < 0.8:        # the long dimension is not the innermost
            shape[int(rng.integers(rank))] = int(rng.integers(2, 4))
        else:                   # several dimensions longer than 1
            shape = [int(rng.integers(1, 4)) for _ in range(rank)]
        if int(np.prod(shape)) >= 2:
            return shape


def gen_one_hot(rng, case, idx_dt):
    dt = case.dt
    rank = rand_rank(rng)
    axis = int(rng.integers(rank))
    oshape = rand_shape(rng, rank)
    if rng.random() < 0.7:
        oshape[axis] = int(rng.integers(1, 9))
        while int(np.prod(oshape)) > MAX_ELEMENTS:
            d = int(np.argmax([s if i != axis else 0 for i, s in enumerate(oshape)]))
            oshape[d] = max(1, oshape[d] // 2)
    L = oshape[axis]
    jshape = list(oshape)
    jshape[axis] = 1
    wshape = values_shape(rng, rank)
    mode = INDEX_MODES[int(rng.integers(len(INDEX_MODES)))]
    j = index_values(rng, idx_dt, L, int(np.prod(jshape)), mode).reshape(jshape)
    w = value_data(rng, dt, int(np.prod(wshape))).reshape(wshape)
    case.inputs = [j, w]
    y = ref.one_hot(j, w, axis, L)
    case.desc = (f"one_hot {MLIR_TYPE[dt]} indices {MLIR_TYPE[idx_dt]} {jshape} "
                 f"values {wshape} output {oshape} axis {axis} indices {mode}")
    line = (f"dml.one_hot %arg0, %arg1, axis = {axis} : "
            f"({tensor_type(jshape, idx_dt)}, {tensor_type(wshape, dt)}) -> "
            f"{tensor_type(oshape, dt)}")
    finish(case, line, [y])


# --------------------------------------------------------------------------
# Comparison
# --------------------------------------------------------------------------

def first_bad(mask):
    where = np.argwhere(mask)
    return tuple(int(c) for c in where[0]) if len(where) else None


def describe(actual, expected, bad, extra=""):
    pos = first_bad(bad)
    count = int(np.count_nonzero(bad))
    return (f"{count} of {bad.size} elements differ{extra}; first at {list(pos)}: "
            f"got {actual[pos]!r}, expected {expected[pos]!r}")


def bits(a):
    return a.view(np.dtype(f"u{a.dtype.itemsize}"))


def compare_exact(actual, expected, bitwise):
    if is_float(expected.dtype):
        if bitwise:
            bad = bits(actual) != bits(expected)
        else:   # values; NaN == NaN; the sign of a zero is not checked
            bad = ~((actual == expected) | (np.isnan(actual) & np.isnan(expected)))
    else:
        bad = actual != expected
    return None if not bad.any() else describe(actual, expected, bad)


def reduce_tolerance(fn, dt, x, exp64, n):
    """Absolute error allowed for a float reduction `fn` of `x` (window of
    `n` elements, result shape exp64.shape) against the float64 oracle
    `exp64`: the output rounding plus accumulation error growing with the
    window, scaled by the condition of the reduction."""
    x = x.astype(np.float64)
    keep = exp64.shape
    with np.errstate(all="ignore"):
        axes = tuple(a for a in range(x.ndim) if keep[a] == 1)
        sum_abs = np.zeros(keep) + np.abs(x).sum(axis=axes, keepdims=True)
        sum_x = x.sum(axis=axes, keepdims=True)
        if fn == "sum":
            scale = sum_abs
        elif fn == "average":
            scale = sum_abs / n
        elif fn == "log_sum":
            scale = sum_abs / np.abs(sum_x)
        elif fn == "log_sum_exp":
            scale = np.ones(keep)
        else:               # l1, l2, sum_square, multiply: relative
            scale = np.abs(exp64)
        out_rtol = 1e-3 if dt == F16 else 1e-5
        acc_rtol = 1e-5 * (1.0 + n / 256.0)
        atol = float(np.finfo(dt).tiny)
        return out_rtol * np.abs(exp64) + acc_rtol * scale + atol


def compare_within(actual, exp64, tol, dt):
    """Compares a float result with its float64 oracle: NaN and Inf
    positions must match (a finite oracle beyond the type's range may give
    the Inf of its sign), finite values within `tol`. Returns None or a
    message."""
    with np.errstate(all="ignore"):
        a64 = actual.astype(np.float64)
        rounded = exp64.astype(dt).astype(np.float64)
        nan_bad = np.isnan(a64) != np.isnan(rounded)
        inf_exp = np.isinf(rounded)
        big = np.abs(exp64) > 0.999 * float(np.finfo(dt).max)
        inf_bad = (np.isinf(a64) | inf_exp) & ~(a64 == rounded) & \
            ~(big & np.isinf(a64) & (np.sign(a64) == np.sign(exp64)))
        finite = np.isfinite(a64) & np.isfinite(rounded)
        err = np.where(finite, np.abs(a64 - exp64), 0.0)
        tol_bad = finite & ~(err <= tol)
        bad = nan_bad | inf_bad | tol_bad
        if not bad.any():
            return None
        ratio = np.max(np.where(finite, err / tol, 0.0))
    return describe(actual, exp64, bad, f" (worst error/tolerance {ratio:.3g})")


def compare_float_reduce(case, actual):
    tol = reduce_tolerance(case.fn, case.dt, case.inputs[0], case.expected64,
                           case.window)
    return compare_within(actual, case.expected64, tol, case.dt)


def compare(case, outputs):
    for k, (actual, expected) in enumerate(zip(outputs, case.expected)):
        what = f"result {k}"
        if actual.dtype != expected.dtype:
            return f"{what}: dtype {actual.dtype}, expected {expected.dtype}"
        if actual.shape != expected.shape:
            return f"{what}: shape {list(actual.shape)}, expected {list(expected.shape)}"
        if case.expected64 is not None:
            msg = compare_float_reduce(case, actual)
        else:
            bitwise = case.op in ("top_k", "gather", "one_hot")
            msg = compare_exact(actual, expected, bitwise)
        if msg:
            return f"{what}: {msg}"
    return None


# --------------------------------------------------------------------------
# Running
# --------------------------------------------------------------------------

def write_group(directory, group_index, cases):
    path = directory / f"group_{group_index}.mlir"
    path.write_text("// Generated by difftest.py\n\n" +
                    "\n".join(c.text for c in cases), encoding="utf-8")
    for c in cases:
        c.module = path
        c.in_files = []
        for i, a in enumerate(c.inputs):
            f = directory / f"{c.name}_in{i}.npy"
            np.save(f, a)
            c.in_files.append(f)
        c.out_files = [directory / f"{c.name}_out{i}.npy"
                       for i in range(len(c.expected))]


def command(dml_run, case):
    return (dml_run + [str(case.module), f"--function={case.name}"] +
            [f"--input=@{f}" for f in case.in_files] +
            [f"--output=@{f}" for f in case.out_files])


def run_case(dml_run, case, timeout):
    for f in case.out_files:
        if f.exists():
            f.unlink()
    cmd = command(dml_run, case)
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return f"dml-run timed out after {timeout} s"
    except OSError as error:
        return f"cannot run dml-run: {error}"
    if proc.returncode != 0:
        err = (proc.stderr.strip() or proc.stdout.strip()).splitlines()
        return f"dml-run exited {proc.returncode}: " + " | ".join(err[:6])
    try:
        outputs = [np.load(f) for f in case.out_files]
    except (OSError, ValueError) as error:
        return f"cannot read the outputs: {error}"
    return compare(case, outputs)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dml-run", default="dml-run", help="dml-run binary")
    parser.add_argument("--dml-run-arg", action="append", default=[],
                        metavar="ARG", help="extra dml-run argument, e.g. "
                        "--dml-run-arg=--vectorize (repeatable)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=500)
    parser.add_argument("--start", type=int, default=0,
                        help="index of the first case (default 0)")
    parser.add_argument("--case", type=int, action="append", default=[],
                        help="run only this case index (repeatable)")
    parser.add_argument("--ops", default="",
                        help="comma list: op (top_k, arg_max, arg_min, reduce, "
                        "gather, one_hot), reduce.FUNCTION, or OP[.FN]:TYPE")
    parser.add_argument("--keep", metavar="DIR",
                        help="write the modules, inputs and outputs here and keep them")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--group-size", type=int, default=1,
                        help="cases (functions) per .mlir module")
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--list", action="store_true",
                        help="print the generated functions and exit")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)

    configs = select_configs(args.ops)
    indices = args.case or list(range(args.start, args.start + args.count))
    cases = [make_case(args.seed, i, configs) for i in indices]

    if args.list:
        for c in cases:
            print(c.text)
        return 0

    dml_run = shutil.which(args.dml_run) or args.dml_run
    if os.path.exists(dml_run):
        dml_run = os.path.abspath(dml_run)
    dml_run = [dml_run] + args.dml_run_arg
    if args.keep:
        directory = pathlib.Path(args.keep).resolve()
        directory.mkdir(parents=True, exist_ok=True)
    else:
        directory = pathlib.Path(tempfile.mkdtemp(prefix="dml-difftest-"))
    groups = [cases[i:i + args.group_size]
              for i in range(0, len(cases), args.group_size)]
    for g, group in enumerate(groups):
        write_group(directory, g, group)

    start = time.time()
    failures = []
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        results = pool.map(lambda c: (c, run_case(dml_run, c, args.timeout)), cases)
        for case, message in results:
            if message:
                failures.append((case, message))

    coverage = collections.Counter()
    for c in cases:
        coverage[(c.op if c.op != "reduce" else f"reduce.{c.fn}")] += 1
    selfname = pathlib.Path(__file__).resolve()
    for case, message in failures:
        print(f"FAIL {case.name}: {case.desc}")
        print(f"  {message}")
        print("  reproduce: " + " ".join(shlex.quote(str(a)) for a in command(dml_run, case)))
        print(f"  regenerate: {selfname} --seed {args.seed} "
              f"{'--ops ' + args.ops + ' ' if args.ops else ''}--case {case.index} "
              f"--dml-run {dml_run[0]} "
              + "".join(f"--dml-run-arg={a} " for a in args.dml_run_arg)
              + "--keep DIR")
    if not args.quiet:
        print("coverage: " + ", ".join(f"{k} {v}" for k, v in sorted(coverage.items())))
        print(f"ran {len(cases)} cases in {time.time() - start:.1f} s "
              f"with {args.jobs} jobs; files in "
              f"{directory if (args.keep or failures) else '(removed)'}")
    if not args.keep and not failures:
        shutil.rmtree(directory, ignore_errors=True)
    print(f"{len(cases) - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
