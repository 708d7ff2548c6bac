// Expressions: C's grammar with D's additions (^^, self->/this->, @aggregations, stringof,
// xlate, offsetof), precedence and associativity as in the D reference.
#include <string_view>

#include "frontend/const_fold.h"
#include "frontend/parser.h"

namespace bdtrace::frontend {

using namespace ast;

namespace {

struct BinOpInfo {
    Tok tok;
    BinaryOp op;
    int prec;
};

// Higher binds tighter. ^^ sits between && and ||.
constexpr BinOpInfo kBinOps[] = {
    {Tok::PipePipe, BinaryOp::LogOr, 1},  {Tok::CaretCaret, BinaryOp::LogXor, 2},
    {Tok::AmpAmp, BinaryOp::LogAnd, 3},   {Tok::Pipe, BinaryOp::BitOr, 4},
    {Tok::Caret, BinaryOp::BitXor, 5},    {Tok::Amp, BinaryOp::BitAnd, 6},
    {Tok::EqEq, BinaryOp::Eq, 7},         {Tok::BangEq, BinaryOp::Ne, 7},
    {Tok::Less, BinaryOp::Lt, 8},         {Tok::LessEq, BinaryOp::Le, 8},
    {Tok::Greater, BinaryOp::Gt, 8},      {Tok::GreaterEq, BinaryOp::Ge, 8},
    {Tok::Shl, BinaryOp::Shl, 9},         {Tok::Shr, BinaryOp::Shr, 9},
    {Tok::Plus, BinaryOp::Add, 10},       {Tok::Minus, BinaryOp::Sub, 10},
    {Tok::Star, BinaryOp::Mul, 11},       {Tok::Slash, BinaryOp::Div, 11},
    {Tok::Percent, BinaryOp::Mod, 11},
};

const BinOpInfo* binop(Tok t) {
    for (const auto& b : kBinOps)
        if (b.tok == t) return &b;
    return nullptr;
}

struct AssignInfo {
    Tok tok;
    BinaryOp op;
};

constexpr AssignInfo kAssignOps[] = {
    {Tok::Assign, BinaryOp::Assign},       {Tok::StarEq, BinaryOp::MulAssign},
    {Tok::SlashEq, BinaryOp::DivAssign},   {Tok::PercentEq, BinaryOp::ModAssign},
    {Tok::PlusEq, BinaryOp::AddAssign},    {Tok::MinusEq, BinaryOp::SubAssign},
    {Tok::ShlEq, BinaryOp::ShlAssign},     {Tok::ShrEq, BinaryOp::ShrAssign},
    {Tok::AmpEq, BinaryOp::AndAssign},     {Tok::CaretEq, BinaryOp::XorAssign},
    {Tok::PipeEq, BinaryOp::OrAssign},
};

const AssignInfo* assignop(Tok t) {
    for (const auto& a : kAssignOps)
        if (a.tok == t) return &a;
    return nullptr;
}

ExprPtr make(ExprKind k, SourceRange r) {
    auto e = std::make_unique<Expr>(k);
    e->range = r;
    return e;
}

// Forms the grammar accepts on the left of an assignment (C's unary-expression).
bool is_unary_form(const Expr& e) {
    switch (e.kind) {
        case ExprKind::Binary:
        case ExprKind::Conditional:
        case ExprKind::Cast: return false;
        default: return true;
    }
}

}  // namespace

ExprPtr Parser::expression() {
    ExprPtr e = assignment();
    while (at(Tok::Comma)) {
        take();
        ExprPtr r = assignment();
        auto c = make(ExprKind::Binary, span(e->range, r->range));
        c->binary_op = BinaryOp::Comma;
        c->lhs = std::move(e);
        c->rhs = std::move(r);
        c->dtrace_line = lookahead_line();
        e = std::move(c);
    }
    return e;
}

ExprPtr Parser::assignment() {
    ExprPtr lhs = conditional_tree();
    const AssignInfo* a = assignop(peek().kind);
    if (!a) return fold_conditional(std::move(lhs));
    // The grammar's rule: a ?: folded below is still no unary expression.
    if (!is_unary_form(*lhs)) syntax_error(peek());
    take();
    ExprPtr rhs = assignment();  // right-associative
    auto e = make(ExprKind::Binary, span(lhs->range, rhs->range));
    e->binary_op = a->op;
    e->lhs = std::move(lhs);
    e->rhs = std::move(rhs);
    e->dtrace_line = lookahead_line();
    check_binary(*e);
    return e;
}

ExprPtr Parser::conditional() { return fold_conditional(conditional_tree()); }

// DTrace's dt_node_op3: a condition that is an integer constant once parsed (a literal, an
// integer-valued inline, constant arithmetic) selects its branch at parse time, so the other
// is never checked and an action in the chosen one stands as a statement of its own
// (`inline int OPT = 1; ... OPT ? printf("a") : 1;`, as the DTraceToolkit writes options).
ExprPtr Parser::fold_conditional(ExprPtr e) {
    if (e->kind != ExprKind::Conditional) return e;
    auto c = fold_constant(*e->lhs, names_);
    if (!c) return e;
    return c->value ? std::move(e->rhs) : std::move(e->third);
}

ExprPtr Parser::conditional_tree() {
    ExprPtr cond = binary(1);
    if (!at(Tok::Question)) return cond;
    take();
    ExprPtr yes = expression();
    expect(Tok::Colon);
    ExprPtr no = conditional();  // right-associative
    auto e = make(ExprKind::Conditional, span(cond->range, no->range));
    e->lhs = std::move(cond);
    e->rhs = std::move(yes);
    e->third = std::move(no);
    e->dtrace_line = lookahead_line();
    return e;
}

ExprPtr Parser::binary(int min_prec) {
    ExprPtr lhs = cast_expression();
    for (;;) {
        const BinOpInfo* b = binop(peek().kind);
        if (!b || b->prec < min_prec) return lhs;
        take();
        ExprPtr rhs = binary(b->prec + 1);  // left-associative
        auto e = make(ExprKind::Binary, span(lhs->range, rhs->range));
        e->binary_op = b->op;
        e->lhs = std::move(lhs);
        e->rhs = std::move(rhs);
        e->dtrace_line = lookahead_line();
        check_binary(*e);
        lhs = std::move(e);
    }
}

ExprPtr Parser::cast_expression() {
    if (at(Tok::LParen) && starts_type_name(1)) {
        SourceRange begin = take().range;
        auto type = type_name();
        expect(Tok::RParen);
        ExprPtr operand = cast_expression();
        auto e = make(ExprKind::Cast, span(begin, operand->range));
        e->type = std::move(type);
        e->lhs = std::move(operand);
        e->dtrace_line = lookahead_line();
        // DTrace looks the type up when it builds the cast, after the operand.
        check_type_name(*e->type, here());
        return e;
    }
    return unary();
}

ExprPtr Parser::unary() {
    SourceRange begin = peek().range;
    auto prefix = [&](UnaryOp op, ExprPtr operand) {
        auto e = make(ExprKind::Unary, span(begin, operand->range));
        e->unary_op = op;
        e->lhs = std::move(operand);
        e->dtrace_line = lookahead_line();
        return e;
    };
    switch (peek().kind) {
        case Tok::PlusPlus: take(); return prefix(UnaryOp::PreInc, unary());
        case Tok::MinusMinus: take(); return prefix(UnaryOp::PreDec, unary());
        case Tok::Amp: take(); return prefix(UnaryOp::AddrOf, cast_expression());
        case Tok::Star: take(); return prefix(UnaryOp::Deref, cast_expression());
        case Tok::Plus: take(); return prefix(UnaryOp::Plus, cast_expression());
        case Tok::Minus: take(); return prefix(UnaryOp::Minus, cast_expression());
        case Tok::Tilde: take(); return prefix(UnaryOp::BitNot, cast_expression());
        case Tok::Bang: take(); return prefix(UnaryOp::Not, cast_expression());
        case Tok::KwSizeof: {
            take();
            if (at(Tok::LParen) && starts_type_name(1)) {
                take();
                auto e = make(ExprKind::SizeofType, begin);
                e->type = type_name();
                expect(Tok::RParen);
                e->range = span(begin, last_);
                e->dtrace_line = last_line();
                check_sizeof_type(*e->type);
                return e;
            }
            ExprPtr operand = unary();
            auto e = make(ExprKind::SizeofExpr, span(begin, operand->range));
            e->lhs = std::move(operand);
            e->dtrace_line = lookahead_line();
            return e;
        }
        case Tok::KwStringof: {
            take();
            ExprPtr operand = unary();
            auto e = make(ExprKind::Stringof, span(begin, operand->range));
            e->lhs = std::move(operand);
            e->dtrace_line = lookahead_line();
            return e;
        }
        default: return postfix();
    }
}

std::vector<ExprPtr> Parser::argument_list(Tok close) {
    std::vector<ExprPtr> args;
    if (at(close)) return args;
    for (;;) {
        args.push_back(assignment());
        if (!accept(Tok::Comma)) break;
    }
    return args;
}

ExprPtr Parser::postfix() {
    ExprPtr e = primary();
    for (;;) {
        switch (peek().kind) {
            case Tok::LBracket: {
                take();
                auto idx = make(ExprKind::Index, e->range);
                idx->args = argument_list(Tok::RBracket);
                if (idx->args.empty()) syntax_error(peek());
                expect(Tok::RBracket);
                idx->range = span(e->range, last_);
                idx->dtrace_line = last_line();
                idx->lhs = std::move(e);
                e = std::move(idx);
                break;
            }
            case Tok::LParen: {
                take();
                auto call = make(ExprKind::Call, e->range);
                call->args = argument_list(Tok::RParen);
                expect(Tok::RParen);
                call->range = span(e->range, last_);
                call->dtrace_line = last_line();
                check_call(*e);
                call->lhs = std::move(e);
                e = std::move(call);
                break;
            }
            case Tok::Dot:
            case Tok::Arrow: {
                bool arrow = take().kind == Tok::Arrow;
                Token name = take();
                // A member may be named like a D keyword (a kernel struct's `self`): after
                // . and -> DTrace's lexer reads an identifier.
                bool keyword = std::string_view(tok_name(name.kind)).substr(0, 2) == "Kw";
                if (name.kind != Tok::Ident && !keyword) syntax_error(name);
                auto m = make(ExprKind::Member, span(e->range, name.range));
                m->arrow = arrow;
                m->text = keyword ? name.text : name.value;
                m->dtrace_line = last_line();
                m->lhs = std::move(e);
                e = std::move(m);
                break;
            }
            case Tok::PlusPlus:
            case Tok::MinusMinus: {
                bool inc = take().kind == Tok::PlusPlus;
                auto u = make(ExprKind::Unary, span(e->range, last_));
                u->unary_op = inc ? UnaryOp::PostInc : UnaryOp::PostDec;
                u->dtrace_line = last_line();
                u->lhs = std::move(e);
                e = std::move(u);
                break;
            }
            default: return e;
        }
    }
}

ExprPtr Parser::primary() {
    ExprPtr e = primary_node();
    // Primaries are built as soon as their last token is read.
    if (!e->dtrace_line) e->dtrace_line = last_line();
    return e;
}

ExprPtr Parser::primary_node() {
    Token t = take();
    switch (t.kind) {
        case Tok::IntLit: {
            check_integer_constant(t);
            auto e = make(ExprKind::Int, t.range);
            e->int_value = t.int_value;
            e->int_suffix = t.int_suffix;
            e->int_decimal = t.int_decimal;
            e->is_char = t.is_char;
            e->int_prefix = t.int_prefix;
            e->text = t.text;
            return e;
        }
        case Tok::StringLit: {
            auto e = make(ExprKind::String, t.range);
            e->text = t.value;
            return e;
        }
        case Tok::Ident: {
            // A type name cannot stand alone in an expression (DTrace's lexer makes it a
            // type token unless an assignment or subscript follows).
            if (is_type_name(t.value)) {
                Tok n = peek().kind;
                if (n != Tok::PlusPlus && n != Tok::MinusMinus && n != Tok::LBracket &&
                    n != Tok::Assign)
                    syntax_error(t);
            }
            auto e = make(ExprKind::Ident, t.range);
            e->text = t.value;
            return e;
        }
        case Tok::Agg: {
            auto e = make(ExprKind::Agg, t.range);
            e->text = t.value;
            return e;
        }
        case Tok::KwSelf:
        case Tok::KwThis: {
            // self->name and this->name: D's thread-local and clause-local variables.
            expect(Tok::Arrow);
            Token name = take();
            if (name.kind != Tok::Ident) syntax_error(name);
            auto e = make(t.kind == Tok::KwSelf ? ExprKind::SelfVar : ExprKind::ThisVar,
                          span(t.range, name.range));
            e->text = name.value;
            return e;
        }
        case Tok::LParen: {
            ExprPtr inner = expression();
            expect(Tok::RParen);
            inner->range = span(t.range, last_);
            return inner;
        }
        case Tok::KwOffsetof: {
            expect(Tok::LParen);
            auto e = make(ExprKind::Offsetof, t.range);
            e->type = type_name();
            expect(Tok::Comma);
            Token member = take();
            if (member.kind != Tok::Ident) syntax_error(member);
            e->member_path = member.value;
            expect(Tok::RParen);
            e->range = span(t.range, last_);
            check_offsetof(*e->type, e->member_path);
            return e;
        }
        case Tok::KwXlate: {
            expect(Tok::Less);
            auto e = make(ExprKind::Xlate, t.range);
            e->type = type_name();
            expect(Tok::Greater);
            expect(Tok::LParen);
            e->lhs = expression();
            expect(Tok::RParen);
            e->range = span(t.range, last_);
            check_type_name(*e->type, after_last());
            return e;
        }
        default: syntax_error(t);
    }
}

}  // namespace bdtrace::frontend
