#include "codegen/clause_reads.h"

namespace bdtrace::codegen {

namespace {

using sema::BuiltinVar;
using sema::NodeKind;

void node_reads(const sema::Node* n, ClauseReads& r) {
    if (!n) return;
    if (n->kind == NodeKind::Builtin) {
        if (n->builtin == BuiltinVar::Arg && n->value < 32) r.args |= uint32_t{1} << n->value;
        if (n->builtin == BuiltinVar::Uregs) r.uregs = true;
        if (n->builtin == BuiltinVar::Ucaller || n->builtin == BuiltinVar::Ustackdepth) r.stack = true;
    }
    if (n->kind == NodeKind::Subr && n->subr == sema::Subr::Ustack) r.stack = true;
    node_reads(n->a.get(), r);
    node_reads(n->b.get(), r);
    node_reads(n->c.get(), r);
    for (const auto& a : n->args) node_reads(a.get(), r);
}

void stmt_reads(const sema::Stmt& s, ClauseReads& r) {
    node_reads(s.expr.get(), r);
    if (s.action)
        for (const auto& a : s.action->args) node_reads(a.get(), r);
    if (s.agg) {
        for (const auto& k : s.agg->keys) node_reads(k.get(), r);
        node_reads(s.agg->value.get(), r);
        node_reads(s.agg->increment.get(), r);
    }
    for (const auto& t : s.then_body) stmt_reads(*t, r);
    for (const auto& e : s.else_body) stmt_reads(*e, r);
}

}  // namespace

ClauseReads clause_reads(const sema::Clause& clause) {
    ClauseReads r;
    node_reads(clause.predicate.get(), r);
    for (const auto& s : clause.body) stmt_reads(*s, r);
    return r;
}

}  // namespace bdtrace::codegen
