// The recursive-descent parser of D. Internal to the front end: parse.h is the interface.
#pragma once

#include <deque>
#include <set>
#include <string>

#include "frontend/ast.h"
#include "frontend/lexer.h"
#include "frontend/parse.h"

namespace bdtrace::frontend {

// Thrown after the first error: DTrace reports one syntax error and stops.
struct ParseAbort {};

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
    [[noreturn]] void error(const std::string& tag, SourceRange r, const std::string& msg);
    SourceRange span(SourceRange a, SourceRange b) const { return {a.begin, b.end}; }
    SourceRange last_range() const { return last_; }

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
    ast::ExprPtr conditional();
    ast::ExprPtr binary(int min_prec);
    ast::ExprPtr cast_expression();
    ast::ExprPtr unary();
    ast::ExprPtr postfix();
    ast::ExprPtr primary();
    std::vector<ast::ExprPtr> argument_list(Tok close);

    // ---- declarations (parse_decl.cpp) ----
    bool is_type_name(const std::string& name) const;
    bool starts_type_name(size_t n);  // does peek(n) begin a type name?
    ast::DeclSpecs decl_specs(bool allow_storage);
    enum class DeclMode { Named, Abstract, Either };  // must, must not, may have a name
    ast::Declarator declarator(DeclMode mode);
    std::unique_ptr<ast::TypeName> type_name();
    std::vector<ast::ParamDecl> parameter_list(Tok close, bool* varargs);
    std::shared_ptr<ast::RecordDecl> record_body(bool is_union, std::string tag, SourceRange r);
    std::shared_ptr<ast::EnumDecl> enum_body(std::string tag, SourceRange r);
    std::unique_ptr<ast::Declaration> declaration();
    std::unique_ptr<ast::InlineDef> inline_def();
    std::unique_ptr<ast::TranslatorDef> translator_def();
    std::unique_ptr<ast::ProviderDef> provider_def();
    void check_specs(const ast::DeclSpecs& specs);  // decl_check.cpp
    void check_declarator(const ast::DeclSpecs& specs, const ast::Declarator& d, bool member);

private:
    const SourceBuffer& src_;
    const ParseOptions& opts_;
    DiagnosticList& diags_;
    Lexer lexer_;
    LexMode mode_ = LexMode::Outer;
    std::deque<Token> ahead_;
    SourceRange last_;
    std::set<std::string> typedefs_;
    std::vector<ast::Pragma> pending_pragmas_;
};

}  // namespace bdtrace::frontend
