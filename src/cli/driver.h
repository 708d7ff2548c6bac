// Runs a parsed dtrace(1) command line over the public Consumer API, in DTrace's order: options,
// compile every program, enable them, trace until done. Prints DTrace's messages.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/args.h"

namespace bdtrace::cli {

struct DriverIo {
    std::function<void(std::string_view)> out;  // stdout
    std::function<void(std::string_view)> err;  // stderr
    // Writes out what `out` has buffered; called before -c commands start running, so that
    // BEGIN's output comes before theirs, and after each pass of the consumer. May be empty.
    std::function<void()> flush;
    // The process environment as "NAME=VALUE" (DTRACE_OPT_*, _DTRACE_TESTING).
    std::vector<std::string> environment;
    // Install SIGINT/SIGTERM handlers while tracing (off in tests).
    bool handle_signals = true;
};

// The stdio buffer of traced data written to a pipe, a file or -o's file (bytes).
inline constexpr size_t kOutputBuffer = 256 * 1024;

// Returns the exit status: 0 success, 1 error, 2 usage or unsupported feature, or the status
// the program passed to exit().
int run(const CommandLine& line, const DriverIo& io);

}  // namespace bdtrace::cli
