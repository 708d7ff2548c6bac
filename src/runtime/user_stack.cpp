#include "runtime/user_stack.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace bdtrace::runtime {

namespace {

uint64_t word(const uint8_t* p, size_t i) {
    uint64_t v;
    std::memcpy(&v, p + 8 * i, 8);
    return v;
}

std::string hex(uint64_t v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

}  // namespace

output::FormatContext::UserName user_name_of(const codegen::Field& f) {
    using UN = output::FormatContext::UserName;
    switch (f.usym) {
        case sema::Type::UserSym::Mod: return UN::Mod;
        case sema::Type::UserSym::Addr: return UN::Addr;
        default: return UN::Func;
    }
}

output::Value user_stack_value(const codegen::Field& f, const uint8_t* data, const output::FormatContext& ctx) {
    std::vector<std::string> frames;
    if (f.size < 16) return output::Value::stack(frames);
    uint64_t pid = word(data, 0);
    int64_t bytes = static_cast<int64_t>(word(data, 1));
    uint64_t n = bytes > 0 ? static_cast<uint64_t>(bytes) / 8 : 0;
    n = std::min<uint64_t>(n, std::min<uint64_t>(f.frames, (f.size - 16) / 8));
    for (uint64_t i = 0; i < n; ++i) {
        uint64_t pc = word(data, 2 + i);
        if (pc == 0) break;
        frames.push_back(ctx.user_name ? ctx.user_name(output::FormatContext::UserName::Addr, pid, pc) : hex(pc));
    }
    return output::Value::stack(std::move(frames));
}

output::Value user_symbol_value(const codegen::Field& f, const uint8_t* data, const output::FormatContext& ctx) {
    uint64_t pid = word(data, 0), addr = word(data, 1);
    return output::Value::symbol(ctx.user_name ? ctx.user_name(user_name_of(f), pid, addr) : hex(addr));
}

output::Value user_symbol_address(const uint8_t* data) { return output::Value::user_pointer(word(data, 0), word(data, 1)); }

}  // namespace bdtrace::runtime
