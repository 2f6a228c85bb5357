"""The skewed row, hand-built on SH's or SM's generated code (issue 10, s27,
branches sh-skew and sm-skew; bench/README.md "SH: the skewed row,
prototyped on the generated code" and "SM: the skewed row with row r+2
prefetched, prototyped"). Timing and exactness prototype, NOT the compiler
change.

Input: the case's IR after dml-codegen (threads 1, --cpu znver5), dumped by
a local, uncommitted hook in lib/Compiler/Aot.cpp (bench/probes/
sh_skew_hook.patch: DML_CODEGEN_DUMP=FILE writes the module after stage 3,
DML_CODEGEN_LOAD=FILE compiles FILE's module from stage 4 on). The edits
find their ops by the SSA names and constants of that dump (CASES: SH at
main d93ac96 (s28: the summed exp), SM and its [4, 32000] copy SM4 at
3f6fe36); another shape, option or a changed lowering needs them adjusted.

Variants (row r's exp loop folds row r+1's partition maxima with exactly
the max pass's mapping and combine, so row r+1 skips its max pass; row 0
keeps it):
  reg          loop-carried accumulators (SH: 8, rotated by 64 lanes; SM:
               its 4 chains) + the NaN flag's unordered compares; the
               next-row prefetches dropped
  reg-pf       the same, prefetches kept
  reg-noflag   reg without the NaN flag (timing only: NOT exact)
  mem          the accumulators in memory (SH: row r+1's extremes slot;
               SM: a stack scratch), per vector load, compare, masked
               store + the NaN flag
  mem-noflag   mem without the NaN flag (timing only: NOT exact)
  retry        mem-noflag, and the row runs again from the exact max
               (scf.while) when its exp sum is NaN and it was not exact
  retry-pf     retry + a prefetch of row r+2 at the loads' columns
  retry-pf3    retry + row r+3; retry-pf-l2: row r+2 with locality 2
  retry-reg    reg-noflag with the retry (SM); retry-reg-pf: + row r+2

  python3 sh_skew.py [SH|SM|SM4|SM64] VARIANT IN.cg.mlir OUT.mlir [G]

G (retry variants): rows in groups of G (a divisor of the row count), the
parallel loop over the groups (what threads 2 needs: the rows of one group
run in order on one thread); without G the rows are one group, which is
right at one thread only.
"""
import re
import sys


T = "memref<1x32000xf32, strided<[32000, 1], offset: ?>>"
V = "vector<16xf32>"
X = "memref<1x128xf32>"

# The SSA names and constants each case's dump uses (main d93ac96 for SH,
# 3f6fe36 for SM).
# SH: one chain over 128 partitions, so the accumulators are row r+1's
# extremes slot (8 vectors, rotated); SM (K = 8): 16 partitions in 4 chains
# (chain a takes the vector at column 64 s + 16 a), combined after the row
# in chain order, so the accumulators are 4 vectors of a stack scratch.
CASES = {
    "SH": dict(func="@SH", rows=64, ws=262144, fill="%cst_32, %view_35", maxend="%33, %view_35",
               exact="%32", zero="%cst_31", ninf="%cst_32",
               loop="%85", iters="iter_args(%arg6 = %cst_6, %arg7 = %c0_i32)",
               yld="%246, %203", pf="%subview_38", cols=["%arg5", "%192", "%193", "%194"],
               sum="%88", inrange="%80", nextrow="%81", maxrow="%c64_34", maxbase="%c258048",
               nextidx="%79", rowsc="%c64",
               hoist=[r"%c1024 = ", r"%34 = arith.muli %arg4", r"%c155648 = ",
                      r"%35 = arith.addi %34", r"%view_37 = ", r"%79 = ", r"%80 = ", r"%81 = ",
                      r"%subview_38 = ", r"%sko = ", r"%sko2 = ", r"%skx = "]),
    "SM": dict(func="@SM", rows=1024, ws=2031616, fill="%cst_46, %view_49", maxend="%24, %view_49",
               exact="%23", zero="%cst_45", ninf="%cst_46",
               loop="%44", iters="iter_args(%arg6 = %cst_23, %arg7 = %c0_i32)",
               yld="%175, %122", pf="%subview_54", cols=["%arg5", "%111", "%112", "%113"],
               sum="%47", inrange="%39", nextrow="%40", maxrow="%c64_48", maxbase="%c1900544",
               extrow="%c64_50", extbase="%c1966080", nextidx="%38", rowsc="%c1024",
               hoist=[r"%c1024_52 = ", r"%25 = arith.muli %arg4", r"%view_53 = ",
                      r"%38 = ", r"%39 = ", r"%40 = ", r"%subview_54 = "]),
}
# SM4: SM's [4, 32000] copy (L2-resident), the same code but for its sizes.
CASES["SM4"] = dict(CASES["SM"], func="@SM4", rows=4, ws=7936, pf="%subview_53", rowsc="%c4",
                    maxbase="%c7424", extbase="%c7680",
                    hoist=[r"%c1024 = ", r"%25 = arith.muli %arg4", r"%view_52 = ",
                           r"%38 = ", r"%39 = ", r"%40 = ", r"%subview_53 = "])
