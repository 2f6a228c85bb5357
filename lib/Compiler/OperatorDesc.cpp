//===- OperatorDesc.cpp - DirectML-style operator descriptions ------------===//

#include "dml/Compiler/Compiler.h"
#include "dml/Compiler/OperatorDesc.h"

#include "Internal.h"

using namespace dml;

Expected<TensorDesc> dml::toTensorDesc(const BufferTensorDesc *desc,
                                       const char *field) {
  std::string name = field;
  if (!desc)
    return Status::error(name + " is null");
  if (!isKnownDataType(desc->DataType))
    return Status::error(name + ".DataType is not a DML_TENSOR_DATA_TYPE (" +
                         std::to_string(static_cast<unsigned>(desc->DataType)) +
                         ")");
  if (desc->DimensionCount > 8)
    return Status::error(name + ".DimensionCount must be at most 8, got " +
                         std::to_string(desc->DimensionCount));
  if (desc->DimensionCount && !desc->Sizes)
    return Status::error(name + ".Sizes is null");
  TensorDesc result;
  result.dataType = desc->DataType;
  result.sizes.assign(desc->Sizes, desc->Sizes + desc->DimensionCount);
  if (desc->Strides)
    result.strides = std::vector<int64_t>(desc->Strides,
                                          desc->Strides + desc->DimensionCount);
  if (desc->TotalTensorSizeInBytes != 0 &&
      desc->TotalTensorSizeInBytes < result.minimumBufferBytes())
    return Status::error(name + ".TotalTensorSizeInBytes is " +
                         std::to_string(desc->TotalTensorSizeInBytes) +
                         "; the sizes and strides need at least " +
                         std::to_string(result.minimumBufferBytes()));
  return result;
}

/// Checks that the graph's output matches the description's output tensor.
static Status checkOutput(const Graph &graph, Tensor tensor,
                          const BufferTensorDesc *desc, const char *field) {
  if (!tensor.valid())
    return graph.lastStatus();
  Expected<TensorDesc> expected = toTensorDesc(desc, field);
  if (!expected)
    return expected.status();
  if (!expected->isPacked())
    return Status::error(std::string(field) +
                         ": output strides other than packed are not "
                         "supported");
  Expected<TensorDesc> actual = graph.desc(tensor);
  if (!actual)
    return actual.status();
  if (actual->dataType != expected->dataType ||
      actual->sizes != expected->sizes)
    return Status::error(std::string(field) + " is " + expected->str() +
                         ", but the operator produces " + actual->str());
  return Status::success();
}

static std::vector<int32_t> toAxes(uint32_t count, const uint32_t *axes) {
  std::vector<int32_t> result;
  for (uint32_t i = 0; axes && i < count; ++i)
    result.push_back(static_cast<int32_t>(axes[i]));
  return result;
}

Expected<Graph> dml::buildOperatorGraph(const OperatorDesc &op,
                                        const std::string &name) {
  if (!op.Desc)
    return Status::error("OperatorDesc.Desc is null");
  Graph graph(name);
  auto input = [&](const BufferTensorDesc *desc,
                   const char *field) -> Expected<Tensor> {
    Expected<TensorDesc> tensorDesc = toTensorDesc(desc, field);
    if (!tensorDesc)
      return tensorDesc.status();
    Tensor tensor = graph.input(*tensorDesc);
    if (!tensor.valid())
      return Status::error(std::string(field) + ": " +
                           graph.lastStatus().message());
    return tensor;
  };
  auto finish = [&](std::vector<std::pair<Tensor, std::pair<const BufferTensorDesc *, const char *>>> outputs)
      -> Status {
    for (auto &[tensor, field] : outputs) {
      Status status = checkOutput(graph, tensor, field.first, field.second);
      if (!status.ok())
        return status;
    }
    for (auto &output : outputs)
      graph.output(output.first);
    return graph.status();
  };

  Status status;
  switch (op.Type) {
  case OperatorType::TopK1: {
    auto &d = *static_cast<const TopK1OperatorDesc *>(op.Desc);
    Expected<Tensor> x = input(d.InputTensor, "InputTensor");
    if (!x)
      return x.status();
    if (!d.OutputIndexTensor)
      return Status::error("OutputIndexTensor is null");
    auto [values, indices] =
        graph.topK(*x, static_cast<int32_t>(d.Axis), static_cast<int32_t>(d.K),
                   d.AxisDirection, d.OutputIndexTensor->DataType);
    status = finish({{values, {d.OutputValueTensor, "OutputValueTensor"}},
                     {indices, {d.OutputIndexTensor, "OutputIndexTensor"}}});
    break;
  }
  case OperatorType::ArgMax:
  case OperatorType::ArgMin: {
    auto &d = *static_cast<const ArgMaxOperatorDesc *>(op.Desc);
    Expected<Tensor> x = input(d.InputTensor, "InputTensor");
    if (!x)
      return x.status();
    if (!d.OutputTensor)
      return Status::error("OutputTensor is null");
    std::vector<int32_t> axes = toAxes(d.AxisCount, d.Axes);
    Tensor y = op.Type == OperatorType::ArgMax
                   ? graph.argMax(*x, axes, d.AxisDirection,
                                  d.OutputTensor->DataType)
                   : graph.argMin(*x, axes, d.AxisDirection,
                                  d.OutputTensor->DataType);
    status = finish({{y, {d.OutputTensor, "OutputTensor"}}});
    break;
  }
  case OperatorType::Reduce: {
    auto &d = *static_cast<const ReduceOperatorDesc *>(op.Desc);
    Expected<Tensor> x = input(d.InputTensor, "InputTensor");
    if (!x)
      return x.status();
    if (!d.OutputTensor)
      return Status::error("OutputTensor is null");
    Tensor y = graph.reduce(*x, d.Function, toAxes(d.AxisCount, d.Axes),
                            d.OutputTensor->DataType);
    status = finish({{y, {d.OutputTensor, "OutputTensor"}}});
    break;
  }
  case OperatorType::Gather: {
    auto &d = *static_cast<const GatherOperatorDesc *>(op.Desc);
    Expected<Tensor> x = input(d.InputTensor, "InputTensor");
    if (!x)
      return x.status();
    Expected<Tensor> j = input(d.IndicesTensor, "IndicesTensor");
    if (!j)
      return j.status();
    Tensor y = graph.gather(*x, *j, static_cast<int32_t>(d.Axis),
                            static_cast<int32_t>(d.IndexDimensions));
    status = finish({{y, {d.OutputTensor, "OutputTensor"}}});
    break;
  }
  case OperatorType::OneHot: {
    auto &d = *static_cast<const OneHotOperatorDesc *>(op.Desc);
    Expected<Tensor> j = input(d.IndicesTensor, "IndicesTensor");
    if (!j)
      return j.status();
    Expected<Tensor> w = input(d.ValuesTensor, "ValuesTensor");
    if (!w)
      return w.status();
    Expected<TensorDesc> out = toTensorDesc(d.OutputTensor, "OutputTensor");
    if (!out)
      return out.status();
    int64_t depth = d.Axis < out->sizes.size() ? out->sizes[d.Axis] : 1;
    Tensor y = graph.oneHot(*j, *w, static_cast<int32_t>(d.Axis), depth);
    status = finish({{y, {d.OutputTensor, "OutputTensor"}}});
    break;
  }
  }
  if (static_cast<uint32_t>(op.Type) > static_cast<uint32_t>(OperatorType::OneHot))
    return Status::error("unknown operator type " +
                         std::to_string(static_cast<uint32_t>(op.Type)));
  if (!status.ok())
    return status;
  return std::move(graph);
}
