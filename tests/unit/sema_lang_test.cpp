// D's language rules that DTrace's own tests exercise (issue 17): stores through writable
// pointers, E1[E2] as *(E1 + E2), struct values, NULL and string typing, declarations,
// variables first assigned in predicates, 64-bit constant folding, constant ?: folding.
#include <gtest/gtest.h>

#include "frontend/parse.h"
#include "sema/sema.h"

using namespace bdtrace;

namespace {

struct Checked {
    std::unique_ptr<sema::TypedProgram> prog;
    std::string error;  // "TAG: message"
    uint32_t line = 0;
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
    if (diags.has_errors()) {
        c.error = diags.items()[0].tag + ": " + diags.items()[0].message;
        c.line = diags.items()[0].range.begin.line;
    }
    return c;
}

const sema::Node& first_expr(const Checked& c) { return *c.prog->clauses[0].body[0]->expr; }

}  // namespace

TEST(SemaLang, ConstantConditionSelectsItsBranchWhileParsing) {
    // An action in the branch a constant condition chooses stands as a statement of its own.
    auto c = check("inline int LT_ON = 1;\nBEGIN { LT_ON ? printf(\"on\\n\") : 1; }");
    ASSERT_EQ(c.error, "");
    ASSERT_EQ(c.prog->clauses[0].body[0]->kind, sema::Stmt::Kind::Action);
    EXPECT_EQ(c.prog->clauses[0].body[0]->action->kind, sema::ActionKind::Printf);
    c = check("inline int LT_OFF = 0;\nBEGIN { LT_OFF ? printf(\"on\\n\") : trace(1); }");
    ASSERT_EQ(c.error, "");
    EXPECT_EQ(c.prog->clauses[0].body[0]->action->kind, sema::ActionKind::Trace);
    // A condition known only at run time keeps the rule: an action has no value (void), which
    // no other operand of ?: matches.
    EXPECT_EQ(check("BEGIN { pid ? printf(\"x\") : 1; }").error,
              "D_OP_INCOMPAT: operator ?: operands must have compatible types");
}

TEST(SemaLang, StoresThroughWritablePointers) {
    auto c = check("struct lt_s { int a; char b; };\n"
                   "BEGIN { lt_p = (char *)alloca(4); lt_p[1] = 'x'; *lt_p = 'y'; lt_p[2]++;\n"
                   "this->q = (struct lt_s *)alloca(8); this->q->a += 2; }");
    ASSERT_EQ(c.error, "");
    const auto& body = c.prog->clauses[0].body;
    EXPECT_EQ(body[1]->expr->kind, sema::NodeKind::Store);
    EXPECT_EQ(body[2]->expr->kind, sema::NodeKind::Store);
    EXPECT_EQ(body[3]->expr->kind, sema::NodeKind::IncDec);
    EXPECT_EQ(body[5]->expr->kind, sema::NodeKind::Store);
    EXPECT_EQ(body[5]->expr->op, sema::Op::Add);
    // What a built-in variable or a constant points at is not D's to write.
    EXPECT_EQ(check("BEGIN { execname[0] = 'x'; }").error,
              "D_OP_WRITE: operator = can only be applied to a writable variable");
    EXPECT_EQ(check("BEGIN { *\"abc\" = 'x'; }").error,
              "D_OP_WRITE: operator = can only be applied to a writable variable");
    EXPECT_EQ(check("BEGIN { probefunc[1]++; }").error,
              "D_OP_WRITE: operator ++ can only be applied to a writable variable");
    // A cast to a pointer type may be written through (checked when it runs).
    EXPECT_EQ(check("BEGIN { *(int *)arg0 = 1; }").error, "");
}

TEST(SemaLang, DeclaredArraysAreIndexedAsPointers) {
    auto c = check("int lt_a[5];\nBEGIN { lt_a[1] = 2; lt_x = lt_a[4]; lt_p = &lt_a[0]; lt_y = lt_p[3]; }");
    ASSERT_EQ(c.error, "");
    EXPECT_EQ(c.prog->clauses[0].body[0]->expr->kind, sema::NodeKind::Store);
    EXPECT_EQ(c.prog->globals[1]->type->name, "int");
    EXPECT_EQ(check("int lt_a[5];\nBEGIN {\nlt_a[5] = 0;\n}").error,
              "D_ARR_BOUNDS: index outside array bounds: 5, max is 5");
    EXPECT_EQ(check("int lt_a[5];\nBEGIN { trace(lt_a[-1]); }").error,
              "D_ARR_BOUNDS: index outside array bounds: -1, max is 5");
    EXPECT_EQ(check("int lt_a[5];\nBEGIN { lt_a[1, 2] = 1; }").error,
              "D_ARR_BADREF: cannot access scalar lt_a as an associative array");
    EXPECT_EQ(check("this int lt_n;\nBEGIN { lt_v = this->lt_x[1]; }").error,
              "D_ARR_LOCAL: local variables may not be used as associative arrays: lt_x");
    EXPECT_EQ(check("BEGIN { lt_i = 1; lt_v = lt_i[0]; }").error,
              "D_DEREF_NONPTR: cannot dereference non-pointer type");
}