# SM64: SM's [64, 32000] copy (8 MiB: L3, SH's size), the same code.
CASES["SM64"] = dict(CASES["SM4"], func="@SM64", rows=64, ws=126976, rowsc="%c64",
                     maxbase="%c118784", extbase="%c122880")
C = CASES["SH"]


def find(L, pat, start=0):
    for i in range(start, len(L)):
        if re.search(pat, L[i]):
            return i
    raise SystemExit("not found: " + pat)


def skip_max_pass(L):
    """Row r's -inf fill and max pass only for the first row; the others
    read their exact flag (the rest was stored by the previous row)."""
    par = find(L, r"scf.parallel \(%arg4\)")
    fill = find(L, r"memref.store %s\[%%c0\]" % re.escape(C["fill"]), par)
    maxstart = find(L, r"%6 = vector.load %subview\[%c0, %c0\]", fill)
    maxend = find(L, r"memref.store %s\[%%c0\]" % re.escape(C["maxend"]), maxstart)
    ex = C["exact"]
    inner = [re.sub(ex + r"\b", "%sk" + ex[1:], l) for l in [L[fill]] + L[maxstart:maxend + 1]]
    wrapped = (["      %skfirst = arith.cmpi eq, %arg4, %c0 : index",
                "      %s = scf.if %%skfirst -> (i1) {" % ex] + inner +
               ["      scf.yield %%sk%s : i1" % ex[1:], "      } else {",
                "      %%skl = memref.load %%skflags[%%arg4] : memref<%dxi8>" % C["rows"],
                "      %skb = arith.trunci %skl : i8 to i1",
                "      scf.yield %skb : i1", "      }"])
    return L[:fill] + L[fill + 1:maxstart] + wrapped + L[maxend + 1:]


def store_next_row(L, head, combine, combined):
    """After row r's exp sum: row r+1's extremes (`combine`'s lines, its
    combined partition maxima `combined`), its row max or -inf and exact
    flag."""
    post = head + combine
    post += ["        %%skmax = vector.reduction <maximumf>, %s : vector<16xf32> into f32" % combined,
             "        %%skz = arith.cmpf ueq, %%skmax, %s : f32" % C["zero"],
             "        %skexact = arith.ori %skany, %skz : i1",
             "        %%sksel = arith.select %%skexact, %s, %%skmax : f32" % C["ninf"],
             "        memref.store %sksel, %skr[%c0] : memref<1xf32>",
             "        %ske = arith.extui %skexact : i1 to i8",
             "        memref.store %%ske, %%skflags[%s] : memref<%dxi8>" % (C["nextrow"], C["rows"]),
             "      }"]
    st = find(L, r"memref.store %s, %%view\[%%c0\]" % C["sum"])
    L = L[:st + 1] + post + L[st + 1:]
    fn = find(L, r"func.func " + C["func"])
    L.insert(fn + 1, "    %%skflags = memref.alloca() : memref<%dxi8>" % C["rows"])
    return "\n".join(L)


