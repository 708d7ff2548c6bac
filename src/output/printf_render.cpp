// The run-time half of printf: for each piece, the literal text, then the conversion rebuilt as
// a C format from its flags, width and precision (a '*' width taken from the record; a
// negative one means left-aligned) and printed with the value the record holds. Integers are
// widened from their size the way libdtrace does (int for 1-4 bytes, long long for 8), so
// "%d" of (char)-1 prints -1 and "%u" of it 255.
#include "output/printf_render.h"

#include <locale.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <cwchar>

#include "output/cformat.h"
#include "output/text_escape.h"

namespace bdtrace::output {
namespace {

constexpr const char* kMismatch = "Data record description does not match data";

// Runs a function with LC_NUMERIC taken from the named locale for this thread only.
class ScopedNumericLocale {
  public:
    explicit ScopedNumericLocale(const char* name) {
        if (!name) return;
        loc_ = newlocale(LC_NUMERIC_MASK, name, static_cast<locale_t>(nullptr));
        if (loc_) old_ = uselocale(loc_);
    }
    ~ScopedNumericLocale() {
        if (!loc_) return;
        uselocale(old_);
        freelocale(loc_);
    }
    ScopedNumericLocale(const ScopedNumericLocale&) = delete;
    ScopedNumericLocale& operator=(const ScopedNumericLocale&) = delete;

