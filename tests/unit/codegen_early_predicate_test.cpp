// A program whose clauses all have a predicate that needs nothing the entry sets up (constants,
// scalar globals, pid, tid, uid, gid, cpu, execname against a short name; no division, no dynamic
// variable, no argument) tests them first, before it reads the state map's activity word; a lone
// clause does not test its own again (unless it reads a global), clauses of several do.
// Everything else keeps the predicate in the clause, after the activity check.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "bpf/assembler.h"
#include "bpf/helpers.h"
#include "codegen/abi.h"
#include "compile_helpers.h"

using namespace bdtrace;

namespace {

struct Placement {
    bool found = false;
    long call = -1;        // the entry's first call of the helper asked about, -1: none
    long state_load = -1;  // the entry's first reference to the state map
    int clause_calls = 0;  // calls of that helper in the other functions
    int loops = 0;         // bpf_loop calls anywhere
    int clause_globals = 0;  // references to the global variables' map outside the entry
    long global_load = -1;   // the entry's first reference to it
};

// Where the program of `kind` calls `helper` (the pid's by default), against where it reads
// the state.
Placement placement(const std::string& text, probes::AttachKind kind,
                    int32_t helper = bpf::helper::get_current_pid_tgid, uint32_t strsize = 256) {
    sema::TypeTable types;
    probes::Registry registry;
    codegen::CodegenOptions opts;
    opts.strsize = strsize;
    auto ps = test::compile(registry, types, text, opts);
    Placement p;
    if (!ps) return p;
    for (const auto& gp : ps->programs) {
        if (gp.kind != kind) continue;
        std::string err;
        auto code = bpf::assemble(*gp.ir, err);
        EXPECT_TRUE(code) << err;
        if (!code) return p;
        p.found = true;
        const bpf::FunctionInfo& entry = code->functions.at(0);
        for (uint32_t i = 0; i < code->insns.size(); ++i) {
            const bpf::Insn& in = code->insns[i];
            if (in.code != 0x85 || in.src != 0) continue;
            if (in.imm == bpf::helper::loop) ++p.loops;
            if (in.imm != helper) continue;
            if (i < entry.start || i >= entry.start + entry.count)
                ++p.clause_calls;
            else if (p.call < 0)
                p.call = i;
        }
        for (const auto& r : code->relocs)
            if (r.map == codegen::abi::kGlobalsMap) {
                if (r.insn >= entry.start + entry.count)
                    ++p.clause_globals;
                else if (p.global_load < 0 || r.insn < p.global_load)
                    p.global_load = r.insn;
            }
        for (const auto& r : code->relocs)
            if (r.map == codegen::abi::kStateMap && r.insn < entry.start + entry.count &&
                (p.state_load < 0 || r.insn < p.state_load))
                p.state_load = r.insn;
    }
    EXPECT_TRUE(p.found) << "no program of the kind";
    return p;
}

bool decided_first(const Placement& p) {
    return p.call >= 0 && p.state_load >= 0 && p.call < p.state_load;
}

}  // namespace

TEST(CodegenEarlyPredicate, PidPredicateOfTheOneClauseComesFirst) {
    auto p = placement("syscall::read:entry /pid == 1234/ { trace(1); }\n",
                       probes::AttachKind::SyscallEntry);
    EXPECT_TRUE(decided_first(p));
    EXPECT_EQ(p.clause_calls, 0);  // not tested twice
    p = placement("profile-99 /cpu == 0 && (pid != 1 || uid > 1000) && tid ? 1 : 0/ { }\n",
                  probes::AttachKind::Profile);
    EXPECT_TRUE(decided_first(p));
    // A scalar global, set in BEGIN (its own program).
    p = placement("BEGIN { on = 1; } tick-1s /on == 1 && pid != 0/ { trace(2); }\n",
                  probes::AttachKind::Tick);
    EXPECT_TRUE(decided_first(p));
}

