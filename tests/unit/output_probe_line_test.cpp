// The probe-firing columns, the heading, flow indentation and the newlines around firings
// (dtrace.c chew/chewrec and dt_consume.c dt_flowindent).
#include <gtest/gtest.h>

#include "output/probe_line.h"

using namespace bdtrace::output;

namespace {

FiringDesc firing(std::string_view provider, std::string_view func, std::string_view name,
                  uint32_t id, uint32_t epid, int cpu = 0) {
    FiringDesc f;
    f.cpu = cpu;
    f.probe_id = id;
    f.epid = epid;
    f.provider = provider;
    f.function = func;
    f.name = name;
    return f;
}

ProbeLineOptions flow(bool testing = false, bool quiet = false) {
    ProbeLineOptions o;
    o.flowindent = true;
    o.testing = testing;
    o.quiet = quiet;
    return o;
}

std::string pad41(const std::string& s) {
    return s + std::string(41 - s.size(), ' ');
}

}  // namespace

TEST(OutputProbeLine, HeadingThenColumns) {
    ProbeLinePrinter p;
    EXPECT_EQ(p.begin(firing("syscall", "read", "entry", 81234, 1, 2)),
              "CPU     ID                    FUNCTION:NAME\n"
              "  2  81234                       read:entry ");
}

TEST(OutputProbeLine, HeadingOnlyOnce) {
    ProbeLinePrinter p;
    p.begin(firing("dtrace", "", "BEGIN", 1, 1));
    EXPECT_EQ(p.begin(firing("dtrace", "", "END", 2, 2, 1)),
              "  1      2                             :END ");
}

TEST(OutputProbeLine, EmptyFunctionLeavesTheColon) {
    ProbeLinePrinter p;
    p.begin(firing("dtrace", "", "BEGIN", 1, 1));
    EXPECT_EQ(p.begin(firing("dtrace", "", "BEGIN", 1, 1)),
              "  0      1                           :BEGIN ");
}

TEST(OutputProbeLine, LongNamesOverflowTheColumn) {
    ProbeLinePrinter p;
    p.begin(firing("dtrace", "", "BEGIN", 1, 1));
    std::string fn(40, 'f');
    EXPECT_EQ(p.begin(firing("fbt", fn, "entry", 123456789, 9, 12)),
              " 12 123456789 " + fn + ":entry ");
}

TEST(OutputProbeLine, EndOfFiringIsANewlineUnlessQuiet) {
    ProbeLinePrinter p;
    EXPECT_EQ(p.end(), "\n");
    ProbeLineOptions q;
    q.quiet = true;
    EXPECT_EQ(ProbeLinePrinter(q).end(), "");
}

TEST(OutputProbeLine, QuietPrintsNoHeadingAndNoColumns) {
    ProbeLineOptions q;
    q.quiet = true;
    ProbeLinePrinter p(q);
    EXPECT_EQ(p.begin(firing("dtrace", "", "BEGIN", 1, 1)), "");
    EXPECT_EQ(p.begin(firing("dtrace", "", "END", 2, 2)), "");
}

TEST(OutputProbeLine, TestingModeDropsCpuAndId) {
    ProbeLineOptions t;
    t.testing = true;
    ProbeLinePrinter p(t);
    EXPECT_EQ(p.begin(firing("dtrace", "", "BEGIN", 1, 1, 3)),
              "                   FUNCTION:NAME\n"
              "                          :BEGIN ");
}

TEST(OutputProbeLine, DefaultActionLine) {
    // An empty clause prints the columns and the newline only.
    ProbeLinePrinter p;
    std::string out = p.begin(firing("dtrace", "", "BEGIN", 1, 1));
    out += p.end();
    EXPECT_EQ(out,
              "CPU     ID                    FUNCTION:NAME\n"
              "  0      1                           :BEGIN \n");
}

TEST(OutputProbeLine, QuietCanBeTurnedOnWhileTracing) {
    ProbeLinePrinter p;
    p.begin(firing("dtrace", "", "BEGIN", 1, 1));
    p.set_quiet(true);
    EXPECT_EQ(p.begin(firing("dtrace", "", "END", 2, 2)), "");
    EXPECT_EQ(p.end(), "");
}

