# Writes OUT: a C++ source holding every .d file under ROOT (path relative to ROOT, text), so
# that an installed bdtrace needs no library files. Run with cmake -P at build time.
file(GLOB_RECURSE files RELATIVE ${ROOT} ${ROOT}/*.d)
list(SORT files)
set(body "// Generated from src/dlib/d by src/dlib/embed.cmake: do not edit.\n#include \"dlib/library.h\"\n\nnamespace bdtrace::dlib {\n\nconst std::vector<File>& embedded_files() {\n    static const std::vector<File> files = {\n")
foreach(f ${files})
  file(READ ${ROOT}/${f} text)
  string(APPEND body "        {\"${f}\", R\"__dlib__(${text})__dlib__\"},\n")
endforeach()
string(APPEND body "    };\n    return files;\n}\n\n}  // namespace bdtrace::dlib\n")
file(WRITE ${OUT}.tmp "${body}")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different ${OUT}.tmp ${OUT})