def maximumf_chain(per_vector, value):
    """SH's combine of its 8 extremes vectors (any order: maximumf)."""
    lines = []
    for a in range(8):
        lines += per_vector(a)
        if a == 1:
            lines.append("        %%skmx1 = arith.maximumf %s, %s : %s" % (value(0), value(1), V))
        elif a > 1:
            lines.append("        %%skmx%d = arith.maximumf %%skmx%d, %s : %s" % (a, a - 1, value(a), V))
    return lines


def edit_exp_loop(L, results, iter_args, types, pre, keep_prefetch, ins, yields):
    """Row r's exp loop with `pre` before it, more iter_args, `ins` after
    the step's column offsets and more yielded values."""
    res = C["loop"]
    loop = find(L, r"%s:2 = scf.for %%arg5 = %%c0 to %%c32000 step %%c64" % res)
    L[loop] = L[loop].replace(res + ":2 =", "%s:%d =" % (res, results)).replace(
        C["iters"], C["iters"][:-1] + ", " + iter_args + ")").replace(
        "-> (vector<64xf32>, i32)", "-> (vector<64xf32>, i32, " + types + ")")
    L = L[:loop] + pre + L[loop:]
    loop += len(pre)
    end = find(L, r"scf.yield %s : vector<64xf32>, i32" % C["yld"], loop)
    body = L[loop + 1:end]
    if not keep_prefetch:
        body = [l for l in body if "memref.prefetch %s" % C["pf"] not in l]
    at = next(i for i, l in enumerate(body)
              if l.strip().startswith("%s = arith.addi %%arg5, %%c48" % C["cols"][3]))
    body = body[:at + 1] + ins + body[at + 1:]
    y = ("        scf.yield " + C["yld"] + ", " + yields + " : vector<64xf32>, i32, " + types)
    return L[:loop + 1] + body + [y] + L[end + 1:]


NAN_FLAGS = ["        %sku0 = arith.cmpf uno, %skl0, %skl1 : " + V,
             "        %skg0 = arith.ori %skf0, %sku0 : vector<16xi1>",
             "        %sku1 = arith.cmpf uno, %skl2, %skl3 : " + V,
             "        %skg1 = arith.ori %skf1, %sku1 : vector<16xi1>"]
FALSE = "      %skfalse = arith.constant dense<false> : vector<16xi1>"


def next_load(a, col, before_loop=False):
    """Row r+1's vector a at `col`: %skn (before the loop) or %skl (in it)."""
    return "%s%%sk%s%d = vector.load %s[%%c0, %s] : %s, %s" % (
        "      " if before_loop else "        ", "n" if before_loop else "l", a, C["pf"], col, T, V)


def fold(a, acc, index):
    """Chain a's accumulator (in `acc`[index]) folded with the loaded vector
    as the max pass folds: y > acc ? y : acc."""
    return ["        %%ska%d = vector.load %s[%s] : %s, %s" % (a, acc, index, acc_type(acc), V),
            "        %%skc%d = arith.cmpf ogt, %%skl%d, %%ska%d : %s" % (a, a, a, V),
            "        %%sks%d = arith.select %%skc%d, %%skl%d, %%ska%d : vector<16xi1>, %s" % (a, a, a, a, V),
            "        vector.store %%sks%d, %s[%s] : %s, %s" % (a, acc, index, acc_type(acc), V)]


def acc_type(acc):
    return X if acc == "%skx" else "memref<128x64xf32>"


