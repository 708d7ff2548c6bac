// The dtrace(1) command line as data: getopt-compatible parsing of DTrace's option string into a
// plain CommandLine, without running anything.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "bdtrace/bdtrace.h"

namespace bdtrace::cli {

// DTrace's option string (illumos and Oracle cmd/dtrace.c).
inline constexpr const char* kOptionString = "3:6:aAb:Bc:CD:ef:FGhHi:I:lL:m:n:o:p:P:qs:SU:vVwx:X:Z";

// One short flag as given, with its argument when it takes one ("-qs x.d" gives q, then s/x.d).
struct Flag {
    char letter = 0;
    std::string arg;
};

// One -n/-P/-m/-f/-i/-s, in command-line order.
struct ProgramArg {
    ProbeSpec spec = ProbeSpec::Name;
    std::string text;  // the description, or the -s script path
};

struct CommandLine {
    std::string program_name;  // basename of argv[0]: the prefix of every message
    std::string argv0;         // argv[0] as given: $0 for -n/-P/-m/-f/-i
    std::vector<Flag> flags;   // every short flag, in order
    std::vector<std::string> operands;  // $1, $2, ... (object files under -G)
    std::vector<ProgramArg> programs;
    bool compile_only = false;  // -e
    bool list = false;          // -l
    bool header = false;        // -h
    bool link = false;          // -G
    bool version = false;       // -V
    int verbose = 0;            // -v, counted
    std::optional<std::string> output_file;  // -o (the last one)
    bool dump_tokens = false;   // --dump-tokens
    bool dump_ast = false;      // --dump-ast
    bool help = false;          // --help
    // SystemTap's dtrace options builds pass (--types, --no-pyparsing): accepted, no effect.
    bool stap_option = false;
};

// A command line that cannot be used: the message (without the program-name prefix; empty when
// only the usage text is to be shown), whether to follow it with the usage text, and the exit
// status (2, DTrace's usage status).
struct ArgsError {
    std::string message;
    bool show_usage = true;
    int status = 2;
};

struct ArgsResult {
    CommandLine line;
    std::optional<ArgsError> error;
};

ArgsResult parse_args(const std::vector<std::string>& argv);

// Splits a -c command into words as dtrace(1) does (its make_argv): at blanks, tabs, newlines,
// carriage returns, form and vertical feeds, with no quoting and no shell. A command with no
// words is one word, the command itself.
std::vector<std::string> split_command(const std::string& command);

// The program name DTrace prints: the last component of argv[0].
std::string program_basename(const std::string& argv0);

}  // namespace bdtrace::cli
