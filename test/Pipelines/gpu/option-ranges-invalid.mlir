// dml-gpu-pipeline and its stages reject every numeric option outside its
// valid values when the pipeline is built: one error naming the pipeline,
// the option, the valid values and the value, a non-zero exit (before,
// lane-column-threads=0 and split-ratio=0 divided by zero in dml-opt, and
// most others were clamped or accepted silently). Ranges: docs/pipeline.md,
// validateGPUPipelineOptions.
// RUN: not dml-opt %s --dml-gpu-pipeline="block-size=0" 2>&1 | FileCheck %s --check-prefix=G0 --implicit-check-not=error
// RUN: not dml-opt %s --dml-gpu-pipeline="block-size=1025" 2>&1 | FileCheck %s --check-prefix=G1 --implicit-check-not=error
// RUN: not dml-opt %s --dml-gpu-pipeline="split-ratio=0" 2>&1 | FileCheck %s --check-prefix=G2 --implicit-check-not=error
// RUN: not dml-opt %s --dml-gpu-pipeline="split-ratio=1025" 2>&1 | FileCheck %s --check-prefix=G3 --implicit-check-not=error
// RUN: not dml-opt %s --dml-gpu-pipeline="unroll=0" 2>&1 | FileCheck %s --check-prefix=G4 --implicit-check-not=error
// RUN: not dml-opt %s --dml-gpu-pipeline="unroll=65" 2>&1 | FileCheck %s --check-prefix=G5 --implicit-check-not=error
// RUN: not dml-opt %s --dml-gpu-pipeline="vector-store-min-elements=-1" 2>&1 | FileCheck %s --check-prefix=G6 --implicit-check-not=error
// RUN: not dml-opt %s --dml-gpu-pipeline="vector-store-groups=0" 2>&1 | FileCheck %s --check-prefix=G7 --implicit-check-not=error
// RUN: not dml-opt %s --dml-gpu-pipeline="vector-store-groups=65" 2>&1 | FileCheck %s --check-prefix=G8 --implicit-check-not=error
// RUN: not dml-opt %s --dml-gpu-pipeline="lane-column-threads=0" 2>&1 | FileCheck %s --check-prefix=G9 --implicit-check-not=error
// RUN: not dml-opt %s --dml-gpu-pipeline="lane-column-threads=3" 2>&1 | FileCheck %s --check-prefix=G10 --implicit-check-not=error
// RUN: not dml-opt %s --dml-gpu-pipeline="lane-column-threads=64" 2>&1 | FileCheck %s --check-prefix=G11 --implicit-check-not=error
// RUN: not dml-opt %s --dml-gpu-pipeline="row-threads=16" 2>&1 | FileCheck %s --check-prefix=G12 --implicit-check-not=error
// RUN: not dml-opt %s --dml-gpu-pipeline="row-threads=96" 2>&1 | FileCheck %s --check-prefix=G13 --implicit-check-not=error
// RUN: not dml-opt %s --dml-gpu-pipeline="row-threads=2048" 2>&1 | FileCheck %s --check-prefix=G14 --implicit-check-not=error
// RUN: not dml-opt %s --dml-gpu-pipeline="min-reduced=0" 2>&1 | FileCheck %s --check-prefix=G15 --implicit-check-not=error
// RUN: not dml-opt %s --dml-gpu-map="unroll=-4" 2>&1 | FileCheck %s --check-prefix=STAGE --implicit-check-not=error
// The ends of the ranges are accepted: the whole pipeline embeds PTX.
// RUN: dml-opt %s --dml-gpu-pipeline="block-size=1 split-ratio=1 unroll=1 vector-store-min-elements=0 vector-store-groups=1 lane-column-threads=1 row-threads=32 min-reduced=1" | FileCheck %s --check-prefix=OK
// RUN: dml-opt %s --dml-gpu-pipeline="block-size=1024 split-ratio=1024 unroll=64 vector-store-groups=64 lane-column-threads=32 row-threads=1024" | FileCheck %s --check-prefix=OK

// G0: error: dml-gpu-pipeline: option 'block-size' must be in [1, 1024], got 0
// G1: error: dml-gpu-pipeline: option 'block-size' must be in [1, 1024], got 1025
// G2: error: dml-gpu-pipeline: option 'split-ratio' must be in [1, 1024] (1: none), got 0
// G3: error: dml-gpu-pipeline: option 'split-ratio' must be in [1, 1024] (1: none), got 1025
// G4: error: dml-gpu-pipeline: option 'unroll' must be in [1, 64] (1: none), got 0
// G5: error: dml-gpu-pipeline: option 'unroll' must be in [1, 64] (1: none), got 65
// G6: error: dml-gpu-pipeline: option 'vector-store-min-elements' must be at least 0, got -1
// G7: error: dml-gpu-pipeline: option 'vector-store-groups' must be in [1, 64], got 0
// G8: error: dml-gpu-pipeline: option 'vector-store-groups' must be in [1, 64], got 65
// G9: error: dml-gpu-pipeline: option 'lane-column-threads' must be a power of two in [1, 32], got 0
// G10: error: dml-gpu-pipeline: option 'lane-column-threads' must be a power of two in [1, 32], got 3
// G11: error: dml-gpu-pipeline: option 'lane-column-threads' must be a power of two in [1, 32], got 64
// G12: error: dml-gpu-pipeline: option 'row-threads' must be a power of two in [32, 1024], got 16
// G13: error: dml-gpu-pipeline: option 'row-threads' must be a power of two in [32, 1024], got 96
// G14: error: dml-gpu-pipeline: option 'row-threads' must be a power of two in [32, 1024], got 2048
// G15: error: dml-gpu-pipeline: option 'min-reduced' must be at least 1, got 0
// STAGE: error: dml-gpu-map: option 'unroll' must be in [1, 64] (1: none), got -4
// OK: gpu.binary

func.func @sum_rows(%x: tensor<64x4096xf32>) -> tensor<64x1xf32> {
  %r = dml.reduce %x, function = sum, axes = [1] : tensor<64x4096xf32> -> tensor<64x1xf32>
  return %r : tensor<64x1xf32>
}

func.func @sum_columns(%x: tensor<4096x64xf32>) -> tensor<1x64xf32> {
  %r = dml.reduce %x, function = sum, axes = [0] : tensor<4096x64xf32> -> tensor<1x64xf32>
  return %r : tensor<1x64xf32>
}
