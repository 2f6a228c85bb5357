//===- Npy.cpp - NumPy .npy reader and writer -----------------------------===//

#include "dml/Runtime/Npy.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cstring>
#include <optional>

using namespace mlir;
using namespace mlir::dml;

static_assert(llvm::endianness::native == llvm::endianness::little,
              "the .npy reader and writer assume a little-endian host");

static constexpr char kMagic[] = "\x93NUMPY";
static constexpr size_t kMagicSize = 6;

template <typename... Args>
static llvm::Error npyError(llvm::StringRef name, const char *format,
                            Args &&...args) {
  return llvm::createStringError(
      std::make_error_code(std::errc::invalid_argument),
      (name + ": " + llvm::formatv(format, std::forward<Args>(args)...).str())
          .str());
}

//===----------------------------------------------------------------------===//
// Header dictionary
//===----------------------------------------------------------------------===//

namespace {
/// The parts of the header dictionary we use.
struct NpyHeader {
  std::string descr;
  bool descrIsString = false;
  bool fortranOrder = false;
  llvm::SmallVector<int64_t, 4> shape;
};

/// Parses the Python dict literal of a .npy header, e.g.
/// `{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }`.
class HeaderParser {
public:
  HeaderParser(llvm::StringRef text, llvm::StringRef name)
      : text(text), name(name) {}

  llvm::Expected<NpyHeader> parse() {
    NpyHeader header;
    bool seenDescr = false, seenFortran = false, seenShape = false;
    skipSpace();
    if (!consume('{'))
      return fail("expected '{'");
    while (true) {
      skipSpace();
      if (consume('}'))
        break;
      std::string key;
      if (llvm::Error error = parseString(key))
        return std::move(error);
      skipSpace();
      if (!consume(':'))
        return fail("expected ':' after key '" + key + "'");
      skipSpace();
      if (key == "descr") {
        if (seenDescr)
          return fail("duplicate key 'descr'");
        seenDescr = true;
        if (peek() == '\'' || peek() == '"') {
          if (llvm::Error error = parseString(header.descr))
            return std::move(error);
          header.descrIsString = true;
        } else {
          size_t start = pos;
          if (llvm::Error error = skipValue())
            return std::move(error);
          header.descr = text.slice(start, pos).trim().str();
        }
      } else if (key == "fortran_order") {
        if (seenFortran)
          return fail("duplicate key 'fortran_order'");
        seenFortran = true;
        if (consumeWord("True"))
          header.fortranOrder = true;
        else if (consumeWord("False"))
          header.fortranOrder = false;
        else
          return fail("'fortran_order' must be True or False");
      } else if (key == "shape") {
        if (seenShape)
          return fail("duplicate key 'shape'");
        seenShape = true;
        if (llvm::Error error = parseShape(header.shape))
          return std::move(error);
      } else {
        return fail("unexpected key '" + key + "'");
      }
      skipSpace();
      if (consume(','))
        continue;
      skipSpace();
      if (consume('}'))
        break;
      return fail("expected ',' or '}' after the value of '" + key + "'");
    }
    skipSpace();
    if (pos != text.size())
      return fail("unexpected text after '}'");
    if (!seenDescr)
      return fail("missing key 'descr'");
    if (!seenFortran)
      return fail("missing key 'fortran_order'");
    if (!seenShape)
      return fail("missing key 'shape'");
    return header;
  }

private:
  llvm::Error fail(const llvm::Twine &message) {
    return npyError(name, "malformed header dictionary: {0} (at offset {1} of "
                          "\"{2}\")",
                    message.str(), pos, text.trim());
  }

  char peek() const { return pos < text.size() ? text[pos] : '\0'; }
  bool consume(char c) {
    if (peek() != c)
      return false;
    ++pos;
    return true;
  }
  bool consumeWord(llvm::StringRef word) {
    if (!text.substr(pos).starts_with(word))
      return false;
    pos += word.size();
    return true;
  }
  void skipSpace() {
    while (pos < text.size() &&
           (text[pos] == ' ' || text[pos] == '\t' || text[pos] == '\n' ||
            text[pos] == '\r'))
      ++pos;
  }

  llvm::Error parseString(std::string &out) {
    char quote = peek();
    if (quote != '\'' && quote != '"')
      return fail("expected a quoted string");
    ++pos;
    out.clear();
    while (pos < text.size() && text[pos] != quote) {
      if (text[pos] == '\\' && pos + 1 < text.size())
        ++pos;
      out += text[pos++];
    }
    if (!consume(quote))
      return fail("unterminated string");
    return llvm::Error::success();
  }

