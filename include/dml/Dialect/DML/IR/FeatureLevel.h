//===- FeatureLevel.h - DirectML feature levels -----------------*- C++ -*-===//
//
// DML_FEATURE_LEVEL and its selection through the `dml.feature_level`
// attribute on an op or any of its ancestors.
//
//===----------------------------------------------------------------------===//

#ifndef DML_DIALECT_DML_IR_FEATURELEVEL_H
#define DML_DIALECT_DML_IR_FEATURELEVEL_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace mlir::dml {

/// A DirectML feature level, e.g. {3, 1} for DML_FEATURE_LEVEL_3_1.
struct FeatureLevel {
  unsigned major = 0;
  unsigned minor = 0;

  constexpr unsigned value() const { return major * 16 + minor; }
  friend constexpr bool operator<(FeatureLevel a, FeatureLevel b) {
    return a.value() < b.value();
  }
  friend constexpr bool operator<=(FeatureLevel a, FeatureLevel b) {
    return a.value() <= b.value();
  }
  friend constexpr bool operator==(FeatureLevel a, FeatureLevel b) {
    return a.value() == b.value();
  }
  /// "3.1", the spelling of the `dml.feature_level` attribute.
  std::string str() const;

  /// The level that applies without a `dml.feature_level` attribute: 5.0,
  /// whose tables are the union of all rows.
  static constexpr FeatureLevel getDefault() { return {5, 0}; }

  /// Parses "major.minor"; only levels DirectML defines are accepted.
  static std::optional<FeatureLevel> parse(llvm::StringRef text);

  /// The accepted spellings, for diagnostics.
  static llvm::StringRef getValidSpellings();
};

/// The feature level in force for `op`: the `dml.feature_level` attribute of
/// the op itself or its nearest ancestor carrying one, else the default. A
/// malformed attribute is reported by the dialect's attribute verifier; here
/// it is skipped.
FeatureLevel getFeatureLevel(Operation *op);

} // namespace mlir::dml

#endif // DML_DIALECT_DML_IR_FEATURELEVEL_H
