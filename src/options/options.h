// The dtrace(1) options (-x NAME[=VALUE], #pragma D option, setopt()): one table of every option
// with its kind and value type, and the set of values in force for one consumer.
//
// Value rules follow libdtrace (dt_options.c in illumos/FreeBSD and Oracle's dtrace-utils):
//  - compile-time flags (cpp, errtags, zdefs, ...) refuse any "=value";
//  - run-time flags (quiet, flowindent, destructive, ...) also take yes/no, on/off, true/false,
//    enable(d)/disable(d), set/unset (any case), a number (which turns them on, even 0), or an
//    empty value (which turns them off);
//  - sizes are a number (decimal, 0x hex or 0 octal) with an optional k/m/g/t suffix, either case;
//  - times are a number with ns nsec us usec ms msec s sec m min h hour d day or hz; a bare
//    number is nanoseconds, exactly as libdtrace's dt_opt_rate reads it (not hz).
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
    Flag,     // on or off; see the rules above for which flags accept a value
    Size,     // bytes with k/m/g/t suffixes (case-insensitive)
    Time,     // a period with ns/us/ms/s/m/h/d suffixes or a rate in hz; stored in nanoseconds
    Integer,  // a non-negative integer
    String,   // any non-empty text (a path, a file name, an attribute triple...)
    Choice,   // one of OptionDef::choices
    Version,  // a D API version "x.y" or "x.y.z" that this compiler defines
    Endpoint  // "[address:]port" to listen on (parse_endpoint); no value: the default endpoint
};

// Where a setting comes from; some options may not be set from inside a D program.
enum class Origin { CommandLine, Pragma, Setopt, Environment };

struct OptionDef {
    const char* name;
    Kind kind;
    ValueType type;
    const char* default_value = nullptr;  // in the option's own syntax; nullptr = unset
    // Choice: the accepted values. Other types: words accepted besides the type's own syntax
    // (lockmem=unlimited).
    std::vector<const char*> choices = {};
    bool script_settable = true;  // false: "Option cannot be used from within a D program"
    bool accumulates = false;     // each setting appends (-D, -U, -I, -L, cppargs)
    const char* clears = nullptr;  // a flag this one turns off (kdefs clears knodefs)
    uint64_t min = 0;              // Integer, Size: the smallest accepted value
    const char* origin = "";       // "" for every DTrace; else "Oracle", "FreeBSD", "illumos"
    const char* help = "";         // one line for the man page and documentation
};

// The whole table, in the order the man page lists options (alphabetical within each kind).
const std::vector<OptionDef>& option_table();
const OptionDef* find_option(std::string_view name);

// DTrace's reasons, as libdtrace's dtrace_errmsg() words them.
inline constexpr const char* kBadOptionName = "Invalid option name";
inline constexpr const char* kBadOptionValue = "Invalid value for specified option";
inline constexpr const char* kBadOptionContext = "Option cannot be used from within a D program";
inline constexpr const char* kBadVersion = "Version is not properly formatted or is too large";
inline constexpr const char* kUndefinedVersion = "Requested version is not supported by compiler";
inline constexpr const char* kVersionConflict = "Requested version conflicts with earlier setting";

// Result of setting an option: empty on success, else DTrace's reason, e.g.
// "Invalid option name" or "Invalid value for specified option".
using SetError = std::optional<std::string>;

class OptionSet {
public:
    OptionSet();  // every option at its default
    SetError set(std::string_view name, std::optional<std::string_view> value,
                 Origin origin = Origin::CommandLine);

    // Flag: is it on? Other types: does the option have a value (given or default)?
    bool is_set(std::string_view name) const;
    // Whether the option was given (command line, pragma, environment, setopt()), not only
    // defaulted.
    bool given(std::string_view name) const;
    // The value as given (or the default). A flag that is on reads as "" (or the word it was
    // set with); a flag that is off, or an option without value, reads as nullopt. Accumulating
    // options read as their items joined with '\n'.
    std::optional<std::string> text(std::string_view name) const;
    // Parsed values; 0 when the option is unset or of another type.
    uint64_t size(std::string_view name) const;     // Size, Integer, Version (encoded number)
    uint64_t time_ns(std::string_view name) const;  // Time: period in nanoseconds
    std::string str(std::string_view name) const;   // String, Choice ("" when unset)
    std::vector<std::string> list(std::string_view name) const;  // accumulating options

private:
    struct Value {
        std::optional<std::string> text;  // as given; for accumulating options, '\n'-joined
        std::vector<std::string> items;   // accumulating options
        uint64_t number = 0;
        bool on = false;
        bool given = false;  // set() was called for it
    };
    const Value* value(std::string_view name) const;
    std::map<std::string, Value, std::less<>> values_;
};

// Value parsers, shared with -b and the profile provider's unit suffixes.
// A whole unsigned number: decimal, 0x hex or 0 octal (strtoull with base 0, no sign).
std::optional<uint64_t> parse_number(std::string_view text);
std::optional<uint64_t> parse_size(std::string_view text);
// A time period in ns. A bare number means a rate in hz when bare_is_hz (profile-997), else
// nanoseconds (the -x rate options, as libdtrace reads them).
std::optional<uint64_t> parse_time_ns(std::string_view text, bool bare_is_hz = true);
// libdtrace's boolean words for run-time flags: true = on, false = off, nullopt = not a word.
std::optional<bool> parse_switch_word(std::string_view text);
// "x.y[.z]" -> 0xMMmmmuuu (major < 256, minor and micro < 4096); nullopt when malformed.
std::optional<uint32_t> parse_version(std::string_view text);
// Whether a parsed version is one this compiler knows (1.0 ... 1.13).
bool version_defined(uint32_t version);

// Where to listen (-x prometheus): "PORT" (on 127.0.0.1), "ADDRESS:PORT" with a numeric IPv4
// address or "localhost", or "[IPV6]:PORT". The port is 0 (the system picks one) to 65535.
// Names other than localhost are refused: a listener should not depend on name resolution.
struct Endpoint {
    std::string host;  // numeric, without brackets
    uint16_t port = 0;
    bool ipv6 = false;
    std::string text() const;  // "127.0.0.1:9464", "[::1]:9464"
};
inline constexpr const char* kDefaultMetricsEndpoint = "127.0.0.1:9464";
std::optional<Endpoint> parse_endpoint(std::string_view text);

}  // namespace bdtrace::options
