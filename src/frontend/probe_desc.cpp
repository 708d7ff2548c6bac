// Probe descriptions: splitting prov:mod:func:name from the right into the fields the request
// starts from, and expanding $n / $name macros inside a field (pid$target, syscall::$1:entry).
#include <cctype>
#include <cerrno>
#include <cstdlib>

#include "frontend/parser.h"

namespace bdtrace::frontend {

namespace {

// DTrace's field size limits (including the terminating NUL).
constexpr size_t kFieldLimits[] = {64, 64, 128, 64};  // provider, module, function, name

}  // namespace

ast::ProbeDesc Parser::probe_desc(const Token& t) {
    ast::ProbeDesc d;
    d.range = t.range;
    d.text = t.text;
    if (t.kind == Tok::IntLit) {
        static const char* const kinds[] = {"providers", "modules", "functions"};
        if (t.int_value > UINT32_MAX)
            error("D_PDESC_INVAL", t.range,
                  "identifier " + std::to_string(t.int_value) + " exceeds maximum probe id");
        if (opts_.spec_field != SpecField::Name)
            error("D_PDESC_INVAL", t.range,
                  "probe identifier " + std::to_string(t.int_value) +
                      " not permitted when specifying " +
                      kinds[static_cast<int>(opts_.spec_field)]);
        d.id = t.int_value;
        return d;
    }
    auto invalid = [&](const std::string& why) {
        error("D_PDESC_INVAL", t.range, "invalid probe description \"" + t.text + "\": " + why);
    };

    std::string* fields[] = {&d.provider, &d.module, &d.function, &d.name};
    int field = static_cast<int>(opts_.spec_field);
    const std::string& s = t.text;
    size_t end = s.size();
    for (;;) {
        size_t colon = end == 0 ? std::string::npos : s.rfind(':', end - 1);
        size_t begin = colon == std::string::npos ? 0 : colon + 1;
        std::string part = s.substr(begin, end - begin);
        if (field < 0) invalid("Overspecified probe description");

        if (size_t dollar = part.find('$'); dollar != std::string::npos) {
            std::string head = part.substr(0, dollar);
            std::string var = part.substr(dollar + 1);
            if (var.size() > 1 && var[0] == '$') var.erase(0, 1);  // $$ is $ here
            std::string value, tail;
            if (!var.empty() && std::isdigit(static_cast<unsigned char>(var[0]))) {
                char* rest = nullptr;
                errno = 0;
                long i = std::strtol(var.c_str(), &rest, 10);
                if (errno != 0 || i < 0 || static_cast<size_t>(i) >= opts_.args.size())
                    invalid("Undefined macro variable in probe description");
                value = opts_.args[static_cast<size_t>(i)];
                lexer_.arg_referenced()[static_cast<size_t>(i)] = true;
                tail = rest;
            } else if (!var.empty()) {
                auto it = opts_.macros.find(var);
                if (it == opts_.macros.end()) invalid("Undefined macro variable in probe description");
                value = std::to_string(static_cast<int32_t>(it->second));
            } else {
                invalid("Undefined macro variable in probe description");
            }
            part = head + value + tail;
        }
        if (part.size() + 1 > kFieldLimits[field]) invalid("File name too long");
        *fields[field--] = part;
        // A leading ':' ends the description, as DTrace scans it: ":a:b:c:d" is a:b:c:d.
        if (colon == std::string::npos || colon == 0) break;
        end = colon;
    }
    return d;
}

}  // namespace bdtrace::frontend
