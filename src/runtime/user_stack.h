// Recorded user stacks and user symbols (gen_subr_ustack.cpp's layouts) as the values the output
// engine prints: frames and names from the process's address space (process/user_symbols.h).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "codegen/program_set.h"
#include "output/printf_render.h"
#include "output/value.h"

namespace bdtrace::runtime {

// Where a datum's unwinding tail is when it shares another's (Field::tail): its bytes and how
// many the record has from there.
struct SharedTail {
    const uint8_t* data = nullptr;
    size_t size = 0;
};

// A UStack datum (pid, byte count, PCs[, the unwinding tail]) as a stack of named frames; it
// ends at the first zero PC, as DTrace's does. The datum's size is f.size.
output::Value user_stack_value(const codegen::Field& f, const uint8_t* data, const output::FormatContext& ctx,
                               SharedTail shared = {});

// The same datum's process id and PCs: the frame-pointer walk's, or with f.unwind the stack
// unwound from the registers and stack bytes that follow them (or are at `shared`).
std::pair<uint64_t, std::vector<uint64_t>> user_stack_pcs(const codegen::Field& f, const uint8_t* data,
                                                          const output::FormatContext& ctx, SharedTail shared = {});

// A USym datum (pid, address) as trace() and aggregation keys print it: the function
// (ufunc/usym), the module (umod) or the function and offset (uaddr).
output::Value user_symbol_value(const codegen::Field& f, const uint8_t* data, const output::FormatContext& ctx);

// The same datum as a printf() argument: the address, with its process for %A.
output::Value user_symbol_address(const uint8_t* data);

// Which of DTrace's namings a USym field asks for.
output::FormatContext::UserName user_name_of(const codegen::Field& f);

}  // namespace bdtrace::runtime
