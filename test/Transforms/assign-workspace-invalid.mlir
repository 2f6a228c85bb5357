// What the workspace cannot hold is an error naming the op, never a crash.
// RUN: dml-opt %s --dml-assign-workspace -split-input-file -verify-diagnostics

func.func @dynamic(%n: index) {
  // expected-error @below {{'memref.alloc' op cannot be placed in the workspace of @dynamic: dynamic sizes are not supported ('memref<?xf32>')}}
  %a = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  return
}

// -----

func.func @yielded(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %init = memref.alloc() : memref<4xf32>
  // expected-note @below {{used by this 'scf.for'}}
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%b = %init) -> memref<4xf32> {
    // expected-error @below {{'memref.alloc' op cannot be placed in the workspace of @yielded: it outlives the iteration of the enclosing 'scf.for' (each iteration reuses the buffer's slot)}}
    %n = memref.alloc() : memref<4xf32>
    scf.yield %n : memref<4xf32>
  }
  memref.copy %r, %out : memref<4xf32> to memref<4xf32>
  return
}

// -----

func.func @bounds(%n: index, %out: memref<4xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    // expected-error @below {{'memref.alloc' op cannot be placed in the workspace of @bounds: the enclosing scf.parallel has non-constant bounds or steps, so its slot count is unknown}}
    %s = memref.alloc() : memref<8xi64>
    memref.dealloc %s : memref<8xi64>
    scf.reduce
  }
  return
}

// -----

// expected-error @below {{the workspace of @too_big needs 4398046511104 bytes, more than the limit of 1099511627776 (max-bytes)}}
func.func @too_big() {
  %a = memref.alloc() : memref<4398046511104xi8>
  memref.dealloc %a : memref<4398046511104xi8>
  return
}

// -----

func.func @layout() {
  // expected-error @below {{'memref.alloc' op cannot be placed in the workspace of @layout: only the identity layout is supported}}
  %a = memref.alloc() : memref<4x4xf32, strided<[8, 1]>>
  return
}

// -----

func.func @overflow() {
  // expected-error @below {{'memref.alloc' op cannot be placed in the workspace of @overflow: its size in bytes overflows}}
  %a = memref.alloc() : memref<4611686018427387904x4xf32>
  return
}
