# Writes OUT, the C++ source of io::build_id() (build_id.h): the git trees of src/ and solver/ this
# binary is built from, and a digest of their changes not yet committed. Run at every build
# (src/CMakeLists.txt), it rewrites OUT only when that changes, so nothing else is compiled again.
execute_process(COMMAND git -C "${SOURCE}" rev-parse HEAD:src HEAD:solver
                OUTPUT_VARIABLE trees RESULT_VARIABLE failed ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
if(failed)
  set(id "unknown")  # not a git clone: no identity to give
else()
  string(REPLACE "\n" ";" trees "${trees}")
  set(id "")
  foreach(tree IN LISTS trees)  # each tree's first 12 hex digits, joined by '+'
    string(SUBSTRING "${tree}" 0 12 tree)
    list(APPEND id "${tree}")
  endforeach()
  list(JOIN id "+" id)
  execute_process(COMMAND git -C "${SOURCE}" diff HEAD -- src solver OUTPUT_VARIABLE changes ERROR_QUIET)
  if(NOT changes STREQUAL "")
    string(SHA1 digest "${changes}")
    string(SUBSTRING "${digest}" 0 12 digest)
    set(id "${id}-changed-${digest}")
  endif()
endif()
set(text "#include \"src/io/build_id.h\"\n\nstd::string_view kamisado::io::build_id() { return \"${id}\"; }\n")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUT}" "${text}")
endif()
