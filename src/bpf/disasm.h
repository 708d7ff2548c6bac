// Disassembly in the kernel verifier log's notation (kernel/bpf/disasm.c), so a listing from -S
// and a verifier log can be read side by side:
//
//   0: (bf) r6 = r1
//   1: (79) r1 = *(u64 *)(r10 -8)
//   2: (25) if r1 > 0x5 goto pc+3
//   3: (85) call bpf_map_lookup_elem#1
//   4: (18) r1 = map[id:3]
//
// An LD_IMM64 takes two indices and prints once. Maps print as map[id:N] with N the MapRef (or
// the fd once relocated), as bpftool prints kernel map ids. The annotated form adds
// `/* line 3: trace(arg0) */` whenever the D source line changes, and a header per function.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "bpf/assembler.h"
#include "bpf/insn.h"

namespace bdtrace::bpf {

struct DisasmOptions {
    bool opcodes = true;    // "(bf) " before the text, as in the verifier log
    bool annotate = false;  // source line comments and function headers (Assembled only)
    std::function<std::string(int32_t)> kfunc_name;  // name for a kfunc BTF id, if known
};

// The text of instruction `index` (without "N: "); handles the two halves of LD_IMM64.
std::string format_insn(const Insn* insns, size_t count, size_t index,
                        const DisasmOptions& opt = {});

// One line per instruction, "N: (op) text\n".
std::string disassemble(const std::vector<Insn>& insns, const DisasmOptions& opt = {});
std::string disassemble(const Assembled& code, const DisasmOptions& opt = {});

}  // namespace bdtrace::bpf
