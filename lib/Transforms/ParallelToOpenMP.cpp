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

/// A counter of claimed iterations for one parallel region: an i64 on the
/// stack of the enclosing function (in its entry block, so that a region in
/// a loop does not grow the stack).
Value createCounter(scf::ParallelOp loop) {
  auto function = loop->getParentOfType<FunctionOpInterface>();
  OpBuilder b = OpBuilder::atBlockBegin(&function.getFunctionBody().front());
  return memref::AllocaOp::create(b, loop.getLoc(),
                                  MemRefType::get({}, b.getI64Type()));
}

/// `claimsPerThread`: blocks per thread if all ran at the same speed:
/// enough for a slower thread to leave blocks to the others, few enough
/// that the claims' atomic adds on one cache line cost nothing measurable.
void convert(scf::ParallelOp loop, unsigned numThreads, int64_t claimsPerThread,
             func::FuncOp threadCount) {
  SmallVector<scf::ParallelOp> nested;
  loop.getBody()->walk([&](scf::ParallelOp inner) { nested.push_back(inner); });
  for (scf::ParallelOp inner : llvm::reverse(nested))
    makeSequential(inner);

  Location loc = loop.getLoc();
  Value counter = createCounter(loop);
  OpBuilder b(loop);
  memref::StoreOp::create(
      b, loc, arith::ConstantIntOp::create(b, loc, b.getI64Type(), 0), counter,
      ValueRange{});
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
  Value claimSize64 =
      arith::IndexCastOp::create(b, loc, b.getI64Type(), claimSize);
  // The first iteration of the next unclaimed block.
  auto claim = [&](OpBuilder &cb) -> Value {
    Value first =
        memref::AtomicRMWOp::create(cb, loc, arith::AtomicRMWKind::addi,
                                    claimSize64, counter, ValueRange{});
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
        scf::ForOp::create(
            wb, loc, begin, end, one, ValueRange{},
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
                    arith::MulIOp::create(lb, loc, position,
                                          loop.getStep()[d]));
              }
              cloneBody(lb, loop, ivs);
              scf::YieldOp::create(lb, loc);
            });
        scf::YieldOp::create(wb, loc, claim(wb));
      });
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
    func::FuncOp threadCount = getRuntimeFunction(module, kNumThreads);
    for (scf::ParallelOp loop : outermost)
      convert(loop, numThreads, claimsPerThread, threadCount);
  }
};

} // namespace
