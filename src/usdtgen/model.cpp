#include "usdtgen/model.h"

#include <cctype>

#include "usdtgen/c_type.h"

namespace bdtrace::usdtgen {

std::string d_probe_name(const std::string& c_name) {
    std::string out;
    for (size_t i = 0; i < c_name.size(); ++i) {
        if (c_name[i] == '_' && i + 1 < c_name.size() && c_name[i + 1] == '_') {
            out += '-';
            ++i;
        } else {
            out += c_name[i];
        }
    }
    return out;
}

std::string macro_spelling(const std::string& name) {
    std::string out;
    for (char c : name) {
        if (c == '-' || c == '.')
            out += '_';
        else
            out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    return out;
}

std::string semaphore_name(const std::string& provider, const UsdtProbe& probe) {
    return provider + "_" + probe.c_name + "_semaphore";
}

namespace {

UsdtProbe probe_of(const std::string& provider, const ast::ProviderDef::Probe& p,
                   DiagnosticList& diags) {
    UsdtProbe out;
    out.c_name = p.name;
    out.d_name = d_probe_name(p.name);
    out.range = p.range;
    const std::string where = "probe " + provider + ":::" + out.d_name;
    if (is_void_parameter_list(p.params)) return out;
    for (size_t i = 0; i < p.params.size(); ++i) {
        const ast::ParamDecl& param = p.params[i];
        CTypeText t = c_type_text(param.specs, param.decl);
        if (!t.reason.empty()) {
            diags.error("D_PROV_PRARGTYPE", param.range,
                        where + " argument #" + std::to_string(i + 1) + " is of type " + t.text +
                            ", " + t.reason);
        }
        out.arg_types.push_back(std::move(t.text));
    }
    if (p.has_xlated && !is_void_parameter_list(p.xlated)) {
        bool identity = p.xlated.size() == p.params.size();
        for (size_t i = 0; i < p.xlated.size(); ++i) {
            size_t native = i;
            const std::string& name = p.xlated[i].decl.name;
            for (size_t k = 0; k < p.params.size(); ++k)
                if (!name.empty() && p.params[k].decl.name == name) {
                    native = k;
                    break;
                }
            if (native >= p.params.size()) native = p.params.empty() ? 0 : p.params.size() - 1;
            identity = identity && native == i;
            out.mapping.push_back(native);
        }
        if (identity) out.mapping.clear();
    }
    if (out.arg_types.size() > kMaxSdtArgs) {
        diags.error("D_PROV_PRARGLEN", p.range,
                    where + " has " + std::to_string(out.arg_types.size()) +
                        " arguments: sys/sdt.h probes record at most " +
                        std::to_string(kMaxSdtArgs));
    }
    return out;
}

}  // namespace

std::vector<UsdtProvider> collect_providers(const ast::Program& program, DiagnosticList& diags,
                                            std::vector<UsdtProvider> into) {
    for (const ast::TopLevel& item : program.items) {
        if (item.kind != ast::TopLevel::Kind::Provider || !item.provider) continue;
        const ast::ProviderDef& def = *item.provider;
        UsdtProvider* prov = nullptr;
        for (UsdtProvider& p : into)
            if (p.name == def.name) prov = &p;
        if (!prov) {
            into.push_back(UsdtProvider{def.name, {}});
            prov = &into.back();
        }
        for (const ast::ProviderDef::Probe& p : def.probes) {
            bool known = false;
            for (const UsdtProbe& q : prov->probes) known = known || q.c_name == p.name;
            if (!known) prov->probes.push_back(probe_of(def.name, p, diags));
        }
    }
    return into;
}

}  // namespace bdtrace::usdtgen
