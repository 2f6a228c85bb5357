//===- DMLDialect.cpp - DirectML operator dialect -------------------------===//

#include "dml/Dialect/DML/IR/DMLDialect.h"

#include "dml/Dialect/DML/IR/DMLOps.h"
#include "dml/Dialect/DML/IR/FeatureLevel.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::dml;

#include "dml/Dialect/DML/IR/DMLOpsDialect.cpp.inc"

#include "dml/Dialect/DML/IR/DMLEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "dml/Dialect/DML/IR/DMLAttrs.cpp.inc"

void DMLDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dml/Dialect/DML/IR/DMLAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "dml/Dialect/DML/IR/DMLOps.cpp.inc"
      >();
}

LogicalResult DMLDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attribute) {
  if (attribute.getName() != getFeatureLevelAttrName())
    return op->emitError() << "unknown dml dialect attribute '"
                           << attribute.getName().getValue()
                           << "'; the only one is '"
                           << getFeatureLevelAttrName() << "'";
  auto text = dyn_cast<StringAttr>(attribute.getValue());
  if (!text)
    return op->emitError() << "'" << getFeatureLevelAttrName()
                           << "' must be a string such as \"3.0\", got "
                           << attribute.getValue();
  if (!FeatureLevel::parse(text.getValue()))
    return op->emitError() << "'" << getFeatureLevelAttrName()
                           << "' must be one of "
                           << FeatureLevel::getValidSpellings() << ", got \""
                           << text.getValue() << "\"";
  return success();
}

/// `dml.*` attributes on region arguments and results (e.g. function
/// arguments) must be ones the dialect defines for them.
static LogicalResult verifyValueAttribute(Operation *op, StringRef kind,
                                          unsigned index,
                                          NamedAttribute attribute) {
  return op->emitError() << "'" << attribute.getName().getValue()
                         << "' is not a dml attribute of " << kind << " #"
                         << index << " ('" << DMLDialect::getFeatureLevelAttrName()
                         << "' belongs on operations)";
}

LogicalResult DMLDialect::verifyRegionArgAttribute(Operation *op, unsigned,
                                                   unsigned argIndex,
                                                   NamedAttribute attribute) {
  return verifyValueAttribute(op, "region argument", argIndex, attribute);
}

LogicalResult DMLDialect::verifyRegionResultAttribute(Operation *op, unsigned,
                                                      unsigned resultIndex,
                                                      NamedAttribute attribute) {
  return verifyValueAttribute(op, "result", resultIndex, attribute);
}
