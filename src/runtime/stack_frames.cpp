#include "runtime/stack_frames.h"

#include <cstdio>
#include <cstring>
#include <vector>

namespace bdtrace::runtime {

output::Value kernel_stack_value(const uint8_t* data, uint32_t size,
                                 const std::function<std::string(uint64_t)>& describe) {
    int64_t bytes = 0;
    if (size >= 8) std::memcpy(&bytes, data, 8);
    std::vector<std::string> frames;
    for (int64_t i = 0; bytes > 0 && i < bytes / 8 && 8 + 8 * (i + 1) <= size; ++i) {
        uint64_t pc;
        std::memcpy(&pc, data + 8 + 8 * i, 8);
        std::string name = describe ? describe(pc) : std::string();
        if (name.empty()) {
            char buf[32];
            std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(pc));
            name = buf;
        }
        frames.push_back(std::move(name));
    }
    return output::Value::stack(std::move(frames));
}

}  // namespace bdtrace::runtime
