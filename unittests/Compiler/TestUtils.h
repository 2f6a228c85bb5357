//===- TestUtils.h - Helpers of the embedding API tests ---------*- C++ -*-===//

#ifndef DML_UNITTESTS_COMPILER_TESTUTILS_H
#define DML_UNITTESTS_COMPILER_TESTUTILS_H

#include "dml/Compiler/Compiler.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <vector>

/// Unwraps an Expected in a test, failing with its message.
#define ASSERT_OK_AND_ASSIGN(lhs, expr)                                        \
  auto lhs##_or = (expr);                                                      \
  ASSERT_TRUE(lhs##_or.ok()) << lhs##_or.message();                            \
  auto lhs = std::move(*lhs##_or)

#define EXPECT_OK(expr)                                                        \
  do {                                                                         \
    dml::Status status_ = (expr);                                              \
    EXPECT_TRUE(status_.ok()) << status_.message();                            \
  } while (0)

#endif // DML_UNITTESTS_COMPILER_TESTUTILS_H
