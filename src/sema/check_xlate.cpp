// Translators (DTrace's dt_xlator.c and the xlate cases of dt_parser.c): definitions, xlate
// expressions, and member access on translated values. `xlate <T *> (e)->m` is m's expression
// with the translator's input bound to e, typed as if assigned to the member (DTrace's
// dt_cg_node on dn_membexpr, then dt_cg_typecast), so only the members a program uses cost
// anything; a translated value used whole is built in scratch memory (materialize_xlate). A translator of the system library is checked when
// a program first uses it, so that kernel types are read only then.
#include <algorithm>

#include "sema/checker.h"

namespace bdtrace::sema {

namespace {

bool is_strcompat(const Type* t) {
    return t->is_string() || ((t->kind == TypeKind::Array || t->kind == TypeKind::Pointer) &&
                              t->target && t->target->is_char());
}

bool is_char_array(const Type* t) {
    return t->kind == TypeKind::Array && t->target && t->target->is_char();
}

// DTrace's dt_node_is_argcompat: can a value of `from` be assigned to a member of type `to`?
bool argcompat(const Type* to, const Type* from, bool null_constant) {
    if (to->is_arith() && from->is_arith()) return true;
    if ((to->is_string() || is_char_array(to)) && is_strcompat(from)) return true;
    if (to->is_pointer() && null_constant) return true;
    if (to->is_pointer() && from->is_pointer())
        return to->target->is_void() || from->target->is_void() ||
               same_type(to->target, from->target);
    return same_type(to, from);
}

// The two types of a struct name the same record (a kernel struct and its forward declaration).
bool same_record(const Type* a, const Type* b) {
    return a == b || (a->is_record() && b->is_record() && a->kind == b->kind && a->name == b->name);
}

// DT_XLATE_FUZZY: the input type as written, or one a value of the argument's type converts to.
bool input_matches(const Type* in, const Type* arg) {
    if (same_type(in, arg)) return true;
    if (in->is_integer() && arg->is_integer()) return true;
    if (in->is_pointer() && arg->is_pointer())
        return same_record(in->target, arg->target) || arg->target->is_void();
    return false;
}

}  // namespace

NodePtr clone_node(const Node& n) {
    auto c = std::make_unique<Node>(n.kind);
    c->type = n.type;
    c->range = n.range;
    c->value = n.value;
    c->bit_offset = n.bit_offset;
    c->bit_size = n.bit_size;
    c->text = n.text;
    c->op = n.op;
    c->var = n.var;
    c->builtin = n.builtin;
    c->subr = n.subr;
    c->xlator = n.xlator;
    c->writable = n.writable;
    c->char_array = n.char_array;
    if (n.a) c->a = clone_node(*n.a);
    if (n.b) c->b = clone_node(*n.b);
    if (n.c) c->c = clone_node(*n.c);
    for (const auto& x : n.args) c->args.push_back(clone_node(*x));
    return c;
}

void Checker::translator_def(const ast::TranslatorDef& d, bool library) {
    auto x = std::make_unique<Translator>();
    x->def = &d;
    x->library = library;
    Translator* raw = x.get();
    translators.push_back(std::move(x));
    // A program's own translator is checked where it is defined, as DTrace does; the library's
    // when first used.
    if (!library) check_translator(*raw);
}

const Type* Checker::translator_output(Translator& x) {
    if (!x.out) x.out = type_of(x.def->output);
    return x.out;
}

void Checker::check_translator(Translator& x) {
    if (x.checked) return;
    if (x.checking) return;  // a member that uses the translator itself: checked where it is
    x.checking = true;
    // DTrace checks a translator once its definition is complete: errors name its last line.
    const SourceRange at{x.def->range.end, x.def->range.end};
    const Type* out = translator_output(x);
    if (!x.in) x.in = type_of(x.def->input);
    if (out->is_record() && !out->complete) {
        if (const Type* full =
                types.lookup_tag(out->kind, out->name.substr(out->name.find(' ') + 1)))
            x.out = out = full;
    }
    if (!out->is_record())
        error("D_XLATE_SOU", at, "translator output type must be a struct or union");
    if (!out->complete)
        error(
            "D_XLATE_SOU", at,
            "incomplete struct/union/enum " + out->name + ": cannot be used as translator output");
    for (const auto& m : x.def->members) {
        const Member* mm = out->member(m.name);
        if (!mm)
            error("D_XLATE_MEMB", at,
                  "translator member " + m.name + " is not a member of " + out->name);
        NodePtr v = bind_input(x, placeholder(x), [&] { return rvalue(*m.value); });
        bool null_constant = v->kind == NodeKind::Int && v->value == 0;
        if (!argcompat(mm->type, v->type, null_constant))
            error("D_XLATE_INCOMPAT", at,
                  "translator member " + m.name + " definition uses incompatible types: \"" +
                      mm->type->name + "\" = \"" + v->type->name + "\"");
    }
    x.checking = false;
    x.checked = true;
}

void Checker::enter_expansion(const std::string& what, SourceRange r, Tag tag,
                              const std::string& msg) {
    if (std::find(expansions.begin(), expansions.end(), what) != expansions.end())
        error(tag, r, msg);
    expansions.push_back(what);
}

// The input while a translator is checked: a value of the input type that is no constant.
NodePtr Checker::placeholder(const Translator& x) {
    auto n = node(NodeKind::Cast, x.in, x.def->range);
    n->a = int_const(0, types.int_type(8, false), x.def->range);
    return n;
}

NodePtr Checker::bind_names(XlateInput frame, const std::function<NodePtr()>& body) {
    xlate_inputs.push_back(std::move(frame));
    struct Pop {
        std::vector<XlateInput>& s;
        ~Pop() { s.pop_back(); }
    } pop{xlate_inputs};
    return body();
}

NodePtr Checker::bind_input(const Translator& x, NodePtr input,
                            const std::function<NodePtr()>& body) {
    XlateInput frame;
    frame.names.emplace_back(x.def->input_name, std::move(input));
    return bind_names(std::move(frame), body);
}

NodePtr Checker::xlate_input(const std::string& name) {
    if (xlate_inputs.empty()) return nullptr;
    for (const auto& [n, v] : xlate_inputs.back().names)
        if (n == name) return clone_node(*v);
    return nullptr;
}

// A parameterised inline (DTrace's `inline fileinfo_t fds[int fd] = ...`): its value with the
// parameters bound to the subscripts, each converted to its parameter's type.
NodePtr Checker::inline_element(const ast::Expr& e, const ast::InlineDef& d) {
    const ast::DeclaratorOp& sig = d.decl.ops.front();
    if (e.args.size() != sig.params.size())
        error("D_ARR_BADREF", e.range,
              d.decl.name + "[ ] requires " + std::to_string(sig.params.size()) + " subscript" +
                  (sig.params.size() == 1 ? "" : "s"));
    XlateInput frame;
    for (size_t i = 0; i < e.args.size(); ++i) {
        const Type* pt = type_of(sig.params[i].specs, sig.params[i].decl);
        NodePtr v = rvalue(*e.args[i]);
        if (!argcompat(pt, v->type, v->kind == NodeKind::Int && v->value == 0))
            error("D_ARR_BADREF", e.args[i]->range,
                  d.decl.name + "[ ] subscript #" + std::to_string(i + 1) + " is incompatible: \"" +
                      v->type->name + "\" for \"" + pt->name + "\"");
        frame.names.emplace_back(sig.params[i].decl.name, cast(std::move(v), pt, e.args[i]->range));
    }
    const Type* t = type_of(d.specs, d.decl);
    enter_expansion("inline " + d.decl.name, e.range, "D_IDENT_UNDEF",
                    "failed to resolve " + d.decl.name + ": inline defined in terms of itself");
    Expansion guard{expansions};
    std::vector<XlateInput> outer = std::move(xlate_inputs);
    xlate_inputs.clear();
    NodePtr v = bind_names(std::move(frame), [&] { return rvalue(*d.value); });
    xlate_inputs = std::move(outer);
    if (v->xlator && same_type(v->type, t)) {
        v->range = e.range;
        return v;
    }
    return cast(std::move(v), t, e.range);
}

NodePtr Checker::xlate(const ast::Expr& e) {
    const Type* target = type_of(*e.type);
    return translate(rvalue(*e.lhs), target, e.range);
}

NodePtr Checker::translate(NodePtr arg, const Type* target, SourceRange r) {
    const Type* out = target->is_pointer() ? target->target : target;
    Translator* found = nullptr;
    for (auto& x : translators) {
        if (!out->is_record() || !same_record(translator_output(*x), out)) continue;
        if (!x->in) x->in = type_of(x->def->input);
        if (input_matches(x->in, arg->type)) {
            found = x.get();
            break;
        }
    }
    if (!found)
        error("D_XLATE_NONE", r,
              "cannot translate from \"" + arg->type->name + "\" to \"" + target->name + "\"");
    check_translator(*found);
    auto n = node(NodeKind::Cast, target, r);
    n->a = std::move(arg);
    n->xlator = found;
    return n;
}

NodePtr Checker::translated_member(NodePtr base, const ast::Expr& e) {
    const Translator& x = *base->xlator;
    if (e.arrow && !base->type->is_pointer())
        error("D_OP_PTR", e.range, "operator -> must be applied to a pointer");
    if (!e.arrow && base->type->is_pointer())
        error("D_OP_SOU", e.range,
              "operator . cannot be applied to type \"" + base->type->name +
                  "\"; must be applied to a struct or union");
    const ast::TranslatorDef::Member* def = nullptr;
    for (const auto& m : x.def->members)
        if (m.name == e.text) def = &m;
    if (!def)
        error("D_XLATE_NOCONV", e.range,
              "translator does not define conversion for member: " + e.text);
    const Member* mm = x.out->member(e.text);
    const std::string what = "translator member " + e.text + " of " + x.out->name;
    enter_expansion(what, e.range, "D_XLATE_MEMB", what + " is defined in terms of itself");
    Expansion guard{expansions};
    // The input has the translator's input type (a void * or another integer converts to it).
    NodePtr input = std::move(base->a);
    if (!same_type(input->type, x.in)) input = cast(std::move(input), x.in, e.range);
    NodePtr v = bind_input(x, std::move(input), [&] { return rvalue(*def->value); });
    // A char array member is a D string (pr_psargs, pr_fname); other members take the value as
    // if assigned to them.
    const Type* t = is_char_array(mm->type) ? types.string_type() : mm->type;
    if (!t->is_scalar() && !t->is_string())
        error("D_XLATE_NOCONV", e.range,
              "translator member " + e.text + " of type " + mm->type->name +
                  " cannot be used yet: only scalar and string members are translated");
    if (same_type(v->type, t) || (t->is_string() && v->type->is_string())) {
        v->range = e.range;
        if (t->is_string() && is_char_array(mm->type)) v->char_array = mm->type->count;
        return v;
    }
    NodePtr c = cast(std::move(v), t, e.range);
    if (t->is_string() && is_char_array(mm->type)) c->char_array = mm->type->count;
    return c;
}

void Checker::check_library() {
    for (auto& x : translators)
        if (x->library) check_translator(*x);
    for (const auto& [name, d] : inlines) {
        ast::Expr id(ast::ExprKind::Ident);
        id.text = name;
        id.range = d->range;
        if (d->decl.ops.empty() || !d->decl.ops.front().assoc) {
            ident(id);
            continue;
        }
        ast::Expr element(ast::ExprKind::Index);  // fds[0]
        element.range = d->range;
        element.lhs = std::make_unique<ast::Expr>(std::move(id));
        for (size_t i = 0; i < d->decl.ops.front().params.size(); ++i) {
            auto zero = std::make_unique<ast::Expr>(ast::ExprKind::Int);
            zero->range = d->range;
            element.args.push_back(std::move(zero));
        }
        inline_element(element, *d);
    }
}

// A translated value used other than through its members would need the whole struct built.
// A translated value used whole (`trace(curcpu)`, `p = curpsinfo`, `*curpsinfo`): DTrace
// instantiates the output struct in scratch memory, every member the translator defines
// computed and stored (dt_cg_asgn_op's XLSOU case), and uses its address. Here that is
//   (this->xlate()N = (T *)alloca(sizeof (T)), this->xlate()N->m = <m's expression>, ...,
//    this->xlate()N)
// with a hidden this-> variable (a name no program can write); struct and array members other
// than strings are left zero. A translated struct (not pointer) is that pointer dereferenced.
void Checker::materialize_xlate(NodePtr& n) {
    if (!n) return;
    if (!n->xlator) {
        materialize_xlate(n->a);
        materialize_xlate(n->b);
        materialize_xlate(n->c);
        for (auto& a : n->args) materialize_xlate(a);
        return;
    }
    const Translator& x = *n->xlator;
    const Type* out = x.out;
    SourceRange r = n->range;
    const Type* ptr_t = types.pointer_to(out);
    Variable* tmp = variable(Variable::Scope::Clause, "xlate()" + std::to_string(prog->clause_vars.size()), ptr_t, r);
    auto var = [&] {
        auto v = node(NodeKind::ClauseVar, ptr_t, r);
        v->var = tmp;
        v->writable = true;
        return v;
    };
    // this->xlate()N = (T *)alloca(sizeof (T))
    auto alloc = node(NodeKind::Subr, types.pointer_to(types.void_type()), r);
    alloc->subr = Subr::Alloca;
    alloc->args.push_back(int_const(out->size, types.lookup_typedef("size_t"), r));
    auto set = node(NodeKind::Assign, ptr_t, r);
    set->op = Op::Assign;
    set->var = tmp;
    auto cast_node = node(NodeKind::Cast, ptr_t, r);
    cast_node->a = std::move(alloc);
    set->b = std::move(cast_node);
    NodePtr seq = std::move(set);
    for (const auto& m : x.def->members) {
        const Member* mm = out->member(m.name);
        if (!mm || mm->bitfield_bits) continue;
        bool string_member = is_char_array(mm->type);
        if (!mm->type->is_scalar() && !string_member) continue;
        ast::Expr me(ast::ExprKind::Member);
        me.text = m.name;
        me.arrow = n->type->is_pointer();
        me.range = r;
        NodePtr value = translated_member(clone_node(*n), me);
        materialize_xlate(value);
        auto lv = node(NodeKind::Load, mm->type, r);
        lv->a = var();
        lv->value = mm->offset_bits / 8;
        lv->writable = true;
        auto st = node(NodeKind::Store, mm->type, r);
        st->op = Op::Assign;
        st->a = std::move(lv);
        st->b = std::move(value);
        auto comma = node(NodeKind::Comma, mm->type, r);
        comma->a = std::move(seq);
        comma->b = std::move(st);
        seq = std::move(comma);
    }
    NodePtr result = var();
    if (!n->type->is_pointer()) {  // the struct itself
        auto load = node(NodeKind::Load, out, r);
        load->a = std::move(result);
        result = std::move(load);
    }
    auto comma = node(NodeKind::Comma, result->type, r);
    comma->a = std::move(seq);
    comma->b = std::move(result);
    n = std::move(comma);
}

void Checker::materialize_xlate(std::vector<StmtPtr>& body) {
    for (auto& s : body) {
        materialize_xlate(s->expr);
        if (s->action)
            for (auto& a : s->action->args) materialize_xlate(a);
        if (s->agg) {
            for (auto& k : s->agg->keys) materialize_xlate(k);
            materialize_xlate(s->agg->value);
            materialize_xlate(s->agg->increment);
        }
        materialize_xlate(s->then_body);
        materialize_xlate(s->else_body);
    }
}

}  // namespace bdtrace::sema
