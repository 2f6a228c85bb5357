//===- Graph.cpp - DML-MLIR embedding API: graph builder ------------------===//

#include "GraphImpl.h"

#include "dml/Dialect/DML/IR/DMLDialect.h"
#include "dml/Dialect/DML/IR/DMLOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

using namespace dml;
using mlir::Value;

static bool isIdentifier(const std::string &name) {
  if (name.empty() ||
      !(isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_'))
    return false;
  for (char c : name)
    if (!(isalnum(static_cast<unsigned char>(c)) || c == '_'))
      return false;
  return true;
}

Graph::Graph(std::string name, std::string featureLevel)
    : impl(std::make_unique<Impl>()) {
  impl->context = createContext();
  mlir::MLIRContext *context = impl->context.get();
  // The elementwise operators build linalg.generic ops of arith/math ops.
  context->loadDialect<mlir::arith::ArithDialect, mlir::linalg::LinalgDialect,
                       mlir::math::MathDialect, mlir::tensor::TensorDialect>();
  mlir::OpBuilder b(context);
  mlir::Location loc = b.getUnknownLoc();
  impl->module = mlir::ModuleOp::create(loc);
  if (!isIdentifier(name)) {
    impl->fail("graph name '" + name +
               "' is not a C identifier ([A-Za-z_][A-Za-z0-9_]*)");
    name = "main";
  }
  impl->name = name;
  if (!featureLevel.empty()) {
    auto attr = b.getNamedAttr(mlir::dml::DMLDialect::getFeatureLevelAttrName(),
                               b.getStringAttr(featureLevel));
    DiagnosticCapture capture(context);
    auto *dialect = context->getLoadedDialect<mlir::dml::DMLDialect>();
    if (mlir::failed(dialect->verifyOperationAttribute(*impl->module, attr)))
      impl->fail(capture.firstError("invalid feature level"));
    else
      (*impl->module)->setAttr(attr.getName(), attr.getValue());
  }
  b.setInsertionPointToEnd(impl->module->getBody());
  impl->function = mlir::func::FuncOp::create(
      b, loc, name, mlir::FunctionType::get(context, {}, {}));
  mlir::Block *entry = impl->function.addEntryBlock();
  b.setInsertionPointToEnd(entry);
  impl->returnOp = mlir::func::ReturnOp::create(b, loc);
}

Graph::~Graph() = default;
Graph::Graph(Graph &&) noexcept = default;
Graph &Graph::operator=(Graph &&) noexcept = default;

Tensor Graph::input(DataType dataType, std::vector<int64_t> sizes,
                    std::optional<std::vector<int64_t>> strides) {
  return input(TensorDesc(dataType, std::move(sizes), std::move(strides)));
}

Tensor Graph::input(const TensorDesc &desc) {
  Impl &g = *impl;
  unsigned index = g.function.getNumArguments();
  std::string what = "input " + std::to_string(index);
  if (!g.checkDataType(desc.dataType, what.c_str()))
    return Tensor();
  for (size_t dim = 0; dim < desc.sizes.size(); ++dim)
    if (desc.sizes[dim] < 1) {
      g.fail(what + " dimension " + std::to_string(dim) +
             " must be >= 1 (DirectML sizes are positive), got " +
             std::to_string(desc.sizes[dim]));
      return Tensor();
    }
  auto type =
      mlir::RankedTensorType::get(desc.sizes, g.getElementType(desc.dataType));
  (void)g.function.insertArgument(index, type, {}, g.function.getLoc());
  if (desc.strides) {
    mlir::Builder b(g.context.get());
    auto attr = b.getNamedAttr(mlir::dml::DMLDialect::getStridesAttrName(),
                               b.getDenseI64ArrayAttr(*desc.strides));
    DiagnosticCapture capture(g.context.get());
    auto *dialect = g.context->getLoadedDialect<mlir::dml::DMLDialect>();
    if (mlir::failed(
            dialect->verifyRegionArgAttribute(g.function, 0, index, attr))) {
      (void)g.function.eraseArgument(index);
      g.fail(capture.firstError("invalid strides"));
      return Tensor();
    }
    g.function.setArgAttr(index, attr.getName(), attr.getValue());
  }
  g.inputDescs.push_back(desc);
  g.succeed();
  return g.makeTensor(g.function.getArgument(index));
}

TopKResult Graph::topK(Tensor input, int32_t axis, int32_t k,
                       AxisDirection direction, DataType indexType) {
  Impl &g = *impl;
  Value x = g.lookup(input, "topK input");
  if (!x || !g.checkDataType(indexType, "topK index type"))
    return {};
  mlir::OpBuilder b = g.builder();
  auto op = mlir::dml::TopKOp::create(
      b, b.getUnknownLoc(), x, axis, k,
      static_cast<mlir::dml::AxisDirection>(direction),
      g.getElementType(indexType));
  if (!g.verifyNewOp(op))
    return {};
  return {g.makeTensor(op.getValues()), g.makeTensor(op.getIndices())};
}

template <typename OpTy>
static Tensor
buildArgReduce(Graph::Impl &g, Tensor input, const std::vector<int32_t> &axes,
               AxisDirection direction, DataType outputType, const char *what) {
  Value x = g.lookup(input, what);
  if (!x || !g.checkDataType(outputType, what))
    return Tensor();
  mlir::OpBuilder b = g.builder();
  auto op = OpTy::create(b, b.getUnknownLoc(), x, axes,
                         static_cast<mlir::dml::AxisDirection>(direction),
                         g.getElementType(outputType));
  if (!g.verifyNewOp(op))
    return Tensor();
  return g.makeTensor(op.getOutput());
}

Tensor Graph::argMax(Tensor input, std::vector<int32_t> axes,
                     AxisDirection direction, DataType outputType) {
  return buildArgReduce<mlir::dml::ArgMaxOp>(*impl, input, axes, direction,
                                             outputType, "argMax input");
}

Tensor Graph::argMin(Tensor input, std::vector<int32_t> axes,
                     AxisDirection direction, DataType outputType) {
  return buildArgReduce<mlir::dml::ArgMinOp>(*impl, input, axes, direction,
                                             outputType, "argMin input");
}

Tensor Graph::reduce(Tensor input, ReduceFunction function,
                     std::vector<int32_t> axes, DataType indexType) {
  Impl &g = *impl;
  Value x = g.lookup(input, "reduce input");
  if (!x || !g.checkDataType(indexType, "reduce index type"))
    return Tensor();
  if (static_cast<uint32_t>(function) > 11) {
    g.fail("unknown reduce function " +
           std::to_string(static_cast<uint32_t>(function)));
    return Tensor();
  }
  mlir::OpBuilder b = g.builder();
  auto op = mlir::dml::ReduceOp::create(
      b, b.getUnknownLoc(), x, static_cast<mlir::dml::ReduceFunction>(function),
      axes, g.getElementType(indexType));
  if (!g.verifyNewOp(op))
    return Tensor();
  return g.makeTensor(op.getOutput());
}

Tensor Graph::gather(Tensor input, Tensor indices, int32_t axis,
                     int32_t indexDimensions) {
  Impl &g = *impl;
  Value x = g.lookup(input, "gather input");
  if (!x)
    return Tensor();
  Value j = g.lookup(indices, "gather indices");
  if (!j)
    return Tensor();
  mlir::OpBuilder b = g.builder();
  auto op = mlir::dml::GatherOp::create(b, b.getUnknownLoc(), x, j, axis,
                                        indexDimensions);
  if (!g.verifyNewOp(op))
    return Tensor();
  return g.makeTensor(op.getOutput());
}

Tensor Graph::oneHot(Tensor indices, Tensor values, int32_t axis,
                     int64_t depth) {
  Impl &g = *impl;
  Value j = g.lookup(indices, "oneHot indices");
  if (!j)
    return Tensor();
  Value w = g.lookup(values, "oneHot values");
  if (!w)
    return Tensor();
  auto indicesType = mlir::cast<mlir::RankedTensorType>(j.getType());
  auto valuesType = mlir::cast<mlir::RankedTensorType>(w.getType());
  llvm::SmallVector<int64_t> shape(indicesType.getShape());
  if (depth < 1) {
    g.fail("oneHot depth must be >= 1, got " + std::to_string(depth));
    return Tensor();
  }
  // An axis outside the rank is left for the verifier to report.
  if (axis >= 0 && axis < static_cast<int64_t>(shape.size()))
    shape[axis] = depth;
  mlir::OpBuilder b = g.builder();
  auto op = mlir::dml::OneHotOp::create(
      b, b.getUnknownLoc(),
      mlir::RankedTensorType::get(shape, valuesType.getElementType()), j, w,
      b.getI32IntegerAttr(axis));
  if (!g.verifyNewOp(op))
    return Tensor();
  return g.makeTensor(op.getOutput());
}

Status Graph::output(Tensor tensor) {
  Impl &g = *impl;
  Value value = g.lookup(tensor, "output");
  if (!value)
    return g.last;
  g.returnOp->insertOperands(g.returnOp->getNumOperands(), value);
  g.updateFunctionType();
  g.succeed();
  return g.last;
}

Expected<TensorDesc> Graph::desc(Tensor tensor) const {
  if (tensor.owner != impl.get() || tensor.id < 0 ||
      tensor.id >= static_cast<int>(impl->values.size()))
    return Status::error("not a valid tensor of this graph");
  Value value = impl->values[tensor.id];
  if (auto argument = mlir::dyn_cast<mlir::BlockArgument>(value))
    return impl->inputDescs[argument.getArgNumber()];
  auto type = mlir::cast<mlir::RankedTensorType>(value.getType());
  return TensorDesc(
      fromMlir(*mlir::dml::getDataType(type.getElementType())),
      std::vector<int64_t>(type.getShape().begin(), type.getShape().end()));
}

const std::vector<TensorDesc> &Graph::inputs() const {
  return impl->inputDescs;
}

std::vector<TensorDesc> Graph::outputs() const {
  std::vector<TensorDesc> result;
  for (mlir::Type type : impl->returnOp.getOperandTypes()) {
    auto tensorType = mlir::cast<mlir::RankedTensorType>(type);
    result.emplace_back(
        fromMlir(*mlir::dml::getDataType(tensorType.getElementType())),
        std::vector<int64_t>(tensorType.getShape().begin(),
                             tensorType.getShape().end()));
  }
  return result;
}

const std::string &Graph::name() const { return impl->name; }
Status Graph::status() const { return impl->first; }
Status Graph::lastStatus() const { return impl->last; }

std::string Graph::toMLIR() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  impl->module->print(os);
  return text;
}

mlir::ModuleOp GraphAccess::getModule(const Graph &graph) {
  return *graph.impl->module;
}
