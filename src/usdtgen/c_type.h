// C spellings of the types D writes in a provider's probe prototypes, for generated headers.
#pragma once

#include <string>

#include "frontend/ast.h"

namespace bdtrace::usdtgen {

struct CTypeText {
    std::string text;    // "const char *", "unsigned long long", "struct conn *"
    std::string reason;  // empty when text is valid C; else why not: "which is not a C type"
};

// The abstract C declaration of a parameter's type (its name, if any, left out).
CTypeText c_type_text(const ast::DeclSpecs& specs, const ast::Declarator& decl);

// True for the parameter list "(void)", which declares no arguments.
bool is_void_parameter_list(const std::vector<ast::ParamDecl>& params);

}  // namespace bdtrace::usdtgen
