#include "codegen/early_predicate.h"

#include <string>

#include "codegen/gen.h"

namespace bdtrace::codegen {

using sema::BuiltinVar;
using sema::NodeKind;
using sema::Op;

namespace {

bool integer(const sema::Node& n) {
    return n.type && n.type->is_integer();
}

}  // namespace

const sema::Node* execname_literal(const sema::Node& n, uint32_t strsize) {
    if (n.kind != NodeKind::Binary || (n.op != Op::Eq && n.op != Op::Ne)) return nullptr;
    if (strsize <= Gen::kCommBytes) return nullptr;  // a shorter strsize truncates both sides
    auto is_execname = [](const sema::Node& x) {
        return x.kind == NodeKind::Builtin && x.builtin == BuiltinVar::Execname;
    };
    auto is_name = [](const sema::Node& x) {
        return x.kind == NodeKind::String && x.text.size() < Gen::kCommBytes &&
               x.text.find('\0') == std::string::npos;
    };
    if (is_execname(*n.a) && is_name(*n.b)) return n.b.get();
    if (is_execname(*n.b) && is_name(*n.a)) return n.a.get();
    return nullptr;
}

bool decidable_at_entry(const sema::Node& n, uint32_t strsize) {
    if (execname_literal(n, strsize)) return true;
    if (!integer(n)) return false;
    switch (n.kind) {
        case NodeKind::Int:
            return true;
        case NodeKind::Global:
            return n.var && !n.var->dynamic();
        case NodeKind::Builtin:
            switch (n.builtin) {
                case BuiltinVar::Pid:
                case BuiltinVar::Tid:
                case BuiltinVar::Uid:
                case BuiltinVar::Gid:
                case BuiltinVar::Cpu:
                    return true;
                default:
                    return false;
            }
        case NodeKind::Unary:
            return (n.op == Op::Neg || n.op == Op::Not || n.op == Op::BitNot) &&
                   decidable_at_entry(*n.a, strsize);
        case NodeKind::Cast:
            return decidable_at_entry(*n.a, strsize);
        case NodeKind::Binary:  // integer arithmetic and comparisons; a division may fault
            return n.op != Op::Div && n.op != Op::Mod && decidable_at_entry(*n.a, strsize) &&
                   decidable_at_entry(*n.b, strsize);
        case NodeKind::Logical:
            return decidable_at_entry(*n.a, strsize) && decidable_at_entry(*n.b, strsize);
        case NodeKind::Cond:
            return decidable_at_entry(*n.a, strsize) && decidable_at_entry(*n.b, strsize) &&
                   decidable_at_entry(*n.c, strsize);
        default:
            return false;
    }
}

bool reads_global_variables(const sema::Node& n) {
    if (n.kind == NodeKind::Global) return true;
    for (const sema::Node* x : {n.a.get(), n.b.get(), n.c.get()})
        if (x && reads_global_variables(*x)) return true;
    for (const auto& x : n.args)
        if (reads_global_variables(*x)) return true;
    return false;
}

}  // namespace bdtrace::codegen
