// A recorded kernel stack (the byte count bpf_get_stack returned, then the PCs) as the value the
// output engine prints: one symbolised frame per PC.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "output/value.h"

namespace bdtrace::runtime {

// `data` holds `size` bytes: a u64 byte count, then up to (size - 8) / 8 PCs. `describe` names a
// PC (module`function+0xoff) or returns "" when it cannot; such frames print as 0xPC.
output::Value kernel_stack_value(const uint8_t* data, uint32_t size,
                                 const std::function<std::string(uint64_t)>& describe);

}  // namespace bdtrace::runtime
