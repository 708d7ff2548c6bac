// The syntax tree of a D program: what the parser produces (ast::Program) and sema consumes.
// Nodes own their children through unique_ptr; every node carries its source range.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bdtrace/diagnostic.h"

namespace bdtrace::ast {

struct Expr;
struct Stmt;
struct TypeName;
struct RecordDecl;
struct EnumDecl;
using ExprPtr = std::unique_ptr<Expr>;
using StmtPtr = std::unique_ptr<Stmt>;

// ---- types and declarations -------------------------------------------------------------

enum class Storage { None, Typedef, Extern, Static, Register, Auto, Self, This };
enum Qualifier : unsigned { QualConst = 1, QualVolatile = 2, QualRestrict = 4, QualUserland = 8 };

// The base of a declaration: a keyword type ("unsigned long long", "string", "void"),
// a typedef name (possibly scoped: vmlinux`task_struct), or a struct/union/enum specifier.
struct BaseType {
    enum class Kind { Keywords, Named, Struct, Union, Enum };
    Kind kind = Kind::Keywords;
    std::vector<std::string> words;  // Keywords: e.g. {"unsigned", "long", "long"}
    std::string name;                // Named: typedef name; Struct/Union/Enum: tag (may be empty)
    std::shared_ptr<RecordDecl> record;  // Struct/Union with a body
    std::shared_ptr<EnumDecl> enumeration;  // Enum with a body
    SourceRange range;
};

struct DeclSpecs {
    Storage storage = Storage::None;
    unsigned quals = 0;
    BaseType base;
    SourceRange range;
};

struct ParamDecl;

// One step of a C declarator, listed from the identifier outwards:
// `int *a[3]` is {Array 3, Pointer}; `int (*f)(int)` is {Pointer, Function}.
struct DeclaratorOp {
    enum class Kind { Pointer, Array, Function };
    Kind kind = Kind::Pointer;
    unsigned quals = 0;           // Pointer: qualifiers after '*'
    ExprPtr size;                 // Array: constant dimension (null for `[]` or assoc)
    std::vector<ParamDecl> params;  // Function params, or Array key types ([int, string])
    bool assoc = false;           // Array whose subscript is a list of types
    bool varargs = false;         // Function with "..."
    SourceRange range;
};

struct Declarator {
    std::string name;  // empty for abstract declarators
    SourceRange name_range;
    std::vector<DeclaratorOp> ops;
    ExprPtr bitfield;  // struct members only
    SourceRange range;
};

struct ParamDecl {
    DeclSpecs specs;
    Declarator decl;
    SourceRange range;
};

// A type written in an expression: a cast, sizeof, offsetof, xlate, translator header.
struct TypeName {
    DeclSpecs specs;
    Declarator decl;  // abstract
    SourceRange range;
};

struct RecordDecl {
    bool is_union = false;
    std::string tag;
    struct Member {
        DeclSpecs specs;
        std::vector<Declarator> declarators;
        SourceRange range;
    };
    std::vector<Member> members;
    SourceRange range;
};

struct EnumDecl {
    std::string tag;
    struct Enumerator {
        std::string name;
        ExprPtr value;  // may be null
        SourceRange range;
    };
    std::vector<Enumerator> enumerators;
    SourceRange range;
};

// ---- expressions ------------------------------------------------------------------------

enum class ExprKind {
    Int,          // integer or character constant
    // Never produced: D has no floating-point constants (the lexer rejects them, as DTrace
    // does). Kept only until sema's check_expr.cpp stops naming it; then delete it.
    String,       // string constant
    Ident,        // identifier: variable, built-in, enumerator, inline, `kernel symbol
    SelfVar,      // self->name
    ThisVar,      // this->name
    Agg,          // @name (only as the target of an aggregation assignment or a call argument)
    Unary,        // op operand (prefix and postfix)
    Binary,       // lhs op rhs, including assignments and the comma operator
    Conditional,  // c ? a : b
    Cast,         // (type) expr
    SizeofType,   // sizeof (type)
    SizeofExpr,   // sizeof expr
    Offsetof,     // offsetof(type, member)
    Stringof,     // stringof expr
    Xlate,        // xlate <type> (expr)
    Call,         // callee(args)
    Index,        // base[args]
    Member,       // base.name or base->name
};

enum class UnaryOp { Plus, Minus, Not, BitNot, Deref, AddrOf, PreInc, PreDec, PostInc, PostDec };

enum class BinaryOp {
    Mul, Div, Mod, Add, Sub, Shl, Shr, Lt, Le, Gt, Ge, Eq, Ne, BitAnd, BitXor, BitOr,
    LogAnd, LogXor, LogOr,
    Assign, MulAssign, DivAssign, ModAssign, AddAssign, SubAssign, ShlAssign, ShrAssign,
    AndAssign, XorAssign, OrAssign,
    Comma
};

const char* unary_op_spelling(UnaryOp op);
const char* binary_op_spelling(BinaryOp op);
bool is_assignment(BinaryOp op);

struct Expr {
    ExprKind kind;
    SourceRange range;

