// Expressions: name resolution, D's typing rules, constant folding of literals.
#include <algorithm>
#include <limits>

#include "sema/btf_types.h"
#include "sema/builtins.h"
#include "sema/checker.h"

namespace bdtrace::sema {

using ast::BinaryOp;
using ast::ExprKind;
using ast::UnaryOp;

namespace {

struct OpInfo {
    BinaryOp ast;
    Op op;
    const char* text;
};

constexpr OpInfo kOps[] = {
    {BinaryOp::Mul, Op::Mul, "*"},   {BinaryOp::Div, Op::Div, "/"},   {BinaryOp::Mod, Op::Mod, "%"},
    {BinaryOp::Add, Op::Add, "+"},   {BinaryOp::Sub, Op::Sub, "-"},   {BinaryOp::Shl, Op::Shl, "<<"},
    {BinaryOp::Shr, Op::Shr, ">>"},  {BinaryOp::Lt, Op::Lt, "<"},     {BinaryOp::Le, Op::Le, "<="},
    {BinaryOp::Gt, Op::Gt, ">"},     {BinaryOp::Ge, Op::Ge, ">="},    {BinaryOp::Eq, Op::Eq, "=="},
    {BinaryOp::Ne, Op::Ne, "!="},    {BinaryOp::BitAnd, Op::And, "&"}, {BinaryOp::BitXor, Op::Xor, "^"},
    {BinaryOp::BitOr, Op::Or, "|"},  {BinaryOp::LogAnd, Op::LogAnd, "&&"},
    {BinaryOp::LogXor, Op::LogXor, "^^"}, {BinaryOp::LogOr, Op::LogOr, "||"},
    {BinaryOp::Assign, Op::Assign, "="}, {BinaryOp::MulAssign, Op::Mul, "*="},
    {BinaryOp::DivAssign, Op::Div, "/="}, {BinaryOp::ModAssign, Op::Mod, "%="},
    {BinaryOp::AddAssign, Op::Add, "+="}, {BinaryOp::SubAssign, Op::Sub, "-="},
    {BinaryOp::ShlAssign, Op::Shl, "<<="}, {BinaryOp::ShrAssign, Op::Shr, ">>="},
    {BinaryOp::AndAssign, Op::And, "&="}, {BinaryOp::XorAssign, Op::Xor, "^="},
    {BinaryOp::OrAssign, Op::Or, "|="},
};

const OpInfo& info(BinaryOp op) {
    for (const auto& o : kOps)
        if (o.ast == op) return o;
    return kOps[0];
}

bool is_strcompat(const Type* t) {
    return t->is_string() ||
           ((t->kind == TypeKind::Array || t->kind == TypeKind::Pointer) && t->target && t->target->is_char());
}

}  // namespace

NodePtr Checker::int_const(uint64_t v, const Type* t, SourceRange r) {
    auto n = node(NodeKind::Int, t, r);
    n->value = v;
    return n;
}

// The type of an integer constant: the first of int, long that holds it (unsigned variants
// when the value only fits unsigned or a 'u' suffix was written), as C and D do.
static const Type* literal_type(TypeTable& types, const ast::Expr& e) {
    bool u = e.int_suffix.find_first_of("uU") != std::string::npos;
    size_t longs = 0;
    for (char c : e.int_suffix) longs += (c == 'l' || c == 'L');
    uint64_t v = e.int_value;
    if (longs == 0) {
        if (!u && v <= static_cast<uint64_t>(std::numeric_limits<int32_t>::max())) return types.int_type(4, true);
        if ((u || !e.int_decimal) && v <= std::numeric_limits<uint32_t>::max()) return types.int_type(4, false);
    }
    if (!u && v <= static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
        return types.int_named(longs == 2 ? "long long" : "long");
    return types.int_named(longs == 2 ? "unsigned long long" : "unsigned long");
}

Variable* Checker::variable(Variable::Scope scope, const std::string& name, const Type* assigned,
                            SourceRange r) {
    auto& table = scope == Variable::Scope::Global ? globals
                  : scope == Variable::Scope::Clause ? clause_vars : thread_vars;
    auto& store = scope == Variable::Scope::Global ? prog->globals
                  : scope == Variable::Scope::Clause ? prog->clause_vars : prog->thread_vars;
    if (auto it = table.find(name); it != table.end()) return it->second;
    if (!assigned) return nullptr;
    auto v = std::make_unique<Variable>();
    v->scope = scope;
    v->name = name;
    v->type = assigned;
    v->id = static_cast<uint32_t>(store.size());
    v->first_use = r;
    // A string variable holds strsize characters and a NUL.
    uint32_t size = static_cast<uint32_t>(assigned->is_string() ? opts.strsize + 1 : assigned->size);
    uint32_t align = assigned->is_string() ? 8 : std::max<uint32_t>(assigned->align, 1);
    uint32_t& total = scope == Variable::Scope::Global ? prog->globals_size : prog->clause_vars_size;
    if (scope != Variable::Scope::Thread) {
        total = (total + align - 1) / align * align;
        v->offset = total;
        total += std::max<uint32_t>(size, 1);
    }
    Variable* raw = v.get();
    store.push_back(std::move(v));
    table[name] = raw;
    return raw;
}

NodePtr Checker::expr(const ast::Expr& e) {
    switch (e.kind) {
        case ExprKind::Int: {
            // A character constant has the first of int, unsigned int, long, unsigned long that
            // holds its bytes (several characters make one wider value, as DTrace packs them).
            if (e.is_char) {
                uint64_t v = e.int_value;
                const Type* t = v <= 0x7fffffffULL ? types.int_type(4, true) : v <= 0xffffffffULL ? types.int_type(4, false)
                                : v <= 0x7fffffffffffffffULL ? types.int_named("long") : types.int_named("unsigned long");
                return int_const(v, t, e.range);
            }
            return int_const(e.int_value, literal_type(types, e), e.range);
        }
        case ExprKind::String: {
            auto n = node(NodeKind::String, types.string_type(), e.range);
            n->text = e.text;
            return n;
        }
        case ExprKind::Ident: return ident(e);
        case ExprKind::SelfVar: return dynamic_element(e, nullptr);
        case ExprKind::ThisVar: {
            Variable* v = variable(Variable::Scope::Clause, e.text, nullptr, e.range);
            if (!v) error("D_VAR_UNDEF", e.range, "this->" + e.text + " has not yet been declared or assigned");
            auto n = node(NodeKind::ClauseVar, v->type, e.range);
            n->var = v;
            n->writable = true;
            return n;
        }
        case ExprKind::Agg: {
            // An aggregation has no value in D: the node only lets the context say why
            // (trace(), printf(), a key, a statement with no effect). Named alone it must
            // exist already; @a[...] creates it (DTrace's dt_xcook_ident).
            if (!aggregation_id(e) && !aggregation_ref_creates)
                error("D_IDENT_UNDEF", e.range, "failed to resolve " + e.text + ": Unknown variable name");
            Type* t = types.new_type();
            t->kind = TypeKind::Function;
            t->name = "aggregation";
            auto n = node(NodeKind::Int, t, e.range);
            n->text = e.text;
            return n;
        }
        case ExprKind::Unary: return unary(e);
        case ExprKind::Binary:
            if (ast::is_assignment(e.binary_op)) return assign(e);
            return binary(e);
        case ExprKind::Conditional: {
            NodePtr c = rvalue(*e.lhs);
            if (!c->type->is_scalar()) error("D_OP_SCALAR", e.range, "operator ?: expression must be of scalar type");
            NodePtr a = rvalue(*e.rhs);
            NodePtr b = rvalue(*e.third);
            const Type* t = nullptr;
            if (a->type->is_arith() && b->type->is_arith()) t = arith_result(types, a->type, b->type);
            else if (is_strcompat(a->type) && is_strcompat(b->type) && (a->type->is_string() || b->type->is_string())) t = types.string_type();
            else if (same_type(a->type, b->type) || (a->type->is_pointer() && b->type->is_pointer())) t = a->type;
            else if (a->type->is_pointer() && b->kind == NodeKind::Int && b->value == 0) t = a->type;
            else if (b->type->is_pointer() && a->kind == NodeKind::Int && a->value == 0) t = b->type;
            else
                error("D_OP_INCOMPAT", e.range, "operator ?: operands must have compatible types");
            if (a->kind == NodeKind::ActCall || b->kind == NodeKind::ActCall)
                error("D_OP_ACT", e.range, "action cannot be used in a conditional context");
            auto n = node(NodeKind::Cond, t, e.range);
            n->a = std::move(c);
            n->b = std::move(a);
            n->c = std::move(b);
            if (n->a->kind == NodeKind::Int && n->b->kind == NodeKind::Int && n->c->kind == NodeKind::Int)
                return int_const(n->a->value ? n->b->value : n->c->value, t, e.range);
            return n;
        }
        case ExprKind::Cast: {
            NodePtr v = rvalue(*e.lhs);
            NodePtr c = cast(std::move(v), type_of(*e.type), e.range);
            // What a cast to a pointer type points at may be assigned (DTrace tries the store
            // and faults at run time where the memory is not D's to write).
            if (c->type->is_pointer()) c->writable = true;
            return c;
        }
        case ExprKind::SizeofType: {
            const Type* t = type_of(*e.type);
            if (t->size == 0 && !t->is_string())
                error("D_SIZEOF_TYPE", e.range, "cannot apply sizeof to an operand of unknown size");
            return int_const(t->is_string() ? opts.strsize : t->size, types.lookup_typedef("size_t"), e.range);
        }
        case ExprKind::SizeofExpr: {
            NodePtr v = expr(*e.lhs);
            if (v->bit_size) error("D_SIZEOF_BITFIELD", e.range, "cannot apply sizeof to a bit-field");
            uint64_t size = v->type->is_string() ? opts.strsize : v->type->size;
            if (v->kind == NodeKind::String) size = v->text.size() + 1;  // "abc" is a char [4]
            if (size == 0) error("D_SIZEOF_TYPE", e.range, "cannot apply sizeof to an operand of unknown size");
            return int_const(size, types.lookup_typedef("size_t"), e.range);
        }
        case ExprKind::Offsetof: {
            const Type* t = type_of(*e.type);
            if (t->is_record() && !t->complete)  // a forward declaration: the kernel's, if any
                if (const Type* full = types.lookup_tag(t->kind, t->name.substr(t->name.find(' ') + 1))) t = full;
            if (!t->is_record() || !t->complete)
                error("D_OFFSETOF_TYPE", e.range, "offsetof operand must be a struct or union type");
            const Member* m = t->member(e.member_path);
            if (!m) error("D_UNKNOWN", e.range, "failed to determine offset of " + e.member_path + ": Member name not found");
            if (m->bitfield_bits)
                error("D_OFFSETOF_BITFIELD", e.range, "cannot take offset of a bit-field: " + e.member_path);
            return int_const(m->offset_bits / 8, types.lookup_typedef("size_t"), e.range);
        }
        case ExprKind::Stringof: {
            NodePtr v = rvalue(*e.lhs);
            if (!v->type->is_scalar() && !is_strcompat(v->type))
                error("D_STRINGOF_TYPE", e.range, "cannot apply stringof to a value of type " + v->type->name);
            return cast(std::move(v), types.string_type(), e.range);
        }
        case ExprKind::Xlate: return xlate(e);
        case ExprKind::Call: return call(e);
        case ExprKind::Index: return index(e);
        case ExprKind::Member: return member(e);
    }
    error("D_UNKNOWN", e.range, "unsupported expression");
}

NodePtr Checker::rvalue(const ast::Expr& e) { return rvalue_of(expr(e)); }

NodePtr Checker::rvalue_of(NodePtr n) {
    // An array in memory used as a value is the address of its first element (K&R A7.1),
    // except char arrays, which D uses as strings.
    if (n->kind == NodeKind::Load && n->type->kind == TypeKind::Array && !n->type->target->is_char()) {
        const Type* pt = types.pointer_to(n->type->target);
        auto addr = node(NodeKind::AddrOf, pt, n->range);
        addr->writable = n->writable;
        addr->a = std::move(n);
        return addr;
    }
    return n;
}

// `sym and mod`sym: a kernel symbol's storage, at the address kallsyms gives it.
NodePtr Checker::kernel_symbol(const ast::Expr& e) {
    const std::string& text = e.text;
    size_t q = text.rfind('`');
    std::string module = q == 0 ? "" : text.substr(0, q);
    std::string name = text.substr(q + 1);
    std::optional<uint64_t> addr;
    if (opts.kernel_symbols) addr = opts.kernel_symbols->address_of(name, module);
    if (!addr) error("D_IDENT_UNDEF", e.range, "failed to resolve " + text + ": Unknown symbol name");
    const Type* t = nullptr;
    if (types.btf()) t = types.btf()->variable_type(types, name);
    if (!t) t = types.void_type();  // no type information: only its address is usable
    auto n = node(NodeKind::Load, t, e.range);
    n->a = int_const(*addr, types.pointer_to(t), e.range);
    return n;
}

NodePtr Checker::ident(const ast::Expr& e) {
    const std::string& name = e.text;
    if (name.find('`') != std::string::npos) return kernel_symbol(e);
    if (NodePtr in = xlate_input(name)) return in;
    if (Variable* v = variable(Variable::Scope::Global, name, nullptr, e.range)) {
        if (v->assoc)  // an associative array named without a key (dt_xcook_ident)
            error("D_IDENT_BADREF", e.range, "associative array '" + name + "' may not be referenced as scalar");
        auto n = node(NodeKind::Global, v->type, e.range);
        n->var = v;
        n->writable = true;
        return n;
    }
    if (auto it = enumerators.find(name); it != enumerators.end())
        return int_const(static_cast<uint64_t>(it->second.first), it->second.second, e.range);
    if (auto it = inlines.find(name); it != inlines.end()) {
        const ast::InlineDef& d = *it->second;
        const Type* t = type_of(d.specs, d.decl);
        // An inline's value is checked where it is used, outside any translator body.
        enter_expansion("inline " + name, e.range, "D_IDENT_UNDEF",
                        "failed to resolve " + name + ": inline defined in terms of itself");
        Expansion guard{expansions};
        std::vector<XlateInput> outer = std::move(xlate_inputs);
        xlate_inputs.clear();
        struct Restore {
            std::vector<XlateInput>& s;
            std::vector<XlateInput>& saved;
            ~Restore() { s = std::move(saved); }
        } restore{xlate_inputs, outer};
        NodePtr v = rvalue(*d.value);
        if (v->xlator && same_type(v->type, t)) {  // curpsinfo: a translated pointer
            v->range = e.range;
            return v;
        }
        return cast(std::move(v), t, e.range);
    }
    if (auto c = find_constant(name)) return int_const(static_cast<uint64_t>(*c), types.int_type(4, true), e.range);
    // DTrace's NULL is the integer constant 0 (sizeof (NULL) is 4), which D accepts wherever a
    // pointer or a string is expected.
    if (name == "NULL") return int_const(0, types.int_type(4, true), e.range);
    if (auto b = find_builtin(types, name)) {
        auto n = node(NodeKind::Builtin, b->type, e.range);
        n->builtin = b->var;
        n->value = b->index;
        if (b->var == BuiltinVar::Args)
            error("D_IDENT_BADREF", e.range, "associative array 'args' may not be referenced as scalar");
        return n;
    }
    error("D_IDENT_UNDEF", e.range, "failed to resolve " + name + ": Unknown variable name");
}

NodePtr Checker::cast(NodePtr n, const Type* to, SourceRange r) {
    const Type* from = n->type;
    bool ok = same_type(from, to) || (to->is_scalar() && from->is_scalar()) || to->is_void() ||
              (to->is_pointer() && (from->is_pointer() || from->kind == TypeKind::Array || from->is_string())) ||
              (to->is_string() && (from->is_scalar() || is_strcompat(from)));
    if (!ok)
        error("D_CAST_INVAL", r, "invalid cast expression: \"" + from->name + "\" to \"" + to->name + "\"");
    // An array cast to a pointer is the address of its first element.
    if (to->is_pointer() && from->kind == TypeKind::Array) {
        const Type* pt = types.pointer_to(from->target);
        if (n->kind == NodeKind::Global || n->kind == NodeKind::ClauseVar) {
            auto addr = node(NodeKind::VarAddr, pt, n->range);
            addr->var = n->var;
            n = std::move(addr);
        } else if (n->kind == NodeKind::Load) {
            auto addr = node(NodeKind::AddrOf, pt, n->range);
            addr->a = std::move(n);
            n = std::move(addr);
        }
    }
    if (n->kind == NodeKind::Int && to->is_integer()) {
        // A constant cast as DTrace folds it: shifted up and back down (arithmetically when
        // the target is signed) only when it narrows or changes signedness.
        uint64_t v = n->value;
        bool from_signed = from->is_integer() && from->is_signed;
        unsigned shift = static_cast<unsigned>((8 - std::min<uint64_t>(to->size, 8)) * 8);
        bool change = shift != 0 && (to->size < from->size || to->is_signed != from_signed);
        if (to->size > from->size) change = shift != 0 && from_signed && !to->is_signed;
        if (change) {
            v <<= shift;
            v = to->is_signed ? static_cast<uint64_t>(static_cast<int64_t>(v) >> shift) : v >> shift;
        }
        return int_const(v, to, r);
    }
    auto c = node(NodeKind::Cast, to, r);
    c->a = std::move(n);
    return c;
}

NodePtr Checker::unary(const ast::Expr& e) {
    UnaryOp op = e.unary_op;
    if (op == UnaryOp::PreInc || op == UnaryOp::PreDec || op == UnaryOp::PostInc || op == UnaryOp::PostDec) {
        const char* text = (op == UnaryOp::PreInc || op == UnaryOp::PostInc) ? "++" : "--";
        const ast::Expr& target = *e.lhs;
        // ++ on an undeclared variable declares it as int64_t, as DTrace does.
        if (target.kind == ExprKind::Ident && !globals.count(target.text) && !find_builtin(types, target.text))
            variable(Variable::Scope::Global, target.text, types.lookup_typedef("int64_t"), target.range);
        if (target.kind == ExprKind::ThisVar && !clause_vars.count(target.text))
            variable(Variable::Scope::Clause, target.text, types.lookup_typedef("int64_t"), target.range);
        NodePtr v = is_dynamic_target(target) ? dynamic_element(target, types.lookup_typedef("int64_t")) : expr(target);
        if (!v->type->is_scalar())
            error("D_OP_SCALAR", e.range, std::string("operator ") + text + " requires operand of scalar type");
        if (v->kind == NodeKind::Builtin)
            error("D_OP_WRITE", e.range, std::string("operator ") + text + " can only be applied to a writable variable");
        if (v->kind != NodeKind::Global && v->kind != NodeKind::ClauseVar && v->kind != NodeKind::DynVar &&
            v->kind != NodeKind::Load)
            error("D_OP_LVAL", e.range, std::string("operator ") + text + " requires modifiable lvalue as an operand");
        if (!v->writable)
            error("D_OP_WRITE", e.range, std::string("operator ") + text + " can only be applied to a writable variable");
        auto n = node(NodeKind::IncDec, v->type, e.range);
        n->op = op == UnaryOp::PreInc ? Op::PreInc : op == UnaryOp::PreDec ? Op::PreDec
                : op == UnaryOp::PostInc ? Op::PostInc : Op::PostDec;
        n->var = v->var;
        n->a = std::move(v);
        return n;
    }
    if (op == UnaryOp::AddrOf) {
        NodePtr v = expr(*e.lhs);
        if (v->kind == NodeKind::Global || v->kind == NodeKind::ClauseVar || v->kind == NodeKind::DynVar)
            error("D_ADDROF_VAR", e.range, "cannot take address of dynamic variable");
        if (v->kind != NodeKind::Load) error("D_ADDROF_LVAL", e.range, "unacceptable operand for unary & operator");
        if (v->bit_size) error("D_ADDROF_BITFIELD", e.range, "cannot take address of bit-field");
        auto n = node(NodeKind::AddrOf, types.pointer_to(v->type, v->a && v->a->type->is_pointer() ? v->a->type->space : AddrSpace::Kernel), e.range);
        n->a = std::move(v);
        return n;
    }
    if (op == UnaryOp::Deref) {
        NodePtr p = rvalue(*e.lhs);
        if (p->xlator && p->type->is_pointer()) {  // *xlate <T *> (x) is xlate <T> (x)
            p->type = p->type->target;
            p->range = e.range;
            return p;
        }
        if (p->type->is_string()) {  // *s: a string's first character
            auto n = node(NodeKind::Load, types.int_type(1, true), e.range);
            n->writable = p->writable || (p->kind == NodeKind::Binary && p->op == Op::Add && p->a->writable);
            n->a = std::move(p);
            return n;
        }
        if (!p->type->is_pointer()) error("D_DEREF_NONPTR", e.range, "cannot dereference non-pointer type");
        if (p->type->target->is_void()) error("D_DEREF_VOID", e.range, "cannot dereference pointer to void");
        if (p->type->target->kind == TypeKind::Function) error("D_DEREF_FUNC", e.range, "cannot dereference pointer to function");
        auto n = node(NodeKind::Load, p->type->target, e.range);
        n->writable = p->writable || (p->kind == NodeKind::Binary && p->op == Op::Add && p->a->writable);
        n->a = std::move(p);
        return n;
    }
    NodePtr v = rvalue(*e.lhs);
    const Type* t = v->type;
    switch (op) {
        case UnaryOp::Plus:
        case UnaryOp::Minus: {
            if (!t->is_arith())
                error("D_OP_ARITH", e.range, std::string("operator ") + (op == UnaryOp::Plus ? "+" : "-") + " requires an operand of arithmetic type");
            if (op == UnaryOp::Plus) return v;
            const Type* rt = promote(types, t);
            if (v->kind == NodeKind::Int) {
                // Negating an unsigned constant keeps it within its type's width (dt_node_op1).
                uint64_t nv = 0 - v->value;
                if (!rt->is_signed && rt->size < 8) nv &= ~uint64_t{0} >> (64 - rt->size * 8);
                return int_const(nv, rt, e.range);
            }
            auto n = node(NodeKind::Unary, rt, e.range);
            n->op = Op::Neg;
            n->a = std::move(v);
            return n;
        }
        case UnaryOp::BitNot: {
            if (!t->is_integer()) error("D_OP_INT", e.range, "operator ~ requires an operand of integral type");
            const Type* rt = promote(types, t);
            if (v->kind == NodeKind::Int) return int_const(~v->value, rt, e.range);
            auto n = node(NodeKind::Unary, rt, e.range);
            n->op = Op::BitNot;
            n->a = std::move(v);
            return n;
        }
        case UnaryOp::Not: {
            if (!t->is_scalar()) error("D_OP_SCALAR", e.range, "operator ! requires an operand of scalar type");
            if (v->kind == NodeKind::Int) return int_const(v->value == 0, types.int_type(4, true), e.range);
            auto n = node(NodeKind::Unary, types.int_type(4, true), e.range);
            n->op = Op::Not;
            n->a = std::move(v);
            return n;
        }
        default: break;
    }
    error("D_UNKNOWN", e.range, "invalid unary op");
}

static uint64_t fold(Op op, uint64_t a, uint64_t b, const Type* t, bool* ok) {
    bool s = t->is_signed;
    int64_t sa = static_cast<int64_t>(a), sb = static_cast<int64_t>(b);
    *ok = true;
    switch (op) {
        case Op::Add: return a + b;
        case Op::Sub: return a - b;
        case Op::Mul: return a * b;
        case Op::Div:
            if (!b) { *ok = false; return 0; }
            if (s && sb == -1) return 0 - a;  // no INT64_MIN trap
            return s ? static_cast<uint64_t>(sa / sb) : a / b;
        case Op::Mod:
            if (!b) { *ok = false; return 0; }
            if (s && sb == -1) return 0;
            return s ? static_cast<uint64_t>(sa % sb) : a % b;
        // DTrace folds shifts on its 64-bit value, logically, the count modulo 64.
        case Op::Shl: return a << (b & 63);
        case Op::Shr: return a >> (b & 63);
        case Op::And: return a & b;
        case Op::Or: return a | b;
        case Op::Xor: return a ^ b;
        case Op::Lt: return s ? sa < sb : a < b;
        case Op::Le: return s ? sa <= sb : a <= b;
        case Op::Gt: return s ? sa > sb : a > b;
        case Op::Ge: return s ? sa >= sb : a >= b;
        case Op::Eq: return a == b;
        case Op::Ne: return a != b;
        case Op::LogAnd: return a && b;
        case Op::LogOr: return a || b;
        case Op::LogXor: return (a != 0) != (b != 0);
        default: *ok = false; return 0;
    }
}

NodePtr Checker::binary(const ast::Expr& e) {
    const OpInfo& oi = info(e.binary_op);
    std::string opname = oi.text;
    // DTrace reports an operator's errors at its node's line: where its lexer stood when the
    // operator was reduced (after a predicate's closing "/", the next non-blank line).
    SourceRange op_at = e.range;
    if (e.dtrace_line) op_at.begin.line = op_at.end.line = e.dtrace_line;
    if (e.binary_op == BinaryOp::Comma) {
        NodePtr a = rvalue(*e.lhs);
        NodePtr b = rvalue(*e.rhs);
        if (a->kind == NodeKind::ActCall || b->kind == NodeKind::ActCall)
            error("D_OP_ACT", op_at, "operator , operands cannot be actions");
        auto n = node(NodeKind::Comma, b->type, e.range);
        n->a = std::move(a);
        n->b = std::move(b);
        return n;
    }
    NodePtr a = rvalue(*e.lhs);
    NodePtr b = rvalue(*e.rhs);
    // A string compared with NULL (the constant 0): DTrace compares NULL as the empty string.
    bool relational = oi.op == Op::Lt || oi.op == Op::Le || oi.op == Op::Gt || oi.op == Op::Ge ||
                      oi.op == Op::Eq || oi.op == Op::Ne;
    auto as_empty_string = [&](NodePtr& side, const NodePtr& other) {
        if (relational && other->type->is_string() && side->kind == NodeKind::Int && side->value == 0 &&
            (side->type->is_integer() || side->type->is_pointer()))
            side = node(NodeKind::String, types.string_type(), side->range);
    };
    as_empty_string(a, b);
    as_empty_string(b, a);
    const Type* ta = a->type;
    const Type* tb = b->type;
    auto incompatible = [&]() {
        error("D_OP_INCOMPAT", op_at, "operands have incompatible types: \"" + ta->name + "\" " + opname + " \"" + tb->name + "\"");
    };
    const Type* rt = nullptr;
    NodeKind kind = NodeKind::Binary;
    switch (oi.op) {
        case Op::And: case Op::Or: case Op::Xor: case Op::Mod: case Op::Shl: case Op::Shr:
            if (!ta->is_integer() || !tb->is_integer())
                error("D_OP_INT", op_at, "operator " + opname + " requires operands of integral type");
            rt = (oi.op == Op::Shl || oi.op == Op::Shr) ? promote(types, ta) : arith_result(types, ta, tb);
            break;
        case Op::Mul: case Op::Div:
            if (!ta->is_arith() || !tb->is_arith())
                error("D_OP_ARITH", op_at, "operator " + opname + " requires operands of arithmetic type");
            rt = arith_result(types, ta, tb);
            break;
        case Op::LogAnd: case Op::LogOr: case Op::LogXor:
            if (!ta->is_scalar() || !tb->is_scalar())
                error("D_OP_SCALAR", op_at, "operator " + opname + " requires operands of scalar type");
            rt = types.int_type(4, true);
            kind = NodeKind::Logical;
            break;
        case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge: case Op::Eq: case Op::Ne:
            if (!(same_type(ta, tb) || (ta->is_arith() && tb->is_arith()) ||
                  (is_strcompat(ta) && is_strcompat(tb) && (ta->is_string() || tb->is_string())) ||
                  (ta->is_pointer() && tb->is_pointer()) ||
                  (ta->is_pointer() && b->kind == NodeKind::Int) || (tb->is_pointer() && a->kind == NodeKind::Int)))
                incompatible();
            rt = types.int_type(4, true);
            break;
        case Op::Add: case Op::Sub: {
            // D lets a string stand for the address of its characters here (dt_cook_op2); a
            // pointer to void or to a function has no size to step by (dt_node_is_vfptr).
            auto arith_ptr = [](const Type* t) {
                return t->is_string() || (t->is_pointer() && !t->target->is_void() && t->target->kind != TypeKind::Function);
            };
            bool pa = arith_ptr(ta), pb = arith_ptr(tb);
            if (ta->is_arith() && tb->is_arith()) rt = arith_result(types, ta, tb);
            else if (pa && tb->is_integer()) rt = ta;
            else if (ta->is_integer() && pb && oi.op == Op::Add) rt = tb;
            else if (ta->is_pointer() && tb->is_pointer() && oi.op == Op::Sub && same_type(ta->target, tb->target))
                rt = types.lookup_typedef("ptrdiff_t");
            else incompatible();
            break;
        }
        default: break;
    }
    // String comparisons are strcmp-like; everything else on registers.
    if (a->kind == NodeKind::Int && b->kind == NodeKind::Int && rt->is_integer()) {
        const Type* opt = (kind == NodeKind::Logical || rt->size == 4) && oi.op >= Op::Lt ? arith_result(types, ta, tb) : rt;
        bool ok = false;
        uint64_t v = fold(oi.op, a->value, b->value, opt, &ok);
        // DTrace keeps a folded constant's 64-bit value whatever its type (dt_node_op2): it is
        // narrowed only where stored, recorded or cast, as a computed value is.
        if (ok) return int_const(v, rt, e.range);
        if (oi.op == Op::Div || oi.op == Op::Mod) error("D_DIV_ZERO", op_at, "expression contains division by zero");
    }
    auto n = node(kind, rt, e.range);
    n->op = oi.op;
    n->a = std::move(a);
    n->b = std::move(b);
    return n;
}

NodePtr Checker::assign(const ast::Expr& e) {
    const OpInfo& oi = info(e.binary_op);
    const ast::Expr& target = *e.lhs;
    NodePtr value = rvalue(*e.rhs);
    if (target.kind == ExprKind::Agg)
        error("D_AGG_FUNC", e.range, "aggregations are not yet supported: " + target.text);
    Variable* v = nullptr;
    std::vector<NodePtr> dyn_keys;
    if (is_dynamic_target(target)) {
        NodePtr element = dynamic_element(target, oi.op == Op::Assign ? value->type : nullptr);
        v = element->var;
        dyn_keys = std::move(element->args);
    } else if (target.kind == ExprKind::Ident) {
        if (find_builtin(types, target.text) && !globals.count(target.text))
            error("D_OP_WRITE", e.range, "operator " + std::string(oi.text) + " can only be applied to a writable variable");
        v = variable(Variable::Scope::Global, target.text, oi.op == Op::Assign ? value->type : nullptr, target.range);
        if (!v) error("D_IDENT_UNDEF", target.range, "failed to resolve " + target.text + ": Unknown variable name");
    } else if (target.kind == ExprKind::ThisVar) {
        v = variable(Variable::Scope::Clause, target.text, oi.op == Op::Assign ? value->type : nullptr, target.range);
        if (!v) error("D_IDENT_UNDEF", target.range, "failed to resolve this->" + target.text + ": Unknown variable name");
    } else {
        // Memory: a struct member of a D variable, or what a pointer reaches (*p, p[i], p->m).
        NodePtr lhs = expr(target);
        if (lhs->kind != NodeKind::Load)
            error("D_OP_LVAL", e.range, "operator " + std::string(oi.text) + " requires modifiable lvalue as an operand");
        check_assignment(oi.op, oi.text, lhs->type, value, e.range);
        if (!lhs->writable)
            error("D_OP_WRITE", e.range, "operator " + std::string(oi.text) + " can only be applied to a writable variable");
        if (lhs->type->is_record() && oi.op == Op::Assign && value->kind != NodeKind::Load &&
            value->kind != NodeKind::Global && value->kind != NodeKind::ClauseVar && value->kind != NodeKind::DynVar)
            error("D_OP_INCOMPAT", e.range, "operands have incompatible types: \"" + lhs->type->name + "\" = \"" + value->type->name + "\"");
        auto n = node(NodeKind::Store, lhs->type, e.range);
        n->op = oi.op;
        bool keep = lhs->type->is_string() || lhs->type->is_record() || lhs->type->kind == TypeKind::Array ||
                    same_type(lhs->type, value->type);
        n->b = keep ? std::move(value) : cast(std::move(value), lhs->type, e.range);
        n->a = std::move(lhs);
        return n;
    }
    const Type* vt = v->type;
    check_assignment(oi.op, oi.text, vt, value, e.range, v->dynamic());
    auto n = node(NodeKind::Assign, vt, e.range);
    n->op = oi.op;
    n->var = v;
    n->args = std::move(dyn_keys);  // a dynamic variable's key tuple
    // The value is converted to the variable's type as a cast converts it (an int expression
    // stored in a long long is sign-extended from its 32 bits, as DTrace does).
    n->b = vt->is_string() || vt->is_record() || same_type(vt, value->type) ? std::move(value) : cast(std::move(value), vt, e.range);
    return n;
}

// DTrace's rules for `lhs op= value` (dt_cook_op2's assignment cases, dt_node_is_argcompat):
// arrays and functions are not assignable; `=` takes a compatible value (integers, strings and
// char pointers and arrays, pointers and the constant 0, the same struct or union); `+=` and
// `-=` arithmetic or pointer plus integer; the other operators arithmetic or integral operands.
// Zero assigned to a string (the way to free `self->s`) is the NULL string: a constant 0 of type
// string, which codegen stores as NULL (a dynamic variable: deleted).
void Checker::check_assignment(Op op, const char* text, const Type* vt, NodePtr& value, SourceRange r,
                               bool dynamic_zero_ok) {
    if (vt->kind == TypeKind::Array || vt->kind == TypeKind::Function)
        error("D_OP_ARRFUN", r, "operator " + std::string(text) + " may not be applied to operand of type \"" + vt->name + "\"");
    bool zero = value->kind == NodeKind::Int && value->value == 0 &&
                (value->type->is_integer() || value->type->is_pointer());
    // An array held in a D variable assigned to a pointer is the address of its first element.
    if (op == Op::Assign && vt->is_pointer() && value->type->kind == TypeKind::Array &&
        (value->kind == NodeKind::Global || value->kind == NodeKind::ClauseVar)) {
        auto addr = node(NodeKind::VarAddr, types.pointer_to(value->type->target), value->range);
        addr->var = value->var;
        addr->writable = true;
        value = std::move(addr);
    }
    bool ok;
    if (op == Op::Assign) {
        // Zero assigned to a struct (in a dynamic variable: check_dynvar.cpp) deletes it.
        ok = assignable(vt, value->type) || (vt->is_pointer() && zero) || (vt->is_string() && zero) ||
             (vt->is_record() && zero && dynamic_zero_ok);
        if (vt->is_pointer() && value->type->is_integer() && value->kind != NodeKind::Int) ok = false;
        if (ok && vt->is_string() && zero) value = int_const(0, types.string_type(), value->range);  // NULL
    } else if (op == Op::Add || op == Op::Sub) {
        ok = !vt->is_string() && !value->type->is_string() &&
             ((vt->is_arith() && value->type->is_arith()) || (vt->is_pointer() && value->type->is_integer()));
    } else if (op == Op::Mul || op == Op::Div) {
        if (!vt->is_arith() || !value->type->is_arith())
            error("D_OP_ARITH", r, "operator " + std::string(text) + " requires operands of arithmetic type");
        ok = true;
    } else {
        if (!vt->is_integer() || !value->type->is_integer())
            error("D_OP_INT", r, "operator " + std::string(text) + " requires operands of integral type");
        ok = true;
    }
    if (!ok)
        error("D_OP_INCOMPAT", r, "operands have incompatible types: \"" + vt->name + "\" " + text + " \"" + value->type->name + "\"");
}

// args[N] where no provider declares types: on pid probes (functions of unknown signature)
// DTrace's args[] are the untyped argument values, as argN; elsewhere args[] needs types.
NodePtr Checker::untyped_arg(const ast::Expr& e) {
    // Whether the clause has probes and every one of them is of a kind `kinds` accepts.
    auto every = [&](auto kinds) {
        if (!clause_probes || clause_probes->empty()) return false;
        return std::all_of(clause_probes->begin(), clause_probes->end(), [&](const EnabledProbe& p) {
            const probes::Probe* pr = p.probe;
            return pr && kinds(*pr);
        });
    };
    using probes::AttachKind;
    bool untyped = every([](const probes::Probe& p) {
        return probes::is_uprobe_kind(p.kind()) || p.syscall_nr() >= 0 || p.kind() == AttachKind::Sdt;
    });
    // Probes that declare no arguments at all (BEGIN, profile-N) have none in range; a set
    // of probes of different kinds has no one args[].
    bool none = every([](const probes::Probe& p) {
        return p.plan_as<probes::DtracePlan>() || p.plan_as<probes::ProfilePlan>();
    });
    // USDT probes have up to 12 arguments (sys/sdt.h's STAP_PROBE12): args[10] and args[11].
    bool usdt = every([](const probes::Probe& p) { return p.kind() == AttachKind::Usdt; });
    if (!untyped && !none) args_unstable(e.range);
    if (e.args.size() != 1) error("D_ARR_BADREF", e.range, "cannot access args as an associative array");
    NodePtr idx = rvalue(*e.args[0]);
    if (idx->kind != NodeKind::Int)
        error("D_ARGS_IDX", e.range, "index is out of range for " + clause_desc + " args[ ]");
    if (none || idx->value > (usdt ? 11 : 9)) args_out_of_range(static_cast<uint64_t>(idx->value), e.range);
    if (NodePtr m = mapped_arg(static_cast<uint64_t>(idx->value), e)) return m;
    auto b = find_builtin(types, "arg" + std::to_string(idx->kind == NodeKind::Int && idx->value <= 9 ? idx->value : 0));
    auto n = node(NodeKind::Builtin, b->type, e.range);
    n->builtin = b->var;
    n->value = idx->value > 9 ? idx->value : b->index;
    bool out_of_range = false;
    if (NodePtr t = translated_arg(static_cast<uint64_t>(idx->value), e.range, &out_of_range)) return t;
    if (!out_of_range)
        if (const Type* t = syscall_arg_type(static_cast<uint64_t>(idx->value), &out_of_range))
            return cast(std::move(n), t, e.range);
    if (out_of_range) args_out_of_range(static_cast<uint64_t>(idx->value), e.range);
    return n;
}

}  // namespace bdtrace::sema
