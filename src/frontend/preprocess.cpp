// Temporary: replaced by the real -C implementation.
#include "frontend/preprocess.h"
namespace bdtrace::frontend {
std::optional<std::string> preprocess(const std::string& t, const std::string&,
                                      const PreprocessOptions&, DiagnosticList&) { return t; }
}  // namespace bdtrace::frontend
