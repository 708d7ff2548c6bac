// The checks DTrace makes when an inline, a translator or a provider definition is complete
// (dt_parser.c's dt_node_inline, dt_node_xlator, dt_node_probe and dt_node_provider).
#include <cctype>

#include "frontend/parser.h"

namespace bdtrace::frontend {

using namespace ast;

namespace {

// Probe names are written with "__" where the probe's name has "-".
std::string hyphenate(std::string s) {
    for (size_t p = 0; p + 1 < s.size(); ++p)
        if (s[p] == '_' && s[p + 1] == '_') s.replace(p, 2, "-");
    return s;
}

constexpr size_t kMaxNameLength = 63;  // DTRACE_PROVNAMELEN and DTRACE_NAMELEN, less the NUL

}  // namespace

void Parser::check_inline(const InlineDef& def, SourceRange at) {
    check_resolves(def.specs, at);
    const std::string& name = def.decl.name;
    if (def.specs.storage != Storage::None)
        error("D_DECL_BADCLASS", at, "specified storage class not appropriate for inline declaration");
    if (const auto* prev = names_.ident(DeclaredNames::Scope::Global, name)) {
        const char* kind = prev->kind == DeclaredNames::Ident::Kind::Scalar  ? "scalar"
                           : prev->kind == DeclaredNames::Ident::Kind::Array ? "associative array"
                                                                             : "enumerator";
        error("D_DECL_IDRED", at,
              "identifier redefined: " + name + "\n\t current: inline definition\n\tprevious: " +
                  kind + " " + (prev->is_inline ? "inline" : ""));
    }
    const DeclaratorOp* top = def.decl.ops.empty() ? nullptr : &def.decl.ops.front();
    bool is_array = top && top->kind == DeclaratorOp::Kind::Array;
    if (is_array && !top->assoc && !top->size)
        error("D_DECL_ARRNULL", at, "inline declaration requires array tuple signature: " + name);
    if (is_array && !top->assoc)
        error("D_DECL_ARRNULL", at, "inline declaration cannot be of scalar array type: " + name);
    DType value = names_.resolve(def.specs, def.decl.ops, is_array ? 1 : 0);
    if (value.is_void()) error("D_DECL_VOIDOBJ", at, "cannot declare void inline: " + name);

    DeclaredNames::Ident id;
    id.kind = is_array ? DeclaredNames::Ident::Kind::Array : DeclaredNames::Ident::Kind::Scalar;
    id.is_inline = true;
    if (!is_array) id.value = fold_constant(*def.value, names_);
    id.type_name = value.name;
    names_.add_ident(DeclaredNames::Scope::Global, name, id);
}

void Parser::check_translator(const TranslatorDef& def, SourceRange at) {
    check_resolves(def.output.specs, at);
    check_resolves(def.input.specs, at);
    DType out = names_.resolve(def.output);
    DType in = names_.resolve(def.input);
    if (!names_.add_translator(in.name, out.name))
        error("D_XLATE_REDECL", at,
              "translator from " + in.name + " to " + out.name + " has already been declared");
    if (out.kind != DType::Kind::Opaque && !out.is_struct_or_union())
        error("D_XLATE_SOU", at, "translator output type must be a struct or union");
}

void Parser::check_probe(const ProviderDef::Probe& p, const std::vector<SourceRange>& in_ends,
                         bool in_varargs, const std::vector<SourceRange>& out_ends,
                         bool out_varargs, SourceRange at) {
    std::string name = "::" + hyphenate(p.name);
    if (name.find('`') != std::string::npos)
        error("D_PROV_BADNAME", at, "probe name may not contain scoping operator: " + name);
    if (name.size() - 2 > kMaxNameLength)
        error("D_PROV_BADNAME", at,
              "probe name may not exceed " + std::to_string(kMaxNameLength) + " characters: " + name);
    int nargc = check_prototype(p.params, in_varargs, in_ends, nullptr, "probe input",
                                ProtoVoid | ProtoAnon, at);
    int xargc = check_prototype(p.xlated, out_varargs, out_ends, &p.params, "probe output",
                                ProtoVoid, at);
    for (auto [argc, which] : {std::pair{nargc, "input"}, std::pair{xargc, "output"}})
        if (argc > 255)
            error("D_PROV_PRARGLEN", at,
                  "probe " + name + " " + which + " prototype exceeds 255 parameters: " +
                      std::to_string(argc) + " params used");
}

void Parser::check_provider(const ProviderDef& def, SourceRange at) {
    const std::string& name = def.name;
    if (name.find('`') != std::string::npos)
        error("D_PROV_BADNAME", at, "provider name may not contain scoping operator: " + name);
    if (name.size() > kMaxNameLength)
        error("D_PROV_BADNAME", at,
              "provider name may not exceed " + std::to_string(kMaxNameLength) + " characters: " + name);
    if (!name.empty() && std::isdigit(static_cast<unsigned char>(name.back())))
        error("D_PROV_BADNAME", at, "provider name may not end with a digit: " + name);
}

}  // namespace bdtrace::frontend
