// -C: runs the system C preprocessor over D source before the lexer sees it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "bdtrace/bdtrace.h"
#include "bdtrace/diagnostic.h"

namespace bdtrace::frontend {

struct PreprocessOptions {
    std::string cpp_path = "cpp";       // -x cpppath
    std::vector<std::string> defines;   // -D name[=value], in order
    std::vector<std::string> undefs;    // -U name
    std::vector<std::string> includes;  // -I dir
    bool print_headers = false;         // -H: cpp prints included files on stderr
    char stdc_mode = 't';               // -X a|c|s|t
    std::vector<std::string> extra_args;  // -x cppargs
    uint32_t version = kVersionNumber;    // -x version, for __SUNW_D_VERSION
};

// Runs cpp over `text` (named `source_name` in #line markers) and returns its output, with the
// predefined macros (__SUNW_D, __SUNW_D_VERSION, __linux, __amd64, ...) defined. On failure
// reports one diagnostic in libdtrace's words (no tag, no line) and returns
// nullopt.
std::optional<std::string> preprocess(const std::string& text, const std::string& source_name,
                                      const PreprocessOptions& opts, DiagnosticList& diags);

}  // namespace bdtrace::frontend