def fold_loads(accumulators):
    """The next row's first `accumulators` vectors (the fold's initial
    values) and, per exp step, its 4 vectors at the step's columns folded
    into accumulators 0-3 by compare-and-select, as the max pass folds."""
    pre = [next_load(a, "%%c%d" % (16 * a), True) for a in range(accumulators)] + [FALSE]
    ins = []
    for a in range(4):
        ins.append(next_load(a, C["cols"][a]))
        ins.append("        %%skc%d = arith.cmpf ogt, %%skl%d, %%ska%d : %s" % (a, a, a, V))
        ins.append("        %%sks%d = arith.select %%skc%d, %%skl%d, %%ska%d : vector<16xi1>, %s" % (a, a, a, a, V))
    return pre, ins


def reg(text, keep_prefetch=False):
    if C["func"] != "@SH":
        return reg_chains(text, keep_prefetch)
    L = skip_max_pass(text.split("\n"))
    pre, ins = fold_loads(8)
    L = edit_exp_loop(
        L, 12, ", ".join("%%ska%d = %%skn%d" % (a, a) for a in range(8)) +
        ", %skf0 = %skfalse, %skf1 = %skfalse", ", ".join([V] * 8) + ", vector<16xi1>, vector<16xi1>",
        pre, keep_prefetch, ins + NAN_FLAGS,
        "%ska4, %ska5, %ska6, %ska7, %sks0, %sks1, %sks2, %sks3, %skg0, %skg1")
    head = ["      scf.if %80 {",
            "        %sko = arith.muli %81, %c512 : index",
            "        %sko2 = arith.addi %sko, %c221184 : index",
            "        %skx = memref.view %arg3[%sko2][] : memref<262144xi8> to memref<1x128xf32>",
            "        %skm = arith.muli %81, %c64_34 : index",
            "        %skm2 = arith.addi %skm, %c258048 : index",
            "        %skr = memref.view %arg3[%skm2][] : memref<262144xi8> to memref<1xf32>",
            "        %skor = arith.ori %85#10, %85#11 : vector<16xi1>",
            "        %skany = vector.reduction <or>, %skor : vector<16xi1> into i1"]
    return store_next_row(
        L, head, maximumf_chain(
            lambda a: ["        vector.store %%85#%d, %%skx[%%c0, %%c%d] : memref<1x128xf32>, %s" % (2 + a, 16 * a, V)],
            lambda a: "%%85#%d" % (2 + a)), "%skmx7")


def chain_combine(values):
    """The max pass's combine of its chains: in chain order, y > acc ? y :
    acc; then the next row's extremes stored."""
    lines, prev = [], values[0]
    for a in range(1, len(values)):
        lines += ["        %%skec%d = arith.cmpf ogt, %s, %s : %s" % (a, values[a], prev, V),
                  "        %%skes%d = arith.select %%skec%d, %s, %s : vector<16xi1>, %s" % (a, a, values[a], prev, V)]
        prev = "%%skes%d" % a
    lines += ["        %%skeo = arith.muli %s, %s : index" % (C["nextrow"], C["extrow"]),
              "        %%skeo2 = arith.addi %%skeo, %s : index" % C["extbase"],
              "        %%skev = memref.view %%arg3[%%skeo2][] : memref<%dxi8> to memref<1x16xf32>" % C["ws"],
              "        vector.store %s, %%skev[%%c0, %%c0] : memref<1x16xf32>, %s" % (prev, V)]
    return lines, prev


def next_row_head(flags):
    """Row r+1's max slot view and its NaN flag from the loop's `flags`."""
    return ["      scf.if %s {" % C["inrange"],
            "        %%skm = arith.muli %s, %s : index" % (C["nextrow"], C["maxrow"]),
            "        %%skm2 = arith.addi %%skm, %s : index" % C["maxbase"],
            "        %%skr = memref.view %%arg3[%%skm2][] : memref<%dxi8> to memref<1xf32>" % C["ws"],
            "        %%skor = arith.ori %s, %s : vector<16xi1>" % flags,
            "        %skany = vector.reduction <or>, %skor : vector<16xi1> into i1"]


