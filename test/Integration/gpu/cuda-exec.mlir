// Execution test of the GPU target (ctest label `cuda`, see cuda-exec.c).
func.func @rowsum(%x: tensor<300x70xf32>) -> tensor<300x1xf32> {
  %0 = dml.reduce %x, function = sum, axes = [1] : tensor<300x70xf32> -> tensor<300x1xf32>
  return %0 : tensor<300x1xf32>
}

func.func @colmax(%x: tensor<300x70xf32>) -> tensor<1x70xui32> {
  %0 = dml.arg_max %x, axes = [0], direction = increasing : tensor<300x70xf32> -> tensor<1x70xui32>
  return %0 : tensor<1x70xui32>
}

func.func @rows(%x: tensor<300x70xf32>, %i: tensor<1x9xi32>) -> tensor<9x70xf32> {
  %0 = dml.gather %x, %i, axis = 0, index_dimensions = 1 : (tensor<300x70xf32>, tensor<1x9xi32>) -> tensor<9x70xf32>
  return %0 : tensor<9x70xf32>
}

func.func @onehot(%i: tensor<9x1xi32>, %v: tensor<1x2xf32>) -> tensor<9x16xf32> {
  %0 = dml.one_hot %i, %v, axis = 1 : (tensor<9x1xi32>, tensor<1x2xf32>) -> tensor<9x16xf32>
  return %0 : tensor<9x16xf32>
}

// Long reductions are split into 32 partials (contiguous and strided).
func.func @widelse(%x: tensor<8x4096xf32>) -> tensor<8x1xf32> {
  %0 = dml.reduce %x, function = log_sum_exp, axes = [1] : tensor<8x4096xf32> -> tensor<8x1xf32>
  return %0 : tensor<8x1xf32>
}

func.func @tallsum(%x: tensor<4096x8xf32>) -> tensor<1x8xf32> {
  %0 = dml.reduce %x, function = sum, axes = [0] : tensor<4096x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// top_k: along the strided axis 0 with ties (increasing), and rows of
// 16384 with K = 5000 (the candidate lists in global scratch).
func.func @topcols(%x: tensor<300x70xf32>) -> (tensor<20x70xf32>, tensor<20x70xui32>) {
  %v, %i = dml.top_k %x, axis = 0, k = 20, direction = increasing : tensor<300x70xf32> -> tensor<20x70xf32>, tensor<20x70xui32>
  return %v, %i : tensor<20x70xf32>, tensor<20x70xui32>
}

func.func @topbig(%x: tensor<2x16384xf32>) -> (tensor<2x5000xf32>, tensor<2x5000xui64>) {
  %v, %i = dml.top_k %x, axis = 1, k = 5000, direction = decreasing : tensor<2x16384xf32> -> tensor<2x5000xf32>, tensor<2x5000xui64>
  return %v, %i : tensor<2x5000xf32>, tensor<2x5000xui64>
}
