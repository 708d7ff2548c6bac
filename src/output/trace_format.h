// trace() and tracemem() output, and the byte dump DTrace prints for data that is not a number
// or a string (dt_consume.c: the record loop, dt_print_bytes, dt_print_rawbytes).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "output/value.h"

namespace bdtrace::output {

// Classic: illumos/FreeBSD and DTrace for Linux 1.x. Integers print in 3/5/8/16 columns by
// size after one space; the value is read as uint8/uint16 for 1 and 2 bytes (so (char)-1 is
// 255) and as int32/int64 for 4 and 8 (so 0xffffffff is -1, and a uint64_t prints signed).
// Strings and other records go through the printable-text test of dt_print_bytes.
// Oracle: dtrace-utils 2.x. Integers follow their type's signedness in 3/5/10/19 columns
// (20 for unsigned 64-bit); D strings always print as text (even empty ones); rawbytes dumps
// every record, numbers included.
enum class TraceStyle { Classic, Oracle };

struct TraceOptions {
    bool quiet = false;     // -q: no padding
    bool rawbytes = false;  // -x rawbytes: dump bytes instead of printing them as text
    TraceStyle style = TraceStyle::Classic;
    int stack_indent = 14;  // -x stackindent, for stack values
};

// What trace(v) prints for one record (the probe line and the newline closing the firing are
// printed by the probe-line printer).
std::string format_trace(const Value& v, const TraceOptions& options = {});

// dt_print_bytes: printable bytes followed by nothing but NULs, or printable bytes filling the
// record, print as text ("%s" in quiet mode when NUL-terminated; else two blanks and the text
// left-aligned in |width| columns); anything else prints as a dump. rawbytes forces the dump.
std::string format_bytes(std::string_view bytes, int width, bool quiet, bool rawbytes);

// The hex and ASCII dump: a newline, a column header, then 16 bytes a line with the offset in
// hex. Nothing at all for zero bytes.
std::string format_rawbytes(std::string_view bytes);

// tracemem(addr, nbytes[, dbytes]): always the dump; a dynamic size limits it when it is
// smaller than nbytes.
std::string format_tracemem(std::string_view bytes, int64_t dynamic_size = -1);

// sym(), mod(), usym(), umod(), uaddr() as trace() prints them: two blanks, then the name
// left-aligned in 50 columns.
std::string format_symbol_field(std::string_view name);

}  // namespace bdtrace::output
