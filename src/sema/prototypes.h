// The prototypes DTrace declares for its tracing (action) and aggregating functions, in its own
// notation: "void(@, size_t, ...)" takes any value, a size_t and then anything; "[int]" is an
// optional parameter. Calls are checked against them as DTrace checks every function call
// (dt_idcook_sign), whether the call is a statement or, wrongly, a value.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace bdtrace::sema {

struct Prototype {
    enum class Kind { Action, Aggregating };
    const char* name;
    Kind kind;
    const char* signature;
};

// The tracing or aggregating function `name`, or null.
const Prototype* find_prototype(std::string_view name);
// Every prototype's name (the call table, check_stmt.cpp).
std::vector<std::string_view> prototype_names();

// A signature's parameters: their types ("@" is any type), the index of "..." (-1 for none)
// and of the first optional "[type]" (-1 for none).
struct Parameters {
    std::vector<std::string> types;
    int varargs = -1;
    int optargs = -1;
};
Parameters parse_signature(std::string_view signature);

// DTrace's words when `argc` arguments do not fit: "trace( ) prototype mismatch: 0 args passed,
// 1 expected"; empty when they fit.
std::string prototype_mismatch(const std::string& name, const Parameters& p, size_t argc);

// "tracing function" or "aggregating function", as DTrace names the kind of an identifier.
const char* kind_name(Prototype::Kind k);

}  // namespace bdtrace::sema
