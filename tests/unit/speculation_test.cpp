// Speculations: DTrace's rules on the actions of a clause (sema) and the consumer's handling of
// tagged records (runtime/speculations.cpp). The BPF side is tested end to end
// (tests/e2e/speculations/).
#include <gtest/gtest.h>

#include <cstring>

#include "codegen/abi.h"
#include "frontend/parse.h"
#include "runtime/speculations.h"
#include "sema/sema.h"

using namespace bdtrace;

namespace {

std::string check(const std::string& text) {
    static sema::TypeTable types;
    probes::Registry registry;
    frontend::SourceBuffer src("t.d", text);
    DiagnosticList diags;
    frontend::ParseOptions po;
    po.is_type_name = [](const std::string& n) { return types.has_typedef(n); };
    auto parsed = frontend::parse_program(src, po, diags);
    if (!diags.has_errors()) sema::analyze(*parsed.program, types, registry, {}, diags);
    if (!diags.has_errors()) return "";
    const Diagnostic& d = diags.items()[0];
    return d.tag + " line " + std::to_string(d.range.begin.line) + ": " + d.message;
}

}  // namespace

TEST(SpeculationRules, WhatDTraceAccepts) {
    EXPECT_EQ(check("BEGIN { s = speculation(); speculate(s); printf(\"x\"); trace(1); s = 0; }"), "");
    EXPECT_EQ(check("BEGIN { discard(1); speculate(2); trace(1); }"), "");  // discard records nothing
    EXPECT_EQ(check("BEGIN { speculate(1); discard(2); }"), "");
    EXPECT_EQ(check("BEGIN { commit(1); discard(2); x = 1; }"), "");
    EXPECT_EQ(check("BEGIN { discard(1); commit(2); }"), "");
    EXPECT_EQ(check("BEGIN { speculate(1); commit(2); }"), "");  // commit() may follow speculate()
    EXPECT_EQ(check("BEGIN { commit(1); chill(1); }"), "");      // destructive actions record nothing
    EXPECT_EQ(check("BEGIN { @a = count(); } BEGIN { speculate(1); printa(@a); }"), "");
    EXPECT_EQ(check("BEGIN { speculate(1); } BEGIN { speculate(1); }"), "");  // one per clause
}

TEST(SpeculationRules, ErrorsAtTheStatementThatBreaksThem) {
    EXPECT_EQ(check("BEGIN {\nspeculate(1);\nspeculate(1);\n}"),
              "D_SPEC_SPEC line 3: speculate( ) may not follow speculate( )");
    EXPECT_EQ(check("BEGIN {\ncommit(1);\nspeculate(1);\n}"),
              "D_SPEC_COMM line 3: speculate( ) may not follow commit( )");
    EXPECT_EQ(check("BEGIN {\ntrace(1);\nx = 2;\nspeculate(1);\n}"),
              "D_SPEC_DREC line 4: speculate( ) may not follow data-recording action(s)");
    EXPECT_EQ(check("BEGIN {\nspeculate(1);\n@a = count();\n}"),
              "D_AGG_SPEC line 3: aggregating actions may not follow speculate( )");
    EXPECT_EQ(check("BEGIN {\ncommit(1);\n@a = sum(1);\n}"),
              "D_AGG_COMM line 3: aggregating actions may not follow commit( )");
    EXPECT_EQ(check("BEGIN {\nspeculate(1);\nraise(1);\n}"),
              "D_ACT_SPEC line 3: destructive actions may not follow speculate( )");
    EXPECT_EQ(check("BEGIN {\nspeculate(1);\nexit(0);\n}"), "D_EXIT_SPEC line 3: exit( ) may not follow speculate( )");
    EXPECT_EQ(check("BEGIN {\ncommit(1);\ncommit(1);\n}"), "D_COMM_COMM line 3: commit( ) may not follow commit( )");
    EXPECT_EQ(check("BEGIN {\n@a = count();\ncommit(1);\n}"),
              "D_COMM_DREC line 3: commit( ) may not follow data-recording action(s)");
    EXPECT_EQ(check("BEGIN {\ncommit(1);\nprintf(\"x\");\n}"),
              "D_DREC_COMM line 3: data-recording actions may not follow commit( )");
    // Statements in an if body take their place in the sequence.
    EXPECT_EQ(check("BEGIN {\nspeculate(1);\nif (1) {\n@a = count();\n}\n}"),
              "D_AGG_SPEC line 4: aggregating actions may not follow speculate( )");
}

TEST(SpeculationRules, Prototypes) {
    EXPECT_EQ(check("BEGIN {\nspeculate();\n}"), "D_PROTO_LEN line 2: speculate( ) prototype mismatch: 0 args passed, 1 expected");
    EXPECT_EQ(check("BEGIN {\ndiscard(1, 2);\n}"), "D_PROTO_LEN line 2: discard( ) prototype mismatch: 2 args passed, 1 expected");
    EXPECT_EQ(check("BEGIN {\nx = speculation(1);\n}"),
              "D_PROTO_LEN line 2: speculation( ) prototype mismatch: 1 arg passed, 0 expected");
    EXPECT_EQ(check("BEGIN {\ncommit(\"a\");\n}"),
              "D_PROTO_ARG line 2: commit( ) argument #1 is incompatible with prototype:\n\tprototype: int\n\t argument: string");
    EXPECT_EQ(check("BEGIN {\nx = commit(1);\n}"),
              "D_CG_EXPR line 2: tracing function commit( ) may not be called from a D expression (D program context "
              "required)");
}

