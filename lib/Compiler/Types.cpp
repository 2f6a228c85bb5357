//===- Types.cpp - DML-MLIR embedding API: basic types --------------------===//

#include "Internal.h"

#include "dml/Dialect/DML/IR/DMLDialect.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <sstream>

using namespace dml;

static_assert(static_cast<int>(DataType::Float32) ==
                      static_cast<int>(mlir::dml::DataType::Float32) &&
                  static_cast<int>(DataType::Int64) ==
                      static_cast<int>(mlir::dml::DataType::Int64) &&
                  static_cast<int>(DataType::UInt64) ==
                      static_cast<int>(mlir::dml::DataType::UInt64),
              "dml::DataType mirrors mlir::dml::DataType");

bool dml::isKnownDataType(DataType type) {
  auto value = static_cast<unsigned>(type);
  return value >= 1 && value <= 11;
}

size_t dml::byteWidth(DataType dataType) {
  if (!isKnownDataType(dataType))
    return 0;
  return mlir::dml::getByteWidth(toMlir(dataType));
}

const char *dml::toString(DataType dataType) {
  if (!isKnownDataType(dataType))
    return "UNKNOWN";
  return mlir::dml::stringifyDataType(toMlir(dataType)).data();
}

int64_t TensorDesc::elementCount() const {
  int64_t count = 1;
  for (int64_t size : sizes)
    count *= size;
  return count;
}

std::vector<int64_t> TensorDesc::packedStrides() const {
  std::vector<int64_t> result(sizes.size());
  int64_t stride = 1;
  for (size_t dim = sizes.size(); dim-- > 0;) {
    result[dim] = stride;
    stride *= sizes[dim];
  }
  return result;
}

std::vector<int64_t> TensorDesc::effectiveStrides() const {
  return strides ? *strides : packedStrides();
}

bool TensorDesc::isPacked() const {
  return !strides || *strides == packedStrides();
}

uint64_t TensorDesc::minimumBufferBytes() const {
  std::vector<int64_t> actual = effectiveStrides();
  uint64_t lastIndex = 0;
  for (size_t dim = 0; dim < sizes.size() && dim < actual.size(); ++dim)
    if (sizes[dim] > 0)
      lastIndex += static_cast<uint64_t>(sizes[dim] - 1) *
                   static_cast<uint64_t>(actual[dim]);
  uint64_t bytes = (lastIndex + 1) * byteWidth(dataType);
  return (bytes + 3) & ~uint64_t(3);
}

static std::string formatList(const std::vector<int64_t> &values) {
  std::string text = "[";
  for (size_t i = 0; i < values.size(); ++i)
    text += (i ? ", " : "") + std::to_string(values[i]);
  return text + "]";
}

std::string TensorDesc::str() const {
  std::string text = std::string(toString(dataType)) + " " + formatList(sizes);
  if (strides)
    text += " strides " + formatList(*strides);
  return text;
}

//===----------------------------------------------------------------------===//
// Internal helpers
//===----------------------------------------------------------------------===//

std::unique_ptr<mlir::MLIRContext> dml::createContext() {
  static const mlir::DialectRegistry *registry = [] {
    auto *result = new mlir::DialectRegistry();
    result->insert<mlir::dml::DMLDialect>();
    mlir::registerAllDialects(*result);
    mlir::registerAllExtensions(*result);
    mlir::registerBuiltinDialectTranslation(*result);
    mlir::registerLLVMDialectTranslation(*result);
    mlir::registerOpenMPDialectTranslation(*result);
    // The GPU target serializes gpu.module to PTX and embeds gpu.binary.
    mlir::registerGPUDialectTranslation(*result);
    mlir::registerNVVMDialectTranslation(*result);
    mlir::gpu::registerOffloadingLLVMTranslationInterfaceExternalModels(
        *result);
    return result;
  }();
  auto context = std::make_unique<mlir::MLIRContext>(
      *registry, mlir::MLIRContext::Threading::DISABLED);
  context->loadDialect<mlir::dml::DMLDialect, mlir::func::FuncDialect>();
  // "see current operation: <the op in generic form>" notes only on request.
  context->printOpOnDiagnostic(wantDiagnosticNotes());
  return context;
}

bool dml::wantDiagnosticNotes() {
  const char *value = std::getenv("DML_MLIR_DIAGNOSTIC_NOTES");
  return value && *value && std::string(value) != "0";
}

/// One line: newlines inside a diagnostic become spaces.
static std::string toOneLine(std::string text) {
  for (char &c : text)
    if (c == '\n')
      c = ' ';
  return text;
}

