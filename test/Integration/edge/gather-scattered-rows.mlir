// Dense gathers along the innermost axis of rows of at least a page, whose
// rows two steps ahead are prefetched (gather-scattered-prefetch.mlir): the
// prefetches change nothing in the result, also over the last rows (the
// row ahead clamped), with a scalar tail (1100 columns), negative and out
// of range indices, at 1 and 2 threads, against numpy (clamping as in
// test/lib/dml_reference.py's gather).
// REQUIRES: dml-run
// RUN: rm -rf %t && mkdir -p %t
// RUN: %PYTHON -c "import numpy as np; r=np.random.default_rng(3); np.save('%t/x.npy', r.standard_normal((37, 1100)).astype(np.float32)); np.save('%t/j.npy', r.integers(-1300, 1300, (1, 333)).astype(np.int32))"
// RUN: for t in 1 2; do for p in true false; do dml-run %s --threads=$t --pipeline-options="prefetch-rows=$p" --input=@%t/x.npy --input=@%t/j.npy --output=@%t/y-$t-$p.npy || exit 1; done; done
// RUN: %PYTHON -c "import numpy as np; x=np.load('%t/x.npy'); j=np.load('%t/j.npy')[0].astype(np.int64); j=np.clip(np.where(j < 0, j + 1100, j), 0, 1099); e=x[:, j]; print(all(np.array_equal(np.load('%t/y-%%d-%%s.npy' %% (t, p)), e) for t in (1, 2) for p in ('true', 'false')))" | FileCheck %s
// CHECK: True
func.func @main(%x: tensor<37x1100xf32>, %j: tensor<1x333xi32>) -> tensor<37x333xf32> {
  %g = dml.gather %x, %j, axis = 1, index_dimensions = 1 : (tensor<37x1100xf32>, tensor<1x333xi32>) -> tensor<37x333xf32>
  return %g : tensor<37x333xf32>
}
