// The recursive-descent parser of D. Internal to the front end: parse.h is the interface.
#pragma once

#include <deque>
#include <set>
#include <string>

#include "frontend/ast.h"
#include "frontend/declared_names.h"
#include "frontend/lexer.h"
#include "frontend/parse.h"

namespace bdtrace::frontend {

// Thrown after the first error: DTrace reports one syntax error and stops.
struct ParseAbort {};

// Where declaration specifiers appear: which storage classes the grammar allows there.
enum class SpecContext {
    Declaration,  // program scope: every class, self and this included
    Parameter,    // function, key and probe parameters: not self or this first
    Inline,       // after "inline": the grammar takes any class, the check rejects it
    Member,       // struct and union members: no class
    TypeName,     // casts, sizeof, offsetof, xlate, translators: no class
};

// What DTrace's prototype check allows (dt_decl_prototype's flags).
enum ProtoFlags : unsigned { ProtoVarargs = 1, ProtoDynamic = 2, ProtoVoid = 4, ProtoAnon = 8 };

class Parser {
public:
    Parser(const SourceBuffer& src, const ParseOptions& opts, DiagnosticList& diags);
    ParseResult run();
    // Every token the parser consumes, in order, with the mode it was lexed in (token dump).
    std::vector<Token>* recorder = nullptr;

    // ---- token stream (parser.cpp) ----
    const Token& peek(size_t n = 0);
    Token take();
    bool at(Tok k) { return peek().kind == k; }
    bool accept(Tok k);
    Token expect(Tok k);
    void set_mode(LexMode m);
    [[noreturn]] void syntax_error(const Token& t);
    [[noreturn]] void error(Tag tag, SourceRange r, const std::string& msg);
    SourceRange span(SourceRange a, SourceRange b) const { return {a.begin, b.end}; }
    SourceRange last_range() const { return last_; }
    // Where DTrace stands once it has read the next token (the line it reports for checks
    // made when a rule is reduced on that lookahead), and once it read the last token.
    SourceRange here();
    SourceRange after_last() const;
    uint32_t lookahead_line() { return here().begin.line; }
    uint32_t last_line() const { return last_lex_line_; }

    // ---- program scope (parser.cpp) ----
    void top_level(ast::Program& prog);
    ast::TopLevel top_level_item();
    bool recover();
    static constexpr size_t kMaxErrors = 20;
    std::unique_ptr<ast::Clause> clause();
    ast::ProbeDesc probe_desc(const Token& t);  // probe_desc.cpp
    std::vector<ast::StmtPtr> statement_list();
    ast::StmtPtr statement();
    std::vector<ast::StmtPtr> statement_or_block();

    // ---- expressions (parse_expr.cpp) ----
    ast::ExprPtr expression();
    ast::ExprPtr assignment();
    ast::ExprPtr conditional();       // folded when the condition is a constant
    ast::ExprPtr conditional_tree();  // as written
    ast::ExprPtr fold_conditional(ast::ExprPtr e);
    ast::ExprPtr binary(int min_prec);
    ast::ExprPtr cast_expression();
    ast::ExprPtr unary();
    ast::ExprPtr postfix();
    ast::ExprPtr primary();
    ast::ExprPtr primary_node();
    std::vector<ast::ExprPtr> argument_list(Tok close);

    // ---- checks DTrace makes while it builds expression nodes (expr_check.cpp) ----
    void check_integer_constant(const Token& t);
    void check_binary(const ast::Expr& e);
    void check_call(const ast::Expr& callee);
    void check_sizeof_type(const ast::TypeName& t);
    void check_offsetof(const ast::TypeName& t, const std::string& member);
    void check_type_name(const ast::TypeName& t, SourceRange at);

    // ---- declarations (parse_decl.cpp) ----
    bool is_type_name(const std::string& name) const;
    // Does peek(n) begin a type name? `outer`: the token was read at program scope, where
    // DTrace's lexer does not look at the token after a type name.
    bool starts_type_name(size_t n, bool outer = false);
    enum class DeclMode { Named, Abstract, Either };  // must, must not, may have a name
    ast::Declarator declarator(DeclMode mode, const ast::DeclSpecs& specs);
    std::unique_ptr<ast::TypeName> type_name();
    std::vector<ast::ParamDecl> parameter_list(Tok close, bool* varargs,
                                               std::vector<SourceRange>* ends);
    std::shared_ptr<ast::RecordDecl> record_body(bool is_union, std::string tag, SourceRange r);
    std::shared_ptr<ast::EnumDecl> enum_body(std::string tag, SourceRange r);
    std::unique_ptr<ast::Declaration> declaration();
    std::unique_ptr<ast::InlineDef> inline_def();
    std::unique_ptr<ast::TranslatorDef> translator_def();
    std::unique_ptr<ast::ProviderDef> provider_def();

    // ---- declaration specifiers (decl_specs.cpp) ----
    ast::DeclSpecs decl_specs(SpecContext ctx, bool outer = false);
    // dt_decl_type's lookup of a keyword-spelled type ("long long long" fails).
    void check_resolves(const ast::DeclSpecs& specs, SourceRange at);

    // ---- declarator checks (declarator_check.cpp) ----
    // An array suffix, when its ']' is read. `of_base`: its elements are the specifiers' type
    // itself (no pointer or parenthesised declarator in between).
    void check_array(const ast::DeclSpecs& specs, bool of_base, bool after_array,
                     const ast::DeclaratorOp& op, const std::vector<SourceRange>& ends);
    void check_declaration(const ast::DeclSpecs& specs, const ast::Declarator* d, SourceRange at);
    void check_member(const ast::DeclSpecs& specs, const ast::Declarator& d, RecordInfo& rec,
                      SourceRange at);
    void check_enumerator(const ast::EnumDecl& en, const ast::EnumDecl::Enumerator& e,
                          int64_t* next_value, SourceRange at);

    // ---- prototypes (proto_check.cpp) ----
    void check_parameter(const ast::ParamDecl& p, SourceRange at);
    int check_prototype(const std::vector<ast::ParamDecl>& params, bool varargs,
                        const std::vector<SourceRange>& ends,
                        const std::vector<ast::ParamDecl>* formal, const char* kind,
                        unsigned flags, SourceRange at);

    // ---- definitions (definition_check.cpp) ----
    void check_inline(const ast::InlineDef& def, SourceRange at);
    void check_translator(const ast::TranslatorDef& def, SourceRange at);
    void check_probe(const ast::ProviderDef::Probe& p, const std::vector<SourceRange>& in_ends,
                     bool in_varargs, const std::vector<SourceRange>& out_ends, bool out_varargs,
                     SourceRange at);
    void check_provider(const ast::ProviderDef& def, SourceRange at);

    const DeclaredNames& names() const { return names_; }

private:
    const SourceBuffer& src_;
    const ParseOptions& opts_;
    DiagnosticList& diags_;
    Lexer lexer_;
    LexMode mode_ = LexMode::Outer;
    std::deque<Token> ahead_;
    SourceRange last_;
    uint32_t last_lex_line_ = 0;
    DeclaredNames names_;
    std::vector<ast::Pragma> pending_pragmas_;
};

}  // namespace bdtrace::frontend
