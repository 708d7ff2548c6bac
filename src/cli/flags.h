// What each dtrace(1) flag means to the driver, as tables: the flags that set a library option,
// and the flags whose feature bdtrace does not have yet.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli/args.h"

namespace bdtrace::cli {

// One Consumer::setopt call a flag asks for, with the words DTrace uses when it fails:
// "failed to set <what>: <reason>".
struct SetoptRequest {
    std::string name;
    std::optional<std::string> value;
    std::string what;  // "-x bufsize", "-b 4x", "-q", "-D FOO=1"
};

// The setopt calls of the command line's flags, in command-line order.
std::vector<SetoptRequest> option_requests(const CommandLine& line);

// The first flag (in command-line order) whose feature is not built yet, as the user wrote it
// ("-G", "-32"); nullopt when every flag is supported.
std::optional<std::string> first_unsupported_flag(const CommandLine& line);

// Every flag not supported yet, for documentation and tests.
std::vector<std::string> unsupported_flags();

}  // namespace bdtrace::cli
