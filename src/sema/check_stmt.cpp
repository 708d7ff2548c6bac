// Statements and actions. Each action is one table entry: its name, argument count range,
// whether it is destructive, and how its arguments are checked.
#include <algorithm>

#include "formats/printf_check.h"
#include "formats/printf_format.h"
#include "sema/checker.h"
#include "sema/prototypes.h"

namespace bdtrace::sema {

namespace {

struct ActionDef {
    const char* name;
    ActionKind kind;
    int min_args, max_args;  // -1: any number
    bool destructive;
};

constexpr ActionDef kActions[] = {
    {"trace", ActionKind::Trace, 1, 1, false},
    {"printf", ActionKind::Printf, 1, -1, false},
    {"exit", ActionKind::Exit, 1, 1, false},
    {"tracemem", ActionKind::Tracemem, 2, 3, false},
    {"printm", ActionKind::Printm, 2, 2, false},
    {"raise", ActionKind::Raise, 1, 1, true},
    {"stop", ActionKind::Stop, 0, 0, true},
    {"system", ActionKind::System, 1, -1, true},
    {"freopen", ActionKind::Freopen, 1, -1, true},
    {"ftruncate", ActionKind::Ftruncate, 0, 0, false},
    {"print", ActionKind::Print, 1, 1, false},
    {"breakpoint", ActionKind::Breakpoint, 0, 0, true},
    {"panic", ActionKind::Panic, 0, 0, true},
    {"chill", ActionKind::Chill, 1, 1, true},
    {"copyout", ActionKind::Copyout, 3, 3, true},
    {"copyoutstr", ActionKind::Copyoutstr, 3, 3, true},
    {"stack", ActionKind::Stack, 0, 1, false},
};

const ActionDef* find_action(const std::string& name) {
    for (const auto& a : kActions)
        if (name == a.name) return &a;
    return nullptr;
}

std::string plural(size_t n) { return n == 1 ? "" : "s"; }

}  // namespace

// How the printf checker sees a D type.
formats::ArgType printf_arg_type(const Type* t) {
    using formats::ArgType;
    switch (t->kind) {
        case TypeKind::Integer:
        case TypeKind::Enum: {
            if (t->usym != Type::UserSym::None) {
                ArgType u = ArgType::integer(t->name, 8, false);
                u.kind = t->kernel_sym ? ArgType::Kind::SymAddr : ArgType::Kind::USymAddr;
                return u;
            }
            ArgType a = ArgType::integer(t->name, static_cast<uint32_t>(t->size), t->is_signed);
            a.is_char = t->size == 1 && (t->name == "char" || t->name == "signed char" || t->name == "unsigned char");
            return a;
        }
        case TypeKind::Pointer: return ArgType::pointer(t->name);
        case TypeKind::Float: return ArgType::floating(t->name, static_cast<uint32_t>(t->size));
        case TypeKind::String: return ArgType::string();
        case TypeKind::Array:
            if (t->is_stack) return ArgType::stack();
            if (t->target && t->target->is_char()) return ArgType::char_array(static_cast<uint32_t>(t->count), t->target->name);
            return ArgType::other(t->name);
        default: return ArgType::other(t->name);
    }
}

std::vector<StmtPtr> Checker::statements(const std::vector<ast::StmtPtr>& list) {
    std::vector<StmtPtr> out;
    for (const auto& s : list) {
        if (s->kind == ast::StmtKind::Empty) continue;
        if (s->kind == ast::StmtKind::Block) {
            for (auto& inner : statements(s->body)) out.push_back(std::move(inner));
            continue;
        }
        out.push_back(statement(*s));
        speculation_rules(*out.back());
    }
    return out;
}

StmtPtr Checker::statement(const ast::Stmt& s) {
    auto out = std::make_unique<Stmt>();
    out->range = s.range;
    if (s.kind == ast::StmtKind::If) {
        out->kind = Stmt::Kind::If;
        out->expr = rvalue(*s.expr);
        if (!out->expr->type->is_scalar())
            error("D_OP_SCALAR", s.expr->range, "if condition must be of scalar type");
        out->then_body = statements(s.body);
        out->else_body = statements(s.else_body);
        return out;
    }
    const ast::Expr& e = *s.expr;
    if (is_aggregation(e)) return aggregation(e);
    if (e.kind == ast::ExprKind::Call && e.lhs->kind == ast::ExprKind::Ident) {
        if (auto a = aggregation_action(e)) {
            out->kind = Stmt::Kind::Action;
            out->action = std::move(a);
            return out;
        }
        if (auto a = speculation_action(e)) {
            out->kind = Stmt::Kind::Action;
            out->action = std::move(a);
            return out;
        }
    }
    if (auto a = ustack_action(e)) {
        out->kind = Stmt::Kind::Action;
        out->action = std::move(a);
        return out;
    }
    if (e.kind == ast::ExprKind::Call && e.lhs->kind == ast::ExprKind::Ident && e.lhs->text == "stack") {
        out->kind = Stmt::Kind::Action;
        out->action = std::make_unique<Action>();
        out->action->kind = ActionKind::Stack;
        out->action->range = e.range;
        out->action->index = action_index++;
        out->action->args.push_back(stack_value(e));
        return out;
    }
    if (e.kind == ast::ExprKind::Call && e.lhs->kind == ast::ExprKind::Ident && find_action(e.lhs->text)) {
        out->kind = Stmt::Kind::Action;
        out->action = action(e, e.lhs->text);
        return out;
    }
    out->kind = Stmt::Kind::Expr;
    out->expr = expr(e);
    if (is_aggregation_ref(*out->expr))
        error("D_AGG_NULL", e.range, "expression has null effect: " + out->expr->text);
    return out;
}

std::unique_ptr<Action> Checker::action(const ast::Expr& call, const std::string& name) {
    const ActionDef& def = *find_action(name);
    size_t n = call.args.size();
    if (const Prototype* p = find_prototype(name)) {
        // DTrace checks the call against the function's prototype first (dt_idcook_sign).
        std::string mismatch = prototype_mismatch(name, parse_signature(p->signature), n);
        if (!mismatch.empty()) error("D_PROTO_LEN", call.range, mismatch);
        if (def.kind == ActionKind::Tracemem && n > 3)
            error("D_TRACEMEM_ARGS", call.args[3]->range, "tracemem ( ) prototype mismatch: expected at most 3 args");
    } else if (static_cast<int>(n) < def.min_args || (def.max_args >= 0 && static_cast<int>(n) > def.max_args)) {
        std::string expected = def.max_args < 0 ? std::to_string(def.min_args)
                               : def.min_args == def.max_args ? std::to_string(def.min_args)
                                                              : std::to_string(def.min_args) + " to " + std::to_string(def.max_args);
        error("D_PROTO_LEN", call.range, name + "( ) prototype mismatch: " + std::to_string(n) + " arg" +
                                             plural(n) + " passed, " + expected + " expected");
    }
    auto a = std::make_unique<Action>();
    a->kind = def.kind;
    a->range = call.range;
    a->index = action_index++;
    size_t first = 0;
    if (def.kind == ActionKind::Printf || def.kind == ActionKind::System || def.kind == ActionKind::Freopen) {
        const ast::Expr& f = *call.args[0];
        if (f.kind != ast::ExprKind::String)
        {
            NodePtr v = rvalue(f);
            Diagnostic d = formats::format_not_constant(name, v->type->name);
            error(d.tag, f.range, d.message);
        }
        a->format = f.text;
        first = 1;
        // "." is the consumer's sign to go back to the original output (what freopen("")
        // becomes), so it may not be written (dt_action_printflike).
        if (def.kind == ActionKind::Freopen && a->format == ".")
            error("D_FREOPEN_INVALID", call.range, name + "( ) argument #1 cannot be \".\"");
        if (def.kind == ActionKind::Freopen && a->format.empty()) a->format = ".";
    }
    for (size_t i = first; i < n; ++i) {
        // printm(size, memref(addr, len)) (FreeBSD): memref() names the memory printm dumps.
        const ast::Expr& arg = *call.args[i];
        if (def.kind == ActionKind::Printm && i == 1 && arg.kind == ast::ExprKind::Call &&
            arg.lhs->kind == ast::ExprKind::Ident && arg.lhs->text == "memref") {
            if (arg.args.size() != 2)
                error("D_PROTO_LEN", arg.range, "memref( ) prototype mismatch: " + std::to_string(arg.args.size()) +
                                                    " arg" + plural(arg.args.size()) + " passed, 2 expected");
            a->args.push_back(rvalue(*arg.args[0]));
            continue;
        }
        a->args.push_back(rvalue(arg));
    }
    if (def.kind == ActionKind::Printf || def.kind == ActionKind::System || def.kind == ActionKind::Freopen) {
        auto parsed = formats::parse_format(a->format);
        if (!parsed.format) {
            const Diagnostic& d = *parsed.error;
            error(d.tag, call.range, d.message);
        }
        std::vector<formats::ArgType> types_;
        for (const auto& v : a->args) types_.push_back(printf_arg_type(v->type));
        formats::PrintfCheckOptions po;
        po.function = name;
        po.have_target = opts.have_target;
        if (auto d = formats::check_printf_args(*parsed.format, types_, po)) error(d->tag, call.range, d->message);
    }
    switch (def.kind) {
        case ActionKind::Exit:
        case ActionKind::Raise:
        case ActionKind::Chill:
            if (!a->args[0]->type->is_integer())
                error("D_PROTO_ARG", call.args[0]->range,
                      name + "( ) argument #1 is incompatible with prototype:\n\tprototype: int\n\t argument: " +
                          a->args[0]->type->name);
            break;
        case ActionKind::Print:
            if (a->args[0]->type->is_void())
                error("D_PRINT_VOID", call.args[0]->range, "print( ) may not be applied to a void expression");
            // Oracle's check (illumos has none): a type without size has nothing to print.
            if (!a->args[0]->type->is_scalar() && !a->args[0]->type->is_string() && a->args[0]->type->size == 0)
                error("D_PRINT_SIZE", call.args[0]->range,
                      "print( ) argument #1 reference has type '" + a->args[0]->type->name +
                          "' with size 0; cannot print( ) it.");
            [[fallthrough]];
        case ActionKind::Trace:
            if (a->args[0]->type->is_void())
                error("D_TRACE_VOID", call.args[0]->range, name + "( ) may not be applied to a void expression");
            if (is_aggregation_ref(*a->args[0]))
                error("D_TRACE_DYN", call.args[0]->range, name + "( ) may not be applied to a dynamic expression");
            break;
        default: break;
    }
    if (def.destructive) prog->destructive = true;
    // After speculate() the action is refused by DTrace's rule first (D_ACT_SPEC, checked once
    // the statement is: check_speculation.cpp), whatever this kernel allows.
    bool after_speculate = std::find(spec_acts.begin(), spec_acts.end(), SpecAct::Speculate) != spec_acts.end();
    if ((def.kind == ActionKind::Copyout || def.kind == ActionKind::Copyoutstr) && !after_speculate &&
        !(opts.user_writes && opts.user_writes()))
        error("D_UNKNOWN", call.range,
              name + "( ) is not available: this kernel forbids BPF programs to write user memory "
                     "(bpf_probe_write_user; kernel lockdown)");
    if (def.kind == ActionKind::Tracemem || def.kind == ActionKind::Printm) {
        // tracemem(addr, nbytes[, dbytes]) and printm(nbytes, addr): nbytes is a constant.
        size_t addr_i = def.kind == ActionKind::Tracemem ? 0 : 1, size_i = 1 - addr_i;
        const NodePtr& size = a->args[size_i];
        std::string which = std::to_string(size_i + 1);
        if (!size->type->is_integer())
            error("D_PROTO_ARG", size->range, name + "( ) argument #" + which +
                                                  " is incompatible with prototype:\n\tprototype: size_t\n\t argument: " +
                                                  size->type->name);
        NodePtr& addr = a->args[addr_i];
        if (addr->kind == NodeKind::Load && addr->type->kind == TypeKind::Array) {
            auto p = std::make_unique<Node>(NodeKind::AddrOf);
            p->type = types.pointer_to(addr->type->target);
            p->range = addr->range;
            p->a = std::move(addr);
            addr = std::move(p);
        }
        if (!addr->type->is_scalar())
            error("D_TRACEMEM_ADDR", addr->range,
                  name + "( ) argument #" + std::to_string(addr_i + 1) +
                      " is incompatible with prototype:\n\tprototype: pointer or integer\n\t argument: " +
                      addr->type->name);
        if (size->kind != NodeKind::Int || size->value == 0 ||
            (size->type->is_signed && static_cast<int64_t>(size->value) < 0))
            error("D_TRACEMEM_SIZE", size->range,
                  name + "( ) argument #" + which + " must be a non-zero positive integral constant expression");
        if (size->value > 8192)
            error("D_TRACEMEM_SIZE", size->range, name + "( ) size must be a constant between 1 and 8192");
        a->size = size->value;
    }
    return a;
}

// stack([n]): the kernel stack of the firing, n frames (-x stackframes, 20 by default; the
// kernel gives at most 127).
NodePtr Checker::stack_value(const ast::Expr& e) {
    uint64_t frames = std::min<uint64_t>(opts.stackframes ? opts.stackframes : 20, 127);
    // stack(...) has no fixed prototype in DTrace: its action checks the arguments.
    if (e.args.size() > 1) error("D_STACK_PROTO", e.args[0]->range, "stack( ) prototype mismatch: too many arguments");
    if (e.args.size() == 1) {
        NodePtr n = rvalue(*e.args[0]);
        if (n->kind != NodeKind::Int || n->value == 0 || (n->type->is_signed && static_cast<int64_t>(n->value) < 0))
            error("D_STACK_SIZE", e.args[0]->range,
                  "stack( ) size must be a non-zero positive integral constant expression");
        frames = std::min<uint64_t>(n->value, 127);
    }
    if (opts.maxframes) frames = std::min<uint64_t>(frames, opts.maxframes);
    Type* t = types.new_type();
    *t = *types.array_of(types.int_type(8, false), frames);
    t->is_stack = true;
    t->name = "stack";
    auto n = std::make_unique<Node>(NodeKind::Subr);
    n->subr = Subr::Stack;
    n->type = t;
    n->range = e.range;
    n->value = frames;
    return n;
}

// A call's value: the checker of its name's group, from a table of the groups' names (a name
// two groups list goes to the first listed here), given the name's row in the group's table.
NodePtr Checker::call(const ast::Expr& e) {
    using E = const ast::Expr&;
    using S = const std::string&;
    using Check = NodePtr (*)(Checker&, E, S name, size_t row);
    static const std::map<std::string, std::pair<Check, size_t>, std::less<>> table = [] {
        std::map<std::string, std::pair<Check, size_t>, std::less<>> t;
        auto add = [&](const std::vector<std::string_view>& names, Check check) {
            for (size_t row = 0; row < names.size(); ++row)
                t.emplace(std::string(names[row]), std::pair(check, row));
        };
        add({"stack"}, [](Checker& c, E x, S, size_t) { return c.stack_value(x); });
        add(ustack_subroutine_names(),
            [](Checker& c, E x, S, size_t row) { return c.ustack_subroutine(x, row); });
        add(string_subroutine_names(),
            [](Checker& c, E x, S, size_t row) { return c.string_subroutine(x, row); });
        add(memory_subroutine_names(),
            [](Checker& c, E x, S, size_t row) { return c.memory_subroutine(x, row); });
        add(speculation_subroutine_names(),
            [](Checker& c, E x, S, size_t row) { return c.speculation_subroutine(x, row); });
        add(kernel_subroutine_names(),
            [](Checker& c, E x, S, size_t row) { return c.kernel_subroutine(x, row); });
        add(prototype_names(), [](Checker& c, E x, S n, size_t) { return c.action_value(x, n); });
        return t;
    }();
    std::string name = e.lhs->kind == ast::ExprKind::Ident ? e.lhs->text : "";
    if (auto it = table.find(name); it != table.end())
        if (NodePtr n = it->second.first(*this, e, name, it->second.second)) return n;
    if (e.lhs->kind == ast::ExprKind::Ident && globals.count(name))
        error("D_FUNC_IDKIND", e.range, "scalar '" + name + "' may not be referenced as a function");
    error("D_FUNC_UNDEF", e.range, "undefined function name: " + name);
}

}  // namespace bdtrace::sema
