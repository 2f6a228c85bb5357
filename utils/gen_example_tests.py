#!/usr/bin/python3
"""Generate the execution tests of the DirectML documentation examples.

Reads test/Inputs/examples.json (the worked examples of the DirectML operator
pages, with outputs transcribed from the documents, not computed) and writes
one lit test per entry to test/Integration/examples/<name>.mlir.  Each test
holds a function @main with the dml op, runs it through dml-run with the
example's inputs given as --input="TYPE=VALUES", and FileChecks the printed
results (a `tensor<...>` line, then the values in nested brackets) against
the expected outputs from the JSON.

Usage:
  utils/gen_example_tests.py            # (re)write the tests
  utils/gen_example_tests.py --check    # exit 1 if a test is missing or stale
"""

import argparse
import json
import pathlib
import sys

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "test" / "Inputs" / "examples.json"
OUTDIR = ROOT / "test" / "Integration" / "examples"

MLIR_TYPE = {"float16": "f16", "float32": "f32", "float64": "f64",
             "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
             "uint8": "ui8", "uint16": "ui16", "uint32": "ui32",
             "uint64": "ui64"}
FLOAT_DIGITS = {"float16": 5, "float32": 9, "float64": 17}


def tensor_type(spec):
    return "tensor<" + "".join(f"{s}x" for s in spec["shape"]) + \
        MLIR_TYPE[spec["dtype"]] + ">"


def short_type(spec):
    return "".join(f"{s}x" for s in spec["shape"]) + MLIR_TYPE[spec["dtype"]]


def format_element(value, dtype):
    """The element format of dml-run: integers in decimal; floats as the
    shortest %g form that round-trips, integral values without exponent."""
    if dtype not in FLOAT_DIGITS:
        return str(int(value))
    np_type = np.dtype(dtype).type
    v = np_type(value)
    if np.isnan(v):
        return "nan"
    if np.isinf(v):
        return "-inf" if v < 0 else "inf"
    d = float(v)
    if d == float(int(d)) and abs(d) < 2.0**53:
        return "%.0f" % d
    for digits in range(1, FLOAT_DIGITS[dtype]):
        text = "%.*g" % (digits, d)
        if np_type(float(text)) == v:
            return text
    return "%.*g" % (FLOAT_DIGITS[dtype], d)


def nested(spec):
    values = [format_element(v, spec["dtype"]) for v in spec["data"]]
    shape = spec["shape"]

    def build(dim, offset):
        if dim == len(shape):
            return values[offset], offset + 1
        parts = []
        for _ in range(shape[dim]):
            text, offset = build(dim + 1, offset)
            parts.append(text)
        return "[" + ", ".join(parts) + "]", offset

    return build(0, 0)[0]


def filecheck_literal(text):
    """Escape runs of '[' (FileCheck reads '[[' as a variable)."""
    out, i = [], 0
    while i < len(text):
        j = i
        while j < len(text) and text[j] == "[":
            j += 1
        if j - i >= 2:
            out.append("{{" + "\\[" * (j - i) + "}}")
            i = j
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def op_line(example):
    op, attrs = example["op"], example["attrs"]
    ins, outs = example["inputs"], example["outputs"]
    results = ", ".join(f"%{i}" for i in range(len(outs)))
    if op == "top_k":
        body = (f"dml.top_k %arg0, axis = {attrs['axis']}, k = {attrs['k']}, "
                f"direction = {attrs['direction']} : {tensor_type(ins[0])} -> "
                f"{tensor_type(outs[0])}, {tensor_type(outs[1])}")
    elif op in ("arg_max", "arg_min"):
        axes = ", ".join(map(str, attrs["axes"]))
        body = (f"dml.{op} %arg0, axes = [{axes}], direction = "
                f"{attrs['direction']} : {tensor_type(ins[0])} -> "
                f"{tensor_type(outs[0])}")
    elif op == "reduce":
        axes = ", ".join(map(str, attrs["axes"]))
        body = (f"dml.reduce %arg0, function = {attrs['function']}, axes = "
                f"[{axes}] : {tensor_type(ins[0])} -> {tensor_type(outs[0])}")
    elif op == "gather":
        body = (f"dml.gather %arg0, %arg1, axis = {attrs['axis']}, "
                f"index_dimensions = {attrs['index_dimensions']} : "
                f"({tensor_type(ins[0])}, {tensor_type(ins[1])}) -> "
                f"{tensor_type(outs[0])}")
    elif op == "one_hot":
        body = (f"dml.one_hot %arg0, %arg1, axis = {attrs['axis']} : "
                f"({tensor_type(ins[0])}, {tensor_type(ins[1])}) -> "
                f"{tensor_type(outs[0])}")
    else:
        raise ValueError(f"unknown op {op!r} in {example['name']}")
    return f"{results} = {body}"


