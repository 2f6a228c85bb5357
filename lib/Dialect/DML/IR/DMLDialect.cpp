//===- DMLDialect.cpp - DirectML operator dialect -------------------------===//

#include "dml/Dialect/DML/IR/DMLDialect.h"

#include "dml/Dialect/DML/IR/DMLOps.h"
#include "dml/Dialect/DML/IR/FeatureLevel.h"
#include "dml/Transforms/CandidateChunks.h"
#include "dml/Transforms/ShiftedExp.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
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
  attachSelectTopKBufferization(*getContext());
  attachSelectTopKTiling(*getContext());
}

LogicalResult DMLDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attribute) {
  if (attribute.getName() == getWorkspaceBytesAttrName()) {
    auto bytes = dyn_cast<IntegerAttr>(attribute.getValue());
    if (!bytes || !bytes.getType().isInteger(64) || bytes.getInt() < 0)
      return op->emitError()
             << "'" << getWorkspaceBytesAttrName()
             << "' must be a non-negative i64, got " << attribute.getValue();
    return success();
  }
  if (attribute.getName() == kCandidateChunksAttr) {
    // Set by dml-lower-top-k on the pass that lists top_k's candidate
    // chunks (dml/Transforms/CandidateChunks.h).
    auto marks = dyn_cast<DenseI64ArrayAttr>(attribute.getValue());
    if (!marks || marks.size() != 4 ||
        llvm::any_of(marks.asArrayRef(), [](int64_t v) { return v < 0; }))
      return op->emitError()
             << "'" << kCandidateChunksAttr
             << "' must be 4 non-negative i64, got " << attribute.getValue();
    return success();
  }
  if (attribute.getName() == kShiftedExpAttr) {
    // Set by dml-mark-shifted-exp (dml/Transforms/ShiftedExp.h).
    if (!isa<UnitAttr>(attribute.getValue()) ||
        op->getName().getStringRef() != "math.exp")
      return op->emitError() << "'" << kShiftedExpAttr
                             << "' must be a unit attribute of math.exp";
    return success();
  }
  if (attribute.getName() == kSummedExpAttr) {
    // Set by dml-mark-shifted-exp next to kShiftedExpAttr: the cheaper
    // expansion's error bound needs the argument <= 0.
    if (!isa<UnitAttr>(attribute.getValue()) ||
        op->getName().getStringRef() != "math.exp" ||
        !op->hasAttr(kShiftedExpAttr))
      return op->emitError()
             << "'" << kSummedExpAttr << "' must be a unit attribute of a "
             << "math.exp that also has '" << kShiftedExpAttr << "'";
    return success();
  }
  if (attribute.getName() != getFeatureLevelAttrName())
    return op->emitError() << "unknown dml dialect attribute '"
                           << attribute.getName().getValue()
                           << "'; the operation attributes are '"
                           << getFeatureLevelAttrName() << "', '"
                           << getWorkspaceBytesAttrName() << "', '"
                           << kCandidateChunksAttr << "', '" << kShiftedExpAttr
                           << "' and '" << kSummedExpAttr << "'";
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

/// `dml.strides` on argument `argIndex` of region `regionIndex`: one
/// non-negative element stride per dimension of a ranked tensor or memref.
static LogicalResult verifyStridesAttribute(Operation *op, unsigned regionIndex,
                                            unsigned argIndex,
                                            Attribute value) {
  StringLiteral name = DMLDialect::getStridesAttrName();
  auto strides = dyn_cast<DenseI64ArrayAttr>(value);
  if (!strides)
    return op->emitError() << "'" << name << "' of argument #" << argIndex
                           << " must be an array<i64: ...> of element "
                              "strides, got "
                           << value;
  Type type;
  if (auto function = dyn_cast<FunctionOpInterface>(op);
      function && argIndex < function.getNumArguments())
    type = function.getArgumentTypes()[argIndex];
  else if (regionIndex < op->getNumRegions() &&
           !op->getRegion(regionIndex).empty() &&
           argIndex < op->getRegion(regionIndex).getNumArguments())
    type = op->getRegion(regionIndex).getArgument(argIndex).getType();
  auto shaped = dyn_cast_or_null<ShapedType>(type);
  if (!shaped || !shaped.hasRank())
    return op->emitError() << "'" << name << "' of argument #" << argIndex
                           << " needs a ranked tensor or memref argument, got "
                           << type;
  if (static_cast<int64_t>(strides.size()) != shaped.getRank())
    return op->emitError() << "'" << name << "' of argument #" << argIndex
                           << " has " << strides.size()
                           << " strides, but the argument has "
                           << shaped.getRank() << " dimensions";
  for (auto [dim, stride] : llvm::enumerate(strides.asArrayRef()))
    if (stride < 0)
      return op->emitError() << "'" << name << "' of argument #" << argIndex
                             << ": stride " << dim << " is " << stride
                             << "; strides must be >= 0 (DirectML strides "
                                "are unsigned)";
  return success();
}

LogicalResult DMLDialect::verifyRegionArgAttribute(Operation *op,
                                                   unsigned regionIndex,
                                                   unsigned argIndex,
                                                   NamedAttribute attribute) {
  if (attribute.getName() == getStridesAttrName())
    return verifyStridesAttribute(op, regionIndex, argIndex,
                                  attribute.getValue());
  return verifyValueAttribute(op, "region argument", argIndex, attribute);
}

LogicalResult DMLDialect::verifyRegionResultAttribute(Operation *op, unsigned,
                                                      unsigned resultIndex,
                                                      NamedAttribute attribute) {
  return verifyValueAttribute(op, "result", resultIndex, attribute);
}
