#include "process/pid_probes.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <set>

#include <sys/stat.h>
#include <unistd.h>

#include "probes/glob.h"
#include "process/grab_error.h"
#include "process/ifunc.h"
#include "process/module_match.h"
#include "process/pid_probe_names.h"
#include "process/function_code.h"
#include "process/symbol_order.h"
#include "process/uretprobe_safety.h"

namespace bdtrace::process {

namespace {

Diagnostic error_of(Tag tag, std::string message) {
    Diagnostic d;
    d.tag = tag;
    d.message = std::move(message);
    return d;
}

// The difference between the process's addresses and the file's virtual addresses, from the
// first mapping that lies in a PT_LOAD segment (0 for a non-PIE executable).
uint64_t load_bias(const MappedObject& obj, const ElfFile& elf) {
    for (const auto& r : obj.ranges)
        for (const auto& seg : elf.loads) {
            uint64_t page = seg.offset & ~uint64_t{0xfff};
            if (r.offset >= page && r.offset < seg.offset + seg.filesz)
                return r.start - (r.offset - seg.offset + seg.vaddr);
        }
    return 0;
}

bool name_matches(std::string_view pattern, const ElfSymbol& s) {
    return probes::glob_match(pattern, s.name) ||
           (!s.demangled.empty() && probes::glob_match(pattern, s.demangled));
}

bool plain_name_is(std::string_view name, const ElfSymbol& s) {
    return s.name == name || (!s.demangled.empty() && s.demangled == name);
}

// Every function name at `value` in both tables, DTrace's preferred one first.
std::vector<const ElfSymbol*> aliases_at(const ElfFile& elf, uint64_t value) {
    std::vector<const ElfSymbol*> out;
    for (const auto* table : {&elf.symtab, &elf.dynsym}) {
        auto it = std::lower_bound(table->begin(), table->end(), value,
                                   [](const ElfSymbol& s, uint64_t v) { return s.value < v; });
        for (; it != table->end() && it->value == value; ++it) {
            bool seen = false;
            for (const auto* o : out) seen |= o->name == it->name;
            if (!seen) out.push_back(&*it);
        }
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const ElfSymbol* a, const ElfSymbol* b) { return symbol_before(*a, *b); });
    return out;
}

// Whether the process maps an unwinder that may walk through any frame: C++'s runtime (its
// exceptions) or libgcc_s (thread cancellation and pthread_exit load it).
bool unwinder_mapped(const std::vector<MappedObject>& mapped) {
    for (const auto& m : mapped) {
        std::string_view base = std::string_view(m.path).substr(m.path.rfind('/') + 1);
        if (base.starts_with("libstdc++") || base.starts_with("libgcc_s") || base.starts_with("libc++")) return true;
    }
    return false;
}

// Builds the probes of one resolution (the state dt_pid.c keeps in its dt_pid_probe_t).
struct Builder {
    uint64_t pid;
    std::string_view module_pattern, function_pattern, name_pattern;
    PidResolution& res;
    // The last symbol taken by the glob walk: its aliases (same address and size) are skipped.
    const ElfSymbol* last_taken = nullptr;
    std::set<std::pair<size_t, uint64_t>> taken;  // (object, function address) probed already
    // An unwinder may walk through frames in this process (uretprobe_safety.h, rule 4).
    bool unwinding = false;
    // System-wide (pid 0): bdtrace's own load bias of the file when it maps it too, where IFUNCs
    // are resolved as every process on this machine resolves them.
    std::optional<uint64_t> self_bias = std::nullopt;

    // A return probe's sites (return_sites.h), or the return uprobe the decode falls back on
    // when uretprobe_safety.h allows it. False when the function gets no return probe; a
    // function the description names plainly then says why.
    bool place_return(PidProbe& p, const ElfFile& elf, const ElfSymbol& body, const FunctionCode& code,
                      const std::vector<std::string>& aliases) {
        std::string why;
        if (code.complete) {
            for (const ReturnSite& site : code.returns)
                if (auto fo = elf.file_offset(body.value + site.offset)) p.return_sites.emplace_back(*fo, site.offset);
            if (!p.return_sites.empty()) return true;
            why = "it has no instruction that returns (its last instruction is " +
                  (code.last.empty() ? std::string("unknown") : code.last) + ")";
        } else {
            UretprobeSafety safety = uretprobe_safety(aliases, code, unwinding);
            if (safety.safe) {
                p.return_uprobe = true;
                return true;
            }
            why = code.why + ", and a return uprobe is not safe: " + safety.reason;
        }
        if (!probes::has_glob(function_pattern) && !function_pattern.empty() && name_pattern == "return")
            res.warning = Diagnostic{Severity::Warning, "D_PROC_CREATEFAIL", {},
                                     "failed to create return probe in '" + p.function + "': " + why};
        return false;
    }

