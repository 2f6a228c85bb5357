//===- dml-pipeline-fuzzer.cpp - Fuzz verifiers + the CPU pipeline --------===//
//
// Input, in one of two forms:
//  * MLIR text (the bytes start with "//", "func" or "module"): the seed
//    corpus is the repository's tests, split at `// -----`;
//  * anything else: a recipe read with FuzzedDataProvider for a graph of
//    1 to 6 ops: dml ops with random shapes (ranks 0..9, sizes 0..5 and a
//    few huge ones), element types (DirectML's and others), attributes,
//    result types and feature levels, and elementwise arith / math ops on
//    tensors. Ops consume earlier results (chains, shared inputs, siblings
//    that reduce one input over the same axes, arg_max / top_k indices into
//    one_hot / gather), so the pipeline sees the producer -> consumer
//    patterns a graph compiler fuses. Most recipes are valid by construction
//    and then, some of the time, broken in one place on purpose.
//
// A module that parses and verifies must compile: the whole CPU pipeline
// (with random pipeline options for recipes) to the LLVM dialect, then the
// translation to LLVM IR, which must pass LLVM's verifier. Any failure on
// that path is reported with the module and aborts, except the pipeline's
// own rejection of shapes and strides beyond 64-bit indexing.
//
// Pipeline options are random too (vectorize, vector-bits, threads, and
// fusion where the pipeline has that option).
//
// DML_FUZZ_DUMP=<file> writes the generated module (and the pipeline options
// in a `// dml-fuzz-options:` line) to <file>, to turn an input into a test.
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"

#include "dml/Pipelines/Pipelines.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

using namespace mlir;

namespace {

struct TensorDesc {
  std::vector<int64_t> shape;
  std::string element;

  std::string str() const {
    std::string text = "tensor<";
    for (int64_t size : shape)
      text += std::to_string(size) + "x";
    return text + element + ">";
  }
};

struct Operand {
  std::string name;
  TensorDesc type;
};

const char *const kDataTypes[] = {"f16", "f32", "f64",  "i8",   "i16", "i32",
                                  "i64", "ui8", "ui16", "ui32", "ui64"};
const char *const kOtherTypes[] = {"bf16",  "i1",   "si32", "i4",
                                   "tf32",  "i128", "ui1",  "f8E4M3FN",
                                   "index", "si8",  "f80",  "complex<f32>"};
const char *const kIndexTypes[] = {"ui32", "ui64", "i32", "i64"};
const char *const kReduceFunctions[] = {
    "argmax",      "argmin", "average", "l1",       "l2",  "log_sum",
    "log_sum_exp", "max",    "min",     "multiply", "sum", "sum_square"};
const char *const kFeatureLevels[] = {"1.0", "2.0", "2.1", "3.0", "3.1",
                                      "4.0", "4.1", "5.0", "5.1", "6.4"};
const char *const kBadFeatureLevels[] = {"7.0", "3.5", "", "03.0", "x"};

int64_t saturatingMultiply(int64_t a, int64_t b) {
  return a > INT64_MAX / b ? INT64_MAX : a * b;
}

template <typename T, size_t N>
const T &pick(FuzzedDataProvider &fdp, const T (&array)[N]) {
  return array[fdp.ConsumeIntegralInRange<size_t>(0, N - 1)];
}

/// Builds the text of one function from the recipe.
class Generator {
public:
  explicit Generator(FuzzedDataProvider &fdp) : fdp(fdp) {}

