#include "process/usdt_args.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>

#include "arch/x86_64_regs.h"

namespace bdtrace::process {

namespace {

bool fail(std::string* error, std::string_view spec, const char* why) {
    if (error) *error = "bad USDT argument spec '" + std::string(spec) + "': " + why;
    return false;
}

// A C integer as gas writes it: decimal, 0x hex or 0 octal, with an optional sign.
std::optional<int64_t> number(std::string_view s) {
    if (s.empty()) return std::nullopt;
    std::string t(s);
    errno = 0;
    char* end = nullptr;
    bool neg = t[0] == '-';
    const char* start = t.c_str() + (neg || t[0] == '+' ? 1 : 0);
    if (!std::isdigit(static_cast<unsigned char>(*start))) return std::nullopt;
    unsigned long long v = std::strtoull(start, &end, 0);
    if (errno != 0 || *end != '\0') return std::nullopt;
    return neg ? -static_cast<int64_t>(v) : static_cast<int64_t>(v);
}

std::optional<arch::SubRegister> reg_operand(std::string_view s) {
    if (s.size() < 2 || s[0] != '%') return std::nullopt;
    return arch::register_by_name(s.substr(1));
}

bool symbol_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$'; }

// gas's displacement: terms joined by + and -, numbers and at most one symbol added (g,
// g+8, 8+arr, -24).
bool displacement(std::string_view d, UsdtArg& a) {
    size_t i = 0;
    bool first = true;
    while (i < d.size()) {
        bool neg = false;
        if (d[i] == '+' || d[i] == '-') {
            neg = d[i] == '-';
            ++i;
        } else if (!first) {
            return false;
        }
        size_t j = i;
        if (j < d.size() && std::isdigit(static_cast<unsigned char>(d[j]))) {
            while (j < d.size() && std::isalnum(static_cast<unsigned char>(d[j]))) ++j;
            auto v = number(d.substr(i, j - i));
            if (!v) return false;
            a.value += neg ? -*v : *v;
        } else {
            while (j < d.size() && symbol_char(d[j])) ++j;
            if (j == i || neg || !a.symbol.empty()) return false;
            a.symbol = std::string(d.substr(i, j - i));
        }
        i = j;
        first = false;
    }
    return !first;
}

}  // namespace

std::optional<UsdtArg> parse_usdt_arg(std::string_view spec, std::string* error) {
    UsdtArg a;
    a.text = std::string(spec);
    size_t at = spec.find('@');
    // Old sys/sdt.h notes carry a bare operand: a long, by the probe's default.
    std::string_view operand = spec;
    if (at != std::string_view::npos) {
        std::string_view size = spec.substr(0, at);
        if (!size.empty() && size.back() == 'f') {
            a.is_float = true;
            size.remove_suffix(1);
        }
        auto n = number(size);
        if (!n || (*n != 1 && *n != 2 && *n != 4 && *n != 8 && *n != -1 && *n != -2 && *n != -4 && *n != -8)) {
            fail(error, spec, "the size must be 1, 2, 4 or 8, signed or not");
            return std::nullopt;
        }
        a.is_signed = *n < 0 && !a.is_float;
        a.size = static_cast<uint8_t>(*n < 0 ? -*n : *n);
        operand = spec.substr(at + 1);
    } else {
        a.is_signed = true;
    }
    if (operand.empty()) {
        fail(error, spec, "no operand");
        return std::nullopt;
    }
    if (operand[0] == '$') {
        auto v = number(operand.substr(1));
        if (!v) {
            fail(error, spec, "a constant must be a number");
            return std::nullopt;
        }
        a.kind = UsdtArg::Kind::Const;
        a.value = *v;
        return a;
    }
    if (operand[0] == '%') {
        auto r = reg_operand(operand);
        if (!r || r->offset == arch::kRip) {
            fail(error, spec, "unknown register");
            return std::nullopt;
        }
        a.kind = UsdtArg::Kind::Reg;
        a.base = r->offset;
        a.shift = r->shift;
        // A sub-register holds no more than its width, whatever the size says.
        if (r->width < a.size) a.size = r->width;
        return a;
    }
    // Memory: [disp](base[,index[,scale]]), disp = number, symbol, or symbol+/-number.
    a.kind = UsdtArg::Kind::Mem;
    size_t open = operand.find('(');
    std::string_view disp = operand.substr(0, open);
    if (!disp.empty() && !displacement(disp, a)) {
        fail(error, spec, "bad displacement");
        return std::nullopt;
    }
    if (open == std::string_view::npos) {
        // An absolute address.
        if (!a.symbol.empty() || disp.empty()) {
            fail(error, spec, "bad operand");
            return std::nullopt;
        }
        return a;
    }
    if (operand.back() != ')') {
        fail(error, spec, "unbalanced parenthesis");
        return std::nullopt;
    }
    std::string_view inner = operand.substr(open + 1, operand.size() - open - 2);
    std::string_view parts[3];
    size_t count = 0;
    while (count < 3) {
        size_t comma = inner.find(',');
        parts[count++] = inner.substr(0, comma);
        if (comma == std::string_view::npos) {
            inner = {};
            break;
        }
        inner = inner.substr(comma + 1);
    }
    if (!inner.empty()) {
        fail(error, spec, "too many operands in the address");
        return std::nullopt;
    }
    if (!parts[0].empty()) {
        auto r = reg_operand(parts[0]);
        if (!r || r->width < 4 || r->shift) {
            fail(error, spec, "bad base register");
            return std::nullopt;
        }
        a.base = r->offset;
        a.rip = r->offset == arch::kRip;
    }
    if (count >= 2) {
        auto r = reg_operand(parts[1]);
        if (!r || r->width < 4 || r->shift || r->offset == arch::kRip || a.rip) {
            fail(error, spec, "bad index register");
            return std::nullopt;
        }
        a.index = r->offset;
        if (count == 3) {
            auto s = number(parts[2]);
            if (!s || (*s != 1 && *s != 2 && *s != 4 && *s != 8)) {
                fail(error, spec, "the scale must be 1, 2, 4 or 8");
                return std::nullopt;
            }
            a.scale = static_cast<uint8_t>(*s);
        }
    }
    if (a.base < 0 && a.index < 0) {
        fail(error, spec, "no register in the address");
        return std::nullopt;
    }
    if (!a.symbol.empty() && !a.rip) {
        fail(error, spec, "a symbol is only understood relative to %rip");
        return std::nullopt;
    }
    return a;
}

std::optional<std::vector<UsdtArg>> parse_usdt_args(std::string_view specs, std::string* error) {
    std::vector<UsdtArg> out;
    size_t i = 0;
    while (i < specs.size()) {
        while (i < specs.size() && specs[i] == ' ') ++i;
        if (i >= specs.size()) break;
        size_t end = specs.find(' ', i);
        if (end == std::string_view::npos) end = specs.size();
        auto a = parse_usdt_arg(specs.substr(i, end - i), error);
        if (!a) return std::nullopt;
        out.push_back(std::move(*a));
        i = end;
    }
    if (out.size() > kUsdtMaxArgs) {
        if (error) *error = "more than 12 USDT arguments";
        return std::nullopt;
    }
    return out;
}

}  // namespace bdtrace::process
