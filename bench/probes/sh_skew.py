"""The skewed row, hand-built on SH's generated code (issue 10, s27, branch
sh-skew; bench/README.md "SH: the skewed row, prototyped on the generated
code"). Timing and exactness prototype, NOT the compiler change.

Input: SH's IR after dml-codegen (threads 1, --cpu znver5), dumped by a
local, uncommitted hook in lib/Compiler/Aot.cpp (bench/probes/
sh_skew_hook.patch: DML_CODEGEN_DUMP=FILE writes the module after stage 3,
DML_CODEGEN_LOAD=FILE compiles FILE's module from stage 4 on). The edits
find their ops by the SSA names and constants of that dump (main e23500e);
another shape, option or a changed lowering needs them adjusted.

Variants (row r's exp loop folds row r+1's partition maxima with exactly
the max pass's mapping and combine, so row r+1 skips its max pass; row 0
keeps it):
  reg          8 loop-carried accumulators (rotated by 64 lanes) + the NaN
               flag's unordered compares; the next-row prefetches dropped
  reg-pf       the same, prefetches kept
  reg-noflag   reg without the NaN flag (timing only: NOT exact)
  mem          the accumulators in row r+1's extremes slot (load, compare,
               masked store per vector) + the NaN flag
  mem-noflag   mem without the NaN flag (timing only: NOT exact)
  retry        mem-noflag, and the row runs again from the exact max
               (scf.while) when its exp sum is NaN and it was not exact
  retry-pf     retry + a prefetch of row r+2 at the loads' columns

  python3 sh_skew.py VARIANT SH.cg.mlir OUT.mlir [G]

G (retry variants): rows in groups of G (a divisor of 64), the parallel
loop over the groups (what threads 2 needs: the rows of one group run in
order on one thread); without G the 64 rows are one group, which is
right at one thread only.
"""
import re
import sys


T = "memref<1x32000xf32, strided<[32000, 1], offset: ?>>"
V = "vector<16xf32>"
X = "memref<1x128xf32>"


def find(L, pat, start=0):
    for i in range(start, len(L)):
        if re.search(pat, L[i]):
            return i
    raise SystemExit("not found: " + pat)


def skip_max_pass(L):
    """Row r's -inf fill and max pass only for the first row; the others
    read their exact flag (the rest was stored by the previous row)."""
    par = find(L, r"scf.parallel \(%arg4\)")
    fill = find(L, r"memref.store %cst_34, %view_37\[%c0\]", par)
    maxstart = find(L, r"%6 = vector.load %subview\[%c0, %c0\]", fill)
    maxend = find(L, r"memref.store %33, %view_37\[%c0\]", maxstart)
    inner = [re.sub(r"%32\b", "%sk32", l) for l in [L[fill]] + L[maxstart:maxend + 1]]
    wrapped = (["      %skfirst = arith.cmpi eq, %arg4, %c0 : index",
                "      %32 = scf.if %skfirst -> (i1) {"] + inner +
               ["      scf.yield %sk32 : i1", "      } else {",
                "      %skl = memref.load %skflags[%arg4] : memref<64xi8>",
                "      %skb = arith.trunci %skl : i8 to i1",
                "      scf.yield %skb : i1", "      }"])
    return L[:fill] + L[fill + 1:maxstart] + wrapped + L[maxend + 1:]


def store_next_row(L, head, per_vector, value):
    """After row r's exp sum: row r+1's max of its 8 extremes (`value(a)`,
    after `per_vector(a)`'s lines), its row max or -inf and exact flag."""
    post = list(head)
    for a in range(8):
        post += per_vector(a)
        if a == 1:
            post.append("        %%skmx1 = arith.maximumf %s, %s : %s" % (value(0), value(1), V))
        elif a > 1:
            post.append("        %%skmx%d = arith.maximumf %%skmx%d, %s : %s" % (a, a - 1, value(a), V))
    post += ["        %skmax = vector.reduction <maximumf>, %skmx7 : vector<16xf32> into f32",
             "        %skz = arith.cmpf ueq, %skmax, %cst_33 : f32",
             "        %skexact = arith.ori %skany, %skz : i1",
             "        %sksel = arith.select %skexact, %cst_34, %skmax : f32",
             "        memref.store %sksel, %skr[%c0] : memref<1xf32>",
             "        %ske = arith.extui %skexact : i1 to i8",
             "        memref.store %ske, %skflags[%81] : memref<64xi8>",
             "      }"]
    st = find(L, r"memref.store %88, %view\[%c0\]")
    L = L[:st + 1] + post + L[st + 1:]
    fn = find(L, r"func.func @SH")
    L.insert(fn + 1, "    %skflags = memref.alloca() : memref<64xi8>")
    return "\n".join(L)


