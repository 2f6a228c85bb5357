//===- JitKernelTest.cpp - Tests of JitKernel -----------------------------===//

#include "dml/Runtime/JitKernel.h"

#include "dml/Dialect/DML/IR/DMLDialect.h"
#include "dml/Runtime/TensorText.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::dml;

namespace {

#define EXPECT_CONTAINS(haystack, needle)                                      \
  EXPECT_NE(std::string(haystack).find(needle), std::string::npos)            \
      << "'" << (haystack) << "' does not contain '" << (needle) << "'"

constexpr const char *kModule = R"mlir(
func.func @add(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.add ins(%a, %b : tensor<2x3xf32>, tensor<2x3xf32>)
                  outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
func.func @top_k(%x: tensor<1x1x3x4xf32>)
    -> (tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>) {
  %v, %i = dml.top_k %x, axis = 3, k = 2, direction = decreasing
      : tensor<1x1x3x4xf32> -> tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>
  return %v, %i : tensor<1x1x3x2xf32>, tensor<1x1x3x2xui32>
}
func.func @rank8(%a: tensor<1x2x1x2x1x2x1x2xi64>, %b: tensor<1x2x1x2x1x2x1x2xi64>)
    -> tensor<1x2x1x2x1x2x1x2xi64> {
  %e = tensor.empty() : tensor<1x2x1x2x1x2x1x2xi64>
  %r = linalg.sub ins(%a, %b : tensor<1x2x1x2x1x2x1x2xi64>, tensor<1x2x1x2x1x2x1x2xi64>)
                  outs(%e : tensor<1x2x1x2x1x2x1x2xi64>) -> tensor<1x2x1x2x1x2x1x2xi64>
  return %r : tensor<1x2x1x2x1x2x1x2xi64>
}
func.func @dynamic(%a: tensor<?xf32>) -> tensor<?xf32> { return %a : tensor<?xf32> }
func.func @bf16(%a: tensor<2xbf16>) -> tensor<2xbf16> { return %a : tensor<2xbf16> }
func.func @memref(%a: memref<2xf32>) { return }
func.func private @hidden(%a: tensor<2xf32>) -> tensor<2xf32> { return %a : tensor<2xf32> }
)mlir";

class JitKernelTest : public ::testing::Test {
protected:
  void SetUp() override {
    DialectRegistry registry;
    registry.insert<DMLDialect>();
    registerAllDialects(registry);
    registerAllExtensions(registry);
    context = std::make_unique<MLIRContext>(registry);
    module = parseSourceString<ModuleOp>(kModule, context.get());
    ASSERT_TRUE(module);
  }

  HostTensor tensor(llvm::StringRef text) {
    llvm::Expected<HostTensor> result = parseTensorText(text);
    EXPECT_TRUE(bool(result)) << llvm::toString(result.takeError());
    return std::move(*result);
  }

  std::string print(const HostTensor &tensor) {
    std::string text;
    llvm::raw_string_ostream os(text);
    printTensorValues(os, tensor);
    return text;
  }

  std::unique_ptr<JitKernel> compile(llvm::StringRef name) {
    llvm::Expected<std::unique_ptr<JitKernel>> kernel =
        JitKernel::compile(*module, name);
    EXPECT_TRUE(bool(kernel)) << llvm::toString(kernel.takeError());
    return std::move(*kernel);
  }

  std::string compileError(llvm::StringRef name) {
    llvm::Expected<std::unique_ptr<JitKernel>> kernel =
        JitKernel::compile(*module, name);
    if (kernel)
      return "<no error>";
    return llvm::toString(kernel.takeError());
  }

