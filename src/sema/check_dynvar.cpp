// Dynamic variables: thread-local self->x, associative arrays a[k...] and self->a[k...]. The first
// assignment fixes the value type and, for arrays, the key signature; later uses must agree, as
// DTrace's prototypes require. Reading an element never assigned gives zero.
#include "sema/builtins.h"
#include "sema/checker.h"

namespace bdtrace::sema {

namespace {


bool key_type_ok(const Type* t) {
    return t->is_scalar() || t->is_string() || t->is_record() ||
           (t->kind == TypeKind::Array && t->target && t->target->is_char());
}

bool keys_agree(const Type* a, const Type* b) {
    if (a->is_record() || b->is_record()) return same_type(a, b);  // a struct key: its bytes
    bool as = a->is_string() || a->kind == TypeKind::Array, bs = b->is_string() || b->kind == TypeKind::Array;
    return as == bs && a->is_integer() == b->is_integer() && a->is_pointer() == b->is_pointer();
}

}  // namespace

bool Checker::is_dynamic_target(const ast::Expr& e) const {
    if (e.kind == ast::ExprKind::SelfVar) return true;
    if (e.kind != ast::ExprKind::Index) return false;
    const ast::Expr& base = *e.lhs;
    if (base.kind == ast::ExprKind::SelfVar) {
        // self->s[i] on a self-> scalar (a string, a pointer) is *(self->s + i).
        auto it = thread_vars.find(base.text);
        return it == thread_vars.end() || it->second->assoc;
    }
    if (base.kind != ast::ExprKind::Ident || base.text == "args" || base.text == "uregs") return false;
    auto it = globals.find(base.text);
    if (it != globals.end()) return it->second->assoc;
    return !find_builtin(types, base.text);
}

Variable* Checker::dynamic_variable(bool thread, bool assoc, const std::string& name, const Type* assigned,
                                    SourceRange r) {
    auto& table = thread ? thread_vars : globals;
    if (auto it = table.find(name); it != table.end()) return it->second;
    if (!assigned) return nullptr;
    auto& store = thread ? prog->thread_vars : prog->globals;
    auto v = std::make_unique<Variable>();
    v->scope = thread ? Variable::Scope::Thread : Variable::Scope::Global;
    v->name = name;
    v->type = assigned;
    v->id = static_cast<uint32_t>(store.size());
    v->first_use = r;
    v->assoc = assoc;
    v->dyn_id = static_cast<uint32_t>(prog->dynamic_vars.size() + 1);
    Variable* raw = v.get();
    prog->dynamic_vars.push_back(raw);
    store.push_back(std::move(v));
    table[name] = raw;
    return raw;
}

// self->x, a[k...] or self->a[k...] as a DynVar node. `assigned`: the type a first assignment
// gives the variable (null when reading).
NodePtr Checker::dynamic_element(const ast::Expr& e, const Type* assigned) {
    bool thread = e.kind == ast::ExprKind::SelfVar || e.lhs->kind == ast::ExprKind::SelfVar;
    bool assoc = e.kind == ast::ExprKind::Index;
    const std::string& name = assoc ? e.lhs->text : e.text;
    std::string shown = (thread ? "self->" : "") + name;
    std::vector<NodePtr> keys;
    if (assoc)
        for (const auto& k : e.args) {
            NodePtr kn = rvalue(*k);
            if (!key_type_ok(kn->type))
                error("D_KEY_TYPE", kn->range, std::string(kn->type->is_void() ? "void" : kn->type->name) +
                                                   " expression may not be used as associative array index: key #" +
                                                   std::to_string(keys.size() + 1));
            keys.push_back(std::move(kn));
        }
    // DTrace passes the keys in its tuple registers, of which DIF has eight (DIF_DTR_NREGS):
    // more keys fail code generation with an error that names no tag and no line.
    constexpr size_t kTupleRegisters = 8;
    if (keys.size() > kTupleRegisters) error(Tag{}, SourceRange{}, "Insufficient tuple registers to generate code");
    bool fresh = !(thread ? thread_vars : globals).count(name);
    Variable* v = dynamic_variable(thread, assoc, name, assigned, e.range);
    if (!v) error("D_IDENT_UNDEF", e.range, "failed to resolve " + shown + ": Unknown variable name");
    if (v->assoc != assoc)
        error("D_ARR_BADREF", e.range, assoc ? "cannot access " + shown + " as an associative array"
                                             : shown + " is an associative array and must be indexed");
    if (assoc) {
        if (fresh)
            for (const auto& k : keys) v->keys.push_back(k->type);
        // DTrace calls an array's subscripts keys (dt_idcook_sign).
        if (v->keys.size() != keys.size())
            error("D_PROTO_LEN", e.range, name + "[ ] prototype mismatch: " + std::to_string(keys.size()) +
                                              (keys.size() == 1 ? " key" : " keys") + " passed, " +
                                              std::to_string(v->keys.size()) + " expected");
        for (size_t i = 0; i < keys.size(); ++i)
            if (!keys_agree(v->keys[i], keys[i]->type))
                error("D_PROTO_ARG", keys[i]->range, name + "[ ] key #" + std::to_string(i + 1) +
                                                         " is incompatible with prototype:\n\tprototype: " +
                                                         v->keys[i]->name + "\n\t      key: " + keys[i]->type->name);
    }
    if (v->type->kind == TypeKind::Array)
        error("D_UNKNOWN", e.range, "dynamic variables of type " + v->type->name + " are not yet supported: " + shown);
    auto n = node(NodeKind::DynVar, v->type, e.range);
    n->var = v;
    n->args = std::move(keys);
    n->writable = true;
    return n;
}

}  // namespace bdtrace::sema
