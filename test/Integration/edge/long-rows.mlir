// Inner reductions of rows of at least 16 KiB (long-row-streams): one row
// at a time, 2 and 4 interleaved rows of one register each give the numpy
// reference, rows with and without a scalar remainder, also with the rows
// prefetched 4 KiB ahead (long-row-prefetch; "p" files) and with 2 and 4
// rows of a whole chunk each (long-row-wide; "w" files). Integer-valued
// floats keep every summation order exact.

// REQUIRES: dml-run
// RUN: rm -rf %t && mkdir -p %t
// RUN: %PYTHON -c "import numpy as np; r=np.random.default_rng(7); np.save('%t/x.npy', r.integers(-50, 50, (8, 4100)).astype(np.float32)); np.save('%t/i.npy', r.integers(-2**31, 2**31 - 1, (4, 8192), dtype=np.int64).astype(np.int32))"
// RUN: for s in 1 2 4; do dml-run %s --function=sum_rows --pipeline-options="long-row-streams=$s long-row-wide=false" --input=@%t/x.npy --output=@%t/sum$s.npy && dml-run %s --function=max_rows --pipeline-options="long-row-streams=$s long-row-wide=false" --input=@%t/i.npy --output=@%t/max$s.npy; done
// RUN: for s in 2 4; do dml-run %s --function=sum_rows --pipeline-options="long-row-streams=$s long-row-wide=true" --input=@%t/x.npy --output=@%t/sum${s}w.npy && dml-run %s --function=max_rows --pipeline-options="long-row-streams=$s long-row-wide=true" --input=@%t/i.npy --output=@%t/max${s}w.npy; done
// RUN: for s in 1 4; do dml-run %s --function=sum_rows --pipeline-options="long-row-streams=$s long-row-prefetch=4096" --input=@%t/x.npy --output=@%t/sum${s}p.npy && dml-run %s --function=max_rows --pipeline-options="long-row-streams=$s long-row-prefetch=4096 long-row-prefetch-locality=2" --input=@%t/i.npy --output=@%t/max${s}p.npy; done
// RUN: %PYTHON -c "import numpy as np; x=np.load('%t/x.npy'); i=np.load('%t/i.npy'); [np.testing.assert_array_equal(np.load('%t/sum%%d.npy' %% s), x.sum(1, keepdims=True)) for s in (1, 2, 4)]; [np.testing.assert_array_equal(np.load('%t/max%%d.npy' %% s), i.max(1, keepdims=True)) for s in (1, 2, 4)]; [np.testing.assert_array_equal(np.load('%t/sum%%dp.npy' %% s), x.sum(1, keepdims=True)) for s in (1, 4)]; [np.testing.assert_array_equal(np.load('%t/max%%dp.npy' %% s), i.max(1, keepdims=True)) for s in (1, 4)]; [np.testing.assert_array_equal(np.load('%t/sum%%dw.npy' %% s), x.sum(1, keepdims=True)) for s in (2, 4)]; [np.testing.assert_array_equal(np.load('%t/max%%dw.npy' %% s), i.max(1, keepdims=True)) for s in (2, 4)]; print('ok')" | FileCheck %s
// CHECK: ok

func.func @sum_rows(%x: tensor<8x4100xf32>) -> tensor<8x1xf32> {
  %0 = dml.reduce %x, function = sum, axes = [1] : tensor<8x4100xf32> -> tensor<8x1xf32>
  return %0 : tensor<8x1xf32>
}

func.func @max_rows(%x: tensor<4x8192xi32>) -> tensor<4x1xi32> {
  %0 = dml.reduce %x, function = max, axes = [1] : tensor<4x8192xi32> -> tensor<4x1xi32>
  return %0 : tensor<4x1xi32>
}
