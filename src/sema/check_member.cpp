// Memory reached through an expression: members (. and ->) of structs in memory, in D
// variables and in dynamic variables, and subscripts that are not associative arrays, which
// DTrace rewrites as *(E1 + E2) (declared arrays, pointers, strings). Both propagate DTrace's
// writable bit (Node::writable) from their left operand.
#include "sema/checker.h"

namespace bdtrace::sema {

using ast::ExprKind;

NodePtr Checker::member(const ast::Expr& e) {
    NodePtr base = expr(*e.lhs);
    if (base->xlator) return translated_member(std::move(base), e);
    // A struct cast to its own type is the struct: ((struct s)v).m.
    while (!e.arrow && base->kind == NodeKind::Cast && base->type->is_record() && same_type(base->type, base->a->type))
        base = std::move(base->a);
    std::string opname = e.arrow ? "->" : ".";
    const Type* st = base->type;
    bool writable = base->writable;  // DTrace propagates the writable bit from the left operand
    NodePtr addr;  // pointer to the struct
    uint64_t offset = 0;
    if (e.arrow) {
        if (!st->is_pointer()) error("D_OP_PTR", e.range, "operator -> must be applied to a pointer");
        st = st->target;
        if (st->is_record() && !st->complete) {
            if (const Type* full = types.lookup_tag(st->kind, st->name.substr(st->name.find(' ') + 1))) st = full;
        }
        if (!st->is_record())
            error("D_OP_SOU", e.range, "operator -> cannot be applied to pointer to type \"" + st->name + "\"; must be applied to a struct or union pointer");
        addr = std::move(base);
    } else {
        if (!st->is_record())
            error("D_OP_SOU", e.range, "operator . cannot be applied to type \"" + st->name + "\"; must be applied to a struct or union");
        if (base->kind == NodeKind::Global || base->kind == NodeKind::ClauseVar) {
            // A struct held in a D variable: its members are read from the variable's storage.
            auto va = node(NodeKind::VarAddr, types.pointer_to(st), base->range);
            va->var = base->var;
            addr = std::move(va);
        } else if (base->kind == NodeKind::Load) {
            addr = std::move(base->a);
            offset = base->value;
        } else if (base->kind == NodeKind::Cast && base->a->type->is_integer()) {
            // A translator's input stand-in while its definition is checked (placeholder()).
            auto p = node(NodeKind::Cast, types.pointer_to(st), base->range);
            p->a = std::move(base->a);
            addr = std::move(p);
        } else if (base->kind == NodeKind::DynVar) {
            // A struct in a dynamic variable: its members are read from (and written to) the
            // element the keys name.
            auto va = node(NodeKind::VarAddr, types.pointer_to(st), base->range);
            va->var = base->var;
            va->args = std::move(base->args);
            addr = std::move(va);
        } else {
            error("D_OP_SOU", e.range, "operator . cannot be applied to this struct value");
        }
    }
    if (!st->complete)
        error("D_OP_INCOMPLETE", e.range, "operator " + opname + " cannot be applied to a forward declaration: no " + st->name + " definition is available");
    const Member* m = st->member(e.text);
    if (!m) error("D_TYPE_MEMBER", e.range, e.text + " is not a member of " + st->name);
    auto n = node(NodeKind::Load, m->type, e.range);
    n->a = std::move(addr);
    n->writable = writable;
    if (m->bitfield_bits) {
        uint64_t unit = m->type->size * 8;
        n->value = offset + (m->offset_bits / unit) * m->type->size;
        n->bit_offset = static_cast<uint32_t>(m->offset_bits % unit);
        n->bit_size = m->bitfield_bits;
    } else {
        n->value = offset + m->offset_bits / 8;
    }
    return n;
}

NodePtr Checker::index(const ast::Expr& e) {
    const ast::Expr& base_e = *e.lhs;
    if (base_e.kind == ExprKind::Ident && base_e.text == "uregs" && !globals.count("uregs")) return uregs_element(e);
    if (base_e.kind == ExprKind::Ident && !globals.count(base_e.text)) {
        auto it = inlines.find(base_e.text);
        if (it != inlines.end() && !it->second->decl.ops.empty() && it->second->decl.ops.front().assoc)
            return inline_element(e, *it->second);
    }
    if (is_dynamic_target(e)) return dynamic_element(e, nullptr);
    if (base_e.kind == ExprKind::Index && base_e.lhs->kind == ExprKind::Agg)
        error("D_AGG_MDIM", e.range,
              "improper attempt to reference " + base_e.lhs->text + " as a multi-dimensional array");
    if (base_e.kind == ExprKind::Agg) {
        // @a[keys] outside an assignment: the aggregation itself, which has no value (a
        // statement of its own has no effect: D_AGG_NULL). Its keys are checked as keys.
        for (size_t i = 0; i < e.args.size(); ++i) {
            NodePtr k = rvalue(*e.args[i]);
            if (k->type->is_void() || is_aggregation_ref(*k))
                error("D_KEY_TYPE", k->range, std::string(k->type->is_void() ? "void" : "aggregation") +
                                                  " expression may not be used as aggregation index: key #" +
                                                  std::to_string(i + 1));
        }
        aggregation_ref_creates = true;
        NodePtr n = expr(base_e);
        aggregation_ref_creates = false;
        n->range = e.range;
        return n;
    }
    if (base_e.kind == ExprKind::Ident && base_e.text == "args" && !globals.count("args")) return untyped_arg(e);
    if (base_e.kind == ExprKind::ThisVar && !clause_vars.count(base_e.text))
        error("D_ARR_LOCAL", e.range, "local variables may not be used as associative arrays: " + base_e.text);
    // E1[E2] is *(E1 + E2) (K&R A7.3.1), as DTrace rewrites it: an array is the address of its
    // first element, a string the address of its characters. A constant subscript of an array
    // whose size is known is checked against it (D_ARR_BOUNDS).
    NodePtr base = expr(base_e);
    const Type* bt = base->type;
    uint64_t bound = bt->kind == TypeKind::Array ? bt->count : bt->is_string() ? base->char_array : 0;
    if (e.args.size() != 1) {
        std::string name = base_e.text.empty() ? std::string("expression") : base_e.text;
        if (base->kind == NodeKind::Global || base->kind == NodeKind::ClauseVar || base->kind == NodeKind::DynVar)
            name = std::string("scalar ") + (base->kind == NodeKind::ClauseVar ? "this->" : "") +
                   (base->var->scope == Variable::Scope::Thread ? "self->" : "") + base->var->name;
        error("D_ARR_BADREF", e.range, "cannot access " + name + " as an associative array");
    }
    if (bt->kind == TypeKind::Array) {
        const Type* pt = types.pointer_to(bt->target);
        NodePtr addr;
        if (base->kind == NodeKind::Global || base->kind == NodeKind::ClauseVar) {
            addr = node(NodeKind::VarAddr, pt, base->range);  // an array held in a D variable
            addr->var = base->var;
            addr->writable = true;
        } else if (base->kind == NodeKind::Load) {
            addr = node(NodeKind::AddrOf, pt, base->range);
            addr->writable = base->writable;
            addr->a = std::move(base);
        } else {
            error("D_ARR_BADREF", e.range, "cannot access expression as an associative array");
        }
        base = std::move(addr);
    }
    NodePtr idx = rvalue(*e.args[0]);
    bool ptr = base->type->is_pointer() || base->type->is_string();
    if (!ptr && !(base->type->is_integer() && idx->type->is_integer()))
        error("D_OP_INCOMPAT", e.range, "operands have incompatible types: \"" + base->type->name + "\" + \"" + idx->type->name + "\"");
    if (!ptr) error("D_DEREF_NONPTR", e.range, "cannot dereference non-pointer type");
    if (!idx->type->is_integer())
        error("D_OP_INCOMPAT", e.range, "operands have incompatible types: \"" + base->type->name + "\" + \"" + idx->type->name + "\"");
    if (bound && idx->kind == NodeKind::Int) {
        int64_t i = static_cast<int64_t>(idx->value);
        if (i < 0 || static_cast<uint64_t>(i) >= bound)
            error("D_ARR_BOUNDS", e.range, "index outside array bounds: " + std::to_string(i) + ", max is " + std::to_string(bound));
    }
    // A string's characters are chars; other pointers point at their target type.
    const Type* pt = base->type;
    const Type* elem = pt->is_string() ? types.int_type(1, true) : pt->target;
    if (pt->is_pointer() && elem->is_void()) error("D_DEREF_VOID", e.range, "cannot dereference pointer to void");
    bool writable = base->writable;
    auto sum = node(NodeKind::Binary, pt, e.range);
    sum->op = Op::Add;
    sum->a = std::move(base);
    sum->b = std::move(idx);
    auto n = node(NodeKind::Load, elem, e.range);
    n->a = std::move(sum);
    n->writable = writable;
    return n;
}

}  // namespace bdtrace::sema
