#!/usr/bin/python3
"""Derives the constants of the summed exp's 32-entry form
(lib/Transforms/ApproximateMath.cpp, expandSummedTable; docs/numerics.md,
"exp in a sum"): exp(j/32 ln 2 + r) = hi (1 + s), hi = 2^(j/32) rounded to
f32, s = c0 + r (c1 + c2 r) on |r| <= ln 2 / 64 (widened by 0.05 % for the
reduction's own rounding).

c1 and c2 (f32) minimize the largest relative error of hi (1 + s) over all
32 entries and a grid of r, with c0 (f32) set for each pair so that the
mean error over that grid is 0: the table's roundings lean +0.17 * 2^-24 on
average, and a sum keeps the mean. Prints the table and the three
constants as C++ hex floats, and the error before the f32 evaluation's
own rounding (the full bound is measured by check_summed_exp.sh).

usage: fit_summed_table.py [--check ApproximateMath.cpp]   (numpy; ~5 s)
With --check, exits 1 unless expandSummedTable in that file holds these
values (the table and c0, c1, c2).
"""
import re
import sys

import numpy as np


def hexf(value):
    """A float32 as a C++ hex literal (the shortest mantissa)."""
    text = float(np.float32(value)).hex()          # 0x1.xxxxxx0000000p+0
    mantissa, exponent = text.split("p")
    mantissa = mantissa.rstrip("0").rstrip(".")
    if "." in mantissa:
        digits = mantissa.split(".")[1]
        mantissa = mantissa.split(".")[0] + "." + digits.ljust(6, "0")
    return f"{mantissa}p{exponent}f"


def main():
    exact = 2.0 ** (np.arange(32) / 32)
    table = exact.astype(np.float32)
    # No entry may sit at a rounding midpoint (double rounding).
    spacing = np.spacing(table).astype(np.float64)
    assert np.all(np.abs(np.abs(exact - table) / spacing - 0.5) > 1e-6)
    print("table:", ", ".join(hexf(v) for v in table))
    factor = table.astype(np.float64) / exact      # hi's rounding, per entry
    print("table bias: %.3f * 2^-24" % (((factor - 1) / 2.0**-24).mean()))

    a = np.log(2) / 64 * 1.0005
    r = np.linspace(-a, a, 401)
    g = np.repeat(factor, r.size)
    rr = np.tile(r, factor.size)
    f = np.exp(rr)
    base = 1 - g / f                   # error of hi (1 + s) is g (s - base') / f
    weight = g / f
    c1s = [np.float32(1.0000110)]
    while c1s[-1] < 1.0000165:
        c1s.append(np.nextafter(c1s[-1], np.float32(2)))
    c2s = np.float32(0.49998) + np.arange(600, dtype=np.float32) * \
        np.spacing(np.float32(0.49998))
    best = None
    for c1 in c1s:
        rest = base - float(c1) * g * rr / f
        errors = (g * rr * rr / f)[:, None] * c2s.astype(np.float64)[None, :] \
            - rest[:, None]
        c0 = (-errors.mean(0) / weight.mean()).astype(np.float32)
        total = errors + np.outer(weight, c0.astype(np.float64))
        worst = np.abs(total).max(0)
        i = worst.argmin()
        if best is None or worst[i] < best[0]:
            best = (worst[i], c0[i], c1, c2s[i], total[:, i].mean())
    worst, c0, c1, c2, mean = best
    print("c0 = %s, c1 = %s, c2 = %s" % (hexf(c0), hexf(c1), hexf(c2)))
    print("largest error %.3f * 2^-24, mean %.3f * 2^-24 (before the "
          "evaluation's rounding)" % (worst / 2.0**-24, mean / 2.0**-24))
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        return check_source(sys.argv[2], table, [c0, c1, c2])
    return 0


def check_source(path, table, constants):
    """Whether expandSummedTable in `path` uses `table` and `constants`."""
    text = open(path).read()
    body = text[text.index("static Value expandSummedTable"):]
    body = body[:body.index("\n  }\n")]
    literal = r"-?0x[0-9a-fA-F.]+p[-+]?[0-9]+f"
    entries = re.search(r"kHigh\[32\] = \{([^}]*)\}", body).group(1)
    source_table = [float.fromhex(v[:-1]) for v in re.findall(literal, entries)]
    rest = body[body.index("};"):]
    source_constants = {float.fromhex(v[:-1]) for v in re.findall(literal, rest)}
    ok = source_table == [float(v) for v in table] and \
        all(float(c) in source_constants for c in constants)
    print("source: %s" % ("matches" if ok else "DIFFERS"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
