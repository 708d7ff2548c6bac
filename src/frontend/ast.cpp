#include "frontend/ast.h"

namespace bdtrace::ast {

const char* unary_op_spelling(UnaryOp op) {
    switch (op) {
        case UnaryOp::Plus: return "+";
        case UnaryOp::Minus: return "-";
        case UnaryOp::Not: return "!";
        case UnaryOp::BitNot: return "~";
        case UnaryOp::Deref: return "*";
        case UnaryOp::AddrOf: return "&";
        case UnaryOp::PreInc: return "++pre";
        case UnaryOp::PreDec: return "--pre";
        case UnaryOp::PostInc: return "post++";
        case UnaryOp::PostDec: return "post--";
    }
    return "?";
}

const char* binary_op_spelling(BinaryOp op) {
    switch (op) {
        case BinaryOp::Mul: return "*";
        case BinaryOp::Div: return "/";
        case BinaryOp::Mod: return "%";
        case BinaryOp::Add: return "+";
        case BinaryOp::Sub: return "-";
        case BinaryOp::Shl: return "<<";
        case BinaryOp::Shr: return ">>";
        case BinaryOp::Lt: return "<";
        case BinaryOp::Le: return "<=";
        case BinaryOp::Gt: return ">";
        case BinaryOp::Ge: return ">=";
        case BinaryOp::Eq: return "==";
        case BinaryOp::Ne: return "!=";
        case BinaryOp::BitAnd: return "&";
        case BinaryOp::BitXor: return "^";
        case BinaryOp::BitOr: return "|";
        case BinaryOp::LogAnd: return "&&";
        case BinaryOp::LogXor: return "^^";
        case BinaryOp::LogOr: return "||";
        case BinaryOp::Assign: return "=";
        case BinaryOp::MulAssign: return "*=";
        case BinaryOp::DivAssign: return "/=";
        case BinaryOp::ModAssign: return "%=";
        case BinaryOp::AddAssign: return "+=";
        case BinaryOp::SubAssign: return "-=";
        case BinaryOp::ShlAssign: return "<<=";
        case BinaryOp::ShrAssign: return ">>=";
        case BinaryOp::AndAssign: return "&=";
        case BinaryOp::XorAssign: return "^=";
        case BinaryOp::OrAssign: return "|=";
        case BinaryOp::Comma: return ",";
    }
    return "?";
}

bool is_assignment(BinaryOp op) { return op >= BinaryOp::Assign && op <= BinaryOp::OrAssign; }

}  // namespace bdtrace::ast
