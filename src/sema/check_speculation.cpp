// Speculations: speculation(), speculate(), commit(), discard().
#include "sema/checker.h"

namespace bdtrace::sema {

NodePtr Checker::speculation_subroutine(const ast::Expr&, const std::string&) { return nullptr; }

std::unique_ptr<Action> Checker::speculation_action(const ast::Expr&) { return nullptr; }

}  // namespace bdtrace::sema
