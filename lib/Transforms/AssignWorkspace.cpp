//===- AssignWorkspace.cpp - dml-assign-workspace -------------------------===//
//
// Replaces the buffer allocations of public functions by views of one
// workspace argument sized at compile time, so that a call allocates
// nothing (DirectML's temporary resource). See Passes.td for the rules.
//
//===----------------------------------------------------------------------===//

#include "dml/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::dml {
#define GEN_PASS_DEF_DMLASSIGNWORKSPACE
#include "dml/Transforms/Passes.h.inc"
} // namespace mlir::dml

using namespace mlir;

/// Offsets and slot sizes are multiples of a cache line (and of the widest
/// vector register), which the workspace's own alignment must match.
static constexpr uint64_t kWorkspaceAlignment = 64;

namespace {
/// One allocation and where it goes.
struct WorkspaceBuffer {
  Operation *alloc;
  MemRefType type;
  /// Bytes of one slot (aligned) and the number of slots (the product of the
  /// trip counts of the enclosing scf.parallel loops).
  uint64_t slotBytes = 0;
  uint64_t slots = 1;
  uint64_t totalBytes = 0;
  /// Enclosing scf.parallel loops, outermost first.
  SmallVector<scf::ParallelOp> parallels;
  SmallVector<int64_t> tripCounts;
  /// Live range in the function's top-level operation order (inclusive).
  size_t start = 0, end = 0;
  SmallVector<Operation *> deallocs;
  uint64_t offset = 0;
};

/// The ops that use a buffer, directly or through a memref derived from it
/// (views, casts, reshapes, results of region ops that yield it), and its
/// deallocations.
struct BufferUses {
  SmallVector<Operation *> users;
  SmallVector<Operation *> deallocs;
  bool returned = false;
};
} // namespace

static BufferUses collectUses(Value root) {
  BufferUses uses;
  SmallVector<Value> worklist{root};
  llvm::SmallPtrSet<Value, 8> seen{root};
  auto addAliases = [&](ValueRange values) {
    for (Value value : values)
      if (isa<BaseMemRefType>(value.getType()) && seen.insert(value).second)
        worklist.push_back(value);
  };
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *owner = use.getOwner();
      if (isa<memref::DeallocOp>(owner)) {
        uses.deallocs.push_back(owner);
        continue;
      }
      uses.users.push_back(owner);
      if (owner->hasTrait<OpTrait::IsTerminator>()) {
        Operation *parent = owner->getParentOp();
        if (!parent || isa<FunctionOpInterface>(parent)) {
          uses.returned = true;
          continue;
        }
        // Yielded: the parent's results (and loop-carried block arguments)
        // may be the buffer.
        uses.users.push_back(parent);
        addAliases(parent->getResults());
        for (Region &region : parent->getRegions())
          for (Block &block : region)
            addAliases(block.getArguments());
        continue;
      }
      addAliases(owner->getResults());
      for (Region &region : owner->getRegions())
        for (Block &block : region)
          addAliases(block.getArguments());
    }
  }
  return uses;
}

/// Size in bytes of a statically shaped memref, or failure on overflow.
static FailureOr<uint64_t> getStaticBytes(MemRefType type,
                                          const DataLayout &layout) {
  bool overflow = false;
  uint64_t bytes = layout.getTypeSize(type.getElementType()).getFixedValue();
  for (int64_t size : type.getShape())
    bytes = llvm::SaturatingMultiply(bytes, uint64_t(size), &overflow);
  if (overflow || bytes > uint64_t(INT64_MAX) - kWorkspaceAlignment)
    return failure();
  return bytes;
}

