// Program scope: clauses, probe descriptions, statements; and the token stream.
#include "frontend/parser.h"

namespace bdtrace::frontend {

using namespace ast;

Parser::Parser(const SourceBuffer& src, const ParseOptions& opts, DiagnosticList& diags)
    : src_(src), opts_(opts), diags_(diags), lexer_(src, opts, diags) {
    lexer_.on_control = [this](Pragma& p) { pending_pragmas_.push_back(std::move(p)); };
    lexer_.is_type = [this](const std::string& name) { return is_type_name(name); };
    if (opts.known) names_ = *opts.known;
}

// ---- token stream -----------------------------------------------------------------------

const Token& Parser::peek(size_t n) {
    while (ahead_.size() <= n) ahead_.push_back(lexer_.next(mode_));
    return ahead_[n];
}

Token Parser::take() {
    peek();
    Token t = std::move(ahead_.front());
    ahead_.pop_front();
    last_ = t.range;
    last_lex_line_ = t.lex_line;
    if (recorder) recorder->push_back(t);
    return t;
}

SourceRange Parser::here() {
    const Token& t = peek();
    SourceRange r = t.range;
    r.begin.line = r.end.line = t.lex_line;
    return r;
}

SourceRange Parser::after_last() const {
    SourceRange r = last_;
    r.begin.line = r.end.line = last_lex_line_;
    return r;
}

bool Parser::accept(Tok k) {
    if (!at(k)) return false;
    take();
    return true;
}

Token Parser::expect(Tok k) {
    if (!at(k)) syntax_error(peek());
    return take();
}

void Parser::set_mode(LexMode m) {
    if (m == mode_) return;
    if (!ahead_.empty()) {
        lexer_.rewind(ahead_.front());
        ahead_.clear();
    }
    mode_ = m;
}

void Parser::syntax_error(const Token& t) {
    // Reported where DTrace's lexer stands once it has read the offending token.
    SourceRange r = t.range;
    r.begin.line = r.end.line = t.lex_line;
    if (t.kind == Tok::End) error("D_SYNTAX", r, "syntax error near end of input");
    error("D_SYNTAX", r, "syntax error near \"" + t.text + "\"");
}

void Parser::error(Tag tag, SourceRange r, const std::string& msg) {
    diags_.error(tag, r, msg);
    throw ParseAbort{};
}

// ---- program scope ----------------------------------------------------------------------

ParseResult Parser::run() {
    ParseResult result;
    result.program = std::make_unique<Program>();
    result.program->source_name = src_.name();
    try {
        top_level(*result.program);
    } catch (const ParseAbort&) {
    } catch (const LexAbort&) {
    }
    result.arg_referenced = lexer_.arg_referenced();
    result.end = lexer_.range(src_.text().size(), src_.text().size());
    result.file_tags = lexer_.file_tags();
    result.names = std::make_shared<const DeclaredNames>(names_);
    return result;
}

void Parser::top_level(Program& prog) {
    auto flush_pragmas = [&] {
        for (auto& p : pending_pragmas_) {
            TopLevel item(TopLevel::Kind::Pragma);
            item.pragma = std::make_unique<Pragma>(std::move(p));
            prog.items.push_back(std::move(item));
        }
        pending_pragmas_.clear();
    };
    for (;;) {
        try {
            set_mode(LexMode::Outer);
            if (peek().kind == Tok::End) break;
            flush_pragmas();
            prog.items.push_back(top_level_item());
        } catch (const ParseAbort&) {
            if (!recover()) break;
        } catch (const LexAbort&) {
            if (!recover()) break;
        }
        flush_pragmas();
    }
    flush_pragmas();
}

TopLevel Parser::top_level_item() {
    switch (peek().kind) {
        case Tok::ProbeSpec:
        case Tok::IntLit: {
            TopLevel item(TopLevel::Kind::Clause);
            item.clause = clause();
            return item;
        }
        case Tok::KwInline: {
            TopLevel item(TopLevel::Kind::Inline);
            item.inline_def = inline_def();
            return item;
        }
        case Tok::KwTranslator: {
            TopLevel item(TopLevel::Kind::Translator);
            item.translator = translator_def();
            return item;
        }
        case Tok::KwProvider: {
            TopLevel item(TopLevel::Kind::Provider);
            item.provider = provider_def();
            return item;
        }
        default: {
            TopLevel item(TopLevel::Kind::Declaration);
            item.declaration = declaration();
            return item;
        }
    }
}

// After an error, skip to the end of the clause or declaration it occurred in (a '}' that
// closes the outermost brace, or a ';' outside braces) so later items can still be checked.
// DTrace itself stops at the first error; the further ones are extra information.
bool Parser::recover() {
    if (diags_.error_count() >= kMaxErrors) return false;
    ahead_.clear();
    mode_ = LexMode::Expr;
    int depth = 0;
    lexer_.suppress_errors = true;
    for (;;) {
        Token t;
        try {
            t = lexer_.next(LexMode::Expr);
        } catch (const LexAbort&) {
            if (!lexer_.skip_char()) return false;
            continue;
        }
        if (t.kind == Tok::End) return false;
        if (t.kind == Tok::LBrace) ++depth;
        if (t.kind == Tok::RBrace && --depth <= 0) break;
        if (t.kind == Tok::Semi && depth == 0) break;
    }
    lexer_.suppress_errors = false;
    lexer_.parens = lexer_.brackets = 0;
    lexer_.reset_braces();
    return true;
}

std::unique_ptr<Clause> Parser::clause() {
    auto c = std::make_unique<Clause>();
    SourceRange begin = peek().range;
    for (;;) {
        Token t = take();
        if (t.kind != Tok::ProbeSpec && t.kind != Tok::IntLit) syntax_error(t);
        c->probes.push_back(probe_desc(t));
        if (!accept(Tok::Comma)) break;
    }
    // What follows the descriptions: a predicate, a body, or (on the command line) nothing.
    if (at(Tok::Slash)) {
        take();
        set_mode(LexMode::Expr);
        lexer_.parens = lexer_.brackets = 0;
        c->predicate = expression();
        if (!at(Tok::PredSlash)) syntax_error(peek());
        take();
        if (!at(Tok::LBrace)) {
            // DTrace's grammar takes a predicate without a body, whatever follows, only to
            // reject it, at the line of the predicate's expression (files and -n alike).
            SourceRange r = c->predicate->range;
            r.begin.line = r.end.line = c->predicate->dtrace_line;
            error("D_SYNTAX", r, "expected actions { } following probe description and predicate");
        }
        take();
        c->has_body = true;
        c->body = statement_list();
        expect(Tok::RBrace);
    } else if (at(Tok::LBrace)) {
        take();
        set_mode(LexMode::Expr);
        c->has_body = true;
        c->body = statement_list();
        expect(Tok::RBrace);
    } else if (!opts_.command_line) {
        error("D_SYNTAX", c->probes.front().range,
              "expected predicate and/or actions following probe description");
    }
    c->range = span(begin, last_);
    return c;
}

// statement_list: statements, the last of which may omit its ';'. Stops before '}'.
std::vector<StmtPtr> Parser::statement_list() {
    std::vector<StmtPtr> out;
    while (!at(Tok::RBrace)) {
        if (at(Tok::End)) syntax_error(peek());
        out.push_back(statement());
    }
    return out;
}

StmtPtr Parser::statement() {
    SourceRange begin = peek().range;
    if (accept(Tok::Semi)) {
        auto s = std::make_unique<Stmt>(StmtKind::Empty);
        s->range = begin;
        return s;
    }
    if (at(Tok::KwIf)) {
        take();
        auto s = std::make_unique<Stmt>(StmtKind::If);
        expect(Tok::LParen);
        s->expr = expression();
        expect(Tok::RParen);
        s->body = statement_or_block();
        if (accept(Tok::KwElse)) {
            s->has_else = true;
            s->else_body = statement_or_block();
        }
        s->range = span(begin, last_);
        return s;
    }
    auto s = std::make_unique<Stmt>(StmtKind::Expr);
    s->expr = expression();
    if (!accept(Tok::Semi) && !at(Tok::RBrace)) syntax_error(peek());
    s->range = span(begin, last_);
    return s;
}

std::vector<StmtPtr> Parser::statement_or_block() {
    if (at(Tok::LBrace)) {
        SourceRange begin = take().range;
        auto block = std::make_unique<Stmt>(StmtKind::Block);
        block->body = statement_list();
        expect(Tok::RBrace);
        block->range = span(begin, last_);
        std::vector<StmtPtr> out;
        out.push_back(std::move(block));
        return out;
    }
    std::vector<StmtPtr> out;
    // A lone statement inside if/else must end with ';' even before '}'.
    SourceRange begin = peek().range;
    if (at(Tok::KwIf) || at(Tok::Semi)) {
        out.push_back(statement());
        return out;
    }
    auto s = std::make_unique<Stmt>(StmtKind::Expr);
    s->expr = expression();
    expect(Tok::Semi);
    s->range = span(begin, last_);
    out.push_back(std::move(s));
    return out;
}

std::vector<Token> lex_all(const SourceBuffer& src, const ParseOptions& opts, DiagnosticList& diags) {
    std::vector<Token> tokens;
    Parser p(src, opts, diags);
    p.recorder = &tokens;
    p.run();
    return tokens;
}

ParseResult parse_program(const SourceBuffer& src, const ParseOptions& opts, DiagnosticList& diags) {
    Parser p(src, opts, diags);
    return p.run();
}

}  // namespace bdtrace::frontend