TEST(CodegenEarlyPredicate, OtherPredicatesStayInTheClause) {
    const char* kept[] = {
        "BEGIN { self->on = 1; } syscall::read:entry /pid == 1234 && self->on/ { }\n",  // dynamic
        "syscall::read:entry /1000 / (pid - 1234) == 0/ { }\n",  // a division may fault
        "syscall::read:entry /arg0 == 3 && pid == 1/ { }\n",     // arguments are set up later
        "syscall::read:entry /pid == 1 && execname == \"abcdefghijklmnopqr\"/ { }\n",  // long
        "syscall::read:entry /pid == 1/ { } syscall::read:entry { }\n",  // one with no predicate
        "syscall::read:entry /(x = pid) == 1/ { }\n",                    // an assignment
    };
    for (const char* text : kept) {
        auto p = placement(text, probes::AttachKind::SyscallEntry);
        EXPECT_FALSE(decided_first(p)) << text;
        EXPECT_GT(p.clause_calls, 0) << text;
    }
}

TEST(CodegenEarlyPredicate, NotWhereTheActivityOrTheThreadDiffers) {
    // BEGIN runs once, through the kernel's test run; sched's on-cpu may be about another task.
    EXPECT_FALSE(decided_first(placement("BEGIN /pid != 0/ { }\n", probes::AttachKind::Begin)));
    EXPECT_FALSE(
        decided_first(placement("sched:::on-cpu /pid == 1/ { }\n", probes::AttachKind::Sdt)));
}

TEST(CodegenEarlyPredicate, ExecnameAgainstAShortNameIsTwoWordsFirst) {
    const int32_t comm = bpf::helper::get_current_comm;
    auto p = placement("syscall::read:entry /execname == \"bash\"/ { }\n",
                       probes::AttachKind::SyscallEntry, comm);
    EXPECT_TRUE(decided_first(p));
    EXPECT_EQ(p.loops, 0);  // no character loop
    // In a clause (arg0 keeps the predicate there), either side, != too: still no loop.
    p = placement("syscall::read:entry /arg0 == 0 && \"abcdefghijklmno\" != execname/ { }\n",
                  probes::AttachKind::SyscallEntry, comm);
    EXPECT_FALSE(decided_first(p));
    EXPECT_EQ(p.clause_calls, 1);
    EXPECT_EQ(p.loops, 0);
    // 16 characters (more than a comm holds) or a short strsize: the general comparison.
    p = placement("syscall::read:entry /execname == \"abcdefghijklmnop\"/ { }\n",
                  probes::AttachKind::SyscallEntry, comm);
    EXPECT_FALSE(decided_first(p));
    EXPECT_GT(p.loops, 0);
    p = placement("syscall::read:entry /execname == \"bash\"/ { }\n",
                  probes::AttachKind::SyscallEntry, comm, /*strsize=*/8);
    EXPECT_FALSE(decided_first(p));
}

TEST(CodegenEarlyPredicate, AGlobalIsTestedAgainInTheClause) {
    // The clause may run twice in a firing (enabled twice on the probe) and change the global
    // between its runs: the entry filters, the clause decides. Its two references: the
    // predicate's read and the assignment.
    auto p = placement("tick-1s, tick-1s /x == 0/ { x = 1; }\n", probes::AttachKind::Tick,
                       bpf::helper::get_current_pid_tgid);
    EXPECT_EQ(p.clause_globals, 2);
    EXPECT_GE(p.global_load, 0);  // the entry filters on it first
    EXPECT_LT(p.global_load, p.state_load);
    // Without a global the clause has only the assignment's.
    p = placement("tick-1s /pid == 0/ { x = 1; }\n", probes::AttachKind::Tick);
    EXPECT_TRUE(decided_first(p));
    EXPECT_EQ(p.clause_globals, 1);
}

TEST(CodegenEarlyPredicate, SeveralClausesAreAllTestedFirstAndAgain) {
    // Either passing lets the firing on; each clause then decides for itself, since the first
    // may change what the second reads.
    auto p = placement("syscall::read:entry /pid == 1/ { } syscall::read:entry /pid == 2/ { }\n",
                       probes::AttachKind::SyscallEntry);
    EXPECT_TRUE(decided_first(p));
    EXPECT_EQ(p.clause_calls, 2);
    p = placement(
        "syscall::read:entry /pid == 1/ { } syscall::write:entry /execname == \"a\"/ { }\n",
        probes::AttachKind::SyscallEntry, bpf::helper::get_current_comm);
    EXPECT_TRUE(decided_first(p));
    EXPECT_EQ(p.clause_calls, 1);
}
