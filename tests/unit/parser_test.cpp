#include <gtest/gtest.h>

#include "parse_helpers.h"

using bdtrace::test::parse;

namespace {

// The dump of the single expression statement in BEGIN { <expr>; }.
std::string expr(const std::string& e) {
    auto p = parse("BEGIN { " + e + "; }");
    if (!p.error.empty()) return p.error;
    auto pos = p.ast.find("body\n");
    std::string s = p.ast.substr(pos + 5);
    s.erase(0, s.find_first_not_of(' '));
    if (!s.empty() && s.back() == '\n') s.pop_back();
    return s;
}

}  // namespace

TEST(Parser, Precedence) {
    EXPECT_EQ(expr("a + b * c"), "(+ (ident a) (* (ident b) (ident c)))");
    EXPECT_EQ(expr("a - b - c"), "(- (- (ident a) (ident b)) (ident c))");
    EXPECT_EQ(expr("a = b = c"), "(= (ident a) (= (ident b) (ident c)))");
    EXPECT_EQ(expr("a || b ^^ c && d"), "(|| (ident a) (^^ (ident b) (&& (ident c) (ident d))))");
    EXPECT_EQ(expr("a | b ^ c & d"), "(| (ident a) (^ (ident b) (& (ident c) (ident d))))");
    EXPECT_EQ(expr("a == b < c << d"), "(== (ident a) (< (ident b) (<< (ident c) (ident d))))");
    EXPECT_EQ(expr("a ? b : c ? d : e"), "(?: (ident a) (ident b) (?: (ident c) (ident d) (ident e)))");
    EXPECT_EQ(expr("x = a, b"), "(, (= (ident x) (ident a)) (ident b))");
    EXPECT_EQ(expr("-a++"), "(- (post++ (ident a)))");
    EXPECT_EQ(expr("!*p->q[1].r"), "(! (* (. (index (-> (ident p) q) (int 1)) r)))");
    EXPECT_EQ(expr("x += y <<= 2"), "(+= (ident x) (<<= (ident y) (int 2)))");
}

TEST(Parser, UnaryAndTypeOperators) {
    EXPECT_EQ(expr("sizeof (int) + sizeof x"), "(+ (sizeof (type int)) (sizeof (ident x)))");
    EXPECT_EQ(expr("(unsigned char *)p"), "(cast (type pointer to unsigned char) (ident p))");
    EXPECT_EQ(expr("(struct task_struct *)curthread"),
              "(cast (type pointer to struct task_struct) (ident curthread))");
    EXPECT_EQ(expr("stringof p"), "(stringof (ident p))");
    EXPECT_EQ(expr("offsetof(struct foo, bar)"), "(offsetof (type struct foo) bar)");
    EXPECT_EQ(expr("xlate <uint64_t>(x)"), "(xlate (type uint64_t) (ident x))");
    EXPECT_EQ(expr("++self->x"), "(++pre (self x))");
    EXPECT_EQ(expr("this->y = 1"), "(= (this y) (int 1))");
    EXPECT_EQ(expr("@c[probefunc, 1] = count()"),
              "(= (index (agg @c) (ident probefunc) (int 1)) (call (ident count)))");
    EXPECT_EQ(expr("@ = sum(1)"), "(= (agg @_) (call (ident sum) (int 1)))");
}

TEST(Parser, AssignmentNeedsUnaryTarget) {
    EXPECT_EQ(expr("a + b = c"), "D_SYNTAX line 1: syntax error near \"=\"");
}

TEST(Parser, TypedefNamesAreTypes) {
    auto p = parse("typedef int myint_t;\nBEGIN { x = (myint_t)y; }");
    EXPECT_NE(p.ast.find("(cast (type myint_t) (ident y))"), std::string::npos) << p.error;
    EXPECT_EQ(parse("BEGIN { x = uint64_t; }").error, "D_SYNTAX line 1: syntax error near \"uint64_t\"");
    // A type name followed by '=' is taken for a variable, as DTrace's lexer does.
    EXPECT_EQ(parse("BEGIN { uint64_t = 1; }").error, "");
}

