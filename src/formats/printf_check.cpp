#include "formats/printf_check.h"

#include <algorithm>
#include <array>

namespace bdtrace::formats {
namespace {

using K = ArgType::Kind;

Diagnostic make(Tag tag, std::string message) {
    Diagnostic d;
    d.tag = tag;
    d.message = std::move(message);
    return d;
}

bool is_integer(const ArgType& t) {
    return t.kind == K::Integer;
}
bool is_pointer(const ArgType& t) {
    return t.kind == K::Pointer;
}

const std::string& resolved(const ArgType& t) {
    return t.base_name.empty() ? t.name : t.base_name;
}

bool resolved_is_one_of(const ArgType& t, std::initializer_list<std::string_view> names) {
    const std::string& n = resolved(t);
    return std::find(names.begin(), names.end(), n) != names.end();
}

// The D types the prototype column names for ArgCheck::Type rows, with what makes an argument
// compatible: same kind, size and signedness (two integer types are compatible when their
// encodings are, as ctf_type_compat has it; so "long long" fits "%ld" on LP64).
struct NamedType {
    std::string_view name;
    K kind;
    uint32_t size;
    bool is_signed;
};
constexpr std::array kNamedTypes = {
    NamedType{"short", K::Integer, 2, true},
    NamedType{"unsigned short", K::Integer, 2, false},
    NamedType{"int", K::Integer, 4, true},
    NamedType{"long", K::Integer, 8, true},
    NamedType{"unsigned long", K::Integer, 8, false},
    NamedType{"long long", K::Integer, 8, true},
    NamedType{"unsigned long long", K::Integer, 8, false},
    NamedType{"int64_t", K::Integer, 8, true},
    NamedType{"uint16_t", K::Integer, 2, false},
    NamedType{"long double", K::Float, 16, true},
};

bool compatible_with(const ArgType& t, std::string_view proto) {
    for (const auto& n : kNamedTypes) {
        if (n.name != proto) continue;
        if (t.kind != n.kind || t.size != n.size) return false;
        if (n.kind == K::Integer) return t.is_signed == n.is_signed && !t.is_char;
        return true;
    }
    return false;  // "void" (%%) never takes a value
}

bool passes(const ConversionDef& c, const ArgType& t, const PrintfCheckOptions& o) {
    switch (c.check) {
        case ArgCheck::KernelAddr:
            return is_pointer(t) || is_integer(t) || t.kind == K::SymAddr;
        case ArgCheck::UserAddr:
            if (t.kind == K::USymAddr) return true;
            return o.have_target && (is_pointer(t) || is_integer(t));
        case ArgCheck::Addr:
            return is_pointer(t) || is_integer(t);
        case ArgCheck::Stack:
            return t.kind == K::Stack;
        case ArgCheck::Time:
            return is_integer(t) && t.size == 8;
        case ArgCheck::Str:
            return t.kind == K::String || t.kind == K::CharArray;
        case ArgCheck::WStr:
            return t.kind == K::WCharArray;
        case ArgCheck::CharShortInt:
            return is_integer(t) && t.size <= 4;
        case ArgCheck::Float:
            return t.kind == K::Float;
        case ArgCheck::Int:
        case ArgCheck::DInt:
            return is_integer(t);
        case ArgCheck::XShort:
            return is_integer(t) &&
                   resolved_is_one_of(t, {"short", "signed short", "unsigned short"});
        case ArgCheck::XLong:
            return is_integer(t) && resolved_is_one_of(t, {"long", "signed long", "unsigned long"});
        case ArgCheck::XLongLong:
            if (!is_integer(t)) return false;
            if (resolved_is_one_of(t, {"long long", "signed long long", "unsigned long long"}))
                return true;
            if (t.name == "int64_t" || t.name == "uint64_t") return true;
            return std::any_of(t.typedefs.begin(), t.typedefs.end(), [](const std::string& n) {
                return n == "int64_t" || n == "uint64_t";
            });
        case ArgCheck::Type:
            return compatible_with(t, c.prototype);
    }
    return false;
}

std::string func_prefix(std::string_view function) {
    return std::string(function) + "( ) ";
}

}  // namespace

ArgType ArgType::integer(std::string name, uint32_t size, bool is_signed, std::string base_name) {
    ArgType t;
    t.kind = K::Integer;
    t.size = size;
    t.is_signed = is_signed;
    t.is_char = (base_name.empty() ? name : base_name).find("char") != std::string::npos;
    t.name = std::move(name);
    t.base_name = std::move(base_name);
    return t;
}

ArgType ArgType::pointer(std::string name) {
    ArgType t;
    t.kind = K::Pointer;
    t.size = 8;
    t.is_signed = false;
    t.name = std::move(name);
    return t;
}

ArgType ArgType::floating(std::string name, uint32_t size) {
    ArgType t;
    t.kind = K::Float;
    t.size = size;
    t.name = std::move(name);
    return t;
}

ArgType ArgType::string() {
    ArgType t;
    t.kind = K::String;
    t.size = 256;
    t.name = "string";
    return t;
}

ArgType ArgType::char_array(uint32_t n, std::string elem) {
    ArgType t;
    t.kind = K::CharArray;
    t.size = n;
    t.name = elem + " [" + std::to_string(n) + "]";
    return t;
}

ArgType ArgType::stack(std::string name) {
    ArgType t;
    t.kind = K::Stack;
    t.name = std::move(name);
    return t;
}

ArgType ArgType::other(std::string name) {
    ArgType t;
    t.kind = K::Other;
    t.name = std::move(name);
    return t;
}

std::optional<Diagnostic> check_printf_args(const CompiledFormat& format,
                                            std::span<const ArgType> args,
                                            const PrintfCheckOptions& o) {
    const std::string f = func_prefix(o.function);
    if (format.source.empty()) return make("D_PRINTF_FMT_EMPTY", f + "format string is empty");

    ArgType agg_type = o.agg_is_count ? ArgType::integer("uint64_t", 8, false, "unsigned long")
                                      : ArgType::integer("int64_t", 8, true, "long");
    size_t next = 0;  // the next argument to consume
    int conv_no = 0;
    for (const auto& piece : format.pieces) {
        ++conv_no;
        if (!piece.conv) continue;
        const ConversionDef& c = *piece.conv;
        if (c.print == PrintKind::Percent) continue;

        // DTrace reads '*' before '.*' whatever their order in the format.
        std::vector<const char*> dyn;
        if (piece.flags & kFlagDynWidth) dyn.push_back("*");
        if (piece.flags & kFlagDynPrec) dyn.push_back(".*");
        for (const char* d : dyn) {
            if (next >= args.size()) {
                return make("D_PRINTF_DYN_PROTO",
                            f + "prototype mismatch: conversion #" + std::to_string(conv_no) +
                                " (%" + std::string(c.name) + ") is missing a corresponding \"" +
                                d + "\" argument");
            }
            const ArgType& a = args[next];
            if (!is_integer(a)) {
                return make("D_PRINTF_DYN_TYPE",
                            f + "argument #" + std::to_string(o.first_argument_number + next) +
                                " is incompatible with conversion #" + std::to_string(conv_no) +
                                " prototype:\n\tconversion: % " + d + " " + std::string(c.name) +
                                "\n\t prototype: int\n\t  argument: " + a.name);
            }
            ++next;
        }

        const ArgType* value;
        std::string what;
        if (piece.flags & kFlagAgg) {
            if (!o.aggregation) {
                return make("D_PRINTF_AGG_CONV",
                            "%@ conversion requires an aggregation and is not for use with " +
                                std::string(o.function) + "( )");
            }
            what = "aggregating action";
            value = &agg_type;
        } else if (next >= args.size()) {
            return make("D_PRINTF_ARG_PROTO",
                        f + "prototype mismatch: conversion #" + std::to_string(conv_no) + " (%" +
                            std::string(c.name) + ") is missing a corresponding value argument");
        } else {
            what = "argument #" + std::to_string(o.first_argument_number + next);
            value = &args[next++];
        }

        if (!passes(c, *value, o)) {
            return make("D_PRINTF_ARG_TYPE",
                        f + what + " is incompatible with conversion #" + std::to_string(conv_no) +
                            " prototype:\n\tconversion: %" + std::string(c.name) +
                            "\n\t prototype: " + std::string(c.prototype) +
                            "\n\t  argument: " + value->name);
        }
    }

    if (o.exact_length && next < args.size()) {
        return make("D_PRINTF_ARG_EXTRA", f + "prototype mismatch: only " + std::to_string(next) +
                                              " arguments required by this format string");
    }
    return std::nullopt;
}

Diagnostic format_not_constant(std::string_view function, std::string_view arg_type) {
    return make("D_PRINTF_ARG_FMT", func_prefix(function) +
                                        "argument #1 is incompatible with prototype:\n\tprototype: "
                                        "string constant\n\t argument: " +
                                        std::string(arg_type));
}

}  // namespace bdtrace::formats
