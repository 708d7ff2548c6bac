// The flag tables. When a feature lands, its row leaves kUnsupported.
#include "cli/flags.h"

#include <array>

namespace bdtrace::cli {

namespace {

// Flags that are another name for an option. `takes_value`: the flag's argument is the value.
struct OptionFlag {
    char letter;
    const char* option;
    bool takes_value;
};

constexpr std::array<OptionFlag, 13> kOptionFlags = {{
    {'b', "bufsize", true},
    {'C', "cpp", false},
    {'D', "define", true},
    {'F', "flowindent", false},
    {'H', "cpphdrs", false},
    {'I', "incdir", true},
    {'L', "libdir", true},
    {'q', "quiet", false},
    {'S', "verbose", false},
    {'U', "undef", true},
    {'w', "destructive", false},
    {'X', "stdc", true},
    {'Z', "zdefs", false},
}};

struct UnsupportedFlag {
    char letter;
    const char* arg;  // for -3/-6: the argument that completes the flag; else nullptr
    const char* shown;
    char unless;      // a flag that makes this one supported (-v with -l); else 0
};

// Features not built yet. -a/-A anonymous
// tracing (no Linux equivalent), -B the buffered output handler, -32 a 32-bit data model
// (-64, the only model there is, is accepted).
constexpr std::array<UnsupportedFlag, 4> kUnsupported = {{
    {'3', "2", "-32", 0},
    {'a', nullptr, "-a", 0},
    {'A', nullptr, "-A", 0},
    {'B', nullptr, "-B", 0},
}};

bool has_flag(const CommandLine& line, char letter) {
    for (const Flag& f : line.flags)
        if (f.letter == letter) return true;
    return false;
}

}  // namespace

std::vector<SetoptRequest> option_requests(const CommandLine& line) {
    std::vector<SetoptRequest> out;
    for (const Flag& f : line.flags) {
        if (f.letter == 'x') {
            size_t eq = f.arg.find('=');
            SetoptRequest r;
            r.name = f.arg.substr(0, eq);
            if (eq != std::string::npos) r.value = f.arg.substr(eq + 1);
            r.what = "-x " + r.name;
            out.push_back(std::move(r));
            continue;
        }
        for (const OptionFlag& o : kOptionFlags) {
            if (o.letter != f.letter) continue;
            SetoptRequest r;
            r.name = o.option;
            r.what = std::string("-") + o.letter;
            if (o.takes_value) {
                r.value = f.arg;
                r.what += " " + f.arg;
            }
            out.push_back(std::move(r));
        }
    }
    return out;
}

std::optional<std::string> first_unsupported_flag(const CommandLine& line) {
    for (const Flag& f : line.flags) {
        for (const UnsupportedFlag& u : kUnsupported) {
            if (u.letter == f.letter && (!u.arg || f.arg == u.arg) && !(u.unless && has_flag(line, u.unless)))
                return std::string(u.shown);
        }
    }
    return std::nullopt;
}

std::vector<std::string> unsupported_flags() {
    std::vector<std::string> out;
    for (const UnsupportedFlag& u : kUnsupported) out.emplace_back(u.shown);
    return out;
}

}  // namespace bdtrace::cli
