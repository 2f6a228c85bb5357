//===- DMLToLinalg.h - dml to linalg conversion patterns --------*- C++ -*-===//

#ifndef DML_CONVERSION_DMLTOLINALG_DMLTOLINALG_H
#define DML_CONVERSION_DMLTOLINALG_DMLTOLINALG_H

#include "mlir/Transforms/DialectConversion.h"

namespace mlir::dml {

/// Converts unsigned integer element types (and tensors of them) to signless
/// integers of the same width; every other type is kept.
class SignlessTypeConverter : public TypeConverter {
public:
  SignlessTypeConverter();
};

void populateReduceToLinalgPatterns(const TypeConverter &converter,
                                    RewritePatternSet &patterns);
void populateArgReduceToLinalgPatterns(const TypeConverter &converter,
                                       RewritePatternSet &patterns);
void populateGatherToLinalgPatterns(const TypeConverter &converter,
                                    RewritePatternSet &patterns);
void populateOneHotToLinalgPatterns(const TypeConverter &converter,
                                    RewritePatternSet &patterns);
/// dml.top_k to its structured form dml.select_top_k on tensors.
void populateTopKToSelectPatterns(const TypeConverter &converter,
                                  RewritePatternSet &patterns);

/// Replaces every unsigned integer type in `root` and the ops nested in it
/// (operand, result and block argument types, attributes) by the signless
/// type of the same width, and erases the casts that became identities. Run
/// after the dml ops are lowered: their lowerings read the signedness.
void renameUnsignedToSignless(Operation *root);

/// All of the above.
void populateDMLToLinalgPatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns);

} // namespace mlir::dml

#endif // DML_CONVERSION_DMLTOLINALG_DMLTOLINALG_H
