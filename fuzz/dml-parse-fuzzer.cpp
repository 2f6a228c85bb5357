//===- dml-parse-fuzzer.cpp - Fuzz the parser and the dml verifiers -------===//
//
// Input: arbitrary bytes, parsed as a module (MLIR text, or MLIR bytecode when
// the bytes start with its magic number) and verified. Properties checked,
// besides "does not crash" (under ASan and UBSan):
//  * a module that parses and verifies prints, in the custom and in the
//    generic form, to text that parses and verifies again and prints the same;
//  * it also round-trips through bytecode.
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include <cstddef>
#include <cstdint>

using namespace mlir;

static std::string print(ModuleOp module, bool generic) {
  std::string text;
  llvm::raw_string_ostream stream(text);
  OpPrintingFlags flags;
  if (generic)
    flags.printGenericOpForm();
  module->print(stream, flags);
  return text;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  DialectRegistry registry;
  dml_fuzz::registerInputDialects(registry);
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);
  context.loadAllAvailableDialects();
  dml_fuzz::DiagnosticCollector diagnostics(context);

  // A NUL-terminated copy, as dml-opt and dml-run read files: MLIR 22's
  // parseSourceString does not require a terminator, but its lexer reads one
  // byte past the end of an identifier at the end of the text and, finding
  // no NUL there, keeps going (an out-of-bounds read that ASan reported here
  // as a 30-byte memcpy in OperationName from a 20-byte input). Callers that
  // parse a std::string_view must copy it first; see docs/hardening.md.
  std::string input(reinterpret_cast<const char *>(data), size);
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(input, ParserConfig(&context));
  if (!module)
    return 0;
  // parseSourceString verified already; verify once more, which must agree.
  if (failed(verify(*module)))
    dml_fuzz::fail("a parsed module fails verification", diagnostics.messages());

  for (bool generic : {false, true}) {
    std::string printed = print(*module, generic);
    OwningOpRef<ModuleOp> reparsed =
        parseSourceString<ModuleOp>(printed, ParserConfig(&context));
    if (!reparsed)
      dml_fuzz::fail(generic ? "the generic form does not parse back"
                             : "the custom form does not parse back",
                     printed + "\n" + diagnostics.messages());
    std::string reprinted = print(*reparsed, generic);
    if (reprinted != printed)
      dml_fuzz::fail("printing is not stable across a round trip",
                     printed + "\n----- reprinted:\n" + reprinted);
  }

  std::string bytecode;
  llvm::raw_string_ostream bytecodeStream(bytecode);
  if (failed(writeBytecodeToFile(*module, bytecodeStream)))
    return 0; // Not every module has a bytecode form; that is reported.
  OwningOpRef<ModuleOp> fromBytecode =
      parseSourceString<ModuleOp>(bytecode, ParserConfig(&context));
  if (!fromBytecode)
    dml_fuzz::fail("the bytecode form does not parse back",
                   print(*module, false) + "\n" + diagnostics.messages());
  if (print(*fromBytecode, true) != print(*module, true))
    dml_fuzz::fail("bytecode round trip changes the module",
                   print(*module, true) + "\n----- after bytecode:\n" +
                       print(*fromBytecode, true));
  return 0;
}
