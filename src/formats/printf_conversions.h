// The printf()/printa() conversion dictionary: one row per conversion name DTrace accepts
// (size prefixes included, so "lld" and "hx" are rows of their own), with what argument it
// takes and how its value is printed. The rows and the prototype wordings follow libdtrace's
// table (dt_printf.c) as Oracle's DTrace for Linux ships it; %I and %P, which only illumos
// has, are not rows, so they are "undefined" as on Linux.
#pragma once

#include <string_view>

namespace bdtrace::formats {

// What compile-time check the argument must pass.
enum class ArgCheck {
    KernelAddr,    // %a: pointer, integer or kernel symbol address
    UserAddr,      // %A: _usymaddr, or pointer/integer when -p/-c gave a target
    Addr,          // %p: pointer or integer
    Stack,         // %k: stack(), ustack() or jstack()
    Time,          // %Y %T: an 8-byte integer
    Str,           // %s %S: string or char array
    WStr,          // %ls %ws: wchar_t array
    CharShortInt,  // %c %C: integer of at most 4 bytes
    Float,         // %e %f %g ...: floating point
    Int,           // %u %x %o: any integer
    DInt,          // %d %i: any integer; the conversion follows its signedness
    XShort,        // %hx: short, signed short or unsigned short
    XLong,         // %lx: long, signed long or unsigned long
    XLongLong,     // %llx: long long (or a typedef chain through int64_t/uint64_t)
    Type,          // compatible with the D type named in prototype
};

// How the consumer prints it.
enum class PrintKind {
    SInt,        // signed integer (sizes 1, 2, 4 as int; 8 as long long)
    UInt,        // unsigned integer
    DInt,        // SInt or UInt by the argument's signedness
    Float,       // double (float widened), long double with an "L"
    KernelAddr,  // kernel address to "mod`sym+0xoff" (through the runtime)
    UserAddr,    // user address, likewise
    Stack,       // one frame per line
    Time,        // %Y: "2023 Sep  7 16:49:02"
    Time822,     // %T: RFC 822
    CStr,        // the bytes up to the first NUL
    WStr,        // wide characters
    EscStr,      // %S: C escapes for unprintable bytes
    EscChar,     // %C: one character, escaped like %S
    Percent,     // %%
};

struct ConversionDef {
    std::string_view name;       // as written after the flags: "d", "lld", "hx", "%"
    std::string_view out;        // the C conversion printed with ("d", "x", "s", "lc")
    std::string_view prototype;  // expected argument, as the error messages word it
    ArgCheck check;
    PrintKind print;
};

// The row for a conversion name, or nullptr ("format conversion #N is undefined").
const ConversionDef* find_conversion(std::string_view name);

}  // namespace bdtrace::formats
