// What -h and -G need to know of a program's provider definitions: each probe's names in every
// spelling a build uses (the D name, the C name sys/sdt.h records, the macro, the semaphore)
// and its argument types as C text. Built from the syntax tree alone: no kernel, no types.
#pragma once

#include <string>
#include <vector>

#include "bdtrace/diagnostic.h"
#include "frontend/ast.h"

namespace bdtrace::usdtgen {

// sys/sdt.h has DTRACE_PROBE0 to DTRACE_PROBE12; a probe with more arguments cannot be written.
inline constexpr size_t kMaxSdtArgs = 12;

struct UsdtProbe {
    std::string c_name;                  // as written in the provider: "query__start"
    std::string d_name;                  // DTrace's probe name: "query-start"
    std::vector<std::string> arg_types;  // C type text of each native argument
    // A definition that translates its arguments (`probe p(int a, char *b) : (char *b, int a)`):
    // translated argument i is native argument mapping[i] (the native one of the same name, as
    // DTrace's dt_probe_argmap finds it, else the one at the same place). Empty when the
    // arguments are the native ones as they are.
    std::vector<size_t> mapping;
    SourceRange range;
};

struct UsdtProvider {
    std::string name;
    std::vector<UsdtProbe> probes;  // in definition order
};

// DTrace's probe name of a C name: each "__" (left to right) becomes "-".
std::string d_probe_name(const std::string& c_name);
// DTrace's macro spelling of a name: lower case to upper, '-' and '.' to '_'.
std::string macro_spelling(const std::string& name);
// The semaphore sys/sdt.h reads with _SDT_HAS_SEMAPHORES: provider_cname_semaphore.
std::string semaphore_name(const std::string& provider, const UsdtProbe& probe);

// The providers the programs define, in definition order. A provider defined again (in
// another script, or again in one) adds only the probes it did not have. Arguments whose
// type has no C spelling (userland pointers, kernel-scoped names) are errors, as are
// probes with more arguments than sys/sdt.h records.
std::vector<UsdtProvider> collect_providers(const ast::Program& program, DiagnosticList& diags,
                                            std::vector<UsdtProvider> into = {});

}  // namespace bdtrace::usdtgen