    // One function: its probes by name. False when DTrace refuses the description.
    bool per_symbol(size_t object, const ElfSymbol& sym, const std::string& function) {
        const PidObject& obj = res.objects[object];
        // An IFUNC is probed where the process's calls go: the implementation it resolved to.
        const ElfSymbol* body = &sym;
        if (sym.ifunc && (pid != 0 || self_bias))
            if (auto impl = resolved_ifunc(pid ? pid : static_cast<uint64_t>(::getpid()),
                                           obj.mapping.root + obj.mapping.path, pid ? obj.load_bias : *self_bias,
                                           sym.value))
                if (const ElfSymbol* s = obj.elf->containing(*impl); s && s->value == *impl && s->size) body = s;
        // One function, one set of probes: an IFUNC and its implementation both matched by a
        // glob are one function.
        if (!taken.insert({object, body->value}).second) return true;
        // The function's code is decoded once, and only when a probe needs it.
        std::optional<FunctionCode> decoded;
        auto code = [&]() -> const FunctionCode& {
            if (!decoded) decoded = decode_function(*obj.elf, *body);
            return *decoded;
        };
        auto names = probe_names(*body, function, name_pattern, code, res.error);
        if (res.error) return false;
        std::vector<std::string> aliases;
        for (const auto* a : aliases_at(*obj.elf, sym.value)) aliases.push_back(a->name);
        for (auto& n : names) {
            PidProbe p;
            p.pid = pid;
            p.object = object;
            p.module = obj.mapping.module;
            p.function = function;
            p.demangled = sym.demangled;
            for (const auto* a : aliases_at(*obj.elf, sym.value))
                if (a->name == function) p.demangled = a->demangled;
            p.name = std::move(n.name);
            p.kind = n.entry ? PidProbeKind::Entry : n.ret ? PidProbeKind::Return
                                                           : PidProbeKind::Offset;
            p.offset = n.offset;
            p.nop5 = n.nop5;
            p.symbol_vaddr = body->value;
            p.symbol_size = body->size;
            p.address = obj.load_bias + body->value + n.offset;
            p.file_offset = obj.elf->file_offset(body->value + n.offset).value_or(0);
            if (p.kind == PidProbeKind::Return && !place_return(p, *obj.elf, *body, code(), aliases)) continue;
            p.ifunc = sym.ifunc;
            p.aliases = aliases;
            res.probes.push_back(std::move(p));
        }
        return true;
    }

    // A glob over one symbol table; the number of functions taken.
    size_t walk(size_t object, const std::vector<ElfSymbol>& table) {
        size_t taken = 0;
        for (const auto& s : table) {
            if (s.size == 0) continue;
            if (last_taken && s.value == last_taken->value && s.size == last_taken->size) continue;
            last_taken = nullptr;
            // Old linkers gave these bloated sizes; DTrace takes them only when named.
            if (s.name == "_init" || s.name == "_fini") continue;
            if (!name_matches(function_pattern, s)) continue;
            last_taken = &s;
            ++taken;
            if (!per_symbol(object, s, s.name)) return taken;
        }
        return taken;
    }

    void per_module(size_t object) {
        const ElfFile& elf = *res.objects[object].elf;
        if (!function_pattern.empty() && !probes::has_glob(function_pattern)) {
            const ElfSymbol* found = nullptr;
            for (const auto* table : {&elf.symtab, &elf.dynsym}) {
                for (const auto& s : *table)
                    if (plain_name_is(function_pattern, s)) {
                        found = &s;
                        break;
                    }
                if (found) break;
            }
            if (!found) {
                if (!module_pattern.empty() && !probes::has_glob(module_pattern))
                    res.error = error_of("D_PROC_FUNC", "failed to lookup '" +
                                                            std::string(function_pattern) +
                                                            "' in module '" +
                                                            res.objects[object].mapping.module + "'");
                return;
            }
            if (found->size == 0) return;
            // DTrace names the probe after the preferred alias at the function's address.
            auto aliases = aliases_at(elf, found->value);
            const ElfSymbol* named = aliases.empty() ? found : aliases.front();
            per_symbol(object, *found, named->name);
            return;
        }
        last_taken = nullptr;
        if (walk(object, elf.symtab) == 0 && !res.error) walk(object, elf.dynsym);
    }
};

}  // namespace

