// The entry function of a program writes only what its kind sets and its clauses read: the
// floor every firing pays is mostly the cache lines it touches and the helpers it calls, so a
// profile tick writes arg0/arg1 only when a clause reads them (the others stay zero from the
// scratch map's creation), a pid entry probe copies only the argument registers its clauses read
// and reads the stack arguments (bpf_probe_read_user) only for arg6..arg9, and an entry uprobe
// stores the bytes it lies past the function's first instruction only when a clause reads them
// (uregs[R_PC], ustack()). A pid firing with no row in the probe table returns before the
// scratch lookup. The pid probes are resolved in this very process, on the function below.
#include <gtest/gtest.h>

#include <unistd.h>

#include <string>
#include <vector>

#include "bpf/assembler.h"
#include "bpf/helpers.h"
#include "codegen/abi.h"
#include "codegen/codegen.h"
#include "frontend/parse.h"
#include "probes/probe.h"
#include "sema/sema.h"

using namespace bdtrace;

extern "C" __attribute__((noinline, used)) long bdtrace_entry_ten(long a0, long a1, long a2,
                                                                  long a3, long a4, long a5,
                                                                  long a6, long a7, long a8,
                                                                  long a9) {
    return a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9;
}

namespace {

// The instructions of the entry function of the program of `kind`.
std::vector<bpf::Insn> entry_insns(const std::string& text, probes::AttachKind kind) {
    sema::TypeTable types;
    probes::Registry registry;
    frontend::SourceBuffer src("t.d", text);
    DiagnosticList diags;
    frontend::ParseOptions po;
    auto parsed = frontend::parse_program(src, po, diags);
    EXPECT_FALSE(diags.has_errors());
    auto typed = sema::analyze(*parsed.program, types, registry, {}, diags);
    EXPECT_FALSE(diags.has_errors()) << (diags.items().empty() ? "" : diags.items()[0].message);
    std::vector<bpf::Insn> out;
    if (!typed) return out;
    auto ps = codegen::generate(*typed, registry, types, {}, diags);
    EXPECT_TRUE(ps);
    if (!ps) return out;
    for (const auto& gp : ps->programs) {
        if (gp.kind != kind) continue;
        std::string err;
        auto code = bpf::assemble(*gp.ir, err);
        EXPECT_TRUE(code) << err;
        if (!code) return out;
        const bpf::FunctionInfo& entry = code->functions.at(0);
        out.assign(code->insns.begin() + entry.start,
                   code->insns.begin() + entry.start + entry.count);
    }
    EXPECT_FALSE(out.empty()) << "no program of the kind";
    return out;
}

// The offsets of the 8-byte stores of an immediate in the entry function of the program of `kind`.
std::vector<int16_t> entry_immediate_stores(const std::string& text, probes::AttachKind kind) {
    std::vector<int16_t> offs;
    for (const bpf::Insn& i : entry_insns(text, kind))
        if (i.code == 0x7a) offs.push_back(i.off);  // BPF_ST | BPF_MEM | BPF_DW
    return offs;
}

// The offsets of every 8-byte store (of an immediate or a register) at a non-negative offset
// (the scratch value's, not the stack's).
std::vector<int16_t> entry_stores(const std::vector<bpf::Insn>& insns) {
    std::vector<int16_t> offs;
    for (const bpf::Insn& i : insns)
        if ((i.code == 0x7a || i.code == 0x7b) && i.off >= 0)
            offs.push_back(i.off);  // BPF_ST/STX | BPF_DW
    return offs;
}

int count_in(const std::vector<int16_t>& offs, int lo, int hi) {
    int n = 0;
    for (int16_t o : offs) n += o >= lo && o < hi;
    return n;
}

// Stores into argN's slot.
int arg_stores(const std::vector<int16_t>& offs, uint32_t n) {
    const int at = codegen::abi::scratch_arg(n);
    return count_in(offs, at, at + 8);
}

// The positions of the calls of helper `id`.
std::vector<size_t> helper_calls(const std::vector<bpf::Insn>& insns, int32_t id) {
    std::vector<size_t> at;
    for (size_t i = 0; i < insns.size(); ++i)
        if (insns[i].code == 0x85 && insns[i].src == 0 && insns[i].imm == id) at.push_back(i);
    return at;
}

std::string pid_probe() {
    return "pid" + std::to_string(getpid()) + ":a.out:bdtrace_entry_ten:";
}

}  // namespace

