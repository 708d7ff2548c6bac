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

// System-wide pid descriptions (pid*:FILE:function:name): D has no '/' in a description, so a
// path comes in through a macro argument, substituted whole into the module field (DTrace's
// limit of 63 characters applies to it).
TEST(Parser, PathModuleThroughAMacroArgument) {
    bdtrace::frontend::ParseOptions o;
    o.args = {"s.d", "/usr/local/bin/app", "/" + std::string(70, 'x')};
    auto p = parse("pid*:$1:main:entry, p*d:$1::return {}", o);
    EXPECT_NE(p.ast.find("probe \"pid*\" \"/usr/local/bin/app\" \"main\" \"entry\""), std::string::npos) << p.error;
    EXPECT_NE(p.ast.find("probe \"p*d\" \"/usr/local/bin/app\" \"\" \"return\""), std::string::npos);
    EXPECT_EQ(parse("pid*:$2:main:entry {}", o).error,
              "D_PDESC_INVAL line 1: invalid probe description \"pid*:$2:main:entry\": File name too long");
    // Written out, the path's '/' begins a predicate: no description holds it.
    EXPECT_NE(parse("pid*:/usr/local/bin/app:main:entry {}").error, "");
}

// Beyond DTrace: a double-quoted field after a ':' holds a path (and ':'s), taken literally.
TEST(Parser, QuotedFieldHoldsAPath) {
    auto p = parse("pid*:\"/usr/lib/x86_64-linux-gnu/libc.so.6\":malloc:entry, p*d:\"/opt/a:b/$1\"::return /1/ {}");
    EXPECT_NE(p.ast.find("probe \"pid*\" \"/usr/lib/x86_64-linux-gnu/libc.so.6\" \"malloc\" \"entry\""),
              std::string::npos) << p.error;
    EXPECT_NE(p.ast.find("probe \"p*d\" \"/opt/a:b/$1\" \"\" \"return\""), std::string::npos) << p.ast;
    EXPECT_EQ(parse("pid*:\"/usr/bin/app:main:entry {}").error,
              "D_SYNTAX line 1: unterminated quoted field in probe description");
    // Only after a ':': a description never begins with a quote.
    EXPECT_NE(parse("\"pid*\":libc.so.6:malloc:entry {}").error, "");
}

TEST(Parser, ClauseForms) {
    EXPECT_EQ(parse("BEGIN").error,
              "D_SYNTAX line 1: expected predicate and/or actions following probe description");
    EXPECT_EQ(parse("BEGIN", {}, true).error, "");
    // A predicate needs a body, on the command line too; the line is the predicate's.
    EXPECT_EQ(parse("BEGIN /1/", {}, true).error,
              "D_SYNTAX line 1: expected actions { } following probe description and predicate");
    EXPECT_EQ(parse("BEGIN\n/1/\n\n;").error,
              "D_SYNTAX line 2: expected actions { } following probe description and predicate");
    // A node built by an operator takes the line DTrace reached reading the token after it.
    EXPECT_EQ(parse("BEGIN\n/1 +\n1/\n\n;").error,
              "D_SYNTAX line 5: expected actions { } following probe description and predicate");
    // Anything else after the second '/' makes it a division.
    EXPECT_EQ(parse("BEGIN\n/1/\nEND {}").error, "D_SYNTAX line 3: syntax error near \"{\"");
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
        "extern int jiffies;");
    ASSERT_EQ(p.error, "");
    EXPECT_NE(p.ast.find("declare c: array[(int 4)] of array[(int 2)] of int"), std::string::npos);
    EXPECT_NE(p.ast.find("declare t: self int"), std::string::npos) << p.ast;
    EXPECT_NE(p.ast.find("declare x: assoc[int, string] of int"), std::string::npos);
    EXPECT_NE(p.ast.find("member f: int : (int 3)"), std::string::npos);
    EXPECT_NE(p.ast.find("declare ps: pointer to s_t"), std::string::npos);
    EXPECT_NE(p.ast.find("declare fp: pointer to function(int, ...) returning int"), std::string::npos);
}

TEST(Parser, DeclarationErrors) {
    EXPECT_EQ(parse("void v;").error, "D_DECL_VOIDOBJ line 1: cannot have void object: v");
    EXPECT_EQ(parse("int x = 1;").error, "D_SYNTAX line 1: syntax error near \"=\"");
    EXPECT_EQ(parse("struct s { int f : 65; };").error,
              "D_DECL_BFSIZE line 1: bit-field too big for type: f");
}

