//===- TensorText.cpp - Tensors as text -----------------------------------===//

#include "dml/Runtime/TensorText.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>

using namespace mlir;
using namespace mlir::dml;

template <typename... Args>
static llvm::Error textError(const char *format, Args &&...args) {
  return llvm::createStringError(
      std::make_error_code(std::errc::invalid_argument),
      llvm::formatv(format, std::forward<Args>(args)...).str());
}

llvm::Expected<DataType> mlir::dml::parseDataTypeText(llvm::StringRef text) {
  std::optional<DataType> dataType =
      llvm::StringSwitch<std::optional<DataType>>(text)
          .Case("f16", DataType::Float16)
          .Case("f32", DataType::Float32)
          .Case("f64", DataType::Float64)
          .Case("i8", DataType::Int8)
          .Case("i16", DataType::Int16)
          .Case("i32", DataType::Int32)
          .Case("i64", DataType::Int64)
          .Case("ui8", DataType::UInt8)
          .Case("ui16", DataType::UInt16)
          .Case("ui32", DataType::UInt32)
          .Case("ui64", DataType::UInt64)
          .Default(std::nullopt);
  if (!dataType)
    return textError("unsupported element type '{0}' (expected f16, f32, f64, "
                     "i8, i16, i32, i64, ui8, ui16, ui32 or ui64)",
                     text);
  return *dataType;
}

llvm::Expected<TensorTypeText>
mlir::dml::parseTensorTypeText(llvm::StringRef text) {
  llvm::StringRef original = text;
  text = text.trim();
  if (text.consume_front("tensor<")) {
    if (!text.consume_back(">"))
      return textError("invalid tensor type '{0}': missing '>'", original);
    text = text.trim();
  }
  if (text.empty())
    return textError("missing tensor type (expected e.g. '2x3xf32')");
  llvm::SmallVector<llvm::StringRef> parts;
  text.split(parts, 'x');
  TensorTypeText type;
  for (llvm::StringRef dim : llvm::ArrayRef(parts).drop_back()) {
    if (dim == "?")
      return textError("invalid tensor type '{0}': dynamic dimensions are not "
                       "allowed",
                       original);
    int64_t size;
    if (dim.empty() || !llvm::all_of(dim, llvm::isDigit) ||
        dim.getAsInteger(10, size))
      return textError("invalid tensor type '{0}': bad dimension '{1}' "
                       "(expected e.g. '2x3xf32')",
                       original, dim);
    type.shape.push_back(size);
  }
  llvm::Expected<DataType> dataType = parseDataTypeText(parts.back());
  if (!dataType)
    return textError("invalid tensor type '{0}': {1}", original,
                     llvm::toString(dataType.takeError()));
  type.dataType = *dataType;
  return type;
}

static const llvm::fltSemantics &getSemantics(DataType dataType) {
  switch (dataType) {
  case DataType::Float16:
    return llvm::APFloat::IEEEhalf();
  case DataType::Float32:
    return llvm::APFloat::IEEEsingle();
  default:
    return llvm::APFloat::IEEEdouble();
  }
}

