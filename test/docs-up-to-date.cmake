# Fails if the committed op reference differs from the one generated from ODS.
# Usage: cmake -DGENERATED=<dir> -DCOMMITTED=<dir> -DFILES=<a.md,b.md>
#              -P docs-up-to-date.cmake
string(REPLACE "," ";" files "${FILES}")
if(NOT files)
  message(FATAL_ERROR "no files to compare")
endif()
set(stale)
foreach(file ${files})
  if(NOT EXISTS "${GENERATED}/${file}")
    message(FATAL_ERROR "${GENERATED}/${file} does not exist; build the "
                        "dml-docs target first")
  endif()
  if(NOT EXISTS "${COMMITTED}/${file}")
    list(APPEND stale "${file} (missing)")
    continue()
  endif()
  execute_process(
    COMMAND ${CMAKE_COMMAND} -E compare_files --ignore-eol
            "${GENERATED}/${file}" "${COMMITTED}/${file}"
    RESULT_VARIABLE differ)
  if(differ)
    list(APPEND stale "${file}")
  endif()
endforeach()
if(stale)
  string(REPLACE ";" ", " stale "${stale}")
  message(FATAL_ERROR "${COMMITTED} is stale: ${stale} differ from the "
                      "reference generated from ODS in ${GENERATED}; run "
                      "`ninja dml-update-docs` in the build directory and "
                      "commit the result")
endif()
message(STATUS "${COMMITTED} matches ${GENERATED} (${FILES})")