def edit_exp_loop(L, results, iter_args, types, pre, keep_prefetch, ins, yields):
    """Row r's exp loop with `pre` before it, more iter_args, `ins` after
    the step's column offsets and more yielded values."""
    loop = find(L, r"%85:2 = scf.for %arg5 = %c0 to %c32000 step %c64")
    L[loop] = L[loop].replace("%85:2 =", "%%85:%d =" % results).replace(
        "iter_args(%arg6 = %cst_8, %arg7 = %c0_i32)",
        "iter_args(%arg6 = %cst_8, %arg7 = %c0_i32, " + iter_args + ")").replace(
        "-> (vector<64xf32>, i32)", "-> (vector<64xf32>, i32, " + types + ")")
    L = L[:loop] + pre + L[loop:]
    loop += len(pre)
    end = find(L, r"scf.yield %192, %139 : vector<64xf32>, i32", loop)
    body = L[loop + 1:end]
    if not keep_prefetch:
        body = [l for l in body if "memref.prefetch %subview_40" not in l]
    at = next(i for i, l in enumerate(body)
              if l.strip().startswith("%130 = arith.addi %arg5, %c48"))
    body = body[:at + 1] + ins + body[at + 1:]
    y = ("        scf.yield %192, %139, " + yields + " : vector<64xf32>, i32, " + types)
    return L[:loop + 1] + body + [y] + L[end + 1:]


COLUMNS = ["%arg5", "%128", "%129", "%130"]
NAN_FLAGS = ["        %sku0 = arith.cmpf uno, %skl0, %skl1 : " + V,
             "        %skg0 = arith.ori %skf0, %sku0 : vector<16xi1>",
             "        %sku1 = arith.cmpf uno, %skl2, %skl3 : " + V,
             "        %skg1 = arith.ori %skf1, %sku1 : vector<16xi1>"]
FALSE = "      %skfalse = arith.constant dense<false> : vector<16xi1>"


def reg(text, keep_prefetch=False):
    L = skip_max_pass(text.split("\n"))
    pre = ["      %%skn%d = vector.load %%subview_40[%%c0, %%c%d] : %s, %s" % (a, 16 * a, T, V)
           for a in range(8)] + [FALSE]
    ins = []
    for a in range(4):
        ins.append("        %%skl%d = vector.load %%subview_40[%%c0, %s] : %s, %s" % (a, COLUMNS[a], T, V))
        ins.append("        %%skc%d = arith.cmpf ogt, %%skl%d, %%ska%d : %s" % (a, a, a, V))
        ins.append("        %%sks%d = arith.select %%skc%d, %%skl%d, %%ska%d : vector<16xi1>, %s" % (a, a, a, a, V))
    L = edit_exp_loop(
        L, 12, ", ".join("%%ska%d = %%skn%d" % (a, a) for a in range(8)) +
        ", %skf0 = %skfalse, %skf1 = %skfalse", ", ".join([V] * 8) + ", vector<16xi1>, vector<16xi1>",
        pre, keep_prefetch, ins + NAN_FLAGS,
        "%ska4, %ska5, %ska6, %ska7, %sks0, %sks1, %sks2, %sks3, %skg0, %skg1")
    head = ["      scf.if %80 {",
            "        %sko = arith.muli %81, %c512 : index",
            "        %sko2 = arith.addi %sko, %c221184 : index",
            "        %skx = memref.view %arg3[%sko2][] : memref<262144xi8> to memref<1x128xf32>",
            "        %skm = arith.muli %81, %c64_36 : index",
            "        %skm2 = arith.addi %skm, %c258048 : index",
            "        %skr = memref.view %arg3[%skm2][] : memref<262144xi8> to memref<1xf32>",
            "        %skor = arith.ori %85#10, %85#11 : vector<16xi1>",
            "        %skany = vector.reduction <or>, %skor : vector<16xi1> into i1"]
    return store_next_row(
        L, head,
        lambda a: ["        vector.store %%85#%d, %%skx[%%c0, %%c%d] : memref<1x128xf32>, %s" % (2 + a, 16 * a, V)],
        lambda a: "%%85#%d" % (2 + a))


