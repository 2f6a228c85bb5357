//===- TensorSupport.cpp - DirectML tensor-support tables -----------------===//
//
// Transcribed from the "Tensor support" sections of the DirectML operator
// pages (docs/semantics.md restates them). Rows are newest level first.
//
//===----------------------------------------------------------------------===//

#include "dml/Dialect/DML/IR/TensorSupport.h"

#include "dml/Dialect/DML/IR/DMLDialect.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::dml;

namespace {
using DT = DataType;

constexpr DataTypeSet kF32F16 = {DT::Float32, DT::Float16};
constexpr DataTypeSet kAllButF64 = {DT::Float32, DT::Float16, DT::Int64,
                                    DT::Int32,   DT::Int16,   DT::Int8,
                                    DT::UInt64,  DT::UInt32,  DT::UInt16,
                                    DT::UInt8};
constexpr DataTypeSet kAll = {DT::Float64, DT::Float32, DT::Float16,
                              DT::Int64,   DT::Int32,   DT::Int16,
                              DT::Int8,    DT::UInt64,  DT::UInt32,
                              DT::UInt16,  DT::UInt8};
constexpr DataTypeSet kNo64Bit = {DT::Float32, DT::Float16, DT::Int32,
                                  DT::Int16,   DT::Int8,    DT::UInt32,
                                  DT::UInt16,  DT::UInt8};
constexpr DataTypeSet kUInt32 = {DT::UInt32};
constexpr DataTypeSet kIndex = {DT::Int64, DT::Int32, DT::UInt64, DT::UInt32};
constexpr DataTypeSet kF32F16I32U32 = {DT::Float32, DT::Float16, DT::Int32,
                                       DT::UInt32};
constexpr DataTypeSet kF32F16I64I32U64U32 = {DT::Float32, DT::Float16,
                                             DT::Int64,   DT::Int32,
                                             DT::UInt64,  DT::UInt32};

constexpr llvm::StringLiteral kInputOutput[] = {"InputTensor", "OutputTensor"};

// TopK1: InputTensor, OutputValueTensor, OutputIndexTensor.
constexpr llvm::StringLiteral kTopKTensors[] = {
    "InputTensor", "OutputValueTensor", "OutputIndexTensor"};
constexpr DataTypeSet kTopK50[] = {kAllButF64, kAllButF64,
                                   {DT::UInt64, DT::UInt32}};
constexpr DataTypeSet kTopK21[] = {kNo64Bit, kNo64Bit, kUInt32};
constexpr TensorSupportRow kTopKRows[] = {
    {{5, 0}, false, kTopK50}, {{3, 1}, false, kTopK21}, {{2, 1}, true, kTopK21}};

// ArgMax / ArgMin.
constexpr DataTypeSet kArgMax41[] = {kAllButF64, kIndex};
constexpr DataTypeSet kArgMax30[] = {kNo64Bit, kIndex};
constexpr TensorSupportRow kArgMaxRows[] = {{{4, 1}, false, kArgMax41},
                                            {{3, 0}, false, kArgMax30}};

// Reduce ARGMIN / ARGMAX.
constexpr DataTypeSet kReduceArg21[] = {kNo64Bit, kUInt32};
constexpr DataTypeSet kReduceArg10[] = {kF32F16, kUInt32};
constexpr TensorSupportRow kReduceArgRows[] = {
    {{4, 1}, false, kArgMax41},
    {{3, 0}, false, kArgMax30},
    {{2, 1}, true, kReduceArg21},
    {{1, 0}, true, kReduceArg10}};

// Reduce AVERAGE / L2 / LOG_SUM / LOG_SUM_EXP.
constexpr DataTypeSet kFloatOnly[] = {kF32F16, kF32F16};
constexpr TensorSupportRow kReduceFloatRows[] = {{{3, 0}, false, kFloatOnly},
                                                 {{1, 0}, true, kFloatOnly}};

// Reduce L1 / SUM_SQUARE.
constexpr DataTypeSet kWide50[] = {kF32F16I64I32U64U32, kF32F16I64I32U64U32};
constexpr TensorSupportRow kReduceL1Rows[] = {{{5, 0}, false, kWide50},
                                              {{3, 0}, false, kFloatOnly},
                                              {{1, 0}, true, kFloatOnly}};

// Reduce MIN / MAX.
constexpr DataTypeSet kMinMax50[] = {kAllButF64, kAllButF64};
constexpr DataTypeSet kMinMax30[] = {kNo64Bit, kNo64Bit};
constexpr DataTypeSet kNarrow21[] = {kF32F16I32U32, kF32F16I32U32};
constexpr TensorSupportRow kReduceMinMaxRows[] = {{{5, 0}, false, kMinMax50},
                                                  {{3, 0}, false, kMinMax30},
                                                  {{2, 1}, true, kNarrow21},
                                                  {{1, 0}, true, kFloatOnly}};

// Reduce MULTIPLY / SUM.
constexpr TensorSupportRow kReduceSumRows[] = {{{5, 0}, false, kWide50},
                                               {{3, 0}, false, kNarrow21},
                                               {{2, 1}, true, kNarrow21},
                                               {{1, 0}, true, kFloatOnly}};

// Gather: InputTensor, IndicesTensor, OutputTensor.
constexpr llvm::StringLiteral kGatherTensors[] = {"InputTensor", "IndicesTensor",
                                                  "OutputTensor"};
constexpr DataTypeSet kGather41[] = {kAll, kIndex, kAll};
constexpr DataTypeSet kGather30[] = {kNo64Bit, kIndex, kNo64Bit};
constexpr DataTypeSet kGather21[] = {kNo64Bit, kUInt32, kNo64Bit};
constexpr DataTypeSet kGather10[] = {kF32F16, kUInt32, kF32F16};
constexpr TensorSupportRow kGatherRows[] = {{{4, 1}, false, kGather41},
                                            {{3, 0}, false, kGather30},
                                            {{2, 1}, true, kGather21},
                                            {{1, 0}, true, kGather10}};

// OneHot: IndicesTensor, ValuesTensor, OutputTensor.
constexpr llvm::StringLiteral kOneHotTensors[] = {"IndicesTensor", "ValuesTensor",
                                                  "OutputTensor"};
constexpr DataTypeSet kOneHot41[] = {kIndex, kAll, kAll};
constexpr DataTypeSet kOneHot30[] = {kIndex, kNo64Bit, kNo64Bit};
constexpr DataTypeSet kOneHot21[] = {kUInt32, kNo64Bit, kNo64Bit};
constexpr DataTypeSet kOneHot20[] = {kUInt32, kF32F16, kF32F16};
constexpr TensorSupportRow kOneHotRows[] = {{{4, 1}, false, kOneHot41},
                                            {{3, 0}, false, kOneHot30},
                                            {{2, 1}, true, kOneHot21},
                                            {{2, 0}, true, kOneHot20}};
} // namespace

