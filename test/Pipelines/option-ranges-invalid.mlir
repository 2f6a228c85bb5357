// dml-cpu-pipeline and its stages reject every numeric option outside its
// valid values when the pipeline is built, before any pass runs: one error
// (not one per function, as the passes' own checks would give) naming the
// pipeline, the option as spelled on the command line, the valid values and
// the value; the exit status is non-zero. Both ends of every range.
// Ranges and their reasons: docs/pipeline.md, validateCPUPipelineOptions.
// RUN: not dml-opt %s --dml-cpu-pipeline="vector-bits=0" 2>&1 | FileCheck %s --check-prefix=E0 --implicit-check-not=error
// RUN: not dml-opt %s --dml-cpu-pipeline="vector-bits=-512" 2>&1 | FileCheck %s --check-prefix=E1 --implicit-check-not=error
// RUN: not dml-opt %s --dml-cpu-pipeline="vector-bits=100" 2>&1 | FileCheck %s --check-prefix=E2 --implicit-check-not=error
// RUN: not dml-opt %s --dml-cpu-pipeline="vector-bits=2048" 2>&1 | FileCheck %s --check-prefix=E3 --implicit-check-not=error
// RUN: not dml-opt %s --dml-cpu-pipeline="items-per-thread=0" 2>&1 | FileCheck %s --check-prefix=E4 --implicit-check-not=error
// RUN: not dml-opt %s --dml-cpu-pipeline="items-per-thread=65537" 2>&1 | FileCheck %s --check-prefix=E5 --implicit-check-not=error
// RUN: not dml-opt %s --dml-cpu-pipeline="claims-per-thread=0" 2>&1 | FileCheck %s --check-prefix=E6 --implicit-check-not=error
// RUN: not dml-opt %s --dml-cpu-pipeline="claims-per-thread=65537" 2>&1 | FileCheck %s --check-prefix=E7 --implicit-check-not=error
// RUN: not dml-opt %s --dml-cpu-pipeline="long-row-claims-per-thread=-1" 2>&1 | FileCheck %s --check-prefix=E8 --implicit-check-not=error
// RUN: not dml-opt %s --dml-cpu-pipeline="long-row-claims-per-thread=65537" 2>&1 | FileCheck %s --check-prefix=E9 --implicit-check-not=error
// RUN: not dml-opt %s --dml-cpu-pipeline="long-row-streams=0" 2>&1 | FileCheck %s --check-prefix=E10 --implicit-check-not=error
// RUN: not dml-opt %s --dml-cpu-pipeline="long-row-streams=5" 2>&1 | FileCheck %s --check-prefix=E11 --implicit-check-not=error
// RUN: not dml-opt %s --dml-cpu-pipeline="long-row-prefetch=-64" 2>&1 | FileCheck %s --check-prefix=E12 --implicit-check-not=error
// RUN: not dml-opt %s --dml-cpu-pipeline="long-row-prefetch=1073741825" 2>&1 | FileCheck %s --check-prefix=E13 --implicit-check-not=error
// RUN: not dml-opt %s --dml-cpu-pipeline="long-row-prefetch-locality=-1" 2>&1 | FileCheck %s --check-prefix=E14 --implicit-check-not=error
// RUN: not dml-opt %s --dml-cpu-pipeline="long-row-prefetch-locality=4" 2>&1 | FileCheck %s --check-prefix=E15 --implicit-check-not=error
// RUN: not dml-opt %s --dml-cpu-pipeline="row-block-bytes=-1" 2>&1 | FileCheck %s --check-prefix=E16 --implicit-check-not=error
// RUN: not dml-opt %s --dml-cpu-pipeline="row-block-min-rows=1" 2>&1 | FileCheck %s --check-prefix=E17 --implicit-check-not=error
// RUN: not dml-opt %s --dml-cpu-pipeline="row-block-min-rows=3" 2>&1 | FileCheck %s --check-prefix=E18 --implicit-check-not=error
// RUN: not dml-opt %s --dml-cpu-pipeline="row-block-min-rows=16" 2>&1 | FileCheck %s --check-prefix=E19 --implicit-check-not=error
// RUN: not dml-opt %s --dml-cpu-pipeline="next-block-prefetch=-1" 2>&1 | FileCheck %s --check-prefix=E20 --implicit-check-not=error
// RUN: not dml-opt %s --dml-cpu-pipeline="next-block-prefetch=2147483648" 2>&1 | FileCheck %s --check-prefix=E21 --implicit-check-not=error
// RUN: not dml-opt %s --dml-cpu-pipeline="next-block-prefetch-locality=-1" 2>&1 | FileCheck %s --check-prefix=E22 --implicit-check-not=error
// RUN: not dml-opt %s --dml-cpu-pipeline="next-block-prefetch-locality=4" 2>&1 | FileCheck %s --check-prefix=E23 --implicit-check-not=error
// RUN: not dml-opt %s --dml-cpu-pipeline="caller-streaming-bytes=-1" 2>&1 | FileCheck %s --check-prefix=E24 --implicit-check-not=error
// RUN: not dml-opt %s --dml-cpu-pipeline="threads=1025" 2>&1 | FileCheck %s --check-prefix=E25 --implicit-check-not=error
// A stage pipeline names itself; the textual --pass-pipeline form too.
// RUN: not dml-opt %s --dml-codegen="items-per-thread=-1" 2>&1 | FileCheck %s --check-prefix=STAGE --implicit-check-not=error
// RUN: not dml-opt %s --pass-pipeline="builtin.module(dml-fuse{row-block-min-rows=0})" 2>&1 | FileCheck %s --check-prefix=TEXTUAL --implicit-check-not=error
// The first option out of range is the one error.
// RUN: not dml-opt %s --dml-cpu-pipeline="long-row-streams=9 threads=4096" 2>&1 | FileCheck %s --check-prefix=FIRST --implicit-check-not=error
// A negative thread count does not parse (threads is unsigned).
// RUN: not dml-opt %s --dml-cpu-pipeline="threads=-1" 2>&1 | FileCheck %s --check-prefix=NEGATIVE