  /// Skips any value (used for a structured 'descr', which is a list).
  llvm::Error skipValue() {
    int depth = 0;
    while (pos < text.size()) {
      char c = text[pos];
      if (c == '\'' || c == '"') {
        std::string ignored;
        if (llvm::Error error = parseString(ignored))
          return error;
        continue;
      }
      if (c == '(' || c == '[' || c == '{') {
        ++depth;
      } else if (c == ')' || c == ']' || c == '}') {
        if (depth == 0)
          return llvm::Error::success();
        --depth;
      } else if (c == ',' && depth == 0) {
        return llvm::Error::success();
      }
      ++pos;
    }
    return fail("unterminated value");
  }

  llvm::Error parseShape(llvm::SmallVectorImpl<int64_t> &shape) {
    if (!consume('('))
      return fail("'shape' must be a tuple");
    while (true) {
      skipSpace();
      if (consume(')'))
        return llvm::Error::success();
      size_t start = pos;
      while (pos < text.size() && llvm::isDigit(text[pos]))
        ++pos;
      llvm::StringRef digits = text.slice(start, pos);
      int64_t dim;
      if (digits.empty())
        return fail("'shape' must hold non-negative integers");
      if (digits.getAsInteger(10, dim))
        return fail("shape dimension " + digits + " is too large");
      consume('L'); // Python 2 long literals.
      shape.push_back(dim);
      skipSpace();
      if (consume(','))
        continue;
      skipSpace();
      if (consume(')'))
        return llvm::Error::success();
      return fail("expected ',' or ')' in 'shape'");
    }
  }

  llvm::StringRef text;
  llvm::StringRef name;
  size_t pos = 0;
};
} // namespace

/// Maps a descr such as '<f4' to a data type.
static llvm::Expected<DataType> parseDescr(const NpyHeader &header,
                                          llvm::StringRef name) {
  llvm::StringRef descr = header.descr;
  if (!header.descrIsString)
    return npyError(name, "unsupported dtype {0} (structured dtypes are not "
                          "supported)",
                    descr);
  auto unsupported = [&]() {
    return npyError(name,
                    "unsupported dtype '{0}' (supported: float16, float32, "
                    "float64, int8..int64, uint8..uint64, bool)",
                    descr);
  };
  if (descr.size() < 3)
    return unsupported();
  char order = descr[0];
  llvm::StringRef type = descr.drop_front();
  if (order != '<' && order != '>' && order != '|' && order != '=')
    return unsupported();

  std::optional<DataType> dataType =
      llvm::StringSwitch<std::optional<DataType>>(type)
          .Case("f2", DataType::Float16)
          .Case("f4", DataType::Float32)
          .Case("f8", DataType::Float64)
          .Case("i1", DataType::Int8)
          .Case("i2", DataType::Int16)
          .Case("i4", DataType::Int32)
          .Case("i8", DataType::Int64)
          .Case("u1", DataType::UInt8)
          .Case("u2", DataType::UInt16)
          .Case("u4", DataType::UInt32)
          .Case("u8", DataType::UInt64)
          .Case("b1", DataType::UInt8)
          .Default(std::nullopt);
  if (!dataType)
    return unsupported();
  if (getByteWidth(*dataType) > 1) {
    if (order == '>')
      return npyError(name,
                      "big-endian data (dtype '{0}') is not supported; "
                      "convert it with arr.astype(arr.dtype.newbyteorder('<'))",
                      descr);
    if (order == '|')
      return unsupported();
  }
  return *dataType;
}

static std::string formatNpyShape(llvm::ArrayRef<int64_t> shape) {
  std::string text = "(";
  for (auto [index, dim] : llvm::enumerate(shape)) {
    if (index)
      text += ", ";
    text += std::to_string(dim);
  }
  if (shape.size() == 1)
    text += ",";
  return text + ")";
}

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