std::optional<PidProvider> parse_pid_provider(std::string_view provider, Diagnostic& error) {
    size_t digits = provider.size();
    while (digits > 0 && std::isdigit(static_cast<unsigned char>(provider[digits - 1]))) --digits;
    if (digits == 0 || digits == provider.size()) {
        error = error_of("D_PROC_BADPROV", "'" + std::string(provider) + "' is not a valid provider");
        return std::nullopt;
    }
    std::string num(provider.substr(digits));
    errno = 0;
    char* end = nullptr;
    long long pid = std::strtoll(num.c_str(), &end, 10);
    if (errno != 0 || *end != '\0' || pid <= 0 || pid > 0x7fffffff) {
        error = error_of("D_PROC_BADPID",
                         "'" + std::string(provider) + "' does not contain a valid pid");
        return std::nullopt;
    }
    return PidProvider{std::string(provider.substr(0, digits)), static_cast<uint64_t>(pid)};
}

std::shared_ptr<const ElfFile> PidProbeResolver::elf(const MappedObject& obj) {
    std::string key = std::to_string(obj.dev) + ":" + std::to_string(obj.inode) + ":" + obj.path;
    auto it = cache_.find(key);
    if (it != cache_.end()) return it->second;
    auto f = ElfFile::load(obj.root, obj.path);
    cache_.emplace(key, f);
    return f;
}

PidResolution PidProbeResolver::resolve(uint64_t pid, std::string_view module,
                                        std::string_view function, std::string_view name) {
    PidResolution res;
    auto mapped = read_mapped_objects(pid);
    if (!mapped) {
        res.error = error_of("D_PROC_GRAB", "failed to grab process " + std::to_string(pid) + ": " + grab_error_reason(pid));
        return res;
    }
    Builder b{pid, module, function, name, res, nullptr, {}, unwinder_mapped(*mapped), std::nullopt};
    auto matched = match_modules(*mapped, module);
    if (matched.empty() && !module.empty() && !probes::has_glob(module)) res.module_missing = true;
    for (size_t i : matched) {
        PidObject obj;
        obj.mapping = (*mapped)[i];
        obj.elf = elf(obj.mapping);
        if (!obj.elf) continue;
        obj.load_bias = load_bias(obj.mapping, *obj.elf);
        res.objects.push_back(std::move(obj));
        size_t before = res.probes.size();
        b.per_module(res.objects.size() - 1);
        if (res.error) {
            res.probes.clear();
            return res;
        }
        // Objects no probe refers to are dropped, so that `objects` is what must be attached.
        if (res.probes.size() == before) res.objects.pop_back();
    }
    return res;
}

PidResolution PidProbeResolver::resolve_file(const std::string& path, const std::string& module,
                                             std::string_view function, std::string_view name) {
    PidResolution res;
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        res.module_missing = true;
        return res;
    }
    PidObject obj;
    obj.mapping.path = path;
    obj.mapping.dev = st.st_dev;
    obj.mapping.inode = st.st_ino;
    obj.mapping.module = module;
    obj.elf = elf(obj.mapping);
    if (!obj.elf) {
        res.module_missing = true;
        return res;
    }
    // Any process may map an unwinder (uretprobe_safety.h, rule 4): assume one does.
    Builder b{0, module, function, name, res, nullptr, {}, true, std::nullopt};
    if (auto self = read_mapped_objects(static_cast<uint64_t>(::getpid())))
        for (const auto& m : *self)
            if (m.dev == obj.mapping.dev && m.inode == obj.mapping.inode) {
                b.self_bias = load_bias(m, *obj.elf);  // the same file: its ELF is read already
                break;
            }
    res.objects.push_back(std::move(obj));
    b.per_module(0);
    if (res.error) res.probes.clear();
    if (res.probes.empty()) res.objects.clear();
    return res;
}

}  // namespace bdtrace::process