/// Checks what the view of the workspace can represent and records the
/// buffer's size, slots and enclosing loops.
static LogicalResult analyzeBuffer(WorkspaceBuffer &buffer,
                                   FunctionOpInterface function,
                                   const DataLayout &layout) {
  Operation *alloc = buffer.alloc;
  MemRefType type = buffer.type;
  auto fail = [&]() {
    return alloc->emitOpError("cannot be placed in the workspace of @")
           << SymbolTable::getSymbolName(function).getValue() << ": ";
  };
  if (!type.hasStaticShape())
    return fail() << "dynamic sizes are not supported (" << type << ")";
  if (!type.getLayout().isIdentity())
    return fail() << "only the identity layout is supported (" << type << ")";
  if (type.getMemorySpace() &&
      !(isa<IntegerAttr>(type.getMemorySpace()) &&
        cast<IntegerAttr>(type.getMemorySpace()).getInt() == 0))
    return fail() << "only the default memory space is supported (" << type
                  << ")";
  if (auto alignment = alloc->getAttrOfType<IntegerAttr>("alignment"))
    if (alignment.getInt() > int64_t(kWorkspaceAlignment))
      return fail() << "it requests " << alignment.getInt()
                    << "-byte alignment; the workspace guarantees "
                    << kWorkspaceAlignment;
  FailureOr<uint64_t> bytes = getStaticBytes(type, layout);
  if (failed(bytes))
    return fail() << "its size in bytes overflows (" << type << ")";
  buffer.slotBytes =
      llvm::alignTo(std::max<uint64_t>(*bytes, 1), kWorkspaceAlignment);

  // Enclosing loops: parallel iterations get a slot each, sequential
  // iterations reuse one, so the buffer must not outlive an iteration.
  Operation *innermostLoop = nullptr;
  for (Operation *parent = alloc->getParentOp(); parent && parent != function;
       parent = parent->getParentOp()) {
    if (!isa<LoopLikeOpInterface>(parent))
      continue;
    if (!innermostLoop)
      innermostLoop = parent;
    if (auto parallel = dyn_cast<scf::ParallelOp>(parent)) {
      SmallVector<int64_t> trips;
      for (auto [lower, upper, step] :
           llvm::zip(parallel.getLowerBound(), parallel.getUpperBound(),
                     parallel.getStep())) {
        std::optional<int64_t> lb = getConstantIntValue(lower);
        std::optional<int64_t> ub = getConstantIntValue(upper);
        std::optional<int64_t> st = getConstantIntValue(step);
        if (!lb || !ub || !st || *st <= 0)
          return fail() << "the enclosing scf.parallel has non-constant "
                           "bounds or steps, so its slot count is unknown";
        trips.push_back(*ub > *lb ? llvm::divideCeil(*ub - *lb, *st) : 1);
      }
      buffer.parallels.insert(buffer.parallels.begin(), parallel);
      buffer.tripCounts.insert(buffer.tripCounts.begin(), trips.begin(),
                               trips.end());
      continue;
    }
    if (!isa<scf::ForOp, scf::WhileOp>(parent))
      return fail() << "it is inside a '" << parent->getName()
                    << "' loop, which the workspace does not support";
  }
  bool overflow = false;
  for (int64_t trip : buffer.tripCounts)
    buffer.slots =
        llvm::SaturatingMultiply(buffer.slots, uint64_t(trip), &overflow);
  buffer.totalBytes =
      llvm::SaturatingMultiply(buffer.slots, buffer.slotBytes, &overflow);
  if (overflow || buffer.totalBytes > uint64_t(INT64_MAX))
    return fail() << "its slots (" << buffer.slots << " x " << buffer.slotBytes
                  << " bytes) overflow 64 bits";

  BufferUses uses = collectUses(alloc->getResult(0));
  buffer.deallocs = uses.deallocs;
  if (innermostLoop) {
    if (uses.returned)
      return fail() << "it is returned from inside a '"
                    << innermostLoop->getName() << "'";
    for (Operation *user : llvm::concat<Operation *>(uses.users, uses.deallocs))
      if (!innermostLoop->isProperAncestor(user)) {
        InFlightDiagnostic diag =
            fail() << "it outlives the iteration of the enclosing '"
                   << innermostLoop->getName()
                   << "' (each iteration reuses the buffer's slot)";
        diag.attachNote(user->getLoc())
            << "used by this '" << user->getName() << "'";
        return diag;
      }
  }

  // Live range in the top-level order (a loop covers its whole body).
  Region &body = function.getFunctionBody();
  if (!body.hasOneBlock()) {
    buffer.start = 0;
    buffer.end = SIZE_MAX;
    return success();
  }
  Block &entry = body.front();
  auto position = [&](Operation *op) -> size_t {
    Operation *anchor = entry.findAncestorOpInBlock(*op);
    size_t index = 0;
    for (Operation &candidate : entry) {
      if (&candidate == anchor)
        return index;
      ++index;
    }
    return SIZE_MAX;
  };
  buffer.start = position(alloc);
  buffer.end = buffer.start;
  for (Operation *user : uses.users)
    buffer.end = std::max(buffer.end, position(user));
  if (uses.returned)
    buffer.end = SIZE_MAX;
  return success();
}

/// First fit, largest buffers first: each buffer goes to the lowest aligned
/// offset that no buffer with an overlapping live range occupies. Returns
/// the workspace size.
static uint64_t placeBuffers(MutableArrayRef<WorkspaceBuffer> buffers) {
  SmallVector<WorkspaceBuffer *> order;
  for (WorkspaceBuffer &buffer : buffers)
    order.push_back(&buffer);
  llvm::stable_sort(order, [](WorkspaceBuffer *a, WorkspaceBuffer *b) {
    return a->totalBytes > b->totalBytes;
  });
  SmallVector<WorkspaceBuffer *> placed;
  uint64_t total = 0;
  for (WorkspaceBuffer *buffer : order) {
    SmallVector<std::pair<uint64_t, uint64_t>> taken;
    for (WorkspaceBuffer *other : placed)
      if (other->start <= buffer->end && buffer->start <= other->end)
        taken.push_back({other->offset, other->offset + other->totalBytes});
    llvm::sort(taken);
    uint64_t offset = 0;
    for (auto [begin, end] : taken) {
      if (offset + buffer->totalBytes <= begin)
        break;
      offset = std::max(offset, end);
    }
    buffer->offset = offset;
    total = std::max(total, offset + buffer->totalBytes);
    placed.push_back(buffer);
  }
  return total;
}

