// Compile-time checking of printf()-like arguments against a compiled format, with libdtrace's
// diagnostics (dt_printf_validate): too few or too many values, '*' or '.*' values that are not
// integers, values whose type the conversion does not take, and %@ outside printa().
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bdtrace/diagnostic.h"
#include "formats/printf_format.h"

namespace bdtrace::formats {

// What the checks need to know about an argument's D type. The semantic stage fills it in.
struct ArgType {
    enum class Kind {
        Integer,     // any integer or enum type
        Pointer,     // any pointer type
        Float,       // float, double, long double
        String,      // the D string type
        CharArray,   // an array of char / signed char / unsigned char
        WCharArray,  // an array of 32-bit integers (wchar_t)
        Stack,       // the result of stack(), ustack(), jstack()
        SymAddr,     // _symaddr: a kernel address from sym()/func()/mod()
        USymAddr,    // _usymaddr: a user address from usym()/ufunc()/umod()/uaddr()
        Other,       // structs, unions, void, aggregations...
    };
    Kind kind = Kind::Integer;
    uint32_t size = 4;
    bool is_signed = true;
    bool is_char = false;  // Integer: a char type (CTF's "char" encoding)
    std::string name;      // the type as DTrace spells it in messages: "int", "char [16]"
    // Integer: the name after typedefs are resolved ("long", "unsigned short"); empty means
    // the same as name. Used by %hx %lx %llx, which ask for the C type by name.
    std::string base_name;
    // Integer: typedef names from the written type towards the base ("uint64_t", ...).
    std::vector<std::string> typedefs;

    static ArgType integer(std::string name, uint32_t size, bool is_signed,
                           std::string base_name = "");
    static ArgType pointer(std::string name = "void *");
    static ArgType floating(std::string name, uint32_t size);
    static ArgType string();
    static ArgType char_array(uint32_t n, std::string elem = "char");
    static ArgType stack(std::string name = "stack");
    static ArgType other(std::string name);
};

struct PrintfCheckOptions {
    std::string_view function = "printf";  // the action named in messages
    // Number that the first value argument has in messages: printf("%d", x) calls x
    // "argument #2" because the format is argument #1.
    int first_argument_number = 2;
    bool aggregation = false;   // printa(): %@ takes the aggregation's value
    bool exact_length = true;   // extra arguments are an error (printf, not printa)
    bool agg_is_count = false;  // %@ of count() is uint64_t; every other function's int64_t
    bool have_target = false;   // -p or -c given: %A also takes plain pointers and integers
};

// The first problem DTrace would report, or nullopt when the arguments fit the format.
std::optional<Diagnostic> check_printf_args(const CompiledFormat& format,
                                            std::span<const ArgType> args,
                                            const PrintfCheckOptions& options = {});

// printf(x, ...) whose first argument is not a string constant (D_PRINTF_ARG_FMT).
Diagnostic format_not_constant(std::string_view function, std::string_view arg_type);

}  // namespace bdtrace::formats
