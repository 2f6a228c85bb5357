# ctest `cuda-exec` (label cuda): builds cuda-exec.mlir with dml-compile for
# the GPU, links cuda-exec.c against it and runs it. Reported skipped when
# the machine has no CUDA device; the build steps run everywhere.
file(MAKE_DIRECTORY ${WORK_DIR})
execute_process(COMMAND ${DML_COMPILE} ${SOURCE_DIR}/cuda-exec.mlir
                        --target=nvptx64-nvidia-cuda --gpu-chip=sm_90
                        -o ${WORK_DIR}/libcuda-exec.so
                        --header ${WORK_DIR}/cuda-exec.h
                RESULT_VARIABLE result)
if(result)
  message(FATAL_ERROR "dml-compile failed: ${result}")
endif()
execute_process(COMMAND ${CC} -std=c99 -I${WORK_DIR} ${SOURCE_DIR}/cuda-exec.c
                        -L${WORK_DIR} -lcuda-exec -Wl,-rpath,${WORK_DIR}
                        -ldl -lm -o ${WORK_DIR}/cuda-exec
                RESULT_VARIABLE result)
if(result)
  message(FATAL_ERROR "compiling cuda-exec.c failed: ${result}")
endif()
execute_process(COMMAND ${WORK_DIR}/cuda-exec RESULT_VARIABLE result)
if(result EQUAL 77)
  # ctest matches this line (SKIP_REGULAR_EXPRESSION).
  message("skipped: no CUDA device")
  return()
endif()
if(result)
  message(FATAL_ERROR "cuda-exec failed: ${result}")
endif()
