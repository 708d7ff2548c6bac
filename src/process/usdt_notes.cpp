#include "process/usdt_notes.h"
#include "process/elf_handle.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <unistd.h>

#include <cstring>
#include <map>
#include <sstream>

namespace bdtrace::process {

namespace {

constexpr uint32_t kStapsdtType = 3;

struct Section {
    std::string name;
    GElf_Shdr sh;
};

// The file offset of a virtual address through the section that holds it (a semaphore lives
// in .probes, a site in .text); for SHT_NOBITS there is none.
uint64_t offset_of(const std::vector<Section>& sections, uint64_t vaddr) {
    for (const auto& s : sections) {
        if (!(s.sh.sh_flags & SHF_ALLOC) || s.sh.sh_type == SHT_NOBITS) continue;
        if (vaddr >= s.sh.sh_addr && vaddr < s.sh.sh_addr + s.sh.sh_size) return vaddr - s.sh.sh_addr + s.sh.sh_offset;
    }
    return 0;
}

// Every named symbol's value (data objects included: rip-relative arguments name globals).
std::map<std::string, uint64_t> symbols(Elf* elf) {
    std::map<std::string, uint64_t> out;
    Elf_Scn* scn = nullptr;
    while ((scn = elf_nextscn(elf, scn)) != nullptr) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh) || (sh.sh_type != SHT_SYMTAB && sh.sh_type != SHT_DYNSYM) || !sh.sh_entsize) continue;
        Elf_Data* data = elf_getdata(scn, nullptr);
        if (!data) continue;
        for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; ++i) {
            GElf_Sym sym;
            if (!gelf_getsym(data, static_cast<int>(i), &sym) || sym.st_shndx == SHN_UNDEF) continue;
            const char* name = elf_strptr(elf, sh.sh_link, sym.st_name);
            if (name && *name) out.emplace(name, sym.st_value);
        }
    }
    return out;
}

// Argument mappings dtrace -G recorded (usdtgen/elf_object.h): each probe's arguments become
// the native ones it names, in its order.
void apply_mappings(Elf_Scn* scn, UsdtFile& file) {
    if (!scn) return;
    Elf_Data* data = elf_getdata(scn, nullptr);
    if (!data) return;
    std::map<std::pair<std::string, std::string>, std::vector<size_t>> maps;
    size_t off = 0, name_off = 0, desc_off = 0;
    GElf_Nhdr nh;
    const std::string owner_want = kArgMapOwner;
    while ((off = gelf_getnote(data, off, &nh, &name_off, &desc_off)) > 0) {
        const char* owner = static_cast<const char*>(data->d_buf) + name_off;
        if (nh.n_type != kArgMapType || nh.n_namesz != owner_want.size() + 1 ||
            std::memcmp(owner, owner_want.c_str(), nh.n_namesz) != 0)
            continue;
        std::string desc(static_cast<const char*>(data->d_buf) + desc_off, nh.n_descsz);
        std::vector<std::string> parts;
        size_t at = 0;
        while (at < desc.size()) {
            size_t nul = desc.find('\0', at);
            if (nul == std::string::npos) nul = desc.size();
            parts.push_back(desc.substr(at, nul - at));
            at = nul + 1;
        }
        if (parts.size() < 3) continue;
        std::vector<size_t> native;
        std::istringstream in(parts[2]);
        for (size_t v; in >> v;) native.push_back(v);
        maps[{parts[0], parts[1]}] = std::move(native);
    }
    for (UsdtNote& n : file.notes) {
        auto it = maps.find({n.provider, n.name});
        if (it == maps.end() || !n.error.empty()) continue;
        std::vector<UsdtArg> args;
        std::string text;
        for (size_t i : it->second) {
            if (i >= n.args.size()) {
                n.error = "argument mapping names native argument " + std::to_string(i) + " of " +
                          std::to_string(n.args.size());
                break;
            }
            args.push_back(n.args[i]);
            text += (text.empty() ? "" : " ") + n.args[i].text;
        }
        if (!n.error.empty()) {
            n.args.clear();
            continue;
        }
        n.args = std::move(args);
        n.arg_text = std::move(text);
    }
}

}  // namespace

