//===- Npy.h - NumPy .npy reader and writer ---------------------*- C++ -*-===//
//
// NumPy's .npy format, versions 1.0, 2.0 and 3.0 (the 3.0 header is UTF-8;
// only ASCII occurs in the dictionaries we accept): C order, little-endian,
// dtypes float16/32/64, int8..64, uint8..64; `|b1` (bool) is read as uint8.
//
// Every error names the file and the problem: missing file, bad magic,
// truncated header or data, Fortran order, big-endian data, unsupported
// dtype, malformed header dictionary.
//
//===----------------------------------------------------------------------===//

#ifndef DML_RUNTIME_NPY_H
#define DML_RUNTIME_NPY_H

#include "dml/Runtime/HostTensor.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::dml {

/// Parses the contents of a .npy file; `name` (the file name) prefixes every
/// error message.
llvm::Expected<HostTensor> parseNpy(llvm::StringRef contents,
                                    llvm::StringRef name);

/// Reads a .npy file.
llvm::Expected<HostTensor> readNpyFile(llvm::StringRef path);

/// The .npy header (magic, version, length, dictionary and padding) for a
/// tensor: version 1.0, or 2.0 if the dictionary does not fit 1.0. The data
/// starts at a multiple of 64 bytes.
std::string getNpyHeader(DataType dataType, llvm::ArrayRef<int64_t> shape);

/// Writes `tensor` in .npy format to `os`.
void writeNpy(llvm::raw_ostream &os, const HostTensor &tensor);

/// Checks that `path` can be created: its directory exists and `path` is not
/// a directory. The error names the file and the problem.
llvm::Error checkNpyOutputPath(llvm::StringRef path);

/// Writes `tensor` to a temporary file in the directory of `path`, to be
/// renamed over `path` with `TempFile::keep(path)` (or dropped with
/// `discard()`). On error no file is left behind.
llvm::Expected<llvm::sys::fs::TempFile>
writeNpyToTempFile(llvm::StringRef path, const HostTensor &tensor);

/// Writes `tensor` to the .npy file `path` through a temporary file in the
/// same directory and a rename, so that an error never leaves a partial file.
llvm::Error writeNpyFile(llvm::StringRef path, const HostTensor &tensor);

} // namespace mlir::dml

#endif // DML_RUNTIME_NPY_H
