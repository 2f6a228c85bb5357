#!/usr/bin/python3
"""Check that docs/verifier-rules.md and the invalid-*.mlir tests agree.

Every row of a table in the document that has `Test` and `Marker` columns
names test files (relative to the test directory given on the command line,
several separated by commas) and a marker. Each named file must contain a
comment line `// <marker>` (a bare rule id such as `topk_c3` must be followed
by a colon there, so `topk_c1` does not match `topk_c10`). Rows whose Test
cell is `-` (unreachable rules) are skipped.

Conversely, every rule id used as a marker in an invalid-*.mlir file
(`// <id>: ...`) must be a rule id of the document.

Usage: check_verifier_rules.py docs/verifier-rules.md test/Dialect/DML
"""

import pathlib
import re
import sys

MARKER_RE = re.compile(r"^// ([a-z]+_c\d+): ")


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def unquote(text):
    return text.strip().strip("`").strip()


def tables(lines):
    """Yields (header, rows) for every markdown table."""
    i = 0
    while i < len(lines):
        if lines[i].startswith("|") and i + 1 < len(lines) and \
                re.match(r"^\|[\s:|-]+\|$", lines[i + 1].strip()):
            header = cells(lines[i])
            rows = []
            i += 2
            while i < len(lines) and lines[i].startswith("|"):
                rows.append((i + 1, cells(lines[i])))
                i += 1
            yield header, rows
        else:
            i += 1


def main():
    doc_path, test_dir = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    lines = doc_path.read_text(encoding="utf-8").splitlines()
    file_lines = {}
    errors = []
    rule_ids = set()
    checked = 0
    for header, rows in tables(lines):
        if "Id" in header:
            rule_ids.update(unquote(row[header.index("Id")]) for _, row in rows)
        if "Test" not in header or "Marker" not in header:
            continue
        test_col, marker_col = header.index("Test"), header.index("Marker")
        for line_no, row in rows:
            tests, marker = row[test_col], unquote(row[marker_col])
            if tests in ("-", "—", ""):
                continue
            if ":" not in marker:
                marker += ":"
            for name in (unquote(t) for t in tests.split(",")):
                path = test_dir / name
                if path not in file_lines:
                    if not path.exists():
                        errors.append(f"{doc_path}:{line_no}: no test file {path}")
                        continue
                    file_lines[path] = path.read_text(encoding="utf-8").splitlines()
                if not any(l.startswith("// " + marker) for l in file_lines[path]):
                    errors.append(f"{doc_path}:{line_no}: marker '// {marker}' "
                                  f"not found in {path}")
                checked += 1
    for path in sorted(test_dir.glob("invalid-*.mlir")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            match = MARKER_RE.match(line)
            if match and match.group(1) not in rule_ids:
                errors.append(f"{path}:{n}: rule id '{match.group(1)}' is not "
                              f"in {doc_path}")
    for error in errors:
        print(error)
    if errors:
        return 1
    print(f"{len(rule_ids)} rule ids, {checked} markers found")
    return 0


if __name__ == "__main__":
    sys.exit(main())
