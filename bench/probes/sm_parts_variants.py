"""Timing-only variants of SM/SH (bench/README.md, "SM and SH: the per-row
phases, measured"): edits the LLVM IR that dml-compile optimized (dumped by
a local, uncommitted DML_DUMP_LL hook after its optimizer) so that one phase
of each row runs over half its trip count, once, or not at all. The
variants' outputs are WRONG: they exist for timing only.

  sm_parts_variants.py BASE.ll OUTDIR VARIANT...
  VARIANT: '+'-joined edits of maxhalf, max1, exphalf, exp1, nopf, nolist,
  nocount, nosel; then `opt -passes=adce` (every variant, the base too) and llc.

maxhalf/max1: the shared max pass (row max + partition maxima) loop's
continuation bound 31808 -> 15808 / 0; exphalf/exp1: the exp-sum loop's
(the last 'ult 31936' before the row's reduce.fadd) -> 15936 / 0; nosel:
nopf: the exp-sum loop's prefetches deleted; nolist: its candidate-list
stores deleted (the compare and count then dead); nocount: only the
list count's store per step deleted (the entries still stored); nosel:
the row's first branch after the exp-sum's reduction jumps to the row
latch (SM: the outputs block, SH: the row loop's latch, which also skips
SH's 50 outputs).
"""
import re
import sys

base, outdir = sys.argv[1], sys.argv[2]
text = open(base).read()
parts = re.split(r"(?m)^(?=define )", text)


def edit(func, edits):
    lines = func.split("\n")
    red = [i for i, l in enumerate(lines) if "llvm.vector.reduce.fadd.v64f32(float 0.0" in l]
    if not red:
        return func
    r = red[0]
    latch = ".preheader11.i" if any(l.startswith(".preheader11.i:") for l in lines) else ".loopexit"
    for e in edits:
        if e in ("maxhalf", "max1"):
            new = "15808" if e == "maxhalf" else "0"
            n = 0
            for i, l in enumerate(lines):
                if re.search(r"icmp samesign ult i64 %\d+, 31808$", l):
                    lines[i] = l.replace("31808", new)
                    n += 1
            assert n >= 1, e
        elif e in ("exphalf", "exp1"):
            new = "15936" if e == "exphalf" else "0"
            i = max(j for j in range(r) if re.search(r"icmp samesign ult i64 %\d+, 31936$", lines[j]))
            lines[i] = lines[i].replace("31936", new)
        elif e in ("nopf", "nolist"):
            i = max(j for j in range(r) if re.search(r"icmp samesign ult i64 %\d+, 31936$", lines[j]))
            header = re.search(r"label %([\w.]+), label", lines[i + 1]).group(1)
            h = max(j for j in range(i) if lines[j].startswith(header + ":"))
            pattern = "@llvm.prefetch" if e == "nopf" else "store i32 "
            n = 0
            for j in range(h, i):
                if pattern in lines[j]:
                    lines[j] = ""
                    n += 1
            assert n, e
        elif e == "nocount":
            i = max(j for j in range(r) if re.search(r"icmp samesign ult i64 %\d+, 31936$", lines[j]))
            header = re.search(r"label %([\w.]+), label", lines[i + 1]).group(1)
            h = max(j for j in range(i) if lines[j].startswith(header + ":"))
            defined = {m.group(1) for j in range(h, i)
                       for m in [re.match(r"\s*(%[\w.]+) = ", lines[j])] if m}
            n = 0
            for j in range(h, i):
                m = re.match(r"\s*store i32 %[\w.]+, ptr (%[\w.]+)", lines[j])
                if m and m.group(1) not in defined:
                    lines[j] = ""
                    n += 1
            assert n, e
        elif e == "nosel":
            i = next(j for j in range(r, len(lines)) if lines[j].strip().startswith("br "))
            lines[i] = "  br label %" + latch
        else:
            raise SystemExit("unknown edit " + e)
    return "\n".join(lines)


for v in sys.argv[3:]:
    edits = [] if v == "base" else v.split("+")
    out = "".join(edit(p, edits) if p.startswith("define") else p for p in parts)
    open("%s/%s.ll" % (outdir, v.replace("+", "_")), "w").write(out)