namespace {

using sema::ActionKind;

// A program set with three clauses: epid 1 speculates and prints, epid 2 commits, epid 3
// discards; each action's field is the 8-byte tag at offset 16 (printf's at 24).
codegen::ProgramSet program_set() {
    codegen::ProgramSet ps;
    ps.speculations = true;
    ps.nspec = 2;
    auto action = [](ActionKind k, uint32_t index, uint32_t offset) {
        codegen::ActionRecord a;
        a.kind = k;
        a.index = index;
        codegen::Field f;
        f.offset = offset;
        f.size = 8;
        a.fields.push_back(f);
        return a;
    };
    codegen::Epid spec;
    spec.epid = 1;
    spec.actions = {action(ActionKind::Speculate, 0, 16), action(ActionKind::Printf, 1, 24)};
    codegen::Epid commit;
    commit.epid = 2;
    commit.actions = {action(ActionKind::Commit, 0, 16)};
    codegen::Epid discard;
    discard.epid = 3;
    discard.actions = {action(ActionKind::Discard, 0, 16)};
    ps.epids = {spec, commit, discard};
    return ps;
}

std::vector<uint8_t> record(uint32_t epid, uint64_t actions, uint32_t id, uint32_t gen, uint64_t datum = 0) {
    std::vector<uint8_t> r(32, 0);
    std::memcpy(r.data(), &epid, 4);
    std::memcpy(r.data() + 8, &actions, 8);
    uint64_t tag = id | uint64_t{gen} << 32;
    std::memcpy(r.data() + 16, &tag, 8);
    std::memcpy(r.data() + 24, &datum, 8);
    return r;
}

runtime::Speculations::Routing route(runtime::Speculations& s, const codegen::ProgramSet& ps,
                                     const std::vector<uint8_t>& r) {
    uint32_t epid;
    std::memcpy(&epid, r.data(), 4);
    return s.route(ps.epids[epid - 1], r.data(), r.size());
}

uint64_t datum(const std::vector<uint8_t>& r) {
    uint64_t v;
    std::memcpy(&v, r.data() + 24, 8);
    return v;
}

}  // namespace

TEST(SpeculationRecords, HeldUntilCommittedThenInOrder) {
    auto ps = program_set();
    runtime::Speculations s(ps);
    EXPECT_FALSE(route(s, ps, record(1, 3, 1, 0, 10)).print);
    EXPECT_FALSE(route(s, ps, record(1, 3, 2, 0, 20)).print);
    EXPECT_FALSE(route(s, ps, record(1, 3, 1, 0, 11)).print);
    auto c = route(s, ps, record(2, 1, 1, 0));
    EXPECT_FALSE(c.print);  // a commit alone prints nothing
    ASSERT_EQ(c.committed.size(), 2u);
    EXPECT_EQ(datum(c.committed[0]), 10u);
    EXPECT_EQ(datum(c.committed[1]), 11u);
    auto d = route(s, ps, record(3, 1, 2, 0));
    EXPECT_FALSE(d.print);
    EXPECT_TRUE(d.committed.empty());
    // Both are over: committing again finds nothing.
    EXPECT_TRUE(route(s, ps, record(2, 1, 1, 0)).committed.empty());
    EXPECT_TRUE(route(s, ps, record(2, 1, 2, 0)).committed.empty());
}

TEST(SpeculationRecords, GenerationsKeepUsesOfAnIdApart) {
    auto ps = program_set();
    runtime::Speculations s(ps);
    route(s, ps, record(1, 3, 1, 0, 1));
    route(s, ps, record(2, 1, 1, 0));  // generation 0 committed
    // A record of generation 0 that raced with its commit (another CPU) prints late; it is not
    // given to generation 1.
    EXPECT_TRUE(route(s, ps, record(1, 3, 1, 0, 2)).print);
    route(s, ps, record(1, 3, 1, 1, 3));
    auto c = route(s, ps, record(2, 1, 1, 1));
    ASSERT_EQ(c.committed.size(), 1u);
    EXPECT_EQ(datum(c.committed[0]), 3u);
    // A commit of an older generation does not take a newer one's records.
    route(s, ps, record(1, 3, 1, 3, 4));
    // After a discard, late records of that generation are dropped.
    route(s, ps, record(3, 1, 2, 5));
    EXPECT_FALSE(route(s, ps, record(1, 3, 2, 5, 9)).print);
    EXPECT_TRUE(route(s, ps, record(2, 1, 1, 2)).committed.empty());
    ASSERT_EQ(route(s, ps, record(2, 1, 1, 3)).committed.size(), 1u);
}

TEST(SpeculationRecords, ARecordWithoutItsSpeculateBitPrints) {
    auto ps = program_set();
    runtime::Speculations s(ps);
    EXPECT_TRUE(route(s, ps, record(1, 2, 1, 0)).print);  // printf only: not speculative
}