// Type specifiers are checked one word at a time, as DTrace's dt_decl_spec/dt_decl_attr do:
// the first word that makes the combination invalid is reported.
TEST(Parser, TypeSpecifierChecks) {
    EXPECT_EQ(parse("int char x;").error, "D_DECL_COMBO line 1: invalid type combination");
    EXPECT_EQ(parse("double double x;").error, "D_DECL_COMBO line 1: invalid type combination");
    EXPECT_EQ(parse("short\nchar x;").error,
              "D_DECL_CHARATTR line 2: invalid type declaration: short and long may not be used "
              "with char type");
    EXPECT_EQ(parse("char long x;").error,
              "D_DECL_CHARATTR line 1: invalid type declaration: short and long may not be used "
              "with char type");
    EXPECT_EQ(parse("void unsigned *x;").error,
              "D_DECL_VOIDATTR line 1: invalid type declaration: attributes may not be used with "
              "void type");
    EXPECT_EQ(parse("struct s { int a; };\nunsigned struct s x;").error,
              "D_DECL_SIGNINT line 2: invalid type declaration: signed and unsigned may only be "
              "used with integer type");
    EXPECT_EQ(parse("unsigned uint64_t x;").error,
              "D_DECL_SIGNINT line 1: invalid type declaration: signed and unsigned may only be "
              "used with integer type");
    EXPECT_EQ(parse("long struct s x;").error,
              "D_DECL_LONGINT line 1: invalid type declaration: long and long long may only be "
              "used with integer or floating-point type");
    EXPECT_EQ(parse("self this int x;").error,
              "D_DECL_CLASS line 1: only one storage class allowed in a declaration");
    // A type name may be scoped by its module (D`s is the program's own struct s).
    EXPECT_EQ(parse("struct a`b { int x; };").error, "");
    // Accepted by those checks; short is even ignored before a typedef name.
    EXPECT_EQ(parse("long double d; unsigned long long int u; short uint64_t s;").error, "");
    // Keyword spellings D has no type for fail when DTrace looks the type up.
    EXPECT_EQ(parse("long long long x;").error,
              "D_UNKNOWN line 1: failed to resolve type long long long : Unknown type name");
    EXPECT_EQ(parse("signed unsigned x;").error,
              "D_UNKNOWN line 1: failed to resolve type signed unsigned : Unknown type name");
    EXPECT_EQ(parse("struct s { int a; };\nstruct s { int b; };").error,
              "D_DECL_TYPERED line 2: type redeclared: struct s");
}

TEST(Parser, DeclarationNameChecks) {
    EXPECT_EQ(parse("int;").error, "D_DECL_USELESS line 1: useless declaration");
    EXPECT_EQ(parse("struct s;\nenum e { A };").error, "");
    EXPECT_EQ(parse("int a`b;").error,
              "D_DECL_SCOPE line 1: D scoping operator may not be used in a declaration name (a`b)");
    EXPECT_EQ(parse("auto int x;").error,
              "D_DECL_BADCLASS line 1: specified storage class not appropriate in D");
    // A function prototype is an extern declaration, whatever its class.
    EXPECT_EQ(parse("static int f(int);").error, "");
    EXPECT_EQ(parse("int a[];").error,
              "D_DECL_ARRNULL line 1: array declaration requires array dimension or tuple "
              "signature: a");
    EXPECT_EQ(parse("int size_t;").error, "D_DECL_IDRED line 1: typedef identifier redeclared: size_t");
    EXPECT_EQ(parse("typedef int t;\ntypedef int t;").error, "D_DECL_IDRED line 2: typedef redeclared: t");
    EXPECT_EQ(parse("int x;\ntypedef int x;").error,
              "D_DECL_IDRED line 2: global variable identifier redeclared: x");
    EXPECT_EQ(parse("int x;\nchar *x;").error,
              "D_DECL_IDRED line 2: identifier redeclared: x\n\t current: scalar char *\n"
              "\tprevious: scalar int");
    EXPECT_EQ(parse("int x; int x; self int x; this char x;").error, "");
    EXPECT_EQ(parse("this int a[int];").error,
              "D_DECL_LOCASSC line 1: associative arrays may not be declared as local variables: a");
    EXPECT_EQ(parse("typedef void v_t;\nv_t x;").error, "D_DECL_VOIDOBJ line 2: cannot have void object: x");
}

