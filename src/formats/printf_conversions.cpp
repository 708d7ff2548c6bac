#include "formats/printf_conversions.h"

#include <array>

namespace bdtrace::formats {
namespace {

constexpr std::string_view kAnyInt = "char, short, int, long, or long long";
constexpr std::string_view kCharShortInt = "char, short, or int";
constexpr std::string_view kFloat = "float, double, or long double";
constexpr std::string_view kAddr = "pointer or integer";
constexpr std::string_view kUserAddr =
    "pointer or integer (with -p/-c) or _usymaddr (without -p/-c)";
constexpr std::string_view kStr = "char [] or string (or use stringof)";
constexpr std::string_view kWStr = "wchar_t []";

using A = ArgCheck;
using P = PrintKind;

constexpr std::array kConversions = {
    ConversionDef{"a", "s", kAddr, A::KernelAddr, P::KernelAddr},
    ConversionDef{"A", "s", kUserAddr, A::UserAddr, P::UserAddr},
    ConversionDef{"c", "c", kCharShortInt, A::CharShortInt, P::SInt},
    ConversionDef{"C", "s", kCharShortInt, A::CharShortInt, P::EscChar},
    ConversionDef{"d", "d", kAnyInt, A::DInt, P::DInt},
    ConversionDef{"e", "e", kFloat, A::Float, P::Float},
    ConversionDef{"E", "E", kFloat, A::Float, P::Float},
    ConversionDef{"f", "f", kFloat, A::Float, P::Float},
    ConversionDef{"g", "g", kFloat, A::Float, P::Float},
    ConversionDef{"G", "G", kFloat, A::Float, P::Float},
    ConversionDef{"hd", "d", "short", A::Type, P::SInt},
    ConversionDef{"hi", "i", "short", A::Type, P::SInt},
    ConversionDef{"ho", "o", "unsigned short", A::Type, P::UInt},
    ConversionDef{"hu", "u", "unsigned short", A::Type, P::UInt},
    ConversionDef{"hx", "x", "short", A::XShort, P::UInt},
    ConversionDef{"hX", "X", "short", A::XShort, P::UInt},
    ConversionDef{"i", "i", kAnyInt, A::DInt, P::SInt},  // always signed, as illumos prints it
    ConversionDef{"k", "s", "stack", A::Stack, P::Stack},
    ConversionDef{"lc", "lc", "int", A::Type, P::SInt},
    ConversionDef{"ld", "d", "long", A::Type, P::SInt},
    ConversionDef{"li", "i", "long", A::Type, P::SInt},
    ConversionDef{"lo", "o", "unsigned long", A::Type, P::UInt},
    ConversionDef{"lu", "u", "unsigned long", A::Type, P::UInt},
    ConversionDef{"ls", "ls", kWStr, A::WStr, P::WStr},
    ConversionDef{"lx", "x", "long", A::XLong, P::UInt},
    ConversionDef{"lX", "X", "long", A::XLong, P::UInt},
    ConversionDef{"lld", "d", "long long", A::Type, P::SInt},
    ConversionDef{"lli", "i", "long long", A::Type, P::SInt},
    ConversionDef{"llo", "o", "unsigned long long", A::Type, P::UInt},
    ConversionDef{"llu", "u", "unsigned long long", A::Type, P::UInt},
    ConversionDef{"llx", "x", "long long", A::XLongLong, P::UInt},
    ConversionDef{"llX", "X", "long long", A::XLongLong, P::UInt},
    ConversionDef{"Le", "e", "long double", A::Type, P::Float},
    ConversionDef{"LE", "E", "long double", A::Type, P::Float},
    ConversionDef{"Lf", "f", "long double", A::Type, P::Float},
    ConversionDef{"Lg", "g", "long double", A::Type, P::Float},
    ConversionDef{"LG", "G", "long double", A::Type, P::Float},
    ConversionDef{"o", "o", kAnyInt, A::Int, P::UInt},
    // %p prints plain hex without "0x" (dt_printf.c maps it to %x; Oracle's tst.basics
    // expects "%p = 61").
    ConversionDef{"p", "x", kAddr, A::Addr, P::UInt},
    ConversionDef{"s", "s", kStr, A::Str, P::CStr},
    ConversionDef{"S", "s", kStr, A::Str, P::EscStr},
    ConversionDef{"T", "s", "int64_t", A::Time, P::Time822},
    ConversionDef{"u", "u", kAnyInt, A::Int, P::UInt},
    // glibc has no "w" length modifier, so wide characters print through %lc / %ls.
    ConversionDef{"wc", "lc", "int", A::Type, P::SInt},
    ConversionDef{"ws", "ls", kWStr, A::WStr, P::WStr},
    ConversionDef{"x", "x", kAnyInt, A::Int, P::UInt},
    ConversionDef{"X", "X", kAnyInt, A::Int, P::UInt},
    ConversionDef{"Y", "s", "int64_t", A::Time, P::Time},
    ConversionDef{"%", "%", "void", A::Type, P::Percent},
};

}  // namespace

const ConversionDef* find_conversion(std::string_view name) {
    for (const auto& c : kConversions)
        if (c.name == name) return &c;
    return nullptr;
}

}  // namespace bdtrace::formats