def mem(text):
    L = skip_max_pass(text.split("\n"))
    pre = ["      %sko = arith.muli %81, %c512 : index",
           "      %sko2 = arith.addi %sko, %c221184 : index",
           "      %skx = memref.view %arg3[%sko2][] : memref<262144xi8> to " + X]
    for a in range(8):
        pre.append("      %%skn%d = vector.load %%subview_40[%%c0, %%c%d] : %s, %s" % (a, 16 * a, T, V))
        pre.append("      vector.store %%skn%d, %%skx[%%c0, %%c%d] : %s, %s" % (a, 16 * a, X, V))
    pre.append(FALSE)
    ins = ["        %skpo = arith.andi %arg5, %c64 : index"]
    for a in range(4):
        ins.append("        %%skp%d = arith.addi %%skpo, %%c%d : index" % (a, 16 * a))
        ins.append("        %%skl%d = vector.load %%subview_40[%%c0, %s] : %s, %s" % (a, COLUMNS[a], T, V))
        ins.append("        %%ska%d = vector.load %%skx[%%c0, %%skp%d] : %s, %s" % (a, a, X, V))
        ins.append("        %%skc%d = arith.cmpf ogt, %%skl%d, %%ska%d : %s" % (a, a, a, V))
        ins.append("        %%sks%d = arith.select %%skc%d, %%skl%d, %%ska%d : vector<16xi1>, %s" % (a, a, a, a, V))
        ins.append("        vector.store %%sks%d, %%skx[%%c0, %%skp%d] : %s, %s" % (a, a, X, V))
    L = edit_exp_loop(L, 4, "%skf0 = %skfalse, %skf1 = %skfalse", "vector<16xi1>, vector<16xi1>",
                      pre, False, ins + NAN_FLAGS, "%skg0, %skg1")
    head = ["      scf.if %80 {",
            "        %skm = arith.muli %81, %c64_36 : index",
            "        %skm2 = arith.addi %skm, %c258048 : index",
            "        %skr = memref.view %arg3[%skm2][] : memref<262144xi8> to memref<1xf32>",
            "        %skor = arith.ori %85#2, %85#3 : vector<16xi1>",
            "        %skany = vector.reduction <or>, %skor : vector<16xi1> into i1"]
    return store_next_row(
        L, head,
        lambda a: ["        %%skv%d = vector.load %%skx[%%c0, %%c%d] : %s, %s" % (a, 16 * a, X, V)],
        lambda a: "%%skv%d" % a)


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
    e = find(L, r"^      scf.if %32 \{")
    s = find(L, r"memref.store %88, %view\[%c0\]", e)
    region = L[e:s + 1]
    hoist_pats = [r"%c1024 = ", r"%34 = arith.muli %arg4", r"%c155648 = ", r"%35 = arith.addi %34",
                  r"%view_39 = ", r"%79 = ", r"%80 = ", r"%81 = ", r"%subview_40 = ",
                  r"%sko = ", r"%sko2 = ", r"%skx = "]
    hoisted = [l for l in region if any(re.search(p, l) for p in hoist_pats)]
    assert len(hoisted) == len(hoist_pats), hoisted
    body = [l for l in region if l not in hoisted]
    body[0] = body[0].replace("scf.if %32 {", "scf.if %skexin {")
    loop = (hoisted +
            ["      %sktrue = arith.constant true",
             "      %skw = scf.while (%skexin = %32) : (i1) -> (i1) {"] + body +
            ["      %sknan = arith.cmpf uno, %88, %88 : f32",
             "      %sknot = arith.xori %skexin, %sktrue : i1",
             "      %skagain = arith.andi %sknan, %sknot : i1",
             "      scf.condition(%skagain) %skexin : i1",
             "      } do {",
             "      ^bb0(%skx0: i1):",
             "      memref.store %cst_34, %view_37[%c0] : memref<1xf32>",
             "      scf.yield %sktrue : i1",
             "      }"])
    L = L[:e] + loop + L[s + 1:]
    t = "\n".join(L)
    # Without the loop flags, the next row's exception is its zero max only.
    t = t.replace("        %skor = arith.ori %85#2, %85#3 : vector<16xi1>\n", "")
    t = t.replace("        %skany = vector.reduction <or>, %skor : vector<16xi1> into i1\n", "")
    t = t.replace("        %skexact = arith.ori %skany, %skz : i1\n", "        %skexact = arith.ori %skz, %skz : i1\n")
    return t


