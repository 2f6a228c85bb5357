#!/usr/bin/python3
"""Runs ONNX's backend node tests (libonnx-testdata's data/node/) for the
operators dml-import-onnx maps: import, compile and run with dml-run, compare
with ONNX's expected outputs. Every test passes, or is excluded in the table
of docs/onnx.md; an excluded test must still be rejected by the importer with
the documented reason (so an exclusion that no longer holds fails here).

    node_tests.py --bin BUILD/bin --docs docs/onnx.md --work DIR [--data DIR]
"""

import argparse
import concurrent.futures
import importlib.machinery
import importlib.util
import os
import re
import shutil
import subprocess
import sys

import numpy as np
import onnx
from onnx import numpy_helper

SELECTED = re.compile(r"^test_(top_k|argmax|argmin|reduce_|gather_|onehot)")
NOT_SELECTED = re.compile(r"^test_gather_(elements|nd)")
DEFAULT_DATA = "/usr/share/libonnx-testdata/data/node"
# Node inputs that DirectML takes as attributes: folded with --constant.
ATTRIBUTE_INPUTS = {"TopK": [1], "OneHot": [1]}
ATTRIBUTE_INPUTS.update({op: [1] for op in (
    "ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceL1",
    "ReduceL2", "ReduceLogSum", "ReduceLogSumExp", "ReduceSumSquare")})
# Float tolerances: the spec's (operators.md §1.7), scaled for short windows.
TOLERANCE = {np.dtype(np.float32): 1e-5, np.dtype(np.float16): 1e-3,
             np.dtype(np.float64): 1e-12}


def load_importer(bin_dir):
    path = os.path.join(bin_dir, "dml-import-onnx")
    loader = importlib.machinery.SourceFileLoader("dml_import_onnx", path)
    spec = importlib.util.spec_from_loader("dml_import_onnx", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def read_exclusions(docs):
    """`| `test_name` | reason |` rows of docs/onnx.md; the reason's last
    `code span` is the importer's message that the exclusion expects."""
    exclusions = {}
    with open(docs) as f:
        for line in f:
            match = re.match(r"^\| `(test_\w+)` \| (.*) \|\s*$", line)
            if match:
                spans = re.findall(r"`([^`]+)`", match.group(2))
                exclusions[match.group(1)] = spans[-1] if spans else None
    return exclusions


def read_tensor(path):
    proto = onnx.TensorProto()
    with open(path, "rb") as f:
        proto.ParseFromString(f.read())
    return numpy_helper.to_array(proto)


def compare(name, got, expected):
    if got.shape != expected.shape:
        return f"{name}: shape {list(got.shape)}, expected {list(expected.shape)}"
    if got.dtype != expected.dtype:
        return f"{name}: dtype {got.dtype}, expected {expected.dtype}"
    if expected.dtype.kind == "f":
        tol = TOLERANCE[expected.dtype]
        if not np.allclose(got, expected, rtol=tol, atol=tol, equal_nan=True):
            return f"{name}: max abs error {np.max(np.abs(got - expected))}:\n{got}\n{expected}"
    elif not np.array_equal(got, expected):
        return f"{name}: differs:\n{got}\n{expected}"
    return None


def run_test(test_dir, importer, dml_run, work, expected_failure):
    """('pass' | 'excluded' | 'fail', detail)."""
    name = os.path.basename(test_dir)
    model = onnx.load(os.path.join(test_dir, "model.onnx"))
    data_sets = sorted(d for d in os.listdir(test_dir) if d.startswith("test_data_set"))
    graph_inputs = [i.name for i in model.graph.input]
    folded = set()
    for node in model.graph.node:
        for index in ATTRIBUTE_INPUTS.get(node.op_type, []):
            if index < len(node.input) and node.input[index] in graph_inputs:
                folded.add(node.input[index])
    out_dir = os.path.join(work, name)
    os.makedirs(out_dir, exist_ok=True)
    for data_set in data_sets:
        data_dir = os.path.join(test_dir, data_set)
        inputs = [read_tensor(os.path.join(data_dir, f"input_{i}.pb"))
                  for i in range(len(graph_inputs))]
        constants = {n: a for n, a in zip(graph_inputs, inputs) if n in folded}
        try:
            text = importer.import_model(model, constants)
        except importer.ImportFailure as e:
            if expected_failure is not None and expected_failure in str(e):
                return "excluded", str(e)
            return "fail", f"import: {e}"
        if expected_failure is not None:
            return "fail", ("excluded in docs/onnx.md but imported; remove the "
                            "exclusion")
        mlir = os.path.join(out_dir, "model.mlir")
        with open(mlir, "w") as f:
            f.write(text)
        command = [dml_run, mlir]
        for graph_input, array in zip(graph_inputs, inputs):
            if graph_input in folded:
                continue
            path = os.path.join(out_dir, f"{len(command)}.npy")
            np.save(path, array)
            command.append(f"--input=@{path}")
        expected = [read_tensor(os.path.join(data_dir, f"output_{i}.pb"))
                    for i in range(len(model.graph.output))]
        outputs = [os.path.join(out_dir, f"output_{i}.npy") for i in range(len(expected))]
        command += [f"--output=@{path}" for path in outputs]
        run = subprocess.run(command, capture_output=True, text=True)
        if run.returncode != 0:
            return "fail", f"dml-run: {run.stderr.strip()}"
        for i, (path, want) in enumerate(zip(outputs, expected)):
            problem = compare(f"output {i} ({model.graph.output[i].name})",
                              np.load(path), want)
            if problem:
                return "fail", f"{data_set}: {problem}"
    shutil.rmtree(out_dir, ignore_errors=True)
    return "pass", f"{len(data_sets)} data set(s)"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True, help="directory of dml-import-onnx, dml-run")
    parser.add_argument("--docs", required=True, help="docs/onnx.md (the exclusions)")
    parser.add_argument("--work", required=True, help="scratch directory")
    parser.add_argument("--data", default=DEFAULT_DATA, help="ONNX's data/node folder")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    if not os.path.isdir(args.data):
        print(f"node tests: {args.data} is missing (Debian: libonnx-testdata)")
        return 1
    importer = load_importer(args.bin)
    dml_run = os.path.join(args.bin, "dml-run")
    exclusions = read_exclusions(args.docs)
    tests = sorted(d for d in os.listdir(args.data)
                   if SELECTED.match(d) and not NOT_SELECTED.match(d))
    unknown = sorted(set(exclusions) - set(tests))
    failed = [(name, "listed in docs/onnx.md but not a selected node test") for name in unknown]
    counts = {"pass": 0, "excluded": 0, "fail": len(failed)}
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = {name: pool.submit(run_test, os.path.join(args.data, name), importer,
                                     dml_run, args.work, exclusions.get(name))
                   for name in tests}
        for name in tests:
            try:
                status, detail = futures[name].result()
            except Exception as e:  # a driver bug must show as a failure
                status, detail = "fail", f"driver: {type(e).__name__}: {e}"
            counts[status] += 1
            if status == "fail":
                failed.append((name, detail))
            if args.verbose or status != "pass":
                print(f"{status.upper():8} {name}: {detail}")
    for name, detail in failed:
        print(f"FAILED {name}: {detail}")
    print(f"ONNX node tests: {len(tests)} selected: {counts['pass']} passed, "
          f"{counts['excluded']} excluded (docs/onnx.md), {counts['fail']} failed")
    return 1 if counts["fail"] else 0


if __name__ == "__main__":
    sys.exit(main())
