#include "options/options.h"
namespace bdtrace::options {
OptionSet::OptionSet() {}
SetError OptionSet::set(std::string_view, std::optional<std::string_view>, Origin) { return {}; }
bool OptionSet::is_set(std::string_view) const { return false; }
std::optional<std::string> OptionSet::text(std::string_view) const { return {}; }
}  // namespace bdtrace::options
