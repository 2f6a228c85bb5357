// dml-linalg-to-vector-loops rejects long-row-prefetch-locality outside
// [0, 3] (it used to clamp).
// RUN: not dml-opt %s --dml-linalg-to-vector-loops="long-row-prefetch-locality=-1" 2>&1 | FileCheck %s --check-prefix=LOW
// RUN: not dml-opt %s --dml-linalg-to-vector-loops="long-row-prefetch-locality=4" 2>&1 | FileCheck %s --check-prefix=HIGH
// The boundary values are accepted.
// RUN: dml-opt %s --dml-linalg-to-vector-loops="long-row-prefetch-locality=0" | FileCheck %s --check-prefix=OK
// RUN: dml-opt %s --dml-linalg-to-vector-loops="long-row-prefetch-locality=3" | FileCheck %s --check-prefix=OK

// LOW: error: dml-linalg-to-vector-loops: option 'long-row-prefetch-locality' must be in [0, 3], got -1
// HIGH: error: dml-linalg-to-vector-loops: option 'long-row-prefetch-locality' must be in [0, 3], got 4
// OK: func.func @f
func.func @f() {
  return
}