    // Int / String
    uint64_t int_value = 0;
    std::string int_suffix;
    bool int_decimal = true;
    bool is_char = false;
    char int_prefix = 0;  // '+'/'-' of a macro argument's text: int_value is already negated
    std::string text;  // String: bytes; Ident/SelfVar/ThisVar/Agg/Member: name

    // The line DTrace gives this node (yylineno when its parser built it): messages that
    // quote a node, such as "expected actions { } following probe description and
    // predicate", report it. A node completed by a token has that token's line; one completed
    // by a sub-expression is built only once the token after it has been read.
    uint32_t dtrace_line = 0;

    UnaryOp unary_op = UnaryOp::Plus;
    BinaryOp binary_op = BinaryOp::Add;
    bool arrow = false;  // Member: "->" rather than "."

    ExprPtr lhs;   // Unary operand, Binary lhs, Conditional cond, Cast/Stringof/Xlate/SizeofExpr
                   // operand, Call callee, Index base, Member base
    ExprPtr rhs;   // Binary rhs, Conditional true branch
    ExprPtr third; // Conditional false branch
    std::vector<ExprPtr> args;  // Call arguments, Index subscripts
    std::unique_ptr<TypeName> type;  // Cast, SizeofType, Offsetof, Xlate
    std::string member_path;         // Offsetof: member designator as written

    explicit Expr(ExprKind k) : kind(k) {}
};

// ---- statements and clauses -------------------------------------------------------------

enum class StmtKind { Expr, If, Block, Empty, Decl };

struct Declaration;

struct Stmt {
    StmtKind kind;
    SourceRange range;
    ExprPtr expr;                     // Expr: the expression; If: the condition
    std::vector<StmtPtr> body;        // Block: statements; If: the then-branch
    std::vector<StmtPtr> else_body;   // If: the else-branch
    bool has_else = false;
    std::unique_ptr<Declaration> decl;  // Decl: `this int x;` style local declarations
    explicit Stmt(StmtKind k) : kind(k) {}
};

struct ProbeDesc {
    std::string text;  // as written, after macro expansion
    std::string provider, module, function, name;
    std::optional<uint64_t> id;  // a numeric probe id
    SourceRange range;
};

struct Clause {
    std::vector<ProbeDesc> probes;
    ExprPtr predicate;  // null when absent
    bool has_body = false;
    std::vector<StmtPtr> body;
    SourceRange range;
};

// A declaration at program scope (or a this/self declaration inside a clause).
struct Declaration {
    DeclSpecs specs;
    std::vector<Declarator> declarators;  // empty for `struct s { ... };`
    SourceRange range;
};

struct InlineDef {
    DeclSpecs specs;
    Declarator decl;  // may carry an Array op for parameterised inlines: inline int f[int k] = ...
    ExprPtr value;
    SourceRange range;
};

struct TranslatorDef {
    TypeName output;
    TypeName input;
    std::string input_name;  // the identifier bound to the input in member expressions
    struct Member {
        std::string name;
        ExprPtr value;
        SourceRange range;
    };
    std::vector<Member> members;
    SourceRange range;
};

struct ProviderDef {
    std::string name;
    struct Probe {
        std::string name;  // as written (C name, "__" not yet turned into "-")
        std::vector<ParamDecl> params;
        std::vector<ParamDecl> xlated;  // after ':' when present
        bool has_xlated = false;
        SourceRange range;
    };
    std::vector<Probe> probes;
    SourceRange range;
};

// #pragma D <directive> words... / #pragma ident / # <line> "file" control lines.
struct Pragma {
    std::string directive;  // "option", "depends_on", "attributes", "binding", "error", ...
    std::vector<std::string> args;
    SourceRange range;
};

struct TopLevel {
    enum class Kind { Clause, Declaration, Inline, Translator, Provider, Pragma };
    Kind kind;
    std::unique_ptr<Clause> clause;
    std::unique_ptr<Declaration> declaration;
    std::unique_ptr<InlineDef> inline_def;
    std::unique_ptr<TranslatorDef> translator;
    std::unique_ptr<ProviderDef> provider;
    std::unique_ptr<Pragma> pragma;
    explicit TopLevel(Kind k) : kind(k) {}
};

struct Program {
    std::string source_name;
    std::vector<TopLevel> items;
};

}  // namespace bdtrace::ast