TEST(Parser, ProbeDescriptionsFillFromTheRight) {
    auto p = parse("BEGIN, read:entry, vfs:read:entry, syscall::open*:, :::, 123 {}");
    EXPECT_NE(p.ast.find("probe \"\" \"\" \"\" \"BEGIN\""), std::string::npos) << p.ast << p.error;
    EXPECT_NE(p.ast.find("probe \"\" \"\" \"read\" \"entry\""), std::string::npos);
    EXPECT_NE(p.ast.find("probe \"\" \"vfs\" \"read\" \"entry\""), std::string::npos);
    EXPECT_NE(p.ast.find("probe \"syscall\" \"\" \"open*\" \"\""), std::string::npos);
    EXPECT_NE(p.ast.find("probe id=123"), std::string::npos);
}

TEST(Parser, ProbeDescriptionForOtherSpecKinds) {
    bdtrace::frontend::ParseOptions o;
    o.spec_field = bdtrace::frontend::SpecField::Provider;
    auto p = parse("syscall", o, true);
    EXPECT_NE(p.ast.find("probe \"syscall\" \"\" \"\" \"\""), std::string::npos) << p.error;
    EXPECT_EQ(parse("profile:::", o, true).error,
              "D_PDESC_INVAL line 1: invalid probe description \"profile:::\": Overspecified probe "
              "description");
    o.spec_field = bdtrace::frontend::SpecField::Function;
    p = parse("vmlinux:do_sys_open", o, true);
    EXPECT_NE(p.ast.find("probe \"\" \"vmlinux\" \"do_sys_open\" \"\""), std::string::npos);
    EXPECT_EQ(parse("a:b:c:d:e {}").error,
              "D_PDESC_INVAL line 1: invalid probe description \"a:b:c:d:e\": Overspecified probe "
              "description");
}

TEST(Parser, MacrosInProbeDescriptions) {
    bdtrace::frontend::ParseOptions o;
    o.args = {"s.d", "read", "77"};
    o.macros = {{"target", 4321}};
    auto p = parse("pid$target:a.out::entry, syscall::$1:entry, pid$2x:::, syscall::$$1:return {}", o);
    EXPECT_NE(p.ast.find("probe \"pid4321\" \"a.out\" \"\" \"entry\""), std::string::npos) << p.error;
    EXPECT_NE(p.ast.find("probe \"syscall\" \"\" \"read\" \"entry\""), std::string::npos);
    EXPECT_NE(p.ast.find("probe \"pid77x\" \"\" \"\" \"\""), std::string::npos);
    EXPECT_NE(p.ast.find("probe \"syscall\" \"\" \"read\" \"return\""), std::string::npos);
    EXPECT_EQ(parse("syscall::$3:entry {}", o).error,
              "D_PDESC_INVAL line 1: invalid probe description \"syscall::$3:entry\": Undefined "
              "macro variable in probe description");
}

TEST(Parser, ClauseForms) {
    EXPECT_EQ(parse("BEGIN").error,
              "D_SYNTAX line 1: expected predicate and/or actions following probe description");
    EXPECT_EQ(parse("BEGIN", {}, true).error, "");
    EXPECT_EQ(parse("BEGIN /1/", {}, true).error, "");
    EXPECT_EQ(parse("BEGIN { trace(1) }").error, "");  // last statement may omit ';'
    EXPECT_EQ(parse("BEGIN { ; ; trace(1); ; }").error, "");
    EXPECT_EQ(parse("BEGIN { trace(1) trace(2) }").error, "D_SYNTAX line 1: syntax error near \"trace\"");
    EXPECT_EQ(parse("BEGIN {}\n};").error, "D_SYNTAX line 2: syntax error near \"}\"");
    EXPECT_EQ(parse("BEGIN {\n").error, "D_SYNTAX line 2: syntax error near end of input");
    EXPECT_EQ(parse("BEGIN { while (1) {} }").error, "D_SYNTAX line 1: syntax error near \"while\"");
}

