// Unwind tables for BPF: an ELF file's call frame information (.eh_frame, as libdw reads it)
// flattened into one sorted row per address range, each row a rule a BPF program applies in a
// few instructions (codegen/gen_unwind.cpp). x86-64 code needs few kinds of rule: the CFA is
// rsp or rbp plus a constant, the return address is at CFA - 8, rbp is unchanged or saved at a
// CFA-relative slot; PLT entries have one well-known expression. Anything else (signal frames,
// hand-written assembly with DWARF expressions) is a rule the BPF unwinder stops at.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace bdtrace::process {

// A row's rule word (CfiRow::rule): bits 0-2 the CFA kind, bits 3-4 rbp's, bits 5-12 rbp's
// save slot as -offset/8 from the CFA, bits 13-31 the CFA's offset from its register.
enum class CfaKind : uint32_t {
    None = 0,         // no CFI here: the unwinder follows the frame pointer
    Rsp = 1,          // CFA = rsp + offset
    Rbp = 2,          // CFA = rbp + offset
    Plt = 3,          // a PLT entry: CFA = rsp + 8, + 8 more past the entry's push (rip & 15 >= 11)
    Outermost = 4,    // the return address is undefined: the stack ends here (_start)
    Unsupported = 5,  // a rule the BPF unwinder does not apply: the stack ends here
};
enum class RbpKind : uint32_t { Same = 0, Saved = 1, Undefined = 2 };

inline constexpr uint32_t kCfaOffsetShift = 13;
inline constexpr uint32_t kCfaOffsetMax = (1u << (32 - kCfaOffsetShift)) - 1;

uint32_t cfi_rule(CfaKind cfa, uint32_t cfa_offset, RbpKind rbp = RbpKind::Same, uint32_t rbp_slot = 0);
CfaKind cfi_cfa_kind(uint32_t rule);
uint32_t cfi_cfa_offset(uint32_t rule);
RbpKind cfi_rbp_kind(uint32_t rule);
uint32_t cfi_rbp_slot(uint32_t rule);  // rbp is at CFA - 8 * slot

struct CfiRow {
    uint32_t start;  // the first virtual address (in the file's layout) the rule covers
    uint32_t rule;
};

struct LoadSegment {  // a PT_LOAD program header
    uint64_t offset = 0, vaddr = 0, filesz = 0;
};

struct CfiTable {
    std::vector<CfiRow> rows;  // sorted by start; a rule holds up to the next row
    std::vector<LoadSegment> segments;
    // The file offset `offset` of a mapping starting at `start`: the bias to subtract from an
    // address of the mapping to get the file's virtual address; nullopt outside every segment.
    std::optional<uint64_t> bias(uint64_t start, uint64_t offset) const;
};

// The table of the ELF file at `path` (null when it cannot be read; empty rows when it has no
// .eh_frame_hdr). Rows that repeat the rule before them are left out.
std::shared_ptr<const CfiTable> build_cfi_table(const std::string& path);
// The same from an ELF image in memory (the vDSO, which is no file).
std::shared_ptr<const CfiTable> build_cfi_table(std::span<const uint8_t> image);

}  // namespace bdtrace::process
