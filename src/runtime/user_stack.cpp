#include "runtime/user_stack.h"

#include <cstdio>
#include <algorithm>
#include <cstring>
#include <span>
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

// The stack unwound from the record's registers and stack bytes (after the PCs: ip, sp, bp,
// the byte count, the bytes), where the module's CFI allows; where the walk stops before the
// outermost frame (the copy ends, a module without CFI), the frame-pointer walk goes on from
// the last frame both found.
std::vector<uint64_t> unwound(const codegen::Field& f, uint64_t pid, const uint8_t* data,
                              const std::vector<uint64_t>& fp, const output::FormatContext& ctx, SharedTail shared) {
    const uint8_t* t = shared.data ? shared.data : data + 8 * (2 + f.frames);
    size_t room = shared.data ? shared.size : (f.size >= 8 * (2 + f.frames) ? f.size - 8 * (2 + f.frames) : 0);
    if (!ctx.user_unwind || room < 8 * 4) return fp;
    uint64_t ip = word(t, 0), sp = word(t, 1), bp = word(t, 2);
    uint64_t len = std::min<uint64_t>(word(t, 3), room - 8 * 4);
    auto [pcs, complete] = ctx.user_unwind(pid, ip, sp, bp, std::span(t + 8 * 4, len), f.frames);
    if (pcs.size() < 2 && !complete) return fp;
    if (!complete && pcs.size() < f.frames) {
        for (size_t i = 0; i < fp.size(); ++i) {
            if (fp[i] != pcs.back()) continue;
            for (size_t j = i + 1; j < fp.size() && pcs.size() < f.frames; ++j) pcs.push_back(fp[j]);
            break;
        }
    }
    return pcs;
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

std::pair<uint64_t, std::vector<uint64_t>> user_stack_pcs(const codegen::Field& f, const uint8_t* data,
                                                          const output::FormatContext& ctx, SharedTail shared) {
    std::vector<uint64_t> pcs;
    if (f.size < 16) return {0, pcs};
    uint64_t pid = word(data, 0);
    int64_t bytes = static_cast<int64_t>(word(data, 1));
    uint64_t n = bytes > 0 ? static_cast<uint64_t>(bytes) / 8 : 0;
    n = std::min<uint64_t>(n, std::min<uint64_t>(f.frames, (f.size - 16) / 8));
    for (uint64_t i = 0; i < n; ++i) {
        uint64_t pc = word(data, 2 + i);
        if (pc == 0) break;
        pcs.push_back(pc);
    }
    if (f.unwind) pcs = unwound(f, pid, data, pcs, ctx, shared);
    return {pid, std::move(pcs)};
}

output::Value user_stack_value(const codegen::Field& f, const uint8_t* data, const output::FormatContext& ctx,
                               SharedTail shared) {
    std::vector<std::string> frames;
    auto [pid, pcs] = user_stack_pcs(f, data, ctx, shared);
    for (uint64_t pc : pcs)
        frames.push_back(ctx.user_name ? ctx.user_name(output::FormatContext::UserName::Addr, pid, pc) : hex(pc));
    return output::Value::stack(std::move(frames));
}

output::Value user_symbol_value(const codegen::Field& f, const uint8_t* data, const output::FormatContext& ctx) {
    uint64_t pid = word(data, 0), addr = word(data, 1);
    return output::Value::symbol(ctx.user_name ? ctx.user_name(user_name_of(f), pid, addr) : hex(addr));
}

output::Value user_symbol_address(const uint8_t* data) { return output::Value::user_pointer(word(data, 0), word(data, 1)); }

}  // namespace bdtrace::runtime