TEST(Parser, ArrayChecks) {
    EXPECT_EQ(parse("int a[4][string];").error,
              "D_DECL_DYNOBJ line 1: cannot declare array of associative arrays");
    EXPECT_EQ(parse("int a[string][4];").error, "");
    EXPECT_EQ(parse("void a[2];").error, "D_DECL_VOIDOBJ line 1: cannot declare array of void");
    EXPECT_EQ(parse("void *a[2];").error, "");
    const std::string arrsub =
        "D_DECL_ARRSUB line 1: positive integral constant expression or tuple signature expected "
        "as array declaration subscript";
    EXPECT_EQ(parse("int a[0];").error, arrsub);
    EXPECT_EQ(parse("int a[1 - 2];").error, arrsub);
    EXPECT_EQ(parse("int a[x];").error, arrsub);
    // Unsigned constants are positive whatever their bits; casts and sizeof fold.
    EXPECT_EQ(parse("int a[-1u]; int b[(char)257]; int c[sizeof (long) * 2];").error, "");
    EXPECT_EQ(parse("int a[(unsigned char)256];").error, arrsub);
    EXPECT_EQ(parse("int a[0x100000000];").error, "D_DECL_ARRBIG line 1: array dimension too big");
    // Integer inlines and enumerators are constants.
    EXPECT_EQ(parse("inline int N = 2 * 2;\nenum e { A = N - 4 };\nint a[A];").error,
              "D_DECL_ARRSUB line 3" + arrsub.substr(arrsub.find(':')));
}

TEST(Parser, MemberChecks) {
    EXPECT_EQ(parse("struct s { };").error, "D_SYNTAX line 1: syntax error near \"}\"");
    EXPECT_EQ(parse("enum e { };").error, "D_SYNTAX line 1: syntax error near \"}\"");
    EXPECT_EQ(parse("struct s { int a`b; };").error,
              "D_DECL_SCOPE line 1: D scoping operator may not be used in a member name (a`b)");
    EXPECT_EQ(parse("struct s { int a[int]; };").error, "D_DECL_DYNOBJ line 1: cannot have dynamic member: a");
    EXPECT_EQ(parse("struct s { void v; };").error, "D_DECL_VOIDOBJ line 1: cannot have void member: v");
    EXPECT_EQ(parse("struct s { int : 0; int a : 0; };").error,
              "D_DECL_BFCONST line 1: positive integral constant expression expected as bit-field size");
    EXPECT_EQ(parse("enum e { A };\nstruct s { enum e x : 2; };").error,
              "D_DECL_BFTYPE line 2: invalid type for bit-field: x");
    EXPECT_EQ(parse("struct s { double : 2; };").error, "D_DECL_BFTYPE line 1: invalid type for bit-field: (anon)");
    EXPECT_EQ(parse("struct s { uint8_t b : 9; };").error, "D_DECL_BFSIZE line 1: bit-field too big for type: b");
    EXPECT_EQ(parse("union u { int a;\nchar a; };").error,
              "D_UNKNOWN line 2: failed to define member 'a': Duplicate member or variable name");
}

TEST(Parser, EnumeratorChecks) {
    EXPECT_EQ(parse("enum e { A`B };").error,
              "D_DECL_SCOPE line 1: D scoping operator may not be used in an enumerator name (A`B)");
    // Reported with the token after the value.
    EXPECT_EQ(parse("enum e { A = \"x\"\n};").error,
              "D_DECL_ENCONST line 2: enumerator 'A' must be assigned to an integral constant expression");
    EXPECT_EQ(parse("enum e { A = 0x80000000 };").error,
              "D_DECL_ENOFLOW line 1: enumerator 'A' value overflows INT_MAX (2147483647)");
    EXPECT_EQ(parse("enum e { A = -2147483648, B = A + 1, C = B / 2 };").error, "");
    EXPECT_EQ(parse("enum e { A = -2147483647, B = A * 2 };").error,
              "D_DECL_ENOFLOW line 1: enumerator 'B' value overflows INT_MAX (2147483647)");
    EXPECT_EQ(parse("enum e { A, A };").error,
              "D_UNKNOWN line 1: failed to define enumerator 'A': Duplicate member or variable name");
    EXPECT_EQ(parse("enum e { A };\nenum f { A };").error, "D_DECL_IDRED line 2: identifier redeclared: A");
}

