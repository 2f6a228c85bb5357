#!/usr/bin/python3
"""Check that the code blocks of a document equal the example files.

A line `<!-- example: PATH -->` (PATH relative to the repository root) must
be followed by a fenced code block whose text is exactly the file's.

Usage: check_doc_examples.py docs/embedding.md
"""

import pathlib
import re
import sys

MARKER_RE = re.compile(r"^<!-- example: (\S+) -->$")


def main():
    doc = pathlib.Path(sys.argv[1])
    root = doc.resolve().parent.parent
    lines = doc.read_text(encoding="utf-8").splitlines(keepends=True)
    errors, checked = [], 0
    for i, line in enumerate(lines):
        match = MARKER_RE.match(line.strip())
        if not match:
            continue
        path = root / match.group(1)
        j = i + 1
        if j >= len(lines) or not lines[j].startswith("```"):
            errors.append(f"{doc}:{i + 1}: no code block after the marker")
            continue
        end = j + 1
        while end < len(lines) and not lines[end].startswith("```"):
            end += 1
        block = "".join(lines[j + 1:end])
        if not path.exists():
            errors.append(f"{doc}:{i + 1}: no file {path}")
        elif block != path.read_text(encoding="utf-8"):
            errors.append(f"{doc}:{i + 1}: the code block differs from {path}")
        checked += 1
    if checked == 0:
        errors.append(f"{doc}: no example markers")
    for error in errors:
        print(error)
    print(f"{checked - len(errors)} passed, {len(errors)} failed")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
