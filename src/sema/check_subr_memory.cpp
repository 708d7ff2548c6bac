// Memory subroutines: copyin, copyinstr, copyinto, bcopy, alloca, rand, progenyof.
#include "sema/checker.h"

namespace bdtrace::sema {

NodePtr Checker::memory_subroutine(const ast::Expr&, const std::string&) { return nullptr; }

}  // namespace bdtrace::sema
