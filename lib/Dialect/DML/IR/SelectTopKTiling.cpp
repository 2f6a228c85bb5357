//===- SelectTopKTiling.cpp - TilingInterface of dml.select_top_k ---------===//
//
// dml.select_top_k tiles along its sequence (non-axis) dimensions: a tile of
// sequences reads the same tile of every input (through the indexing maps)
// and writes the same sequences of `values` and `indices`. The axis is a
// reduction dimension that is never tiled: a sequence is selected whole.
// This lets dml-fuse-rows compute a softmax → top_k chain one block of rows
// at a time (upstream scf::tileConsumerAndFuseProducersUsingSCF).
//
//===----------------------------------------------------------------------===//

#include "dml/Dialect/DML/IR/DMLOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/TilingInterface.h"

using namespace mlir;
using namespace mlir::dml;

namespace {

/// The tile of the destinations that a tile of the iteration space writes:
/// the same sequences, all `k` positions along the axis.
void getDestinationTile(SelectTopKOp op, OpBuilder &b,
                        ArrayRef<OpFoldResult> offsets,
                        ArrayRef<OpFoldResult> sizes,
                        SmallVector<OpFoldResult> &tileOffsets,
                        SmallVector<OpFoldResult> &tileSizes) {
  tileOffsets.assign(offsets.begin(), offsets.end());
  tileSizes.assign(sizes.begin(), sizes.end());
  tileOffsets[op.getAxis()] = b.getIndexAttr(0);
  tileSizes[op.getAxis()] = b.getIndexAttr(op.getK());
}

struct SelectTopKTilingModel
    : public TilingInterface::ExternalModel<SelectTopKTilingModel,
                                            SelectTopKOp> {
  SmallVector<utils::IteratorType> getLoopIteratorTypes(Operation *op) const {
    auto select = cast<SelectTopKOp>(op);
    SmallVector<utils::IteratorType> types(select.getIterationShape().size(),
                                           utils::IteratorType::parallel);
    types[select.getAxis()] = utils::IteratorType::reduction;
    return types;
  }

  SmallVector<Range> getIterationDomain(Operation *op, OpBuilder &b) const {
    SmallVector<Range> domain;
    for (int64_t size : cast<SelectTopKOp>(op).getIterationShape())
      domain.push_back(
          Range{b.getIndexAttr(0), b.getIndexAttr(size), b.getIndexAttr(1)});
    return domain;
  }

  FailureOr<TilingResult>
  getTiledImplementation(Operation *op, OpBuilder &b,
                         ArrayRef<OpFoldResult> offsets,
                         ArrayRef<OpFoldResult> sizes) const {
    auto select = cast<SelectTopKOp>(op);
    if (!select.hasPureTensorSemantics())
      return failure();
    // The axis is selected whole.
    int64_t axis = select.getAxis();
    std::optional<int64_t> axisOffset = getConstantIntValue(offsets[axis]);
    std::optional<int64_t> axisSize = getConstantIntValue(sizes[axis]);
    if (!axisOffset || *axisOffset != 0 || !axisSize ||
        *axisSize != select.getIterationShape()[axis])
      return failure();

    Location loc = op->getLoc();
    TilingResult result;
    SmallVector<Value> operands;
    SmallVector<Attribute> maps;
    auto slice = [&](Value source, ArrayRef<OpFoldResult> sliceOffsets,
                     ArrayRef<OpFoldResult> sliceSizes) {
      int64_t rank = cast<RankedTensorType>(source.getType()).getRank();
      SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
      auto extract = tensor::ExtractSliceOp::create(b, loc, source, sliceOffsets,
                                                    sliceSizes, strides);
      result.generatedSlices.push_back(extract);
      operands.push_back(extract);
    };
    // Inputs: the tile through their maps; a constant index reads one
    // element, which is index 0 of the slice.
    for (auto [index, input] : llvm::enumerate(select.getInputs())) {
      AffineMap map = select.getInputMap(index);
      SmallVector<OpFoldResult> inputOffsets, inputSizes;
      SmallVector<AffineExpr> tiledResults;
      for (AffineExpr expr : map.getResults()) {
        if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
          inputOffsets.push_back(offsets[dim.getPosition()]);
          inputSizes.push_back(sizes[dim.getPosition()]);
          tiledResults.push_back(expr);
          continue;
        }
        auto constant = dyn_cast<AffineConstantExpr>(expr);
        if (!constant)
          return failure();
        inputOffsets.push_back(b.getIndexAttr(constant.getValue()));
        inputSizes.push_back(b.getIndexAttr(1));
        tiledResults.push_back(b.getAffineConstantExpr(0));
      }
      slice(input, inputOffsets, inputSizes);
      maps.push_back(AffineMapAttr::get(AffineMap::get(
          map.getNumDims(), 0, tiledResults, b.getContext())));
    }
    SmallVector<OpFoldResult> tileOffsets, tileSizes;
    getDestinationTile(select, b, offsets, sizes, tileOffsets, tileSizes);
    slice(select.getValues(), tileOffsets, tileSizes);
    slice(select.getIndices(), tileOffsets, tileSizes);

    size_t inputCount = select.getInputs().size();
    SmallVector<Type> resultTypes = {operands[inputCount].getType(),
                                     operands[inputCount + 1].getType()};
    auto tiled = SelectTopKOp::create(b, loc, resultTypes, operands,
                                      select->getAttrs());
    if (select.hasPrologue()) {
      tiled.setIndexingMapsAttr(b.getArrayAttr(maps));
      IRMapping mapping;
      select.getPrologue().cloneInto(&tiled.getPrologue(), mapping);
    }
    result.tiledOps.push_back(tiled);
    result.tiledValues.append(tiled->result_begin(), tiled->result_end());
    return result;
  }

  LogicalResult
  getResultTilePosition(Operation *op, OpBuilder &b, unsigned resultNumber,
                        ArrayRef<OpFoldResult> offsets,
                        ArrayRef<OpFoldResult> sizes,
                        SmallVector<OpFoldResult> &resultOffsets,
                        SmallVector<OpFoldResult> &resultSizes) const {
    getDestinationTile(cast<SelectTopKOp>(op), b, offsets, sizes,
                       resultOffsets, resultSizes);
    return success();
  }
};

} // namespace

void mlir::dml::attachSelectTopKTiling(MLIRContext &context) {
  SelectTopKOp::attachInterface<SelectTopKTilingModel>(context);
}
