// Printing a compiled format with the values a record carries (dt_printf_format): the consumer
// half of printf(), printa() with a format, system() and freopen().
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "formats/printf_format.h"
#include "output/value.h"

namespace bdtrace::output {

// What the runtime supplies to the formatter; nothing else is looked up.
struct FormatContext {
    // %a: a kernel address as "mod`sym+0xoff" ("mod`sym" at the symbol's start). When unset,
    // or when it returns an empty string, the address prints as "0x<hex>" as DTrace does when
    // the lookup fails.
    std::function<std::string(uint64_t addr)> kernel_addr;
    // %A: a user address in process pid, likewise.
    std::function<std::string(uint64_t pid, uint64_t addr)> user_addr;
    // User addresses as ustack() frames and the user symbol actions name them (DTrace's
    // uaddr2str, dt_print_usym, dt_print_umod: never empty, "0x<hex>" when nothing is known),
    // and the address an aggregation key of ufunc()/usym() (the function's start) or umod()
    // (the module's) is merged on.
    enum class UserName { Addr, Func, Mod };
    std::function<std::string(UserName, uint64_t pid, uint64_t addr)> user_name;
    std::function<uint64_t(UserName, uint64_t pid, uint64_t addr)> user_key;
    // A user stack unwound from the registers and the stack bytes a ustack() record carries:
    // its PCs (at most max), and whether the walk reached the outermost frame.
    std::function<std::pair<std::vector<uint64_t>, bool>(uint64_t pid, uint64_t ip, uint64_t sp, uint64_t bp,
                                                         std::span<const uint8_t> stack, size_t max)>
        user_unwind;
    // %' groups thousands as LC_NUMERIC of this locale says ("en_US.UTF-8"); nullptr keeps the
    // process locale (C unless someone called setlocale, so no grouping).
    const char* numeric_locale = nullptr;
};

struct PrintfOutput {
    std::string text;   // everything printed, up to an error if there was one
    std::string error;  // empty, or why the record did not match the format
    bool ok() const { return error.empty(); }
};

// args: the values of the record, in order, '*' and '.*' values included. agg_values: for
// printa(), the value of each aggregation being printed; the Nth %@ conversion takes the Nth
// value and later ones repeat the last.
PrintfOutput format_printf(const formats::CompiledFormat& format, std::span<const Value> args,
                           const FormatContext& ctx = {}, std::span<const Value> agg_values = {});

// The frames of a stack, one per line after a newline, each indented by indent spaces and
// printed through the C format item_format ("%s" unless a printf width applies).
std::string format_stack(std::span<const std::string> frames, int indent,
                         std::string_view item_format = "%s");

}  // namespace bdtrace::output
