// Declaration specifiers: storage classes, qualifiers, keyword types, typedef names and
// struct/union/enum specifiers, checked one at a time in the order written, as DTrace's
// dt_decl_class/dt_decl_spec/dt_decl_attr do. DTrace keeps a kind, at most one type name and
// a set of attributes (short, long, long long, signed, unsigned) and checks their combination
// after every word, so the first word that makes it invalid is the one reported.
#include <algorithm>

#include "frontend/parser.h"

namespace bdtrace::frontend {

using namespace ast;

namespace {

enum Attr : unsigned { Short = 1, Long = 2, LongLong = 4, Signed = 8, Unsigned = 16, Qual = 32 };

struct SpecState {
    enum class Kind { Unknown, Integer, Float, Typedef, Struct, Union, Enum };
    bool exists = false;  // DTrace has a declaration once a specifier or qualifier is seen
    Kind kind = Kind::Unknown;
    std::string name;  // set by the specifiers that name a type; attributes never do
    unsigned attr = 0;
};

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

bool storage_allowed(SpecContext ctx, Storage st, bool first) {
    switch (ctx) {
        case SpecContext::Declaration:
        case SpecContext::Inline: return true;
        case SpecContext::Parameter:
            return !(first && (st == Storage::Self || st == Storage::This));
        default: return false;
    }
}

class SpecChecker {
public:
    explicit SpecChecker(Parser& p) : p_(p) {}

    // A word that names the type (dt_decl_spec). A typedef name after a named type never
    // gets here: the parser takes it for the declarator, as DTrace's lexer does.
    void spec(SpecState::Kind kind, const std::string& name, SourceRange at) {
        if (!st.name.empty() || st.kind != SpecState::Kind::Unknown)
            p_.error("D_DECL_COMBO", at, "invalid type combination");
        st.exists = true;
        st.kind = kind;
        st.name = name;  // a scoped name (``struct D`s``, ``vmlinux`task_struct``) is resolved by sema
        check(at);
    }

    // short, long, signed, unsigned and the qualifiers (dt_decl_attr).
    void attr(unsigned a, SourceRange at) {
        if (!st.exists) {
            st.exists = true;
            st.attr = a;
            return;
        }
        if (a == Long && (st.attr & Long)) {
            st.attr &= ~Long;
            a = LongLong;
        }
        st.attr |= a;
        check(at);
    }

    SpecState st;

private:
    void check(SourceRange at) {
        using K = SpecState::Kind;
        if (st.kind == K::Unknown) return;
        if (st.name == "char" && (st.attr & (Short | Long | LongLong)))
            p_.error("D_DECL_CHARATTR", at,
                     "invalid type declaration: short and long may not be used with char type");
        if (st.name == "void" && (st.attr & (Short | Long | LongLong | Signed | Unsigned)))
            p_.error("D_DECL_VOIDATTR", at,
                     "invalid type declaration: attributes may not be used with void type");
        if (st.kind != K::Integer && (st.attr & (Signed | Unsigned)))
            p_.error("D_DECL_SIGNINT", at,
                     "invalid type declaration: signed and unsigned may only be used with "
                     "integer type");
        if (st.kind != K::Integer && st.kind != K::Float && (st.attr & (Long | LongLong)))
            p_.error("D_DECL_LONGINT", at,
                     "invalid type declaration: long and long long may only be used with "
                     "integer or floating-point type");
    }

