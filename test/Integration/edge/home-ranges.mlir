// home-ranges (dml-parallel-to-openmp): each thread claims the blocks of
// its own range first, then those left in the others' ranges. Every row is
// summed exactly once at 2 and 3 threads, with block counts that do not
// divide evenly among the threads (claims-per-thread 3 and 1), and with
// one row per block. Integer-valued floats keep the sums exact.

// REQUIRES: dml-run
// RUN: rm -rf %t && mkdir -p %t
// RUN: %PYTHON -c "import numpy as np; r=np.random.default_rng(11); np.save('%t/x.npy', r.integers(-50, 50, (1001, 300)).astype(np.float32))"
// RUN: for t in 2 3; do for c in 1 3 1000; do dml-run %s --function=sum_rows --threads=$t --pipeline-options="home-ranges=true claims-per-thread=$c" --input=@%t/x.npy --output=@%t/sum_${t}_${c}.npy || exit 1; %PYTHON -c "import numpy as np; x=np.load('%t/x.npy'); np.testing.assert_array_equal(np.load('%t/sum_${t}_${c}.npy'), x.sum(1, keepdims=True))" || exit 1; done; done; echo ok | FileCheck %s
// CHECK: ok

func.func @sum_rows(%x: tensor<1001x300xf32>) -> tensor<1001x1xf32> {
  %0 = dml.reduce %x, function = sum, axes = [1] : tensor<1001x300xf32> -> tensor<1001x1xf32>
  return %0 : tensor<1001x1xf32>
}
