// Parameters and prototypes: DTrace's dt_decl_pop_param (storage classes of parameters) and
// dt_decl_prototype, which one routine applies to function types ("function"), associative
// array key signatures ("array") and probe definitions ("probe input", "probe output").
#include "frontend/parser.h"

namespace bdtrace::frontend {

using namespace ast;

void Parser::check_parameter(const ParamDecl& p, SourceRange at) {
    if (p.specs.storage != Storage::None && p.specs.storage != Storage::Register)
        error("D_DECL_PARMCLASS", at,
              "inappropriate storage class for function or associative array parameter");
    check_resolves(p.specs, at);
}

// Checks `params` (with a trailing "..." when `varargs`) against what `flags` allows; `ends`
// holds where DTrace built each parameter, which its messages report. Names must be unique,
// or, when `formal` is given, each must be one of the formal list's names. Returns the number
// of parameters, 0 for a sole void.
int Parser::check_prototype(const std::vector<ParamDecl>& params, bool varargs,
                            const std::vector<SourceRange>& ends,
                            const std::vector<ParamDecl>* formal, const char* kind,
                            unsigned flags, SourceRange at) {
    const bool form = formal != nullptr;
    const std::string k = kind;
    size_t count = params.size() + (varargs ? 1 : 0);
    int voids = 0;
    for (size_t i = 0; i < count; ++i) {
        const std::string num = std::to_string(i + 1);
        SourceRange where = i < ends.size() ? ends[i] : at;
        if (i == params.size()) {  // the "..."
            if (!(flags & ProtoVarargs))
                error("D_DECL_PROTO_VARARGS", where,
                      k + " prototype may not use a variable-length argument list");
            if (!(flags & ProtoAnon))
                error("D_DECL_PROTO_NAME", where, "parameter declaration requires a name: parameter #" + num);
            continue;
        }
        const ParamDecl& p = params[i];
        const std::string& name = p.decl.name;
        const std::string shown = name.empty() ? "(anonymous)" : name;
        DType type = names_.resolve(p.specs, p.decl.ops);
        bool bad_dynamic = type.kind == DType::Kind::Dynamic && !(flags & ProtoDynamic);
        bool is_void = type.is_void();
        voids += is_void;
        if (bad_dynamic || (is_void && !(flags & ProtoVoid)))
            error("D_DECL_PROTO_TYPE", where,
                  k + " prototype may not use parameter of type " + type.name + ": " + shown +
                      ", parameter #" + num);
        if (is_void && !name.empty())
            error("D_DECL_PROTO_NAME", where, "void parameter may not have a name: " + name);
        if (!name.empty()) {
            // Declared earlier in the same list, or anywhere in the formal list.
            const auto& list = form ? *formal : params;
            size_t limit = form ? list.size() : i;
            bool found = false;
            for (size_t j = 0; j < limit && !found; ++j) found = list[j].decl.name == name;
            if (found != form)
                error("D_DECL_PROTO_FORM", where,
                      std::string("parameter is ") + (form ? "not" : "already") + " declared in " +
                          k + " prototype: " + name + ", parameter #" + num);
        }
        if (name.empty() && !is_void && !(flags & ProtoAnon))
            error("D_DECL_PROTO_NAME", where, "parameter declaration requires a name: parameter #" + num);
    }
    if (voids && count > 1) error("D_DECL_PROTO_VOID", at, "void must be sole parameter");
    return voids ? 0 : static_cast<int>(count);
}

}  // namespace bdtrace::frontend
