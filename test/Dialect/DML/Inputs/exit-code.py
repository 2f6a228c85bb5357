"""Runs a command and prints its output, then `exit code: N`.

lit's `not` accepts any non-zero exit code; tests that must see exactly 1
(a diagnostic, not a crash or an abort) pipe this script's output into
FileCheck. A crash prints a negative code (the signal number).
"""
import subprocess
import sys

result = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE,
                        stderr=subprocess.STDOUT)
sys.stdout.write(result.stdout.decode("utf-8", errors="replace"))
print(f"exit code: {result.returncode}")