TEST(Parser, PrototypeChecks) {
    EXPECT_EQ(parse("int f(static int);").error,
              "D_DECL_PARMCLASS line 1: inappropriate storage class for function or associative "
              "array parameter");
    EXPECT_EQ(parse("int f(register int, ...);").error, "");
    EXPECT_EQ(parse("int a[int, ...];").error,
              "D_DECL_PROTO_VARARGS line 1: array prototype may not use a variable-length argument list");
    EXPECT_EQ(parse("int a[void];").error,
              "D_DECL_PROTO_TYPE line 1: array prototype may not use parameter of type void: "
              "(anonymous), parameter #1");
    EXPECT_EQ(parse("int f(int, int k[int]);").error,
              "D_DECL_PROTO_TYPE line 1: function prototype may not use parameter of type dynamic "
              "variable: k, parameter #2");
    EXPECT_EQ(parse("int f(void v);").error, "D_DECL_PROTO_NAME line 1: void parameter may not have a name: v");
    EXPECT_EQ(parse("int f(int a, char a);").error,
              "D_DECL_PROTO_FORM line 1: parameter is already declared in function prototype: a, "
              "parameter #2");
    EXPECT_EQ(parse("int f(void, int);").error, "D_DECL_PROTO_VOID line 1: void must be sole parameter");
    EXPECT_EQ(parse("int f(void);").error, "");
}

TEST(Parser, DefinitionChecks) {
    EXPECT_EQ(parse("inline static int X = 1;").error,
              "D_DECL_BADCLASS line 1: specified storage class not appropriate for inline declaration");
    EXPECT_EQ(parse("int X;\ninline int X = 1;").error,
              "D_DECL_IDRED line 2: identifier redefined: X\n\t current: inline definition\n"
              "\tprevious: scalar ");
    EXPECT_EQ(parse("inline int F[int k] = k;\ninline int F = 1;").error,
              "D_DECL_IDRED line 2: identifier redefined: F\n\t current: inline definition\n"
              "\tprevious: associative array inline");
    EXPECT_EQ(parse("inline int A[] = 1;").error,
              "D_DECL_ARRNULL line 1: inline declaration requires array tuple signature: A");
    EXPECT_EQ(parse("inline void V = 1;").error, "D_DECL_VOIDOBJ line 1: cannot declare void inline: V");
    EXPECT_EQ(parse("translator int < int x > { };").error,
              "D_XLATE_SOU line 1: translator output type must be a struct or union");
    EXPECT_EQ(parse("struct o { int a; };\ntranslator struct o < int *x > { };\n"
                    "translator struct o < int *y > { a = 1; };").error,
              "D_XLATE_REDECL line 3: translator from int * to struct o has already been declared");
    EXPECT_EQ(parse("provider p { probe a__b(int x) : (char *y); };").error,
              "D_DECL_PROTO_FORM line 1: parameter is not declared in probe output prototype: y, "
              "parameter #1");
    EXPECT_EQ(parse("provider p { probe a`b(); };").error,
              "D_PROV_BADNAME line 1: probe name may not contain scoping operator: ::a`b");
    EXPECT_EQ(parse("provider p1 { probe a(); };").error,
              "D_PROV_BADNAME line 1: provider name may not end with a digit: p1");
    EXPECT_EQ(parse("provider p { probe a(int, ...); };").error,
              "D_DECL_PROTO_VARARGS line 1: probe input prototype may not use a variable-length "
              "argument list");
}