const TensorSupportRow *TensorSupportTable::lookup(FeatureLevel level) const {
  for (const TensorSupportRow &row : rows)
    if (row.level <= level)
      return &row;
  return nullptr;
}

const TensorSupportTable &mlir::dml::getTopKSupport() {
  static const TensorSupportTable table{"TopK1", kTopKTensors, kTopKRows};
  return table;
}

const TensorSupportTable &mlir::dml::getArgMaxMinSupport() {
  static const TensorSupportTable table{"ArgMax/ArgMin", kInputOutput,
                                        kArgMaxRows};
  return table;
}

const TensorSupportTable &
mlir::dml::getReduceSupport(ReduceFunction function) {
  static const TensorSupportTable arg{"Reduce ARGMIN/ARGMAX", kInputOutput,
                                      kReduceArgRows};
  static const TensorSupportTable floats{
      "Reduce AVERAGE/L2/LOG_SUM/LOG_SUM_EXP", kInputOutput, kReduceFloatRows};
  static const TensorSupportTable l1{"Reduce L1/SUM_SQUARE", kInputOutput,
                                     kReduceL1Rows};
  static const TensorSupportTable minMax{"Reduce MIN/MAX", kInputOutput,
                                         kReduceMinMaxRows};
  static const TensorSupportTable sum{"Reduce MULTIPLY/SUM", kInputOutput,
                                      kReduceSumRows};
  switch (function) {
  case ReduceFunction::ArgMax:
  case ReduceFunction::ArgMin:
    return arg;
  case ReduceFunction::Average:
  case ReduceFunction::L2:
  case ReduceFunction::LogSum:
  case ReduceFunction::LogSumExp:
    return floats;
  case ReduceFunction::L1:
  case ReduceFunction::SumSquare:
    return l1;
  case ReduceFunction::Max:
  case ReduceFunction::Min:
    return minMax;
  case ReduceFunction::Multiply:
  case ReduceFunction::Sum:
    return sum;
  }
  llvm_unreachable("unknown reduce function");
}

const TensorSupportTable &mlir::dml::getGatherSupport() {
  static const TensorSupportTable table{"Gather", kGatherTensors, kGatherRows};
  return table;
}

const TensorSupportTable &mlir::dml::getOneHotSupport() {
  static const TensorSupportTable table{"OneHot", kOneHotTensors, kOneHotRows};
  return table;
}

LogicalResult mlir::dml::verifyTensorSupport(
    Operation *op, const TensorSupportTable &table, ArrayRef<Value> values,
    ArrayRef<StringRef> names) {
  assert(values.size() == table.tensors.size() && names.size() == values.size());
  FeatureLevel level = getFeatureLevel(op);
  const TensorSupportRow *row = table.lookup(level);
  if (!row)
    return op->emitOpError("requires DirectML feature level ")
           << table.getIntroductionLevel().str() << " or newer (" << table.name
           << " was introduced at " << table.getIntroductionLevel().str()
           << "), but the selected feature level is " << level.str();

  for (auto [value, name, tensor, types] :
       llvm::zip_equal(values, names, table.tensors, row->dataTypes)) {
    auto type = cast<RankedTensorType>(value.getType());
    if (row->requiresFourDimensions && type.getRank() != 4)
      return op->emitOpError()
             << name << " must have exactly 4 dimensions at feature level "
             << level.str() << " (" << table.name << " " << tensor
             << " row of feature level " << row->level.str()
             << "; 1 to 8 need a newer level), got " << type.getRank();
    if (!row->requiresFourDimensions &&
        (type.getRank() < 1 || type.getRank() > 8))
      return op->emitOpError()
             << name << " must have 1 to 8 dimensions (" << table.name << " "
             << tensor << "), got " << type.getRank();

    std::optional<DataType> dataType = getDataType(type.getElementType());
    if (!dataType)
      return op->emitOpError()
             << name << " element type " << type.getElementType()
             << " is not a DirectML data type; expected one of "
             << types.str() << " (" << table.name << " " << tensor
             << " at feature level " << level.str() << ")";
    if (!types.contains(*dataType))
      return op->emitOpError()
             << name << " data type must be one of " << types.str() << " ("
             << table.name << " " << tensor << " at feature level "
             << level.str() << "), got " << stringifyDataType(*dataType)
             << " (" << type.getElementType() << ")";
  }
  return success();
}
