// Declarations: C declarators (pointers, arrays, associative-array signatures, function
// types), struct/union/enum bodies, inline, translator and provider definitions. Each check
// runs where DTrace's parser makes it, mostly once the token after a construct is read.
#include "frontend/parser.h"

namespace bdtrace::frontend {

using namespace ast;

namespace {

bool is_type_keyword(Tok k) {
    switch (k) {
        case Tok::KwVoid: case Tok::KwChar: case Tok::KwShort: case Tok::KwInt: case Tok::KwLong:
        case Tok::KwFloat: case Tok::KwDouble: case Tok::KwSigned: case Tok::KwUnsigned:
        case Tok::KwString: case Tok::KwConst: case Tok::KwVolatile: case Tok::KwRestrict:
        case Tok::KwUserland: case Tok::KwStruct: case Tok::KwUnion: case Tok::KwEnum:
            return true;
        default: return false;
    }
}

}  // namespace

bool Parser::is_type_name(const std::string& name) const {
    return names_.program_typedef(name) != nullptr || is_builtin_type_name(name) ||
           (opts_.is_type_name && opts_.is_type_name(name));
}

bool Parser::starts_type_name(size_t n, bool outer) {
    const Token& t = peek(n);
    if (is_type_keyword(t.kind)) return true;
    if (t.kind != Tok::Ident) return false;
    if (!is_type_name(t.value)) {
        // A kernel typedef (rwlock_t, __u8) is a type name too, as DTrace's lexer looks names
        // up in the kernel's types. It is asked only where nothing but a type can stand: before
        // `*`, `)` or a declarator's name (a cast, sizeof, a member), so that a program naming
        // no kernel type never loads them.
        Tok next = peek(n + 1).kind;
        return (next == Tok::Star || next == Tok::RParen || next == Tok::Ident) && opts_.is_kernel_type_name &&
               opts_.is_kernel_type_name(t.value);
    }
    if (outer) return true;
    // As DTrace's lexer does in clauses and declarations: a type name followed by ++, --, [
    // or = is taken for a variable. (Oracle's lexer also takes one followed by ';', or by ','
    // outside parentheses; that would reject `int a[uint64_t, string];`, which illumos
    // accepts, so only the rules both share are applied.)
    switch (peek(n + 1).kind) {
        case Tok::PlusPlus: case Tok::MinusMinus: case Tok::LBracket: case Tok::Assign: return false;
        default: return true;
    }
}

// declarator: pointers, then a name or a parenthesised declarator, then [..] and (..) suffixes.
// `abstract` declarators (in type names) have no name; parameters may have one or not.
Declarator Parser::declarator(DeclMode mode, const DeclSpecs& specs) {
    const bool abstract = mode == DeclMode::Abstract;
    Declarator d;
    SourceRange begin = peek().range;
    std::vector<DeclaratorOp> pointers;
    while (at(Tok::Star)) {
        DeclaratorOp op;
        op.kind = DeclaratorOp::Kind::Pointer;
        op.range = take().range;
        for (;;) {
            Tok q = peek().kind;
            if (q == Tok::KwConst) op.quals |= QualConst;
            else if (q == Tok::KwVolatile) op.quals |= QualVolatile;
            else if (q == Tok::KwRestrict) op.quals |= QualRestrict;
            else if (q == Tok::KwUserland) op.quals |= QualUserland;
            else break;
            take();
        }
        pointers.push_back(std::move(op));
    }

    std::vector<DeclaratorOp> inner;
    auto nested_follows = [&] {
        Tok n = peek(1).kind;
        if (n == Tok::Star || n == Tok::LParen) return true;
        if (n == Tok::LBracket) return mode != DeclMode::Named;
        return mode != DeclMode::Abstract && n == Tok::Ident && !is_type_name(peek(1).value);
    };
    if (!abstract && at(Tok::Ident) && !(mode == DeclMode::Either && starts_type_name(0))) {
        Token name = take();
        d.name = name.value;
        d.name_range = name.range;
    } else if (at(Tok::LParen) && nested_follows()) {
        take();
        Declarator in = declarator(mode, specs);
        expect(Tok::RParen);
        d.name = in.name;
        d.name_range = in.name_range;
        inner = std::move(in.ops);
    }

    const bool of_base = pointers.empty() && inner.empty();
    std::vector<DeclaratorOp> suffixes;
    for (;;) {
        bool after_array = !suffixes.empty() && suffixes.back().kind == DeclaratorOp::Kind::Array;
        std::vector<SourceRange> ends;
        if (at(Tok::LBracket)) {
            DeclaratorOp op;
            op.kind = DeclaratorOp::Kind::Array;
            SourceRange r = take().range;
            if (at(Tok::RBracket)) {
            } else if (starts_type_name(0) || at(Tok::Ellipsis)) {  // [...]: refused by the check
                op.assoc = true;
                op.params = parameter_list(Tok::RBracket, &op.varargs, &ends);
            } else {
                op.size = conditional();
            }
            expect(Tok::RBracket);
            op.range = span(r, last_);
            check_array(specs, of_base, after_array, op, ends);
            suffixes.push_back(std::move(op));
        } else if (at(Tok::LParen)) {
            DeclaratorOp op;
            op.kind = DeclaratorOp::Kind::Function;
            SourceRange r = take().range;
            op.params = parameter_list(Tok::RParen, &op.varargs, &ends);
            expect(Tok::RParen);
            op.range = span(r, last_);
            check_prototype(op.params, op.varargs, ends, nullptr, "function",
                            ProtoVarargs | ProtoVoid | ProtoAnon, after_last());
            suffixes.push_back(std::move(op));
        } else {
            break;
        }
    }
    // From the name outwards: the inner declarator, the suffixes, then the pointers nearest
    // the name first.
    for (auto& op : inner) d.ops.push_back(std::move(op));
    for (auto& op : suffixes) d.ops.push_back(std::move(op));
    for (auto it = pointers.rbegin(); it != pointers.rend(); ++it) d.ops.push_back(std::move(*it));
    d.range = span(begin, last_);
    return d;
}

// The parameters of a function type, a key signature or a probe. `ends` receives where DTrace
// stands when it builds each parameter (the token after it), which its messages report.
std::vector<ParamDecl> Parser::parameter_list(Tok close, bool* varargs,
                                              std::vector<SourceRange>* ends) {
    std::vector<ParamDecl> params;
    if (at(close)) return params;
    for (;;) {
        if (at(Tok::Ellipsis)) {
            take();
            *varargs = true;
            ends->push_back(after_last());
            break;
        }
        ParamDecl p;
        SourceRange begin = peek().range;
        p.specs = decl_specs(SpecContext::Parameter);
        p.decl = declarator(DeclMode::Either, p.specs);
        p.range = span(begin, last_);
        SourceRange end = here();
        check_parameter(p, end);
        ends->push_back(end);
        params.push_back(std::move(p));
        if (!accept(Tok::Comma)) break;
    }
    return params;
}

std::unique_ptr<TypeName> Parser::type_name() {
    auto t = std::make_unique<TypeName>();
    SourceRange begin = peek().range;
    t->specs = decl_specs(SpecContext::TypeName);
    t->decl = declarator(DeclMode::Abstract, t->specs);
    t->range = span(begin, last_);
    return t;
}

std::shared_ptr<RecordDecl> Parser::record_body(bool is_union, std::string tag, SourceRange r) {
    auto rec = std::make_shared<RecordDecl>();
    rec->is_union = is_union;
    rec->tag = std::move(tag);
    auto info = std::make_shared<RecordInfo>();
    info->is_union = is_union;
    expect(Tok::LBrace);
    do {  // D's grammar wants at least one member
        RecordDecl::Member m;
        SourceRange begin = peek().range;
        m.specs = decl_specs(SpecContext::Member);
        for (;;) {
            Declarator d;
            if (!at(Tok::Colon)) d = declarator(DeclMode::Named, m.specs);
            if (accept(Tok::Colon)) d.bitfield = conditional();
            if (d.name.empty() && !d.bitfield) syntax_error(peek());
            check_member(m.specs, d, *info, here());
            m.declarators.push_back(std::move(d));
            if (!accept(Tok::Comma)) break;
        }
        expect(Tok::Semi);
        m.range = span(begin, last_);
        rec->members.push_back(std::move(m));
    } while (!at(Tok::RBrace));
    expect(Tok::RBrace);
    rec->range = span(r, last_);
    std::string key = rec->tag.empty() ? "" : (is_union ? "union " : "struct ") + rec->tag;
    names_.define_record(key, rec.get(), std::move(info));
    return rec;
}

std::shared_ptr<EnumDecl> Parser::enum_body(std::string tag, SourceRange r) {
    auto en = std::make_shared<EnumDecl>();
    en->tag = std::move(tag);
    std::string key = en->tag.empty() ? "" : "enum " + en->tag;
    expect(Tok::LBrace);
    int64_t next = 0;
    do {
        Token name = take();
        if (name.kind != Tok::Ident) syntax_error(name);
        EnumDecl::Enumerator e;
        e.name = name.value;
        if (accept(Tok::Assign)) e.value = assignment();
        e.range = span(name.range, last_);
        check_enumerator(*en, e, &next, here());
        en->enumerators.push_back(std::move(e));
    } while (accept(Tok::Comma));
    expect(Tok::RBrace);
    en->range = span(r, last_);
    if (!key.empty()) names_.define_enum(key);
    return en;
}

std::unique_ptr<Declaration> Parser::declaration() {
    if (at(Tok::Slash) || at(Tok::Comma) || at(Tok::LBrace) || at(Tok::ProbeSpec))
        syntax_error(peek());
    // A name at program scope reached here only because it names a type.
    bool outer_type_name = at(Tok::Ident);
    set_mode(LexMode::Expr);
    auto decl = std::make_unique<Declaration>();
    SourceRange begin = peek().range;
    decl->specs = decl_specs(SpecContext::Declaration, outer_type_name);
    if (at(Tok::Semi)) {
        take();
        check_declaration(decl->specs, nullptr, after_last());
    } else {
        for (;;) {
            Declarator d = declarator(DeclMode::Named, decl->specs);
            if (d.name.empty()) syntax_error(peek());
            check_declaration(decl->specs, &d, here());
            decl->declarators.push_back(std::move(d));
            if (!accept(Tok::Comma)) break;
        }
        expect(Tok::Semi);
    }
    decl->range = span(begin, last_);
    return decl;
}

std::unique_ptr<InlineDef> Parser::inline_def() {
    set_mode(LexMode::Expr);
    auto def = std::make_unique<InlineDef>();
    SourceRange begin = take().range;  // inline
    def->specs = decl_specs(SpecContext::Inline);
    def->decl = declarator(DeclMode::Named, def->specs);
    if (def->decl.name.empty()) syntax_error(peek());
    expect(Tok::Assign);
    def->value = assignment();
    expect(Tok::Semi);
    def->range = span(begin, last_);
    check_inline(*def, after_last());
    return def;
}

std::unique_ptr<TranslatorDef> Parser::translator_def() {
    set_mode(LexMode::Expr);
    auto def = std::make_unique<TranslatorDef>();
    SourceRange begin = take().range;  // translator
    def->output = std::move(*type_name());
    expect(Tok::Less);
    def->input = std::move(*type_name());
    Token name = take();
    if (name.kind != Tok::Ident) syntax_error(name);
    def->input_name = name.value;
    expect(Tok::Greater);
    expect(Tok::LBrace);
    while (!at(Tok::RBrace)) {
        TranslatorDef::Member m;
        Token member = take();
        if (member.kind != Tok::Ident) syntax_error(member);
        m.name = member.value;
        expect(Tok::Assign);
        m.value = assignment();
        expect(Tok::Semi);
        m.range = span(member.range, last_);
        def->members.push_back(std::move(m));
    }
    expect(Tok::RBrace);
    expect(Tok::Semi);
    def->range = span(begin, last_);
    check_translator(*def, after_last());
    return def;
}

std::unique_ptr<ProviderDef> Parser::provider_def() {
    set_mode(LexMode::Expr);
    auto def = std::make_unique<ProviderDef>();
    SourceRange begin = take().range;  // provider
    Token name = take();
    if (name.kind != Tok::Ident) syntax_error(name);
    def->name = name.value;
    expect(Tok::LBrace);
    while (!at(Tok::RBrace)) {
        ProviderDef::Probe p;
        SourceRange pb = expect(Tok::KwProbe).range;
        Token pname = take();
        if (pname.kind != Tok::Ident) syntax_error(pname);
        p.name = pname.value;
        bool in_varargs = false, out_varargs = false;
        std::vector<SourceRange> in_ends, out_ends;
        expect(Tok::LParen);
        p.params = parameter_list(Tok::RParen, &in_varargs, &in_ends);
        expect(Tok::RParen);
        if (accept(Tok::Colon)) {
            p.has_xlated = true;
            expect(Tok::LParen);
            p.xlated = parameter_list(Tok::RParen, &out_varargs, &out_ends);
            expect(Tok::RParen);
        }
        expect(Tok::Semi);
        p.range = span(pb, last_);
        check_probe(p, in_ends, in_varargs, out_ends, out_varargs, after_last());
        def->probes.push_back(std::move(p));
    }
    expect(Tok::RBrace);
    expect(Tok::Semi);
    def->range = span(begin, last_);
    check_provider(*def, after_last());
    return def;
}

}  // namespace bdtrace::frontend