def reg_chains(text, keep_prefetch):
    """SM: the 4 chain accumulators loop-carried (no spill expected: 4
    vectors, not SH's 8)."""
    L = skip_max_pass(text.split("\n"))
    pre, ins = fold_loads(4)
    L = edit_exp_loop(
        L, 8, ", ".join("%%ska%d = %%skn%d" % (a, a) for a in range(4)) +
        ", %skf0 = %skfalse, %skf1 = %skfalse", ", ".join([V] * 4) + ", vector<16xi1>, vector<16xi1>",
        pre, keep_prefetch, ins + NAN_FLAGS, "%sks0, %sks1, %sks2, %sks3, %skg0, %skg1")
    # The chains to the scratch after the loop: the row's retry (an
    # scf.while around the loop) leaves only memory to the code after it.
    loop = C["loop"]
    after = find(L, r"memref.store %s#1, " % loop)
    L = L[:after] + ["      vector.store %s#%d, %%skacc[%%skgi, %%c%d] : memref<128x64xf32>, %s" % (
        loop, 2 + a, 16 * a, V) for a in range(4)] + L[after:]
    return chains_tail(L, next_row_head(("%s#6" % loop, "%s#7" % loop)))


def chains_tail(L, head):
    """SM's chains combined from the scratch and stored as row r+1's; the
    scratch and the group's row of it declared."""
    combine = ["        %%ske%d = vector.load %%skacc[%%skgi, %%c%d] : memref<128x64xf32>, %s" % (a, 16 * a, V)
               for a in range(4)]
    lines, prev = chain_combine(["%%ske%d" % a for a in range(4)])
    text = store_next_row(L, head, combine + lines, prev)
    return text.replace("    %skflags = memref.alloca()",
                        "    %skgi = arith.constant 0 : index\n"
                        "    %skacc = memref.alloca() : memref<128x64xf32>\n"
                        "    %skflags = memref.alloca()", 1)


def mem(text):
    """The accumulators in memory: SH's in row r+1's extremes slot (8
    vectors, step s folds vectors (s mod 2) 4..+3), SM's 4 chains in a
    stack scratch (a row per group of rows), combined after the loop."""
    L = skip_max_pass(text.split("\n"))
    loop = C["loop"]
    chains = C["func"] != "@SH"
    if chains:
        acc, index = "%skacc", lambda a: "%%skgi, %%c%d" % (16 * a)
        pre = []
        ins = []
    else:
        acc, index = "%skx", lambda a: "%%c0, %%skp%d" % a
        pre = ["      %sko = arith.muli %81, %c512 : index",
               "      %sko2 = arith.addi %sko, %c221184 : index",
               "      %skx = memref.view %arg3[%sko2][] : memref<262144xi8> to " + X]
        ins = ["        %skpo = arith.andi %arg5, %c64 : index"]
    for a in range(4 if chains else 8):
        pre.append(next_load(a, "%%c%d" % (16 * a), True))
        pre.append("      vector.store %%skn%d, %s[%s] : %s, %s" % (
            a, acc, "%%skgi, %%c%d" % (16 * a) if chains else "%%c0, %%c%d" % (16 * a), acc_type(acc), V))
    pre.append(FALSE)
    for a in range(4):
        if not chains:
            ins.append("        %%skp%d = arith.addi %%skpo, %%c%d : index" % (a, 16 * a))
        ins.append(next_load(a, C["cols"][a]))
        ins += fold(a, acc, index(a))
    L = edit_exp_loop(L, 4, "%skf0 = %skfalse, %skf1 = %skfalse", "vector<16xi1>, vector<16xi1>",
                      pre, False, ins + NAN_FLAGS, "%skg0, %skg1")
    head = next_row_head(("%s#2" % loop, "%s#3" % loop))
    if not chains:
        return store_next_row(
            L, head, maximumf_chain(
                lambda a: ["        %%skv%d = vector.load %%skx[%%c0, %%c%d] : %s, %s" % (a, 16 * a, X, V)],
                lambda a: "%%skv%d" % a), "%skmx7")
    return chains_tail(L, head)