  std::string generate();

private:
  bool chance(unsigned percent) {
    return fdp.ConsumeIntegralInRange<unsigned>(0, 99) < percent;
  }
  std::string elementType() {
    if (chance(90))
      return pick(fdp, kDataTypes);
    return pick(fdp, kOtherTypes);
  }
  std::string indexType() {
    if (chance(90))
      return pick(fdp, kIndexTypes);
    return elementType();
  }
  int64_t size() {
    unsigned kind = fdp.ConsumeIntegralInRange<unsigned>(0, 99);
    if (kind < 2)
      return 0;
    if (kind < 4) {
      const int64_t huge[] = {65536,        1 << 20,          4294967295LL,
                              4294967296LL, int64_t(1) << 40, INT64_MAX / 2};
      return pick(fdp, huge);
    }
    if (kind < 8)
      return fdp.ConsumeIntegralInRange<int64_t>(6, 40);
    return fdp.ConsumeIntegralInRange<int64_t>(1, 5);
  }
  std::vector<int64_t> shape(int64_t rank) {
    std::vector<int64_t> result;
    for (int64_t i = 0; i < rank; ++i)
      result.push_back(size());
    return result;
  }
  int64_t rank() {
    if (chance(3))
      return chance(50) ? 0 : 9;
    return fdp.ConsumeIntegralInRange<int64_t>(1, 8);
  }
  int32_t anyInt32() {
    if (chance(50)) {
      const int32_t edges[] = {-1, 0, 8, 9, INT32_MIN, INT32_MAX, -9};
      return pick(fdp, edges);
    }
    return fdp.ConsumeIntegral<int32_t>();
  }
  /// A valid axis of `rank` most of the time.
  int32_t axis(int64_t rank) {
    if (rank > 0 && chance(92))
      return fdp.ConsumeIntegralInRange<int32_t>(0, rank - 1);
    return anyInt32();
  }
  std::vector<int32_t> axes(int64_t rank) {
    std::vector<int32_t> result;
    if (rank > 0 && chance(92)) {
      for (int32_t i = 0; i < rank; ++i)
        if (chance(50))
          result.push_back(i);
      if (result.empty())
        result.push_back(fdp.ConsumeIntegralInRange<int32_t>(0, rank - 1));
      // Any order.
      for (size_t i = result.size(); i > 1; --i)
        std::swap(result[i - 1],
                  result[fdp.ConsumeIntegralInRange<size_t>(0, i - 1)]);
      return result;
    }
    unsigned count = fdp.ConsumeIntegralInRange<unsigned>(0, 4);
    for (unsigned i = 0; i < count; ++i)
      result.push_back(chance(50) && rank > 0
                           ? fdp.ConsumeIntegralInRange<int32_t>(0, rank - 1)
                           : anyInt32());
    return result;
  }
  static std::string list(const std::vector<int32_t> &values) {
    std::string text = "[";
    for (size_t i = 0; i < values.size(); ++i)
      text += (i ? ", " : "") + std::to_string(values[i]);
    return text + "]";
  }
  /// An operand: an earlier value (a function argument or op result) of any
  /// type, or a new function argument of `type`.
  Operand operand(const TensorDesc &type) {
    // Chains: most of the time the latest result feeds the next op.
    if (counter > 0 && chance(50))
      return values.back();
    if (!values.empty() && chance(35))
      return values[fdp.ConsumeIntegralInRange<size_t>(0, values.size() - 1)];
    return argument(type);
  }
  /// An earlier value with an index element type and, if `sizeOneAxis`, a
  /// dimension of size 1 (an arg_max / top_k result as one_hot or gather
  /// indices), if there is one.
  std::optional<Operand> indexValue(bool sizeOneAxis) {
    std::vector<const Operand *> found;
    for (const Operand &value : values) {
      if (!llvm::is_contained(kIndexTypes, value.type.element))
        continue;
      if (sizeOneAxis && !llvm::is_contained(value.type.shape, int64_t(1)))
        continue;
      found.push_back(&value);
    }
    if (found.empty())
      return std::nullopt;
    return *found[fdp.ConsumeIntegralInRange<size_t>(0, found.size() - 1)];
  }
  Operand argument(const TensorDesc &type) {
    Operand value{"%a" + std::to_string(arguments.size()), type};
    arguments.push_back(value);
    values.push_back(value);
    return value;
  }
  TensorDesc randomTensor() { return {shape(rank()), elementType()}; }
  /// Breaks a valid result type in one place, some of the time.
  void maybeBreak(TensorDesc &type) {
    if (!chance(12))
      return;
    switch (fdp.ConsumeIntegralInRange<unsigned>(0, 3)) {
    case 0:
      type.element = elementType();
      break;
    case 1:
      if (!type.shape.empty())
        type.shape[fdp.ConsumeIntegralInRange<size_t>(0, type.shape.size() -
                                                             1)] = size();
      break;
    case 2:
      type.shape.push_back(size());
      break;
    default:
      if (!type.shape.empty())
        type.shape.pop_back();
      break;
    }
  }
  Operand result(const TensorDesc &type) {
    Operand value{"%v" + std::to_string(counter++), type};
    values.push_back(value);
    return value;
  }
  std::string attributes() {
    if (!chance(8))
      return "";
    if (chance(80))
      return std::string(" {dml.feature_level = \"") +
             pick(fdp, kFeatureLevels) + "\"}";
    return std::string(" {dml.feature_level = \"") +
           pick(fdp, kBadFeatureLevels) + "\"}";
  }

