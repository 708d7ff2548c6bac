// Speculations: speculation(), speculate(), commit(), discard(), and DTrace's rules on the
// actions of a clause that speculates or commits (libdtrace's dt_stmt_append).
#include "sema/checker.h"

namespace bdtrace::sema {

namespace {

ActionKind speculation_kind(const std::string& name, bool* found) {
    *found = true;
    if (name == "speculate") return ActionKind::Speculate;
    if (name == "commit") return ActionKind::Commit;
    if (name == "discard") return ActionKind::Discard;
    *found = false;
    return ActionKind::Default;
}

bool is_destructive(ActionKind k) {
    switch (k) {
        case ActionKind::Raise:
        case ActionKind::Stop:
        case ActionKind::System:
        case ActionKind::Freopen:
        case ActionKind::Breakpoint:
        case ActionKind::Panic:
        case ActionKind::Chill:
        case ActionKind::Copyout:
        case ActionKind::Copyoutstr: return true;
        default: return false;
    }
}

}  // namespace

// speculation(): the id of a free speculation, 0 when none is free ("int()" in DTrace).
NodePtr Checker::speculation_subroutine(const ast::Expr& e, size_t /*row: the one name*/) {
    if (!e.args.empty())
        error("D_PROTO_LEN", e.range, "speculation( ) prototype mismatch: " + std::to_string(e.args.size()) +
                                          " arg" + (e.args.size() == 1 ? "" : "s") + " passed, 0 expected");
    prog->speculations = true;
    auto n = std::make_unique<Node>(NodeKind::Subr);
    n->subr = Subr::Speculation;
    n->type = types.int_named("int");
    n->range = e.range;
    return n;
}

// speculate(id), commit(id), discard(id): "void(int)".
std::unique_ptr<Action> Checker::speculation_action(const ast::Expr& call) {
    const std::string& name = call.lhs->text;
    bool found = false;
    ActionKind kind = speculation_kind(name, &found);
    if (!found) return nullptr;
    size_t n = call.args.size();
    if (n != 1)
        error("D_PROTO_LEN", call.range, name + "( ) prototype mismatch: " + std::to_string(n) + " arg" +
                                             (n == 1 ? "" : "s") + " passed, 1 expected");
    prog->speculations = true;
    auto a = std::make_unique<Action>();
    a->kind = kind;
    a->range = call.range;
    a->index = action_index++;
    a->args.push_back(rvalue(*call.args[0]));
    if (!a->args[0]->type->is_integer())
        error("D_PROTO_ARG", call.args[0]->range,
              name + "( ) argument #1 is incompatible with prototype:\n\tprototype: int\n\t argument: " +
                  a->args[0]->type->name);
    return a;
}

// DTrace checks each new statement against the clause's actions so far, in order: speculate()
// comes before any data-recording action and at most once, nothing aggregates, exits or
// destroys after it; commit() comes first, at most once, and nothing records data after it.
// discard(), destructive actions and expression statements record no data.
void Checker::speculation_rules(const Stmt& s) {
    SpecAct kind = SpecAct::Record;
    switch (s.kind) {
        case Stmt::Kind::If: return;  // its statements were checked as they were read
        case Stmt::Kind::Expr: return;
        case Stmt::Kind::Aggregate: kind = SpecAct::Aggregate; break;
        case Stmt::Kind::Action: {
            ActionKind k = s.action->kind;
            kind = k == ActionKind::Speculate ? SpecAct::Speculate
                   : k == ActionKind::Commit  ? SpecAct::Commit
                   : k == ActionKind::Discard ? SpecAct::Discard
                   : k == ActionKind::Exit    ? SpecAct::Exit
                   : is_destructive(k)        ? SpecAct::Destructive
                                              : SpecAct::Record;
            break;
        }
    }
    spec_acts.push_back(kind);
    bool commit = false, speculate = false, datarec = false;
    for (size_t i = 0; i < spec_acts.size(); ++i) {
        SpecAct a = spec_acts[i];
        if (a == SpecAct::Commit) {
            if (commit) error("D_COMM_COMM", s.range, "commit( ) may not follow commit( )");
            if (datarec) error("D_COMM_DREC", s.range, "commit( ) may not follow data-recording action(s)");
            for (size_t j = i; j < spec_acts.size(); ++j)
                if (spec_acts[j] == SpecAct::Aggregate)
                    error("D_AGG_COMM", s.range, "aggregating actions may not follow commit( )");
            commit = true;
            continue;
        }
        if (a == SpecAct::Speculate) {
            if (speculate) error("D_SPEC_SPEC", s.range, "speculate( ) may not follow speculate( )");
            if (commit) error("D_SPEC_COMM", s.range, "speculate( ) may not follow commit( )");
            if (datarec) error("D_SPEC_DREC", s.range, "speculate( ) may not follow data-recording action(s)");
            speculate = true;
            continue;
        }
        if (a == SpecAct::Aggregate) {
            if (speculate) error("D_AGG_SPEC", s.range, "aggregating actions may not follow speculate( )");
            datarec = true;
            continue;
        }
        if (speculate) {
            if (a == SpecAct::Destructive)
                error("D_ACT_SPEC", s.range, "destructive actions may not follow speculate( )");
            if (a == SpecAct::Exit) error("D_EXIT_SPEC", s.range, "exit( ) may not follow speculate( )");
        }
        if (a == SpecAct::Destructive || a == SpecAct::Discard) continue;
        if (commit) error("D_DREC_COMM", s.range, "data-recording actions may not follow commit( )");
        if (!speculate) datarec = true;
    }
}

// The group's name in the call table (check_stmt.cpp).
std::vector<std::string_view> speculation_subroutine_names() { return {"speculation"}; }

}  // namespace bdtrace::sema
