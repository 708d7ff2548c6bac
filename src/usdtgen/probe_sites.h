// The probe sites of DTrace's own (illumos/Oracle) sys/sdt.h, as dtrace -G finds and rewrites
// them. That header compiles DTRACE_PROBEn(prov, name, ...) into a call of an undeclared
// function __dtrace_<prov>___<name>(unsigned long...), and DTrace's -h headers test a probe with
// a call of __dtraceenabled_<prov>___<name>(); the object's relocations against those symbols
// are the sites. Only byte and name work here; the ELF editing is object_rewrite.*.
//
// A probe call becomes the same number of bytes: a one-byte `nop` (the probed instruction, as
// SystemTap's sys/sdt.h sites are) followed by a multi-byte nop filling the rest of the call.
// The probed instruction is never a five-byte nop: a uprobe on one may be optimised by the
// kernel (Linux 6.18+) into a call that writes below the stack pointer, into the red zone of
// the function holding it. A tail call (`jmp`) becomes `nop; ret` and padding: the site still
// returns to the caller as the jump's target would have.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace bdtrace::usdtgen {

struct ProbeSymbol {
    bool is_enabled = false;  // __dtraceenabled_... (the probe's is-enabled test)
    std::string provider;
    std::string c_name;  // the probe as the symbol spells it ("query__start")
};

// The parts of "__dtrace_<prov>___<name>" or "__dtraceenabled_<prov>___<name>" (the provider
// ends at the first "___"); nullopt for every other name.
std::optional<ProbeSymbol> parse_probe_symbol(std::string_view symbol);

// The symbol a DTrace header calls to test whether a probe is enabled.
std::string enabled_symbol(const std::string& provider, const std::string& c_name);

struct CallSite {
    size_t start = 0;   // the instruction's offset in its section
    size_t length = 0;  // 5 (call/jmp rel32) or 6 (call/jmp *GOT(%rip))
    bool tail = false;  // a jmp: the call was the function's last act
};

// The call or jump whose operand a relocation of `reloc_type` (R_X86_64_PC32, _PLT32 for rel32;
// _GOTPCREL, _GOTPCRELX, _REX_GOTPCRELX for an indirect call through the GOT) at
// `reloc_offset` patches, in a section's bytes; nullopt when the bytes there are no such
// instruction.
std::optional<CallSite> call_site_at(const uint8_t* bytes, size_t size, uint64_t reloc_offset,
                                     uint32_t reloc_type);

// Overwrites the instruction with the probe site (see above); the site is at `s.start`.
void write_probe_site(uint8_t* bytes, const CallSite& s);

// The note's argument specs for a probe of `n` arguments passed as DTrace's sys/sdt.h passes
// them: unsigned longs, the first six in rdi, rsi, rdx, rcx, r8, r9 and the rest on the stack
// from (%rsp) up, where the call would have found them ("8@%rdi 8@%rsi ... 8@8(%rsp)").
std::string call_arg_specs(size_t n);

}  // namespace bdtrace::usdtgen
