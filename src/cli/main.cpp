// bdtrace: dtrace(1) for Linux. A thin client: parse argv, run it over the Consumer API.
#include <malloc.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

#include "cli/args.h"
#include "cli/driver.h"
#include "cli/usage.h"

extern char** environ;

namespace {

void write_out(std::string_view s) { std::fwrite(s.data(), 1, s.size(), stdout); }

// Messages go out at once, after any traced data already written, so that the two streams
// interleave in the order things happened when they share a file.
void write_err(std::string_view s) {
    std::fflush(stdout);
    std::fwrite(s.data(), 1, s.size(), stderr);
}

}  // namespace

int main(int argc, char** argv) {
    // Start-up builds and drops large tables (a pid description over a whole library makes
    // thousands of probes, in vectors grown by doubling): memory freed is kept for the next
    // allocation rather than handed back to the kernel, whose fresh pages cost a fault each
    // when touched (~15 us on a VM). The driver hands back what is left once tracing runs.
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 128 << 20);
    std::vector<std::string> args(argv, argv + argc);
    bdtrace::cli::ArgsResult parsed = bdtrace::cli::parse_args(args);
    const bdtrace::cli::CommandLine& line = parsed.line;
    if (parsed.error) {
        const bdtrace::cli::ArgsError& e = *parsed.error;
        if (!e.message.empty()) write_err(line.program_name + ": " + e.message + "\n");
        if (e.show_usage) write_err(bdtrace::cli::usage_text(line.program_name));
        return e.status;
    }

    // Traced data can come in floods: a pipe or file gets it in large writes (the driver
    // flushes after each pass of the consumer); a terminal keeps stdio's line buffering.
    if (!isatty(STDOUT_FILENO)) std::setvbuf(stdout, nullptr, _IOFBF, bdtrace::cli::kOutputBuffer);
    bdtrace::cli::DriverIo io;
    io.out = write_out;
    io.err = write_err;
    io.flush = [] { std::fflush(stdout); };
    for (char** e = environ; e && *e; ++e) io.environment.emplace_back(*e);
    return bdtrace::cli::run(line, io);
}
