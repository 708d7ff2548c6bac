// Declarations: specifiers, C declarators (pointers, arrays, associative-array signatures,
// function types), struct/union/enum bodies, inline, translator and provider definitions.
#include "frontend/parser.h"

namespace bdtrace::frontend {

using namespace ast;

namespace {

bool is_type_keyword(Tok k) {
    switch (k) {
        case Tok::KwVoid: case Tok::KwChar: case Tok::KwShort: case Tok::KwInt: case Tok::KwLong:
        case Tok::KwFloat: case Tok::KwDouble: case Tok::KwSigned: case Tok::KwUnsigned:
        case Tok::KwString: return true;
        default: return false;
    }
}

unsigned qualifier_of(Tok k) {
    switch (k) {
        case Tok::KwConst: return QualConst;
        case Tok::KwVolatile: return QualVolatile;
        case Tok::KwRestrict: return QualRestrict;
        case Tok::KwUserland: return QualUserland;
        default: return 0;
    }
}

Storage storage_of(Tok k) {
    switch (k) {
        case Tok::KwTypedef: return Storage::Typedef;
        case Tok::KwExtern: return Storage::Extern;
        case Tok::KwStatic: return Storage::Static;
        case Tok::KwRegister: return Storage::Register;
        case Tok::KwAuto: return Storage::Auto;
        case Tok::KwSelf: return Storage::Self;
        case Tok::KwThis: return Storage::This;
        default: return Storage::None;
    }
}

}  // namespace

bool Parser::is_type_name(const std::string& name) const {
    return typedefs_.count(name) != 0 || is_builtin_type_name(name) ||
           (opts_.is_type_name && opts_.is_type_name(name));
}

bool Parser::starts_type_name(size_t n) {
    const Token& t = peek(n);
    if (is_type_keyword(t.kind) || qualifier_of(t.kind) != 0) return true;
    if (t.kind == Tok::KwStruct || t.kind == Tok::KwUnion || t.kind == Tok::KwEnum) return true;
    if (t.kind != Tok::Ident || !is_type_name(t.value)) return false;
    // As DTrace's lexer does: a type name followed by ++, --, [ or = is taken for a variable.
    Tok next = peek(n + 1).kind;
    return next != Tok::PlusPlus && next != Tok::MinusMinus && next != Tok::LBracket &&
           next != Tok::Assign;
}

DeclSpecs Parser::decl_specs(bool allow_storage) {
    DeclSpecs s;
    SourceRange begin = peek().range;
    bool have_type = false, any = false;
    for (;;) {
        const Token& t = peek();
        if (Storage st = storage_of(t.kind); st != Storage::None && allow_storage) {
            if (s.storage != Storage::None)
                error("D_DECL_CLASS", t.range, "only one storage class allowed in a declaration");
            s.storage = st;
        } else if (unsigned q = qualifier_of(t.kind)) {
            s.quals |= q;
        } else if (is_type_keyword(t.kind)) {
            if (s.base.kind != BaseType::Kind::Keywords)
                error("D_DECL_COMBO", t.range, "invalid type combination");
            s.base.words.push_back(t.text);
            have_type = true;
        } else if (t.kind == Tok::KwStruct || t.kind == Tok::KwUnion || t.kind == Tok::KwEnum) {
            if (have_type) error("D_DECL_COMBO", t.range, "invalid type combination");
            Token kw = take();
            std::string tag;
            if (at(Tok::Ident)) tag = take().value;
            if (kw.kind == Tok::KwEnum) {
                s.base.kind = BaseType::Kind::Enum;
                if (at(Tok::LBrace)) s.base.enumeration = enum_body(tag, kw.range);
                else if (tag.empty()) syntax_error(peek());
            } else {
                bool is_union = kw.kind == Tok::KwUnion;
                s.base.kind = is_union ? BaseType::Kind::Union : BaseType::Kind::Struct;
                if (at(Tok::LBrace)) s.base.record = record_body(is_union, tag, kw.range);
                else if (tag.empty()) syntax_error(peek());
            }
            s.base.name = tag;
            s.base.range = span(kw.range, last_);
            have_type = any = true;
            continue;
        } else if (t.kind == Tok::Ident && !have_type && starts_type_name(0)) {
            s.base.kind = BaseType::Kind::Named;
            s.base.name = t.value;
            s.base.range = t.range;
            have_type = true;
        } else {
            break;
        }
        take();
        any = true;
    }
    if (!any) syntax_error(peek());
    s.range = span(begin, last_);
    check_specs(s);
    return s;
}

// declarator: pointers, then a name or a parenthesised declarator, then [..] and (..) suffixes.
// `abstract` declarators (in type names) have no name; parameters may have one or not.
Declarator Parser::declarator(DeclMode mode) {
    const bool abstract = mode == DeclMode::Abstract;
    Declarator d;
    SourceRange begin = peek().range;
    std::vector<DeclaratorOp> pointers;
    while (at(Tok::Star)) {
        DeclaratorOp op;
        op.kind = DeclaratorOp::Kind::Pointer;
        op.range = take().range;
        while (unsigned q = qualifier_of(peek().kind)) {
            op.quals |= q;
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
        Declarator in = declarator(mode);
        expect(Tok::RParen);
        d.name = in.name;
        d.name_range = in.name_range;
        inner = std::move(in.ops);
    }

    std::vector<DeclaratorOp> suffixes;
    for (;;) {
        if (at(Tok::LBracket)) {
            DeclaratorOp op;
            op.kind = DeclaratorOp::Kind::Array;
            SourceRange r = take().range;
            if (at(Tok::RBracket)) {
            } else if (starts_type_name(0)) {
                op.assoc = true;
                op.params = parameter_list(Tok::RBracket, &op.varargs);
            } else {
                op.size = conditional();
            }
            expect(Tok::RBracket);
            op.range = span(r, last_);
            suffixes.push_back(std::move(op));
        } else if (at(Tok::LParen)) {
            DeclaratorOp op;
            op.kind = DeclaratorOp::Kind::Function;
            SourceRange r = take().range;
            op.params = parameter_list(Tok::RParen, &op.varargs);
            expect(Tok::RParen);
            op.range = span(r, last_);
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

std::vector<ParamDecl> Parser::parameter_list(Tok close, bool* varargs) {
    std::vector<ParamDecl> params;
    if (at(close)) return params;
    for (;;) {
        if (at(Tok::Ellipsis)) {
            take();
            *varargs = true;
            break;
        }
        ParamDecl p;
        SourceRange begin = peek().range;
        p.specs = decl_specs(true);
        p.decl = declarator(DeclMode::Either);
        p.range = span(begin, last_);
        params.push_back(std::move(p));
        if (!accept(Tok::Comma)) break;
    }
    return params;
}

std::unique_ptr<TypeName> Parser::type_name() {
    auto t = std::make_unique<TypeName>();
    SourceRange begin = peek().range;
    t->specs = decl_specs(false);
    t->decl = declarator(DeclMode::Abstract);
    t->range = span(begin, last_);
    return t;
}

std::shared_ptr<RecordDecl> Parser::record_body(bool is_union, std::string tag, SourceRange r) {
    auto rec = std::make_shared<RecordDecl>();
    rec->is_union = is_union;
    rec->tag = std::move(tag);
    expect(Tok::LBrace);
    while (!at(Tok::RBrace)) {
        RecordDecl::Member m;
        SourceRange begin = peek().range;
        m.specs = decl_specs(false);
        for (;;) {
            Declarator d;
            if (!at(Tok::Colon)) d = declarator(DeclMode::Named);
            if (accept(Tok::Colon)) d.bitfield = conditional();
            if (d.name.empty() && !d.bitfield) syntax_error(peek());
            check_declarator(m.specs, d, true);
            m.declarators.push_back(std::move(d));
            if (!accept(Tok::Comma)) break;
        }
        expect(Tok::Semi);
        m.range = span(begin, last_);
        rec->members.push_back(std::move(m));
    }
    expect(Tok::RBrace);
    rec->range = span(r, last_);
    return rec;
}

std::shared_ptr<EnumDecl> Parser::enum_body(std::string tag, SourceRange r) {
    auto en = std::make_shared<EnumDecl>();
    en->tag = std::move(tag);
    expect(Tok::LBrace);
    do {
        Token name = take();
        if (name.kind != Tok::Ident) syntax_error(name);
        EnumDecl::Enumerator e;
        e.name = name.value;
        if (accept(Tok::Assign)) e.value = conditional();
        e.range = span(name.range, last_);
        en->enumerators.push_back(std::move(e));
    } while (accept(Tok::Comma));
    expect(Tok::RBrace);
    en->range = span(r, last_);
    return en;
}

std::unique_ptr<Declaration> Parser::declaration() {
    if (at(Tok::Slash) || at(Tok::Comma) || at(Tok::LBrace) || at(Tok::ProbeSpec))
        syntax_error(peek());
    set_mode(LexMode::Expr);
    auto decl = std::make_unique<Declaration>();
    SourceRange begin = peek().range;
    decl->specs = decl_specs(true);
    if (!at(Tok::Semi)) {
        for (;;) {
            Declarator d = declarator(DeclMode::Named);
            if (d.name.empty()) syntax_error(peek());
            check_declarator(decl->specs, d, false);
            if (decl->specs.storage == Storage::Typedef) typedefs_.insert(d.name);
            decl->declarators.push_back(std::move(d));
            if (!accept(Tok::Comma)) break;
        }
    }
    expect(Tok::Semi);
    decl->range = span(begin, last_);
    return decl;
}

std::unique_ptr<InlineDef> Parser::inline_def() {
    set_mode(LexMode::Expr);
    auto def = std::make_unique<InlineDef>();
    SourceRange begin = take().range;  // inline
    def->specs = decl_specs(false);
    def->decl = declarator(DeclMode::Named);
    if (def->decl.name.empty()) syntax_error(peek());
    expect(Tok::Assign);
    def->value = assignment();
    expect(Tok::Semi);
    def->range = span(begin, last_);
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
        bool varargs = false;
        expect(Tok::LParen);
        p.params = parameter_list(Tok::RParen, &varargs);
        expect(Tok::RParen);
        if (accept(Tok::Colon)) {
            p.has_xlated = true;
            expect(Tok::LParen);
            p.xlated = parameter_list(Tok::RParen, &varargs);
            expect(Tok::RParen);
        }
        expect(Tok::Semi);
        p.range = span(pb, last_);
        def->probes.push_back(std::move(p));
    }
    expect(Tok::RBrace);
    expect(Tok::Semi);
    def->range = span(begin, last_);
    return def;
}

}  // namespace bdtrace::frontend
