// args[] of providers built on tracepoints whose arguments are DTrace's translated types (the io
// provider: bufinfo_t *, devinfo_t *, fileinfo_t * from the block layer's struct request *):
// each args[i] is an xlate of one tracepoint argument, or of a NULL pointer where the kernel has
// nothing to give, by the D library's translators. The value is a translated pointer: its
// members are computed where they are used (translated_member).
#include "sema/builtins.h"
#include "sema/checker.h"

namespace bdtrace::sema {

namespace {

bool same_args(const std::vector<probes::TranslatedArg>& a, const std::vector<probes::TranslatedArg>& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (a[i].from != b[i].from || a[i].null_struct != b[i].null_struct || a[i].type != b[i].type) return false;
    return true;
}

}  // namespace

NodePtr Checker::translated_arg(uint64_t index, SourceRange r, bool* out_of_range) {
    *out_of_range = false;
    if (!clause_probes || clause_probes->empty()) return nullptr;
    const probes::Probe* first = nullptr;
    for (const auto& p : *clause_probes) {
        const probes::Probe* pr = p.probe;
        if (pr && !pr->translated_args.empty() && !first) first = pr;
    }
    if (!first) return nullptr;
    // Several probes share args[] when they translate the same arguments of the same types;
    // beside probes whose args[] are others (sdt:block::block_rq_issue's struct request *)
    // args[] has no one type.
    for (const auto& p : *clause_probes) {
        const probes::Probe* pr = p.probe;
        if (!pr || !same_args(pr->translated_args, first->translated_args))
            args_unstable(r);
    }
    if (index >= first->translated_args.size()) {
        *out_of_range = true;
        return nullptr;
    }
    const probes::TranslatedArg& a = first->translated_args[index];
    const Type* input = nullptr;
    NodePtr value;
    if (a.from >= 0) {
        bool beyond = false;
        for (const auto& p : *clause_probes) {
            const probes::Probe* pr = p.probe;
            const Type* t = tracepoint_arg_type(pr->tracepoint(), static_cast<uint64_t>(a.from), &beyond);
            if (!t) return nullptr;
            if (input && !same_type(input, t))
                args_unstable(r);
            input = t;
        }
        auto b = find_builtin(types, "arg" + std::to_string(a.from));
        value = node(NodeKind::Builtin, b->type, r);
        value->builtin = b->var;
        value->value = b->index;
    } else {
        const Type* tag = types.lookup_tag(TypeKind::Struct, a.null_struct);
        if (!tag) return nullptr;
        input = types.pointer_to(tag);
        value = int_const(0, types.int_type(8, true), r);
    }
    // "bufinfo_t *": a pointer to the library's typedef.
    std::string name = a.type;
    bool pointer = name.size() > 2 && name.compare(name.size() - 2, 2, " *") == 0;
    if (pointer) name.resize(name.size() - 2);
    const Type* target = types.lookup_typedef(name);
    if (!target)
        error("D_ARGS_TYPE", r,
              "args[" + std::to_string(index) + "] of " + first->provider + " probes has type " + a.type +
                  ", which the D system library declares: it is not loaded (-x nolibs?)");
    if (pointer) target = types.pointer_to(target);
    return translate(cast(std::move(value), input, r), target, r);
}

}  // namespace bdtrace::sema
