// What a compiled program holds between compile() and exec(). Later stages add their products
// (typed program, BPF program set) beside the syntax tree.
#pragma once

#include <memory>
#include <string>

#include "bdtrace/bdtrace.h"
#include "frontend/ast.h"

namespace bdtrace {

class Program {
public:
    CompileRequest request;
    std::unique_ptr<ast::Program> ast;
};

}  // namespace bdtrace
