// Parses argv as DTrace's main() does: getopt with "+" (stop at the first operand) restarted
// after each operand, so operands and options may be interleaved; operands are kept in order.
#include "cli/args.h"

#include <array>
#include <cstring>
#include <string_view>

namespace bdtrace::cli {

namespace {

struct LongOption {
    const char* name;
    bool CommandLine::*field;
};

constexpr std::array<LongOption, 5> kLongOptions = {{
    {"--dump-tokens", &CommandLine::dump_tokens},
    {"--dump-ast", &CommandLine::dump_ast},
    {"--help", &CommandLine::help},
    {"--types", &CommandLine::stap_option},
    {"--no-pyparsing", &CommandLine::stap_option},
}};

struct ProgramFlag {
    char letter;
    ProbeSpec spec;
};

constexpr std::array<ProgramFlag, 6> kProgramFlags = {{
    {'n', ProbeSpec::Name},
    {'P', ProbeSpec::Provider},
    {'m', ProbeSpec::Module},
    {'f', ProbeSpec::Function},
    {'i', ProbeSpec::Id},
    {'s', ProbeSpec::Script},
}};

// Flags that choose dtrace's mode; only one may be given (each occurrence counts).
constexpr const char* kModeFlags = "AGhlV";

// Whether `c` is an option letter, and whether it takes an argument.
std::optional<bool> takes_argument(char c) {
    if (c == ':' || c == '\0') return std::nullopt;
    const char* p = std::strchr(kOptionString, c);
    if (!p) return std::nullopt;
    return p[1] == ':';
}

ArgsError usage_error(std::string message) { return ArgsError{std::move(message), true, 2}; }

// Applies one flag to the command line; returns an error for -3/-6 with a wrong suffix.
std::optional<ArgsError> record(CommandLine& line, char c, std::string arg) {
    if ((c == '3' && arg != "2") || (c == '6' && arg != "4"))
        return usage_error(std::string("illegal option -- ") + c + arg);
    for (const ProgramFlag& p : kProgramFlags) {
        if (p.letter == c) line.programs.push_back({p.spec, arg});
    }
    switch (c) {
        case 'e': line.compile_only = true; break;
        case 'l': line.list = true; break;
        case 'h': line.header = true; break;
        case 'G': line.link = true; break;
        case 'V': line.version = true; break;
        case 'v': ++line.verbose; break;
        case 'o': line.output_file = arg; break;
        default: break;
    }
    line.flags.push_back({c, std::move(arg)});
    return std::nullopt;
}

// Reads the options starting at argv[i] until an operand, "--" or the end, as one run of
// getopt; leaves i at the first argument not consumed.
std::optional<ArgsError> parse_options(const std::vector<std::string>& argv, size_t& i,
                                       CommandLine& line) {
    while (i < argv.size()) {
        const std::string& a = argv[i];
        if (a == "--") {
            ++i;
            return std::nullopt;
        }
        if (a.size() < 2 || a[0] != '-') return std::nullopt;
        if (a[1] == '-') {
            bool known = false;
            for (const LongOption& o : kLongOptions) {
                if (a == o.name) {
                    line.*(o.field) = true;
                    known = true;
                }
            }
            if (!known) return usage_error("illegal option -- " + a.substr(1));
            ++i;
            continue;
        }
        for (size_t j = 1; j < a.size(); ++j) {
            char c = a[j];
            auto arg_needed = takes_argument(c);
            if (!arg_needed) return usage_error(std::string("illegal option -- ") + c);
            if (!*arg_needed) {
                if (auto err = record(line, c, {})) return err;
                continue;
            }
            std::string arg;
            if (j + 1 < a.size()) {
                arg = a.substr(j + 1);
            } else if (i + 1 < argv.size()) {
                arg = argv[++i];
            } else {
                return usage_error(std::string("option requires an argument -- ") + c);
            }
            if (auto err = record(line, c, std::move(arg))) return err;
            break;
        }
        ++i;
    }
    return std::nullopt;
}

}  // namespace

std::string program_basename(const std::string& argv0) {
    std::string_view s = argv0;
    while (s.size() > 1 && s.back() == '/') s.remove_suffix(1);
    size_t slash = s.find_last_of('/');
    if (slash != std::string_view::npos && s.size() > 1) s.remove_prefix(slash + 1);
    return s.empty() ? std::string("dtrace") : std::string(s);
}

std::vector<std::string> split_command(const std::string& command) {
    static constexpr const char* kBlanks = "\f\n\r\t\v ";
    std::vector<std::string> words;
    size_t b = 0;
    while ((b = command.find_first_not_of(kBlanks, b)) != std::string::npos) {
        size_t e = command.find_first_of(kBlanks, b);
        words.push_back(command.substr(b, e == std::string::npos ? e : e - b));
        b = e;
    }
    if (words.empty()) words.push_back(command);
    return words;
}

ArgsResult parse_args(const std::vector<std::string>& argv) {
    ArgsResult result;
    CommandLine& line = result.line;
    line.argv0 = argv.empty() ? std::string("dtrace") : argv[0];
    line.program_name = program_basename(line.argv0);
    if (argv.size() <= 1) {
        result.error = usage_error({});
        return result;
    }

    size_t i = 1;
    while (i < argv.size()) {
        if (auto err = parse_options(argv, i, line)) {
            result.error = std::move(err);
            return result;
        }
        if (i < argv.size()) line.operands.push_back(argv[i++]);
    }

    int modes = 0;
    for (const Flag& f : line.flags) {
        if (std::strchr(kModeFlags, f.letter)) ++modes;
    }
    if (modes > 1) {
        result.error = ArgsError{
            "only one of the [-AGhlV] options can be specified at a time", false, 2};
    }
    return result;
}

}  // namespace bdtrace::cli
