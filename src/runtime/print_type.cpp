#include "runtime/print_type.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstring>

namespace bdtrace::runtime {

namespace {

using sema::Type;
using sema::TypeKind;

std::string hex(uint64_t v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%#llx", static_cast<unsigned long long>(v));
    return buf;
}

// A value of `size` bytes at byte `at` of the data (missing bytes read as zeros).
uint64_t read(std::string_view bytes, uint64_t at, uint64_t size) {
    uint64_t v = 0;
    for (uint64_t i = 0; i < size && i < 8; ++i)
        if (at + i < bytes.size()) v |= uint64_t{static_cast<uint8_t>(bytes[at + i])} << (8 * i);
    return v;
}

bool is_char(const Type& t) {  // a signed 8-bit character, which print() quotes
    return t.kind == TypeKind::Integer && t.size == 1 && t.is_signed &&
           (t.name == "char" || t.name == "signed char");
}

bool structlike(const Type& t) { return t.kind == TypeKind::Struct || t.kind == TypeKind::Union; }

// One walk over a value: what illumos's dt_printarg_t carries.
struct Walk {
    std::string_view bytes;
    uint64_t base = 0;  // byte offset of the value being walked
    int depth = 0;      // member depth of the last thing printed
    int nest = 0;       // array nesting
    std::string* out;

    void indent(int d) const { out->append(static_cast<size_t>((d + nest) * 4), ' '); }

    void trailing_braces(int to) {
        for (int d = depth; d > to; --d) {
            out->append(static_cast<size_t>(std::max(0, (d + nest - 1) * 4)), ' ');
            *out += "}";
            if (d != to + 1) *out += "\n";
        }
    }

    void integer(const Type& t, uint64_t off_bits, uint32_t bits) {
        uint64_t at = base + off_bits / 8;
        if (bits != t.size * 8 || off_bits % 8) {  // a bit-field
            uint64_t v = read(bytes, at, (bits + off_bits % 8 + 7) / 8) >> (off_bits % 8);
            if (bits < 64) v &= (uint64_t{1} << bits) - 1;
            *out += hex(v);
            return;
        }
        if (is_char(t)) {
            char c = static_cast<char>(read(bytes, at, 1));
            char buf[16];
            if (std::isprint(static_cast<unsigned char>(c))) std::snprintf(buf, sizeof buf, "'%c'", c);
            else if (c == 0) std::snprintf(buf, sizeof buf, "'\\0'");
            else std::snprintf(buf, sizeof buf, "'\\%03o'", static_cast<unsigned>(static_cast<int>(c)));
            *out += buf;
            return;
        }
        *out += hex(read(bytes, at, t.size));
    }

    void floating(const Type& t, uint64_t off_bits) {
        uint64_t at = base + off_bits / 8;
        char buf[64];
        if (t.size == 4) {
            uint32_t raw = static_cast<uint32_t>(read(bytes, at, 4));
            float f;
            std::memcpy(&f, &raw, 4);
            std::snprintf(buf, sizeof buf, "%+.7e", static_cast<double>(f));
        } else if (t.size == 8) {
            uint64_t raw = read(bytes, at, 8);
            double d;
            std::memcpy(&d, &raw, 8);
            std::snprintf(buf, sizeof buf, "%+.7e", d);
        } else {
            std::snprintf(buf, sizeof buf, "<unknown encoding>");
        }
        *out += buf;
    }

    void enumeration(const Type& t, uint64_t off_bits) {
        int64_t v = static_cast<int32_t>(read(bytes, base + off_bits / 8, 4));
        for (const auto& [name, value] : t.enumerators)
            if (value == v) {
                *out += name;
                return;
            }
        *out += std::to_string(v);
    }

    void array(const Type& elt, uint64_t count, uint64_t off_bits) {
        uint64_t at = base + off_bits / 8;
        uint64_t size = elt.size;
        bool isstring = false;
        if (is_char(elt)) {
            uint64_t i = 0;
            char c = 0;
            for (; i < count; ++i) {
                c = static_cast<char>(read(bytes, at + i, 1));
                if (!std::isprint(static_cast<unsigned char>(c)) || c == '\0') break;
            }
            isstring = i != count && c == '\0';
        }
        if (!isstring || depth != 0) *out += "[ ";
        if (isstring) *out += "\"";
        for (uint64_t i = 0; i < count; ++i) {
            if (isstring) {
                char c = static_cast<char>(read(bytes, at + i, 1));
                if (c == '\0') break;
                *out += c;
                continue;
            }
            Walk w{bytes, at + size * i, 0, nest + depth + 1, out};
            w.member("", elt, 0, 0, static_cast<uint32_t>(elt.size * 8));
            w.trailing_braces(0);
            if (i + 1 != count) *out += ", ";
            else if (structlike(elt)) *out += "\n";
        }
        if (isstring) *out += "\"";
        if (!isstring || depth != 0) {
            if (structlike(elt)) indent(depth);
            else *out += " ";
            *out += "]";
        }
    }

    // dt_print_member: one member (or the value itself, unnamed at depth 0), then, for a struct
    // or union, its members one level deeper.
    void member(const std::string& name, const Type& t, uint64_t off_bits, int d, uint32_t bits) {
        trailing_braces(d);
        if (d < depth) *out += "\n";
        depth = d;
        bool arraymember = nest != 0 && d == 0;
        bool brief = arraymember && !structlike(t);
        std::string tname = t.name;
        if (!brief) {
            if (arraymember) *out += "\n";
            indent(depth);
            *out += tname;
            if (!name.empty()) {
                if (!tname.empty() && tname.back() != '*' && tname.back() != ' ') *out += " ";
                *out += name;
                if (t.is_integer() && t.kind == TypeKind::Integer && (bits != t.size * 8 || off_bits % 8))
                    *out += " :" + std::to_string(bits);
                *out += " =";
            }
            *out += " ";
        }
        switch (t.kind) {
            case TypeKind::Integer: integer(t, off_bits, bits); break;
            case TypeKind::Float: floating(t, off_bits); break;
            case TypeKind::Pointer:
            case TypeKind::Function: *out += hex(read(bytes, base + off_bits / 8, 8)); break;
            case TypeKind::Array:
                if (t.target) array(*t.target, t.count, off_bits);
                break;
            case TypeKind::String: {
                static const Type kChar = [] {
                    Type c;
                    c.kind = TypeKind::Integer;
                    c.name = "char";
                    c.size = 1;
                    c.is_signed = true;
                    return c;
                }();
                array(kChar, t.size, off_bits);
                break;
            }
            case TypeKind::Struct:
            case TypeKind::Union: *out += "{"; break;
            case TypeKind::Enum: enumeration(t, off_bits); break;
            case TypeKind::Void: *out += "<forward decl>"; break;
        }
        if (!brief) *out += "\n";
        if (structlike(t) && t.complete)
            for (const auto& m : t.members)
                member(m.name, *m.type, off_bits + m.offset_bits, d + 1,
                       m.bitfield_bits ? m.bitfield_bits : static_cast<uint32_t>(m.type->size * 8));
    }
};

}  // namespace

std::string format_print(const Type& t, std::string_view bytes) {
    std::string out;
    Walk w{bytes, 0, 0, 0, &out};
    w.member("", t, 0, 0, static_cast<uint32_t>(t.size * 8));
    w.trailing_braces(0);
    return out;
}

}  // namespace bdtrace::runtime
