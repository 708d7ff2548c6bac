// One function's machine code as the pid provider needs it, decoded once with Zydis: where its
// instructions start (offset probes), where it returns (return probes, return_sites.h), which
// instructions are 5-byte NOPs (a site some kernels rewrite into a CALL, see docs/safety.md), and
// whether the decode can be trusted at all.
//
// A linear decode from the first byte is what DTrace's pid provider does; it goes wrong when the
// function's bytes are not all instructions (data in code, a symbol size that spans padding or
// other code). A uprobe at an offset that is not really an instruction start would overwrite
// the middle of an instruction (or data) with int3 and change what the program computes, so
// the decode is cross-checked: every direct branch inside the function must land on an
// instruction start (or just past a prefix), and so must every other symbol that starts inside
// it. A decode that fails either check, or runs off the end, is not complete: no offset
// probes, no return sites.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "process/elf_file.h"
#include "process/frame_info.h"

namespace bdtrace::process {

// How an instruction leaves the function (DTrace's return probe sites: illumos's dt_pid
// places them on every ret and on every jump whose target lies outside the function).
enum class ReturnKind : uint8_t {
    Ret,           // ret, ret imm16 (with rep/bnd prefixes)
    Jump,          // jmp rel8/rel32 to outside the function: a tail call
    CondJump,      // jcc to outside the function: a conditional tail call
    IndirectJump,  // jmp *reg / jmp *mem that is not a jump-table dispatch: a tail call
};

struct ReturnSite {
    uint64_t offset = 0;
    ReturnKind kind = ReturnKind::Ret;
};

// Where the function is and which code around it is still its own.
struct FunctionLayout {
    uint64_t start = 0;  // the function's address (any layout: file or process)
    uint64_t size = 0;
    // Other parts of the same function, [start, end) in the same layout: GCC's hot/cold split
    // puts the unlikely paths of `f` in `f.cold`; a jump between the parts is not a return.
    std::vector<std::pair<uint64_t, uint64_t>> parts;
    // Addresses where other symbols start inside [start, start + size): each must be an
    // instruction start of the decode.
    std::vector<uint64_t> anchors;
    // The file's call frame information (null: none): it tells a tail call through a register
    // (the return address at (%rsp)) from a computed goto inside a frame.
    const FrameInfo* frames = nullptr;
};

struct FunctionCode {
    std::vector<uint64_t> insns;       // instruction starts, ascending, from 0
    std::vector<ReturnSite> returns;   // ascending
    std::vector<uint64_t> nop5;        // starts of 5-byte NOPs, ascending
    bool has_ret = false;              // a ret instruction was decoded
    bool complete = true;
    uint64_t stopped_at = 0;           // !complete: the offset the reason is about
    std::string why;                   // !complete: "cannot decode the instruction at offset 0x1c"
    std::string last;                  // the last instruction's mnemonic ("ret", "jmp", "hlt")
    // What the call frame information says of the first instruction: whether the return
    // address is at (%rsp) there (nullopt: no CFI covers it). False for the PLT resolver and
    // _start: they are not entered by a call.
    std::optional<bool> entry_return_address;
    // Where control may arrive other than by falling through, as offsets (sorted, unique): the
    // targets of the direct branches of the function and of its .cold parts that land in it,
    // and the starts of other symbols inside it. Complete only when `landings_known`: the
    // .cold parts decoded, and no indirect jump inside the function (a switch's jump table or
    // a computed goto, whose targets a decode cannot see) or in a .cold part.
    std::vector<uint64_t> landings;
    bool landings_known = true;
    bool has_call = false;   // a call instruction (direct or indirect)
    bool self_call = false;  // a direct call of its own first instruction (recursion)

    bool is_insn(uint64_t off) const;
    bool is_nop5(uint64_t off) const;
    // Whether a landing lies in [from, to] (true when the landings are not known).
    bool lands_in(uint64_t from, uint64_t to) const;
};

FunctionCode decode_function(std::span<const uint8_t> code, const FunctionLayout& layout);

// The layout of `sym` in `elf` (file addresses): its .cold parts and the symbols inside it.
FunctionLayout layout_of(const ElfFile& elf, const ElfSymbol& sym);

// The function's bytes from the file, decoded (an empty, incomplete decode when the bytes are
// not in a file segment).
FunctionCode decode_function(const ElfFile& elf, const ElfSymbol& sym);
// The same with the function's bytes read already (elf.read(sym.value, sym.size)).
FunctionCode decode_function(const ElfFile& elf, const ElfSymbol& sym,
                             std::span<const uint8_t> bytes);

// Whether `code` (at least 5 bytes, or fewer at the end of a buffer) starts with a 5-byte NOP
// (`0f 1f 44 00 00` and the other 5-byte encodings of nop).
bool starts_with_nop5(std::span<const uint8_t> code);

}  // namespace bdtrace::process
