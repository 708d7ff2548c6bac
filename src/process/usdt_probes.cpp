#include "process/usdt_probes.h"

#include <dirent.h>
#include <sys/stat.h>

#include <cstdlib>
#include <set>

#include "util/glob.h"
#include "process/function_code.h"
#include "process/module_match.h"
#include "process/uprobe_path.h"

namespace bdtrace::process {

namespace {

bool glob(std::string_view pattern, const std::string& s) { return pattern.empty() || util::glob_match(pattern, s); }

std::string base_name(const std::string& path) {
    size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::vector<uint64_t> all_pids() {
    std::vector<uint64_t> out;
    DIR* d = ::opendir("/proc");
    if (!d) return out;
    while (dirent* e = ::readdir(d)) {
        char* end = nullptr;
        unsigned long v = std::strtoul(e->d_name, &end, 10);
        if (end && *end == '\0' && v > 0) out.push_back(v);
    }
    ::closedir(d);
    return out;
}

}  // namespace

const UsdtResolver::File* UsdtResolver::file(const std::string& root, const std::string& path, uint64_t dev,
                                             uint64_t inode) {
    std::string key = std::to_string(dev) + ":" + std::to_string(inode) + ":" + path;
    auto it = cache_.find(key);
    if (it == cache_.end()) {
        File f;
        f.notes = read_usdt_notes(root + path);
        // Function names are needed only where there are probes.
        if (f.notes && !f.notes->notes.empty()) f.elf = ElfFile::load(root, path);
        it = cache_.emplace(key, std::move(f)).first;
    }
    return it->second.notes ? &it->second : nullptr;
}

void UsdtResolver::probes_of(const File& f, const std::string& path, const std::string& module, uint64_t pid,
                             std::string_view provider, std::string_view function, std::string_view name,
                             std::vector<UsdtProbe>& out) {
    size_t first = out.size();
    for (const auto& n : f.notes->notes) {
        if (!glob(provider, n.provider)) continue;
        std::string pname = usdt_probe_name(n.name);
        if (!glob(name, pname)) continue;
        const ElfSymbol* sym = f.elf ? f.elf->containing(n.pc) : nullptr;
        std::string func = sym ? sym->name : "";
        if (!function.empty() && !util::glob_match(function, func) &&
            !(sym && !sym->demangled.empty() && util::glob_match(function, sym->demangled)))
            continue;
        UsdtProbe* p = nullptr;
        for (size_t i = first; i < out.size(); ++i)
            if (out[i].provider == n.provider && out[i].function == func && out[i].name == pname) p = &out[i];
        if (!p) {
            out.emplace_back();
            p = &out.back();
            p->provider = n.provider;
            p->module = module;
            p->function = func;
            p->name = pname;
            p->path = path;
            p->pid = pid;
        }
        UsdtSite s;
        if (!n.error.empty() || n.pc_offset == 0) s.error = n.error.empty() ? "the site is in no section of the file" : n.error;
        s.file_offset = n.pc_offset;
        s.ref_ctr_offset = n.semaphore_offset;
        s.vaddr = n.pc;
        s.args = n.args;
        s.arg_text = n.arg_text;
        if (f.elf && (!sym || sym->value != n.pc)) s.nop5 = starts_with_nop5(f.elf->read(n.pc, 5));
        if (f.elf && s.error.empty()) {
            InsnPath ip = uprobe_path(f.elf->read(n.pc, 15), n.pc);
            if (ip.length) s.path = "`" + ip.text + "`: " + std::string(path_name(ip.path));
        }
        p->sites.push_back(std::move(s));
    }
}

std::vector<UsdtProbe> UsdtResolver::resolve(uint64_t pid, std::string_view provider, std::string_view module,
                                             std::string_view function, std::string_view name,
                                             bool* module_missing) {
    std::vector<UsdtProbe> out;
    auto mapped = read_mapped_objects(pid);
    if (!mapped) return out;
    auto matched = match_modules(*mapped, module);
    if (module_missing) *module_missing = matched.empty() && !module.empty() && !util::has_glob(module);
    for (size_t i : matched) {
        const MappedObject& m = (*mapped)[i];
        const File* f = file(m.root, m.path, m.dev, m.inode);
        if (!f) continue;
        const std::string& shown = m.module;  // as the pid provider shows it (the file name; "a.out" names it too)
        probes_of(*f, m.root + m.path, shown, pid, provider, function, name, out);
    }
    return out;
}

std::vector<UsdtProbe> UsdtResolver::resolve_all(std::string_view provider, std::string_view module,
                                                 std::string_view function, std::string_view name) {
    std::vector<UsdtProbe> out;
    std::set<std::pair<uint64_t, uint64_t>> seen;  // (dev, inode)
    // A path names its file, whether or not a process runs it now.
    if (!module.empty() && module[0] == '/' && !util::has_glob(module)) {
        std::string path(module);
        struct stat st {};
        if (::stat(path.c_str(), &st) != 0) return out;
        if (const File* f = file("", path, st.st_dev, st.st_ino))
            probes_of(*f, path, base_name(path), 0, provider, function, name, out);
        return out;
    }
    for (uint64_t pid : all_pids()) {
        auto mapped = read_mapped_objects(pid);
        if (!mapped) continue;
        for (const auto& m : *mapped) {
            if (!glob(module, m.module) && !glob(module, m.path)) continue;
            // The same file seen through another process (or another mount) is one file.
            std::string real = m.root + m.path;
            struct stat st {};
            if (::stat(real.c_str(), &st) != 0) continue;
            if (!seen.insert({st.st_dev, st.st_ino}).second) continue;
            const File* f = file(m.root, m.path, st.st_dev, st.st_ino);
            if (!f) continue;
            // The host's own path when it is the same file; else through the process's root.
            struct stat host {};
            std::string path = ::stat(m.path.c_str(), &host) == 0 && host.st_dev == st.st_dev && host.st_ino == st.st_ino
                                   ? m.path
                                   : real;
            probes_of(*f, path, m.module, 0, provider, function, name, out);
        }
    }
    return out;
}

}  // namespace bdtrace::process
