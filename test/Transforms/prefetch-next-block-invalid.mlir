// dml-prefetch-next-block rejects options outside their ranges (no clamp,
// no silent "none"): blocks-ahead in [0, 2147483647], locality in [0, 3].
// RUN: not dml-opt %s --dml-prefetch-next-block="blocks-ahead=-1" 2>&1 | FileCheck %s --check-prefix=AHEAD
// RUN: not dml-opt %s --dml-prefetch-next-block="blocks-ahead=2147483648" 2>&1 | FileCheck %s --check-prefix=AHEAD-HIGH
// RUN: not dml-opt %s --dml-prefetch-next-block="locality=-1" 2>&1 | FileCheck %s --check-prefix=LOW
// RUN: not dml-opt %s --dml-prefetch-next-block="locality=4" 2>&1 | FileCheck %s --check-prefix=HIGH
// The boundary values are accepted.
// RUN: dml-opt %s --dml-prefetch-next-block="blocks-ahead=0 locality=0" | FileCheck %s --check-prefix=OK
// RUN: dml-opt %s --dml-prefetch-next-block="blocks-ahead=2147483647 locality=3" | FileCheck %s --check-prefix=OK

// AHEAD: error: dml-prefetch-next-block: option 'blocks-ahead' must be in [0, 2147483647], got -1
// AHEAD-HIGH: error: dml-prefetch-next-block: option 'blocks-ahead' must be in [0, 2147483647], got 2147483648
// LOW: error: dml-prefetch-next-block: option 'locality' must be in [0, 3], got -1
// HIGH: error: dml-prefetch-next-block: option 'locality' must be in [0, 3], got 4
// OK: func.func @f
func.func @f() {
  return
}