TEST(CodegenEntry, ProfileWritesNoArgumentNoClauseReads) {
    auto offs = entry_immediate_stores("profile-4999 /0/ { }\n", probes::AttachKind::Profile);
    // The timestamp is reset; no argument is written at every tick.
    EXPECT_EQ(count_in(offs, codegen::abi::kScratchTimestamp, codegen::abi::kScratchTimestamp + 8),
              1);
    auto all = entry_stores(entry_insns("profile-4999 /0/ { }\n", probes::AttachKind::Profile));
    EXPECT_EQ(count_in(all, codegen::abi::kScratchArgs, codegen::abi::kScratchArgs + 80), 0);
}

TEST(CodegenEntry, ProfileWritesTheArgumentsItsClausesRead) {
    // arg1 (the user pc) read by one clause of two: stored on both paths (pc or 0), arg0 never.
    auto all = entry_stores(entry_insns("profile-4999 /0/ { } profile-4999 { trace(arg1); }\n",
                                        probes::AttachKind::Profile));
    EXPECT_EQ(arg_stores(all, 0), 0);
    EXPECT_EQ(arg_stores(all, 1), 2);
    EXPECT_EQ(count_in(all, codegen::abi::kScratchArgs + 16, codegen::abi::kScratchArgs + 80), 0);
    // Read inside a subroutine's argument of a predicate: arg0 too.
    all = entry_stores(
        entry_insns("tick-1s /strlen(lltostr(arg0)) > 0/ { }\n", probes::AttachKind::Tick));
    EXPECT_EQ(arg_stores(all, 0), 2);
    EXPECT_EQ(arg_stores(all, 1), 0);
}

TEST(CodegenEntry, PidEntryReadingNoArgumentCopiesNone) {
    auto insns = entry_insns(pid_probe() + "entry /0/ { }\n", probes::AttachKind::Uprobe);
    EXPECT_EQ(
        count_in(entry_stores(insns), codegen::abi::kScratchArgs, codegen::abi::kScratchArgs + 80),
        0);
    EXPECT_TRUE(helper_calls(insns, bpf::helper::probe_read_user).empty());
}

TEST(CodegenEntry, PidEntryLooksUpItsProbeRowBeforeTheScratch) {
    // The first lookup is the probe table's (by the cookie), the scratch slot's the second: a
    // firing this process has no probe for returns after the first.
    auto insns = entry_insns(pid_probe() + "entry { trace(arg0); }\n", probes::AttachKind::Uprobe);
    auto cookie = helper_calls(insns, bpf::helper::get_attach_cookie);
    auto lookups = helper_calls(insns, bpf::helper::map_lookup_elem);
    ASSERT_EQ(cookie.size(), 1u);
    ASSERT_EQ(lookups.size(), 2u);
    EXPECT_LT(cookie[0], lookups[0]);
    // Nothing is stored into the scratch value before its lookup.
    for (size_t i = 0; i < lookups[1]; ++i)
        EXPECT_FALSE((insns[i].code == 0x7a || insns[i].code == 0x7b) && insns[i].off >= 0)
            << "at " << i;
}

TEST(CodegenEntry, PidEntryCopiesOnlyTheRegistersItsClausesRead) {
    // Two clauses: only the second reads arg1, and arg4 in an aggregation's key.
    auto all = entry_stores(entry_insns(
        pid_probe() + "entry { trace(1); }\n" + pid_probe() + "entry { @[arg4] = sum(arg1); }\n",
        probes::AttachKind::Uprobe));
    for (uint32_t n = 0; n < 10; ++n)
        EXPECT_EQ(arg_stores(all, n), n == 1 || n == 4 ? 1 : 0) << "arg" << n;
}

