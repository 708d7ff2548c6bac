#include "usdtgen/c_type.h"

namespace bdtrace::usdtgen {

namespace {

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
                // D's string type is a D value, not a C object: no C caller can pass one.
                if (w == "string") return {"string", "string is a D type with no C equivalent"};
                s += (s.empty() ? "" : " ") + w;
            }
            return {s, {}};
        }
        case K::Named:
            if (base.name.find('`') != std::string::npos)
                return {base.name, base.name + " names a type in a kernel or library scope"};
            return {base.name, {}};
        case K::Struct:
        case K::Union:
        case K::Enum: {
            const char* word = base.kind == K::Struct ? "struct" : base.kind == K::Union ? "union" : "enum";
            if (base.name.empty())
                return {word, std::string("an unnamed ") + word + " cannot be named in a C header"};
            if (base.name.find('`') != std::string::npos)
                return {std::string(word) + " " + base.name,
                        base.name + " names a type in a kernel or library scope"};
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
    if (specs.quals & ast::QualUserland)
        return {"userland " + text, "userland is a D qualifier with no C equivalent"};
    // Probe arguments are scalars in registers: pointers are all a prototype can hold, as an
    // array or function argument would be passed as a pointer anyway.
    std::string stars;
    for (const ast::DeclaratorOp& op : decl.ops) {
        if (op.kind != ast::DeclaratorOp::Kind::Pointer)
            return {text, "a probe argument must be a scalar or a pointer"};
        if (op.quals & ast::QualUserland)
            return {text, "userland is a D qualifier with no C equivalent"};
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
