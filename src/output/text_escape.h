// Text helpers shared by the printf engine and trace(): C escapes for %S and %C, and the
// %Y / %T renderings of a wall-clock time in nanoseconds.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace bdtrace::output {

// Each byte of s as C source would write it: \0 \a \b \f \n \r \t \v \" \\ by name, other
// bytes outside '!'..'~' (except the space) as three octal digits. Like libdtrace's
// strchr2esc, the first NUL is written as "\0" and ends the text.
std::string escape_chars(std::string_view s);

// %Y: the canonical adb/mdb rendering "2023 Sep  7 16:49:02" in the local time zone.
std::string format_walltime(uint64_t ns);
// %T: RFC 822, strftime's "%a, %d %b %G %T %Z" in the local time zone (note %G, the ISO
// week-based year, as DTrace uses it).
std::string format_rfc822(uint64_t ns);

}  // namespace bdtrace::output