TEST(Parser, ExpressionChecks) {
    EXPECT_EQ(expr("x / 0"), "D_DIV_ZERO line 1: expression contains division by zero");
    EXPECT_EQ(expr("x %= 2 - 2"), "D_DIV_ZERO line 1: expression contains division by zero");
    EXPECT_EQ(expr("x / (char)256"), "D_DIV_ZERO line 1: expression contains division by zero");
    EXPECT_EQ(expr("x / (1 ? 0 : 1)"), "D_DIV_ZERO line 1: expression contains division by zero");
    EXPECT_EQ(expr("x / (1, 0)"), "(/ (ident x) (, (int 1) (int 0)))");
    EXPECT_EQ(parse("inline int Z = 0;\nBEGIN { x = 1 /\nZ; }").error,
              "D_DIV_ZERO line 3: expression contains division by zero");
    EXPECT_EQ(expr("(1)(2)"), "D_FUNC_IDENT line 1: function designator is not of function type");
    EXPECT_EQ(expr("f(1)(2)"), "D_FUNC_IDENT line 1: function designator is not of function type");
    EXPECT_EQ(expr("(f)(2)"), "(call (ident f) (int 2))");
    EXPECT_EQ(expr("sizeof (void)"), "D_SIZEOF_TYPE line 1: cannot apply sizeof to an operand of unknown size");
    EXPECT_EQ(expr("offsetof(long, x)"), "D_OFFSETOF_TYPE line 1: offsetof operand must be a struct or union type");
    EXPECT_EQ(parse("struct s { int a : 3; int b : 8; };\nBEGIN { x = offsetof(struct s, b); "
                    "y = offsetof(struct s, a); }").error,
              "D_OFFSETOF_BITFIELD line 2: cannot take offset of a bit-field: a");
    EXPECT_EQ(expr("9223372036854775808"),
              "D_INT_OFLOW line 1: integer constant 0x8000000000000000 cannot be represented in "
              "any built-in integral type");
    EXPECT_EQ(expr("9223372036854775808u + 0x8000000000000000"),
              "(+ (int 9223372036854775808 u) (int 9223372036854775808))");
    EXPECT_EQ(expr("(long long long)1"),
              "D_UNKNOWN line 1: failed to resolve type long long long : Unknown type name");
}

TEST(Parser, ProbeIdentifiers) {
    EXPECT_EQ(parse("4294967295 {}").error, "");
    EXPECT_EQ(parse("4294967296 {}").error,
              "D_PDESC_INVAL line 1: identifier 4294967296 exceeds maximum probe id");
    bdtrace::frontend::ParseOptions o;
    o.spec_field = bdtrace::frontend::SpecField::Module;
    EXPECT_EQ(parse("12", o, true).error,
              "D_PDESC_INVAL line 1: probe identifier 12 not permitted when specifying modules");
}

TEST(Parser, InlineTranslatorProvider) {
    auto p = parse(
        "inline int NCPU = 4;\ninline string NAME = \"x\";\n"
        "translator struct info2 < struct task_struct *T > { };\n"
        "typedef struct info { int pid; } info_t;\n"
        "translator info_t < struct task_struct *T > { pid = T->pid; };\n"
        "provider app { probe start(int, char *); probe req__done(int r) : (int r); };\n"
        "BEGIN { x = xlate <info_t *>(curthread)->pid; }");
    ASSERT_EQ(p.error, "");
    EXPECT_NE(p.ast.find("inline NCPU: int = (int 4)"), std::string::npos) << p.ast;
    EXPECT_NE(p.ast.find("translator (type info_t) < (type pointer to struct task_struct) T >\n  pid = (-> (ident T) pid)"),
              std::string::npos) << p.ast;
    EXPECT_NE(p.ast.find("probe req__done(r: int) : (r: int)"), std::string::npos);
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

TEST(Parser, KeywordsAsMemberNames) {
    // After . and -> a member may be named like a D keyword (the kernel's cgroup has a `self`).
    EXPECT_EQ(parse("BEGIN { lt_x = lt_y.self; lt_z = lt_p->this; lt_w = lt_q->self.string; }").error, "");
    EXPECT_EQ(parse("BEGIN { lt_x = lt_y.; }").error, "D_SYNTAX line 1: syntax error near \";\"");
}

TEST(Parser, ConstantConditionKeepsItsBranch) {
    // dt_node_op3: a condition that folds selects its branch while parsing.
    auto r = parse("inline int LT_ON = 2 - 1;\nBEGIN { LT_ON ? printf(\"x\") : lt_y; }");
    ASSERT_EQ(r.error, "");
    EXPECT_EQ(r.ast.find("?:"), std::string::npos) << r.ast;
    EXPECT_NE(r.ast.find("printf"), std::string::npos) << r.ast;
    EXPECT_EQ(r.ast.find("lt_y"), std::string::npos) << r.ast;
    // A condition known only at run time stays.
    EXPECT_NE(parse("BEGIN { lt_c ? 1 : 2; }").ast.find("?:"), std::string::npos);
}
