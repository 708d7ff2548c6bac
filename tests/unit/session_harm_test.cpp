// The session leaves out a pid probe on a 5-byte NOP inside a function when the kernel says a
// uprobe there is not safe (Feature::UprobeNop5: the fake kernel answers), names it with the
// reason, and attaches it when the kernel says it is; the entry probe of the same function
// (offset 0) is always attached. A return probe whose clauses read arg0 is a uprobe on each
// returning instruction; one whose clauses do not is the kernel's return trampoline (a leaf, so
// allowed even here, where libstdc++'s unwinder is mapped). Probes are resolved in this very
// process, on the leaf function below.
#include <unistd.h>

#include "session_helpers.h"

extern "C" long bdtrace_harm_leaf(long);
extern "C" long bdtrace_push_leaf(long);

// A leaf that keeps its argument at -8(%rsp) across a 5-byte NOP (at offset 5).
asm(R"(
    .text
    .globl bdtrace_harm_leaf
    .type bdtrace_harm_leaf, @function
    .p2align 4
bdtrace_harm_leaf:
    movq %rdi, -8(%rsp)
    .byte 0x0f, 0x1f, 0x44, 0x00, 0x00
    movq -8(%rsp), %rax
    ret
    .size bdtrace_harm_leaf, .-bdtrace_harm_leaf

    .globl bdtrace_push_leaf
    .type bdtrace_push_leaf, @function
    .p2align 4
bdtrace_push_leaf:
    push %rbp
    movq %rdi, %rax
    pop %rbp
    ret
    .size bdtrace_push_leaf, .-bdtrace_push_leaf
)");

namespace {

using bdtrace::kernel::Feature;
using bdtrace::kernel::FakeKernel;
using bdtrace::runtime::SkippedProbe;

std::string program() {
    std::string pid = "pid" + std::to_string(getpid());
    return pid + ":a.out:bdtrace_harm_leaf:5 { } " + pid + ":a.out:bdtrace_harm_leaf:entry { } " + pid +
           ":a.out:bdtrace_harm_leaf:return { trace(arg0); }";
}

// The uprobe links' descriptions ("uprobe_multi PATH (N offsets, pid P)").
std::vector<std::string> links(const FakeKernel& k) {
    std::vector<std::string> out;
    for (const auto& a : k.attachments()) out.push_back(a.what);
    return out;
}

}  // namespace

TEST(SessionHarm, FiveByteNopSkippedWhereTheKernelRewritesIt) {
    ASSERT_EQ(bdtrace_harm_leaf(7), 7);
    bdtrace::probes::Registry registry;
    FakeKernel k;
    k.set_feature(Feature::UprobeNop5, false, "turns it into a call");
    bdtrace::test::Loaded l;
    bdtrace::test::load(registry, k, program(), l);
    if (HasFatalFailure()) return;
    auto skipped = l.session->take_skipped();
    ASSERT_EQ(skipped.size(), 1u);
    EXPECT_EQ(skipped[0].why, SkippedProbe::Why::Nop5);
    EXPECT_NE(skipped[0].name.find(":bdtrace_harm_leaf:5"), std::string::npos) << skipped[0].name;
    // The entry probe on one link, the return probe's `ret` on another (it reads arg0); no
    // return uprobe.
    int offsets = 0;
    for (const auto& w : links(k)) {
        EXPECT_EQ(w.rfind("uretprobe", 0), std::string::npos) << w;
        if (w.find("(1 offset") != std::string::npos) ++offsets;
    }
    EXPECT_EQ(offsets, 2);
}

TEST(SessionHarm, FiveByteNopAttachedWhereTheKernelLeavesTheRedZoneAlone) {
    bdtrace::probes::Registry registry;
    FakeKernel k;  // every feature available
    bdtrace::test::Loaded l;
    bdtrace::test::load(registry, k, program(), l);
    if (HasFatalFailure()) return;
    EXPECT_TRUE(l.session->take_skipped().empty());
    bool both = false;
    for (const auto& w : links(k)) both |= w.find("(2 offsets") != std::string::npos;
    EXPECT_TRUE(both);
}

namespace {

// The return probe of bdtrace_push_leaf (push first: the kernel emulates the trampoline's
// trap) alone, with `clause`, in a process taken as unstarted or not; the links.
std::vector<std::string> return_links(const std::string& clause, bool unstarted = true,
                                      const char* function = "bdtrace_push_leaf") {
    bdtrace::probes::Registry registry;
    FakeKernel k;
    bdtrace::test::Loaded l;
    std::set<uint64_t> pids;
    if (unstarted) pids.insert(static_cast<uint64_t>(getpid()));
    EXPECT_EQ(bdtrace_push_leaf(3), 3);
    bdtrace::test::load(registry, k, "pid" + std::to_string(getpid()) + ":a.out:" + function + ":return " + clause, l,
                        pids);
    return links(k);
}

bool has_uretprobe(const std::vector<std::string>& ls) {
    for (const auto& w : ls)
        if (w.rfind("uretprobe", 0) == 0) return true;
    return false;
}

}  // namespace

TEST(SessionReturnForm, TrampolineWhenNoClauseReadsTheReturningInstruction) {
    EXPECT_TRUE(has_uretprobe(return_links("{ trace(arg1); }")));
    EXPECT_TRUE(has_uretprobe(return_links("/arg1 > 0/ { @ = count(); }")));
}

TEST(SessionReturnForm, ReturnSitesWhenAClauseReadsArg0OrTheStack) {
    EXPECT_FALSE(has_uretprobe(return_links("{ trace(arg0); }")));
    EXPECT_FALSE(has_uretprobe(return_links("/args[0] == 0x10/ { }")));
    EXPECT_FALSE(has_uretprobe(return_links("{ ustack(); }")));
    EXPECT_FALSE(has_uretprobe(return_links("{ trace(uregs[R_PC]); }")));
    EXPECT_FALSE(has_uretprobe(return_links("{ @[ucaller] = count(); }")));
}

TEST(SessionReturnForm, OneClauseReadingArg0DecidesForTheProbe) {
    bdtrace::probes::Registry registry;
    FakeKernel k;
    bdtrace::test::Loaded l;
    std::string p = "pid" + std::to_string(getpid()) + ":a.out:bdtrace_push_leaf:return ";
    bdtrace::test::load(registry, k, p + "{ trace(arg1); } " + p + "{ trace(arg0); }", l, {static_cast<uint64_t>(getpid())});
    EXPECT_FALSE(has_uretprobe(links(k)));
}

TEST(SessionReturnForm, ReturnSitesInAProcessAlreadyRunning) {
    // -p, or a -c command once continued: a call already running would return unseen.
    EXPECT_FALSE(has_uretprobe(return_links("{ trace(arg1); }", false)));
}

TEST(SessionReturnForm, ReturnSitesWhereTheEntryIsSingleStepped) {
    // bdtrace_harm_leaf starts with a store: the trap at its entry would be single-stepped, and
    // with the trampoline cost more than the single-stepped `ret`.
    EXPECT_FALSE(has_uretprobe(return_links("{ trace(arg1); }", true, "bdtrace_harm_leaf")));
}
