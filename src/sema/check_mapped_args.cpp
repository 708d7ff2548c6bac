// args[] of the proc and sched providers: each computed from one tracepoint argument
// (probes/mapped_probes.h) as the value itself, its translation (xlate <psinfo_t *> of a
// task_struct *), or one member of a library translator's output (proc's exit reason).
#include "probes/mapped_probes.h"
#include "sema/builtins.h"
#include "sema/checker.h"

namespace bdtrace::sema {

namespace {

// "psinfo_t *", "struct __proc_exit *": the library types the table names.
const Type* named_pointer(TypeTable& types, const std::string& spelling) {
    std::string name = spelling.substr(0, spelling.find(" *"));
    const Type* t = name.rfind("struct ", 0) == 0 ? types.lookup_tag(TypeKind::Struct, name.substr(7)) : types.lookup_typedef(name);
    return t ? types.pointer_to(t) : nullptr;
}

}  // namespace

NodePtr Checker::mapped_arg(uint64_t index, const ast::Expr& e) {
    if (!clause_probes || clause_probes->empty()) return nullptr;
    const probes::Probe* first = clause_probes->front().probe;
    if (!first || first->tracepoint().empty()) return nullptr;
    for (const auto& p : *clause_probes) {
        const probes::Probe* pr = p.probe;
        if (!pr || pr->provider != first->provider || pr->name != first->name) return nullptr;
    }
    const probes::MappedProbe* m = probes::find_mapped_probe(first->provider, first->name);
    if (!m) return nullptr;
    if (index >= m->args.size())
        args_out_of_range(index, e.range);
    const probes::MappedArg& a = m->args[index];
    const bool cur = a.tp_arg == probes::kCurthread;  // sched:::tick's thread: the current one
    auto b = find_builtin(types, cur ? "curthread" : "arg" + std::to_string(a.tp_arg));
    auto raw = node(NodeKind::Builtin, b->type, e.range);
    raw->builtin = b->var;
    raw->value = b->index;
    bool out_of_range = false;
    const Type* tp_type = cur ? nullptr : tracepoint_arg_type(m->tracepoint, static_cast<uint64_t>(a.tp_arg), &out_of_range);
    NodePtr v = tp_type ? cast(std::move(raw), tp_type, e.range) : std::move(raw);
    if (*a.xlate == '\0') {
        const Type* want = std::string(a.type) == "int" ? types.int_named("int") : nullptr;
        return want ? cast(std::move(v), want, e.range) : std::move(v);
    }
    const Type* target = named_pointer(types, a.xlate);
    if (!target) error("D_XLATE_NONE", e.range, std::string("the D library defines no ") + a.xlate);
    NodePtr x = translate(std::move(v), target, e.range);
    if (*a.member == '\0') return x;
    ast::Expr member(ast::ExprKind::Member);
    member.text = a.member;
    member.arrow = true;
    member.range = e.range;
    return translated_member(std::move(x), member);
}

}  // namespace bdtrace::sema
