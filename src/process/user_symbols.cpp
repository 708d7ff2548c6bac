#include "process/user_symbols.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace bdtrace::process {

struct UserSymbols::ElfFile {
    struct Symbol {
        uint64_t value, size;
        std::string name;
    };
    struct Segment {
        uint64_t offset, vaddr, filesz;
    };
    std::vector<Symbol> symbols;  // functions, by address
    std::vector<Segment> loads;   // PT_LOAD
};

UserSymbols::UserSymbols() { elf_version(EV_CURRENT); }
UserSymbols::~UserSymbols() = default;

namespace {

void read_symbols(Elf* elf, UserSymbols::ElfFile& out) {
    size_t nphdr = 0;
    if (elf_getphdrnum(elf, &nphdr) == 0) {
        for (size_t i = 0; i < nphdr; ++i) {
            GElf_Phdr ph;
            if (gelf_getphdr(elf, static_cast<int>(i), &ph) && ph.p_type == PT_LOAD)
                out.loads.push_back({ph.p_offset, ph.p_vaddr, ph.p_filesz});
        }
    }
    // .symtab when the file has one (it includes local functions), else .dynsym.
    for (Elf64_Word wanted : {SHT_SYMTAB, SHT_DYNSYM}) {
        Elf_Scn* scn = nullptr;
        while ((scn = elf_nextscn(elf, scn)) != nullptr) {
            GElf_Shdr sh;
            if (!gelf_getshdr(scn, &sh) || sh.sh_type != wanted || sh.sh_entsize == 0) continue;
            Elf_Data* data = elf_getdata(scn, nullptr);
            if (!data) continue;
            size_t n = sh.sh_size / sh.sh_entsize;
            for (size_t i = 0; i < n; ++i) {
                GElf_Sym sym;
                if (!gelf_getsym(data, static_cast<int>(i), &sym)) continue;
                if (GELF_ST_TYPE(sym.st_info) != STT_FUNC || sym.st_value == 0) continue;
                const char* name = elf_strptr(elf, sh.sh_link, sym.st_name);
                if (name && *name) out.symbols.push_back({sym.st_value, sym.st_size, name});
            }
        }
        if (!out.symbols.empty()) break;
    }
    std::sort(out.symbols.begin(), out.symbols.end(),
              [](const auto& a, const auto& b) { return a.value < b.value; });
}

}  // namespace

UserSymbols::ElfFile* UserSymbols::file(const std::string& path, const std::string& open_path) {
    auto it = files_.find(path);
    if (it != files_.end()) return it->second.get();
    auto f = std::make_unique<ElfFile>();
    int fd = ::open(open_path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        if (Elf* elf = elf_begin(fd, ELF_C_READ, nullptr)) {
            read_symbols(elf, *f);
            elf_end(elf);
        }
        ::close(fd);
    }
    return files_.emplace(path, std::move(f)).first->second.get();
}

std::string UserSymbols::describe(uint64_t pid, uint64_t addr) {
    std::ifstream maps("/proc/" + std::to_string(pid) + "/maps");
    std::string line;
    while (std::getline(maps, line)) {
        std::istringstream ls(line);
        std::string range, perms, offset, dev, inode, path;
        if (!(ls >> range >> perms >> offset >> dev >> inode)) continue;
        std::getline(ls >> std::ws, path);
        uint64_t start = std::strtoull(range.c_str(), nullptr, 16);
        uint64_t end = std::strtoull(range.c_str() + range.find('-') + 1, nullptr, 16);
        if (addr < start || addr >= end || path.empty() || path[0] != '/') continue;
        // Through the process's own root, so that files in other mount namespaces resolve.
        ElfFile* f = file(path, "/proc/" + std::to_string(pid) + "/root" + path);
        uint64_t file_off = addr - start + std::strtoull(offset.c_str(), nullptr, 16);
        uint64_t vaddr = file_off;
        for (const auto& seg : f->loads)
            if (file_off >= seg.offset && file_off < seg.offset + seg.filesz) vaddr = file_off - seg.offset + seg.vaddr;
        std::string module = path.substr(path.rfind('/') + 1);
        auto s = std::upper_bound(f->symbols.begin(), f->symbols.end(), vaddr,
                                  [](uint64_t v, const ElfFile::Symbol& sym) { return v < sym.value; });
        if (s == f->symbols.begin()) return {};
        --s;
        if (s->size && vaddr >= s->value + s->size) return {};
        std::string out = module + "`" + s->name;
        if (vaddr != s->value) {
            char buf[32];
            std::snprintf(buf, sizeof buf, "+0x%llx", static_cast<unsigned long long>(vaddr - s->value));
            out += buf;
        }
        return out;
    }
    return {};
}

}  // namespace bdtrace::process