llvm::Error mlir::dml::parseElementText(llvm::StringRef text,
                                        DataType dataType, void *out) {
  unsigned width = getByteWidth(dataType);
  llvm::StringRef typeName = getMlirTypeName(dataType);
  if (isFloat(dataType)) {
    llvm::StringRef number = text;
    llvm::APFloat value(getSemantics(dataType));
    // APFloat accepts "inf", "-inf", "nan" and their capitalized variants.
    llvm::Expected<llvm::APFloat::opStatus> status =
        value.convertFromString(number,
                                llvm::APFloat::rmNearestTiesToEven);
    if (!status) {
      llvm::consumeError(status.takeError());
      return textError("invalid {0} value '{1}'", typeName, text);
    }
    if (*status & llvm::APFloat::opOverflow)
      return textError("value '{0}' is out of range for {1}", text, typeName);
    uint64_t bits = value.bitcastToAPInt().getZExtValue();
    std::memcpy(out, &bits, width); // Little-endian host.
    return llvm::Error::success();
  }

  llvm::StringRef digits = text;
  bool negative = digits.consume_front("-");
  if (!negative)
    digits.consume_front("+");
  if (digits.empty() || !llvm::all_of(digits, llvm::isDigit))
    return textError("invalid {0} value '{1}' (expected a decimal integer)",
                     typeName, text);
  unsigned bits = width * 8;
  auto outOfRange = [&]() {
    if (isSignedInteger(dataType))
      return textError("value '{0}' is out of range for {1} [{2}, {3}]", text,
                       typeName, llvm::minIntN(bits), llvm::maxIntN(bits));
    return textError("value '{0}' is out of range for {1} [0, {2}]", text,
                     typeName, llvm::maxUIntN(bits));
  };
  uint64_t magnitude;
  if (digits.getAsInteger(10, magnitude))
    return outOfRange();
  uint64_t stored;
  if (isSignedInteger(dataType)) {
    uint64_t limit = negative ? uint64_t(1) << (bits - 1)
                              : (uint64_t(1) << (bits - 1)) - 1;
    if (magnitude > limit)
      return outOfRange();
    stored = negative ? uint64_t(0) - magnitude : magnitude;
  } else {
    if ((negative && magnitude != 0) || magnitude > llvm::maxUIntN(bits))
      return outOfRange();
    stored = magnitude;
  }
  std::memcpy(out, &stored, width); // Little-endian host.
  return llvm::Error::success();
}

static bool isSeparator(char c) {
  return c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r' ||
         c == '[' || c == ']';
}

