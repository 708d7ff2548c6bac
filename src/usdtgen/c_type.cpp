#include "usdtgen/c_type.h"

namespace bdtrace::usdtgen {

namespace {

// Userland pointers and scoped (kernel`type) names exist only in D.
constexpr const char* kNotC = "which is not a C type";

std::string qualifiers(unsigned q) {
    std::string s;
    if (q & ast::QualConst) s += "const ";
    if (q & ast::QualVolatile) s += "volatile ";
    if (q & ast::QualRestrict) s += "restrict ";
    return s;
}

// The base type's spelling, or a reason when C has no such type.
CTypeText base_text(const ast::BaseType& base) {
    using K = ast::BaseType::Kind;
    switch (base.kind) {
        case K::Keywords: {
            if (base.words.empty()) return {"int", {}};
            std::string s;
            for (const std::string& w : base.words) {
                // D's string: a C caller passes the characters' address, as DTrace's
                // headers expect (the probe's argument is then copied in as a string).
                if (w == "string") return {"char *", {}};
                s += (s.empty() ? "" : " ") + w;
            }
            return {s, {}};
        }
        case K::Named:
            if (base.name.find('`') != std::string::npos) return {base.name, kNotC};
            return {base.name, {}};
        case K::Struct:
        case K::Union:
        case K::Enum: {
            const char* word = base.kind == K::Struct  ? "struct"
                               : base.kind == K::Union ? "union"
                                                       : "enum";
            if (base.name.empty()) return {word, "which a C header cannot name"};
            if (base.name.find('`') != std::string::npos)
                return {std::string(word) + " " + base.name, kNotC};
            return {std::string(word) + " " + base.name, {}};
        }
    }
    return {"int", {}};
}

}  // namespace

CTypeText c_type_text(const ast::DeclSpecs& specs, const ast::Declarator& decl) {
    CTypeText base = base_text(specs.base);
    std::string text = qualifiers(specs.quals) + base.text;
    if (!base.reason.empty()) return {text, base.reason};
    if (specs.quals & ast::QualUserland) return {"userland " + text, kNotC};
    // Probe arguments are scalars in registers: pointers are all a prototype can hold, as an
    // array or function argument would be passed as a pointer anyway.
    std::string stars;
    for (const ast::DeclaratorOp& op : decl.ops) {
        if (op.kind != ast::DeclaratorOp::Kind::Pointer)
            return {text, "which is not a scalar or pointer type"};
        if (op.quals & ast::QualUserland) return {text, kNotC};
        std::string q = qualifiers(op.quals);
        if (!q.empty()) q.pop_back();
        stars = "*" + (q.empty() ? "" : q + " ") + stars;
    }
    if (!stars.empty()) {
        while (!stars.empty() && stars.back() == ' ') stars.pop_back();
        text += " " + stars;
    }
    return {text, {}};
}

bool is_void_parameter_list(const std::vector<ast::ParamDecl>& params) {
    if (params.size() != 1) return false;
    const ast::ParamDecl& p = params[0];
    return p.decl.ops.empty() && p.specs.base.kind == ast::BaseType::Kind::Keywords &&
           p.specs.base.words.size() == 1 && p.specs.base.words[0] == "void";
}

}  // namespace bdtrace::usdtgen
