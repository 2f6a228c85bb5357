//===- ParallelToOpenMP.cpp - dml-parallel-to-openmp ----------------------===//
//
// scf.parallel (no reductions) -> omp.parallel in which the threads claim
// blocks of the linearized iterations from a shared counter:
//
//   counter = 0   (a memref.alloca<i64> of the function)
//   omp.parallel num_threads(T) {
//     n = omp_get_num_threads(); block = max(1, ceil(N / (n * C)))
//     begin = atomic_add(counter, block)
//     while begin < N {
//       scf.for i = begin to min(begin + block, N) { ivs = delinearize(i); body
//       } begin = atomic_add(counter, block)
//     }
//   }
//
// Claimed rather than static blocks: a thread that runs slower (on a core
// shared with another thread: a VM's vCPUs can be hyperthreads of one core;
// preempted) takes fewer blocks, where a static partition waits for it.
// With home-ranges (default) each thread has a contiguous
// range of the blocks with its own counter and claims from it first, then
// from the others' ranges: threads of equal speed take the same blocks at
// every call (their caches keep them), a slower one still leaves blocks to
// the others.
// No worksharing-loop call: libomp's __kmpc_for_static_init allocates a
// debug string per call in KMP_DEBUG builds (Debian's), so an omp.wsloop
// made every kernel call allocate.
//
//===----------------------------------------------------------------------===//

#include "dml/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::dml {
#define GEN_PASS_DEF_DMLPARALLELTOOPENMP
#include "dml/Transforms/Passes.h.inc"
} // namespace mlir::dml

using namespace mlir;

