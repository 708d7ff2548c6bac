// User stacks and user symbols: ustack([nframes[, strsize]]), ufunc(), usym(), umod(), uaddr()
// and uregs[]; and their kernel counterparts sym(), func() and mod(). DTrace makes these action functions: as statements they record their value (the
// stack, or the process and the address) and print it; as aggregation keys and printf()
// arguments they are values. Their checks are DTrace's (dt_cc.c dt_action_ustack_args for the
// stack, the "_usymaddr(uintptr_t)" prototype of dt_open.c for the symbols, dt_idcook_regs for
// uregs[]).
#include <algorithm>
#include <iterator>
#include <optional>

#include "sema/checker.h"

namespace bdtrace::sema {

namespace {

struct UserSymDef {
    const char* name;
    Subr subr;
    Type::UserSym kind;  // the symbols': what of the address prints
    bool kernel;  // sym/func/mod: a kernel address (dt_open.c's "_symaddr(uintptr_t)")
};

// The group's names: ustack() (a stack), then the symbols.
constexpr UserSymDef kUserSyms[] = {
    {"ustack", Subr::Ustack, Type::UserSym::None, false},
    {"ufunc", Subr::Ufunc, Type::UserSym::Func, false},
    {"usym", Subr::Usym, Type::UserSym::Func, false},
    {"umod", Subr::Umod, Type::UserSym::Mod, false},
    {"uaddr", Subr::Uaddr, Type::UserSym::Addr, false},
    {"sym", Subr::Sym, Type::UserSym::Func, true},
    {"func", Subr::Func, Type::UserSym::Func, true},
    {"mod", Subr::Mod, Type::UserSym::Mod, true},
};

// The row of `name` in kUserSyms, or none.
std::optional<size_t> user_sym(const std::string& name) {
    for (size_t row = 0; row < std::size(kUserSyms); ++row)
        if (name == kUserSyms[row].name) return row;
    return std::nullopt;
}

// dt_node_is_posconst: an integer constant, not zero, not negative.
bool positive_constant(const Node& n) {
    if (n.kind != NodeKind::Int || n.value == 0) return false;
    return !n.type->is_signed || static_cast<int64_t>(n.value) > 0;
}

// The most frames one ustack() records: the kernel's user stack walk stops at
// perf_event_max_stack (127 here), and a record must stay small.
constexpr uint64_t kMaxUstackFrames = 127;

}  // namespace

NodePtr Checker::ustack_subroutine(const ast::Expr& e, size_t row) {
    const UserSymDef* def = &kUserSyms[row];
    const std::string name = def->name;
    if (def->subr == Subr::Ustack) {
        uint64_t frames = opts.ustackframes ? opts.ustackframes : 100;
        if (!e.args.empty()) {
            NodePtr n = rvalue(*e.args[0]);
            if (!positive_constant(*n))
                error("D_USTACK_FRAMES", e.args[0]->range,
                      "ustack( ) argument #1 must be a non-zero positive integer constant");
            frames = n->value;
        }
        if (e.args.size() > 1) {
            // strsize is the room for ustack helpers' strings; Linux has no helpers, so it
            // is checked and then has nothing to hold.
            NodePtr s = rvalue(*e.args[1]);
            if (s->kind != NodeKind::Int || (s->type->is_signed && static_cast<int64_t>(s->value) < 0))
                error("D_USTACK_STRSIZE", e.args[1]->range, "ustack( ) argument #2 must be a positive integer constant");
            if (e.args.size() > 2)
                error("D_USTACK_PROTO", e.args[1]->range, "ustack( ) prototype mismatch: too many arguments");
        }
        frames = std::min(frames, kMaxUstackFrames);
        if (opts.maxframes) frames = std::min<uint64_t>(frames, opts.maxframes);
        Type* t = types.new_type();
        *t = *types.array_of(types.int_type(8, false), frames);
        t->is_stack = true;
        t->is_ustack = true;
        t->name = "stack";
        auto n = node(NodeKind::Subr, t, e.range);
        n->subr = Subr::Ustack;
        n->value = frames;
        return n;
    }
    auto n = node(NodeKind::Subr, nullptr, e.range);
    n->subr = def->subr;
    for (const auto& a : e.args) n->args.push_back(rvalue(*a));
    size_t argc = n->args.size();
    if (argc != 1)
        error("D_PROTO_LEN", e.range, name + "( ) prototype mismatch: " + std::to_string(argc) +
                                          (argc == 1 ? " arg" : " args") + " passed, 1 expected");
    if (!n->args[0]->type->is_integer())
        error("D_PROTO_ARG", e.args[0]->range,
              name + "( ) argument #1 is incompatible with prototype:\n\tprototype: uintptr_t\n\t argument: " +
                  n->args[0]->type->name);
    Type* t = types.new_type();
    *t = *types.int_type(8, false);
    t->name = def->kernel ? "_symaddr" : "_usymaddr";
    t->usym = def->kind;
    t->kernel_sym = def->kernel;
    n->type = t;
    return n;
}

NodePtr Checker::uregs_element(const ast::Expr& e) {
    size_t argc = e.args.size();
    if (argc != 1)
        error("D_PROTO_LEN", e.range, "uregs[ ] prototype mismatch: " + std::to_string(argc) +
                                          (argc == 1 ? " arg" : " args") + " passed, 1 expected");
    NodePtr idx = rvalue(*e.args[0]);
    if (!idx->type->is_integer())
        error("D_PROTO_ARG", e.args[0]->range,
              "uregs[ ] argument #1 is incompatible with prototype:\n\tprototype: int\n\t argument: " + idx->type->name);
    auto n = node(NodeKind::Builtin, types.lookup_typedef("uint64_t"), e.range);
    if (!n->type) n->type = types.int_type(8, false);
    n->builtin = BuiltinVar::Uregs;
    n->args.push_back(std::move(idx));
    return n;
}

std::unique_ptr<Action> Checker::ustack_action(const ast::Expr& call) {
    if (call.kind != ast::ExprKind::Call || call.lhs->kind != ast::ExprKind::Ident) return nullptr;
    std::optional<size_t> row = user_sym(call.lhs->text);
    if (!row) return nullptr;
    auto a = std::make_unique<Action>();
    // ustack() prints as stack() does; the symbol actions as trace() prints their value.
    a->kind = kUserSyms[*row].subr == Subr::Ustack ? ActionKind::Stack : ActionKind::Trace;
    a->range = call.range;
    a->index = action_index++;
    a->args.push_back(ustack_subroutine(call, *row));
    return a;
}

// The group's names in the call table (check_stmt.cpp), by row.
std::vector<std::string_view> ustack_subroutine_names() {
    std::vector<std::string_view> names;
    for (const auto& d : kUserSyms) names.push_back(d.name);
    return names;
}

}  // namespace bdtrace::sema