def drop_flag(s, old_yield, new_yield):
    """The in-loop NaN flag removed (its compares and ORs)."""
    for l in ["        %sku0 = arith.cmpf uno, %skl0, %skl1 : vector<16xf32>\n",
              "        %skg0 = arith.ori %skf0, %sku0 : vector<16xi1>\n",
              "        %sku1 = arith.cmpf uno, %skl2, %skl3 : vector<16xf32>\n",
              "        %skg1 = arith.ori %skf1, %sku1 : vector<16xi1>\n"]:
        assert l in s
        s = s.replace(l, "")
    return s.replace(old_yield, new_yield)


def retry(text):
    L = text.split("\n")
    ex = C["exact"]
    e = find(L, r"^      scf.if %s \{" % ex)
    s = find(L, r"memref.store %s, %%view\[%%c0\]" % C["sum"], e)
    region = L[e:s + 1]
    hoist_pats = C["hoist"]
    hoisted = [l for l in region if any(re.search(p, l) for p in hoist_pats)]
    assert len(hoisted) == len(hoist_pats), hoisted
    body = [l for l in region if l not in hoisted]
    body[0] = body[0].replace("scf.if %s {" % ex, "scf.if %skexin {")
    loop = (hoisted +
            ["      %sktrue = arith.constant true",
             "      %%skw = scf.while (%%skexin = %s) : (i1) -> (i1) {" % ex] + body +
            ["      %%sknan = arith.cmpf uno, %s, %s : f32" % (C["sum"], C["sum"]),
             "      %sknot = arith.xori %skexin, %sktrue : i1",
             "      %skagain = arith.andi %sknan, %sknot : i1",
             "      scf.condition(%skagain) %skexin : i1",
             "      } do {",
             "      ^bb0(%skx0: i1):",
             "      memref.store %s[%%c0] : memref<1xf32>" % C["fill"],
             "      scf.yield %sktrue : i1",
             "      }"])
    L = L[:e] + loop + L[s + 1:]
    t = "\n".join(L)
    # Without the loop flags, the next row's exception is its zero max only.
    t = re.sub(r"        %skor = arith.ori [^\n]*\n", "", t, count=1)
    t = t.replace("        %skany = vector.reduction <or>, %skor : vector<16xi1> into i1\n", "")
    t = t.replace("        %skexact = arith.ori %skany, %skz : i1\n", "        %skexact = arith.ori %skz, %skz : i1\n")
    return t


def prefetch_ahead(s, distance=2, locality=3):
    """A prefetch of row r+distance (clamped) at the columns of row r+1's
    loads."""
    anchor = re.search(r"      %s = memref.subview[^\n]*\n" % C["pf"], s).group(0)
    rows = C["rows"]
    add = ("      %%skr2d = arith.constant %d : index\n"
           "      %%skr2a = arith.addi %%arg4, %%skr2d : index\n"
           "      %%skr2c = arith.constant %d : index\n"
           "      %%skr2 = arith.minui %%skr2a, %%skr2c : index\n"
           "      %%skpf = memref.subview %%arg0[%%skr2, 0] [1, 32000] [1, 1] : "
           "memref<%dx32000xf32> to %s\n" % (distance, rows - 1, rows, T))
    s = s.replace(anchor, anchor + add, 1)
    col48 = "        %s = arith.addi %%arg5, %%c48 : index\n" % C["cols"][3]
    i = s.index(col48, s.index("%skfalse")) + len(col48)
    pf = "".join("        memref.prefetch %%skpf[%%c0, %s], read, locality<%d>, data : %s\n"
                 % (c, locality, T) for c in C["cols"])
    return s[:i] + pf + s[i:]


