#include "process/user_symbols.h"

#include <cstdio>

#include "process/proc_maps.h"

namespace bdtrace::process {

UserSymbols::UserSymbols() = default;
UserSymbols::~UserSymbols() = default;

const ElfFile* UserSymbols::file(const std::string& root, const std::string& path) {
    auto it = files_.find(path);
    if (it == files_.end()) it = files_.emplace(path, ElfFile::load(root, path)).first;
    return it->second.get();
}

std::string UserSymbols::describe(uint64_t pid, uint64_t addr) {
    auto objects = read_mapped_objects(pid);
    if (!objects) return {};
    for (const auto& obj : *objects) {
        for (const auto& r : obj.ranges) {
            if (addr < r.start || addr >= r.end) continue;
            // Through the process's own root, so that files in other mount namespaces resolve.
            const ElfFile* f = file(obj.root, obj.path);
            if (!f) return {};
            uint64_t file_off = addr - r.start + r.offset;
            uint64_t vaddr = f->vaddr_of_offset(file_off).value_or(file_off);
            const ElfSymbol* s = f->containing(vaddr);
            if (!s) return {};
            std::string out = obj.module + "`" + s->name;
            if (vaddr != s->value) {
                char buf[32];
                std::snprintf(buf, sizeof buf, "+0x%llx",
                              static_cast<unsigned long long>(vaddr - s->value));
                out += buf;
            }
            return out;
        }
    }
    return {};
}

}  // namespace bdtrace::process
