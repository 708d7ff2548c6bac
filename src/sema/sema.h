// sema: from ast::Program to sema::TypedProgram. Resolves names, types every expression,
// matches probe descriptions, and reports DTrace's D_* errors.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "bdtrace/diagnostic.h"
#include "frontend/ast.h"
#include "probes/probe.h"
#include "process/kernel_symbols.h"
#include "sema/typed.h"
#include "sema/types.h"

namespace bdtrace::sema {

struct SemaOptions {
    uint32_t strsize = 256;
    uint32_t ustackframes = 100;  // -x ustackframes: frames of ustack() without an argument
    uint32_t stackframes = 20;    // -x stackframes: frames of stack() without an argument
    uint32_t maxframes = 0;       // -x maxframes: most frames of any stack (0: the kernel's 127)
    bool zdefs = false;        // -Z: descriptions may match no probes
    bool destructive = false;  // -w
    bool command_line = false; // the program came from -n/-P/-m/-f/-i (messages differ)
    // Whether the kernel lets BPF write user memory (copyout, copyoutstr): asked only of a
    // program that uses them (a feature probe loads a program); none: it does not.
    std::function<bool()> user_writes;
    bool have_target = false;  // -c or -p gave $target: %A also takes plain integers and pointers
    process::KernelSymbols* kernel_symbols = nullptr;  // for `sym and mod`sym
    // The D system library's programs, checked before the program's own (dlib/library.h).
    std::vector<const ast::Program*> library;
    // How messages name each library program's file (parallel to `library`; may be shorter).
    std::vector<std::string> library_files;
    // Check every translator and inline of the library now, not when first used (tests).
    bool check_library = false;
};

class Checker;

// Checks one compiled request. `types` and `registry` live as long as the consumer: types and
// probes found by one request are known to later ones.
std::unique_ptr<TypedProgram> analyze(const ast::Program& program, TypeTable& types,
                                      probes::Registry& registry, const SemaOptions& opts,
                                      DiagnosticList& diags);

// Several programs of one consumer, checked as one: clauses in order, globals shared.
std::unique_ptr<TypedProgram> analyze(const std::vector<const ast::Program*>& programs,
                                      TypeTable& types, probes::Registry& registry,
                                      const SemaOptions& opts, DiagnosticList& diags);

// Is `name` a type the front end should treat as a type name (D's, then the kernel's)?
bool is_type_name(TypeTable& types, const std::string& name);

}  // namespace bdtrace::sema
