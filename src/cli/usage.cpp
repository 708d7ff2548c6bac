// The usage text keeps the layout of illumos dtrace(1M): a synopsis, the probe-description
// forms, the grammar of predicates and actions, then one line per flag.
#include "cli/usage.h"

#include <array>

namespace bdtrace::cli {

namespace {

constexpr const char* kPredAct = "[[ predicate ] action ]";

struct FlagLine {
    const char* flag;
    const char* text;
};

constexpr std::array<FlagLine, 31> kFlagLines = {{
    {"-a ", "claim anonymous tracing state"},
    {"-A ", "generate driver.conf(4) directives for anonymous tracing"},
    {"-b ", "set trace buffer size"},
    {"-c ", "run specified command and exit upon its completion"},
    {"-C ", "run cpp(1) preprocessor on script files"},
    {"-D ", "define symbol when invoking preprocessor"},
    {"-e ", "exit after compiling request but prior to enabling probes"},
    {"-f ", "enable or list probes matching the specified function name"},
    {"-F ", "coalesce trace output by function"},
    {"-G ", "generate an ELF file containing embedded dtrace program"},
    {"-h ", "generate a header file with definitions for static probes"},
    {"-H ", "print included files when invoking preprocessor"},
    {"-i ", "enable or list probes matching the specified probe id"},
    {"-I ", "add include directory to preprocessor search path"},
    {"-l ", "list probes matching specified criteria"},
    {"-L ", "add library directory to library search path"},
    {"-m ", "enable or list probes matching the specified module name"},
    {"-n ", "enable or list probes matching the specified probe name"},
    {"-o ", "set output file"},
    {"-p ", "grab specified process-ID and cache its symbol tables"},
    {"-P ", "enable or list probes matching the specified provider name"},
    {"-q ", "set quiet mode (only output explicitly traced data)"},
    {"-s ", "enable or list probes according to the specified D script"},
    {"-S ", "print D compiler intermediate code"},
    {"-U ", "undefine symbol when invoking preprocessor"},
    {"-v ", "set verbose mode (report stability attributes, arguments)"},
    {"-V ", "report DTrace API version"},
    {"-w ", "permit destructive actions"},
    {"-x ", "enable or modify compiler and tracing options"},
    {"-X ", "specify ISO C conformance settings for preprocessor"},
    {"-Z ", "permit probe descriptions that match zero probes"},
}};

constexpr std::array<FlagLine, 4> kLongLines = {{
    {"--dump-tokens", "print the tokens of each program on stdout"},
    {"--dump-ast   ", "print the syntax tree of each compiled program on stdout"},
    {"--help       ", "print this text on stdout and exit"},
    {"--types      ", "accepted, as --no-pyparsing, for SystemTap's dtrace; no effect"},
}};

}  // namespace

std::string usage_text(const std::string& program_name) {
    std::string pa = kPredAct;
    std::string s = "Usage: " + program_name +
                    " [-32|-64] [-aACeFGhHlqSvVwZ] [-b bufsz] [-c cmd] [-D name[=def]]\n"
                    "\t[-I path] [-L path] [-o output] [-p pid] [-s script] [-U name]\n"
                    "\t[-x opt[=val]] [-X a|c|s|t]\n\n";
    s += "\t[-P provider " + pa + "]\n";
    s += "\t[-m [ provider: ] module " + pa + "]\n";
    s += "\t[-f [[ provider: ] module: ] func " + pa + "]\n";
    s += "\t[-n [[[ provider: ] module: ] func: ] name " + pa + "]\n";
    s += "\t[-i probe-id " + pa + "] [ args ... ]\n\n";
    s += "\tpredicate -> '/' D-expression '/'\n";
    s += "\t   action -> '{' D-statements '}'\n";
    s += "\n\t-32 generate 32-bit D programs and ELF files\n";
    s += "\t-64 generate 64-bit D programs and ELF files\n\n";
    for (const FlagLine& l : kFlagLines) s += std::string("\t") + l.flag + " " + l.text + "\n";
    return s;
}

std::string help_text(const std::string& program_name) {
    std::string s = usage_text(program_name) + "\n";
    for (const FlagLine& l : kLongLines) s += std::string("\t") + l.flag + " " + l.text + "\n";
    return s;
}

}  // namespace bdtrace::cli
