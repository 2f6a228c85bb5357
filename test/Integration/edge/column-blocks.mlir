// Reductions over the outer dimension (column sum, column arg_max) whose
// blocks keep their outputs in registers over all rows (blocks of 1, 2 and
// 4 chunks at 16, 8 and 4 threads; 16 chunks at 1 thread store every step)
// give the numpy reference. Integer-valued floats keep every summation
// order exact; small integers make ties for arg_max (first index wins).

// REQUIRES: dml-run
// RUN: rm -rf %t && mkdir -p %t
// RUN: %PYTHON -c "import numpy as np; r=np.random.default_rng(3); np.save('%t/x.npy', r.integers(-20, 20, (64, 4096)).astype(np.float32))"
// RUN: for t in 1 4 8 16; do dml-run %s --function=column_sum --pipeline-options="threads=$t" --input=@%t/x.npy --output=@%t/sum$t.npy && dml-run %s --function=column_arg_max --pipeline-options="threads=$t" --input=@%t/x.npy --output=@%t/arg$t.npy; done
// RUN: %PYTHON -c "import numpy as np; x=np.load('%t/x.npy'); [np.testing.assert_array_equal(np.load('%t/sum%%d.npy' %% t), x.sum(0, keepdims=True)) for t in (1, 4, 8, 16)]; [np.testing.assert_array_equal(np.load('%t/arg%%d.npy' %% t).astype(np.int64), x.argmax(0)[None, :]) for t in (1, 4, 8, 16)]; print('ok')" | FileCheck %s
// CHECK: ok

func.func @column_sum(%x: tensor<64x4096xf32>) -> tensor<1x4096xf32> {
  %0 = dml.reduce %x, function = sum, axes = [0] : tensor<64x4096xf32> -> tensor<1x4096xf32>
  return %0 : tensor<1x4096xf32>
}

func.func @column_arg_max(%x: tensor<64x4096xf32>) -> tensor<1x4096xi32> {
  %0 = dml.arg_max %x, axes = [0], direction = increasing : tensor<64x4096xf32> -> tensor<1x4096xi32>
  return %0 : tensor<1x4096xi32>
}