uint64_t usdt_adjust(uint64_t addr, uint64_t note_base, const std::optional<uint64_t>& base_section) {
    if (addr == 0 || !base_section) return addr;
    return addr + (*base_section - note_base);
}

std::string usdt_probe_name(const std::string& c_name) {
    std::string out;
    for (size_t i = 0; i < c_name.size(); ++i) {
        if (c_name[i] == '_' && i + 1 < c_name.size() && c_name[i + 1] == '_') {
            out.push_back('-');
            ++i;
        } else {
            out.push_back(c_name[i]);
        }
    }
    return out;
}

std::shared_ptr<const UsdtFile> read_usdt_notes(const std::string& path) {
    ElfHandle h(path);
    if (!h.elf) return nullptr;
    auto file = std::make_shared<UsdtFile>();
    size_t shstrndx = 0;
    if (elf_getshdrstrndx(h.elf, &shstrndx) != 0) return file;
    std::vector<Section> sections;
    Elf_Scn* notes = nullptr;
    Elf_Scn* mappings = nullptr;
    std::optional<uint64_t> base_addr;
    Elf_Scn* scn = nullptr;
    while ((scn = elf_nextscn(h.elf, scn)) != nullptr) {
        Section s;
        if (!gelf_getshdr(scn, &s.sh)) continue;
        const char* name = elf_strptr(h.elf, shstrndx, s.sh.sh_name);
        s.name = name ? name : "";
        if (s.name == ".note.stapsdt" && s.sh.sh_type == SHT_NOTE) notes = scn;
        if (s.name == kArgMapSection && s.sh.sh_type == SHT_NOTE) mappings = scn;
        if (s.name == ".stapsdt.base") base_addr = s.sh.sh_addr;
        sections.push_back(std::move(s));
    }
    if (!notes) return file;
    Elf_Data* data = elf_getdata(notes, nullptr);
    if (!data) return file;
    std::map<std::string, uint64_t> syms;
    bool syms_read = false;
    size_t off = 0;
    GElf_Nhdr nh;
    size_t name_off = 0, desc_off = 0;
    while ((off = gelf_getnote(data, off, &nh, &name_off, &desc_off)) > 0) {
        const char* owner = static_cast<const char*>(data->d_buf) + name_off;
        if (nh.n_type != kStapsdtType || nh.n_namesz != 8 || std::memcmp(owner, "stapsdt", 8) != 0) continue;
        if (nh.n_descsz < 3 * 8 + 3) continue;
        const char* desc = static_cast<const char*>(data->d_buf) + desc_off;
        uint64_t addr[3];
        std::memcpy(addr, desc, sizeof addr);
        const char* p = desc + 24;
        const char* end = desc + nh.n_descsz;
        auto str = [&]() {
            const char* s = p;
            while (p < end && *p) ++p;
            std::string out(s, p);
            if (p < end) ++p;
            return out;
        };
        UsdtNote n;
        n.provider = str();
        n.name = str();
        n.arg_text = str();
        n.pc = usdt_adjust(addr[0], addr[1], base_addr);
        n.semaphore = usdt_adjust(addr[2], addr[1], base_addr);
        n.pc_offset = offset_of(sections, n.pc);
        n.semaphore_offset = n.semaphore ? offset_of(sections, n.semaphore) : 0;
        std::string err;
        if (auto args = parse_usdt_args(n.arg_text, &err)) {
            n.args = std::move(*args);
            for (auto& a : n.args) {
                if (a.symbol.empty()) continue;
                if (!syms_read) syms = symbols(h.elf), syms_read = true;
                auto it = syms.find(a.symbol);
                if (it == syms.end()) {
                    n.error = "unknown symbol '" + a.symbol + "' in '" + a.text + "'";
                    n.args.clear();
                    break;
                }
                // The probe fires with ip at the site: the operand is at site + (sym - pc).
                a.value += static_cast<int64_t>(it->second - n.pc);
            }
        } else {
            n.error = err;
        }
        file->notes.push_back(std::move(n));
    }
    apply_mappings(mappings, *file);
    return file;
}

}  // namespace bdtrace::process
