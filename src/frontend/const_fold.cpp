#include "frontend/const_fold.h"

#include <cstdio>
#include <cstring>

#include "frontend/declared_names.h"

namespace bdtrace::frontend {

using namespace ast;

namespace {

struct IntType {
    uint64_t limit;
    unsigned size;
    bool is_signed;
};

// int, unsigned int, long, unsigned long, long long, unsigned long long (LP64).
constexpr IntType kIntTypes[] = {
    {0x7fffffffULL, 4, true},          {0xffffffffULL, 4, false},
    {0x7fffffffffffffffULL, 8, true},  {0xffffffffffffffffULL, 8, false},
    {0x7fffffffffffffffULL, 8, true},  {0xffffffffffffffffULL, 8, false},
};

IntConst make_int(uint64_t v) { return IntConst{v, 4, true, false}; }

// An enumerator takes part in arithmetic as an int.
IntConst arith(IntConst c) { return c.is_enum ? IntConst{c.value, 4, true, false} : c; }

// C's usual arithmetic conversions, as DTrace ranks types: by width, unsigned above signed.
IntConst promote(IntConst a, IntConst b) {
    a = arith(a);
    b = arith(b);
    unsigned ra = a.size * 8 + !a.is_signed, rb = b.size * 8 + !b.is_signed;
    return ra >= rb ? a : b;
}

std::optional<IntConst> fold_unary(UnaryOp op, IntConst c) {
    switch (op) {
        case UnaryOp::Minus:
            // Negating an unsigned constant keeps it within the width of its type.
            c.value = 0 - c.value;
            if (!c.is_signed && c.size < 8) c.value &= ~0ULL >> (64 - c.size * 8);
            return c;
        case UnaryOp::Plus: return c;
        case UnaryOp::BitNot: c.value = ~c.value; return c;
        case UnaryOp::Not: c.value = !c.value; return c;
        default: return std::nullopt;
    }
}

std::optional<IntConst> fold_binary(BinaryOp op, IntConst l, IntConst r) {
    uint64_t a = l.value, b = r.value;
    auto as_bool = [](bool v) { return make_int(v); };
    auto with = [](IntConst t, uint64_t v) {
        t.value = v;
        return t;
    };
    switch (op) {
        case BinaryOp::LogOr: return as_bool(a || b);
        case BinaryOp::LogXor: return as_bool((a != 0) != (b != 0));
        case BinaryOp::LogAnd: return as_bool(a && b);
        case BinaryOp::BitOr: return with(promote(l, r), a | b);
        case BinaryOp::BitXor: return with(promote(l, r), a ^ b);
        case BinaryOp::BitAnd: return with(promote(l, r), a & b);
        case BinaryOp::Eq: return as_bool(a == b);
        case BinaryOp::Ne: return as_bool(a != b);
        case BinaryOp::Lt:
        case BinaryOp::Le:
        case BinaryOp::Gt:
        case BinaryOp::Ge: {
            bool s = promote(l, r).is_signed;
            int64_t sa = static_cast<int64_t>(a), sb = static_cast<int64_t>(b);
            bool lt = s ? sa < sb : a < b, eq = a == b;
            if (op == BinaryOp::Lt) return as_bool(lt);
            if (op == BinaryOp::Le) return as_bool(lt || eq);
            if (op == BinaryOp::Gt) return as_bool(!lt && !eq);
            return as_bool(!lt);
        }
        // The shift count is taken modulo 64, as the machine DTrace runs on does.
        case BinaryOp::Shl: return with(arith(l), a << (b & 63));
        case BinaryOp::Shr: return with(arith(l), a >> (b & 63));
        case BinaryOp::Add: return with(promote(l, r), a + b);
        case BinaryOp::Sub: return with(promote(l, r), a - b);
        case BinaryOp::Mul: return with(promote(l, r), a * b);
        case BinaryOp::Div:
        case BinaryOp::Mod: {
            if (b == 0) return std::nullopt;  // DTrace has rejected it already
            IntConst t = promote(l, r);
            if (!t.is_signed) return with(t, op == BinaryOp::Div ? a / b : a % b);
            int64_t sa = static_cast<int64_t>(a), sb = static_cast<int64_t>(b);
            if (sb == -1) return with(t, op == BinaryOp::Div ? 0 - a : 0);  // no INT64_MIN trap
            return with(t, static_cast<uint64_t>(op == BinaryOp::Div ? sa / sb : sa % sb));
        }
        default: return std::nullopt;
    }
}

// A cast of a constant to an integer type: narrowing or a change of signedness shifts the
// value up and back down, as DTrace does.
IntConst fold_cast(IntConst c, const DType& to) {
    IntConst r;
    r.is_enum = to.kind == DType::Kind::Enum;
    r.size = r.is_enum ? 4 : to.bits / 8;
    r.is_signed = !r.is_enum && to.is_signed;
    r.value = c.value;
    unsigned n = (8 - r.size) * 8;
    bool cast = true;
    if (n == 0) cast = false;
    else if (r.size > c.size) cast = !(r.is_signed || !c.is_signed);
    else if (r.size == c.size) cast = r.is_signed != c.is_signed;
    if (cast) {
        r.value <<= n;
        r.value = r.is_signed ? static_cast<uint64_t>(static_cast<int64_t>(r.value) >> n)
                              : r.value >> n;
    }
    return r;
}

}  // namespace

std::optional<IntConst> integer_constant(uint64_t value, std::string_view suffix, bool decimal) {
    // The list of types to try starts after the types the suffix rules out and, for decimal
    // or 'u'-suffixed constants, skips every other type (the unsigned or the signed ones).
    size_t step = ((decimal || (!suffix.empty() && suffix[0] == 'u')) ? 1 : 0) + 1;
    size_t i = 0;
    for (char c : suffix) i += (c == 'u' || c == 'U') ? 1 : (c == 'l' || c == 'L') ? 2 : 0;
    for (; i < std::size(kIntTypes); i += step)
        if (value <= kIntTypes[i].limit) return IntConst{value, kIntTypes[i].size, kIntTypes[i].is_signed, false};
    return std::nullopt;
}

std::string unrepresentable_integer_message(uint64_t value) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(value));
    return std::string("integer constant ") + buf + " cannot be represented in any built-in integral type";
}

