// Tracing functions (actions) and aggregating functions used where D expects a value: DTrace
// types such a call as void and checks it against the function's prototype, so the context
// reports what is wrong (a printf() conversion, a key, a subroutine's argument, ?:), and its
// code generator refuses whatever call is left inside an expression (D_CG_EXPR).
#include "sema/checker.h"
#include "sema/prototypes.h"

namespace bdtrace::sema {

namespace {

bool is_strcompat(const Type* t) {
    return t->is_string() ||
           ((t->kind == TypeKind::Array || t->kind == TypeKind::Pointer) && t->target && t->target->is_char());
}

// Whether a value of type `t` may be passed where DTrace's prototype says `param`.
bool fits(const std::string& param, const Type* t) {
    if (param == "@" || param == "...") return true;
    if (param == "const char *" || param == "char *") return is_strcompat(t);
    if (param.back() == '*') return t->is_pointer() || t->is_integer();
    return t->is_integer();  // int, size_t, int32_t, uintptr_t
}


}  // namespace

void Checker::check_prototype(const std::string& name, const std::string& signature, SourceRange r,
                              const std::vector<NodePtr>& args) {
    Parameters p = parse_signature(signature);
    std::string mismatch = prototype_mismatch(name, p, args.size());
    if (!mismatch.empty()) error("D_PROTO_LEN", r, mismatch);
    size_t limit = p.varargs >= 0 ? static_cast<size_t>(p.varargs) : std::min(args.size(), p.types.size());
    for (size_t i = 0; i < limit; ++i) {
        if (fits(p.types[i], args[i]->type)) continue;
        error("D_PROTO_ARG", r,
              name + "( ) argument #" + std::to_string(i + 1) + " is incompatible with prototype:\n\tprototype: " +
                  p.types[i] + "\n\t argument: " + args[i]->type->name);
    }
}

NodePtr Checker::action_value(const ast::Expr& e, const std::string& name) {
    const Prototype* proto = find_prototype(name);
    if (!proto) return nullptr;
    std::vector<NodePtr> args;
    for (const auto& a : e.args) args.push_back(rvalue(*a));
    check_prototype(name, proto->signature, e.range, args);
    auto n = std::make_unique<Node>(NodeKind::ActCall);
    n->type = types.void_type();
    n->range = e.range;
    n->text = name;
    n->value = proto->kind == Prototype::Kind::Aggregating;
    n->args = std::move(args);
    return n;
}

namespace {

const Node* first_action_value(const Node* n) {
    if (!n) return nullptr;
    if (n->kind == NodeKind::ActCall) return n;
    for (const Node* c : {n->a.get(), n->b.get(), n->c.get()})
        if (const Node* f = first_action_value(c)) return f;
    for (const auto& x : n->args)
        if (const Node* f = first_action_value(x.get())) return f;
    return nullptr;
}

const Node* first_action_value(const std::vector<StmtPtr>& body) {
    for (const auto& s : body) {
        if (const Node* f = first_action_value(s->expr.get())) return f;
        if (s->action)
            for (const auto& a : s->action->args)
                if (const Node* f = first_action_value(a.get())) return f;
        if (s->agg) {
            for (const auto& k : s->agg->keys)
                if (const Node* f = first_action_value(k.get())) return f;
            if (const Node* f = first_action_value(s->agg->value.get())) return f;
            if (const Node* f = first_action_value(s->agg->increment.get())) return f;
        }
        if (const Node* f = first_action_value(s->then_body)) return f;
        if (const Node* f = first_action_value(s->else_body)) return f;
    }
    return nullptr;
}

}  // namespace

void Checker::check_no_action_values(const Node* predicate, const std::vector<StmtPtr>& body) {
    const Node* n = first_action_value(predicate);
    if (!n) n = first_action_value(body);
    if (!n) return;
    const Prototype* p = find_prototype(n->text);
    error("D_CG_EXPR", n->range,
          std::string(p ? kind_name(p->kind) : "tracing function") + " " + n->text +
              "( ) may not be called from a D expression (D program context required)");
}

}  // namespace bdtrace::sema
