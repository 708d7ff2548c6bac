// The value syntaxes of -x options: sizes, times, switch words and D API versions.
#include <array>
#include <cctype>
#include <limits>

#include "options/options.h"

namespace bdtrace::options {

namespace {

constexpr uint64_t kNanosPerSecond = 1000000000ull;

bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(a[i])) !=
            std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    }
    return true;
}

int digit_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return 99;
}

// Reads an unsigned number the way strtoull(..., 0) does (0x hex, leading 0 octal, else
// decimal) from the front of `text`; returns the value and how many characters it used.
// A sign, or no digit at all, fails, as does overflow.
std::optional<std::pair<uint64_t, size_t>> leading_number(std::string_view text) {
    size_t i = 0;
    unsigned base = 10;
    if (text.size() >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X') &&
        text.size() > 2 && digit_value(text[2]) < 16) {
        base = 16;
        i = 2;
    } else if (!text.empty() && text[0] == '0') {
        base = 8;
    }
    size_t start = i;
    uint64_t value = 0;
    for (; i < text.size(); ++i) {
        int d = digit_value(text[i]);
        if (d >= static_cast<int>(base)) break;
        if (value > (std::numeric_limits<uint64_t>::max() - static_cast<uint64_t>(d)) / base)
            return std::nullopt;
        value = value * base + static_cast<uint64_t>(d);
    }
    if (i == start) return std::nullopt;
    return std::make_pair(value, i);
}

std::optional<uint64_t> times(uint64_t value, uint64_t mul) {
    if (mul != 0 && value > std::numeric_limits<uint64_t>::max() / mul) return std::nullopt;
    return value * mul;
}

struct TimeUnit {
    const char* name;
    uint64_t ns;  // 0: the number is a frequency in hz
};

constexpr std::array<TimeUnit, 15> kTimeUnits = {{
    {"ns", 1},
    {"nsec", 1},
    {"us", 1000},
    {"usec", 1000},
    {"ms", 1000000},
    {"msec", 1000000},
    {"s", kNanosPerSecond},
    {"sec", kNanosPerSecond},
    {"m", 60 * kNanosPerSecond},
    {"min", 60 * kNanosPerSecond},
    {"h", 3600 * kNanosPerSecond},
    {"hour", 3600 * kNanosPerSecond},
    {"d", 86400 * kNanosPerSecond},
    {"day", 86400 * kNanosPerSecond},
    {"hz", 0},
}};

struct SwitchWords {
    const char* on;
    const char* off;
};

constexpr std::array<SwitchWords, 6> kSwitchWords = {{
    {"yes", "no"},
    {"enable", "disable"},
    {"enabled", "disabled"},
    {"true", "false"},
    {"on", "off"},
    {"set", "unset"},
}};

// D API versions this compiler defines, as libdtrace lists them for "Sun D 1.13".
constexpr uint32_t version_number(uint32_t major, uint32_t minor, uint32_t micro) {
    return (major << 24) | (minor << 12) | micro;
}

constexpr std::array<uint32_t, 24> kDefinedVersions = {{
    version_number(1, 0, 0),  version_number(1, 1, 0),  version_number(1, 2, 0),
    version_number(1, 2, 1),  version_number(1, 2, 2),  version_number(1, 3, 0),
    version_number(1, 4, 0),  version_number(1, 4, 1),  version_number(1, 5, 0),
    version_number(1, 6, 0),  version_number(1, 6, 1),  version_number(1, 6, 2),
    version_number(1, 6, 3),  version_number(1, 7, 0),  version_number(1, 7, 1),
    version_number(1, 8, 0),  version_number(1, 8, 1),  version_number(1, 9, 0),
    version_number(1, 9, 1),  version_number(1, 10, 0), version_number(1, 11, 0),
    version_number(1, 12, 0), version_number(1, 12, 1), version_number(1, 13, 0),
}};

}  // namespace

std::optional<uint64_t> parse_size(std::string_view text) {
    if (text.empty()) return std::nullopt;
    uint64_t mul = 1;
    switch (std::tolower(static_cast<unsigned char>(text.back()))) {
        case 't': mul = 1ull << 40; break;
        case 'g': mul = 1ull << 30; break;
        case 'm': mul = 1ull << 20; break;
        case 'k': mul = 1ull << 10; break;
        default: break;
    }
    std::string_view digits = mul == 1 ? text : text.substr(0, text.size() - 1);
    auto n = leading_number(digits);
    if (!n || n->second != digits.size()) return std::nullopt;
    return times(n->first, mul);
}

std::optional<uint64_t> parse_number(std::string_view text) {
    auto n = leading_number(text);
    if (!n || n->second != text.size()) return std::nullopt;
    return n->first;
}

std::optional<uint64_t> parse_time_ns(std::string_view text, bool bare_is_hz) {
    auto n = leading_number(text);
    if (!n) return std::nullopt;
    std::string_view suffix = text.substr(n->second);
    uint64_t value = n->first;
    if (suffix.empty()) {
        if (!bare_is_hz) return value;
        return value == 0 ? 0 : kNanosPerSecond / value;
    }
    for (const TimeUnit& unit : kTimeUnits) {
        if (!iequals(unit.name, suffix)) continue;
        if (unit.ns == 0) return value == 0 ? 0 : kNanosPerSecond / value;
        return times(value, unit.ns);
    }
    return std::nullopt;
}

std::optional<bool> parse_switch_word(std::string_view text) {
    for (const SwitchWords& w : kSwitchWords) {
        if (iequals(w.on, text)) return true;
        if (iequals(w.off, text)) return false;
    }
    return std::nullopt;
}

std::optional<uint32_t> parse_version(std::string_view text) {
    std::array<uint64_t, 3> part = {0, 0, 0};
    size_t index = 0;
    for (char c : text) {
        if (c >= '0' && c <= '9') {
            part[index] = part[index] * 10 + static_cast<uint64_t>(c - '0');
            if (part[index] > 0xfffff) return std::nullopt;  // far past any limit below
        } else if (c == '.' && index < part.size() - 1) {
            ++index;
        } else {
            return std::nullopt;
        }
    }
    if (part[0] > 0xff || part[1] > 0xfff || part[2] > 0xfff) return std::nullopt;
    return version_number(static_cast<uint32_t>(part[0]), static_cast<uint32_t>(part[1]),
                          static_cast<uint32_t>(part[2]));
}

bool version_defined(uint32_t version) {
    for (uint32_t v : kDefinedVersions) {
        if (v == version) return true;
    }
    return false;
}

}  // namespace bdtrace::options