  std::unique_ptr<MLIRContext> context;
  OwningOpRef<ModuleOp> module;
};

TEST_F(JitKernelTest, Signature) {
  llvm::Expected<FunctionSignature> signature =
      getFunctionSignature(*module, "top_k");
  ASSERT_TRUE(bool(signature));
  ASSERT_EQ(signature->inputs.size(), 1u);
  ASSERT_EQ(signature->results.size(), 2u);
  EXPECT_EQ(signature->inputs[0].str(), "tensor<1x1x3x4xf32>");
  EXPECT_EQ(signature->results[1].str(), "tensor<1x1x3x2xui32>");
  EXPECT_EQ(signature->results[1].dataType, DataType::UInt32);
}

TEST_F(JitKernelTest, SignatureErrors) {
  EXPECT_CONTAINS(compileError("nope"),
                  "no function @nope in the module (available: @add, @top_k");
  EXPECT_CONTAINS(compileError("dynamic"),
                  "argument 0 of @dynamic has type tensor<?xf32>; dynamic "
                  "shapes are not supported");
  EXPECT_CONTAINS(compileError("bf16"), "not a DirectML data type");
  EXPECT_CONTAINS(compileError("memref"),
                  "argument 0 of @memref has type memref<2xf32>; expected a "
                  "ranked, statically shaped tensor");
  EXPECT_CONTAINS(compileError("hidden"), "@hidden is private");
}

TEST_F(JitKernelTest, AddAndTopK) {
  std::unique_ptr<JitKernel> add = compile("add");
  ASSERT_TRUE(add);
  std::unique_ptr<JitKernel> topK = compile("top_k");
  ASSERT_TRUE(topK);
  EXPECT_GT(add->getCompileTimes().totalMs(), 0);
  EXPECT_FALSE(add->getTargetCPU().empty());

  HostTensor a = tensor("2x3xf32=1 2 3 4 5 6");
  HostTensor b = tensor("2x3xf32=10 20 30 40 50 60");
  HostTensor sum = tensor("2x3xf32=0 0 0 0 0 0");
  HostTensor x = tensor("1x1x3x4xf32=0 1 10 11 3 2 9 8 4 5 6 7");
  HostTensor values = tensor("1x1x3x2xf32=0 0 0 0 0 0");
  HostTensor indices = tensor("1x1x3x2xui32=0 0 0 0 0 0");
  // Interleaved calls: kernels share no mutable state.
  for (int round = 0; round < 2; ++round) {
    ASSERT_FALSE(bool(add->invoke({&a, &b}, {&sum})));
    ASSERT_FALSE(bool(topK->invoke({&x}, {&values, &indices})));
    EXPECT_EQ(print(sum), round == 0 ? "[[11, 22, 33], [44, 55, 66]]"
                                     : "[[110, 22, 33], [44, 55, 66]]");
    EXPECT_EQ(print(values), "[[[[11, 10], [9, 8], [7, 6]]]]");
    EXPECT_EQ(print(indices), "[[[[3, 2], [2, 3], [3, 2]]]]");
    a.dataAs<float>()[0] = 100;
  }
  // The caller's module still holds the dml op.
  EXPECT_TRUE(module->lookupSymbol("top_k"));
}

TEST_F(JitKernelTest, Rank8) {
  std::unique_ptr<JitKernel> kernel = compile("rank8");
  ASSERT_TRUE(kernel);
  HostTensor a = tensor("1x2x1x2x1x2x1x2xi64=1 2 3 4 5 6 7 8 9 10 11 12 13 14 "
                        "15 16");
  HostTensor b = tensor("1x2x1x2x1x2x1x2xi64=16 15 14 13 12 11 10 9 8 7 6 5 4 "
                        "3 2 1");
  llvm::Expected<llvm::SmallVector<HostTensor>> results =
      kernel->getSignature().allocateResults();
  ASSERT_TRUE(bool(results));
  ASSERT_FALSE(bool(kernel->invoke({&a, &b}, {&(*results)[0]})));
  EXPECT_EQ(print((*results)[0]),
            "[[[[[[[[-15, -13]], [[-11, -9]]]], [[[[-7, -5]], [[-3, -1]]]]]], "
            "[[[[[[1, 3]], [[5, 7]]]], [[[[9, 11]], [[13, 15]]]]]]]]");
}

TEST_F(JitKernelTest, InvokeErrors) {
  std::unique_ptr<JitKernel> add = compile("add");
  ASSERT_TRUE(add);
  HostTensor a = tensor("2x3xf32=1 2 3 4 5 6");
  HostTensor wrongType = tensor("2x3xi32=1 2 3 4 5 6");
  HostTensor wrongShape = tensor("3x2xf32=1 2 3 4 5 6");
  HostTensor out = tensor("2x3xf32=0 0 0 0 0 0");
  auto error = [&](llvm::ArrayRef<const HostTensor *> inputs,
                   llvm::ArrayRef<HostTensor *> outputs) {
    llvm::Error result = add->invoke(inputs, outputs);
    return result ? llvm::toString(std::move(result)) : "<no error>";
  };
  EXPECT_EQ(error({&a}, {&out}), "@add takes 2 arguments, got 1 input");
  EXPECT_EQ(error({&a, &a}, {}), "@add has 1 result, got 0 output buffers");
  EXPECT_EQ(error({&a, &wrongType}, {&out}),
            "argument 1 of @add: data type mismatch: expected f32 (float32, "
            "tensor<2x3xf32>), got i32 (int32, tensor<2x3xi32>)");
  EXPECT_EQ(error({&wrongShape, &a}, {&out}),
            "argument 0 of @add: shape mismatch: expected 2x3 "
            "(tensor<2x3xf32>), got 3x2 (tensor<3x2xf32>)");
  EXPECT_EQ(error({&a, &a}, {&wrongShape}),
            "result 0 of @add: shape mismatch: expected 2x3 "
            "(tensor<2x3xf32>), got 3x2 (tensor<3x2xf32>)");
  EXPECT_EQ(error({&a, &a}, {&out}), "<no error>");
}

} // namespace
