#include "sema/prototypes.h"

namespace bdtrace::sema {

namespace {

using K = Prototype::Kind;

// DTrace's declarations of these functions (dt_open.c's identifier table).
constexpr Prototype kPrototypes[] = {
    {"breakpoint", K::Action, "void()"},
    {"chill", K::Action, "void(int)"},
    {"clear", K::Action, "void(...)"},
    {"commit", K::Action, "void(int)"},
    {"denormalize", K::Action, "void(...)"},
    {"discard", K::Action, "void(int)"},
    {"exit", K::Action, "void(int)"},
    {"freopen", K::Action, "void(@, ...)"},
    {"ftruncate", K::Action, "void()"},
    {"normalize", K::Action, "void(...)"},
    {"panic", K::Action, "void()"},
    {"print", K::Action, "void(@)"},
    {"printa", K::Action, "void(@, ...)"},
    {"printf", K::Action, "void(@, ...)"},
    {"printm", K::Action, "void(size_t, uintptr_t *)"},
    {"raise", K::Action, "void(int)"},
    {"setopt", K::Action, "void(const char *, [const char *])"},
    {"speculate", K::Action, "void(int)"},
    {"stop", K::Action, "void()"},
    {"system", K::Action, "void(@, ...)"},
    {"trace", K::Action, "void(@)"},
    {"tracemem", K::Action, "void(@, size_t, ...)"},
    {"trunc", K::Action, "void(...)"},
    {"avg", K::Aggregating, "void(@)"},
    {"count", K::Aggregating, "void()"},
    {"llquantize", K::Aggregating, "void(@, int32_t, int32_t, int32_t, int32_t, ...)"},
    {"lquantize", K::Aggregating, "void(@, int32_t, int32_t, ...)"},
    {"max", K::Aggregating, "void(@)"},
    {"min", K::Aggregating, "void(@)"},
    {"quantize", K::Aggregating, "void(@, ...)"},
    {"stddev", K::Aggregating, "void(@)"},
    {"sum", K::Aggregating, "void(@)"},
};

std::string trimmed(std::string_view s) {
    size_t b = s.find_first_not_of(" \t");
    if (b == std::string_view::npos) return {};
    size_t e = s.find_last_not_of(" \t");
    return std::string(s.substr(b, e - b + 1));
}

}  // namespace

const Prototype* find_prototype(std::string_view name) {
    for (const auto& p : kPrototypes)
        if (name == p.name) return &p;
    return nullptr;
}

Parameters parse_signature(std::string_view signature) {
    Parameters out;
    size_t open = signature.find('('), close = signature.rfind(')');
    if (open == std::string_view::npos || close == std::string_view::npos || close < open) return out;
    std::string_view list = signature.substr(open + 1, close - open - 1);
    if (trimmed(list).empty()) return out;
    size_t b = 0;
    while (b <= list.size()) {
        size_t e = list.find(',', b);
        std::string t = trimmed(list.substr(b, e == std::string_view::npos ? std::string_view::npos : e - b));
        int i = static_cast<int>(out.types.size());
        if (t == "...") {
            out.varargs = i;
        } else if (t.size() > 2 && t.front() == '[' && t.back() == ']') {
            if (out.optargs < 0) out.optargs = i;
            t = t.substr(1, t.size() - 2);
        }
        out.types.push_back(t);
        if (e == std::string_view::npos) break;
        b = e + 1;
    }
    return out;
}

std::string prototype_mismatch(const std::string& name, const Parameters& p, size_t argc) {
    size_t n = p.types.size();
    bool mismatch;
    size_t limit;
    if (p.varargs >= 0) {
        mismatch = argc < static_cast<size_t>(p.varargs);
        limit = static_cast<size_t>(p.varargs);
    } else if (p.optargs >= 0) {
        mismatch = argc < static_cast<size_t>(p.optargs) || argc > n;
        limit = static_cast<size_t>(p.optargs);
    } else {
        mismatch = argc != n;
        limit = n;
    }
    if (!mismatch) return {};
    return name + "( ) prototype mismatch: " + std::to_string(argc) + (argc == 1 ? " arg" : " args") +
           " passed, " + (p.optargs >= 0 ? "at least " : "") + std::to_string(limit) + " expected";
}

const char* kind_name(Prototype::Kind k) {
    return k == Prototype::Kind::Action ? "tracing function" : "aggregating function";
}

std::vector<std::string_view> prototype_names() {
    std::vector<std::string_view> names;
    for (const auto& p : kPrototypes) names.push_back(p.name);
    return names;
}

}  // namespace bdtrace::sema
