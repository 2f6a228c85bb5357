//===- FeatureLevel.cpp - DirectML feature levels -------------------------===//

#include "dml/Dialect/DML/IR/FeatureLevel.h"

#include "dml/Dialect/DML/IR/DMLDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::dml;

// Every DML_FEATURE_LEVEL DirectML defines. Levels above 5.0 add no rows to
// the tables of these operators, so they select the 5.0 rows.
static constexpr FeatureLevel knownLevels[] = {
    {1, 0}, {2, 0}, {2, 1}, {3, 0}, {3, 1}, {4, 0}, {4, 1}, {5, 0},
    {5, 1}, {5, 2}, {6, 0}, {6, 1}, {6, 2}, {6, 3}, {6, 4}};

std::string FeatureLevel::str() const {
  return std::to_string(major) + "." + std::to_string(minor);
}

std::optional<FeatureLevel> FeatureLevel::parse(llvm::StringRef text) {
  auto [majorText, minorText] = text.split('.');
  unsigned major, minor;
  if (majorText.empty() || minorText.empty() ||
      majorText.getAsInteger(10, major) || minorText.getAsInteger(10, minor))
    return std::nullopt;
  FeatureLevel level{major, minor};
  // Only the canonical spelling: "03.0" or "3.00" would name 3.0 as well.
  if (!llvm::is_contained(knownLevels, level) || level.str() != text)
    return std::nullopt;
  return level;
}

llvm::StringRef FeatureLevel::getValidSpellings() {
  return "\"1.0\", \"2.0\", \"2.1\", \"3.0\", \"3.1\", \"4.0\", \"4.1\", "
         "\"5.0\", \"5.1\", \"5.2\", \"6.0\", \"6.1\", \"6.2\", \"6.3\", "
         "\"6.4\"";
}

FeatureLevel mlir::dml::getFeatureLevel(Operation *op) {
  for (Operation *current = op; current; current = current->getParentOp()) {
    auto text = current->getAttrOfType<StringAttr>(
        DMLDialect::getFeatureLevelAttrName());
    if (!text)
      continue;
    if (std::optional<FeatureLevel> level = FeatureLevel::parse(text))
      return *level;
  }
  return FeatureLevel::getDefault();
}
