//===- Graph.h - DML-MLIR embedding API: graph builder ----------*- C++ -*-===//
//
// Builds a function of dml ops with DirectML's vocabulary:
//
//   dml::Graph g;
//   dml::Tensor x = g.input(dml::DataType::Float32, {64, 32000});
//   auto [v, i] = g.topK(x, /*axis=*/1, /*k=*/50,
//                        dml::AxisDirection::Decreasing);
//   g.output(v);
//   g.output(i);
//
// Every call is checked by the dml dialect's verifiers right away. A call
// that fails returns invalid tensors, records the verifier's message (see
// status() and lastStatus()) and leaves the graph as it was; later calls that
// use an invalid tensor fail too. Nothing aborts.
//
//===----------------------------------------------------------------------===//

#ifndef DML_COMPILER_GRAPH_H
#define DML_COMPILER_GRAPH_H

#include "dml/Compiler/Types.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace dml {

class Graph;

/// A value of a Graph: an input or an op result. Cheap to copy.
class Tensor {
public:
  Tensor() = default;
  /// False for tensors of failed calls (and default-constructed ones).
  bool valid() const { return owner != nullptr && id >= 0; }

private:
  friend class Graph;
  const void *owner = nullptr;
  int id = -1;
};

/// DML_SCALE_BIAS: the unary elementwise operators compute f(scale·x + bias).
struct ScaleBias {
  float scale = 1.0f;
  float bias = 0.0f;
};

/// The two results of topK (structured bindings: `auto [v, i] = ...`).
struct TopKResult {
  Tensor values;
  Tensor indices;
};

class Graph {
public:
  /// An empty graph; it becomes the public function `name` (a C identifier).
  /// `featureLevel` ("3.0", "5.1", ...) selects the DirectML tables the
  /// verifiers apply; empty means the newest (5.0 rules).
  explicit Graph(std::string name = "main", std::string featureLevel = "");
  ~Graph();
  Graph(Graph &&) noexcept;
  Graph &operator=(Graph &&) noexcept;
  Graph(const Graph &) = delete;
  Graph &operator=(const Graph &) = delete;

  /// A new input (function argument). `strides` in elements, as in
  /// DML_BUFFER_TENSOR_DESC (zero strides broadcast); none means packed.
  Tensor input(DataType dataType, std::vector<int64_t> sizes,
               std::optional<std::vector<int64_t>> strides = std::nullopt);
  Tensor input(const TensorDesc &desc);

  /// DML_TOP_K1_OPERATOR_DESC: values and indices (`indexType` UInt32 or,
  /// from feature level 5.0, UInt64).
  TopKResult topK(Tensor input, int32_t axis, int32_t k,
                  AxisDirection direction,
                  DataType indexType = DataType::UInt32);
  /// DML_ARGMAX_OPERATOR_DESC / DML_ARGMIN_OPERATOR_DESC.
  Tensor argMax(Tensor input, std::vector<int32_t> axes,
                AxisDirection direction = AxisDirection::Increasing,
                DataType outputType = DataType::UInt32);
  Tensor argMin(Tensor input, std::vector<int32_t> axes,
                AxisDirection direction = AxisDirection::Increasing,
                DataType outputType = DataType::UInt32);
  /// DML_REDUCE_OPERATOR_DESC; `indexType` is the output data type of
  /// ArgMax/ArgMin and ignored otherwise.
  Tensor reduce(Tensor input, ReduceFunction function,
                std::vector<int32_t> axes,
                DataType indexType = DataType::UInt32);
  /// DML_GATHER_OPERATOR_DESC.
  Tensor gather(Tensor input, Tensor indices, int32_t axis,
                int32_t indexDimensions);
  /// DML_ONE_HOT_OPERATOR_DESC. The output has the indices' sizes with
  /// `depth` at `axis` and the values' data type.
  Tensor oneHot(Tensor indices, Tensor values, int32_t axis, int64_t depth);
  /// Elementwise operators (DML_ELEMENT_WISE_*). As in DirectML, the
  /// operands and the output have the same sizes and data type (broadcast an
  /// operand through zero input strides); the data types each operator
  /// accepts are listed in docs/embedding.md. `scaleBias`, for float data
  /// types only, is applied to the input first. Integer add, subtract and
  /// multiply wrap around; integer divide truncates toward zero, x / 0 is 0
  /// and INT_MIN / -1 wraps to INT_MIN (DirectML leaves both undefined).
  /// DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC.
  Tensor identity(Tensor input,
                  std::optional<ScaleBias> scaleBias = std::nullopt);
  /// DML_ELEMENT_WISE_{ADD,SUBTRACT,MULTIPLY,DIVIDE,MAX,MIN}_OPERATOR_DESC.
  Tensor add(Tensor a, Tensor b);
  Tensor subtract(Tensor a, Tensor b);
  Tensor multiply(Tensor a, Tensor b);
  Tensor divide(Tensor a, Tensor b);
  Tensor max(Tensor a, Tensor b);
  Tensor min(Tensor a, Tensor b);
  /// DML_ELEMENT_WISE_{EXP,LOG,ABS}_OPERATOR_DESC.
  Tensor exp(Tensor input, std::optional<ScaleBias> scaleBias = std::nullopt);
  Tensor log(Tensor input, std::optional<ScaleBias> scaleBias = std::nullopt);
  Tensor abs(Tensor input, std::optional<ScaleBias> scaleBias = std::nullopt);
  /// DML_ELEMENT_WISE_CLIP_OPERATOR_DESC: min(max(x, minValue), maxValue),
  /// minValue <= maxValue; NaN stays NaN.
  Tensor clip(Tensor input, float minValue, float maxValue,
              std::optional<ScaleBias> scaleBias = std::nullopt);

  /// Makes `tensor` the next result of the function (a packed output).
  Status output(Tensor tensor);

  /// The description of a valid tensor of this graph.
  Expected<TensorDesc> desc(Tensor tensor) const;
  const std::vector<TensorDesc> &inputs() const;
  std::vector<TensorDesc> outputs() const;
  const std::string &name() const;

  /// The first error of any call so far (success if none).
  Status status() const;
  /// The outcome of the most recent call.
  Status lastStatus() const;

  /// The function as MLIR text (custom assembly form).
  std::string toMLIR() const;

  /// Implementation (MLIR) details; not part of the API.
  struct Impl;

private:
  friend class Compiler;
  friend struct GraphAccess;
  std::unique_ptr<Impl> impl;
};

} // namespace dml

#endif // DML_COMPILER_GRAPH_H
