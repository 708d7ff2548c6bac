// The assembler: allocates and lowers every function of a Program reachable from the entry,
// lays them out one after another (entry first), resolves BPF-to-BPF call offsets, and returns
// the instructions with what a loader needs next to them: map relocations, function starts and
// stack sizes (for BTF func_info), and the D source line of each instruction.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "bpf/insn.h"
#include "bpf/ir.h"

namespace bdtrace::bpf {

enum class RelocKind : uint8_t {
    MapFd,     // insns[insn].imm = fd
    MapValue,  // insns[insn].imm = fd; insns[insn + 1].imm already holds the value offset
};

struct MapReloc {
    uint32_t insn;  // first half of an LD_IMM64; its imm holds the MapRef until patched
    MapRef map;
    RelocKind kind;
};

struct FunctionInfo {
    FunctionId id;
    std::string name;
    uint32_t params = 0;  // Function::params(), for BTF func_info
    uint32_t start = 0;  // instruction index
    uint32_t count = 0;  // instructions
    uint32_t stack_size = 0;
    uint32_t spill_slots = 0;
};

struct Assembled {
    std::vector<Insn> insns;
    std::vector<MapReloc> relocs;
    std::vector<FunctionInfo> functions;  // layout order; [0] is the entry program
    std::vector<SourceNote> notes;
    std::vector<uint32_t> insn_note;  // per instruction: index + 1 into notes, 0: none
    uint32_t stack_depth = 0;         // deepest chain of frames, as the verifier counts it

    // The D source line an instruction was generated for (the verifier reports failures by
    // instruction index), or null.
    const SourceNote* source_of(uint32_t insn) const;
    // The function an instruction belongs to, or null.
    const FunctionInfo* function_at(uint32_t insn) const;
    // Layout start of a function, or nullopt if it was not emitted (never called).
    std::optional<uint32_t> start_of(FunctionId id) const;
};

// Functions not reachable by calls from the entry are left out: the verifier rejects code it
// cannot reach. Errors name the function: builder misuse, a frame over 512 bytes, a chain of
// calls whose frames add up to more than 512 bytes, recursion, a call of a missing function.
std::optional<Assembled> assemble(const Program& p, std::string& error);

// Replaces MapRefs by file descriptors in the LD_IMM64 instructions that name maps.
void apply_map_fds(std::vector<Insn>& insns, const std::vector<MapReloc>& relocs,
                   const std::function<int(MapRef)>& fd_of);

}  // namespace bdtrace::bpf