TEST(OutputProbeLine, FlowKinds) {
    EXPECT_EQ(flow_kind("entry"), FlowKind::Entry);
    EXPECT_EQ(flow_kind("return"), FlowKind::Return);
    EXPECT_EQ(flow_kind("method-entry"), FlowKind::Entry);
    EXPECT_EQ(flow_kind("function-return"), FlowKind::Return);
    EXPECT_EQ(flow_kind("carpentry"), FlowKind::None);
    EXPECT_EQ(flow_kind("gentry"), FlowKind::None);
    EXPECT_EQ(flow_kind("entry-point"), FlowKind::None);
    EXPECT_EQ(flow_kind("tick-1s"), FlowKind::None);
    EXPECT_EQ(flow_kind("-entry"), FlowKind::Entry);
}

TEST(OutputProbeLine, FlowIndentSample) {
    ProbeLinePrinter p(flow());
    std::string out;
    for (auto f : {firing("fbt", "vfs_read", "entry", 10, 1),
                   firing("fbt", "rw_verify_area", "entry", 11, 2),
                   firing("fbt", "rw_verify_area", "return", 12, 3),
                   firing("fbt", "vfs_read", "return", 13, 4)}) {
        out += p.begin(f);
        out += p.end();
    }
    EXPECT_EQ(out, "CPU " + pad41("FUNCTION") + "\n" + "  0 " + pad41(" -> vfs_read") + " \n" +
                       "  0 " + pad41("   -> rw_verify_area") + " \n" + "  0 " +
                       pad41("   <- rw_verify_area") + " \n" + "  0 " + pad41(" <- vfs_read") +
                       " \n");
    EXPECT_EQ(p.indent(), 0);
}

TEST(OutputProbeLine, FlowSyscallArrows) {
    ProbeLinePrinter p(flow(true));
    EXPECT_EQ(p.begin(firing("syscall", "read", "entry", 5, 1)),
              pad41("FUNCTION") + "\n" + pad41(" => read") + " ");
    EXPECT_EQ(p.begin(firing("syscall", "read", "return", 6, 2)), pad41(" <= read") + " ");
}

TEST(OutputProbeLine, FlowOtherProbesShowFunctionAndName) {
    ProbeLinePrinter p(flow(true));
    p.begin(firing("fbt", "f", "entry", 1, 1));
    EXPECT_EQ(p.begin(firing("profile", "", "tick-1s", 2, 2)), pad41("  | :tick-1s") + " ");
}

TEST(OutputProbeLine, FlowHeadingAndColumnsEvenWhenQuiet) {
    ProbeLinePrinter p(flow(false, true));
    EXPECT_EQ(p.begin(firing("fbt", "f", "entry", 1, 1, 1)),
              "CPU " + pad41("FUNCTION") + "\n  1 " + pad41(" -> f") + " ");
    EXPECT_EQ(p.end(), "");
}

TEST(OutputProbeLine, FlowSecondClauseOfAnEntryDoesNotIndentAgain) {
    ProbeLinePrinter p(flow(true));
    p.begin(firing("fbt", "f", "entry", 7, 1));
    EXPECT_EQ(p.begin(firing("fbt", "f", "entry", 7, 2)), pad41("  | f:entry") + " ");
    EXPECT_EQ(p.indent(), 2);
}

TEST(OutputProbeLine, FlowSameClauseFiringAgainIndentsAgain) {
    ProbeLinePrinter p(flow(true));
    p.begin(firing("fbt", "f", "entry", 7, 1));
    EXPECT_EQ(p.begin(firing("fbt", "f", "entry", 7, 1)), pad41("   -> f") + " ");
    EXPECT_EQ(p.indent(), 4);
}

