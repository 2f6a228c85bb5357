"""Runs a command, echoes its stderr and stdout, then prints its exit status.

Usage: exit_status.py COMMAND [ARGS...]

Lets FileCheck tests check the exact exit code (lit's `not` accepts any
failure): the last line is `exit status: N` (negative N: killed by signal).
"""

import subprocess
import sys

proc = subprocess.run(sys.argv[1:], capture_output=True, text=True)
sys.stdout.write(proc.stderr)
sys.stdout.write(proc.stdout)
print(f"exit status: {proc.returncode}")