TEST(SemaLang, StringsAreIndexedAndOffsetAsTheirCharacters) {
    auto c = check("BEGIN { lt_c = execname[0]; lt_s = \"abc\"; lt_d = lt_s[1]; lt_t = lt_s + 1; lt_e = *lt_s; }");
    ASSERT_EQ(c.error, "");
    EXPECT_EQ(c.prog->globals[0]->type->name, "char");
    EXPECT_EQ(c.prog->globals[2]->type->name, "char");
    EXPECT_EQ(c.prog->globals[3]->type->name, "string");
    EXPECT_EQ(c.prog->globals[4]->type->name, "char");
    // self->s[i] on a declared self-> string is not an associative array.
    EXPECT_EQ(check("self string lt_s;\nBEGIN { lt_c = self->lt_s[0]; }").error, "");
}

TEST(SemaLang, NullIsTheIntegerZero) {
    auto c = check("BEGIN { lt_n = sizeof (NULL); }");
    ASSERT_EQ(c.error, "");
    EXPECT_EQ(first_expr(c).b->value, 4u);
    // It is accepted wherever a pointer or a string is; zero assigned to a string empties it.
    EXPECT_EQ(check("BEGIN { self->lt_s = \"x\"; self->lt_s = 0; this->lt_t = \"y\"; this->lt_t = NULL;\n"
                    "lt_p = (char *)0; lt_p = NULL; }").error,
              "");
    // A string's characters may be pointed at by a char *.
    EXPECT_EQ(check("char *lt_p;\nBEGIN { lt_p = probeprov; lt_c = lt_p[0]; }").error, "");
    EXPECT_EQ(check("BEGIN { lt_q = (char *)execname; }").error, "");
}

TEST(SemaLang, DeclaredSelfVariablesAreDistinct) {
    auto c = check("self int lt_a;\nself int lt_b;\nBEGIN { self->lt_b = 4; self->lt_a = 5; }");
    ASSERT_EQ(c.error, "");
    ASSERT_EQ(c.prog->dynamic_vars.size(), 2u);
    EXPECT_NE(c.prog->dynamic_vars[0]->dyn_id, c.prog->dynamic_vars[1]->dyn_id);
}

TEST(SemaLang, TypedAssociativeArrayDeclarations) {
    auto c = check("int lt_m[string, int];\nBEGIN { lt_m[\"x\", 1] = 2; lt_v = lt_m[\"y\", 2]; }");
    ASSERT_EQ(c.error, "");
    EXPECT_TRUE(c.prog->globals[0]->assoc);
    EXPECT_EQ(c.prog->globals[0]->keys.size(), 2u);
    EXPECT_EQ(check("int lt_m[string];\nBEGIN { lt_m[1] = 2; }").error,
              "D_PROTO_ARG: lt_m[ ] key #1 is incompatible with prototype:\n\tprototype: string\n\t      key: int");
    EXPECT_EQ(check("self int lt_m[int];\nBEGIN { self->lt_m[1] = 2; }").error, "");
}

TEST(SemaLang, VariablesAPredicateAssignsAreKnownToTheActions) {
    EXPECT_EQ(check("BEGIN /(this->lt_a = 7) || 1/ { trace(this->lt_a); }").error, "");
    EXPECT_EQ(check("BEGIN /lt_i++ < 3/ { trace(lt_i); }").error, "");
    // A name neither assigns is reported where the predicate uses it, as DTrace does.
    auto c = check("BEGIN\n/lt_x != 0/\n{\nexit(lt_x);\n}");
    EXPECT_EQ(c.error, "D_IDENT_UNDEF: failed to resolve lt_x: Unknown variable name");
    EXPECT_EQ(c.line, 2u);
}

TEST(SemaLang, ConstantsFoldIn64Bits) {
    // DTrace keeps a folded constant's 64-bit value whatever its type (an int here).
    auto c = check("BEGIN { lt_x = (1 << 63) - 1; lt_y = 0x7fffffff + 1; }");
    ASSERT_EQ(c.error, "");
    EXPECT_EQ(c.prog->clauses[0].body[0]->expr->b->value, 0x7fffffffffffffffULL);
    EXPECT_EQ(c.prog->clauses[0].body[1]->expr->b->value, 0x80000000ULL);
    // Casts narrow as DTrace folds them.
    c = check("BEGIN { lt_c = (char)0x1ff; lt_u = (unsigned char)-1; lt_l = (long)-1; }");
    ASSERT_EQ(c.error, "");
    EXPECT_EQ(c.prog->clauses[0].body[0]->expr->b->value, uint64_t(-1));
    EXPECT_EQ(c.prog->clauses[0].body[1]->expr->b->value, 255u);
    EXPECT_EQ(c.prog->clauses[0].body[2]->expr->b->value, uint64_t(-1));
}