llvm::Expected<HostTensor> mlir::dml::parseNpy(llvm::StringRef contents,
                                               llvm::StringRef name) {
  if (contents.size() < kMagicSize ||
      contents.substr(0, kMagicSize) != llvm::StringRef(kMagic, kMagicSize)) {
    if (contents.size() < kMagicSize &&
        llvm::StringRef(kMagic, kMagicSize).starts_with(contents))
      return npyError(name, "truncated header: the file has only {0} bytes",
                      contents.size());
    return npyError(name, "not a .npy file (bad magic string; expected "
                          "\"\\x93NUMPY\")");
  }
  if (contents.size() < kMagicSize + 2)
    return npyError(name, "truncated header: the file has only {0} bytes",
                    contents.size());
  unsigned major = static_cast<uint8_t>(contents[6]);
  unsigned minor = static_cast<uint8_t>(contents[7]);
  if (major < 1 || major > 3 || minor != 0)
    return npyError(name,
                    "unsupported .npy format version {0}.{1} (supported: 1.0, "
                    "2.0, 3.0)",
                    major, minor);
  size_t lengthSize = major == 1 ? 2 : 4;
  size_t prefixSize = kMagicSize + 2 + lengthSize;
  if (contents.size() < prefixSize)
    return npyError(name, "truncated header: the file has only {0} bytes",
                    contents.size());
  uint64_t headerLength =
      major == 1
          ? llvm::support::endian::read16le(contents.data() + 8)
          : llvm::support::endian::read32le(contents.data() + 8);
  if (contents.size() - prefixSize < headerLength)
    return npyError(name,
                    "truncated header: the header needs {0} bytes but the file "
                    "has only {1}",
                    prefixSize + headerLength, contents.size());
  llvm::StringRef headerText = contents.substr(prefixSize, headerLength);

  llvm::Expected<NpyHeader> header = HeaderParser(headerText, name).parse();
  if (!header)
    return header.takeError();
  llvm::Expected<DataType> dataType = parseDescr(*header, name);
  if (!dataType)
    return dataType.takeError();
  if (header->fortranOrder)
    return npyError(name, "Fortran-order data is not supported; save the "
                          "array in C order (np.ascontiguousarray)");

  llvm::Expected<uint64_t> byteSize = computeByteSize(*dataType, header->shape);
  if (!byteSize)
    return npyError(name, "{0}", llvm::toString(byteSize.takeError()));
  uint64_t dataOffset = prefixSize + headerLength;
  uint64_t available = contents.size() - dataOffset;
  if (available < *byteSize)
    return npyError(name,
                    "truncated data: shape {0} of {1} needs {2} bytes, the file "
                    "holds {3}",
                    formatNpyShape(header->shape), getNumpyName(*dataType),
                    *byteSize, available);
  if (available > *byteSize)
    return npyError(name,
                    "{0} unexpected bytes after the data of shape {1} of {2} "
                    "({3} bytes)",
                    available - *byteSize, formatNpyShape(header->shape),
                    getNumpyName(*dataType), *byteSize);

  llvm::Expected<HostTensor> tensor =
      HostTensor::create(*dataType, header->shape, /*zeroFill=*/false);
  if (!tensor)
    return npyError(name, "{0}", llvm::toString(tensor.takeError()));
  if (*byteSize)
    std::memcpy(tensor->data(), contents.data() + dataOffset, *byteSize);
  return tensor;
}

llvm::Expected<HostTensor> mlir::dml::readNpyFile(llvm::StringRef path) {
  if (llvm::sys::fs::is_directory(path))
    return npyError(path, "cannot read: is a directory");
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!buffer)
    return llvm::createStringError(buffer.getError(), "%s: cannot open: %s",
                                   path.str().c_str(),
                                   buffer.getError().message().c_str());
  return parseNpy((*buffer)->getBuffer(), path);
}

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

static llvm::StringRef getDescr(DataType dataType) {
  switch (dataType) {
  case DataType::Float16:
    return "<f2";
  case DataType::Float32:
    return "<f4";
  case DataType::Float64:
    return "<f8";
  case DataType::Int8:
    return "|i1";
  case DataType::Int16:
    return "<i2";
  case DataType::Int32:
    return "<i4";
  case DataType::Int64:
    return "<i8";
  case DataType::UInt8:
    return "|u1";
  case DataType::UInt16:
    return "<u2";
  case DataType::UInt32:
    return "<u4";
  case DataType::UInt64:
    return "<u8";
  }
  llvm_unreachable("unknown DirectML data type");
}