std::optional<IntConst> fold_constant(const Expr& e, const DeclaredNames& names) {
    switch (e.kind) {
        case ExprKind::Int: {
            // A macro argument's sign was applied to the value; type the magnitude first.
            uint64_t magnitude = e.int_prefix == '-' ? 0 - e.int_value : e.int_value;
            // A character constant is typed as a hexadecimal one would be (DTrace's lexer
            // clears yyintdecimal for it).
            auto c = integer_constant(magnitude, e.is_char ? "" : e.int_suffix,
                                      !e.is_char && e.int_decimal);
            if (!c) return std::nullopt;
            return e.int_prefix == '-' ? fold_unary(UnaryOp::Minus, *c) : c;
        }
        case ExprKind::Ident: {
            const auto* id = names.ident(DeclaredNames::Scope::Global, e.text);
            if (id && id->is_inline && id->value) return id->value;
            return std::nullopt;
        }
        case ExprKind::Unary: {
            auto c = fold_constant(*e.lhs, names);
            return c ? fold_unary(e.unary_op, *c) : std::nullopt;
        }
        case ExprKind::Binary: {
            auto l = fold_constant(*e.lhs, names);
            if (!l) return std::nullopt;
            auto r = fold_constant(*e.rhs, names);
            return r ? fold_binary(e.binary_op, *l, *r) : std::nullopt;
        }
        case ExprKind::Conditional: {
            auto c = fold_constant(*e.lhs, names);
            if (!c) return std::nullopt;
            return fold_constant(c->value ? *e.rhs : *e.third, names);
        }
        case ExprKind::Cast: {
            DType to = names.resolve(*e.type);
            if (!to.is_integer()) return std::nullopt;
            auto c = fold_constant(*e.lhs, names);
            return c ? std::optional<IntConst>(fold_cast(*c, to)) : std::nullopt;
        }
        case ExprKind::SizeofType: {
            DType t = names.resolve(*e.type);
            if (!t.size || *t.size == 0) return std::nullopt;
            return IntConst{*t.size, 8, false, false};  // size_t
        }
        case ExprKind::SizeofExpr:
            if (e.lhs->kind == ExprKind::String)  // the string's C length, with its NUL
                return IntConst{std::strlen(e.lhs->text.c_str()) + 1, 8, false, false};
            return std::nullopt;
        default: return std::nullopt;
    }
}

std::optional<int64_t> fold_integer_constant(const Expr& e) {
    DeclaredNames none;
    auto c = fold_constant(e, none);
    if (!c) return std::nullopt;
    return static_cast<int64_t>(c->value);
}

}  // namespace bdtrace::frontend
