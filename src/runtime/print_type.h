// print(): a recorded value laid out by its D type, as illumos DTrace's print() action prints it
// (in the style of MDB's ::print -tn): the type name, then the value; integers and pointers in
// hexadecimal, chars quoted, char arrays holding a string as a string, struct and union members
// one per line, indented by four spaces a level, with their types and names:
//
//     struct foo {
//         int a = 0x1
//         char name[4] = [ "abc" ]
//     }
//
// (Oracle's DTrace lays print() out differently; bdtrace follows illumos.)
#pragma once

#include <string>
#include <string_view>

#include "sema/types.h"

namespace bdtrace::runtime {

// `bytes` holds the value of type `t` as it lies in memory (little-endian).
std::string format_print(const sema::Type& t, std::string_view bytes);

}  // namespace bdtrace::runtime
