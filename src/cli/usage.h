// dtrace(1)'s usage text (a documented output format, kept line for line) and --help.
#pragma once

#include <string>

namespace bdtrace::cli {

// What dtrace prints on stderr for a bad command line or no arguments.
std::string usage_text(const std::string& program_name);

// --help: the usage text followed by bdtrace's own long options; printed on stdout.
std::string help_text(const std::string& program_name);

}  // namespace bdtrace::cli
