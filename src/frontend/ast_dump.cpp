// Deterministic dumps of tokens and syntax trees, for tests and --dump-tokens/--dump-ast.
#include <sstream>

#include "frontend/parse.h"

namespace bdtrace::frontend {

using namespace ast;

namespace {

std::string quote(const std::string& s) {
    std::string out = "\"";
    for (unsigned char c : s) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            default:
                if (c < 0x20 || c >= 0x7f) {
                    char buf[8];
                    snprintf(buf, sizeof buf, "\\x%02x", c);
                    out += buf;
                } else {
                    out += static_cast<char>(c);
                }
        }
    }
    return out + "\"";
}

const char* storage_name(Storage s) {
    switch (s) {
        case Storage::None: return "";
        case Storage::Typedef: return "typedef";
        case Storage::Extern: return "extern";
        case Storage::Static: return "static";
        case Storage::Register: return "register";
        case Storage::Auto: return "auto";
        case Storage::Self: return "self";
        case Storage::This: return "this";
    }
    return "";
}

class Dumper {
public:
    std::ostringstream os;

    void line(int depth, const std::string& text) { os << std::string(depth * 2, ' ') << text << '\n'; }

    std::string quals(unsigned q) {
        std::string s;
        if (q & QualConst) s += "const ";
        if (q & QualVolatile) s += "volatile ";
        if (q & QualRestrict) s += "restrict ";
        if (q & QualUserland) s += "userland ";
        return s;
    }

    std::string specs(const DeclSpecs& d) {
        std::string s = storage_name(d.storage);
        if (!s.empty()) s += " ";
        s += quals(d.quals);
        switch (d.base.kind) {
            case BaseType::Kind::Keywords: {
                if (d.base.words.empty()) s += "int";
                for (size_t i = 0; i < d.base.words.size(); ++i) s += (i ? " " : "") + d.base.words[i];
                break;
            }
            case BaseType::Kind::Named: s += d.base.name; break;
            case BaseType::Kind::Struct:
            case BaseType::Kind::Union:
            case BaseType::Kind::Enum: {
                s += d.base.kind == BaseType::Kind::Struct ? "struct"
                     : d.base.kind == BaseType::Kind::Union ? "union" : "enum";
                if (!d.base.name.empty()) s += " " + d.base.name;
                if (d.base.record || d.base.enumeration) s += " {...}";
                break;
            }
        }
        return s;
    }

    std::string params(const std::vector<ParamDecl>& ps, bool varargs) {
        std::string s;
        for (size_t i = 0; i < ps.size(); ++i) {
            if (i) s += ", ";
            s += declarator(ps[i].specs, ps[i].decl);
        }
        if (varargs) s += ps.empty() ? "..." : ", ...";
        return s;
    }

    // "name: pointer to array[3] of int"-style reading of a declarator, from the name out.
    std::string declarator(const DeclSpecs& sp, const Declarator& d) {
        std::string s = d.name.empty() ? "" : d.name + ": ";
        for (const auto& op : d.ops) {
            switch (op.kind) {
                case DeclaratorOp::Kind::Pointer: s += quals(op.quals) + "pointer to "; break;
                case DeclaratorOp::Kind::Array:
                    if (op.assoc) s += "assoc[" + params(op.params, op.varargs) + "] of ";
                    else if (op.size) s += "array[" + expr(*op.size) + "] of ";
                    else s += "array[] of ";
                    break;
                case DeclaratorOp::Kind::Function:
                    s += "function(" + params(op.params, op.varargs) + ") returning ";
                    break;
            }
        }
        s += specs(sp);
        if (d.bitfield) s += " : " + expr(*d.bitfield);
        return s;
    }

    std::string type(const TypeName& t) { return "(type " + declarator(t.specs, t.decl) + ")"; }

    std::string expr(const Expr& e) {
        switch (e.kind) {
            case ExprKind::Int: return "(int " + std::to_string(e.int_value) + (e.int_suffix.empty() ? "" : " " + e.int_suffix) + ")";
            case ExprKind::String: return "(string " + quote(e.text) + ")";
            case ExprKind::Ident: return "(ident " + e.text + ")";
            case ExprKind::SelfVar: return "(self " + e.text + ")";
            case ExprKind::ThisVar: return "(this " + e.text + ")";
            case ExprKind::Agg: return "(agg " + e.text + ")";
            case ExprKind::Unary: return std::string("(") + unary_op_spelling(e.unary_op) + " " + expr(*e.lhs) + ")";
            case ExprKind::Binary: return std::string("(") + binary_op_spelling(e.binary_op) + " " + expr(*e.lhs) + " " + expr(*e.rhs) + ")";
            case ExprKind::Conditional: return "(?: " + expr(*e.lhs) + " " + expr(*e.rhs) + " " + expr(*e.third) + ")";
            case ExprKind::Cast: return "(cast " + type(*e.type) + " " + expr(*e.lhs) + ")";
            case ExprKind::SizeofType: return "(sizeof " + type(*e.type) + ")";
            case ExprKind::SizeofExpr: return "(sizeof " + expr(*e.lhs) + ")";
            case ExprKind::Offsetof: return "(offsetof " + type(*e.type) + " " + e.member_path + ")";
            case ExprKind::Stringof: return "(stringof " + expr(*e.lhs) + ")";
            case ExprKind::Xlate: return "(xlate " + type(*e.type) + " " + expr(*e.lhs) + ")";
            case ExprKind::Call:
            case ExprKind::Index: {
                std::string s = e.kind == ExprKind::Call ? "(call " : "(index ";
                s += expr(*e.lhs);
                for (const auto& a : e.args) s += " " + expr(*a);
                return s + ")";
            }
            case ExprKind::Member: return std::string("(") + (e.arrow ? "->" : ".") + " " + expr(*e.lhs) + " " + e.text + ")";
        }
        return "(?)";
    }