def wrap_comment(text, width=78):
    words, lines, line = text.split(), [], "//"
    for word in words:
        if len(line) + 1 + len(word) > width and line != "//":
            lines.append(line)
            line = "//"
        line += " " + word
    lines.append(line)
    return "\n".join(lines)


def render(example):
    ins, outs = example["inputs"], example["outputs"]
    values = lambda spec: " ".join(format_element(v, spec["dtype"])
                                   for v in spec["data"])
    inputs = " ".join(f'--input="{short_type(s)}={values(s)}"' for s in ins)
    args = ", ".join(f"%arg{i}: {tensor_type(s)}" for i, s in enumerate(ins))
    rtypes = [tensor_type(s) for s in outs]
    rsig = rtypes[0] if len(rtypes) == 1 else "(" + ", ".join(rtypes) + ")"
    names = ", ".join(f"%{i}" for i in range(len(outs)))
    lines = [
        "// Generated by utils/gen_example_tests.py from test/Inputs/examples.json;",
        "// do not edit. Expected outputs are the documented ones.",
        wrap_comment(f"DirectML example {example['name']}: {example['source']}."),
    ]
    if "note" in example:
        lines.append(wrap_comment("Note: " + example["note"]))
    lines += [
        "",
        "// REQUIRES: dml-run",
        f"// RUN: dml-run %s {inputs} \\",
        "// RUN:   | FileCheck %s --match-full-lines",
        "",
        f"func.func @main({args}) -> {rsig} {{",
        f"  {op_line(example)}",
        f"  return {names} : {', '.join(rtypes)}",
        "}",
        "",
    ]
    for i, spec in enumerate(outs):
        directive = "CHECK:" if i == 0 else "CHECK-NEXT:"
        lines.append(f"// {directive:<12}{tensor_type(spec)}")
        lines.append(f"// {'CHECK-NEXT:':<12}{filecheck_literal(nested(spec))}")
    lines.append("// CHECK-NOT: {{.}}")
    return "\n".join(lines) + "\n"


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="only check that the committed tests are up to date")
    parser.add_argument("--examples", default=str(EXAMPLES))
    parser.add_argument("--outdir", default=str(OUTDIR))
    args = parser.parse_args(argv)
    examples = json.loads(pathlib.Path(args.examples).read_text(encoding="utf-8"))
    outdir = pathlib.Path(args.outdir)
    stale = []
    for example in examples:
        path = outdir / f"{example['name']}.mlir"
        text = render(example)
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path.name)
        else:
            outdir.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    if args.check:
        expected = {f"{e['name']}.mlir" for e in examples}
        extra = sorted(p.name for p in outdir.glob("*.mlir") if p.name not in expected)
        for name in stale:
            print(f"stale or missing: {name}")
        for name in extra:
            print(f"not generated from examples.json: {name}")
        print(f"{len(examples) - len(stale)} up to date, {len(stale) + len(extra)} stale")
        return 1 if stale or extra else 0
    print(f"wrote {len(examples)} tests to {outdir}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
