//===- DMLMLIRModule.cpp - Python bindings of the embedding API -----------===//
//
// The extension `dml_mlir._core`: thin pybind11 bindings of
// dml/Compiler/*.h. The `dml_mlir` package (dml_mlir/__init__.py) adds the
// numpy side (dtype and shape checks, zero-copy inputs, outputs). Every
// error becomes a `dml_mlir.Error` carrying the compiler's message.
//
//===----------------------------------------------------------------------===//

#include "dml/Compiler/Compiler.h"
#include "dml/Compiler/Graph.h"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <stdexcept>

namespace py = pybind11;
using namespace dml;

namespace {

/// Raised for every error of the compiler; becomes dml_mlir.Error.
struct DmlError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void check(const Status &status) {
  if (!status.ok())
    throw DmlError(status.message());
}

template <typename T> T take(Expected<T> value) {
  if (!value)
    throw DmlError(value.message());
  return std::move(*value);
}

/// A graph tensor that fails when its builder call failed.
Tensor checked(const Graph &graph, Tensor tensor) {
  if (!tensor.valid())
    throw DmlError(graph.lastStatus().message());
  return tensor;
}

/// The Python side owns a Graph; tensors keep it alive.
struct PyGraph {
  explicit PyGraph(std::string name, std::string featureLevel)
      : graph(std::move(name), std::move(featureLevel)) {}
  Graph graph;
};

struct PyTensor {
  std::shared_ptr<PyGraph> owner;
  Tensor tensor;
};

PyTensor wrap(const std::shared_ptr<PyGraph> &graph, Tensor tensor) {
  return PyTensor{graph, checked(graph->graph, tensor)};
}

Tensor unwrap(const std::shared_ptr<PyGraph> &graph, const PyTensor &value,
              const char *what) {
  if (value.owner != graph)
    throw DmlError(std::string(what) + " is a tensor of another graph");
  return value.tensor;
}

CompileOptions makeOptions(unsigned optLevel, unsigned threads, bool vectorize,
                           int64_t vectorBits, bool diskCache) {
  CompileOptions options;
  options.optLevel = optLevel;
  options.threads = threads;
  options.vectorize = vectorize;
  options.vectorBits = vectorBits;
  options.diskCache = diskCache;
  return options;
}

/// (scale, bias) from Python, or none.
using PyScaleBias = std::optional<std::pair<float, float>>;

std::optional<ScaleBias> toScaleBias(const PyScaleBias &value) {
  if (!value)
    return std::nullopt;
  return ScaleBias{value->first, value->second};
}

using PyGraphClass = py::class_<PyGraph, std::shared_ptr<PyGraph>>;

/// The one-operand elementwise calls of Graph (with their scale and bias).
struct UnaryBinding {
  const char *name;
  Tensor (Graph::*method)(Tensor, std::optional<ScaleBias>);
};
const UnaryBinding kUnaryBindings[] = {
    {"identity", &Graph::identity},
    {"exp", &Graph::exp},
    {"log", &Graph::log},
    {"abs", &Graph::abs},
};

/// The two-operand elementwise calls of Graph.
struct BinaryBinding {
  const char *name;
  Tensor (Graph::*method)(Tensor, Tensor);
};
const BinaryBinding kBinaryBindings[] = {
    {"add", &Graph::add},           {"subtract", &Graph::subtract},
    {"multiply", &Graph::multiply}, {"divide", &Graph::divide},
    {"max", &Graph::max},           {"min", &Graph::min},
};

/// The arg reductions of Graph.
struct ArgReduceBinding {
  const char *name;
  Tensor (Graph::*method)(Tensor, std::vector<int32_t>, AxisDirection,
                          DataType);
};
const ArgReduceBinding kArgReduceBindings[] = {
    {"arg_max", &Graph::argMax},
    {"arg_min", &Graph::argMin},
};

void defElementwiseAndArgReductions(PyGraphClass &graph) {
  for (const UnaryBinding &binding : kUnaryBindings)
    graph.def(
        binding.name,
        [method = binding.method](const std::shared_ptr<PyGraph> &g,
                                  const PyTensor &input,
                                  const PyScaleBias &scaleBias) {
          return wrap(g, (g->graph.*method)(unwrap(g, input, "input"),
                                            toScaleBias(scaleBias)));
        },
        py::arg("input"), py::arg("scale_bias") = py::none());
  for (const BinaryBinding &binding : kBinaryBindings)
    graph.def(
        binding.name,
        [method = binding.method](const std::shared_ptr<PyGraph> &g,
                                  const PyTensor &a, const PyTensor &b) {
          return wrap(g,
                      (g->graph.*method)(unwrap(g, a, "a"), unwrap(g, b, "b")));
        },
        py::arg("a"), py::arg("b"));
  for (const ArgReduceBinding &binding : kArgReduceBindings)
    graph.def(
        binding.name,
        [method =
             binding.method](const std::shared_ptr<PyGraph> &g,
                             const PyTensor &input, std::vector<int32_t> axes,
                             AxisDirection direction, DataType outputType) {
          return wrap(g, (g->graph.*method)(unwrap(g, input, "input"),
                                            std::move(axes), direction,
                                            outputType));
        },
        py::arg("input"), py::arg("axes"), py::arg("direction"),
        py::arg("output_type"));
}

py::dict toDict(const CompileTimes &times) {
  py::dict dict;
  dict["pipeline_ms"] = times.pipelineMs;
  dict["codegen_ms"] = times.codegenMs;
  dict["total_ms"] = times.totalMs;
  dict["cached"] = times.cached;
  return dict;
}

} // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "Bindings of the DML-MLIR embedding API (use the dml_mlir "
            "package)";
  py::register_exception<DmlError>(m, "Error", PyExc_RuntimeError);

  py::enum_<DataType>(m, "DataType")
      .value("FLOAT32", DataType::Float32)
      .value("FLOAT16", DataType::Float16)
      .value("UINT32", DataType::UInt32)
      .value("UINT16", DataType::UInt16)
      .value("UINT8", DataType::UInt8)
      .value("INT32", DataType::Int32)
      .value("INT16", DataType::Int16)
      .value("INT8", DataType::Int8)
      .value("FLOAT64", DataType::Float64)
      .value("UINT64", DataType::UInt64)
      .value("INT64", DataType::Int64);
  py::enum_<AxisDirection>(m, "AxisDirection")
      .value("INCREASING", AxisDirection::Increasing)
      .value("DECREASING", AxisDirection::Decreasing);
  py::enum_<ReduceFunction>(m, "ReduceFunction")
      .value("ARGMAX", ReduceFunction::ArgMax)
      .value("ARGMIN", ReduceFunction::ArgMin)
      .value("AVERAGE", ReduceFunction::Average)
      .value("L1", ReduceFunction::L1)
      .value("L2", ReduceFunction::L2)
      .value("LOG_SUM", ReduceFunction::LogSum)
      .value("LOG_SUM_EXP", ReduceFunction::LogSumExp)
      .value("MAX", ReduceFunction::Max)
      .value("MIN", ReduceFunction::Min)
      .value("MULTIPLY", ReduceFunction::Multiply)
      .value("SUM", ReduceFunction::Sum)
      .value("SUM_SQUARE", ReduceFunction::SumSquare);

  py::class_<TensorDesc>(m, "TensorDesc")
      .def(py::init([](DataType dataType, std::vector<int64_t> sizes,
                       std::optional<std::vector<int64_t>> strides) {
             return TensorDesc(dataType, std::move(sizes), std::move(strides));
           }),
           py::arg("data_type"), py::arg("sizes"),
           py::arg("strides") = py::none())
      .def_readonly("data_type", &TensorDesc::dataType)
      .def_readonly("sizes", &TensorDesc::sizes)
      .def_property_readonly("strides", &TensorDesc::effectiveStrides)
      .def_property_readonly("is_packed", &TensorDesc::isPacked)
      .def_property_readonly("minimum_buffer_bytes",
                             &TensorDesc::minimumBufferBytes)
      .def("__repr__",
           [](const TensorDesc &desc) {
             return "TensorDesc(" + desc.str() + ")";
           })
      .def("__eq__",
           [](const TensorDesc &a, const TensorDesc &b) { return a == b; });

  py::class_<PyTensor>(m, "Tensor")
      .def_property_readonly("desc", [](const PyTensor &t) {
        return take(t.owner->graph.desc(t.tensor));
      });

  PyGraphClass graph(m, "Graph");
  graph
      .def(py::init<std::string, std::string>(), py::arg("name") = "main",
           py::arg("feature_level") = "")
      .def(
          "input",
          [](const std::shared_ptr<PyGraph> &g, DataType dataType,
             std::vector<int64_t> sizes,
             std::optional<std::vector<int64_t>> strides) {
            return wrap(g, g->graph.input(dataType, std::move(sizes),
                                          std::move(strides)));
          },
          py::arg("data_type"), py::arg("sizes"),
          py::arg("strides") = py::none())
      .def(
          "top_k",
          [](const std::shared_ptr<PyGraph> &g, const PyTensor &input,
             int32_t axis, int32_t k, AxisDirection direction,
             DataType indexType) {
            TopKResult result = g->graph.topK(unwrap(g, input, "input"), axis,
                                              k, direction, indexType);
            return py::make_tuple(wrap(g, result.values),
                                  wrap(g, result.indices));
          },
          py::arg("input"), py::arg("axis"), py::arg("k"), py::arg("direction"),
          py::arg("index_type"))
      .def(
          "reduce",
          [](const std::shared_ptr<PyGraph> &g, const PyTensor &input,
             ReduceFunction function, std::vector<int32_t> axes,
             DataType indexType) {
            return wrap(g, g->graph.reduce(unwrap(g, input, "input"), function,
                                           std::move(axes), indexType));
          },
          py::arg("input"), py::arg("function"), py::arg("axes"),
          py::arg("index_type"))
      .def(
          "gather",
          [](const std::shared_ptr<PyGraph> &g, const PyTensor &input,
             const PyTensor &indices, int32_t axis, int32_t indexDimensions) {
            return wrap(g, g->graph.gather(unwrap(g, input, "input"),
                                           unwrap(g, indices, "indices"), axis,
                                           indexDimensions));
          },
          py::arg("input"), py::arg("indices"), py::arg("axis"),
          py::arg("index_dimensions"))
      .def(
          "one_hot",
          [](const std::shared_ptr<PyGraph> &g, const PyTensor &indices,
             const PyTensor &values, int32_t axis, int64_t depth) {
            return wrap(g, g->graph.oneHot(unwrap(g, indices, "indices"),
                                           unwrap(g, values, "values"), axis,
                                           depth));
          },
          py::arg("indices"), py::arg("values"), py::arg("axis"),
          py::arg("depth"))
      .def(
          "output",
          [](const std::shared_ptr<PyGraph> &g, const PyTensor &tensor) {
            check(g->graph.output(unwrap(g, tensor, "output")));
          },
          py::arg("tensor"))
      .def_property_readonly(
          "name",
          [](const std::shared_ptr<PyGraph> &g) { return g->graph.name(); })
      .def_property_readonly(
          "inputs",
          [](const std::shared_ptr<PyGraph> &g) { return g->graph.inputs(); })
      .def_property_readonly(
          "outputs",
          [](const std::shared_ptr<PyGraph> &g) { return g->graph.outputs(); })
      .def("to_mlir",
           [](const std::shared_ptr<PyGraph> &g) { return g->graph.toMLIR(); })
      .def(
          "clip",
          [](const std::shared_ptr<PyGraph> &g, const PyTensor &input,
             float minValue, float maxValue, const PyScaleBias &scaleBias) {
            return wrap(g, g->graph.clip(unwrap(g, input, "input"), minValue,
                                         maxValue, toScaleBias(scaleBias)));
          },
          py::arg("input"), py::arg("min"), py::arg("max"),
          py::arg("scale_bias") = py::none());
  defElementwiseAndArgReductions(graph);

  py::class_<Kernel, std::shared_ptr<Kernel>>(m, "Kernel")
      .def_property_readonly("name", &Kernel::name)
      .def_property_readonly("inputs", &Kernel::inputs)
      .def_property_readonly("outputs", &Kernel::outputs)
      .def_property_readonly("threads", &Kernel::threads)
      .def_property_readonly(
          "compile_times",
          [](const Kernel &k) { return toDict(k.compileTimes()); })
      .def_property_readonly("temporary_bytes", &Kernel::temporaryBytes)
      .def_property_readonly("persistent_bytes", &Kernel::persistentBytes)
      .def_property_readonly_static(
          "workspace_alignment",
          [](py::object) { return Kernel::workspaceAlignment; })
      .def(
          "_run",
          [](const Kernel &k, const std::vector<uintptr_t> &inputs,
             const std::vector<uintptr_t> &outputs, uintptr_t workspace,
             size_t workspaceBytes) {
            std::vector<const void *> in;
            for (uintptr_t address : inputs)
              in.push_back(reinterpret_cast<const void *>(address));
            std::vector<void *> out;
            for (uintptr_t address : outputs)
              out.push_back(reinterpret_cast<void *>(address));
            Status status;
            {
              py::gil_scoped_release release;
              status = k.run(in, out, reinterpret_cast<void *>(workspace),
                             workspaceBytes);
            }
            check(status);
          },
          py::arg("inputs"), py::arg("outputs"), py::arg("workspace") = 0,
          py::arg("workspace_bytes") = 0);

  py::class_<Compiler>(m, "Compiler")
      .def(py::init([](bool diskCache, std::string cacheDir,
                       uint64_t maxCacheBytes) {
             DiskCacheOptions options;
             options.enabled = diskCache;
             options.directory = std::move(cacheDir);
             options.maxBytes = maxCacheBytes;
             return std::make_unique<Compiler>(options);
           }),
           py::arg("disk_cache") = true, py::arg("cache_dir") = "",
           py::arg("max_cache_bytes") = 0)
      .def(
          "compile",
          [](Compiler &c, const std::shared_ptr<PyGraph> &g, unsigned optLevel,
             unsigned threads, bool vectorize, int64_t vectorBits,
             bool diskCache) {
            CompileOptions options = makeOptions(optLevel, threads, vectorize,
                                                 vectorBits, diskCache);
            Expected<KernelPtr> kernel = [&] {
              py::gil_scoped_release release;
              return c.compile(g->graph, options);
            }();
            return std::const_pointer_cast<Kernel>(take(std::move(kernel)));
          },
          py::arg("graph"), py::arg("opt_level") = 3, py::arg("threads") = 1,
          py::arg("vectorize") = true, py::arg("vector_bits") = 0,
          py::arg("disk_cache") = true)
      .def(
          "compile_mlir",
          [](Compiler &c, const std::string &text, const std::string &function,
             unsigned optLevel, unsigned threads, bool vectorize,
             int64_t vectorBits, bool diskCache) {
            CompileOptions options = makeOptions(optLevel, threads, vectorize,
                                                 vectorBits, diskCache);
            Expected<KernelPtr> kernel = [&] {
              py::gil_scoped_release release;
              return c.compileMLIR(text, function, options);
            }();
            return std::const_pointer_cast<Kernel>(take(std::move(kernel)));
          },
          py::arg("text"), py::arg("function") = "", py::arg("opt_level") = 3,
          py::arg("threads") = 1, py::arg("vectorize") = true,
          py::arg("vector_bits") = 0, py::arg("disk_cache") = true)
      .def("cache_statistics",
           [](const Compiler &c) {
             CacheStatistics s = c.cacheStatistics();
             py::dict dict;
             dict["hits"] = s.hits;
             dict["misses"] = s.misses;
             dict["entries"] = s.entries;
             dict["disk_hits"] = s.diskHits;
             dict["disk_misses"] = s.diskMisses;
             dict["disk_rejected"] = s.diskRejected;
             dict["raw_hits"] = s.rawHits;
             dict["raw_misses"] = s.rawMisses;
             return dict;
           })
      .def("clear_cache", &Compiler::clearCache)
      .def_property_readonly("disk_cache_directory",
                             &Compiler::diskCacheDirectory);
}
