//===- ParallelToOpenMP.cpp - dml-parallel-to-openmp ----------------------===//
//
// scf.parallel (no reductions) -> omp.parallel in which each thread runs its
// own static block of the linearized iterations:
//
//   omp.parallel num_threads(T) {
//     t = omp_get_thread_num(); n = omp_get_num_threads()
//     chunk = ceil(N / n); begin = min(t * chunk, N); end = min(begin + chunk,
//     N) scf.for i = begin to end { ivs = delinearize(i); body }
//   }
//
// No worksharing-loop call: libomp's __kmpc_for_static_init allocates a
// debug string per call in KMP_DEBUG builds (Debian's), so an omp.wsloop
// made every kernel call allocate.
//
//===----------------------------------------------------------------------===//

#include "dml/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
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

constexpr llvm::StringLiteral kThreadNum = "omp_get_thread_num";
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

void convert(scf::ParallelOp loop, unsigned numThreads, func::FuncOp threadNum,
             func::FuncOp threadCount) {
  SmallVector<scf::ParallelOp> nested;
  loop.getBody()->walk([&](scf::ParallelOp inner) { nested.push_back(inner); });
  for (scf::ParallelOp inner : llvm::reverse(nested))
    makeSequential(inner);

  Location loc = loop.getLoc();
  OpBuilder b(loop);
  Value threads;
  if (numThreads != 0)
    threads = arith::ConstantIntOp::create(b, loc, b.getI32Type(), numThreads);
  omp::ParallelOperands clauses;
  clauses.numThreads = threads;
  auto parallel = omp::ParallelOp::create(b, loc, clauses);
  Block *block = b.createBlock(&parallel.getRegion());
  b.setInsertionPointToStart(block);
  auto toIndex = [&](Value i32) {
    return arith::IndexCastOp::create(b, loc, b.getIndexType(), i32);
  };
  Value thread = toIndex(
      func::CallOp::create(b, loc, threadNum, ValueRange{}).getResult(0));
  Value count = toIndex(
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
  Value chunk = arith::CeilDivUIOp::create(b, loc, total, count);
  Value begin = arith::MinUIOp::create(
      b, loc, arith::MulIOp::create(b, loc, thread, chunk), total);
  Value end = arith::MinUIOp::create(
      b, loc, arith::AddIOp::create(b, loc, begin, chunk), total);
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
    func::FuncOp threadNum = getRuntimeFunction(module, kThreadNum);
    func::FuncOp threadCount = getRuntimeFunction(module, kNumThreads);
    for (scf::ParallelOp loop : outermost)
      convert(loop, numThreads, threadNum, threadCount);
  }
};

} // namespace
