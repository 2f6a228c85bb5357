//===- OperatorDesc.h - DirectML-style operator descriptions ----*- C++ -*-===//
//
// One operator described with the fields of DirectML's structs, for code
// that already fills DML_*_OPERATOR_DESC: the tensor descriptions are
// DML_BUFFER_TENSOR_DESCs (sizes, optional strides, in elements), and
// Compiler::compileOperator() turns one description into a kernel whose
// inputs and outputs are the description's tensors in struct order.
//
// Differences from DirectML.h: there is no DML_TENSOR_DESC indirection (the
// fields point at BufferTensorDesc directly) and no DML_OPERATOR_DESC
// (OperatorDesc pairs the type with a pointer to the struct). Output tensors
// must be packed.
//
//===----------------------------------------------------------------------===//

#ifndef DML_COMPILER_OPERATORDESC_H
#define DML_COMPILER_OPERATORDESC_H

#include "dml/Compiler/Types.h"

#include <cstdint>

namespace dml {

/// DML_BUFFER_TENSOR_DESC.
struct BufferTensorDesc {
  ::dml::DataType DataType;
  uint32_t Flags;
  uint32_t DimensionCount;
  const uint32_t *Sizes;
  const uint32_t *Strides; ///< Optional (nullptr: packed).
  uint64_t TotalTensorSizeInBytes;
  uint32_t GuaranteedBaseOffsetAlignment;
};

/// DML_TOP_K1_OPERATOR_DESC.
struct TopK1OperatorDesc {
  const BufferTensorDesc *InputTensor;
  const BufferTensorDesc *OutputValueTensor;
  const BufferTensorDesc *OutputIndexTensor;
  uint32_t Axis;
  uint32_t K;
  ::dml::AxisDirection AxisDirection;
};

/// DML_ARGMAX_OPERATOR_DESC and DML_ARGMIN_OPERATOR_DESC.
struct ArgMaxOperatorDesc {
  const BufferTensorDesc *InputTensor;
  const BufferTensorDesc *OutputTensor;
  uint32_t AxisCount;
  const uint32_t *Axes;
  ::dml::AxisDirection AxisDirection;
};
using ArgMinOperatorDesc = ArgMaxOperatorDesc;

/// DML_REDUCE_OPERATOR_DESC.
struct ReduceOperatorDesc {
  ::dml::ReduceFunction Function;
  const BufferTensorDesc *InputTensor;
  const BufferTensorDesc *OutputTensor;
  uint32_t AxisCount;
  const uint32_t *Axes;
};

/// DML_GATHER_OPERATOR_DESC.
struct GatherOperatorDesc {
  const BufferTensorDesc *InputTensor;
  const BufferTensorDesc *IndicesTensor;
  const BufferTensorDesc *OutputTensor;
  uint32_t Axis;
  uint32_t IndexDimensions;
};

/// DML_ONE_HOT_OPERATOR_DESC.
struct OneHotOperatorDesc {
  const BufferTensorDesc *IndicesTensor;
  const BufferTensorDesc *ValuesTensor;
  const BufferTensorDesc *OutputTensor;
  uint32_t Axis;
};

/// The operator types of this API (DML_OPERATOR_TYPE names).
enum class OperatorType : uint32_t {
  TopK1,
  ArgMax,
  ArgMin,
  Reduce,
  Gather,
  OneHot,
};

/// DML_OPERATOR_DESC: `Desc` points at the struct of `Type`.
struct OperatorDesc {
  OperatorType Type;
  const void *Desc;
};

/// The TensorDesc of a BufferTensorDesc (checks the pointers and the
/// dimension count).
Expected<TensorDesc> toTensorDesc(const BufferTensorDesc *desc,
                                  const char *field);

} // namespace dml

#endif // DML_COMPILER_OPERATORDESC_H