  private:
    locale_t loc_ = static_cast<locale_t>(nullptr);
    locale_t old_ = static_cast<locale_t>(nullptr);
};

// dt_printf_getint: a '*' or '.*' value of any integer size, as an int.
bool get_int(const Value& v, int* out) {
    if (v.kind != Value::Kind::Integer) return false;
    if (v.size != 1 && v.size != 2 && v.size != 4 && v.size != 8) return false;
    *out = static_cast<int>(v.as_signed());
    return true;
}

std::string hex_address(uint64_t a) {
    return cformat(std::string("0x%llx"), (unsigned long long)a);
}

std::string c_string(const std::string& bytes) {
    return bytes.substr(0, bytes.find('\0'));
}

// A plain %d, %i, %u, %x or %s (no flags, width or precision), the common case of a flood of
// records: what snprintf would print, without building a format.
bool plain(const std::string& head) { return head.size() == 1; }

template <typename T>
void append_number(std::string* out, T value, int base) {
    char buf[24];
    auto r = std::to_chars(buf, buf + sizeof buf, value, base);
    out->append(buf, r.ptr);
}

bool print_signed(const Value& v, const std::string& head, std::string_view letter,
                  std::string* out) {
    if (v.kind != Value::Kind::Integer) return false;
    if (plain(head) && (letter == "d" || letter == "i") && v.size <= 8 && (v.size & (v.size - 1)) == 0) {
        int64_t x = v.as_signed();
        append_number(out, v.size == 8 ? x : static_cast<int64_t>(static_cast<int>(x)), 10);
        return true;
    }
    switch (v.size) {
        case 1:
        case 2:
        case 4:
            *out += cformat(head + std::string(letter), static_cast<int>(v.as_signed()));
            return true;
        case 8:
            *out +=
                cformat(head + "ll" + std::string(letter), static_cast<long long>(v.as_signed()));
            return true;
        default:
            return false;
    }
}

bool print_unsigned(const Value& v, const std::string& head, std::string_view letter,
                    std::string* out) {
    if (v.kind != Value::Kind::Integer) return false;
    if (plain(head) && (letter == "u" || letter == "x") && v.size <= 8 && (v.size & (v.size - 1)) == 0) {
        uint64_t x = v.size == 8 ? v.bits : static_cast<unsigned>(v.bits);
        append_number(out, x, letter == "x" ? 16 : 10);
        return true;
    }
    switch (v.size) {
        case 1:
        case 2:
        case 4:
            *out += cformat(head + std::string(letter), static_cast<unsigned>(v.bits));
            return true;
        case 8:
            *out +=
                cformat(head + "ll" + std::string(letter), static_cast<unsigned long long>(v.bits));
            return true;
        default:
            return false;
    }
}

bool print_float(const Value& v, const std::string& head, std::string_view letter,
                 std::string* out) {
    if (v.kind != Value::Kind::Float) return false;
    switch (v.size) {
        case 4:
        case 8:
            *out += cformat(head + std::string(letter), static_cast<double>(v.fp));
            return true;
        case 16:
            *out += cformat(head + "L" + std::string(letter), v.fp);
            return true;
        default:
            return false;
    }
}

bool print_string(const std::string& s, const std::string& head, std::string* out) {
    if (plain(head)) {
        out->append(s.c_str());  // up to the first NUL, as %s
        return true;
    }
    *out += cformat(head + "s", s.c_str());
    return true;
}

bool print_wide(const Value& v, const std::string& head, std::string* out) {
    if (v.kind != Value::Kind::Bytes) return false;
    std::wstring ws;
    for (size_t i = 0; i + 4 <= v.bytes.size(); i += 4) {
        uint32_t u = static_cast<unsigned char>(v.bytes[i]) |
                     static_cast<uint32_t>(static_cast<unsigned char>(v.bytes[i + 1])) << 8 |
                     static_cast<uint32_t>(static_cast<unsigned char>(v.bytes[i + 2])) << 16 |
                     static_cast<uint32_t>(static_cast<unsigned char>(v.bytes[i + 3])) << 24;
        if (u == 0) break;
        ws += static_cast<wchar_t>(u);
    }
    *out += cformat(head + "ls", ws.c_str());
    return true;
}

bool print_time(const Value& v, const std::string& head, bool rfc822, std::string* out) {
    if (v.kind != Value::Kind::Integer || v.size != 8) return false;
    return print_string(rfc822 ? format_rfc822(v.bits) : format_walltime(v.bits), head, out);
}

// One conversion with its value. head is "%" plus flags, width and precision.
bool print_value(const formats::FormatPiece& piece, const Value& v, const std::string& head,
                 int width, int dynwidth, const FormatContext& ctx, std::string* out) {
    const formats::ConversionDef& c = *piece.conv;
    if (v.kind == Value::Kind::Verbatim) {
        *out += v.text;
        return true;
    }
    if (v.kind == Value::Kind::Symbol && c.print != formats::PrintKind::Stack)
        return print_string(v.text, head, out);

    switch (c.print) {
        case formats::PrintKind::SInt:
            return print_signed(v, head, c.out, out);
        case formats::PrintKind::UInt:
            return print_unsigned(v, head, c.out, out);
        case formats::PrintKind::DInt:
            if (v.is_signed) return print_signed(v, head, c.out, out);
            return print_unsigned(v, head, "u", out);
        case formats::PrintKind::Float:
            return print_float(v, head, c.out, out);
        case formats::PrintKind::KernelAddr: {
            if (v.kind != Value::Kind::Integer || (v.size != 4 && v.size != 8)) return false;
            std::string s = ctx.kernel_addr ? ctx.kernel_addr(v.bits) : std::string();
            return print_string(s.empty() ? hex_address(v.bits) : s, head, out);
        }
        case formats::PrintKind::UserAddr: {
            if (v.kind != Value::Kind::Integer || (v.size != 4 && v.size != 8)) return false;
            std::string s = ctx.user_addr ? ctx.user_addr(v.pid, v.bits) : std::string();
            return print_string(s.empty() ? hex_address(v.bits) : s, head, out);
        }
        case formats::PrintKind::Stack: {
            if (v.kind != Value::Kind::Stack) return false;
            // A left-aligned %k sets the indentation of the frames instead of a field width.
            int indent = 0;
            if (dynwidth < 0)
                indent = -dynwidth;
            else if (piece.flags & formats::kFlagLeft)
                indent = dynwidth ? dynwidth : width;
            *out += format_stack(v.frames, indent, head + "s");
            return true;
        }
        case formats::PrintKind::Time:
            return print_time(v, head, false, out);
        case formats::PrintKind::Time822:
            return print_time(v, head, true, out);
        case formats::PrintKind::CStr:
            if (v.kind != Value::Kind::Bytes) return false;
            return print_string(c_string(v.bytes), head, out);
        case formats::PrintKind::WStr:
            return print_wide(v, head, out);
        case formats::PrintKind::EscStr:
            if (v.kind != Value::Kind::Bytes) return false;
            // The string's characters, not its terminating NUL (strlen, as DTrace escapes it).
            return print_string(escape_chars(std::string_view(v.bytes).substr(0, v.bytes.find('\0'))), head, out);
        case formats::PrintKind::EscChar: {
            if (v.kind != Value::Kind::Integer || v.size > 4) return false;
            char ch = static_cast<char>(v.bits & 0xff);
            return print_string(escape_chars(std::string_view(&ch, 1)), head, out);
        }
        case formats::PrintKind::Percent:
            *out += '%';
            return true;
    }
    return false;
}

}  // namespace

std::string format_stack(std::span<const std::string> frames, int indent,
                         std::string_view item_format) {
    std::string out = "\n";
    const std::string fmt(item_format);
    for (const auto& f : frames) {
        out.append(static_cast<size_t>(std::max(indent, 0)), ' ');
        out += cformat(fmt, f.c_str());
        out += '\n';
    }
    return out;
}

PrintfOutput format_printf(const formats::CompiledFormat& format, std::span<const Value> args,
                           const FormatContext& ctx, std::span<const Value> agg_values) {
    ScopedNumericLocale numeric(ctx.numeric_locale);
    PrintfOutput r;
    size_t next = 0;
    size_t agg = 0;
    for (const auto& piece : format.pieces) {
        r.text += piece.prefix;
        if (!piece.conv) continue;
        if (piece.conv->print == formats::PrintKind::Percent) {
            r.text += '%';
            continue;
        }

        int width = piece.width;
        int prec = piece.precision;
        int dynwidth = 0;
        if (piece.flags & formats::kFlagDynWidth) {
            if (next >= args.size() || !get_int(args[next++], &width)) {
                r.error = kMismatch;
                return r;
            }
            dynwidth = width;
        }
        if (piece.flags & formats::kFlagDynPrec) {
            if (next >= args.size() || !get_int(args[next++], &prec)) {
                r.error = kMismatch;
                return r;
            }
        }

        const Value* v;
        if (piece.flags & formats::kFlagAgg) {
            if (agg_values.empty()) {
                r.error = kMismatch;
                return r;
            }
            v = &agg_values[std::min(agg++, agg_values.size() - 1)];
        } else {
            if (next >= args.size()) {
                r.error = kMismatch;
                return r;
            }
            v = &args[next++];
        }

        std::string head = "%";
        if (piece.flags & formats::kFlagAlt) head += '#';
        if (piece.flags & formats::kFlagZeroPad) head += '0';
        if (width < 0 || (piece.flags & formats::kFlagLeft)) head += '-';
        if (piece.flags & formats::kFlagPlus) head += '+';
        if (piece.flags & formats::kFlagGroup) head += '\'';
        if (piece.flags & formats::kFlagSpace) head += ' ';
        int field = width;
        if (piece.conv->print == formats::PrintKind::Stack && (piece.flags & formats::kFlagLeft))
            field = 0;
        if (field != 0) head += std::to_string(std::abs(static_cast<long>(field)));
        // A precision of 0 (".0", or a '.*' value of 0 or less) is dropped, as in libdtrace.
        if (prec > 0) head += "." + std::to_string(prec);

        if (!print_value(piece, *v, head, width, dynwidth, ctx, &r.text)) {
            r.error = kMismatch;
            return r;
        }
    }
    return r;
}

}  // namespace bdtrace::output