    Parser& p_;
};

}  // namespace

DeclSpecs Parser::decl_specs(SpecContext ctx, bool outer) {
    using K = SpecState::Kind;
    DeclSpecs s;
    SpecChecker c(*this);
    SourceRange begin = peek().range;
    bool any = false;
    for (;;) {
        const Token& t = peek();
        Storage st = storage_of(t.kind);
        if (st != Storage::None && storage_allowed(ctx, st, !any)) {
            if (s.storage != Storage::None)
                error("D_DECL_CLASS", t.range, "only one storage class allowed in a declaration");
            s.storage = st;
        } else if (unsigned q = qualifier_of(t.kind)) {
            s.quals |= q;
            c.attr(Qual, t.range);
        } else if (t.kind == Tok::KwShort || t.kind == Tok::KwLong || t.kind == Tok::KwSigned ||
                   t.kind == Tok::KwUnsigned) {
            s.base.words.push_back(t.text);
            c.attr(t.kind == Tok::KwShort  ? Short
                   : t.kind == Tok::KwLong ? Long
                   : t.kind == Tok::KwSigned ? Signed
                                             : Unsigned,
                   t.range);
        } else if (t.kind == Tok::KwVoid || t.kind == Tok::KwChar || t.kind == Tok::KwInt ||
                   t.kind == Tok::KwFloat || t.kind == Tok::KwDouble || t.kind == Tok::KwString) {
            bool fp = t.kind == Tok::KwFloat || t.kind == Tok::KwDouble;
            K kind = t.kind == Tok::KwString ? K::Typedef : fp ? K::Float : K::Integer;
            c.spec(kind, t.text, t.range);
            s.base.words.push_back(t.text);
        } else if (t.kind == Tok::KwStruct || t.kind == Tok::KwUnion || t.kind == Tok::KwEnum) {
            Token kw = take();
            std::string tag;
            // After struct, union or enum a name is a tag whatever else it may be.
            if (at(Tok::Ident)) tag = take().value;
            if (tag.empty() && !at(Tok::LBrace)) syntax_error(peek());
            bool body = at(Tok::LBrace);
            // DTrace declares the tag once it has seen the '{' or the token after the tag.
            SourceRange where = here();
            K kind = kw.kind == Tok::KwEnum ? K::Enum : kw.kind == Tok::KwUnion ? K::Union : K::Struct;
            c.spec(kind, tag, where);
            std::string key = std::string(kw.kind == Tok::KwEnum    ? "enum "
                                          : kw.kind == Tok::KwUnion ? "union "
                                                                    : "struct ") + tag;
            if (body && !tag.empty() && names_.tag_defined(key))
                error("D_DECL_TYPERED", where, "type redeclared: " + key);
            if (kind == K::Enum) {
                s.base.kind = BaseType::Kind::Enum;
                if (body) s.base.enumeration = enum_body(tag, kw.range);
            } else {
                s.base.kind = kind == K::Union ? BaseType::Kind::Union : BaseType::Kind::Struct;
                if (body) s.base.record = record_body(kind == K::Union, tag, kw.range);
            }
            s.base.name = tag;
            s.base.range = span(kw.range, last_range());
            any = true;
            continue;
        } else if (t.kind == Tok::Ident && c.st.name.empty() && starts_type_name(0, outer && !any)) {
            // A typedef name, unless a type has been named already: then it is the
            // declarator (DTrace's lexer returns an identifier there).
            c.spec(K::Typedef, t.value, t.range);
            s.base.kind = BaseType::Kind::Named;
            s.base.name = t.value;
            s.base.range = t.range;
        } else {
            break;
        }
        take();
        any = true;
    }
    if (!any) syntax_error(peek());
    if (s.base.kind == BaseType::Kind::Keywords && s.base.words.empty()) s.base.range = begin;
    s.range = span(begin, last_range());
    return s;
}

void Parser::check_resolves(const DeclSpecs& specs, SourceRange at) {
    const auto& w = specs.base.words;
    if (specs.base.kind != BaseType::Kind::Keywords || w.empty()) return;
    if (std::find(w.begin(), w.end(), "string") != w.end()) return;
    std::string name = keyword_lookup_name(w);
    std::string trimmed = name;
    while (!trimmed.empty() && trimmed.back() == ' ') trimmed.pop_back();
    if (!keyword_type(trimmed))
        error("D_UNKNOWN", at, "failed to resolve type " + name + ": Unknown type name");
}

}  // namespace bdtrace::frontend
