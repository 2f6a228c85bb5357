# ctest: installs the DMLMLIR package into <build>/install and builds and
# runs the outside projects examples/embed-jit and examples/embed-aot against
# it, as a user of the package would. The AOT program must not need LLVM or
# MLIR at run time.
#
# cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DCXX=... -DREADELF=...
#       [-DSANITIZE=ON] -P this
cmake_minimum_required(VERSION 3.20)

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result
                  OUTPUT_VARIABLE output ERROR_VARIABLE output)
  if(NOT result EQUAL 0)
    string(REPLACE ";" " " command "${ARGN}")
    message(FATAL_ERROR "failed (${result}): ${command}\n${output}")
  endif()
  set(last_output "${output}" PARENT_SCOPE)
endfunction()

set(prefix ${BUILD_DIR}/install)
file(REMOVE_RECURSE ${prefix})
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix}
    --component DMLMLIR)
foreach(file include/dml/Compiler/Compiler.h lib/libDMLCompiler.so
             bin/dml-compile bin/dml-import-onnx lib/cmake/DMLMLIR/DMLMLIRConfig.cmake)
  if(NOT EXISTS ${prefix}/${file})
    message(FATAL_ERROR "not installed: ${prefix}/${file}")
  endif()
endforeach()

# A sanitizer build installs an instrumented library: its users link the
# sanitizer runtimes too.
set(flags)
if(SANITIZE)
  set(flags -DCMAKE_CXX_FLAGS=-fsanitize=address,undefined
            -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined)
endif()
foreach(example embed-jit embed-aot)
  set(dir ${BUILD_DIR}/examples/${example})
  file(REMOVE_RECURSE ${dir})
  run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/${example} -B ${dir}
      -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=${CXX}
      -DCMAKE_PREFIX_PATH=${prefix} ${flags})
  run(${CMAKE_COMMAND} --build ${dir})
  run(${dir}/${example})
  message(STATUS "${example}:\n${last_output}")
endforeach()

run(${READELF} --dynamic ${BUILD_DIR}/examples/embed-aot/embed-aot)
if(last_output MATCHES "MLIR|LLVM")
  message(FATAL_ERROR "embed-aot depends on LLVM/MLIR:\n${last_output}")
endif()
message(STATUS "2 passed, 0 failed")