llvm::Expected<HostTensor> mlir::dml::parseTensorText(llvm::StringRef text) {
  auto [typeText, valuesText] = text.split('=');
  if (typeText.size() == text.size())
    return textError("invalid tensor '{0}': expected 'TYPE=VALUES', e.g. "
                     "'2x3xf32=1 2 3 4 5 6'",
                     text);
  llvm::Expected<TensorTypeText> type = parseTensorTypeText(typeText);
  if (!type)
    return type.takeError();
  llvm::Expected<int64_t> count = computeNumElements(type->shape);
  if (!count)
    return count.takeError();

  llvm::SmallVector<llvm::StringRef> tokens;
  size_t pos = 0;
  while (pos < valuesText.size()) {
    while (pos < valuesText.size() && isSeparator(valuesText[pos]))
      ++pos;
    size_t start = pos;
    while (pos < valuesText.size() && !isSeparator(valuesText[pos]))
      ++pos;
    if (pos > start)
      tokens.push_back(valuesText.slice(start, pos));
  }
  std::string typeString = formatTensorType(type->dataType, type->shape);
  if (static_cast<uint64_t>(tokens.size()) != static_cast<uint64_t>(*count))
    return textError("tensor<{0}> needs {1} value{2}, got {3}", typeString,
                     *count, *count == 1 ? "" : "s", tokens.size());

  llvm::Expected<HostTensor> tensor =
      HostTensor::create(type->dataType, type->shape);
  if (!tensor)
    return tensor.takeError();
  unsigned width = getByteWidth(type->dataType);
  uint8_t *data = static_cast<uint8_t *>(tensor->data());
  for (auto [index, token] : llvm::enumerate(tokens)) {
    if (llvm::Error error =
            parseElementText(token, type->dataType, data + index * width))
      return textError("tensor<{0}>, value {1}: {2}", typeString, index,
                       llvm::toString(std::move(error)));
  }
  return tensor;
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

/// The shortest decimal form of `value` that `roundTrips` accepts (at most
/// `maxDigits` significant digits), positional for 1e-4 <= |value| < 1e16
/// and scientific otherwise, like numpy: 0.1, 35000000000, 1e+30, 5.96e-08.
template <typename RoundTrip>
static std::string formatFloat(double value, int maxDigits,
                               RoundTrip roundTrips) {
  if (std::isnan(value))
    return "nan";
  if (std::isinf(value))
    return value < 0 ? "-inf" : "inf";
  char buffer[64];
  for (int digits = 1; digits <= maxDigits; ++digits) {
    std::snprintf(buffer, sizeof(buffer), "%.*e", digits - 1, value);
    if (roundTrips(buffer))
      break;
  }
  // buffer is "[-]d[.ddd]e[+-]xx": split it into sign, digits and exponent.
  llvm::StringRef text(buffer);
  bool negative = text.consume_front("-");
  auto [mantissa, exponentText] = text.split('e');
  int exponent = 0;
  exponentText.consume_front("+");
  (void)exponentText.getAsInteger(10, exponent);
  std::string digits;
  for (char c : mantissa)
    if (c != '.')
      digits += c;
  while (digits.size() > 1 && digits.back() == '0')
    digits.pop_back();

  std::string result = negative ? "-" : "";
  if (value == 0 || (exponent >= -4 && exponent < 16)) {
    if (exponent >= 0) {
      size_t integerDigits = static_cast<size_t>(exponent) + 1;
      if (digits.size() <= integerDigits) {
        result += digits + std::string(integerDigits - digits.size(), '0');
      } else {
        result += digits.substr(0, integerDigits) + "." +
                  digits.substr(integerDigits);
      }
    } else {
      result += "0." + std::string(-exponent - 1, '0') + digits;
    }
    return result;
  }
  result += digits.substr(0, 1);
  if (digits.size() > 1)
    result += "." + digits.substr(1);
  char exponentBuffer[16];
  std::snprintf(exponentBuffer, sizeof(exponentBuffer), "e%c%02d",
                exponent < 0 ? '-' : '+', std::abs(exponent));
  return result + exponentBuffer;
}

std::string mlir::dml::formatElement(const HostTensor &tensor, int64_t index) {
  const void *data = tensor.data();
  switch (tensor.getDataType()) {
  case DataType::Float16: {
    // Printed as the float32 it converts to exactly, so that the digits show
    // the exact value (65504, not its shortest f16 form 65500).
    uint16_t bits = static_cast<const uint16_t *>(data)[index];
    llvm::APFloat half(llvm::APFloat::IEEEhalf(), llvm::APInt(16, bits));
    bool losesInfo;
    half.convert(llvm::APFloat::IEEEsingle(),
                 llvm::APFloat::rmNearestTiesToEven, &losesInfo);
    float value = half.convertToFloat();
    return formatFloat(value, 9, [&](const char *text) {
      return std::strtof(text, nullptr) == value;
    });
  }
  case DataType::Float32: {
    float value = static_cast<const float *>(data)[index];
    return formatFloat(value, 9, [&](const char *text) {
      return std::strtof(text, nullptr) == value;
    });
  }
  case DataType::Float64: {
    double value = static_cast<const double *>(data)[index];
    return formatFloat(value, 17, [&](const char *text) {
      return std::strtod(text, nullptr) == value;
    });
  }
  case DataType::Int8:
    return std::to_string(static_cast<const int8_t *>(data)[index]);
  case DataType::Int16:
    return std::to_string(static_cast<const int16_t *>(data)[index]);
  case DataType::Int32:
    return std::to_string(static_cast<const int32_t *>(data)[index]);
  case DataType::Int64:
    return std::to_string(static_cast<const int64_t *>(data)[index]);
  case DataType::UInt8:
    return std::to_string(static_cast<const uint8_t *>(data)[index]);
  case DataType::UInt16:
    return std::to_string(static_cast<const uint16_t *>(data)[index]);
  case DataType::UInt32:
    return std::to_string(static_cast<const uint32_t *>(data)[index]);
  case DataType::UInt64:
    return std::to_string(static_cast<const uint64_t *>(data)[index]);
  }
  llvm_unreachable("unknown DirectML data type");
}

static void printValues(llvm::raw_ostream &os, const HostTensor &tensor,
                        unsigned dim, int64_t &index) {
  llvm::ArrayRef<int64_t> shape = tensor.getShape();
  if (dim == shape.size()) {
    os << formatElement(tensor, index++);
    return;
  }
  os << '[';
  for (int64_t i = 0; i < shape[dim]; ++i) {
    if (i)
      os << ", ";
    printValues(os, tensor, dim + 1, index);
  }
  os << ']';
}

void mlir::dml::printTensorValues(llvm::raw_ostream &os,
                                  const HostTensor &tensor) {
  int64_t index = 0;
  printValues(os, tensor, 0, index);
}

void mlir::dml::printTensor(llvm::raw_ostream &os, const HostTensor &tensor) {
  os << "tensor<" << tensor.getTypeString() << ">\n";
  printTensorValues(os, tensor);
  os << '\n';
}
