// A one_hot whose output (4096 x 4100 f32, 64 MiB) is written with
// non-temporal stores, including the scalar remainder of each row
// (4100 = 64 * 64 + 4), at 1 and 2 threads, compared with numpy.
// REQUIRES: dml-run
// RUN: rm -rf %t && mkdir -p %t
// RUN: %PYTHON -c "import numpy as np; r=np.random.default_rng(5); np.save('%t/j.npy', r.integers(-4200, 4200, (4096, 1)).astype(np.int32)); np.save('%t/w.npy', np.array([[-1.5, 2.25]], np.float32))"
// RUN: dml-run %s --input=@%t/j.npy --input=@%t/w.npy --output=@%t/y1.npy --threads=1
// RUN: dml-run %s --input=@%t/j.npy --input=@%t/w.npy --output=@%t/y2.npy --threads=2
// RUN: %PYTHON -c "import numpy as np; j=np.load('%t/j.npy')[:, 0].astype(np.int64); j=np.where(j < 0, j + 4100, j); e=np.where((np.arange(4100)[None, :] == j[:, None]), np.float32(2.25), np.float32(-1.5)); print(all((np.load('%t/y%%d.npy' %% t) == e).all() for t in (1, 2)))" | FileCheck %s
// CHECK: True
func.func @main(%j: tensor<4096x1xi32>, %w: tensor<1x2xf32>) -> tensor<4096x4100xf32> {
  %r = dml.one_hot %j, %w, axis = 1 : (tensor<4096x1xi32>, tensor<1x2xf32>) -> tensor<4096x4100xf32>
  return %r : tensor<4096x4100xf32>
}
