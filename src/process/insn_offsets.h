// The offsets at which a function's x86-64 instructions start, decoded with Zydis from the
// function's first byte: a pid probe at an offset must sit on one of them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace bdtrace::process {

struct InsnOffsets {
    std::vector<uint64_t> offsets;  // ascending, starting with 0
    bool complete = true;           // false: bytes at `stopped_at` did not decode
    uint64_t stopped_at = 0;
};

InsnOffsets instruction_offsets(const uint8_t* code, size_t size);

}  // namespace bdtrace::process