TEST(Parser, IfElse) {
    auto p = parse("BEGIN { if (a) b = 1; else if (c) { d = 2; } else e = 3; }");
    EXPECT_NE(p.ast.find("if (ident a)\n      (= (ident b) (int 1))\n    else\n      if (ident c)"),
              std::string::npos)
        << p.ast << p.error;
    EXPECT_EQ(parse("BEGIN { if (a) b = 1 }").error, "D_SYNTAX line 1: syntax error near \"}\"");
}

TEST(Parser, Declarations) {
    auto p = parse(
        "int a, *b, c[4][2];\nself int t;\nthis string s;\nint x[int, string];\n"
        "struct s { int f : 3; unsigned g : 5; char *h[2]; };\nunion u { int i; long l; };\n"
        "enum e { A, B = 4, C };\ntypedef struct s s_t;\ns_t *ps;\nint (*fp)(int, ...);\n"
        "extern int vmlinux`jiffies;");
    ASSERT_EQ(p.error, "");
    EXPECT_NE(p.ast.find("declare c: array[(int 4)] of array[(int 2)] of int"), std::string::npos);
    EXPECT_NE(p.ast.find("declare t: self int"), std::string::npos) << p.ast;
    EXPECT_NE(p.ast.find("declare x: assoc[int, string] of int"), std::string::npos);
    EXPECT_NE(p.ast.find("member f: int : (int 3)"), std::string::npos);
    EXPECT_NE(p.ast.find("declare ps: pointer to s_t"), std::string::npos);
    EXPECT_NE(p.ast.find("declare fp: pointer to function(int, ...) returning int"), std::string::npos);
}

TEST(Parser, DeclarationErrors) {
    EXPECT_EQ(parse("long long long x;").error, "D_DECL_LONGINT line 1: long long long is too long");
    EXPECT_EQ(parse("signed unsigned x;").error, "D_DECL_COMBO line 1: invalid type combination");
    EXPECT_EQ(parse("short char x;").error, "D_DECL_COMBO line 1: invalid type combination");
    EXPECT_EQ(parse("void v;").error, "D_DECL_VOIDOBJ line 1: cannot have void object: v");
    EXPECT_EQ(parse("int x = 1;").error, "D_SYNTAX line 1: syntax error near \"=\"");
    EXPECT_EQ(parse("struct s { int f : 65; };").error,
              "D_DECL_BFSIZE line 1: bit-field size must be > 0 and <= 64: f");
}

TEST(Parser, InlineTranslatorProvider) {
    auto p = parse(
        "inline int NCPU = 4;\ninline string NAME = \"x\";\n"
        "translator int64_t < struct task_struct *T > { };\n"
        "typedef struct info { int pid; } info_t;\n"
        "translator info_t < struct task_struct *T > { pid = T->pid; };\n"
        "provider app { probe start(int, char *); probe req__done(int) : (int); };\n"
        "BEGIN { x = xlate <info_t *>(curthread)->pid; }");
    ASSERT_EQ(p.error, "");
    EXPECT_NE(p.ast.find("inline NCPU: int = (int 4)"), std::string::npos) << p.ast;
    EXPECT_NE(p.ast.find("translator (type info_t) < (type pointer to struct task_struct) T >\n  pid = (-> (ident T) pid)"),
              std::string::npos) << p.ast;
    EXPECT_NE(p.ast.find("probe req__done(int) : (int)"), std::string::npos);
    EXPECT_NE(p.ast.find("(-> (xlate (type pointer to info_t) (ident curthread)) pid)"), std::string::npos);
}

TEST(Parser, RecoversToReportLaterErrors) {
    bdtrace::frontend::SourceBuffer src("t.d", "BEGIN { x = ; }\nint y\nEND { /* a /* */ }\ntick-1s { z = 1; }\n");
    bdtrace::DiagnosticList diags;
    auto r = bdtrace::frontend::parse_program(src, {}, diags);
    ASSERT_EQ(diags.error_count(), 2u);
    EXPECT_EQ(diags.items()[0].range.begin.line, 1u);
    EXPECT_EQ(diags.items()[1].range.begin.line, 3u);  // "int y END" is "syntax error near END"
    ASSERT_FALSE(r.program->items.empty());
    EXPECT_EQ(r.program->items.back().kind, bdtrace::ast::TopLevel::Kind::Clause);
}
