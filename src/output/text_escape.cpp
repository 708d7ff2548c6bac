#include "output/text_escape.h"

#include <ctime>

#include "output/cformat.h"

namespace bdtrace::output {

std::string escape_chars(std::string_view s) {
    std::string out;
    for (char c : s) {
        switch (c) {
            case '\0':
                out += "\\0";
                return out;
            case '\a':
                out += "\\a";
                break;
            case '\b':
                out += "\\b";
                break;
            case '\f':
                out += "\\f";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            case '\v':
                out += "\\v";
                break;
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case ' ':
                out += ' ';
                break;
            default:
                if (c < '!' || c > '~') {
                    auto u = static_cast<unsigned char>(c);
                    out += '\\';
                    out += static_cast<char>('0' + ((u >> 6) & 3));
                    out += static_cast<char>('0' + ((u >> 3) & 7));
                    out += static_cast<char>('0' + (u & 7));
                } else {
                    out += c;
                }
        }
    }
    return out;
}

namespace {

// Nanoseconds since the epoch as a signed quantity, as DTrace's hrtime_t holds them.
time_t seconds_of(uint64_t ns) {
    return static_cast<time_t>(static_cast<int64_t>(ns) / 1000000000);
}

}  // namespace

std::string format_walltime(uint64_t ns) {
    static const char* const kDays[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static const char* const kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                          "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    time_t sec = seconds_of(ns);
    struct tm tm {};
    if (!localtime_r(&sec, &tm)) return {};
    // ctime(3)'s "Thu Sep  7 16:49:02 2023\n", then the year (columns 20-23) moved in front of
    // the month, day and time (columns 3-18), exactly as DTrace rearranges it.
    std::string c = cformat(std::string("%.3s %.3s%3d %.2d:%.2d:%.2d %d\n"), kDays[tm.tm_wday % 7],
                            kMonths[tm.tm_mon % 12], tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
                            1900 + tm.tm_year);
    if (c.size() < 24) return {};
    return c.substr(20, 4) + c.substr(3, 16);
}

std::string format_rfc822(uint64_t ns) {
    time_t sec = seconds_of(ns);
    struct tm tm {};
    if (!localtime_r(&sec, &tm)) return {};
    char buf[64];
    size_t n = std::strftime(buf, sizeof buf, "%a, %d %b %G %T %Z", &tm);
    return std::string(buf, n);
}

}  // namespace bdtrace::output
