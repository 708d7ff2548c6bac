// Probe descriptions: splitting prov:mod:func:name from the right into the fields the request
// starts from, and expanding $n / $name macros inside a field (pid$target, syscall::$1:entry).
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <utility>
#include <vector>

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
    // The fields between ':'s, a double-quoted field (the lexer's extension) taken whole.
    std::vector<std::pair<std::string, bool>> parts(1);  // (text, quoted)
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '"' && parts.back().first.empty() && !parts.back().second) {
            size_t close = s.find('"', i + 1);
            if (close == std::string::npos) close = s.size();
            parts.back() = {s.substr(i + 1, close - i - 1), true};
            i = close;
        } else if (s[i] == ':') {
            parts.emplace_back();
        } else {
            parts.back().first.push_back(s[i]);
        }
    }
    // A leading ':' ends the description, as DTrace scans it: ":a:b:c:d" is a:b:c:d.
    if (parts.size() > 1 && parts.front().first.empty() && !parts.front().second) parts.erase(parts.begin());
    for (size_t k = parts.size(); k-- > 0;) {
        std::string part = parts[k].first;
        if (field < 0) invalid("Overspecified probe description");

        if (size_t dollar = part.find('$'); dollar != std::string::npos && !parts[k].second) {
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
    }
    return d;
}

}  // namespace bdtrace::frontend
