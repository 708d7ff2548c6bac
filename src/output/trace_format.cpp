#include "output/trace_format.h"

#include <cctype>

#include "output/cformat.h"
#include "output/printf_render.h"

namespace bdtrace::output {
namespace {

// DTrace's "printable": isprint or isspace in the C locale, plus backspace and bell. Bytes with
// the high bit set are not printable (they are negative chars to libdtrace).
bool printable(char c) {
    auto u = static_cast<unsigned char>(c);
    if (u >= 0x80) return false;
    return std::isprint(u) || std::isspace(u) || c == '\b' || c == '\a';
}

std::string text_field(const std::string& s, int width) {
    return cformat(std::string("  %-*s"), width < 0 ? -width : width, s.c_str());
}

std::string classic_integer(const Value& v, bool quiet) {
    switch (v.size) {
        case 8:
            return cformat(std::string(quiet ? "%lld" : " %16lld"), static_cast<long long>(v.bits));
        case 4:
            return cformat(std::string(quiet ? "%d" : " %8d"),
                           static_cast<int>(static_cast<int32_t>(static_cast<uint32_t>(v.bits))));
        case 2:
            return cformat(std::string(quiet ? "%d" : " %5d"), static_cast<int>(v.bits & 0xffff));
        case 1:
            return cformat(std::string(quiet ? "%d" : " %3d"), static_cast<int>(v.bits & 0xff));
        default:
            return {};
    }
}

std::string oracle_integer(const Value& v, bool quiet) {
    if (v.is_signed) {
        long long s = v.as_signed();
        switch (v.size) {
            case 8:
                return cformat(std::string(quiet ? "%lld" : " %19lld"), s);
            case 4:
                return cformat(std::string(quiet ? "%lld" : " %10lld"), s);
            case 2:
                return cformat(std::string(quiet ? "%lld" : " %5lld"), s);
            case 1:
                return cformat(std::string(quiet ? "%lld" : " %3lld"), s);
            default:
                return {};
        }
    }
    unsigned long long u = v.bits;
    switch (v.size) {
        case 8:
            return cformat(std::string(quiet ? "%llu" : " %20llu"), u);
        case 4:
            return cformat(std::string(quiet ? "%llu" : " %10llu"), u);
        case 2:
            return cformat(std::string(quiet ? "%llu" : " %5llu"), u);
        case 1:
            return cformat(std::string(quiet ? "%llu" : " %3llu"), u);
        default:
            return {};
    }
}

Value bytes_of_integer(const Value& v) {
    std::string b;
    for (uint32_t i = 0; i < v.size && i < 8; ++i)
        b += static_cast<char>((v.bits >> (8 * i)) & 0xff);
    return Value::raw(b);
}

}  // namespace

std::string format_rawbytes(std::string_view c) {
    if (c.empty()) return {};
    constexpr int kMargin = 5;
    std::string out = "\n" + std::string(kMargin, ' ') + "      ";
    for (int i = 0; i < 16; ++i) {
        out += "  ";
        out += "0123456789abcdef"[i];
    }
    out += "  0123456789abcdef\n";
    for (size_t i = 0; i < c.size(); i += 16) {
        out += std::string(kMargin, ' ') + cformat(std::string("%5x:"), static_cast<unsigned>(i));
        size_t j = i;
        for (; j < i + 16 && j < c.size(); ++j)
            out += cformat(std::string(" %02x"),
                           static_cast<unsigned>(static_cast<unsigned char>(c[j])));
        for (; j % 16; ++j) out += "   ";
        out += "  ";
        for (j = i; j < i + 16 && j < c.size(); ++j) {
            auto u = static_cast<unsigned char>(c[j]);
            out += (u < ' ' || u > '~') ? '.' : c[j];
        }
        out += '\n';
    }
    return out;
}

std::string format_bytes(std::string_view c, int width, bool quiet, bool rawbytes) {
    if (c.empty()) return {};
    if (rawbytes) return format_rawbytes(c);

    size_t i = 0;
    for (; i < c.size(); ++i) {
        if (printable(c[i])) continue;
        if (c[i] == '\0' && i > 0) {
            // Printable text, then a NUL: a string if only NULs follow.
            size_t j = i + 1;
            while (j < c.size() && c[j] == '\0') ++j;
            if (j != c.size()) break;
            std::string s(c.substr(0, i));
            if (quiet) return s;
            if (width < 0) return text_field(s, width);
            return cformat(std::string(" %*s"), width, s.c_str());
        }
        break;
    }
    // Printable to the end without a NUL: still text, padded even in quiet mode.
    if (i == c.size()) return text_field(std::string(c), width);
    return format_rawbytes(c);
}

std::string format_tracemem(std::string_view bytes, int64_t dynamic_size) {
    if (dynamic_size >= 0 && static_cast<uint64_t>(dynamic_size) < bytes.size())
        bytes = bytes.substr(0, static_cast<size_t>(dynamic_size));
    return format_rawbytes(bytes);
}

std::string format_symbol_field(std::string_view name) {
    return cformat(std::string("  %-50s"), std::string(name).c_str());
}

std::string format_trace(const Value& v, const TraceOptions& o) {
    switch (v.kind) {
        case Value::Kind::Verbatim:
            return v.text;
        case Value::Kind::Symbol:
            return format_symbol_field(v.text);
        case Value::Kind::Stack:
            return format_stack(v.frames, o.stack_indent);
        case Value::Kind::Integer:
        case Value::Kind::Float:
            if (v.size != 1 && v.size != 2 && v.size != 4 && v.size != 8) break;
            if (o.style == TraceStyle::Classic) return classic_integer(v, o.quiet);
            if (o.rawbytes) return format_rawbytes(bytes_of_integer(v).bytes);
            return oracle_integer(v, o.quiet);
        case Value::Kind::Bytes:
            if (o.style == TraceStyle::Oracle && v.is_string && !o.rawbytes) {
                std::string s = v.bytes.substr(0, v.bytes.find('\0'));
                return o.quiet ? s : text_field(s, 33);
            }
            return format_bytes(v.bytes, -33, o.quiet, o.rawbytes);
    }
    return format_bytes(bytes_of_integer(v).bytes, -33, o.quiet, o.rawbytes);
}

}  // namespace bdtrace::output
