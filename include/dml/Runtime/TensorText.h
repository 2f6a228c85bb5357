//===- TensorText.h - Tensors as text ---------------------------*- C++ -*-===//
//
// Parses tensors written on a command line, e.g. "2x3xf32=1 2 3 4 5 6", and
// prints tensors in a readable nested-bracket form:
//
//   tensor<2x3xf32>
//   [[1, 2, 3], [4, 5, 6]]
//
//===----------------------------------------------------------------------===//

#ifndef DML_RUNTIME_TENSORTEXT_H
#define DML_RUNTIME_TENSORTEXT_H

#include "dml/Runtime/HostTensor.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::dml {

/// A data type and a static shape.
struct TensorTypeText {
  DataType dataType;
  llvm::SmallVector<int64_t, 4> shape;
};

/// Parses an element type in MLIR syntax: f16, f32, f64, i8..i64, ui8..ui64.
llvm::Expected<DataType> parseDataTypeText(llvm::StringRef text);

/// Parses a tensor type in MLIR syntax, "2x3xf32" ("f32" for rank 0); the
/// `tensor<...>` wrapper is optional.
llvm::Expected<TensorTypeText> parseTensorTypeText(llvm::StringRef text);

/// Parses "TYPE=VALUES", e.g. "2x3xf32=1 2 3 4 5 6". Values are separated by
/// spaces and/or commas (brackets are ignored, so printed tensors can be fed
/// back); the element count must match the shape exactly. Integers are
/// decimal and range-checked for the data type; floats accept "nan", "inf"
/// and "-inf", are rounded to nearest-even, and finite values that overflow
/// the data type are rejected.
llvm::Expected<HostTensor> parseTensorText(llvm::StringRef text);

/// Parses one element value of type `dataType` and stores it at `out`
/// (getByteWidth(dataType) bytes).
llvm::Error parseElementText(llvm::StringRef text, DataType dataType,
                             void *out);

/// Formats element `index` of `tensor`: integers in decimal; floats with the
/// fewest significant digits that round-trip (at most 9 for f32, 17 for f64;
/// f16 is printed as the f32 it converts to, so 65504 and 0.099975586, not
/// 65500 and 0.1), positional for 1e-4 <= |x| < 1e16 and scientific
/// otherwise (0.1, 35000000000, 1e+30), "nan", "inf", "-inf".
std::string formatElement(const HostTensor &tensor, int64_t index);

/// Prints the nested-bracket form of the values on one line, e.g.
/// "[[1, 2, 3], [4, 5, 6]]"; a rank-0 tensor prints its value alone.
void printTensorValues(llvm::raw_ostream &os, const HostTensor &tensor);

/// Prints "tensor<2x3xf32>\n" and then the values and a newline.
void printTensor(llvm::raw_ostream &os, const HostTensor &tensor);

} // namespace mlir::dml

#endif // DML_RUNTIME_TENSORTEXT_H
