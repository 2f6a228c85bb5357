// one_hot's store-only loop with ordinary stores (stream-fills=false, AMD
// Zen's choice) and with non-temporal stores (stream-fills=true), against
// numpy, indices in and out of range: an 8.4 MB output of rows of 4100 f32
// (streamed when allowed; a scalar tail) at 1 and 2 threads, and rows of
// 17 i8, 3 f16 and 1 i64 (never streamed: rows not 16-byte multiples).
// REQUIRES: dml-run
// RUN: rm -rf %t && mkdir -p %t
// RUN: %PYTHON -c "import numpy as np; r=np.random.default_rng(11); [np.save('%t/j%%d.npy' %% d, r.integers(-d - 3, d + 3, (n, 1)).astype(np.int32)) for d, n in ((4100, 512), (17, 5000), (3, 7000), (1, 9000))]; np.save('%t/w4100.npy', np.array([[-1.5, 2.25]], np.float32)); np.save('%t/w17.npy', np.array([[-7, 9]], np.int8)); np.save('%t/w3.npy', np.array([[0.5, -3]], np.float16)); np.save('%t/w1.npy', np.array([[-2**40, 2**50]], np.int64))"
// RUN: for s in true false; do for t in 1 2; do for d in 4100 17 3 1; do [ $t = 1 ] && [ $d != 4100 ] && continue; dml-run %s --function=depth$d --threads=$t --pipeline-options="stream-fills=$s" --input=@%t/j$d.npy --input=@%t/w$d.npy --output=@%t/y$d-$s-$t.npy || exit 1; done; done; done
// RUN: %PYTHON -c "import numpy as np; exec('def ref(d):\n j=np.load(\'%t/j%%d.npy\' %% d)[:, 0].astype(np.int64); j=np.where(j < 0, j + d, j); w=np.load(\'%t/w%%d.npy\' %% d)[0]\n return np.where(np.arange(d)[None, :] == j[:, None], w[1], w[0]).astype(w.dtype)'); print(all(np.array_equal(np.load('%t/y%%d-%%s-%%d.npy' %% (d, s, t)), ref(d)) and np.load('%t/y%%d-%%s-%%d.npy' %% (d, s, t)).dtype == ref(d).dtype for s in ('true', 'false') for t, d in ((1, 4100), (2, 4100), (2, 17), (2, 3), (2, 1))))" | FileCheck %s
// CHECK: True

func.func @depth4100(%j: tensor<512x1xi32>, %w: tensor<1x2xf32>) -> tensor<512x4100xf32> {
  %r = dml.one_hot %j, %w, axis = 1 : (tensor<512x1xi32>, tensor<1x2xf32>) -> tensor<512x4100xf32>
  return %r : tensor<512x4100xf32>
}

func.func @depth17(%j: tensor<5000x1xi32>, %w: tensor<1x2xi8>) -> tensor<5000x17xi8> {
  %r = dml.one_hot %j, %w, axis = 1 : (tensor<5000x1xi32>, tensor<1x2xi8>) -> tensor<5000x17xi8>
  return %r : tensor<5000x17xi8>
}

func.func @depth3(%j: tensor<7000x1xi32>, %w: tensor<1x2xf16>) -> tensor<7000x3xf16> {
  %r = dml.one_hot %j, %w, axis = 1 : (tensor<7000x1xi32>, tensor<1x2xf16>) -> tensor<7000x3xf16>
  return %r : tensor<7000x3xf16>
}

func.func @depth1(%j: tensor<9000x1xi32>, %w: tensor<1x2xi64>) -> tensor<9000x1xi64> {
  %r = dml.one_hot %j, %w, axis = 1 : (tensor<9000x1xi32>, tensor<1x2xi64>) -> tensor<9000x1xi64>
  return %r : tensor<9000x1xi64>
}
