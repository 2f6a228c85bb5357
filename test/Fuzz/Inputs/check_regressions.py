"""Replays the fuzzers' regression inputs (test/Fuzz/regressions).

regressions/parse/*: raw bytes given to `dml-opt`.
regressions/pipeline/*.mlir: modules; a first line
  `// dml-fuzz-options: vectorize=0 vector-bits=128 threads=2`
gives the dml-cpu-pipeline options the fuzzer used.

A run passes when the tool exits 0, or exits 1 with an `error:` diagnostic
and no sign of a crash. A pipeline input that verifies must also compile and
translate to LLVM IR.
"""
import os
import re
import subprocess
import sys

CRASH_SIGNS = ("Sanitizer", "PLEASE submit a bug report", "Stack dump",
               "LLVM ERROR", "Assertion", "UNREACHABLE")


def run(command, stdin=None):
    try:
        result = subprocess.run(command, input=stdin, capture_output=True,
                                timeout=300)
    except subprocess.TimeoutExpired:
        return None, b"", b"timed out after 300 s"
    return result.returncode, result.stdout, result.stderr


def clean(code, stderr, allow_error=True):
    """None when the run is acceptable, else the reason."""
    text = stderr.decode(errors="replace")
    if code is None:
        return "timed out"
    for sign in CRASH_SIGNS:
        if sign in text:
            return "crash (%s)" % sign
    if code == 0:
        return None
    if code == 1 and allow_error and "error:" in text:
        return None
    return "exit status %d: %s" % (code, text.strip()[-2000:])


def main():
    root, dml_opt, mlir_translate = sys.argv[1:4]
    passed = failed = 0

    def report(name, problem):
        nonlocal passed, failed
        if problem:
            failed += 1
            print("FAIL %s: %s" % (name, problem))
        else:
            passed += 1
            print("ok %s" % name)

    parse_dir = os.path.join(root, "parse")
    for name in sorted(os.listdir(parse_dir)) if os.path.isdir(parse_dir) else []:
        path = os.path.join(parse_dir, name)
        code, _, stderr = run([dml_opt, path, "-o", os.devnull])
        report("parse/" + name, clean(code, stderr))

    pipeline_dir = os.path.join(root, "pipeline")
    for name in (sorted(os.listdir(pipeline_dir))
                 if os.path.isdir(pipeline_dir) else []):
        path = os.path.join(pipeline_dir, name)
        with open(path, "rb") as f:
            first = f.readline().decode(errors="replace")
        match = re.match(r"// dml-fuzz-options: (.*)", first)
        options = match.group(1).strip() if match else ""
        code, _, stderr = run([dml_opt, path, "-o", os.devnull])
        problem = clean(code, stderr)
        if problem or code != 0:
            report("pipeline/" + name, problem)
            continue
        # It verifies: it must compile and translate.
        pipeline = "builtin.module(dml-cpu-pipeline{%s})" % options
        code, llvm_dialect, stderr = run(
            [dml_opt, path, "--pass-pipeline=" + pipeline])
        problem = clean(code, stderr, allow_error=False)
        if problem:
            report("pipeline/" + name, "dml-cpu-pipeline{%s}: %s" %
                   (options, problem))
            continue
        code, _, stderr = run([mlir_translate, "--mlir-to-llvmir", "-o",
                               os.devnull], stdin=llvm_dialect)
        report("pipeline/" + name,
               clean(code, stderr, allow_error=False) and
               "mlir-translate: " + clean(code, stderr, allow_error=False))

    print("fuzz regressions: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