def groups(s, g):
    """Rows in groups of g consecutive rows: the scf.parallel runs over the
    groups, each group's rows in order (an scf.for); a group's first row
    runs the max pass, its last row folds itself (no row of another group
    is read or written)."""
    rows = C["rows"]
    par = "    scf.parallel (%%arg4) = (%%c0) to (%s) step (%%c1) {\n" % C["rowsc"]
    assert par in s
    n = rows // g
    assert n * g == rows and (n <= 128 or "%skacc" not in s)
    s = s.replace(par,
                  "    %%skgn = arith.constant %d : index\n"
                  "    %%skgw = arith.constant %d : index\n"
                  "    scf.parallel (%%skg) = (%%c0) to (%%skgn) step (%%c1) {\n"
                  "      %%skgs = arith.muli %%skg, %%skgw : index\n"
                  "      %%skge = arith.addi %%skgs, %%skgw : index\n"
                  "      scf.for %%arg4 = %%skgs to %%skge step %%c1 {\n" % (n, g), 1)
    # A group's chain accumulators: its own row of the scratch.
    s = s.replace("    %skgi = arith.constant 0 : index\n", "", 1).replace(
        "      scf.for %arg4 = %skgs", "      %skgi = arith.addi %skg, %c0 : index\n"
        "      scf.for %arg4 = %skgs", 1) if "%skgi" in s else s
    end = "      scf.reduce \n    }\n    return"
    assert end in s
    s = s.replace(end, "      }\n" + end, 1)
    old = "      %skfirst = arith.cmpi eq, %arg4, %c0 : index\n"
    assert old in s
    s = s.replace(old, "      %skfirst = arith.cmpi eq, %arg4, %skgs : index\n", 1)
    old = "      %s = arith.select %s, %s, %%arg4 : index\n" % (C["nextrow"], C["inrange"], C["nextidx"])
    assert old in s
    s = s.replace(old, "      %%skin = arith.cmpi ult, %s, %%skge : index\n"
                       "      %s = arith.select %%skin, %s, %%arg4 : index\n" % (C["nextidx"], C["nextrow"], C["nextidx"]), 1)
    old = "      scf.if %s {\n        %%skm" % C["inrange"]
    assert old in s
    return s.replace(old, "      scf.if %skin {\n        %skm", 1)


def main():
    global C
    args = sys.argv[1:]
    if args[0] in CASES:
        C = CASES[args.pop(0)]
    variant, src, dst = args[:3]
    group = int(args[3]) if len(args) > 3 else 0
    text = open(src).read()
    yld = "scf.yield %s, " % C["yld"]
    memnoflag = lambda t: drop_flag(mem(t), yld + "%skg0, %skg1 :", yld + "%skf0, %skf1 :")
    regnoflag = lambda t: drop_flag(reg(t), "%sks3, %skg0, %skg1 :", "%sks3, %skf0, %skf1 :")
    out = {
        "reg": lambda: reg(text),
        "reg-pf": lambda: reg(text, True),
        "reg-noflag": lambda: regnoflag(text),
        "mem": lambda: mem(text),
        "mem-noflag": lambda: memnoflag(text),
        "retry": lambda: retry(memnoflag(text)),
        "retry-reg": lambda: retry(regnoflag(text)),
        "retry-reg-pf": lambda: prefetch_ahead(retry(regnoflag(text))),
        "retry-pf": lambda: prefetch_ahead(retry(memnoflag(text))),
        "retry-pf3": lambda: prefetch_ahead(retry(memnoflag(text)), 3),
        "retry-pf-l2": lambda: prefetch_ahead(retry(memnoflag(text)), 2, 2),
    }[variant]()
    if group:
        out = groups(out, group)
    open(dst, "w").write(out)


if __name__ == "__main__":
    main()
