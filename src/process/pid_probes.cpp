#include "process/pid_probes.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <set>

#include <sys/stat.h>
#include <unistd.h>

#include "util/glob.h"
#include "process/grab_error.h"
#include "process/ifunc.h"
#include "process/module_match.h"
#include "process/pid_probe_names.h"
#include "process/function_code.h"
#include "process/symbol_order.h"
#include "process/entry_site.h"
#include "process/uprobe_path.h"
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
    return util::glob_match(pattern, s.name) ||
           (!s.demangled.empty() && util::glob_match(pattern, s.demangled));
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

std::string hex(uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

// Why a function whose return trampoline is safe keeps DTrace's form of return probe (a uprobe
// on each returning instruction) anyway; empty when it need not.
std::string trampoline_refused(const FunctionCode& code, bool dynamic_linker) {
    if (dynamic_linker)
        return "the dynamic linker's functions are running when dtrace attaches (a return already pending would be missed)";
    for (const ReturnSite& r : code.returns)
        if (r.kind != ReturnKind::Ret)
            return "it leaves by a jump at offset " + hex(r.offset) +
                   " (a tail call), where DTrace's return probe fires before the function it jumps to runs";
    if (code.self_call) return "it calls itself, and the kernel keeps at most 64 pending returns per thread";
    return "";
}

// The dynamic linker (ld-linux-x86-64.so.2, ld.so): its start-up functions are on the stack of
// a process dtrace holds at preinit.
bool is_dynamic_linker(const std::string& path) {
    std::string base = path.substr(path.rfind('/') + 1);
    return util::glob_match("ld-*.so*", base) || util::glob_match("ld.so*", base) ||
           util::glob_match("ld64.so*", base);
}

// The instruction at `offset` in the function: from its bytes when they were all read
// (`bytes`), else read from the file.
InsnPath path_at(const ElfFile& elf, const ElfSymbol& body, std::span<const uint8_t> bytes,
                 uint64_t offset) {
    uint64_t left = body.size > offset ? body.size - offset : 0;
    uint64_t n = std::min<uint64_t>(left, 15);
    if (!bytes.empty())
        return uprobe_path(left ? bytes.subspan(offset, n) : std::span<const uint8_t>{},
                           body.value + offset);
    return uprobe_path(elf.read(body.value + offset, n), body.value + offset);
}

// "offset 0x4 (`push %rbp`): emulated"
std::string site_text(uint64_t offset, const InsnPath& ip) {
    return "offset " + hex(offset) + " (`" + ip.text + "`): " + std::string(path_name(ip.path));
}

// -lv's lines for the probe: each uprobe site, the instruction there and the kernel's path.
void describe_sites(PidProbe& p, const ElfFile& elf, const ElfSymbol& body,
                    std::span<const uint8_t> bytes, const EntryPlacement* e) {
    if (p.kind == PidProbeKind::Offset) {
        p.site_paths.push_back(site_text(p.offset, path_at(elf, body, bytes, p.offset)));
        return;
    }
    if (!e) return;
    const bool scratch = p.further_offset != p.exact_offset;
    auto at = [&](const EntrySite& site, bool past_scratch) {
        std::string s = site_text(site.offset, site.insn);
        if (site.offset)
            s += ", past " + std::string(past_scratch ? "instructions that change only %rax, %r10, %r11 and the flags"
                                                      : "instructions that change no register") +
                 " from offset 0x0 (`" + e->first.insn.text + "`: " + std::string(path_name(e->first.insn.path)) + ")";
        else if (!e->why_not.empty())
            s += "; it stays there: " + e->why_not;
        return s;
    };
    std::vector<std::string> lines;
    if (p.kind == PidProbeKind::Entry) {
        lines.push_back("entry at " + at(e->further, scratch));
        if (scratch) lines.push_back("entry at " + at(e->exact, false) + ", when a clause reads uregs[]");
    } else {
        if (p.return_uprobe)
            lines.push_back("return trampoline, trap at " + at(e->further, scratch) +
                            (p.return_sites.empty() ? ""
                                                    : ", when no clause reads arg0, uregs[], ustack(), ustackdepth or ucaller "
                                                      "and dtrace started the process (-c: none of its functions is running yet)"));
        else
            lines.push_back("return trampoline: not used: " + p.no_trampoline);
        for (const auto& [file_offset, offset] : p.return_sites)
            lines.push_back("return at " + site_text(offset, path_at(elf, body, bytes, offset)));
    }
    p.site_paths = std::move(lines);
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
    // The object's readable segments (entry_site.h), for the object per_module walks, and the
    // window its functions' bytes are read through (walked in address order).
    Readable readable = {};
    std::optional<ElfWindow> window = std::nullopt;

    // A return probe's sites (return_sites.h), and whether the kernel's return trampoline may
    // serve it (uretprobe_safety.h, and trampoline_refused above). A function that does not
    // decode completely has only the trampoline form, when it is safe. False when the function
    // gets no return probe; a function the description names plainly then says why.
    bool place_return(PidProbe& p, const ElfFile& elf, const ElfSymbol& body, const FunctionCode& code,
                      const std::vector<std::string>& aliases, bool dynamic_linker) {
        std::string why;
        UretprobeSafety safety = uretprobe_safety(aliases, code, unwinding);
        if (code.complete) {
            for (const ReturnSite& site : code.returns)
                if (auto fo = elf.file_offset(body.value + site.offset)) p.return_sites.emplace_back(*fo, site.offset);
            std::string refused = safety.safe ? trampoline_refused(code, dynamic_linker) : safety.reason;
            p.return_uprobe = refused.empty() && !p.return_sites.empty();
            if (!p.return_uprobe) p.no_trampoline = refused;
            if (!p.return_sites.empty()) return true;
            why = "it has no instruction that returns (its last instruction is " +
                  (code.last.empty() ? std::string("unknown") : code.last) + ")";
        } else {
            if (safety.safe) {
                p.return_uprobe = true;
                return true;
            }
            why = code.why + ", and a return uprobe is not safe: " + safety.reason;
        }
        if (!util::has_glob(function_pattern) && !function_pattern.empty() && name_pattern == "return")
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
        // The function's bytes are read once (through the object's window), and its code
        // decoded once, when a probe needs them.
        std::optional<std::span<const uint8_t>> read;
        auto bytes = [&]() -> std::span<const uint8_t> {
            if (!read) read = window->bytes(body->value, body->size);
            return *read;
        };
        std::optional<FunctionCode> decoded;
        auto code = [&]() -> const FunctionCode& {
            if (!decoded) decoded = decode_function(*obj.elf, *body, bytes());
            return *decoded;
        };
        // Where an entry uprobe goes (entry_site.h): the whole function is decoded only when its
        // first instruction would be single-stepped.
        std::optional<EntryPlacement> placed;
        auto placement = [&]() -> const EntryPlacement& {
            if (placed) return *placed;
            InsnPath first = path_at(*obj.elf, *body, bytes(), 0);
            if (fast_path(first.path) || first.length == 0) {
                placed.emplace();
                placed->first.insn = first;
                placed->exact = placed->further = placed->first;
            } else {
                placed = place_entry(bytes(), code(), body->value, readable);
            }
            return *placed;
        };
        auto names = probe_names(*body, function, name_pattern, code, res.error);
        if (res.error) return false;
        const std::vector<const ElfSymbol*> alias_symbols = aliases_at(*obj.elf, sym.value);
        std::vector<std::string> aliases;
        for (const auto* a : alias_symbols) aliases.push_back(a->name);
        for (auto& n : names) {
            PidProbe p;
            p.pid = pid;
            p.object = object;
            p.module = obj.mapping.module;
            p.function = function;
            p.demangled = sym.demangled;
            for (const auto* a : alias_symbols)
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
            p.exact_file_offset = p.further_file_offset = p.file_offset;
            if (p.kind == PidProbeKind::Return && !place_return(p, *obj.elf, *body, code(), aliases, is_dynamic_linker(obj.mapping.path))) continue;
            if (p.kind != PidProbeKind::Offset) {
                const EntryPlacement& e = placement();
                p.exact_offset = e.exact.offset;
                p.further_offset = e.further.offset;
                p.exact_file_offset = obj.elf->file_offset(body->value + e.exact.offset).value_or(p.file_offset);
                p.further_file_offset = obj.elf->file_offset(body->value + e.further.offset).value_or(p.file_offset);
                // The trampoline's trap is the entry site: where the kernel single-steps it, the
                // trap and the trampoline cost more than the single-stepped return they replace
                // (bench/path_cases.py: ~26 against ~20 us per call here), so the returning
                // instructions keep the probe.
                if (p.kind == PidProbeKind::Return && p.return_uprobe && !p.return_sites.empty() &&
                    !fast_path(e.further.insn.path)) {
                    p.return_uprobe = false;
                    p.no_trampoline = "its entry instruction (`" + e.further.insn.text +
                                      "`) is single-stepped: a trap there and the trampoline cost more than a "
                                      "single-stepped return";
                }
            }
            describe_sites(p, *obj.elf, *body, read.value_or(std::span<const uint8_t>{}),
                           placed ? &*placed : nullptr);
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
        readable = readable_of(elf);
        window.emplace(elf);
        if (!function_pattern.empty() && !util::has_glob(function_pattern)) {
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
                if (!module_pattern.empty() && !util::has_glob(module_pattern))
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

// The function "-": the name is an address in the executable's mappings, probed where it is
// (DTrace's dt_pid_create_probes rules: only a.out, only one address).
PidResolution PidProbeResolver::absolute(uint64_t pid, const std::vector<MappedObject>& mapped,
                                         std::string_view module, std::string_view name) {
    PidResolution res;
    std::vector<size_t> aout = match_modules(mapped, "a.out");
    std::vector<size_t> named = module.empty() || module == "*" ? aout : match_modules(mapped, module);
    if (util::has_glob(module) || aout.empty() || named.empty() || named.front() != aout.front()) {
        res.error = error_of("D_PROC_LIB", "only the a.out module is valid with the '-' function");
        return res;
    }
    if (name.empty() || util::has_glob(name)) {
        res.error = error_of("D_PROC_NAME", "only individual addresses may be specified with the '-' function");
        return res;
    }
    std::string text(name);
    char* end = nullptr;
    errno = 0;
    unsigned long long addr = std::strtoull(text.c_str(), &end, 16);
    if (*end != '\0' || errno != 0) {
        res.error = error_of("D_PROC_NAME", "'" + text + "' is an invalid probe name");
        return res;
    }
    PidObject obj;
    obj.mapping = mapped[aout.front()];
    obj.elf = elf(obj.mapping);
    if (!obj.elf) return res;
    obj.load_bias = load_bias(obj.mapping, *obj.elf);
    for (const MappedRange& r : obj.mapping.ranges) {
        if (!r.exec || addr < r.start || addr >= r.end) continue;
        PidProbe p;
        p.pid = pid;
        p.module = obj.mapping.module;
        p.function = "-";
        p.name = text;
        p.kind = PidProbeKind::Offset;
        p.offset = addr;
        p.address = addr;
        p.file_offset = addr - r.start + r.offset;
        res.objects.push_back(std::move(obj));
        res.probes.push_back(std::move(p));
        break;
    }
    return res;
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
    if (function == "-") return absolute(pid, *mapped, module, name);
    Builder b{pid,          module, function,    name, res, nullptr, {}, unwinder_mapped(*mapped),
              std::nullopt, {},     std::nullopt};
    auto matched = match_modules(*mapped, module);
    if (matched.empty() && !module.empty() && !util::has_glob(module)) res.module_missing = true;
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
    Builder b{0, module, function, name, res, nullptr, {}, true, std::nullopt, {}, std::nullopt};
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
