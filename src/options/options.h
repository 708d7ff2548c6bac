// The dtrace(1) options (-x NAME[=VALUE], #pragma D option, setopt()): one table of every option
// with its kind and value parser, and the set of values in force for one consumer.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bdtrace::options {

// C: compile time; R: run time, fixed at go; D: dynamic, may change while tracing (setopt()).
enum class Kind { Compile, Runtime, Dynamic };

enum class ValueType {
    Flag,     // no value (`-x quiet`); "=value" is refused
    Size,     // bytes with k/m/g/t suffixes (case-insensitive)
    Time,     // a time with ns/us/ms/s/m/h/d/hz suffixes, stored in nanoseconds; a bare number is hz
    Rate,     // like Time, but a bare number is hz (cleanrate, statusrate, ...)
    Integer,  // a plain non-negative integer
    String,   // any text
    Choice    // one of OptionDef::choices
};

// Where a setting comes from; some options may not be set from inside a D program.
enum class Origin { CommandLine, Pragma, Setopt, Environment };

struct OptionDef {
    const char* name;
    Kind kind;
    ValueType type;
    const char* default_value;  // as text in the option's own syntax; nullptr = unset
    std::vector<const char*> choices;  // Choice only
    bool script_settable = true;       // false: "Option cannot be used from within a D program"
    const char* help;                  // one line for the man page and --help-options
};

// The whole table, in the order the man page lists options.
const std::vector<OptionDef>& option_table();
const OptionDef* find_option(std::string_view name);

// Result of setting an option: empty on success, else DTrace's reason, e.g.
// "Invalid option name" or "Invalid value for specified option".
using SetError = std::optional<std::string>;

class OptionSet {
public:
    OptionSet();  // every option at its default
    SetError set(std::string_view name, std::optional<std::string_view> value,
                 Origin origin = Origin::CommandLine);

    bool is_set(std::string_view name) const;  // Flag options: was it turned on?
    std::optional<std::string> text(std::string_view name) const;  // as given (or default)
    // Parsed values; the option must exist and be of a matching type.
    uint64_t size(std::string_view name) const;     // Size, Integer
    uint64_t time_ns(std::string_view name) const;  // Time, Rate: period in nanoseconds
    std::string str(std::string_view name) const;   // String, Choice

private:
    struct Value {
        std::optional<std::string> text;
        uint64_t number = 0;
        bool on = false;
    };
    std::map<std::string, Value, std::less<>> values_;
};

// Value parsers, shared with -b and the profile provider's unit suffixes.
std::optional<uint64_t> parse_size(std::string_view text);
// A time period in ns. A bare number means a rate in hz when bare_is_hz, else nanoseconds.
std::optional<uint64_t> parse_time_ns(std::string_view text, bool bare_is_hz = true);

}  // namespace bdtrace::options
