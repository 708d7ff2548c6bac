// Splitting a format into pieces, with libdtrace's messages for what it refuses. The parser
// reads each conversion one character at a time the way dt_printf_create does, so odd but
// accepted spellings ("%l5d", "%-05d", "%?5p") mean what they mean in DTrace.
#include <cctype>

#include "formats/printf_format.h"

namespace bdtrace::formats {
namespace {

Diagnostic syntax_error(unsigned conversion, std::string_view what) {
    Diagnostic d;
    d.tag = "D_SYNTAX";
    d.message = "format conversion #" + std::to_string(conversion) + " " + std::string(what);
    return d;
}

// Pointer-sized width for '?': the D data model is LP64 on Linux.
constexpr int kPointerWidth = 16;
// libdtrace keeps the name in an 8-byte buffer: at most six size letters, then the conversion.
constexpr size_t kMaxSizeLetters = 6;

}  // namespace

int FormatPiece::argument_count() const {
    if (!conv || conv->print == PrintKind::Percent) return 0;
    int n = 0;
    if (flags & kFlagDynWidth) ++n;
    if (flags & kFlagDynPrec) ++n;
    if (!(flags & kFlagAgg)) ++n;
    return n;
}

int CompiledFormat::conversion_count() const {
    int n = 0;
    for (const auto& p : pieces)
        if (p.conv) ++n;
    return n;
}

ParsedFormat parse_format(std::string_view fmt_in) {
    std::string fmt(fmt_in.substr(0, fmt_in.find('\0')));
    CompiledFormat out;
    out.source = fmt;

    size_t q = 0;  // start of the literal text before the next conversion
    unsigned number = 0;
    for (size_t pct; (pct = fmt.find('%', q)) != std::string::npos;) {
        FormatPiece piece;
        piece.prefix = fmt.substr(q, pct - q);
        ++number;

        std::string name;
        int digits = 0;
        bool dot = false;
        size_t p = pct + 1;
        for (;; ++p) {
            char c = p < fmt.size() ? fmt[p] : '\0';
            if (c >= '0' && c <= '9') {
                if (!dot && digits == 0 && c == '0') {
                    piece.flags |= kFlagZeroPad;
                    piece.flags &= ~kFlagLeft;
                    continue;
                }
                uint32_t n = 0;
                while (p < fmt.size() && std::isdigit(static_cast<unsigned char>(fmt[p])))
                    n = n * 10 + static_cast<uint32_t>(fmt[p++] - '0');
                --p;
                (dot ? piece.precision : piece.width) = static_cast<int>(n);
                ++digits;
                continue;
            }
            switch (c) {
                case '#':
                    piece.flags |= kFlagAlt;
                    continue;
                case '*': {
                    uint32_t f = dot ? kFlagDynPrec : kFlagDynWidth;
                    if (piece.flags & f) {
                        return {std::nullopt,
                                syntax_error(number,
                                             std::string("has more than one '*' specified for the "
                                                         "output ") +
                                                 (dot ? "precision" : "width"))};
                    }
                    piece.flags |= f;
                    continue;
                }
                case '+':
                    piece.flags |= kFlagPlus;
                    continue;
                case '-':
                    piece.flags |= kFlagLeft;
                    piece.flags &= ~kFlagZeroPad;
                    continue;
                case '.':
                    if (dot)
                        return {std::nullopt,
                                syntax_error(number, "has more than one '.' specified")};
                    dot = true;
                    piece.has_dot = true;
                    digits = 0;
                    continue;
                case '?':
                    piece.width = kPointerWidth;
                    continue;
                case '@':
                    piece.flags |= kFlagAgg;
                    continue;
                case '\'':
                    piece.flags |= kFlagGroup;
                    continue;
                case ' ':
                    piece.flags |= kFlagSpace;
                    continue;
                case '$':
                    return {std::nullopt,
                            syntax_error(number, "uses unsupported positional format (%n$)")};
                case '%':
                    if (fmt[p - 1] != '%')
                        return {
                            std::nullopt,
                            syntax_error(number, "cannot be combined with other format flags: %%")};
                    name += c;
                    break;
                case '\0':
                    return {std::nullopt,
                            syntax_error(number, "name expected before end of format string")};
                case 'h':
                case 'l':
                case 'L':
                case 'w':
                    if (name.size() < kMaxSizeLetters) name += c;
                    continue;
                default:
                    name += c;
                    break;
            }
            break;
        }

        piece.conv = find_conversion(name);
        if (!piece.conv) return {std::nullopt, syntax_error(number, "is undefined: %" + name)};
        out.pieces.push_back(std::move(piece));
        q = p + 1;
    }

    if (q < fmt.size() || fmt.empty()) {
        FormatPiece tail;
        tail.prefix = fmt.substr(q);
        out.pieces.push_back(std::move(tail));
    }
    return {std::move(out), std::nullopt};
}

}  // namespace bdtrace::formats
