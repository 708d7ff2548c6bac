#include "usdtgen/probe_sites.h"

#include <elf.h>

#include <cstring>

namespace bdtrace::usdtgen {

namespace {

constexpr std::string_view kProbePrefix = "__dtrace_";
constexpr std::string_view kEnabledPrefix = "__dtraceenabled_";

constexpr uint8_t kCall = 0xe8, kJmp = 0xe9, kIndirect = 0xff;
constexpr uint8_t kModrmCallRip = 0x15, kModrmJmpRip = 0x25;  // ff /2 and ff /4, disp32(%rip)
constexpr uint8_t kNop = 0x90, kRet = 0xc3;

// Multi-byte nops (Intel's recommended forms) by length, for the bytes after the probed one.
void fill_nops(uint8_t* p, size_t n) {
    static const uint8_t k2[] = {0x66, 0x90};
    static const uint8_t k3[] = {0x0f, 0x1f, 0x00};
    static const uint8_t k4[] = {0x0f, 0x1f, 0x40, 0x00};
    static const uint8_t k5[] = {0x0f, 0x1f, 0x44, 0x00, 0x00};
    while (n > 0) {
        size_t k = n > 5 ? 5 : n;
        const uint8_t* form = k == 1 ? &kNop : k == 2 ? k2 : k == 3 ? k3 : k == 4 ? k4 : k5;
        std::memcpy(p, form, k);
        p += k;
        n -= k;
    }
}

}  // namespace

std::optional<ProbeSymbol> parse_probe_symbol(std::string_view symbol) {
    ProbeSymbol out;
    if (symbol.substr(0, kEnabledPrefix.size()) == kEnabledPrefix) {
        out.is_enabled = true;
        symbol.remove_prefix(kEnabledPrefix.size());
    } else if (symbol.substr(0, kProbePrefix.size()) == kProbePrefix) {
        symbol.remove_prefix(kProbePrefix.size());
    } else {
        return std::nullopt;
    }
    size_t split = symbol.find("___");
    if (split == std::string_view::npos || split == 0 || split + 3 >= symbol.size()) return std::nullopt;
    out.provider = std::string(symbol.substr(0, split));
    out.c_name = std::string(symbol.substr(split + 3));
    return out;
}

std::string enabled_symbol(const std::string& provider, const std::string& c_name) {
    return std::string(kEnabledPrefix) + provider + "___" + c_name;
}

std::optional<CallSite> call_site_at(const uint8_t* bytes, size_t size, uint64_t reloc_offset,
                                     uint32_t reloc_type) {
    if (reloc_offset + 4 > size) return std::nullopt;
    switch (reloc_type) {
        case R_X86_64_PC32:
        case R_X86_64_PLT32: {
            if (reloc_offset < 1) return std::nullopt;
            uint8_t op = bytes[reloc_offset - 1];
            if (op != kCall && op != kJmp) return std::nullopt;
            return CallSite{reloc_offset - 1, 5, op == kJmp};
        }
        case R_X86_64_GOTPCREL:
        case R_X86_64_GOTPCRELX:
        case R_X86_64_REX_GOTPCRELX: {
            if (reloc_offset < 2 || bytes[reloc_offset - 2] != kIndirect) return std::nullopt;
            uint8_t modrm = bytes[reloc_offset - 1];
            if (modrm != kModrmCallRip && modrm != kModrmJmpRip) return std::nullopt;
            return CallSite{reloc_offset - 2, 6, modrm == kModrmJmpRip};
        }
        default: return std::nullopt;
    }
}

void write_probe_site(uint8_t* bytes, const CallSite& s) {
    uint8_t* p = bytes + s.start;
    p[0] = kNop;
    size_t rest = s.length - 1;
    if (s.tail) {
        p[1] = kRet;
        --rest;
        fill_nops(p + 2, rest);
    } else {
        fill_nops(p + 1, rest);
    }
}

std::string call_arg_specs(size_t n) {
    static const char* const kRegs[] = {"%rdi", "%rsi", "%rdx", "%rcx", "%r8", "%r9"};
    std::string out;
    for (size_t i = 0; i < n; ++i) {
        if (i) out += ' ';
        if (i < 6) out += std::string("8@") + kRegs[i];
        else out += "8@" + std::to_string(8 * (i - 6)) + "(%rsp)";
    }
    return out;
}

}  // namespace bdtrace::usdtgen
