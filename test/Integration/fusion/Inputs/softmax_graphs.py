"""The MLIR of softmax -> top_k and log-softmax -> top_k over the rows of an
[n, c] f32 input (the chains dml-fuse-rows runs by blocks of rows), shared
by the fusion tests' scripts."""

ROW = "affine_map<(d0, d1) -> (d0, 0)>"
ID = "affine_map<(d0, d1) -> (d0, d1)>"

EXP_SUM = """\
  %max = dml.reduce %x, function = max, axes = [1] : tensor<{n}x{c}xf32> -> tensor<{n}x1xf32>
  %e0 = tensor.empty() : tensor<{n}x{c}xf32>
  %e = linalg.generic {{indexing_maps = [{id}, {row}, {id}], iterator_types = ["parallel", "parallel"]}}
      ins(%x, %max : tensor<{n}x{c}xf32>, tensor<{n}x1xf32>) outs(%e0 : tensor<{n}x{c}xf32>) {{
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %ex = math.exp %d : f32
    linalg.yield %ex : f32
  }} -> tensor<{n}x{c}xf32>
  %sum = dml.reduce %e, function = sum, axes = [1] : tensor<{n}x{c}xf32> -> tensor<{n}x1xf32>
"""

SOFTMAX = """
func.func @main(%x: tensor<{n}x{c}xf32>) -> ({maxtype}tensor<{n}x{k}xf32>, tensor<{n}x{k}xui32>) {{
{exp_sum}  %p = linalg.generic {{indexing_maps = [{id}, {row}, {id}], iterator_types = ["parallel", "parallel"]}}
      ins(%e, %sum : tensor<{n}x{c}xf32>, tensor<{n}x1xf32>) outs(%e0 : tensor<{n}x{c}xf32>) {{
  ^bb0(%a: f32, %s: f32, %o: f32):
    %q = arith.divf %a, %s : f32
    linalg.yield %q : f32
  }} -> tensor<{n}x{c}xf32>
  %v, %i = dml.top_k %p, axis = 1, k = {k}, direction = decreasing : tensor<{n}x{c}xf32> -> tensor<{n}x{k}xf32>, tensor<{n}x{k}xui32>
  return {maxvalue}%v, %i : {maxtype}tensor<{n}x{k}xf32>, tensor<{n}x{k}xui32>
}}
"""

SUM_EXP = """
func.func @main(%x: tensor<{n}x{c}xf32>) -> tensor<{n}x1xf32> {{
{exp_sum}  return %sum : tensor<{n}x1xf32>
}}
"""

LOG_SOFTMAX = """
func.func @main(%x: tensor<{n}x{c}xf32>) -> (tensor<{n}x{k}xf32>, tensor<{n}x{k}xui32>) {{
  %lse = dml.reduce %x, function = log_sum_exp, axes = [1] : tensor<{n}x{c}xf32> -> tensor<{n}x1xf32>
  %e0 = tensor.empty() : tensor<{n}x{c}xf32>
  %p = linalg.generic {{indexing_maps = [{id}, {row}, {id}], iterator_types = ["parallel", "parallel"]}}
      ins(%x, %lse : tensor<{n}x{c}xf32>, tensor<{n}x1xf32>) outs(%e0 : tensor<{n}x{c}xf32>) {{
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    linalg.yield %d : f32
  }} -> tensor<{n}x{c}xf32>
  %v, %i = dml.top_k %p, axis = 1, k = {k}, direction = decreasing : tensor<{n}x{c}xf32> -> tensor<{n}x{k}xf32>, tensor<{n}x{k}xui32>
  return %v, %i : tensor<{n}x{k}xf32>, tensor<{n}x{k}xui32>
}}
"""


def softmax_top_k(n, c, k, return_max=False):
    """Top k of softmax(x) per row; with return_max the row max is the
    first result."""
    return SOFTMAX.format(n=n, c=c, k=k, id=ID, row=ROW,
                          exp_sum=EXP_SUM.format(n=n, c=c, id=ID, row=ROW),
                          maxtype=f"tensor<{n}x1xf32>, " if return_max else "",
                          maxvalue="%max, " if return_max else "")


def sum_exp(n, c):
    """The row sums of exp(x - max(x)) themselves."""
    return SUM_EXP.format(n=n, c=c,
                          exp_sum=EXP_SUM.format(n=n, c=c, id=ID, row=ROW))


def log_softmax_top_k(n, c, k, return_max=False):
    """Top k of log_softmax(x) per row (its max is internal to
    log_sum_exp)."""
    assert not return_max, "log-softmax returns no max"
    return LOG_SOFTMAX.format(n=n, c=c, k=k, id=ID, row=ROW)