    void stmts(const std::vector<StmtPtr>& list, int depth) {
        for (const auto& s : list) stmt(*s, depth);
    }

    void stmt(const Stmt& s, int depth) {
        switch (s.kind) {
            case StmtKind::Expr: line(depth, expr(*s.expr)); break;
            case StmtKind::Empty: line(depth, "(empty)"); break;
            case StmtKind::Block:
                line(depth, "block");
                stmts(s.body, depth + 1);
                break;
            case StmtKind::If:
                line(depth, "if " + expr(*s.expr));
                stmts(s.body, depth + 1);
                if (s.has_else) {
                    line(depth, "else");
                    stmts(s.else_body, depth + 1);
                }
                break;
            case StmtKind::Decl: line(depth, "decl"); break;
        }
    }

    void record(const RecordDecl& r, int depth) {
        for (const auto& m : r.members)
            for (const auto& d : m.declarators) {
                line(depth, "member " + declarator(m.specs, d));
                nested(m.specs, depth + 1);
            }
    }

    void nested(const DeclSpecs& s, int depth) {
        if (s.base.record) record(*s.base.record, depth);
        if (s.base.enumeration)
            for (const auto& e : s.base.enumeration->enumerators)
                line(depth, "enumerator " + e.name + (e.value ? " = " + expr(*e.value) : ""));
    }

    void item(const TopLevel& t) {
        switch (t.kind) {
            case TopLevel::Kind::Clause: {
                const Clause& c = *t.clause;
                line(0, "clause");
                for (const auto& p : c.probes) {
                    if (p.id) line(1, "probe id=" + std::to_string(*p.id));
                    else
                        line(1, "probe " + quote(p.provider) + " " + quote(p.module) + " " +
                                    quote(p.function) + " " + quote(p.name));
                }
                if (c.predicate) line(1, "predicate " + expr(*c.predicate));
                if (c.has_body) {
                    line(1, "body");
                    stmts(c.body, 2);
                }
                break;
            }
            case TopLevel::Kind::Declaration: {
                const Declaration& d = *t.declaration;
                if (d.declarators.empty()) line(0, "declare " + specs(d.specs));
                for (const auto& dd : d.declarators) line(0, "declare " + declarator(d.specs, dd));
                nested(d.specs, 1);
                break;
            }
            case TopLevel::Kind::Inline:
                line(0, "inline " + declarator(t.inline_def->specs, t.inline_def->decl) + " = " +
                            expr(*t.inline_def->value));
                break;
            case TopLevel::Kind::Translator: {
                const TranslatorDef& x = *t.translator;
                line(0, "translator " + type(x.output) + " < " + type(x.input) + " " + x.input_name + " >");
                for (const auto& m : x.members) line(1, m.name + " = " + expr(*m.value));
                break;
            }
            case TopLevel::Kind::Provider: {
                line(0, "provider " + t.provider->name);
                for (const auto& p : t.provider->probes) {
                    std::string s = "probe " + p.name + "(" + params(p.params, false) + ")";
                    if (p.has_xlated) s += " : (" + params(p.xlated, false) + ")";
                    line(1, s);
                }
                break;
            }
            case TopLevel::Kind::Pragma: {
                std::string s = "pragma " + t.pragma->directive;
                for (const auto& a : t.pragma->args) s += " " + quote(a);
                line(0, s);
                break;
            }
        }
    }
};

}  // namespace

std::string dump_ast(const Program& program) {
    Dumper d;
    for (const auto& item : program.items) d.item(item);
    return d.os.str();
}

std::string dump_tokens(const std::vector<Token>& tokens) {
    std::ostringstream os;
    for (const auto& t : tokens) {
        os << t.range.begin.line << ':' << t.range.begin.column << ' ' << tok_name(t.kind);
        if (t.kind != Tok::End) os << ' ' << quote(t.text);
        if (t.kind == Tok::IntLit) os << " value=" << t.int_value;
        if (t.kind == Tok::StringLit) os << " value=" << quote(t.value);
        os << '\n';
    }
    return os.str();
}

}  // namespace bdtrace::frontend