TEST(SemaLang, CharacterConstants) {
    // \? and \' keep their backslash (DTrace's stresc2chr), so each is two characters packed
    // into one value, the first the most significant.
    auto c = check("BEGIN { lt_a = 'ab'; lt_b = '\\?'; lt_c = '\\''; lt_d = '\\\\'; lt_e = 'abcde'; }");
    ASSERT_EQ(c.error, "");
    const auto& body = c.prog->clauses[0].body;
    EXPECT_EQ(body[0]->expr->b->value, 0x6162u);
    EXPECT_EQ(body[1]->expr->b->value, uint64_t('\\') << 8 | '?');
    EXPECT_EQ(body[2]->expr->b->value, uint64_t('\\') << 8 | '\'');
    EXPECT_EQ(body[3]->expr->b->value, uint64_t('\\'));
    EXPECT_EQ(c.prog->globals[4]->type->name, "long");
}

TEST(SemaLang, StructValues) {
    // The checks share one type table: each program declares a struct of its own name.
    auto decl = [](const std::string& tag) {
        return "struct " + tag + " { int a; char b; };\nstruct " + tag + " lt_v;\nstruct " + tag + " lt_w;\n";
    };
    // Whole-struct assignment, a member of a struct cast to its own type.
    EXPECT_EQ(check(decl("lt_s1") + "BEGIN { lt_w = lt_v; lt_i = ((struct lt_s1)lt_v).a; }").error, "");
    // Struct dynamic variables (a member read and written), struct keys, zero deleting one.
    EXPECT_EQ(check(decl("lt_s2") + "BEGIN { self->lt_t = lt_v; lt_j = self->lt_t.a; self->lt_t.b = 'c';\n"
                                    "lt_k[lt_v] = 1; lt_u[1] = lt_v; lt_u[1] = 0; }")
                  .error,
              "");
    EXPECT_EQ(check(decl("lt_s3") + "BEGIN { lt_w = 1; }").error,
              "D_OP_INCOMPAT: operands have incompatible types: \"struct lt_s3\" = \"int\"");
    // A type scoped by its module: D`T is the program's own.
    EXPECT_EQ(check(decl("lt_s4") + "BEGIN { lt_o = offsetof(struct D`lt_s4, b); }").error, "");
    // offsetof of a struct nothing defines.
    EXPECT_EQ(check("BEGIN { lt_o = offsetof(struct lt_nowhere, x); }").error,
              "D_OFFSETOF_TYPE: offsetof operand must be a struct or union type");
}

TEST(SemaLang, PrototypesAndEnumsInUnions) {
    // A prototype declares a function (as an extern does); an enum may be defined in a union.
    auto c = check("int lt_fn(int);\nextern int lt_ext(int, char *);\n"
                   "union lt_un { enum lt_col { LT_RED, LT_GREEN = 5 } c; int i; };\nunion lt_un lt_uv;\n"
                   "BEGIN { lt_uv.c = LT_GREEN; lt_x = lt_uv.i + LT_RED; }");
    ASSERT_EQ(c.error, "");
    EXPECT_EQ(c.prog->globals.size(), 2u);  // lt_uv and lt_x
}

TEST(SemaLang, NarrowOperandsAreNotWidenedToInt) {
    // D ranks the two operand types (width, then unsigned above signed) and the higher one is
    // the result: unlike C, char + char stays a char.
    auto c = check(
        "BEGIN { lt_a = (char)1 + (char)2; lt_b = (unsigned char)1 + (signed char)2;"
        " lt_c = (short)1 + (unsigned char)2; lt_d = (unsigned short)1 * 2; lt_e = 1u + 2; }");
    ASSERT_EQ(c.error, "");
    EXPECT_EQ(c.prog->globals[0]->type->name, "char");
    EXPECT_EQ(c.prog->globals[1]->type->name, "unsigned char");
    EXPECT_EQ(c.prog->globals[2]->type->name, "short");
    EXPECT_EQ(c.prog->globals[3]->type->name, "int");
    EXPECT_EQ(c.prog->globals[4]->type->name, "unsigned int");
}

TEST(SemaLang, AssociativeArraysTakeAtMostEightKeys) {
    EXPECT_EQ(check("BEGIN { lt_a[1, 2, 3, 4, 5, 6, 7, 8] = 1; }").error, "");
    EXPECT_EQ(check("BEGIN { lt_a[1, 2, 3, 4, 5, 6, 7, 8, 9] = 1; }").error,
              ": Insufficient tuple registers to generate code");
}