DiagnosticCapture::DiagnosticCapture(mlir::MLIRContext *context)
    : handler(context, [this](mlir::Diagnostic &diagnostic) {
        if (diagnostic.getSeverity() != mlir::DiagnosticSeverity::Error)
          return mlir::success();
        std::string text = toOneLine(diagnostic.str());
        if (wantDiagnosticNotes())
          for (const mlir::Diagnostic &note : diagnostic.getNotes())
            text += "\n  note: " + note.str();
        errors.push_back(std::move(text));
        return mlir::success();
      }) {}

std::string DiagnosticCapture::firstError(const std::string &fallback) const {
  if (errors.empty())
    return fallback;
  std::string first = errors.front();
  size_t note = first.find("\n  note: ");
  return note == std::string::npos ? first : first.substr(0, note);
}

std::string DiagnosticCapture::allErrors() const {
  std::string text;
  for (const std::string &error : errors)
    text += (text.empty() ? "" : "; ") + error;
  return text;
}

std::vector<mlir::func::FuncOp> dml::getPublicFunctions(mlir::ModuleOp module) {
  std::vector<mlir::func::FuncOp> functions;
  for (auto function : module.getOps<mlir::func::FuncOp>())
    if (function.isPublic() && !function.isExternal())
      functions.push_back(function);
  return functions;
}

static Expected<TensorDesc> getTensorDesc(mlir::Type type,
                                          const std::string &what) {
  std::string typeText;
  llvm::raw_string_ostream os(typeText);
  type.print(os);
  auto tensorType = mlir::dyn_cast<mlir::RankedTensorType>(type);
  if (!tensorType || !tensorType.hasStaticShape() || tensorType.getEncoding())
    return Status::error(what + " has type " + typeText +
                         "; expected a statically shaped tensor");
  std::optional<mlir::dml::DataType> dataType =
      mlir::dml::getDataType(tensorType.getElementType());
  if (!dataType)
    return Status::error(what + " has type " + typeText +
                         "; the element type is not a DirectML data type");
  return TensorDesc(fromMlir(*dataType),
                    std::vector<int64_t>(tensorType.getShape().begin(),
                                         tensorType.getShape().end()));
}

Expected<FunctionDescs> dml::getFunctionDescs(mlir::func::FuncOp function) {
  FunctionDescs descs;
  descs.name = function.getSymName().str();
  mlir::FunctionType type = function.getFunctionType();
  for (unsigned index = 0; index < type.getNumInputs(); ++index) {
    Expected<TensorDesc> desc =
        getTensorDesc(type.getInput(index), "argument " + std::to_string(index) +
                                                " of @" + descs.name);
    if (!desc)
      return desc.status();
    if (auto strides = function.getArgAttrOfType<mlir::DenseI64ArrayAttr>(
            index, mlir::dml::DMLDialect::getStridesAttrName()))
      desc->strides = std::vector<int64_t>(strides.asArrayRef().begin(),
                                           strides.asArrayRef().end());
    descs.inputs.push_back(std::move(*desc));
  }
  for (unsigned index = 0; index < type.getNumResults(); ++index) {
    Expected<TensorDesc> desc =
        getTensorDesc(type.getResult(index), "result " + std::to_string(index) +
                                                 " of @" + descs.name);
    if (!desc)
      return desc.status();
    descs.outputs.push_back(std::move(*desc));
  }
  return descs;
}

std::string dml::printCanonical(mlir::ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  mlir::OpPrintingFlags flags;
  flags.printGenericOpForm();
  module->print(os, flags);
  return text;
}

Expected<mlir::OwningOpRef<mlir::ModuleOp>>
dml::parseModule(std::string_view text, mlir::MLIRContext *context) {
  DiagnosticCapture capture(context);
  mlir::ParserConfig config(context);
  // MLIR's lexer reads up to a NUL terminator, which a string_view need not
  // have; a std::string copy provides one.
  std::string terminated(text);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(terminated, config, "input");
  if (!module)
    return Status::error("cannot parse the MLIR input: " +
                         capture.allErrors());
  return std::move(module);
}

std::string dml::getPipelineOptions(bool vectorize, int64_t vectorBits) {
  std::string text = vectorize ? "vectorize=true" : "vectorize=false";
  // 0: the target's width; anything else goes to the pipeline's range
  // check (validateCPUPipelineOptions).
  if (vectorBits != 0)
    text += " vector-bits=" + std::to_string(vectorBits);
  return text;
}
