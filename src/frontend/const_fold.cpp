#include "frontend/const_fold.h"

namespace bdtrace::frontend {

using namespace ast;

std::optional<int64_t> fold_integer_constant(const Expr& e) {
    switch (e.kind) {
        case ExprKind::Int: return static_cast<int64_t>(e.int_value);
        case ExprKind::Unary: {
            auto v = fold_integer_constant(*e.lhs);
            if (!v) return std::nullopt;
            switch (e.unary_op) {
                case UnaryOp::Plus: return *v;
                case UnaryOp::Minus: return static_cast<int64_t>(0ULL - static_cast<uint64_t>(*v));
                case UnaryOp::Not: return *v == 0;
                case UnaryOp::BitNot: return ~*v;
                default: return std::nullopt;
            }
        }
        case ExprKind::Conditional: {
            auto c = fold_integer_constant(*e.lhs);
            if (!c) return std::nullopt;
            return fold_integer_constant(*c ? *e.rhs : *e.third);
        }
        case ExprKind::Binary: {
            auto a = fold_integer_constant(*e.lhs);
            auto b = fold_integer_constant(*e.rhs);
            if (!a || !b) return std::nullopt;
            uint64_t ua = static_cast<uint64_t>(*a), ub = static_cast<uint64_t>(*b);
            switch (e.binary_op) {
                case BinaryOp::Add: return static_cast<int64_t>(ua + ub);
                case BinaryOp::Sub: return static_cast<int64_t>(ua - ub);
                case BinaryOp::Mul: return static_cast<int64_t>(ua * ub);
                case BinaryOp::Div:
                    if (*b == 0) return std::nullopt;
                    return *a / *b;
                case BinaryOp::Mod:
                    if (*b == 0) return std::nullopt;
                    return *a % *b;
                case BinaryOp::Shl:
                    if (ub >= 64) return std::nullopt;
                    return static_cast<int64_t>(ua << ub);
                case BinaryOp::Shr:
                    if (ub >= 64) return std::nullopt;
                    return *a >> ub;
                case BinaryOp::Lt: return *a < *b;
                case BinaryOp::Le: return *a <= *b;
                case BinaryOp::Gt: return *a > *b;
                case BinaryOp::Ge: return *a >= *b;
                case BinaryOp::Eq: return *a == *b;
                case BinaryOp::Ne: return *a != *b;
                case BinaryOp::BitAnd: return *a & *b;
                case BinaryOp::BitXor: return *a ^ *b;
                case BinaryOp::BitOr: return *a | *b;
                case BinaryOp::LogAnd: return *a && *b;
                case BinaryOp::LogXor: return (*a != 0) != (*b != 0);
                case BinaryOp::LogOr: return *a || *b;
                case BinaryOp::Comma: return *b;
                default: return std::nullopt;
            }
        }
        default: return std::nullopt;
    }
}

}  // namespace bdtrace::frontend