TEST(CodegenEntry, PidEntryReadsTheStackOnlyForArg6ToArg9) {
    auto insns = entry_insns(pid_probe() + "entry { trace(arg7); }\n", probes::AttachKind::Uprobe);
    EXPECT_EQ(helper_calls(insns, bpf::helper::probe_read_user).size(), 1u);
    EXPECT_EQ(
        count_in(entry_stores(insns), codegen::abi::kScratchArgs, codegen::abi::kScratchArgs + 48),
        0);
    // args[9] is arg9; arg5 is a register.
    insns = entry_insns(pid_probe() + "entry { trace(args[9]); }\n", probes::AttachKind::Uprobe);
    EXPECT_EQ(helper_calls(insns, bpf::helper::probe_read_user).size(), 1u);
    insns = entry_insns(pid_probe() + "entry { trace(arg5); }\n", probes::AttachKind::Uprobe);
    EXPECT_TRUE(helper_calls(insns, bpf::helper::probe_read_user).empty());
    EXPECT_EQ(arg_stores(entry_stores(insns), 5), 1);
}

TEST(CodegenEntry, ErrorClausesCountPastTheArgumentsTheFaultPathSets) {
    // ERROR's arg0..arg5 are the fault path's; its arg8 is the firing's own slot.
    const std::string fault = pid_probe() + "entry { trace(*(int *)0); }\n";
    auto all =
        entry_stores(entry_insns(fault + "ERROR { trace(arg1); }\n", probes::AttachKind::Uprobe));
    EXPECT_EQ(count_in(all, codegen::abi::kScratchArgs, codegen::abi::kScratchArgs + 80), 0);
    auto insns = entry_insns(fault + "ERROR { trace(arg8); }\n", probes::AttachKind::Uprobe);
    EXPECT_EQ(helper_calls(insns, bpf::helper::probe_read_user).size(), 1u);
}

TEST(CodegenEntry, PidReturnStoresTheOffsetAndValueOnlyWhenRead) {
    auto all =
        entry_stores(entry_insns(pid_probe() + "return { }\n", probes::AttachKind::Uretprobe));
    EXPECT_EQ(count_in(all, codegen::abi::kScratchArgs, codegen::abi::kScratchArgs + 80), 0);
    all = entry_stores(
        entry_insns(pid_probe() + "return { trace(arg1); }\n", probes::AttachKind::Uretprobe));
    EXPECT_EQ(arg_stores(all, 0), 0);
    EXPECT_EQ(arg_stores(all, 1), 1);
}

TEST(CodegenEntry, SyscallEntryCopiesOnlyTheArgumentsRead) {
    auto all = entry_stores(
        entry_insns("syscall::read:entry { trace(arg2); }\n", probes::AttachKind::SyscallEntry));
    for (uint32_t n = 0; n < 10; ++n) EXPECT_EQ(arg_stores(all, n), n == 2 ? 1 : 0) << "arg" << n;
}

TEST(CodegenEntry, BeginStillZeroesEveryArgument) {
    auto offs = entry_immediate_stores("BEGIN { trace(arg3); }\n", probes::AttachKind::Begin);
    EXPECT_EQ(count_in(offs, codegen::abi::kScratchArgs, codegen::abi::kScratchArgs + 80), 10);
}

// The scratch value is this CPU's row of the program (a plain array, key cpu * programs +
// program), not a per-CPU map's value: with three programs, the tick program (the last of
// BEGIN, profile, tick) asks the CPU number and scales it by 3.
TEST(CodegenEntry, ScratchRowIsCpuTimesProgramsPlusSlot) {
    auto insns = entry_insns("BEGIN { } profile-97 { } tick-1s { }\n", probes::AttachKind::Tick);
    ASSERT_FALSE(insns.empty());
    bool cpu_call = false, times_three = false, plus_slot = false;
    for (const auto& in : insns) {
        cpu_call |= in.code == 0x85 && in.imm == 8;                // call bpf_get_smp_processor_id
        times_three |= in.code == 0x27 && in.imm == 3;             // BPF_ALU64 | BPF_MUL | BPF_K
        plus_slot |= in.code == 0x07 && in.imm > 0 && in.imm < 3;  // BPF_ALU64 | BPF_ADD | BPF_K
    }
    EXPECT_TRUE(cpu_call);
    EXPECT_TRUE(times_three);
    EXPECT_TRUE(plus_slot);
}