/// The byte offset of the buffer's slot in the current iteration.
static Value buildSlotOffset(OpBuilder &b, Location loc,
                             const WorkspaceBuffer &buffer) {
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantIndexOp::create(b, loc, value);
  };
  if (buffer.parallels.empty())
    return constant(buffer.offset);
  Value linear;
  unsigned dim = 0;
  for (scf::ParallelOp parallel : buffer.parallels) {
    for (auto [iv, lower, step] :
         llvm::zip(parallel.getInductionVars(), parallel.getLowerBound(),
                   parallel.getStep())) {
      Value normalized = iv;
      if (getConstantIntValue(lower) != 0)
        normalized = arith::SubIOp::create(b, loc, normalized, lower);
      if (getConstantIntValue(step) != 1)
        normalized = arith::DivUIOp::create(b, loc, normalized, step);
      if (!linear)
        linear = normalized;
      else
        linear = arith::AddIOp::create(
            b, loc,
            arith::MulIOp::create(b, loc, linear,
                                  constant(buffer.tripCounts[dim])),
            normalized);
      ++dim;
    }
  }
  Value shift = arith::MulIOp::create(
      b, loc, linear, constant(static_cast<int64_t>(buffer.slotBytes)));
  if (buffer.offset != 0)
    shift = arith::AddIOp::create(b, loc, shift, constant(buffer.offset));
  return shift;
}

namespace {
struct AssignWorkspacePass
    : public dml::impl::DMLAssignWorkspaceBase<AssignWorkspacePass> {
  using DMLAssignWorkspaceBase::DMLAssignWorkspaceBase;

  LogicalResult runOnFunction(FunctionOpInterface function) {
    MLIRContext *context = &getContext();
    DataLayout layout = DataLayout::closest(function);
    SmallVector<WorkspaceBuffer> buffers;
    function.walk([&](memref::AllocOp alloc) {
      WorkspaceBuffer buffer;
      buffer.alloc = alloc;
      buffer.type = alloc.getType();
      buffers.push_back(buffer);
    });
    bool failedAny = false;
    for (WorkspaceBuffer &buffer : buffers)
      failedAny |= failed(analyzeBuffer(buffer, function, layout));
    if (failedAny)
      return failure();
    uint64_t total = placeBuffers(buffers);
    auto i64 = IntegerType::get(context, 64);
    if (total > maxBytes)
      return function.emitError()
             << "the workspace of @"
             << SymbolTable::getSymbolName(function).getValue() << " needs "
             << total << " bytes, more than the limit of "
             << static_cast<uint64_t>(maxBytes) << " (max-bytes)";
    // DMLDialect::getWorkspaceBytesAttrName(); the dialect library is not a
    // dependency of the transforms.
    function->setAttr("dml.workspace_bytes",
                      IntegerAttr::get(i64, static_cast<int64_t>(total)));
    if (buffers.empty())
      return success();

    auto workspaceType = MemRefType::get({static_cast<int64_t>(total)},
                                         IntegerType::get(context, 8));
    unsigned index = function.getNumArguments();
    if (failed(function.insertArgument(index, workspaceType,
                                       DictionaryAttr::get(context),
                                       function.getLoc())))
      return function.emitError("cannot add the workspace argument");
    Value workspace = function.getArgument(index);
    for (WorkspaceBuffer &buffer : buffers) {
      OpBuilder b(buffer.alloc);
      Location loc = buffer.alloc->getLoc();
      Value shift = buildSlotOffset(b, loc, buffer);
      Value view = memref::ViewOp::create(b, loc, buffer.type, workspace, shift,
                                          ValueRange{});
      buffer.alloc->getResult(0).replaceAllUsesWith(view);
      for (Operation *dealloc : buffer.deallocs)
        dealloc->erase();
      buffer.alloc->erase();
    }
    return success();
  }

  void runOnOperation() override {
    bool failedAny = false;
    for (Operation &op : getOperation().getBody()->getOperations()) {
      auto function = dyn_cast<FunctionOpInterface>(&op);
      if (!function || function.isExternal() || !function.isPublic())
        continue;
      failedAny |= failed(runOnFunction(function));
    }
    if (failedAny)
      signalPassFailure();
  }
};
} // namespace
