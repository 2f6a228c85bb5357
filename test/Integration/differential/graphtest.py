#!/usr/bin/python3
"""Differential test of random graphs: dml-run vs. the composed numpy reference.

A seeded generator builds random functions of 2..6 operators: the five dml
operators (top_k, arg_max, arg_min, reduce with all 12 functions, gather,
one_hot) and elementwise ops (add, sub, mul, div, maximum, minimum, neg,
abs, exp, log, clamp, casts; with broadcasting), chained and branching into
DAGs with shared inputs and several results.  Graphs are grown from the
patterns a graph compiler fuses: gather -> reduce, one_hot -> reduce,
elementwise -> reduce / arg / top_k, arg_max -> one_hot, sibling reductions
of one input over the same axes, reduce -> broadcast -> elementwise
(softmax, log-softmax), top_k indices -> gather; then random ops on any
earlier value.  Only graphs the verifiers accept are generated (the data
types of difftest.py's tables, the shape rules of test/lib/dml_reference.py).

The expected results are the composition of the reference operators, each
value carrying an error bound (zero where the compiled value must be exact):

* gather, one_hot, top_k values, max/min, arg indices, integer ops and the
  correctly rounded float ops (add, sub, mul, div, max, min, neg, abs, casts)
  of exact operands are exact (floats compared by value: NaN == NaN, the
  sign of a zero unchecked);
* exp and log (polynomial approximations) and the float reductions
  (difftest.reduce_tolerance) add error; the bounds propagate through every
  later op (first order, plus one rounding per op);
* a selection (top_k, arg_max/min, reduce argmax/argmin) over a value with
  error is generated only where no two candidates lie within the error of
  each other, so its indices stay exact; an op whose result would cross the
  type's overflow threshold within the error is not generated.

Elementwise ops are spelled as linalg.generic / arith / math on tensors
(--elementwise=linalg) or as TOSA ops (--elementwise=tosa), or alternate
(--elementwise=both); `auto` (the default) is `both` when
`dml-opt --dml-cpu-pipeline` compiles a tosa.add, and linalg otherwise.
--lower-tosa-first runs upstream tosa-to-linalg before dml-run (to check the
TOSA spelling while the pipeline does not take TOSA).  Each graph runs through dml-run in one pipeline configuration,
graph i in configuration i mod N (--configs, default: every configuration
in CONFIGS whose option dml-opt knows; --all-configs runs every graph in
every one).

Usage:
  graphtest.py --dml-run build/bin/dml-run [--dml-opt build/bin/dml-opt]
               [--seed 1] [--count 500] [--case I]... [--keep DIR]
               [--configs default,threads2,nofusion] [--all-configs]
               [--elementwise auto|linalg|tosa|both] [--list]
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
import threading
import time

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import difftest as dt  # noqa: E402  (types, data, comparison, running)
from difftest import ref, tensor_type, MLIR_TYPE  # noqa: E402

F16, F32, F64 = dt.F16, dt.F32, dt.F64
I8, I16, I32, I64 = dt.I8, dt.I16, dt.I32, dt.I64
U32, U64 = dt.U32, dt.U64

# --------------------------------------------------------------------------
# Pipeline configurations: name -> (dml-run arguments, option that must
# appear in `dml-opt --help` for the configuration to exist, or None).
# --------------------------------------------------------------------------

CONFIGS = collections.OrderedDict([
    ("default", ([], None)),
    ("threads2", (["--pipeline-options=threads=2"], None)),
    ("nofusion", (["--pipeline-options=fusion=false"], "--fusion")),
])

MAX_ELEMENTS = 1024
MAX_OPS = 6

# Element types elementwise ops may take (arith needs signless types: the
# unsigned index types of arg_max / top_k only flow into dml ops).
EW_FLOAT = [F32, F16, F64]
EW_INT = [I32, I64, I16, I8]
TOSA_TYPES = [F32, F16, I32]

UNIT = {F16: 2.0 ** -11, F32: 2.0 ** -24, F64: 2.0 ** -53}
MATH_ULPS = 4.0     # exp / log approximation error allowed, in units of UNIT
SAFE_MAX = {F16: 3.0e4, F32: 1.0e37, F64: 1.0e300}   # overflow guard
EXP_MAX = {F16: 10.0, F32: 80.0, F64: 700.0}


class Reject(Exception):
    """The op drawn does not fit (invalid, ambiguous or numerically unsafe);
    the generator draws another."""


# --------------------------------------------------------------------------
# Values and graphs
# --------------------------------------------------------------------------

class Value:
    """An SSA value: its reference array (in its element type) and, for
    floats, an absolute error bound of the compiled value against it (None:
    exact)."""

    def __init__(self, name, array, err=None, is_input=False):
        self.name, self.ref, self.err = name, array, err
        self.is_input = is_input
        self.uses = 0

    @property
    def dtype(self):
        return self.ref.dtype

    @property
    def shape(self):
        return list(self.ref.shape)

    @property
    def type(self):
        return tensor_type(self.ref.shape, self.ref.dtype)

    def err_or_zero(self):
        return np.zeros(self.ref.shape) if self.err is None else self.err


class Graph:
    def __init__(self, index, rng, spelling):
        self.index, self.rng, self.spelling = index, rng, spelling
        self.inputs, self.values, self.lines = [], [], []
        self.ops, self.patterns = [], []
        self.outputs = []
        self.maps = {}
        self.counter = 0
        self.config = "default"

    @property
    def name(self):
        return f"graph_{self.index}"

    def chance(self, p):
        return self.rng.random() < p

    def pick(self, seq):
        return seq[int(self.rng.integers(len(seq)))]

    def new_input(self, array):
        v = Value(f"%a{len(self.inputs)}", np.ascontiguousarray(array),
                  is_input=True)
        self.inputs.append(v)
        self.values.append(v)
        return v

    def result(self, array, err=None):
        array = np.asarray(array)
        if err is not None:
            err = np.asarray(err, dtype=np.float64)
            if not dt.is_float(array.dtype):
                raise AssertionError("error bound on an integer value")
            # Non-finite values are exact (IEEE propagation), and a value
            # that may cross the overflow threshold is not generated.
            finite = np.isfinite(array)
            err = np.where(finite, err, 0.0)
            if not np.all(np.isfinite(err)):
                raise Reject("unbounded error")
            if np.any(finite & (np.abs(array.astype(np.float64)) + err >
                                SAFE_MAX[array.dtype])):
                raise Reject("near overflow with error")
            if not err.any():
                err = None
        v = Value(f"%v{self.counter}", array, err)
        self.counter += 1
        self.values.append(v)
        return v

    def emit(self, line, op, operands):
        self.lines.append(line)
        self.ops.append(op)
        for o in operands:
            o.uses += 1

    def affine_map(self, exprs, rank):
        dims = ", ".join(f"d{i}" for i in range(rank))
        text = f"affine_map<({dims}) -> ({', '.join(exprs)})>"
        if text not in self.maps:
            self.maps[text] = f"#g{self.index}_map{len(self.maps)}"
        return self.maps[text]

    def text(self):
        args = ", ".join(f"{v.name}: {v.type}" for v in self.inputs)
        rtypes = [v.type for v in self.outputs]
        names = ", ".join(v.name for v in self.outputs)
        body = "".join(f"  {line}\n" for line in self.lines)
        desc = "; ".join(self.ops)
        return (f"// {self.name} [{', '.join(self.patterns)}]: {desc}\n"
                f"func.func @{self.name}({args}) -> ({', '.join(rtypes)}) {{\n"
                f"{body}  return {names} : {', '.join(rtypes)}\n}}\n")


def ints(values):
    return ", ".join(str(int(v)) for v in values)


# --------------------------------------------------------------------------
# Random inputs
# --------------------------------------------------------------------------

DATA_MODES = ["random", "random", "random", "small", "ties", "special", "extreme"]


def data(g, dtype, shape, mode=None):
    mode = mode or g.pick(DATA_MODES)
    rng = g.rng
    size = int(np.prod(shape))
    if mode == "small":
        if dt.is_float(dtype):
            return (rng.standard_normal(size) * 2.0).astype(dtype).reshape(shape)
        info = np.iinfo(dtype)
        return dt.rand_ints(rng, dtype, size, -20 if info.min < 0 else 0,
                            20).reshape(shape)
    if mode == "positive":
        return rng.uniform(0.25, 4.0, size).astype(dtype).reshape(shape)
    return dt.selection_data(rng, dtype, shape, dt.pick_mode(rng, dtype, [mode]))


def new_shape(g, rank=None, max_elements=MAX_ELEMENTS):
    rank = dt.rand_rank(g.rng) if rank is None else rank
    return dt.rand_shape(g.rng, rank, max_elements)


def input_value(g, dtypes, shape=None, mode=None):
    dtype = g.pick(dtypes)
    return g.new_input(data(g, dtype, shape or new_shape(g), mode))


def existing(g, accept, prefer_fresh=True):
    """An earlier value satisfying `accept`, preferring values not used yet
    (chains), or None."""
    cands = [v for v in g.values if accept(v)]
    if not cands:
        return None
    fresh = [v for v in cands if v.uses == 0 and not v.is_input]
    if fresh and prefer_fresh and g.chance(0.75):
        return g.pick(fresh)
    return g.pick(cands)


# --------------------------------------------------------------------------
# Error bounds
# --------------------------------------------------------------------------

def rounding(dtype, r):
    return UNIT[np.dtype(dtype)] * np.abs(r.astype(np.float64))


def check_unambiguous(x, axes):
    """Rejects a selection over `axes` of x (a Value with an error bound) if
    two candidates of a window that differ may swap order."""
    if x.err is None:
        return
    v, _, _ = ref._move_axes_last(x.ref.astype(np.float64), axes)
    e, _, _ = ref._move_axes_last(x.err, axes)
    order = np.sort(v, axis=-1)
    with np.errstate(invalid="ignore"):
        gaps = np.diff(order, axis=-1)
    bound = 2.0 * e.max(axis=-1, keepdims=True)
    if np.any((bound > 0) & (gaps <= bound)):
        raise Reject("selection within the error")


def reduce_value(g, x, fn, axes, out_dt=None):
    """(reference, error bound or None, float64 oracle or None) of
    dml.reduce."""
    if fn in ("argmax", "argmin"):
        check_unambiguous(x, axes)
        return ref.reduce(x.ref, fn, axes, out_dt), None, None
    if fn in ("max", "min"):
        y = ref.reduce(x.ref, fn, axes)
        err = None if x.err is None else ref.reduce(x.err, "max", axes)
        return y, err, None
    if not dt.is_float(x.dtype):
        return ref.reduce(x.ref, fn, axes), None, None
    n = int(np.prod([x.shape[a] for a in axes]))
    exp64 = ref.reduce(x.ref, fn, axes, float64=True)
    y = exp64.astype(x.dtype)
    with np.errstate(all="ignore"):
        tol = dt.reduce_tolerance(fn, x.dtype, x.ref, exp64, n)
        xa = np.abs(x.ref.astype(np.float64))
        e = x.err_or_zero()
        r = ref.reduce
        if fn in ("sum", "l1"):
            prop = r(e, "sum", axes)
        elif fn == "average":
            prop = r(e, "sum", axes) / n
        elif fn == "sum_square":
            prop = r(2 * xa * e + e * e, "sum", axes)
        elif fn == "l2":
            d = r(2 * xa * e + e * e, "sum", axes)
            prop = np.minimum(np.sqrt(d), d / np.maximum(np.abs(exp64), 1e-300))
        elif fn == "log_sum":
            s = np.abs(r(x.ref.astype(np.float64), "sum", axes))
            d = r(e, "sum", axes)   # error of the sum before the log
            sum_abs = r(xa, "sum", axes)
            margin = d + 1e-4 * (1.0 + n / 256.0) * sum_abs
            if np.any(np.isfinite(s) & (s <= 4 * margin)):
                raise Reject("log of a sum near zero")
            prop = d / s
        elif fn == "log_sum_exp":
            prop = r(e, "max", axes)
        else:  # multiply
            if x.err is not None:
                raise Reject("multiply of a value with error")
            a = np.abs(exp64[np.isfinite(exp64) & (exp64 != 0)])
            lo, hi = (1e-4, 1e4) if x.dtype == F16 else (1e-30, 1e30)
            if a.size and (a.min() < lo or a.max() > hi):
                raise Reject("product near underflow/overflow")
            # inf times factors whose partial product underflows to 0 is
            # inf or NaN depending on the order of the factors, which
            # DirectML leaves open.
            xs = np.abs(x.ref.astype(np.float64))
            if (np.any(~np.isfinite(exp64))
                    and np.any((xs > 0) & (xs < (lo if x.dtype == F16 else 1e-30)))):
                raise Reject("product of infinity and underflowing factors")
            prop = 0.0
        total = tol + prop
        total = total + rounding(x.dtype, y)
    if x.err is not None and np.any(~np.isfinite(total) & np.isfinite(y)):
        raise Reject("unbounded reduction error")
    return y, total, exp64


# --------------------------------------------------------------------------
# dml operators
# --------------------------------------------------------------------------

def op_reduce(g, x, fn=None, axes=None, idx_dt=None):
    fns = [f for f in ref.REDUCE_FUNCTIONS if x.dtype in dt.REDUCE_TYPES[f]]
    if not fns:
        raise Reject("no reduce function for the type")
    fn = fn or g.pick(fns)
    if x.dtype not in dt.REDUCE_TYPES[fn]:
        raise Reject("type")
    axes = axes or dt.axes_for(g.rng, x.ref.ndim)
    out_dt = (idx_dt or g.pick(dt.INDEX)) if fn in ("argmax", "argmin") else None
    y, err, exp64 = reduce_value(g, x, fn, axes, out_dt)
    v = g.result(y, err)
    v.exp64 = exp64             # float reductions: compared with the oracle
    g.emit(f"{v.name} = dml.reduce {x.name}, function = {fn}, axes = "
           f"[{ints(axes)}] : {x.type} -> {v.type}", f"reduce.{fn}", [x])
    return v


def op_arg(g, x, which=None, axes=None, idx_dt=None):
    if x.dtype not in dt.ALL_BUT_F64:
        raise Reject("type")
    which = which or g.pick(["arg_max", "arg_min"])
    axes = axes or dt.axes_for(g.rng, x.ref.ndim)
    direction = g.pick(list(ref.DIRECTIONS))
    idx_dt = idx_dt or g.pick(dt.INDEX)
    check_unambiguous(x, axes)
    f = ref.arg_max if which == "arg_max" else ref.arg_min
    v = g.result(f(x.ref, axes, direction, idx_dt))
    g.emit(f"{v.name} = dml.{which} {x.name}, axes = [{ints(axes)}], "
           f"direction = {direction} : {x.type} -> {v.type}", which, [x])
    return v


def op_top_k(g, x):
    if x.dtype not in dt.ALL_BUT_F64:
        raise Reject("type")
    axis = int(g.rng.integers(x.ref.ndim))
    S = x.shape[axis]
    r = g.rng.random()
    k = 1 if r < 0.3 else S if r < 0.5 else int(g.rng.integers(1, S + 1))
    direction = g.pick(list(ref.DIRECTIONS))
    idx_dt = g.pick(dt.TOPK_INDEX)
    check_unambiguous(x, [axis])
    vals, idx = ref.top_k(x.ref, axis, k, direction, idx_dt)
    err = None
    if x.err is not None:
        err = np.take_along_axis(x.err, idx.astype(np.int64), axis=axis)
    v = g.result(vals, err)
    i = g.result(idx)
    g.emit(f"{v.name}, {i.name} = dml.top_k {x.name}, axis = {axis}, k = {k}, "
           f"direction = {direction} : {x.type} -> {v.type}, {i.type}",
           "top_k", [x])
    return v, i


def gather_config(g, xshape, jshape):
    """(axis, index_dimensions, output shape) valid for these shapes, or
    Reject."""
    n = len(xshape)
    if len(jshape) != n:
        raise Reject("rank")
    options = []
    for r in range(n + 1):
        for axis in range(max(r - 1, 0), n):
            try:
                options.append((axis, r, ref.gather_output_shape(xshape, jshape,
                                                                 axis, r)))
            except ref.SpecError:
                pass
    if not options:
        raise Reject("no gather configuration")
    return options[int(g.rng.integers(len(options)))]


def index_input(g, shape, size_axis, idx_dt=None):
    idx_dt = idx_dt or g.pick(dt.INDEX)
    mode = g.pick(dt.INDEX_MODES)
    j = dt.index_values(g.rng, idx_dt, size_axis, int(np.prod(shape)), mode)
    return g.new_input(j.reshape(shape))


def op_gather(g, x=None, j=None):
    """Gathers from x (or a new input) with indices j (or new adversarial
    indices)."""
    if j is not None:
        n = j.ref.ndim
        lead = next((d for d in range(n) if j.shape[d] != 1), n)
        r = int(g.rng.integers(n - lead, n + 1))
        axis = int(g.rng.integers(max(r - 1, 0), n))
        if x is None:
            xshape = new_shape(g, n, 256)
            for d in range(max(r - 1, 0)):
                xshape[d] = 1
            x = input_value(g, dt.ALL, xshape)
        axis, r, oshape = gather_config(g, x.shape, j.shape)
    else:
        if x is None:
            x = input_value(g, dt.ALL, new_shape(g, None, 256))
        n = x.ref.ndim
        r = int(g.rng.integers(0, n + 1))
        if r >= 2 and any(x.shape[d] != 1 for d in range(r - 1)):
            r = int(g.rng.integers(0, 2))
        axis = int(g.rng.integers(max(r - 1, 0), n))
        core = dt.rand_shape(g.rng, r, 32, 6) if r else []
        jshape = [1] * (n - r) + core
        S = x.shape[axis]
        try:
            oshape = ref.gather_output_shape(x.shape, jshape, axis, r)
        except ref.SpecError:
            raise Reject("gather shape")
        if int(np.prod(oshape)) > MAX_ELEMENTS:
            raise Reject("too large")
        j = index_input(g, jshape, S)
    if int(np.prod(oshape)) > MAX_ELEMENTS:
        raise Reject("too large")
    y = ref.gather(x.ref, j.ref, axis, r)
    err = None if x.err is None else ref.gather(x.err, j.ref, axis, r)
    v = g.result(y, err)
    g.emit(f"{v.name} = dml.gather {x.name}, {j.name}, axis = {axis}, "
           f"index_dimensions = {r} : ({x.type}, {j.type}) -> {v.type}",
           "gather", [x, j])
    return v


def op_one_hot(g, j=None, axis=None, depth=None, values=None):
    """One_hot of indices j (or new adversarial indices) along `axis`."""
    if j is None:
        oshape = new_shape(g)
        axis = int(g.rng.integers(len(oshape)))
        oshape[axis] = int(g.rng.integers(1, 9))
        jshape = list(oshape)
        jshape[axis] = 1
        depth = oshape[axis]
        j = index_input(g, jshape, depth)
    n = j.ref.ndim
    if axis is None:
        ones = [d for d in range(n) if j.shape[d] == 1]
        if not ones:
            raise Reject("no axis of size 1")
        axis = g.pick(ones)
    if depth is None:
        depth = int(g.rng.integers(1, 9))
    oshape = list(j.shape)
    oshape[axis] = depth
    if int(np.prod(oshape)) > MAX_ELEMENTS:
        raise Reject("too large")
    if values is None:
        wshape = dt.values_shape(g.rng, n)
        dtype = g.pick(dt.ALL)
        if g.chance(0.5):       # on/off values chosen among existing floats
            w = dt.value_data(g.rng, dtype, int(np.prod(wshape)))
        else:
            w = data(g, dtype, wshape)
            if w.size < 2:
                raise Reject("values")
        values = g.new_input(w.reshape(wshape))
    y = ref.one_hot(j.ref, values.ref, axis, depth)
    err = None if values.err is None else ref.one_hot(j.ref, values.err, axis,
                                                      depth)
    v = g.result(y, err)
    g.emit(f"{v.name} = dml.one_hot {j.name}, {values.name}, axis = {axis} : "
           f"({j.type}, {values.type}) -> {v.type}", "one_hot", [j, values])
    return v


# --------------------------------------------------------------------------
# Elementwise ops
# --------------------------------------------------------------------------

UNARY_FLOAT = ["neg", "abs", "exp", "log", "clamp", "cast"]
UNARY_INT = ["neg", "abs", "cast"]
BINARY_FLOAT = ["add", "sub", "mul", "maximum", "minimum"]
BINARY_INT = ["add", "sub", "mul", "maximum", "minimum"]
COMMUTATIVE = ["add", "mul", "maximum", "minimum"]


def ew_types(g):
    return TOSA_TYPES if g.spelling == "tosa" else EW_FLOAT + EW_INT


def broadcast_map(g, shape, out_shape):
    exprs = [f"d{i}" if s == o else "0" for i, (s, o) in
             enumerate(zip(shape, out_shape))]
    return g.affine_map(exprs, len(out_shape))


def scalar_const(value, dtype):
    if dt.is_float(dtype):
        return f"{float(value)!r}".replace("inf", "0x7F800000") + \
            f" : {MLIR_TYPE[np.dtype(dtype)]}"
    return f"{int(value)} : {MLIR_TYPE[np.dtype(dtype)]}"


ARITH = {  # (float, integer) arith/math op names
    "add": ("arith.addf", "arith.addi"), "sub": ("arith.subf", "arith.subi"),
    "mul": ("arith.mulf", "arith.muli"), "div": ("arith.divf", None),
    "maximum": ("arith.maximumf", "arith.maxsi"),
    "minimum": ("arith.minimumf", "arith.minsi"),
    "neg": ("arith.negf", None), "abs": ("math.absf", "math.absi"),
    "exp": ("math.exp", None), "log": ("math.log", None),
}

TOSA = {"add": "tosa.add", "sub": "tosa.sub", "maximum": "tosa.maximum",
        "minimum": "tosa.minimum", "exp": "tosa.exp", "log": "tosa.log",
        "abs": "tosa.abs"}


PARALLEL = '"parallel"'


def emit_linalg(g, v, kind, operands, consts=(), out_elem=None):
    """v = linalg.generic over `operands` (broadcast by maps) computing
    `kind` in its body; or, for same-shape operands, sometimes the arith /
    math op directly on tensors."""
    in_elem = MLIR_TYPE[operands[0].dtype]
    out_elem = MLIR_TYPE[v.dtype]
    isf = dt.is_float(operands[0].dtype)
    same = all(o.shape == v.shape for o in operands)
    simple = kind in ARITH and ARITH[kind][0 if isf else 1] is not None
    if same and simple and g.chance(0.3):
        name = ARITH[kind][0 if isf else 1]
        g.lines.append(f"{v.name} = {name} {', '.join(o.name for o in operands)}"
                       f" : {v.type}")
        return
    rank = len(v.shape)
    maps = [broadcast_map(g, o.shape, v.shape) for o in operands]
    maps.append(g.affine_map([f"d{i}" for i in range(rank)], rank))
    args = [f"%in{i}: {in_elem}" for i in range(len(operands))]
    body = []
    a = [f"%in{i}" for i in range(len(operands))]
    if kind == "neg" and not isf:
        body += [f"%z = arith.constant 0 : {in_elem}",
                 f"%r = arith.subi %z, {a[0]} : {in_elem}"]
    elif kind == "clamp":
        lo, hi = consts
        mn, mx = ("arith.minimumf", "arith.maximumf")
        body += [f"%lo = arith.constant {scalar_const(lo, operands[0].dtype)}",
                 f"%hi = arith.constant {scalar_const(hi, operands[0].dtype)}",
                 f"%t = {mn} {a[0]}, %hi : {in_elem}",
                 f"%r = {mx} %t, %lo : {in_elem}"]
    elif kind == "cast":
        src, dst = operands[0].dtype, v.dtype
        if dt.is_float(src) and dt.is_float(dst):
            name = "arith.extf" if dst.itemsize > src.itemsize else "arith.truncf"
        elif dt.is_float(dst):
            name = "arith.sitofp"
        else:
            name = "arith.extsi" if dst.itemsize > src.itemsize else "arith.trunci"
        body.append(f"%r = {name} {a[0]} : {in_elem} to {out_elem}")
    else:
        name = ARITH[kind][0 if isf else 1]
        body.append(f"%r = {name} {', '.join(a)} : {in_elem}")
    ins = ", ".join(o.name for o in operands)
    itypes = ", ".join(o.type for o in operands)
    empty = f"%e{v.name[1:]}"
    g.lines.append(f"{empty} = tensor.empty() : {v.type}")
    g.lines.append(
        f"{v.name} = linalg.generic {{indexing_maps = [{', '.join(maps)}], "
        f"iterator_types = [{', '.join([PARALLEL] * rank)}]}} "
        f"ins({ins} : {itypes}) outs({empty} : {v.type}) {{")
    g.lines.append(f"^bb0({', '.join(args)}, %out: {out_elem}):")
    g.lines += ["  " + line for line in body]
    g.lines.append(f"  linalg.yield %r : {out_elem}")
    g.lines.append(f"}} -> {v.type}")


def emit_tosa(g, v, kind, operands, consts=()):
    """v = the TOSA spelling of `kind` (operands of equal rank; TOSA
    broadcasts dimensions of size 1)."""
    elem = MLIR_TYPE[operands[0].dtype]
    names = [o.name for o in operands]
    types = [o.type for o in operands]
    tmp = f"%t{v.name[1:]}"
    if kind == "mul":
        g.lines.append(f'{tmp}s = "tosa.const"() <{{values = dense<0> : '
                       f'tensor<1xi8>}}> : () -> tensor<1xi8>')
        names.append(f"{tmp}s")
        types.append("tensor<1xi8>")
        name = "tosa.mul"
    elif kind == "neg":
        zero = "0.0" if dt.is_float(operands[0].dtype) else "0"
        g.lines.append(f'{tmp}z = "tosa.const"() <{{values = dense<{zero}> : '
                       f'tensor<1x{elem}>}}> : () -> tensor<1x{elem}>')
        names += [f"{tmp}z", f"{tmp}z"]
        types += [f"tensor<1x{elem}>"] * 2
        name = "tosa.negate"
    elif kind == "clamp":
        lo, hi = consts
        g.lines.append(f"{v.name} = tosa.clamp {names[0]} {{min_val = "
                       f"{scalar_const(lo, operands[0].dtype)}, max_val = "
                       f"{scalar_const(hi, operands[0].dtype)}}} : "
                       f"({types[0]}) -> {v.type}")
        return
    elif kind == "cast":
        name = "tosa.cast"
    elif kind == "div":     # TOSA has no float division: a * reciprocal(b)
        g.lines.append(f"{tmp}r = tosa.reciprocal {names[1]} : ({types[1]}) -> "
                       f"{types[1]}")
        g.lines.append(f'{tmp}s = "tosa.const"() <{{values = dense<0> : '
                       f'tensor<1xi8>}}> : () -> tensor<1xi8>')
        g.lines.append(f"{v.name} = tosa.mul {names[0]}, {tmp}r, {tmp}s : "
                       f"({types[0]}, {types[1]}, tensor<1xi8>) -> {v.type}")
        return
    else:
        name = TOSA[kind]
    g.lines.append(f"{v.name} = {name} {', '.join(names)} : "
                   f"({', '.join(types)}) -> {v.type}")


def ew_reference(g, kind, operands, consts, out_dt):
    """(reference, error bound or None) of an elementwise op."""
    refs = [o.ref for o in operands]
    errs = [o.err for o in operands]
    exact_in = all(e is None for e in errs)
    e = [o.err_or_zero() for o in operands]
    x64 = [r.astype(np.float64) for r in refs]
    dtype = operands[0].dtype
    isf = dt.is_float(dtype)
    with np.errstate(all="ignore"):
        if kind == "add":
            y = refs[0] + refs[1]
            prop = e[0] + e[1]
        elif kind == "sub":
            y = refs[0] - refs[1]
            prop = e[0] + e[1]
        elif kind == "mul":
            y = refs[0] * refs[1]
            prop = np.abs(x64[1]) * e[0] + np.abs(x64[0]) * e[1] + e[0] * e[1]
        elif kind == "div":
            if g.spelling == "tosa":     # a * reciprocal(b): two roundings
                y = refs[0] * (np.ones_like(refs[1]) / refs[1])
            else:
                y = refs[0] / refs[1]
            b = np.abs(x64[1])
            if np.any((e[1] > 0) & (b <= 2 * e[1])):
                raise Reject("division by a value near zero")
            lo = np.where(e[1] > 0, b - e[1], b)
            prop = (e[0] + np.abs(y.astype(np.float64)) * e[1]) / lo
            if g.spelling == "tosa":
                prop = prop + rounding(dtype, y)
        elif kind == "maximum":
            y = np.maximum(refs[0], refs[1])
            prop = np.maximum(e[0], e[1])
        elif kind == "minimum":
            y = np.minimum(refs[0], refs[1])
            prop = np.maximum(e[0], e[1])
        elif kind == "neg":
            y = -refs[0]
            prop = e[0]
        elif kind == "abs":
            y = np.abs(refs[0])
            prop = e[0]
        elif kind == "clamp":
            lo, hi = consts
            y = np.maximum(np.minimum(refs[0], dtype.type(hi)), dtype.type(lo))
            prop = e[0]
        elif kind == "cast":
            y = refs[0].astype(out_dt)
            prop = e[0]
            if dt.is_float(out_dt) and not isf:
                if np.any(np.abs(x64[0]) > 2.0 ** 24):
                    raise Reject("int to float rounding")
        elif kind == "exp":
            finite = np.isfinite(x64[0])
            if np.any(finite & (x64[0] + e[0] > EXP_MAX[dtype])):
                raise Reject("exp overflow")
            y = np.exp(refs[0])
            ya = np.abs(y.astype(np.float64))
            return y, ya * np.expm1(e[0]) + MATH_ULPS * UNIT[dtype] * ya + \
                float(np.finfo(dtype).tiny)
        elif kind == "log":
            x = x64[0]
            if np.any(np.isfinite(x) & (x > 0) & (x <= 2 * e[0])):
                raise Reject("log near zero")
            if np.any((e[0] > 0) & (x < 0) & (x >= -2 * e[0])):
                raise Reject("log near zero")
            y = np.log(refs[0])
            ya = np.abs(y.astype(np.float64))
            lo = np.where(x > 0, x - e[0], 1.0)
            return y, e[0] / lo + MATH_ULPS * UNIT[dtype] * (ya + 1.0)
        else:
            raise AssertionError(kind)
    y = np.asarray(y).astype(out_dt)
    if exact_in or not dt.is_float(out_dt):
        if not exact_in:
            raise AssertionError("error into an integer")
        return y, None
    return y, prop + 2 * rounding(out_dt, y)


def op_elementwise(g, x, kind=None, y=None):
    """An elementwise op on x (and y, broadcast against x)."""
    dtype = x.dtype
    if dtype not in ew_types(g):
        raise Reject("type")
    isf = dt.is_float(dtype)
    if kind is None:
        kinds = (UNARY_FLOAT + BINARY_FLOAT) if isf else (UNARY_INT + BINARY_INT)
        kind = g.pick(kinds)
    if g.spelling == "tosa" and kind in ("neg", "abs") and not isf:
        raise Reject("TOSA integer negate/abs saturate")
    consts, out_dt = (), dtype
    operands = [x]
    if kind in BINARY_FLOAT + ["div"]:
        if y is None:
            y = existing(g, lambda v: v.dtype == dtype and v is not x and
                         v.ref.ndim == x.ref.ndim and
                         all(a == b or b == 1 for a, b in zip(x.shape, v.shape)),
                         prefer_fresh=False)
            if y is None or g.chance(0.4):
                shape = [s if g.chance(0.6) else 1 for s in x.shape]
                y = g.new_input(data(g, dtype, shape,
                                     "positive" if kind == "div" else None))
        if g.chance(0.5) and y.shape == x.shape and kind in COMMUTATIVE:
            operands = [y, x]
        else:
            operands = [x, y]
    elif kind == "clamp":
        lo, hi = sorted(g.rng.standard_normal(2) * 4.0)
        consts = (float(dtype.type(lo)), float(dtype.type(hi)))
    elif kind == "cast":
        if isf:
            choices = [t for t in ew_types(g) if dt.is_float(t) and t != dtype]
        else:
            choices = [t for t in ew_types(g) if t != dtype]
        if g.spelling == "tosa":
            choices = [t for t in choices if dt.is_float(t) or not isf]
        if not choices:
            raise Reject("cast")
        out_dt = np.dtype(g.pick(choices))
    out_shape = [max(a, b) for a, b in zip(operands[0].shape,
                                           operands[-1].shape)]
    ref_y, err = ew_reference(g, kind, operands, consts, out_dt)
    ref_y = np.broadcast_to(ref_y, out_shape).copy()
    if err is not None:
        err = np.broadcast_to(err, out_shape).copy()
    v = g.result(ref_y, err)
    if g.spelling == "tosa":
        emit_tosa(g, v, kind, operands, consts)
    else:
        emit_linalg(g, v, kind, operands, consts)
    g.ops.append(kind)
    for o in operands:
        o.uses += 1
    return v


# --------------------------------------------------------------------------
# Patterns
# --------------------------------------------------------------------------

def float_input(g, shape=None, mode=None):
    types = [t for t in ew_types(g) if dt.is_float(t) and t != F64]
    return input_value(g, types, shape, mode)


def pat_gather_reduce(g):
    v = op_gather(g, x=existing(g, lambda v: v.ref.size <= 256)
                  if g.chance(0.3) else None)
    op_reduce(g, v) if g.chance(0.8) else op_arg(g, v)


def pat_one_hot_reduce(g):
    v = op_one_hot(g)
    op_reduce(g, v) if g.chance(0.7) else op_arg(g, v)


def pat_ew_select(g):
    x = existing(g, lambda v: v.dtype in ew_types(g)) if g.chance(0.3) else None
    x = x or input_value(g, ew_types(g))
    v = op_elementwise(g, x)
    if g.chance(0.3) and v.dtype in ew_types(g):
        v = op_elementwise(g, v)
    g.pick([op_reduce, op_arg, op_top_k])(g, v)


def pat_arg_one_hot(g):
    x = existing(g, lambda v: v.dtype in dt.ALL_BUT_F64) if g.chance(0.3) else None
    x = x or input_value(g, dt.ALL_BUT_F64)
    axes = dt.axes_for(g.rng, x.ref.ndim)
    if g.chance(0.8):
        j = op_arg(g, x, axes=axes)
    else:
        j = op_reduce(g, x, fn=g.pick(["argmax", "argmin"]), axes=axes)
    a = g.pick(axes)
    depth = x.shape[a] if g.chance(0.6) else int(g.rng.integers(1, 9))
    op_one_hot(g, j, axis=a, depth=depth)


def pat_siblings(g):
    x = existing(g, lambda v: v.dtype in dt.ALL_BUT_F64) if g.chance(0.3) else None
    # Floats half of the time: 8 of the 12 reduce functions need them.
    x = x or input_value(g, dt.FLOATS if g.chance(0.5) else dt.ALL_BUT_F64)
    axes = dt.axes_for(g.rng, x.ref.ndim)
    fns = [f for f in ref.REDUCE_FUNCTIONS if x.dtype in dt.REDUCE_TYPES[f]]
    count = int(g.rng.integers(2, 4))
    for f in g.rng.permutation(fns)[:count]:
        try:
            op_reduce(g, x, fn=str(f), axes=list(g.rng.permutation(axes)))
        except Reject:
            pass
    if g.chance(0.4):
        op_arg(g, x, axes=axes)


def pat_softmax(g):
    """softmax or log-softmax: max, sub (broadcast), exp, sum, div / log+sub."""
    x = float_input(g, mode=g.pick(["random", "small", "small", "ties", "special"]))
    axes = dt.axes_for(g.rng, x.ref.ndim)
    if g.chance(0.2):
        axes = [x.ref.ndim - 1]
    m = op_reduce(g, x, fn="max", axes=axes)
    d = op_elementwise(g, x, "sub", m)
    e = op_elementwise(g, d, "exp")
    s = op_reduce(g, e, fn="sum", axes=axes)
    if g.chance(0.5):
        op_elementwise(g, e, "div", s)
    else:
        ls = op_elementwise(g, s, "log")
        op_elementwise(g, d, "sub", ls)


def pat_top_k_gather(g):
    """Beam search: top_k indices select rows of another tensor."""
    x = existing(g, lambda v: v.dtype in dt.ALL_BUT_F64 and v.ref.ndim <= 3) \
        if g.chance(0.3) else None
    x = x or input_value(g, dt.ALL_BUT_F64, new_shape(g, int(g.rng.integers(1, 4))))
    _, i = op_top_k(g, x)
    op_gather(g, j=i)


def pat_random_op(g):
    x = existing(g, lambda v: True)
    if x is None:
        x = input_value(g, dt.ALL_BUT_F64)
    choice = g.rng.random()
    if choice < 0.3 and x.dtype in ew_types(g):
        op_elementwise(g, x)
    elif choice < 0.5:
        op_reduce(g, x)
    elif choice < 0.6:
        op_arg(g, x)
    elif choice < 0.7:
        op_top_k(g, x)
    elif choice < 0.85:
        if x.dtype in dt.INDEX and g.chance(0.5):
            if any(s == 1 for s in x.shape):
                op_one_hot(g, x)
            else:
                op_gather(g, j=x)
        else:
            op_gather(g, x=x if x.ref.size <= 512 else None)
    else:
        op_one_hot(g)


PATTERNS = collections.OrderedDict([
    ("gather-reduce", (pat_gather_reduce, 2)),
    ("one_hot-reduce", (pat_one_hot_reduce, 2)),
    ("ew-select", (pat_ew_select, 2)),
    ("arg-one_hot", (pat_arg_one_hot, 2)),
    ("siblings", (pat_siblings, 2)),
    ("softmax", (pat_softmax, 5)),
    ("top_k-gather", (pat_top_k_gather, 2)),
    ("op", (pat_random_op, 1)),
])


def op_count(g):
    return len(g.ops)


def attempt(g, fn):
    """Runs a pattern; on Reject, rolls the graph back to where it was."""
    saved = (list(g.inputs), list(g.values), list(g.lines), list(g.ops),
             {id(v): v.uses for v in g.values}, g.counter, dict(g.maps))
    try:
        fn(g)
        if op_count(g) > MAX_OPS:
            raise Reject("too many ops")
        return True
    except Reject:
        g.inputs, g.values, g.lines, g.ops = saved[0], saved[1], saved[2], saved[3]
        for v in g.values:
            v.uses = saved[4].get(id(v), v.uses)
        g.counter, g.maps = saved[5], saved[6]
        return False


def spelling_of(spelling, index):
    """`both`: graphs alternate between the spellings in runs of 7 (so that
    both meet every configuration)."""
    if spelling == "both":
        return "tosa" if (index // 7) % 2 else "linalg"
    return spelling


def make_graph(seed, index, spelling, patterns=None):
    rng = np.random.default_rng([seed, index, 7])
    g = Graph(index, rng, spelling_of(spelling, index))
    names = patterns or list(PATTERNS)
    target = int(rng.integers(2, MAX_OPS + 1))
    first = names[index % len(names)] if not patterns else g.pick(names)
    with np.errstate(all="ignore"):
        tries = 0
        while op_count(g) < target and tries < 60:
            tries += 1
            name = first if not g.patterns and tries < 20 else g.pick(names)
            fn, size = PATTERNS[name]
            if op_count(g) + size > MAX_OPS:
                name, fn = "op", pat_random_op
            if attempt(g, fn):
                g.patterns.append(name)
    sinks = [v for v in g.values if v.uses == 0 and not v.is_input]
    extra = [v for v in g.values if v.uses > 0 and not v.is_input]
    g.outputs = sinks + [v for v in extra if g.chance(0.15)]
    if not g.outputs:
        g.outputs = [g.values[-1]]
    # Arguments are only those that some op uses.
    g.inputs = [v for v in g.inputs if v.uses > 0]
    for k, v in enumerate(g.inputs):
        v.final_name = f"%arg{k}"
    return g


def finalize_text(g):
    text = g.text()
    header = "".join(f"{alias} = {m}\n" for m, alias in g.maps.items())
    # Rename inputs %aN -> %argK in order (longest names first).
    for v in sorted(g.inputs, key=lambda v: -len(v.name)):
        text = text.replace(v.name + ":", v.final_name + ":")
        text = replace_ssa(text, v.name, v.final_name)
    return header, text


def replace_ssa(text, old, new):
    import re
    return re.sub(re.escape(old) + r"(?![0-9A-Za-z_])", new, text)


# --------------------------------------------------------------------------
# Comparison
# --------------------------------------------------------------------------

def compare_value(v, actual):
    expected = v.ref
    if actual.dtype != expected.dtype:
        return f"dtype {actual.dtype}, expected {expected.dtype}"
    if actual.shape != expected.shape:
        return f"shape {list(actual.shape)}, expected {list(expected.shape)}"
    if v.err is None:
        return dt.compare_exact(actual, expected, bitwise=False)
    exp64 = getattr(v, "exp64", None)
    if exp64 is None:
        exp64 = expected.astype(np.float64)
    return dt.compare_within(actual, exp64, v.err, expected.dtype)


# --------------------------------------------------------------------------
# Running
# --------------------------------------------------------------------------

def probe(dml_opt, text):
    try:
        proc = subprocess.run([dml_opt, "--dml-cpu-pipeline", "-o", os.devnull],
                              input=text, capture_output=True, text=True,
                              timeout=60)
        return proc.returncode == 0
    except OSError:
        return False


TOSA_PROBE = """func.func @f(%x: tensor<2x3xf32>, %y: tensor<1x3xf32>) -> tensor<2x3xf32> {
  %a = tosa.add %x, %y : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  return %a : tensor<2x3xf32>
}
"""


def option_known(dml_opt, option):
    try:
        out = subprocess.run([dml_opt, "--help"], capture_output=True,
                             text=True, timeout=60).stdout
    except OSError:
        return False
    return any(line.strip().startswith(option + " ") or
               line.strip().startswith(option + "=") or
               line.strip() == option for line in out.splitlines())


TOSA_TO_LINALG = ("--pass-pipeline=builtin.module(func.func(tosa-to-linalg-named,"
                  "tosa-to-linalg,tosa-to-arith,tosa-to-tensor))")


def replace_atomically(path, write):
    """Calls write(temporary path) and renames the result onto `path`: the
    configurations of one graph (--all-configs) write the same module and
    inputs from parallel jobs, and a reader must never see a file that
    another job has just truncated."""
    tmp = path.with_name(f".{path.stem}.{threading.get_ident()}{path.suffix}")
    write(tmp)
    os.replace(tmp, path)


def prepare(g, directory, lower_tosa=None):
    """Writes the graph's module and inputs; returns an error or None."""
    path = directory / f"{g.name}.mlir"
    header, text = finalize_text(g)
    replace_atomically(path, lambda tmp: tmp.write_text(header + "\n" + text,
                                                        encoding="utf-8"))
    g.module = path
    if lower_tosa:      # upstream TOSA lowering first (dml-opt), then dml-run
        proc = subprocess.run([lower_tosa, TOSA_TO_LINALG,
                               "--mlir-print-local-scope", str(path)],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            return "tosa-to-linalg failed: " + proc.stderr.strip()[:400]
        # The function without its `module { }` (batches concatenate them).
        lines = proc.stdout.strip().splitlines()
        if lines and lines[0].startswith("module") and lines[-1] == "}":
            lines = lines[1:-1]
        replace_atomically(path, lambda tmp: tmp.write_text(
            "\n".join(lines) + "\n", encoding="utf-8"))
    g.in_files, g.out_files = [], []
    for k, v in enumerate(g.inputs):
        f = directory / f"{g.name}_in{k}.npy"
        replace_atomically(f, lambda tmp: np.save(tmp, v.ref))
        g.in_files.append(f)
    for k in range(len(g.outputs)):
        f = directory / f"{g.name}_{g.config}_out{k}.npy"
        if f.exists():
            f.unlink()
        g.out_files.append(f)
    return None


def check(g):
    """Compares the output files with the references."""
    try:
        outputs = [np.load(f) for f in g.out_files]
    except (OSError, ValueError) as error:
        return f"cannot read the outputs: {error}"
    for k, (v, actual) in enumerate(zip(g.outputs, outputs)):
        msg = compare_value(v, actual)
        if msg:
            return f"result {k} ({v.name}): {msg}"
    return None


def run_graph(dml_run, g, directory, timeout, lower_tosa=None):
    error = prepare(g, directory, lower_tosa)
    if error:
        return error
    cmd = (dml_run + list(CONFIGS[g.config][0]) +
           [str(g.module), f"--function={g.name}"] +
           [f"--input=@{f}" for f in g.in_files] +
           [f"--output=@{f}" for f in g.out_files])
    g.command = cmd
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return f"dml-run timed out after {timeout} s"
    if proc.returncode != 0:
        err = (proc.stderr.strip() or proc.stdout.strip()).splitlines()
        return f"dml-run exited {proc.returncode}: " + " | ".join(err[:6])
    return check(g)


# --------------------------------------------------------------------------
# Batches (--aot-batch): many graphs compiled at once by dml-compile into a
# shared library, called through ctypes in a child process. For long runs:
# the compiler starts once per batch instead of once per graph.
# --------------------------------------------------------------------------

AOT_CONFIGS = {"default": [], "threads2": ["--threads", "2"]}
FALLBACKS = []      # batches run again through dml-run, and why


def call_library(argv):
    """Child process: graphtest.py --call LIB DIR NAME:INPUTS:OUTPUTS...
    loads each input, calls the function on exact-size copies (plus the
    padding the header allows) and saves the outputs."""
    import ctypes
    lib_path, directory = argv[0], pathlib.Path(argv[1])
    for omp in ("/usr/lib/llvm-22/lib/libomp.so", "libomp.so"):
        try:    # the OpenMP runtime of threads > 1 kernels
            ctypes.CDLL(omp, mode=ctypes.RTLD_GLOBAL)
            break
        except OSError:
            pass
    lib = ctypes.CDLL(lib_path)
    for spec in argv[2:]:
        name, config, n_in, n_out = spec.split(":")
        arrays = []
        for k in range(int(n_in)):
            a = np.load(directory / f"{name}_in{k}.npy")
            padded = np.zeros(a.size + 8, dtype=a.dtype)  # "at least" rounding
            padded[:a.size] = a.reshape(-1)
            arrays.append(padded)
        shapes = np.load(directory / f"{name}_{config}_outshapes.npy",
                         allow_pickle=True)
        outs = [np.zeros(shape, dtype=dtype) for shape, dtype in shapes]
        fn = getattr(lib, name)
        fn.restype = None
        fn(*[ctypes.c_void_p(a.ctypes.data) for a in arrays + outs])
        for k, o in enumerate(outs):
            np.save(directory / f"{name}_{config}_out{k}.npy", o)
    return 0


def run_batch(dml_compile, graphs, directory, timeout, lower_tosa=None):
    """Returns [(graph, message)]; falls back to None messages only after
    the library ran and the outputs compared."""
    config = graphs[0].config
    results = []
    ready = []
    for g in graphs:
        error = prepare(g, directory, lower_tosa)
        if error:
            results.append((g, error))
        else:
            np.save(directory / f"{g.name}_{config}_outshapes.npy",
                    np.array([(v.ref.shape, v.dtype) for v in g.outputs],
                             dtype=object), allow_pickle=True)
            ready.append(g)
    if not ready:
        return results
    module = directory / f"batch_{ready[0].index}_{config}.mlir"
    module.write_text("\n".join(g.module.read_text() for g in ready))
    lib = module.with_suffix(".so")
    cmd = [dml_compile, str(module), "-o", str(lib)] + AOT_CONFIGS[config]

    def step(what, argv):
        """Runs one step of the batch; on failure records why and returns
        False, and the caller runs each graph through dml-run instead."""
        try:
            proc = subprocess.run(argv, capture_output=True, text=True,
                                  timeout=timeout)
        except subprocess.TimeoutExpired:
            FALLBACKS.append(f"{module.name}: {what} timed out after {timeout} s")
            return False
        if proc.returncode != 0:
            FALLBACKS.append(f"{module.name}: {what}: {proc.stderr[-300:]}")
            return False
        return True

    if not step("dml-compile", cmd):
        return None
    call = [sys.executable, str(pathlib.Path(__file__).resolve()), "--call",
            str(lib), str(directory)] + [
        f"{g.name}:{config}:{len(g.inputs)}:{len(g.outputs)}" for g in ready]
    if not step("call", call):
        return None
    for g in ready:
        g.command = cmd
        results.append((g, check(g)))
    return results


def main(argv):
    if argv and argv[0] == "--call":
        return call_library(argv[1:])
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dml-run", default="dml-run")
    parser.add_argument("--dml-opt", default=None,
                        help="dml-opt binary for the probes (default: next "
                        "to dml-run)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=500)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--case", type=int, action="append", default=[])
    parser.add_argument("--patterns", default="",
                        help="comma list of patterns: " + ", ".join(PATTERNS))
    parser.add_argument("--configs", default="",
                        help="comma list of configurations: " + ", ".join(CONFIGS))
    parser.add_argument("--all-configs", action="store_true",
                        help="run every graph in every configuration")
    parser.add_argument("--elementwise", default="auto",
                        choices=["auto", "linalg", "tosa", "both"],
                        help="spelling of the elementwise ops (default auto: "
                        "both if the pipeline compiles TOSA, else linalg)")
    parser.add_argument("--lower-tosa-first", action="store_true",
                        help="lower TOSA with upstream tosa-to-linalg (dml-opt) "
                        "before dml-run: checks the TOSA spelling and its "
                        "reference on a pipeline that does not take TOSA yet")
    parser.add_argument("--aot-batch", type=int, default=0, metavar="N",
                        help="compile N graphs at a time with dml-compile "
                        "and call them through ctypes (long runs; "
                        "configurations default and threads2 only); a batch "
                        "that fails is run again graph by graph through "
                        "dml-run")
    parser.add_argument("--keep", metavar="DIR")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)

    dml_run = shutil.which(args.dml_run) or args.dml_run
    if os.path.exists(dml_run):
        dml_run = os.path.abspath(dml_run)
    dml_opt = args.dml_opt or os.path.join(os.path.dirname(dml_run), "dml-opt")
    dml_opt = shutil.which(dml_opt) or dml_opt

    spelling = args.elementwise
    if spelling == "auto":
        spelling = "both" if not args.list and probe(dml_opt, TOSA_PROBE) \
            else "linalg"
    wanted = args.configs.split(",") if args.configs else list(CONFIGS)
    for c in wanted:
        if c not in CONFIGS:
            sys.exit(f"graphtest: unknown configuration {c!r}")
    configs = [c for c in wanted if CONFIGS[c][1] is None or
               args.list or option_known(dml_opt, CONFIGS[c][1])]
    skipped = [c for c in wanted if c not in configs]
    patterns = args.patterns.split(",") if args.patterns else None
    for p in patterns or []:
        if p not in PATTERNS:
            sys.exit(f"graphtest: unknown pattern {p!r}")

    indices = args.case or list(range(args.start, args.start + args.count))
    graphs = [make_graph(args.seed, i, spelling, patterns) for i in indices]
    if args.list:
        for g in graphs:
            header, text = finalize_text(g)
            print(header + text)
        return 0

    runs = []
    for g in graphs:
        chosen = configs if args.all_configs else [configs[g.index % len(configs)]]
        for c in chosen:
            if len(chosen) > 1:
                copy = make_graph(args.seed, g.index, spelling, patterns)
                copy.config = c
                runs.append(copy)
            else:
                g.config = c
                runs.append(g)

    if args.keep:
        directory = pathlib.Path(args.keep).resolve()
        directory.mkdir(parents=True, exist_ok=True)
    else:
        directory = pathlib.Path(tempfile.mkdtemp(prefix="dml-graphtest-"))
    start = time.time()
    failures = []
    cmd = [dml_run]
    lower = dml_opt if args.lower_tosa_first else None
    run_one = lambda g: (g, run_graph(cmd, g, directory, args.timeout, lower))
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        if args.aot_batch:
            dml_compile = os.path.join(os.path.dirname(dml_run), "dml-compile")
            batches = []
            for c in configs:
                group = [g for g in runs if g.config == c]
                if c not in AOT_CONFIGS:
                    batches += [[g] for g in group]
                    continue
                batches += [group[i:i + args.aot_batch]
                            for i in range(0, len(group), args.aot_batch)]

            def run_some(batch):
                if len(batch) > 1 or batch[0].config in AOT_CONFIGS:
                    done = run_batch(dml_compile, batch, directory,
                                     args.timeout * 4, lower)
                    if done is not None:
                        return done
                return [run_one(g) for g in batch]
            results = [r for rs in pool.map(run_some, batches) for r in rs]
        else:
            results = pool.map(run_one, runs)
        for g, message in results:
            if message:
                failures.append((g, message))

    selfname = pathlib.Path(__file__).resolve()
    for g, message in failures:
        print(f"FAIL {g.name} ({g.config}): {' -> '.join(g.patterns)}: "
              f"{'; '.join(g.ops)}")
        print(f"  {message}")
        print("  reproduce: " + " ".join(shlex.quote(str(a)) for a in g.command))
        print(f"  regenerate: {selfname} --seed {args.seed} --case {g.index} "
              f"--configs {g.config} --elementwise {g.spelling} "
              + (f"--patterns {args.patterns} " if args.patterns else "")
              + f"--dml-run {dml_run} --keep DIR")
    if not args.quiet:
        ops = collections.Counter(o for g in graphs for o in g.ops)
        pats = collections.Counter(p for g in graphs for p in g.patterns)
        sizes = collections.Counter(len(g.ops) for g in graphs)
        print("patterns: " + ", ".join(f"{k} {v}" for k, v in sorted(pats.items())))
        print("ops: " + ", ".join(f"{k} {v}" for k, v in sorted(ops.items())))
        print("graph sizes: " + ", ".join(f"{k} ops: {v}" for k, v in
                                          sorted(sizes.items())))
        print(f"elementwise spelling: {spelling}; configurations: "
              f"{', '.join(configs)}"
              + (f" (not in this dml-opt: {', '.join(skipped)})" if skipped else ""))
        print(f"ran {len(runs)} graphs in {time.time() - start:.1f} s with "
              f"{args.jobs} jobs; files in "
              f"{directory if (args.keep or failures) else '(removed)'}")
    for line in FALLBACKS:
        print("batch run again through dml-run: " + line)
    if not args.keep and not failures:
        shutil.rmtree(directory, ignore_errors=True)
    print(f"{len(runs) - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