def prefetch_after_next(s):
    """A prefetch of row r+2 (clamped) at the columns of row r+1's loads."""
    anchor = re.search(r"      %subview_40 = memref.subview[^\n]*\n", s).group(0)
    add = ("      %skr2a = arith.addi %arg4, %c2 : index\n"
           "      %skr2c = arith.constant 63 : index\n"
           "      %skr2 = arith.minui %skr2a, %skr2c : index\n"
           "      %skpf = memref.subview %arg0[%skr2, 0] [1, 32000] [1, 1] : "
           "memref<64x32000xf32> to " + T + "\n")
    s = s.replace(anchor, anchor + add, 1)
    i = s.index("        %skpo = arith.andi %arg5, %c64 : index\n")
    pf = "".join("        memref.prefetch %%skpf[%%c0, %s], read, locality<3>, data : %s\n"
                 % (c, T) for c in ["%arg5", "%128", "%129", "%130"])
    return s[:i] + pf + s[i:]


def groups(s, g):
    """Rows in groups of g consecutive rows: the scf.parallel runs over the
    groups, each group's rows in order (an scf.for); a group's first row
    runs the max pass, its last row folds itself (no row of another group
    is read or written)."""
    par = "    scf.parallel (%arg4) = (%c0) to (%c64) step (%c1) {\n"
    assert par in s
    n = 64 // g
    s = s.replace(par,
                  "    %%skgn = arith.constant %d : index\n"
                  "    %%skgw = arith.constant %d : index\n"
                  "    scf.parallel (%%skg) = (%%c0) to (%%skgn) step (%%c1) {\n"
                  "      %%skgs = arith.muli %%skg, %%skgw : index\n"
                  "      %%skge = arith.addi %%skgs, %%skgw : index\n"
                  "      scf.for %%arg4 = %%skgs to %%skge step %%c1 {\n" % (n, g), 1)
    end = "      scf.reduce \n    }\n    return"
    assert end in s
    s = s.replace(end, "      }\n" + end, 1)
    old = "      %skfirst = arith.cmpi eq, %arg4, %c0 : index\n"
    assert old in s
    s = s.replace(old, "      %skfirst = arith.cmpi eq, %arg4, %skgs : index\n", 1)
    old = "      %81 = arith.select %80, %79, %arg4 : index\n"
    assert old in s
    s = s.replace(old, "      %skin = arith.cmpi ult, %79, %skge : index\n"
                       "      %81 = arith.select %skin, %79, %arg4 : index\n", 1)
    old = "      scf.if %80 {\n        %skm"
    assert old in s
    return s.replace(old, "      scf.if %skin {\n        %skm", 1)


def main():
    variant, src, dst = sys.argv[1:4]
    group = int(sys.argv[4]) if len(sys.argv) > 4 else 0
    text = open(src).read()
    memnoflag = lambda t: drop_flag(mem(t), "scf.yield %192, %139, %skg0, %skg1 :",
                                    "scf.yield %192, %139, %skf0, %skf1 :")
    out = {
        "reg": lambda: reg(text),
        "reg-pf": lambda: reg(text, True),
        "reg-noflag": lambda: drop_flag(reg(text), "%sks3, %skg0, %skg1 :", "%sks3, %skf0, %skf1 :"),
        "mem": lambda: mem(text),
        "mem-noflag": lambda: memnoflag(text),
        "retry": lambda: retry(memnoflag(text)),
        "retry-pf": lambda: prefetch_after_next(retry(memnoflag(text))),
    }[variant]()
    if group:
        out = groups(out, group)
    open(dst, "w").write(out)


if __name__ == "__main__":
    main()