TEST(OutputProbeLine, FlowReturnWaitsForItsLastClause) {
    ProbeLinePrinter p(flow(true));
    p.begin(firing("fbt", "f", "entry", 7, 1));
    auto r1 = firing("fbt", "f", "return", 8, 2);
    auto r2 = firing("fbt", "f", "return", 8, 3);
    EXPECT_EQ(p.begin(r1, &r2), pad41("  | f:return") + " ");
    EXPECT_EQ(p.indent(), 2);
    EXPECT_EQ(p.begin(r2, nullptr), pad41(" <- f") + " ");
    EXPECT_EQ(p.indent(), 0);
}

TEST(OutputProbeLine, FlowReturnWithoutEntryStaysAtTheLeft) {
    ProbeLinePrinter p(flow(true));
    EXPECT_EQ(p.begin(firing("fbt", "g", "return", 8, 2)),
              pad41("FUNCTION") + "\n" + pad41(" <- g") + " ");
    EXPECT_EQ(p.indent(), 0);
}

// A return site shared by two functions (libc's mempcpy jumps into memmove's body, whose ret
// is memcpy's return probe): the return without an open entry prints where it is and leaves
// the indentation of the lines after it true.
TEST(OutputProbeLine, FlowReturnWithoutItsEntryDoesNotUnindent) {
    ProbeLinePrinter p(flow(true));
    p.begin(firing("pid1", "main", "entry", 1, 1));
    p.begin(firing("pid1", "mempcpy", "entry", 2, 2));
    EXPECT_EQ(p.begin(firing("pid1", "mempcpy", "return", 3, 3)), pad41("   <- mempcpy") + " ");
    EXPECT_EQ(p.begin(firing("pid1", "memcpy", "return", 4, 4)), pad41("   <- memcpy") + " ");
    EXPECT_EQ(p.indent(), 2);
    EXPECT_EQ(p.begin(firing("pid1", "strlen", "entry", 5, 5)), pad41("   -> strlen") + " ");
    EXPECT_EQ(p.begin(firing("pid1", "strlen", "return", 6, 6)), pad41("   <- strlen") + " ");
    EXPECT_EQ(p.begin(firing("pid1", "main", "return", 7, 7)), pad41(" <- main") + " ");
    EXPECT_EQ(p.indent(), 0);
}

// A return closes its function's innermost open entry even when entries above it never
// returned (longjmp, a function without a return probe): one level, as DTrace unindents.
TEST(OutputProbeLine, FlowReturnClosesItsInnermostEntry) {
    ProbeLinePrinter p(flow(true));
    p.begin(firing("pid1", "f", "entry", 1, 1));
    p.begin(firing("pid1", "f", "entry", 1, 1));
    p.begin(firing("pid1", "g", "entry", 2, 2));
    EXPECT_EQ(p.begin(firing("pid1", "f", "return", 3, 3)), pad41("     <- f") + " ");
    EXPECT_EQ(p.begin(firing("pid1", "f", "return", 3, 3)), pad41("   <- f") + " ");
    EXPECT_EQ(p.begin(firing("pid1", "f", "return", 3, 3)), pad41("   <- f") + " ");
    EXPECT_EQ(p.indent(), 2);
}

// A syscall's return does not close a pid entry of a function of the same name.
TEST(OutputProbeLine, FlowPairsWithinAProvider) {
    ProbeLinePrinter p(flow(true));
    p.begin(firing("pid1", "read", "entry", 1, 1));
    EXPECT_EQ(p.begin(firing("syscall", "read", "return", 2, 2)), pad41("   <= read") + " ");
    EXPECT_EQ(p.begin(firing("pid1", "read", "return", 3, 3)), pad41(" <- read") + " ");
}

TEST(OutputProbeLine, FlowCanBeTurnedOnWhileTracing) {
    ProbeLinePrinter p;
    p.begin(firing("dtrace", "", "BEGIN", 1, 1));
    p.set_flowindent(true);
    EXPECT_EQ(p.begin(firing("fbt", "f", "entry", 2, 2)), "  0 " + pad41(" -> f") + " ");
}

TEST(OutputProbeLine, ExitAndInterruptNewlines) {
    EXPECT_EQ(exit_newline(), "\n");
    EXPECT_EQ(interrupt_newline(false), "\n");
    EXPECT_EQ(interrupt_newline(true), "");
}
