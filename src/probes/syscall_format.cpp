#include "probes/syscall_format.h"

#include <sys/mount.h>
#include <sys/stat.h>

#include <cctype>
#include <fstream>
#include <map>
#include <sstream>

#include "probes/syscall_table.h"

namespace bdtrace::probes {

namespace {

bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

// "char * buf" -> {"char *", "buf"}; "char comm[16]" -> {"char [16]", "comm"}. The name is the
// declaration's last identifier, before any array bounds.
std::optional<SyscallParam> parse_declaration(std::string_view decl) {
    decl = trim(decl);
    std::string_view bounds;
    if (!decl.empty() && decl.back() == ']') {
        size_t open = decl.find('[');
        if (open == std::string_view::npos) return std::nullopt;
        bounds = decl.substr(open);
        decl = trim(decl.substr(0, open));
    }
    size_t begin = decl.size();
    while (begin > 0 && is_word_char(decl[begin - 1])) --begin;
    if (begin == decl.size()) return std::nullopt;
    SyscallParam p;
    p.name = std::string(decl.substr(begin));
    p.type = normalize_type_spelling(std::string(decl.substr(0, begin)) + std::string(bounds));
    if (p.type.empty()) return std::nullopt;
    return p;
}

// The standard tracefs is mounted at boot on most systems, not on all (containers, minimal
// images): mount it once when its events directory is missing, as tracefs_groups() does.
void ensure_tracefs(const std::string& tracefs) {
    static bool tried = false;
    if (tried || tracefs != "/sys/kernel/tracing") return;
    tried = true;
    struct stat st;
    if (stat((tracefs + "/events").c_str(), &st) != 0) (void)mount("nodev", tracefs.c_str(), "tracefs", 0, nullptr);
}

}  // namespace

std::string normalize_type_spelling(std::string_view spelling) {
    std::string out;
    char prev = 0;  // the class of the last token written: 'w' word, '*', '[' inside bounds
    for (size_t i = 0; i < spelling.size();) {
        char c = spelling[i];
        if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
            continue;
        }
        if (is_word_char(c)) {
            size_t end = i;
            while (end < spelling.size() && is_word_char(spelling[end])) ++end;
            if (prev == 'w') out += ' ';
            out.append(spelling.substr(i, end - i));
            prev = 'w';
            i = end;
            continue;
        }
        if (c == '*') {
            if (prev == 'w') out += ' ';
            out += '*';
            prev = '*';
        } else if (c == '[') {
            size_t close = spelling.find(']', i);
            if (close == std::string_view::npos) close = spelling.size() - 1;
            if (!out.empty()) out += ' ';
            for (char b : spelling.substr(i, close - i + 1))
                if (!std::isspace(static_cast<unsigned char>(b))) out += b;
            prev = '[';
            i = close + 1;
            continue;
        } else {
            out += c;
            prev = c;
        }
        ++i;
    }
    return out;
}

std::optional<std::vector<SyscallParam>> parse_syscall_format(std::string_view text) {
    std::vector<SyscallParam> params;
    bool after_nr = false;
    // "\tfield:char * buf;\toffset:24;\tsize:8;\tsigned:0;": the declaration runs to the first ';'.
    static constexpr std::string_view kField = "field:";
    for (size_t at = 0; at < text.size();) {
        size_t eol = text.find('\n', at);
        if (eol == std::string_view::npos) eol = text.size();
        std::string_view line = trim(text.substr(at, eol - at));
        at = eol + 1;
        if (line.substr(0, kField.size()) != kField) continue;
        line.remove_prefix(kField.size());
        std::optional<SyscallParam> p = parse_declaration(line.substr(0, line.find(';')));
        if (!after_nr) {
            after_nr = p && p->name == "__syscall_nr";
            continue;
        }
        // A parameter that cannot be read would shift the ones after it to the wrong index:
        // better no format (and untyped arguments) than wrong types.
        if (!p) return std::nullopt;
        params.push_back(std::move(*p));
    }
    if (!after_nr) return std::nullopt;
    return params;
}

const std::vector<SyscallParam>* syscall_format(std::string_view call, bool entry, const std::string& tracefs) {
    static std::map<std::string, std::optional<std::vector<SyscallParam>>, std::less<>> cache;
    std::string path = tracefs + "/events/syscalls/sys_" + (entry ? "enter_" : "exit_") +
                       std::string(syscall_entry_symbol(call)) + "/format";
    auto it = cache.find(path);
    if (it == cache.end()) {
        ensure_tracefs(tracefs);
        std::ifstream in(path);
        std::optional<std::vector<SyscallParam>> params;
        if (in) {
            std::ostringstream text;
            text << in.rdbuf();
            params = parse_syscall_format(text.str());
        }
        it = cache.emplace(path, std::move(params)).first;
    }
    return it->second ? &*it->second : nullptr;
}

std::vector<std::string> syscall_probe_arg_types(const std::function<const struct btf*()>& vmlinux, std::string_view call, bool entry,
                                                 const std::string& tracefs) {
    std::vector<std::string> out;
    const std::vector<SyscallParam>* params = syscall_format(call, entry, tracefs);
    if (!entry) {
        if (params && params->size() == 1) out.assign(2, params->front().type);
        return out;
    }
    if (!params) return syscall_arg_types(vmlinux(), call);
    for (const SyscallParam& p : *params) out.push_back(p.type);
    return out;
}

std::vector<std::string> syscall_probe_arg_names(std::string_view call, bool entry, const std::string& tracefs) {
    std::vector<std::string> out;
    const std::vector<SyscallParam>* params = entry ? syscall_format(call, entry, tracefs) : nullptr;
    if (params)
        for (const SyscallParam& p : *params) out.push_back(p.name);
    return out;
}

}  // namespace bdtrace::probes
