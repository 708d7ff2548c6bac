// A printf()/printa() format string compiled into pieces: literal text followed by at most one
// conversion, as libdtrace splits it (dt_printf_create). Parsing follows DTrace's rules: flags
// ' - + space # 0 @ may come in any order and mix with the width, '?' sets the width of a
// pointer (16 on LP64), '*' and '.*' take the width and precision from arguments, h l ll L w are
// part of the conversion's name, and %n$ positional arguments are refused.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bdtrace/diagnostic.h"
#include "formats/printf_conversions.h"

namespace bdtrace::formats {

enum ConversionFlag : uint32_t {
    kFlagAlt = 0x001,       // '#'
    kFlagZeroPad = 0x002,   // '0'
    kFlagLeft = 0x004,      // '-'
    kFlagPlus = 0x008,      // '+'
    kFlagDynWidth = 0x010,  // '*'
    kFlagDynPrec = 0x020,   // '.*'
    kFlagGroup = 0x040,     // '\''
    kFlagSpace = 0x080,     // ' '
    kFlagAgg = 0x100,       // '@': the aggregation's value (printa only)
};

struct FormatPiece {
    std::string prefix;                   // literal text printed before the conversion
    const ConversionDef* conv = nullptr;  // nullptr: the trailing text after the last '%'
    uint32_t flags = 0;
    int width = 0;
    int precision = 0;  // 0 also when ".0" was written: DTrace prints no precision then
    bool has_dot = false;

    bool is_conversion() const { return conv != nullptr; }
    // How many run-time values the piece consumes ('*' and '.*' each take one; %% none).
    int argument_count() const;
};

struct CompiledFormat {
    std::string source;  // the format as given, cut at the first NUL
    std::vector<FormatPiece> pieces;
    int conversion_count() const;
};

struct ParsedFormat {
    std::optional<CompiledFormat> format;
    std::optional<Diagnostic> error;  // D_SYNTAX with DTrace's "format conversion #N ..." text
};

ParsedFormat parse_format(std::string_view fmt);

}  // namespace bdtrace::formats