  /// Sometimes a `dml.strides` argument attribute: packed, broadcast,
  /// padded, permuted or arbitrary (and then often invalid).
  std::string strides(const TensorDesc &type) {
    if (!chance(15))
      return "";
    std::vector<int64_t> values(type.shape.size());
    int64_t rank = type.shape.size();
    unsigned kind = fdp.ConsumeIntegralInRange<unsigned>(0, 4);
    int64_t stride = 1;
    for (int64_t d = rank - 1; d >= 0; --d) {
      int64_t size = std::max<int64_t>(type.shape[d], 1);
      switch (kind) {
      case 0: // packed
      case 3: // packed, then reversed below
        values[d] = stride;
        break;
      case 1: // some broadcast dimensions
        values[d] = chance(50) ? 0 : stride;
        break;
      case 2: // padded
        values[d] = stride;
        stride = saturatingMultiply(stride,
                                    fdp.ConsumeIntegralInRange<int64_t>(1, 3));
        break;
      default: // arbitrary
        values[d] = chance(70) ? fdp.ConsumeIntegralInRange<int64_t>(-1, 50)
                               : fdp.ConsumeIntegral<int64_t>();
        break;
      }
      stride = saturatingMultiply(stride, size);
    }
    if (kind == 3) // permuted: reverse the packed strides
      std::reverse(values.begin(), values.end());
    if (chance(5))
      values.push_back(1);
    std::string text = " {dml.strides = array<i64";
    for (size_t i = 0; i < values.size(); ++i)
      text += (i ? ", " : ": ") + std::to_string(values[i]);
    return text + ">}";
  }

  void topK();
  void argReduce(const char *name);
  void reduce();
  void gather();
  void oneHot();
  void elementwise();
  void emitGather(Operand input, Operand indices, int32_t ax, int32_t r);

