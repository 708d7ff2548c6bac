// The entry function of a program writes only what its kind sets: the floor every firing pays is
// mostly the cache lines it touches, so a profile tick writes its two arguments (the others stay
// zero from the scratch map's creation) and an entry uprobe stores the bytes it lies past the
// function's first instruction only when a clause reads them (uregs[R_PC], ustack()).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "bpf/assembler.h"
#include "bpf/insn.h"
#include "codegen/abi.h"
#include "codegen/codegen.h"
#include "frontend/parse.h"
#include "probes/probe.h"
#include "sema/sema.h"

using namespace bdtrace;

namespace {

// The offsets of the 8-byte stores of an immediate in the entry function of the program of `kind`.
std::vector<int16_t> entry_immediate_stores(const std::string& text, probes::AttachKind kind) {
    sema::TypeTable types;
    probes::Registry registry;
    frontend::SourceBuffer src("t.d", text);
    DiagnosticList diags;
    frontend::ParseOptions po;
    auto parsed = frontend::parse_program(src, po, diags);
    EXPECT_FALSE(diags.has_errors());
    auto typed = sema::analyze(*parsed.program, types, registry, {}, diags);
    EXPECT_FALSE(diags.has_errors());
    auto ps = codegen::generate(*typed, registry, types, {}, diags);
    EXPECT_TRUE(ps);
    std::vector<int16_t> offs;
    if (!ps) return offs;
    for (const auto& gp : ps->programs) {
        if (gp.kind != kind) continue;
        std::string err;
        auto code = bpf::assemble(*gp.ir, err);
        EXPECT_TRUE(code) << err;
        if (!code) return offs;
        const bpf::FunctionInfo& entry = code->functions.at(0);
        for (uint32_t i = entry.start; i < entry.start + entry.count; ++i)
            if (code->insns[i].code == 0x7a) offs.push_back(code->insns[i].off);  // BPF_ST | BPF_MEM | BPF_DW
    }
    return offs;
}

int count_in(const std::vector<int16_t>& offs, int lo, int hi) {
    int n = 0;
    for (int16_t o : offs) n += o >= lo && o < hi;
    return n;
}

}  // namespace

TEST(CodegenEntry, ProfileWritesOnlyItsTwoArguments) {
    auto offs = entry_immediate_stores("profile-4999 /0/ { }\n", probes::AttachKind::Profile);
    // arg2..arg9 are not written at every tick.
    EXPECT_EQ(count_in(offs, codegen::abi::kScratchArgs + 16, codegen::abi::kScratchArgs + 80), 0);
    // The timestamp is reset, and whichever of arg0 (kernel pc) and arg1 (user pc) is not set is 0.
    EXPECT_EQ(count_in(offs, codegen::abi::kScratchTimestamp, codegen::abi::kScratchTimestamp + 8), 1);
    EXPECT_EQ(count_in(offs, codegen::abi::kScratchArgs, codegen::abi::kScratchArgs + 16), 2);
}

TEST(CodegenEntry, BeginStillZeroesEveryArgument) {
    auto offs = entry_immediate_stores("BEGIN { trace(arg3); }\n", probes::AttachKind::Begin);
    EXPECT_EQ(count_in(offs, codegen::abi::kScratchArgs, codegen::abi::kScratchArgs + 80), 10);
}

namespace {

// The entry function's instructions, and the helpers the program calls anywhere.
struct EntryCode {
    std::vector<bpf::Insn> entry;
    std::vector<int32_t> helpers;
    size_t programs = 0;
};

EntryCode entry_code(const std::string& text, probes::AttachKind kind) {
    sema::TypeTable types;
    probes::Registry registry;
    frontend::SourceBuffer src("t.d", text);
    DiagnosticList diags;
    frontend::ParseOptions po;
    auto parsed = frontend::parse_program(src, po, diags);
    auto typed = sema::analyze(*parsed.program, types, registry, {}, diags);
    EXPECT_FALSE(diags.has_errors());
    auto ps = codegen::generate(*typed, registry, types, {}, diags);
    EntryCode out;
    if (!ps) return out;
    for (const auto& gp : ps->programs) {
        ++out.programs;
        if (gp.kind != kind) continue;
        std::string err;
        auto code = bpf::assemble(*gp.ir, err);
        EXPECT_TRUE(code) << err;
        if (!code) return out;
        const bpf::FunctionInfo& entry = code->functions.at(0);
        out.entry.assign(code->insns.begin() + entry.start, code->insns.begin() + entry.start + entry.count);
        for (const auto& i : code->insns)
            if (i.code == 0x85 && i.src == 0) out.helpers.push_back(i.imm);  // BPF_JMP | BPF_CALL, a helper
    }
    return out;
}

bool loads_map_value(const std::vector<bpf::Insn>& insns) {
    for (const auto& i : insns)
        if (i.code == 0x18 && i.src == bpf::kPseudoMapValue) return true;
    return false;
}

}  // namespace

// A hot program checks its CPU's activity word in its scratch area, on the page the firing
// writes anyway, and never reads the State map's (one page walk less per firing on a kernel
// whose entries flush the TLB).
TEST(CodegenEntry, ProfileChecksTheScratchActivityNotTheStateMap) {
    EntryCode c = entry_code("profile-4999 /0/ { }\n", probes::AttachKind::Profile);
    ASSERT_FALSE(c.entry.empty());
    EXPECT_FALSE(loads_map_value(c.entry));
    bool reads_word = false;
    for (const auto& i : c.entry)  // BPF_LDX | BPF_MEM | BPF_W at the activity word
        reads_word |= i.code == 0x61 && i.off == codegen::abi::kScratchActivity;
    EXPECT_TRUE(reads_word);
}

// The words are opened by BEGIN's program and closed by END's, so both exist whenever another
// program does, with or without clauses; exit() writes every CPU's words (bpf_loop).
TEST(CodegenEntry, BeginAndEndProgramsOpenAndCloseTheActivityWords) {
    EntryCode begin = entry_code("profile-4999 /0/ { }\n", probes::AttachKind::Begin);
    EXPECT_EQ(begin.programs, 3u);  // profile, BEGIN, END
    EXPECT_TRUE(loads_map_value(begin.entry));  // BEGIN checks the State map's word
    EXPECT_NE(std::find(begin.helpers.begin(), begin.helpers.end(), 181), begin.helpers.end());  // bpf_loop
    EntryCode end = entry_code("profile-4999 /0/ { }\n", probes::AttachKind::End);
    EXPECT_NE(std::find(end.helpers.begin(), end.helpers.end(), 181), end.helpers.end());
    EntryCode ex = entry_code("profile-4999 { exit(0); }\n", probes::AttachKind::Profile);
    EXPECT_NE(std::find(ex.helpers.begin(), ex.helpers.end(), 195), ex.helpers.end());  // lookup_percpu_elem
    // A program of BEGIN alone needs neither words nor END.
    EXPECT_EQ(entry_code("BEGIN { exit(0); }\n", probes::AttachKind::Begin).programs, 1u);
}