namespace {

constexpr llvm::StringLiteral kNumThreads = "omp_get_num_threads";
constexpr llvm::StringLiteral kThreadNum = "omp_get_thread_num";
constexpr llvm::StringLiteral kMaxThreads = "omp_get_max_threads";

/// The private declaration of the OpenMP runtime function `name`: () -> i32.
func::FuncOp getRuntimeFunction(ModuleOp module, StringRef name) {
  if (auto existing = module.lookupSymbol<func::FuncOp>(name))
    return existing;
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  auto func = func::FuncOp::create(b, module.getLoc(), name,
                                   b.getFunctionType({}, {b.getI32Type()}));
  func.setPrivate();
  return func;
}

/// Clones the body of `loop` at `ivs` (its terminator, an empty
/// scf.reduce, left out).
void cloneBody(OpBuilder &b, scf::ParallelOp loop, ValueRange ivs) {
  IRMapping mapping;
  mapping.map(loop.getInductionVars(), ivs);
  for (Operation &op : loop.getBody()->without_terminator())
    b.clone(op, mapping);
}

/// `loop` as a sequential scf.for nest (inside a region already parallel).
void makeSequential(scf::ParallelOp loop) {
  OpBuilder b(loop);
  scf::buildLoopNest(b, loop.getLoc(), loop.getLowerBound(),
                     loop.getUpperBound(), loop.getStep(),
                     [&](OpBuilder &nb, Location, ValueRange ivs) {
                       cloneBody(nb, loop, ivs);
                     });
  loop.erase();
}

/// The entry block of the function around `loop`: claim counters live
/// there, so that a region in a loop does not grow the stack.
OpBuilder atFunctionEntry(scf::ParallelOp loop) {
  auto function = loop->getParentOfType<FunctionOpInterface>();
  return OpBuilder::atBlockBegin(&function.getFunctionBody().front());
}

/// Counters of claimed blocks, one per home range (thread), each on its own
/// cache line (kCounterStride i64 apart): `numThreads` of them, or as many
/// as `omp_get_max_threads()` when the runtime chooses.
constexpr int64_t kCounterStride = 8;

/// Emits the loop over the blocks [begin, end) of iterations: the body of
/// `loop` at each delinearized iteration.
void emitIterations(OpBuilder &b, Location loc, scf::ParallelOp loop,
                    ArrayRef<Value> trips, Value begin, Value end) {
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  scf::ForOp::create(
      b, loc, begin, end, one, ValueRange{},
      [&](OpBuilder &lb, Location, Value linear, ValueRange) {
        // Row-major delinearization, the last dimension fastest.
        SmallVector<Value> ivs(trips.size());
        Value rest = linear;
        for (int64_t d = trips.size() - 1; d >= 0; --d) {
          Value position = rest;
          if (d > 0) {
            position = arith::RemUIOp::create(lb, loc, rest, trips[d]);
            rest = arith::DivUIOp::create(lb, loc, rest, trips[d]);
          }
          ivs[d] = arith::AddIOp::create(
              lb, loc, loop.getLowerBound()[d],
              arith::MulIOp::create(lb, loc, position, loop.getStep()[d]));
        }
        cloneBody(lb, loop, ivs);
        scf::YieldOp::create(lb, loc);
      });
}

/// `claimsPerThread`: blocks per thread if all ran at the same speed:
/// enough for a slower thread to leave blocks to the others, few enough
/// that the claims' atomic adds cost nothing measurable. With `homeRanges`
/// thread t of n first claims the blocks of its own range [t B / n,
/// (t + 1) B / n) of the B blocks, in order, then those left in the ranges
/// of threads t + 1, t + 2, ...: as long as the threads run at the same
/// speed, every call gives each thread the same iterations, so a thread
/// finds in its own caches what it read in the previous call (the vCPUs of
/// the AMD host have separate L3s: bench/README.md, branch cpu-r1).
/// Without it the threads claim blocks from one shared counter in whatever
/// order they arrive.
void convert(scf::ParallelOp loop, unsigned numThreads, int64_t claimsPerThread,
             bool homeRanges, ModuleOp module) {
  SmallVector<scf::ParallelOp> nested;
  loop.getBody()->walk([&](scf::ParallelOp inner) { nested.push_back(inner); });
  for (scf::ParallelOp inner : llvm::reverse(nested))
    makeSequential(inner);

  Location loc = loop.getLoc();
  func::FuncOp threadCount = getRuntimeFunction(module, kNumThreads);
  // Counters: one i64 (shared counter), or one per home range.
  Value counters;
  Value numCounters;
  {
    OpBuilder eb = atFunctionEntry(loop);
    if (!homeRanges) {
      counters = memref::AllocaOp::create(eb, loc,
                                          MemRefType::get({}, eb.getI64Type()));
    } else if (numThreads != 0) {
      numCounters = arith::ConstantIndexOp::create(eb, loc, numThreads);
      counters = memref::AllocaOp::create(
          eb, loc,
          MemRefType::get({int64_t(numThreads) * kCounterStride},
                          eb.getI64Type()));
    } else {
      numCounters = arith::IndexCastOp::create(
          eb, loc, eb.getIndexType(),
          func::CallOp::create(eb, loc, getRuntimeFunction(module, kMaxThreads),
                               ValueRange{})
              .getResult(0));
      Value size = arith::MulIOp::create(
          eb, loc, numCounters,
          arith::ConstantIndexOp::create(eb, loc, kCounterStride));
      counters = memref::AllocaOp::create(
          eb, loc, MemRefType::get({ShapedType::kDynamic}, eb.getI64Type()),
          ValueRange{size});
    }
  }
  OpBuilder b(loop);
  Value zero64 = arith::ConstantIntOp::create(b, loc, b.getI64Type(), 0);
  Value stride = arith::ConstantIndexOp::create(b, loc, kCounterStride);
  if (!homeRanges) {
    memref::StoreOp::create(b, loc, zero64, counters, ValueRange{});
  } else {
    scf::ForOp::create(
        b, loc, arith::ConstantIndexOp::create(b, loc, 0), numCounters,
        arith::ConstantIndexOp::create(b, loc, 1), ValueRange{},
        [&](OpBuilder &fb, Location, Value i, ValueRange) {
          memref::StoreOp::create(
              fb, loc, zero64, counters,
              ValueRange{arith::MulIOp::create(fb, loc, i, stride)});
          scf::YieldOp::create(fb, loc);
        });
  }
  Value threads;
  if (numThreads != 0)
    threads = arith::ConstantIntOp::create(b, loc, b.getI32Type(), numThreads);
  omp::ParallelOperands clauses;
  clauses.numThreads = threads;
  auto parallel = omp::ParallelOp::create(b, loc, clauses);
  Block *block = b.createBlock(&parallel.getRegion());
  b.setInsertionPointToStart(block);
  Value count = arith::IndexCastOp::create(
      b, loc, b.getIndexType(),
      func::CallOp::create(b, loc, threadCount, ValueRange{}).getResult(0));

  // Trip counts (ceil((ub - lb) / step)) and their product.
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  SmallVector<Value> trips;
  Value total = one;
  for (auto [lb, ub, step] :
       llvm::zip(loop.getLowerBound(), loop.getUpperBound(), loop.getStep())) {
    Value span = arith::SubIOp::create(b, loc, ub, lb);
    Value trip = arith::CeilDivSIOp::create(b, loc, span, step);
    trip = arith::MaxSIOp::create(b, loc, trip, zero);
    trips.push_back(trip);
    total = arith::MulIOp::create(b, loc, total, trip);
  }
  Value claims =
      arith::MulIOp::create(b, loc, count,
                            arith::ConstantIndexOp::create(
                                b, loc, std::max<int64_t>(1, claimsPerThread)));
  Value claimSize = arith::MaxUIOp::create(
      b, loc, arith::CeilDivUIOp::create(b, loc, total, claims), one);

  if (!homeRanges) {
    Value claimSize64 =
        arith::IndexCastOp::create(b, loc, b.getI64Type(), claimSize);
    // The first iteration of the next unclaimed block.
    auto claim = [&](OpBuilder &cb) -> Value {
      Value first =
          memref::AtomicRMWOp::create(cb, loc, arith::AtomicRMWKind::addi,
                                      claimSize64, counters, ValueRange{});
      return arith::IndexCastOp::create(cb, loc, cb.getIndexType(), first);
    };
    scf::WhileOp::create(
        b, loc, TypeRange{b.getIndexType()}, ValueRange{claim(b)},
        [&](OpBuilder &cb, Location, ValueRange args) {
          Value more = arith::CmpIOp::create(cb, loc, arith::CmpIPredicate::ult,
                                             args[0], total);
          scf::ConditionOp::create(cb, loc, more, args);
        },
        [&](OpBuilder &wb, Location, ValueRange args) {
          Value begin = args[0];
          Value end = arith::MinUIOp::create(
              wb, loc, arith::AddIOp::create(wb, loc, begin, claimSize), total);
          emitIterations(wb, loc, loop, trips, begin, end);
          scf::YieldOp::create(wb, loc, claim(wb));
        });
  } else {
    Value self = arith::IndexCastOp::create(
        b, loc, b.getIndexType(),
        func::CallOp::create(b, loc, getRuntimeFunction(module, kThreadNum),
                             ValueRange{})
            .getResult(0));
    Value blocks = arith::CeilDivUIOp::create(b, loc, total, claimSize);
    Value one64 = arith::ConstantIntOp::create(b, loc, b.getI64Type(), 1);
    // Over the ranges self, self + 1, ... (mod count): claim its blocks.
    scf::ForOp::create(
        b, loc, zero, count, one, ValueRange{},
        [&](OpBuilder &rb, Location, Value k, ValueRange) {
          Value shifted = arith::AddIOp::create(rb, loc, self, k);
          Value range = arith::RemUIOp::create(rb, loc, shifted, count);
          Value first = arith::DivUIOp::create(
              rb, loc, arith::MulIOp::create(rb, loc, range, blocks), count);
          Value last = arith::DivUIOp::create(
              rb, loc,
              arith::MulIOp::create(
                  rb, loc, arith::AddIOp::create(rb, loc, range, one), blocks),
              count);
          Value size = arith::SubIOp::create(rb, loc, last, first);
          Value slot = arith::MulIOp::create(rb, loc, range, stride);
          // The position in `range` of its next unclaimed block.
          auto claim = [&](OpBuilder &cb) -> Value {
            Value old =
                memref::AtomicRMWOp::create(cb, loc, arith::AtomicRMWKind::addi,
                                            one64, counters, ValueRange{slot});
            return arith::IndexCastOp::create(cb, loc, cb.getIndexType(), old);
          };
          scf::WhileOp::create(
              rb, loc, TypeRange{rb.getIndexType()}, ValueRange{claim(rb)},
              [&](OpBuilder &cb, Location, ValueRange args) {
                Value more = arith::CmpIOp::create(
                    cb, loc, arith::CmpIPredicate::ult, args[0], size);
                scf::ConditionOp::create(cb, loc, more, args);
              },
              [&](OpBuilder &wb, Location, ValueRange args) {
                Value blockIndex =
                    arith::AddIOp::create(wb, loc, first, args[0]);
                Value begin =
                    arith::MulIOp::create(wb, loc, blockIndex, claimSize);
                Value end = arith::MinUIOp::create(
                    wb, loc, arith::AddIOp::create(wb, loc, begin, claimSize),
                    total);
                emitIterations(wb, loc, loop, trips, begin, end);
                scf::YieldOp::create(wb, loc, claim(wb));
              });
          scf::YieldOp::create(rb, loc);
        });
  }
  omp::TerminatorOp::create(b, loc);
  loop.erase();
}

struct ParallelToOpenMPPass
    : public dml::impl::DMLParallelToOpenMPBase<ParallelToOpenMPPass> {
  using DMLParallelToOpenMPBase::DMLParallelToOpenMPBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<scf::ParallelOp> outermost;
    module.walk<WalkOrder::PreOrder>([&](scf::ParallelOp loop) {
      if (loop.getInitVals().empty() &&
          !loop->getParentOfType<scf::ParallelOp>() &&
          !loop->getParentOfType<omp::ParallelOp>()) {
        outermost.push_back(loop);
        return WalkResult::skip();
      }
      return WalkResult::advance();
    });
    if (outermost.empty())
      return;
    for (scf::ParallelOp loop : outermost) {
      int64_t claims = claimsPerThread;
      if (auto attr =
              loop->getAttrOfType<IntegerAttr>(dml::kClaimsPerThreadAttrName))
        claims = attr.getInt();
      convert(loop, numThreads, claims, homeRanges, module);
    }
  }
};

} // namespace