  FuzzedDataProvider &fdp;
  std::vector<Operand> arguments, values;
  std::string body;
  unsigned counter = 0;
  // The input and axes of the latest reduction, for sibling reductions.
  Operand lastReduceInput;
  std::vector<int32_t> lastReduceAxes;
};

void Generator::topK() {
  Operand input = operand(randomTensor());
  const std::vector<int64_t> &inShape = input.type.shape;
  int64_t rank = inShape.size();
  int32_t ax = axis(rank);
  int64_t k;
  if (ax >= 0 && ax < rank && chance(90))
    k = fdp.ConsumeIntegralInRange<int64_t>(
        1, std::max<int64_t>(1, std::min<int64_t>(inShape[ax], 64)));
  else
    k = anyInt32();
  TensorDesc values{inShape, input.type.element};
  if (ax >= 0 && ax < rank)
    values.shape[ax] = k;
  TensorDesc indices{values.shape,
                     chance(90) ? (chance(50) ? "ui32" : "ui64") : indexType()};
  maybeBreak(values);
  maybeBreak(indices);
  Operand v = result(values), i = result(indices);
  body += "    " + v.name + ", " + i.name + " = dml.top_k " + input.name +
          ", axis = " + std::to_string(ax) + ", k = " + std::to_string(k) +
          ", direction = " + (chance(50) ? "increasing" : "decreasing") +
          attributes() + " : " + input.type.str() + " -> " + values.str() +
          ", " + indices.str() + "\n";
}

static std::vector<int64_t> reducedShape(const std::vector<int64_t> &shape,
                                         const std::vector<int32_t> &axes) {
  std::vector<int64_t> result = shape;
  for (int32_t a : axes)
    if (a >= 0 && a < int64_t(result.size()))
      result[a] = 1;
  return result;
}

void Generator::argReduce(const char *name) {
  bool sibling = !lastReduceAxes.empty() && chance(40);
  Operand input = sibling ? lastReduceInput : operand(randomTensor());
  std::vector<int32_t> ax =
      sibling ? lastReduceAxes : axes(input.type.shape.size());
  lastReduceInput = input;
  lastReduceAxes = ax;
  TensorDesc output{reducedShape(input.type.shape, ax), indexType()};
  maybeBreak(output);
  Operand out = result(output);
  body += "    " + out.name + " = dml." + name + " " + input.name +
          ", axes = " + list(ax) +
          ", direction = " + (chance(50) ? "increasing" : "decreasing") +
          attributes() + " : " + input.type.str() + " -> " + output.str() +
          "\n";
}

void Generator::reduce() {
  // Siblings: another reduction of the same input over the same axes.
  bool sibling = !lastReduceAxes.empty() && chance(40);
  Operand input = sibling ? lastReduceInput : operand(randomTensor());
  std::string function = pick(fdp, kReduceFunctions);
  std::vector<int32_t> ax =
      sibling ? lastReduceAxes : axes(input.type.shape.size());
  lastReduceInput = input;
  lastReduceAxes = ax;
  bool isIndex = function == "argmax" || function == "argmin";
  TensorDesc output{reducedShape(input.type.shape, ax),
                    isIndex ? indexType() : input.type.element};
  maybeBreak(output);
  Operand out = result(output);
  body += "    " + out.name + " = dml.reduce " + input.name +
          ", function = " + function + ", axes = " + list(ax) + attributes() +
          " : " + input.type.str() + " -> " + output.str() + "\n";
}

void Generator::gather() {
  int64_t n = rank();
  int32_t r =
      chance(90)
          ? fdp.ConsumeIntegralInRange<int32_t>(0, std::max<int64_t>(n, 0))
          : anyInt32();
  int32_t ax;
  if (n > 0 && r >= 0 && r <= n && chance(90))
    ax =
        fdp.ConsumeIntegralInRange<int32_t>(std::max<int32_t>(r - 1, 0), n - 1);
  else
    ax = axis(n);
  TensorDesc inputType{shape(n), elementType()};
  // The dropped leading entries of the output must be 1.
  if (r >= 1 && chance(90))
    for (int64_t d = 0; d < std::min<int64_t>(r - 1, n); ++d)
      inputType.shape[d] = 1;
  Operand input = chance(70) ? argument(inputType) : operand(inputType);
  n = input.type.shape.size();
  // Indices produced by an earlier op (top_k -> gather: beam search) when
  // their leading dimensions are 1 up to `r`.
  if (std::optional<Operand> produced = indexValue(false)) {
    const std::vector<int64_t> &shape = produced->type.shape;
    bool fits = int64_t(shape.size()) == n && r >= 0 && r <= n;
    for (int64_t d = 0; fits && d < n - r; ++d)
      fits = shape[d] == 1;
    if (fits && chance(60)) {
      emitGather(input, *produced, ax, r);
      return;
    }
  }
  TensorDesc indicesType{std::vector<int64_t>(std::max<int64_t>(n, 0), 1),
                         indexType()};
  if (r >= 0 && r <= n)
    for (int64_t d = n - r; d < n; ++d)
      indicesType.shape[d] =
          chance(90) ? fdp.ConsumeIntegralInRange<int64_t>(1, 5) : size();
  if (chance(5))
    indicesType = randomTensor();
  Operand indices = chance(90) ? argument(indicesType) : operand(indicesType);
  emitGather(input, indices, ax, r);
}

void Generator::emitGather(Operand input, Operand indices, int32_t ax,
                           int32_t r) {
  TensorDesc output{input.type.shape, input.type.element};
  const std::vector<int64_t> &in = input.type.shape, &idx = indices.type.shape;
  if (ax >= 0 && ax < int64_t(in.size()) && r >= 0 &&
      r <= int64_t(idx.size())) {
    std::vector<int64_t> full(in.begin(), in.begin() + ax);
    full.insert(full.end(), idx.end() - r, idx.end());
    full.insert(full.end(), in.begin() + ax + 1, in.end());
    if (r == 0) {
      full.insert(full.begin(), 1);
      output.shape = full;
    } else {
      output.shape.assign(full.begin() + std::min<size_t>(r - 1, full.size()),
                          full.end());
    }
  }
  maybeBreak(output);
  Operand out = result(output);
  body += "    " + out.name + " = dml.gather " + input.name + ", " +
          indices.name + ", axis = " + std::to_string(ax) +
          ", index_dimensions = " + std::to_string(r) + attributes() + " : (" +
          input.type.str() + ", " + indices.type.str() + ") -> " +
          output.str() + "\n";
}

void Generator::oneHot() {
  // arg_max -> one_hot: indices produced by an earlier op, along one of
  // their dimensions of size 1.
  std::optional<Operand> produced;
  if (chance(60))
    produced = indexValue(true);
  int64_t n = produced ? produced->type.shape.size() : rank();
  TensorDesc output{produced ? produced->type.shape : shape(n), elementType()};
  int32_t ax = axis(n);
  if (produced) {
    std::vector<int32_t> ones;
    for (int64_t d = 0; d < n; ++d)
      if (produced->type.shape[d] == 1)
        ones.push_back(d);
    ax = ones[fdp.ConsumeIntegralInRange<size_t>(0, ones.size() - 1)];
    output.shape[ax] = size();
  }
  TensorDesc indicesType{output.shape, indexType()};
  if (ax >= 0 && ax < n)
    indicesType.shape[ax] = 1;
  if (produced)
    indicesType = produced->type;
  maybeBreak(indicesType);
  TensorDesc valuesType{std::vector<int64_t>(std::max<int64_t>(n, 0), 1),
                        output.element};
  if (n > 0)
    valuesType.shape[fdp.ConsumeIntegralInRange<int64_t>(0, n - 1)] =
        chance(90) ? 2 : size();
  maybeBreak(valuesType);
  Operand indices = produced && indicesType.str() == produced->type.str()
                        ? *produced
                    : chance(90) ? argument(indicesType)
                                 : operand(indicesType);
  Operand valuesValue = chance(90) ? argument(valuesType) : operand(valuesType);
  maybeBreak(output);
  Operand out = result(output);
  body += "    " + out.name + " = dml.one_hot " + indices.name + ", " +
          valuesValue.name + ", axis = " + std::to_string(ax) + attributes() +
          " : (" + indices.type.str() + ", " + valuesValue.type.str() +
          ") -> " + output.str() + "\n";
}

/// An elementwise arith / math op on tensors of one shape: a producer for a
/// later dml op, or a consumer of an earlier one.
void Generator::elementwise() {
  Operand input = operand(randomTensor());
  const std::string &element = input.type.element;
  bool isFloat = element == "f16" || element == "f32" || element == "f64" ||
                 element == "bf16";
  // arith takes signless integers only; an unsigned tensor makes the module
  // fail to verify, which is fine some of the time.
  bool isSignless = element == "i8" || element == "i16" || element == "i32" ||
                    element == "i64" || element == "i1";
  if (!isFloat && !isSignless && chance(90))
    input = argument({input.type.shape, "f32"});
  isFloat = input.type.element[0] == 'f' || input.type.element == "bf16";
  static const char *const floatUnary[] = {"math.exp", "math.absf",
                                           "arith.negf", "math.log"};
  static const char *const floatBinary[] = {
      "arith.addf", "arith.subf", "arith.mulf", "arith.maximumf", "arith.divf"};
  static const char *const intBinary[] = {"arith.addi", "arith.subi",
                                          "arith.muli", "arith.maxsi"};
  TensorDesc type = input.type;
  Operand out = result(type);
  if (isFloat && chance(40)) {
    body += "    " + out.name + " = " + pick(fdp, floatUnary) + " " +
            input.name + " : " + type.str() + "\n";
    return;
  }
  // The other operand: an earlier value (often of another shape or type:
  // then the module does not verify) or a new argument.
  Operand other =
      chance(30)
          ? values[fdp.ConsumeIntegralInRange<size_t>(0, values.size() - 2)]
          : argument(type);
  body += "    " + out.name + " = " +
          (isFloat ? pick(fdp, floatBinary) : pick(fdp, intBinary)) + " " +
          input.name + ", " + other.name + " : " + type.str() + "\n";
}

std::string Generator::generate() {
  unsigned ops = fdp.ConsumeIntegralInRange<unsigned>(1, 6);
  for (unsigned i = 0; i < ops; ++i) {
    switch (fdp.ConsumeIntegralInRange<unsigned>(0, 7)) {
    case 0:
      topK();
      break;
    case 1:
      argReduce("arg_max");
      break;
    case 2:
      argReduce("arg_min");
      break;
    case 3:
      reduce();
      break;
    case 4:
      gather();
      break;
    case 5:
      oneHot();
      break;
    default:
      elementwise();
      break;
    }
  }
  // Return some values: results, arguments, repeats.
  std::vector<Operand> returned;
  unsigned count = fdp.ConsumeIntegralInRange<unsigned>(0, 3);
  returned.push_back(values.back());
  for (unsigned i = 1; i < count; ++i)
    returned.push_back(
        values[fdp.ConsumeIntegralInRange<size_t>(0, values.size() - 1)]);
  if (count == 0)
    returned.clear();

  std::string text;
  if (chance(20))
    text += std::string("module attributes {dml.feature_level = \"") +
            (chance(90) ? pick(fdp, kFeatureLevels)
                        : pick(fdp, kBadFeatureLevels)) +
            "\"} {\n";
  else
    text += "module {\n";
  text += "  func.func @f(";
  for (size_t i = 0; i < arguments.size(); ++i)
    text += (i ? ", " : "") + arguments[i].name + ": " +
            arguments[i].type.str() + strides(arguments[i].type);
  text += ") -> (";
  for (size_t i = 0; i < returned.size(); ++i)
    text += (i ? ", " : "") + returned[i].type.str();
  text += ") {\n" + body + "    return";
  for (size_t i = 0; i < returned.size(); ++i)
    text += (i ? ", " : " ") + returned[i].name;
  if (!returned.empty()) {
    text += " : ";
    for (size_t i = 0; i < returned.size(); ++i)
      text += (i ? ", " : "") + returned[i].type.str();
  }
  text += "\n  }\n}\n";
  return text;
}

bool isText(llvm::StringRef input) {
  return input.starts_with("//") || input.starts_with("func") ||
         input.starts_with("module");
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  registerAllPasses();
  dml::registerDMLPassesAndPipelines();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef input(reinterpret_cast<const char *>(data), size);
  std::string source;
  dml::CPUPipelineOptions options;
  std::string optionText;
  if (isText(input)) {
    source = input.str();
  } else {
    FuzzedDataProvider fdp(data, size);
    bool vectorize = fdp.ConsumeBool();
    const int64_t bits[] = {512, 256, 128, 64, 1024, 32, 8, 1};
    int64_t vectorBits = pick(fdp, bits);
    unsigned threads = fdp.ConsumeIntegralInRange<unsigned>(0, 3) == 0 ? 2 : 1;
    bool fusion = fdp.ConsumeIntegralInRange<unsigned>(0, 3) != 0;
    optionText = "vectorize=" + std::string(vectorize ? "1" : "0") +
                 " vector-bits=" + std::to_string(vectorBits) +
                 " threads=" + std::to_string(threads);
    // Graph fusion off a quarter of the time, where the pipeline has the
    // option (a pipeline without it rejects the text: leave it out).
    std::string withFusion =
        optionText + " fusion=" + std::string(fusion ? "1" : "0");
    dml::CPUPipelineOptions probe;
    if (succeeded(probe.parseFromString(withFusion, llvm::nulls())))
      optionText = withFusion;
    source = Generator(fdp).generate();
  }
  if (const char *dump = std::getenv("DML_FUZZ_DUMP")) {
    std::error_code error;
    llvm::raw_fd_ostream file(dump, error);
    if (!optionText.empty())
      file << "// dml-fuzz-options: " << optionText << "\n";
    file << source;
  }
  if (!optionText.empty() &&
      failed(options.parseFromString(optionText, llvm::errs())))
    dml_fuzz::fail("bad pipeline options", optionText);

  DialectRegistry registry;
  dml_fuzz::registerInputDialects(registry);
  // The pipeline creates ops of many dialects, and translates them.
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerOpenMPDialectTranslation(registry);
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);
  dml_fuzz::DiagnosticCollector diagnostics(context);

  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(source, ParserConfig(&context));
  if (!module)
    return 0;
  // Test files may hold ops of other dialects; only dml modules are the
  // pipeline's input.
  bool onlyInputDialects = true;
  module->walk([&](Operation *op) {
    llvm::StringRef dialect = op->getName().getDialectNamespace();
    if (!llvm::is_contained(
            {"builtin", "func", "dml", "arith", "math", "tensor"}, dialect))
      onlyInputDialects = false;
  });
  // ... with tensor arguments and results.
  module->walk([&](func::FuncOp function) {
    for (Type type : llvm::concat<const Type>(function.getArgumentTypes(),
                                              function.getResultTypes()))
      if (!isa<RankedTensorType>(type))
        onlyInputDialects = false;
  });
  if (!onlyInputDialects)
    return 0;

  PassManager pm(&context);
  dml::buildDMLCPUPipeline(pm, options);
  if (failed(pm.run(*module))) {
    // The pipeline's first pass (dml-check-sizes) rejects shapes and strides
    // beyond 64-bit indexing, which the verifiers leave to it: an error, not
    // a bug.
    llvm::StringRef messages = diagnostics.messages();
    if (messages.contains("its size in bytes") ||
        messages.contains("reach beyond 2^63 - 1 bytes"))
      return 0;
    dml_fuzz::fail("the CPU pipeline fails on a verified module (" +
                       optionText + ")",
                   source + "\n" + diagnostics.messages());
  }
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(*module, llvmContext);
  if (!llvmModule)
    dml_fuzz::fail("translation to LLVM IR fails",
                   source + "\n" + diagnostics.messages());
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  if (llvm::verifyModule(*llvmModule, &errorStream))
    dml_fuzz::fail("the LLVM IR is invalid", source + "\n" + errors);
  return 0;
}