std::string mlir::dml::getNpyHeader(DataType dataType,
                                    llvm::ArrayRef<int64_t> shape) {
  std::string dict = "{'descr': '" + getDescr(dataType).str() +
                     "', 'fortran_order': False, 'shape': " +
                     formatNpyShape(shape) + ", }";
  // Magic, version, length field, dictionary, padding and a final newline;
  // the data starts at a multiple of 64 bytes.
  unsigned major = 1;
  size_t prefixSize = kMagicSize + 2 + 2;
  size_t total = llvm::alignTo(prefixSize + dict.size() + 1, 64);
  if (total - prefixSize > 0xffff) {
    major = 2;
    prefixSize = kMagicSize + 2 + 4;
    total = llvm::alignTo(prefixSize + dict.size() + 1, 64);
  }
  size_t headerLength = total - prefixSize;
  dict.append(headerLength - dict.size() - 1, ' ');
  dict += '\n';

  std::string header(kMagic, kMagicSize);
  header += static_cast<char>(major);
  header += '\0';
  char length[4];
  if (major == 1) {
    llvm::support::endian::write16le(length, headerLength);
    header.append(length, 2);
  } else {
    llvm::support::endian::write32le(length, headerLength);
    header.append(length, 4);
  }
  return header + dict;
}

void mlir::dml::writeNpy(llvm::raw_ostream &os, const HostTensor &tensor) {
  os << getNpyHeader(tensor.getDataType(), tensor.getShape());
  llvm::ArrayRef<uint8_t> bytes = tensor.bytes();
  os.write(reinterpret_cast<const char *>(bytes.data()), bytes.size());
}

llvm::Error mlir::dml::checkNpyOutputPath(llvm::StringRef path) {
  llvm::StringRef parent = llvm::sys::path::parent_path(path);
  if (parent.empty())
    parent = ".";
  llvm::sys::fs::file_status status;
  if (std::error_code ec = llvm::sys::fs::status(parent, status))
    return llvm::createStringError(
        ec, "cannot write '%s': directory '%s' does not exist",
        path.str().c_str(), parent.str().c_str());
  if (!llvm::sys::fs::is_directory(status))
    return llvm::createStringError(
        std::make_error_code(std::errc::not_a_directory),
        "cannot write '%s': '%s' is not a directory", path.str().c_str(),
        parent.str().c_str());
  if (llvm::sys::fs::is_directory(path))
    return llvm::createStringError(
        std::make_error_code(std::errc::is_a_directory),
        "cannot write '%s': it is a directory", path.str().c_str());
  // The file is written next to `path` and renamed over it, which would
  // replace a device, FIFO or socket (e.g. /dev/null) by a regular file.
  if (llvm::sys::fs::exists(path) && !llvm::sys::fs::is_regular_file(path))
    return llvm::createStringError(
        std::make_error_code(std::errc::invalid_argument),
        "cannot write '%s': it exists and is not a regular file",
        path.str().c_str());
  return llvm::Error::success();
}

llvm::Expected<llvm::sys::fs::TempFile>
mlir::dml::writeNpyToTempFile(llvm::StringRef path, const HostTensor &tensor) {
  if (llvm::Error error = checkNpyOutputPath(path))
    return std::move(error);
  llvm::SmallString<256> model(path);
  model += ".tmp-%%%%%%%%";
  llvm::Expected<llvm::sys::fs::TempFile> temp =
      llvm::sys::fs::TempFile::create(model);
  if (!temp) {
    std::string message = llvm::toString(temp.takeError());
    return llvm::createStringError("cannot write '%s': %s", path.str().c_str(),
                                   message.c_str());
  }
  std::error_code writeError;
  {
    llvm::raw_fd_ostream os(temp->FD, /*shouldClose=*/false);
    writeNpy(os, tensor);
    os.flush();
    writeError = os.error();
    os.clear_error();
  }
  if (writeError) {
    llvm::consumeError(temp->discard());
    return llvm::createStringError(writeError, "cannot write '%s': %s",
                                   path.str().c_str(),
                                   writeError.message().c_str());
  }
  return std::move(*temp);
}

llvm::Error mlir::dml::writeNpyFile(llvm::StringRef path,
                                    const HostTensor &tensor) {
  llvm::Expected<llvm::sys::fs::TempFile> temp =
      writeNpyToTempFile(path, tensor);
  if (!temp)
    return temp.takeError();
  if (llvm::Error error = temp->keep(path)) {
    std::string message = llvm::toString(std::move(error));
    llvm::consumeError(temp->discard());
    return llvm::createStringError("cannot write '%s': %s", path.str().c_str(),
                                   message.c_str());
  }
  return llvm::Error::success();
}