// E0: error: dml-cpu-pipeline: option 'vector-bits' must be a power of two in [1, 1024], got 0
// E1: error: dml-cpu-pipeline: option 'vector-bits' must be a power of two in [1, 1024], got -512
// E2: error: dml-cpu-pipeline: option 'vector-bits' must be a power of two in [1, 1024], got 100
// E3: error: dml-cpu-pipeline: option 'vector-bits' must be a power of two in [1, 1024], got 2048
// E4: error: dml-cpu-pipeline: option 'items-per-thread' must be in [1, 65536], got 0
// E5: error: dml-cpu-pipeline: option 'items-per-thread' must be in [1, 65536], got 65537
// E6: error: dml-cpu-pipeline: option 'claims-per-thread' must be in [1, 65536], got 0
// E7: error: dml-cpu-pipeline: option 'claims-per-thread' must be in [1, 65536], got 65537
// E8: error: dml-cpu-pipeline: option 'long-row-claims-per-thread' must be in [0, 65536] (0: claims-per-thread), got -1
// E9: error: dml-cpu-pipeline: option 'long-row-claims-per-thread' must be in [0, 65536] (0: claims-per-thread), got 65537
// E10: error: dml-cpu-pipeline: option 'long-row-streams' must be in [1, 4], got 0
// E11: error: dml-cpu-pipeline: option 'long-row-streams' must be in [1, 4], got 5
// E12: error: dml-cpu-pipeline: option 'long-row-prefetch' must be in [0, 1073741824] (0: none), got -64
// E13: error: dml-cpu-pipeline: option 'long-row-prefetch' must be in [0, 1073741824] (0: none), got 1073741825
// E14: error: dml-cpu-pipeline: option 'long-row-prefetch-locality' must be in [0, 3], got -1
// E15: error: dml-cpu-pipeline: option 'long-row-prefetch-locality' must be in [0, 3], got 4
// E16: error: dml-cpu-pipeline: option 'row-block-bytes' must be at least 0 (0: one row per block), got -1
// E17: error: dml-cpu-pipeline: option 'row-block-min-rows' must be a power of two in [2, 8], got 1
// E18: error: dml-cpu-pipeline: option 'row-block-min-rows' must be a power of two in [2, 8], got 3
// E19: error: dml-cpu-pipeline: option 'row-block-min-rows' must be a power of two in [2, 8], got 16
// E20: error: dml-cpu-pipeline: option 'next-block-prefetch' must be in [0, 2147483647] (0: none), got -1
// E21: error: dml-cpu-pipeline: option 'next-block-prefetch' must be in [0, 2147483647] (0: none), got 2147483648
// E22: error: dml-cpu-pipeline: option 'next-block-prefetch-locality' must be in [0, 3], got -1
// E23: error: dml-cpu-pipeline: option 'next-block-prefetch-locality' must be in [0, 3], got 4
// E24: error: dml-cpu-pipeline: option 'caller-streaming-bytes' must be at least 0, got -1
// E25: error: dml-cpu-pipeline: option 'threads' must be in [0, 1024] (0: the OpenMP runtime chooses), got 1025
// STAGE: error: dml-codegen: option 'items-per-thread' must be in [1, 65536], got -1
// TEXTUAL: error: dml-fuse: option 'row-block-min-rows' must be a power of two in [2, 8], got 0
// FIRST: error: dml-cpu-pipeline: option 'long-row-streams' must be in [1, 4], got 9
// NEGATIVE: threads

// Two functions whose codegen and prefetch passes would each report a bad
// long-row-prefetch-locality or next-block-prefetch-locality.
func.func @sum_rows(%x: tensor<8x4096xf32>) -> tensor<8x1xf32> {
  %r = dml.reduce %x, function = sum, axes = [1] : tensor<8x4096xf32> -> tensor<8x1xf32>
  return %r : tensor<8x1xf32>
}

func.func @max_rows(%x: tensor<8x4096xf32>) -> tensor<8x1xf32> {
  %r = dml.reduce %x, function = max, axes = [1] : tensor<8x4096xf32> -> tensor<8x1xf32>
  return %r : tensor<8x1xf32>
}
