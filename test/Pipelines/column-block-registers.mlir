// A reduction over an outer dimension (a column sum) keeps the outputs of a
// block of at most 4 chunks in registers over all its steps: loaded before
// the step loop, carried through it, stored after it (getCarriedChunks).
// Larger blocks load and store their outputs at every step of R rows.
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen="threads=16" | FileCheck %s --check-prefix=SMALL
// RUN: dml-opt %s --dml-to-linalg --dml-bufferize --dml-codegen="threads=1" | FileCheck %s --check-prefix=LARGE

// 16 threads: 64 blocks of 64 columns, one chunk each.
// SMALL-LABEL: func.func @column_sum
// SMALL: scf.parallel (%[[B:.*]]) =
// SMALL: %[[START:.*]] = arith.muli %[[B]], %c64 : index
// SMALL: %[[INIT:.*]] = vector.load %[[OUT:.*]][%[[START]]] : memref<4096xf32>, vector<64xf32>
// SMALL: %[[SUM:.*]] = scf.for %{{.*}} = %c0 to %c1024 step %c1 iter_args(%[[ACC:.*]] = %[[INIT]]) -> (vector<64xf32>)
// SMALL-NOT: vector.store
// SMALL: arith.addf %[[ACC]]
// SMALL-COUNT-3: arith.addf
// SMALL: scf.yield
// SMALL: vector.store %[[SUM]], %[[OUT]][%[[START]]] : memref<4096xf32>, vector<64xf32>
// 1 thread: 4 blocks of 1024 columns (16 chunks): stored at every step.
// LARGE-LABEL: func.func @column_sum
// LARGE: scf.for {{.*}} {
// LARGE: scf.for {{.*}} {
// LARGE: vector.load {{.*}} : memref<4096xf32>, vector<64xf32>
// LARGE-COUNT-4: vector.load {{.*}} : memref<4096x4096xf32>, vector<64xf32>
// LARGE: vector.store {{.*}} : memref<4096xf32>, vector<64xf32>
func.func @column_sum(%x: tensor<4096x4096xf32>) -> tensor<1x4096xf32> {
  %r = dml.reduce %x, function = sum, axes = [0] : tensor<4096x4096xf32> -> tensor<1x4096xf32>
  return %r : tensor<1x4096xf32>
}
