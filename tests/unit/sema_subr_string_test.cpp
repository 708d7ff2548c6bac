// The string and byte-order subroutines in sema: result types, how arguments are passed on,
// strtok()'s hidden state, and DTrace's prototype errors.
#include <gtest/gtest.h>

#include "frontend/parse.h"
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

// The value assigned by statement i of the first clause.
const sema::Node& assigned(const Checked& c, size_t i) { return *c.prog->clauses[0].body[i]->expr->b; }

}  // namespace

TEST(SemaStringSubr, ResultTypes) {
    auto c = check("BEGIN { a = strlen(\"x\"); b = index(\"x\", \"y\"); c = strtoll(\"1\"); d = htons(1);"
                   " e = htonl(1); f = ntohll(1); g = substr(\"abc\", 1); }");
    ASSERT_EQ(c.error, "");
    const sema::Type* t = assigned(c, 0).type;
    EXPECT_EQ(t->size, 8u);
    EXPECT_FALSE(t->is_signed);
    EXPECT_EQ(assigned(c, 1).type->name, "int");
    EXPECT_EQ(assigned(c, 2).type->size, 8u);
    EXPECT_TRUE(assigned(c, 2).type->is_signed);
    EXPECT_EQ(assigned(c, 3).type->size, 2u);
    EXPECT_EQ(assigned(c, 4).type->size, 4u);
    EXPECT_EQ(assigned(c, 5).type->size, 8u);
    EXPECT_TRUE(assigned(c, 6).type->is_string());
    EXPECT_EQ(assigned(c, 6).kind, sema::NodeKind::Subr);
    EXPECT_EQ(assigned(c, 6).subr, sema::Subr::Substr);
}

TEST(SemaStringSubr, CharPointersAreReadAsStrings) {
    auto c = check("char *p; BEGIN { x = strlen(p); y = substr(p, 1); }");
    ASSERT_EQ(c.error, "");
    const sema::Node& n = assigned(c, 0);
    ASSERT_EQ(n.args.size(), 1u);
    EXPECT_EQ(n.args[0]->kind, sema::NodeKind::Cast);
    EXPECT_TRUE(n.args[0]->type->is_string());
    // Integer arguments keep their own type: DTrace passes the 64-bit value.
    EXPECT_EQ(assigned(c, 1).args[1]->type->name, "int");
}

TEST(SemaStringSubr, StrtokKeepsNullAndSharesItsState) {
    auto c = check("BEGIN { x = strtok(\"a,b\", \",\"); y = strtok(NULL, \",\"); }");
    ASSERT_EQ(c.error, "");
    const sema::Node& first = assigned(c, 0);
    const sema::Node& next = assigned(c, 1);
    EXPECT_TRUE(first.args[0]->type->is_string());
    EXPECT_EQ(next.args[0]->kind, sema::NodeKind::Int);
    ASSERT_NE(first.var, nullptr);
    EXPECT_EQ(first.var, next.var);
    EXPECT_EQ(first.var->scope, sema::Variable::Scope::Clause);
    EXPECT_EQ(first.var->type->size, 24u);
}

TEST(SemaStringSubr, PrototypeLengths) {
    EXPECT_EQ(check("BEGIN { x = strlen(); }").error,
              "D_PROTO_LEN: strlen( ) prototype mismatch: 0 args passed, 1 expected");
    EXPECT_EQ(check("BEGIN { x = strjoin(\"a\"); }").error,
              "D_PROTO_LEN: strjoin( ) prototype mismatch: 1 arg passed, 2 expected");
    EXPECT_EQ(check("BEGIN { x = index(\"a\", \"b\", 1, 2); }").error,
              "D_PROTO_LEN: index( ) prototype mismatch: 4 args passed, at least 2 expected");
    EXPECT_EQ(check("BEGIN { x = strtoll(); }").error,
              "D_PROTO_LEN: strtoll( ) prototype mismatch: 0 args passed, at least 1 expected");
    EXPECT_EQ(check("BEGIN { x = inet_ntop(2); }").error,
              "D_PROTO_LEN: inet_ntop( ) prototype mismatch: 1 arg passed, 2 expected");
}

TEST(SemaStringSubr, PrototypeArguments) {
    EXPECT_EQ(check("BEGIN { x = toupper(1); }").error,
              "D_PROTO_ARG: toupper( ) argument #1 is incompatible with prototype:\n"
              "\tprototype: const char *\n\t argument: int");
    EXPECT_EQ(check("BEGIN { x = lltostr(\"1\"); }").error,
              "D_PROTO_ARG: lltostr( ) argument #1 is incompatible with prototype:\n"
              "\tprototype: int64_t\n\t argument: string");
    EXPECT_EQ(check("BEGIN { x = rindex(\"a\", \"b\", \"c\"); }").error,
              "D_PROTO_ARG: rindex( ) argument #3 is incompatible with prototype:\n"
              "\tprototype: int\n\t argument: string");
    EXPECT_EQ(check("BEGIN { x = inet_ntoa6(1); }").error,
              "D_PROTO_ARG: inet_ntoa6( ) argument #1 is incompatible with prototype:\n"
              "\tprototype: in6_addr_t *\n\t argument: int");
    EXPECT_EQ(check("int *p; BEGIN { x = strlen(p); }").error,
              "D_PROTO_ARG: strlen( ) argument #1 is incompatible with prototype:\n"
              "\tprototype: const char *\n\t argument: int *");
    // NULL and void pointers are strings to DTrace (it reads them at run time).
    EXPECT_EQ(check("void *p; BEGIN { x = strlen(p); y = strlen(NULL); z = inet_ntop(2, p); }").error, "");
}
