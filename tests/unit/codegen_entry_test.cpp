// The entry function of a program writes only what its kind sets: the floor every firing pays is
// mostly the cache lines it touches, so a profile tick writes its two arguments (the others stay
// zero from the scratch map's creation) and an entry uprobe stores the bytes it lies past the
// function's first instruction only when a clause reads them (uregs[R_PC], ustack()).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "bpf/assembler.h"
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

// The entry function's instructions of the program of `kind`.
std::vector<bpf::Insn> entry_insns(const std::string& text, probes::AttachKind kind) {
    sema::TypeTable types;
    probes::Registry registry;
    frontend::SourceBuffer src("t.d", text);
    DiagnosticList diags;
    frontend::ParseOptions po;
    auto parsed = frontend::parse_program(src, po, diags);
    auto typed = sema::analyze(*parsed.program, types, registry, {}, diags);
    auto ps = codegen::generate(*typed, registry, types, {}, diags);
    std::vector<bpf::Insn> out;
    if (!ps) return out;
    for (const auto& gp : ps->programs) {
        if (gp.kind != kind) continue;
        std::string err;
        auto code = bpf::assemble(*gp.ir, err);
        if (!code) return out;
        const bpf::FunctionInfo& entry = code->functions.at(0);
        out.assign(code->insns.begin() + entry.start, code->insns.begin() + entry.start + entry.count);
    }
    return out;
}

}  // namespace

// The scratch value is this CPU's row of the program (a plain array, key cpu * programs +
// program), not a per-CPU map's value: with three programs, the tick program (the last of
// BEGIN, profile, tick) asks the CPU number and scales it by 3.
TEST(CodegenEntry, ScratchRowIsCpuTimesProgramsPlusSlot) {
    auto insns = entry_insns("BEGIN { } profile-97 { } tick-1s { }\n", probes::AttachKind::Tick);
    ASSERT_FALSE(insns.empty());
    bool cpu_call = false, times_three = false, plus_slot = false;
    for (const auto& in : insns) {
        cpu_call |= in.code == 0x85 && in.imm == 8;                  // call bpf_get_smp_processor_id
        times_three |= in.code == 0x27 && in.imm == 3;               // BPF_ALU64 | BPF_MUL | BPF_K
        plus_slot |= in.code == 0x07 && in.imm > 0 && in.imm < 3;   // BPF_ALU64 | BPF_ADD | BPF_K
    }
    EXPECT_TRUE(cpu_call);
    EXPECT_TRUE(times_three);
    EXPECT_TRUE(plus_slot);
}
