#include <gtest/gtest.h>

#include <set>
#include <string_view>

#include "frontend/parse.h"
#include "sema/checker.h"
#include "sema/sema.h"

using namespace bdtrace;

namespace {

struct Checked {
    std::unique_ptr<sema::TypedProgram> prog;
    std::string error;  // "TAG: message"
};

Checked check(const std::string& text) {
    static sema::TypeTable types;
    probes::Registry registry;
    frontend::SourceBuffer src("t.d", text);
    DiagnosticList diags;
    frontend::ParseOptions po;
    po.is_type_name = [](const std::string& n) { return types.has_typedef(n); };
    auto parsed = frontend::parse_program(src, po, diags);
    Checked c;
    if (!diags.has_errors()) c.prog = sema::analyze(*parsed.program, types, registry, {}, diags);
    if (diags.has_errors()) c.error = diags.items()[0].tag + ": " + diags.items()[0].message;
    return c;
}

}  // namespace

TEST(Sema, GlobalsTakeTheTypeOfTheirFirstAssignment) {
    auto c = check("BEGIN { x = 1; y = \"s\"; z = (char)1; w = 5000000000; }");
    ASSERT_EQ(c.error, "");
    ASSERT_EQ(c.prog->globals.size(), 4u);
    EXPECT_EQ(c.prog->globals[0]->type->name, "int");
    EXPECT_EQ(c.prog->globals[1]->type->name, "string");
    EXPECT_EQ(c.prog->globals[2]->type->name, "char");
    EXPECT_EQ(c.prog->globals[3]->type->name, "long");
}

TEST(Sema, ProbeMatching) {
    auto c = check("BEGIN, END, profile:::tick-1s {}");
    ASSERT_EQ(c.error, "");
    ASSERT_EQ(c.prog->clauses[0].probes.size(), 3u);
    EXPECT_EQ(check("nosuch:::probe {}").error,
              "D_PDESC_ZERO: probe description nosuch:::probe does not match any probes");
}

TEST(Sema, OperatorTypeErrors) {
    EXPECT_EQ(check("BEGIN { x = \"a\" * 2; }").error, "D_OP_ARITH: operator * requires operands of arithmetic type");
    EXPECT_EQ(check("BEGIN { x = 1 % \"a\"; }").error, "D_OP_INT: operator % requires operands of integral type");
    EXPECT_EQ(check("BEGIN { x = \"a\" == 1; }").error,
              "D_OP_INCOMPAT: operands have incompatible types: \"string\" == \"int\"");
    EXPECT_EQ(check("BEGIN { x = 1; x = \"s\"; }").error,
              "D_OP_INCOMPAT: operands have incompatible types: \"int\" = \"string\"");
    EXPECT_EQ(check("BEGIN { trace(y); }").error, "D_IDENT_UNDEF: failed to resolve y: Unknown variable name");
    EXPECT_EQ(check("BEGIN { timestamp = 1; }").error,
              "D_OP_WRITE: operator = can only be applied to a writable variable");
    EXPECT_EQ(check("BEGIN { x = 1 / 0; }").error, "D_DIV_ZERO: expression contains division by zero");
    EXPECT_EQ(check("BEGIN { x = *1; }").error, "D_DEREF_NONPTR: cannot dereference non-pointer type");
}

TEST(Sema, ConstantsFold) {
    auto c = check("BEGIN { x = 2 + 3 * 4; y = sizeof (int) << 2; z = -1 < 0u; }");
    ASSERT_EQ(c.error, "");
    auto& body = c.prog->clauses[0].body;
    ASSERT_EQ(body[0]->expr->b->kind, sema::NodeKind::Int);
    EXPECT_EQ(body[0]->expr->b->value, 14u);
    EXPECT_EQ(body[1]->expr->b->value, 16u);
    EXPECT_EQ(body[2]->expr->b->value, 0u);  // -1 converts to unsigned: not less than 0u
}

TEST(Sema, StructLayout) {
    auto c = check("struct s { char a; int b; short c : 3; short d : 5; long e; }; struct s *p;\n"
                   "BEGIN { x = sizeof (struct s); y = offsetof(struct s, e); z = offsetof(struct s, b); }");
    ASSERT_EQ(c.error, "");
    auto& body = c.prog->clauses[0].body;
    EXPECT_EQ(body[0]->expr->b->value, 24u);  // a@0 b@4 c,d@8 (one short unit) e@16
    EXPECT_EQ(body[1]->expr->b->value, 16u);
    EXPECT_EQ(body[2]->expr->b->value, 4u);
}

TEST(Sema, Actions) {
    EXPECT_EQ(check("BEGIN { trace(1, 2); }").error, "D_PROTO_LEN: trace( ) prototype mismatch: 2 args passed, 1 expected");
    EXPECT_EQ(check("BEGIN { exit(); }").error, "D_PROTO_LEN: exit( ) prototype mismatch: 0 args passed, 1 expected");
    EXPECT_EQ(check("BEGIN { exit(\"a\"); }").error,
              "D_PROTO_ARG: exit( ) argument #1 is incompatible with prototype:\n\tprototype: int\n\t argument: string");
    EXPECT_EQ(check("BEGIN { printf(\"%d\\n\", 1); exit(0); }").error, "");
}

// The subroutine groups' names (each group's own table, by row) are the call table's keys: a
// name listed twice would send its calls to one row only.
TEST(SubrNames, EveryNameInOneGroupOnce) {
    std::set<std::string_view> seen;
    for (auto group : {sema::ustack_subroutine_names, sema::string_subroutine_names,
                       sema::memory_subroutine_names, sema::speculation_subroutine_names,
                       sema::kernel_subroutine_names})
        for (std::string_view name : group()) EXPECT_TRUE(seen.insert(name).second) << name;
    EXPECT_TRUE(seen.count("ustack") && seen.count("speculation") && seen.count("getminor"));
}
