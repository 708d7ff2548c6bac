// The checks DTrace's parser makes while it builds expression nodes (dt_parser.c's dt_node_*
// functions), before any type checking: integer constants that fit no type, division by a
// constant zero, calls of something other than a name, sizeof and offsetof of types that
// cannot have them.
#include "frontend/const_fold.h"
#include "frontend/parser.h"

namespace bdtrace::frontend {

using namespace ast;

void Parser::check_integer_constant(const Token& t) {
    // Integer tokens only: a macro argument's sign applies after the constant is typed.
    uint64_t magnitude = t.int_prefix == '-' ? 0 - t.int_value : t.int_value;
    if (!integer_constant(magnitude, t.is_char ? "" : t.int_suffix, t.is_char || t.int_decimal))
        error("D_INT_OFLOW", after_last(), unrepresentable_integer_message(magnitude));
}

void Parser::check_binary(const Expr& e) {
    switch (e.binary_op) {
        case BinaryOp::Div:
        case BinaryOp::Mod:
        case BinaryOp::DivAssign:
        case BinaryOp::ModAssign: break;
        default: return;
    }
    auto r = fold_constant(*e.rhs, names_);
    if (r && r->value == 0) error("D_DIV_ZERO", here(), "expression contains division by zero");
}

void Parser::check_call(const Expr& callee) {
    // Only a name can be called: DTrace has already folded constants, so an inline that
    // stands for an integer is no longer a name either.
    bool name = (callee.kind == ExprKind::Ident || callee.kind == ExprKind::Agg) &&
                !fold_constant(callee, names_);
    if (!name) error("D_FUNC_IDENT", after_last(), "function designator is not of function type");
}

void Parser::check_type_name(const TypeName& t, SourceRange at) { check_resolves(t.specs, at); }

void Parser::check_sizeof_type(const TypeName& t) {
    check_type_name(t, after_last());
    DType type = names_.resolve(t);
    bool empty = type.is_void() || type.kind == DType::Kind::Function || (type.size && *type.size == 0);
    if (empty) error("D_SIZEOF_TYPE", after_last(), "cannot apply sizeof to an operand of unknown size");
}

void Parser::check_offsetof(const TypeName& t, const std::string& member) {
    check_type_name(t, after_last());
    DType type = names_.resolve(t);
    if (type.kind == DType::Kind::Opaque) return;  // a kernel type: checked against BTF later
    if (!type.is_struct_or_union())
        error("D_OFFSETOF_TYPE", after_last(), "offsetof operand must be a struct or union type");
    if (!type.record) return;
    const RecordInfo::Member* m = type.record->find(member);
    if (!m || !m->bit_width) return;
    // DTrace calls a member a bit-field when its width is not that of a whole integer type.
    uint64_t w = *m->bit_width, bytes = w / 8;
    if (bytes > 8 || w % 8 != 0 || (bytes & (bytes - 1)) != 0)
        error("D_OFFSETOF_BITFIELD", after_last(), "cannot take offset of a bit-field: " + member);
}

}  // namespace bdtrace::frontend
