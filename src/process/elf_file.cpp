#include "process/elf_file.h"
#include "process/elf_handle.h"

#include <cxxabi.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include "process/debug_file.h"
#include "process/frame_info.h"
#include "process/symbol_order.h"

namespace bdtrace::process {

namespace {

std::string demangle(const std::string& name) {
    if (name.rfind("_Z", 0) != 0) return {};
    int status = 0;
    char* d = abi::__cxa_demangle(name.c_str(), nullptr, nullptr, &status);
    std::string out = (status == 0 && d) ? d : "";
    std::free(d);
    return out;
}

// Sorts by symbol_before through an index, then moves each symbol once into place along the
// permutation's cycles: sorting the symbols themselves moves each many times, and a sorted copy
// touches as much fresh memory again (first touches of pages are most of the cost on a VM).
void sort_symbols(std::vector<ElfSymbol>& syms) {
    std::vector<uint32_t> order(syms.size());
    for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](uint32_t a, uint32_t b) { return symbol_before(syms[a], syms[b]); });
    // order[k] is the symbol that goes to k: follow each cycle once.
    for (uint32_t k = 0; k < order.size(); ++k) {
        if (order[k] == k) continue;
        ElfSymbol held = std::move(syms[k]);
        uint32_t at = k;
        while (order[at] != k) {
            uint32_t from = order[at];
            syms[at] = std::move(syms[from]);
            order[at] = at;
            at = from;
        }
        syms[at] = std::move(held);
        order[at] = at;
    }
}

// The defined functions of every section of type `wanted` (and, when `objects` is given, the
// data objects: STT_OBJECT with a size); true when the file has such a section.
bool read_functions(Elf* elf, Elf64_Word wanted, std::vector<ElfSymbol>& out,
                    std::vector<ElfSymbol>* objects = nullptr) {
    bool found = false;
    Elf_Scn* scn = nullptr;
    while ((scn = elf_nextscn(elf, scn)) != nullptr) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh) || sh.sh_type != wanted || sh.sh_entsize == 0) continue;
        found = true;
        Elf_Data* data = elf_getdata(scn, nullptr);
        if (!data) continue;
        size_t n = sh.sh_size / sh.sh_entsize;
        // Grown once (moving thousands of symbols costs more), by what the section really holds.
        out.reserve(out.size() + std::min<size_t>(n, data->d_size / sh.sh_entsize));
        for (size_t i = 0; i < n; ++i) {
            GElf_Sym sym;
            if (!gelf_getsym(data, static_cast<int>(i), &sym)) continue;
            int type = GELF_ST_TYPE(sym.st_info);
            bool object = objects && type == STT_OBJECT && sym.st_size != 0;
            if ((type != STT_FUNC && type != STT_GNU_IFUNC && !object) || sym.st_shndx == SHN_UNDEF ||
                sym.st_value == 0)
                continue;
            const char* name = elf_strptr(elf, sh.sh_link, sym.st_name);
            if (!name || !*name) continue;
            ElfSymbol s;
            // A .symtab may spell versioned definitions "name@@VERSION" (glibc's .symver): the
            // function's name is what comes before the version, as in .dynsym.
            s.name = std::string(name, std::strcspn(name, "@"));
            if (s.name.empty()) continue;
            s.demangled = demangle(s.name);
            s.value = sym.st_value;
            s.size = sym.st_size;
            s.bind = static_cast<uint8_t>(GELF_ST_BIND(sym.st_info));
            s.ifunc = type == STT_GNU_IFUNC;
            (object ? *objects : out).push_back(std::move(s));
        }
    }
    sort_symbols(out);
    if (objects) sort_symbols(*objects);
    return found;
}

std::string read_build_id(Elf* elf) {
    Elf_Scn* scn = nullptr;
    while ((scn = elf_nextscn(elf, scn)) != nullptr) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE) continue;
        Elf_Data* data = elf_getdata(scn, nullptr);
        if (!data) continue;
        size_t off = 0, name_off = 0, desc_off = 0;
        GElf_Nhdr nh;
        while ((off = gelf_getnote(data, off, &nh, &name_off, &desc_off)) > 0) {
            const char* base = static_cast<const char*>(data->d_buf);
            if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 &&
                std::memcmp(base + name_off, "GNU", 4) == 0) {
                static const char digits[] = "0123456789abcdef";
                std::string hex;
                for (size_t i = 0; i < nh.n_descsz; ++i) {
                    auto b = static_cast<unsigned char>(base[desc_off + i]);
                    hex += digits[b >> 4];
                    hex += digits[b & 15];
                }
                return hex;
            }
        }
    }
    return {};
}

std::string read_debuglink(Elf* elf) {
    size_t shstrndx = 0;
    if (elf_getshdrstrndx(elf, &shstrndx) != 0) return {};
    Elf_Scn* scn = nullptr;
    while ((scn = elf_nextscn(elf, scn)) != nullptr) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh)) continue;
        const char* name = elf_strptr(elf, shstrndx, sh.sh_name);
        if (!name || std::strcmp(name, ".gnu_debuglink") != 0) continue;
        Elf_Data* data = elf_getdata(scn, nullptr);
        if (!data || data->d_size == 0) return {};
        const char* s = static_cast<const char*>(data->d_buf);
        return std::string(s, strnlen(s, data->d_size));
    }
    return {};
}

// GCC's hot/cold split names the unlikely part of `f` "f.cold" (or "f.cold.N"): local symbols,
// so only in .symtab.
void find_split_parts(ElfFile& f) {
    const auto& table = f.symtab.empty() ? f.dynsym : f.symtab;
    for (const auto& s : table)
        if (auto dot = s.name.find(".cold"); dot != std::string::npos && dot > 0 && s.size)
            f.split_parts[s.name.substr(0, dot)].emplace_back(s.value, s.value + s.size);
    if (f.split_parts.empty()) return;
    for (const auto& s : table)
        if (auto it = f.split_parts.find(s.name); it != f.split_parts.end() && s.size)
            it->second.emplace_back(s.value, s.value + s.size);
    for (auto& [name, parts] : f.split_parts) {
        std::sort(parts.begin(), parts.end());
        parts.erase(std::unique(parts.begin(), parts.end()), parts.end());
    }
}

}  // namespace

std::shared_ptr<const ElfFile> ElfFile::load(const std::string& root, const std::string& path) {
    ElfHandle h(root + path);
    if (!h.elf) return nullptr;
    auto f = std::make_shared<ElfFile>();
    f->path_ = root + path;
    static std::atomic<uint64_t> loaded{0};
    f->serial_ = ++loaded;
    GElf_Ehdr eh;
    if (!gelf_getehdr(h.elf, &eh)) return nullptr;
    f->type = eh.e_type;
    size_t nphdr = 0;
    if (elf_getphdrnum(h.elf, &nphdr) == 0) {
        for (size_t i = 0; i < nphdr; ++i) {
            GElf_Phdr ph;
            if (gelf_getphdr(h.elf, static_cast<int>(i), &ph) && ph.p_type == PT_LOAD)
                f->loads.push_back({ph.p_offset, ph.p_vaddr, ph.p_filesz, ph.p_memsz, ph.p_flags});
        }
    }
    f->build_id = read_build_id(h.elf);
    std::vector<ElfSymbol> dynamic_objects;
    read_functions(h.elf, SHT_DYNSYM, f->dynsym, &dynamic_objects);
    if (!read_functions(h.elf, SHT_SYMTAB, f->symtab, &f->objects)) {
        // Stripped: the .symtab (with local functions) is in a separate debug file, whose
        // addresses are the stripped file's own.
        for (const auto& cand : debug_file_candidates(root, path, f->build_id, read_debuglink(h.elf))) {
            ElfHandle d(cand);
            if (!d.elf) continue;
            std::string id = read_build_id(d.elf);
            if (!f->build_id.empty() && !id.empty() && id != f->build_id) continue;
            std::vector<ElfSymbol> syms, objects;
            if (!read_functions(d.elf, SHT_SYMTAB, syms, &objects)) continue;
            f->symtab = std::move(syms);
            f->objects = std::move(objects);
            f->debug_file = cand;
            break;
        }
    }
    // .symtab's objects include .dynsym's; a file with no .symtab anywhere has only these.
    if (f->objects.empty()) f->objects = std::move(dynamic_objects);
    find_split_parts(*f);
    return f;
}

std::optional<uint64_t> ElfFile::file_offset(uint64_t vaddr) const {
    for (const auto& s : loads)
        if (vaddr >= s.vaddr && vaddr < s.vaddr + s.filesz) return vaddr - s.vaddr + s.offset;
    return std::nullopt;
}

std::optional<uint64_t> ElfFile::vaddr_of_offset(uint64_t offset) const {
    for (const auto& s : loads)
        if (offset >= s.offset && offset < s.offset + s.filesz) return offset - s.offset + s.vaddr;
    return std::nullopt;
}

std::vector<uint8_t> ElfFile::read(uint64_t vaddr, uint64_t size) const {
    std::vector<uint8_t> buf(size);
    if (!read_into(vaddr, buf)) return {};
    return buf;
}

bool ElfFile::read_into(uint64_t vaddr, std::span<uint8_t> out) const {
    const uint64_t size = out.size();
    auto off = file_offset(vaddr);
    if (!off || !file_offset(vaddr + size - 1) || size == 0) return false;
    // The file read last stays open: reads come in runs on one file (a function's bytes, then
    // its entry, its offsets), and opening a path through /proc/PID/root costs more than the
    // read. One descriptor at most, however many files are loaded.
    // Kept by the loaded file's serial, not its path: a path may name a newer file by now.
    static std::mutex lock;
    static uint64_t open_serial = 0;
    static int open_fd = -1;
    std::lock_guard<std::mutex> held(lock);
    if (open_serial != serial_) {
        if (open_fd >= 0) ::close(open_fd);
        open_serial = serial_;
        open_fd = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
    }
    if (open_fd < 0) return false;
    ssize_t n = ::pread(open_fd, out.data(), size, static_cast<off_t>(*off));
    return n == static_cast<ssize_t>(size);
}

std::span<const uint8_t> ElfWindow::bytes(uint64_t vaddr, uint64_t size) {
    if (size == 0) return {};
    if (vaddr >= start_ && vaddr - start_ <= buf_.size() &&
        size <= buf_.size() - (vaddr - start_)) {
        ++served_;
        return std::span<const uint8_t>(buf_).subspan(vaddr - start_, size);
    }
    // A new window from vaddr, inside its segment's bytes in the file: twice the last one's
    // size when that one served more than one range (a walk in address order), else one
    // page (scattered reads cost no more than they did alone). A range it cannot hold is
    // read alone.
    span_ = served_ > 1 ? std::min(span_ * 2, kMost) : kFirst;
    served_ = 1;
    buf_.clear();
    for (const auto& s : elf_.loads) {
        if (vaddr < s.vaddr || vaddr >= s.vaddr + s.filesz) continue;
        const uint64_t left = s.vaddr + s.filesz - vaddr;
        if (size > left || size > kMost) break;
        buf_.resize(std::min(left, std::max(size, span_)));
        if (!elf_.read_into(vaddr, buf_)) {
            buf_.clear();
            break;
        }
        start_ = vaddr;
        return std::span<const uint8_t>(buf_).first(size);
    }
    alone_ = elf_.read(vaddr, size);
    return alone_;
}

const ElfSymbol* ElfFile::containing(uint64_t vaddr) const {
    for (const auto* table : {&symtab, &dynsym}) {
        // The last symbol starting at or before vaddr; among aliases the preferred comes first.
        // A size of 0 (hand-written assembly) reaches up to the next symbol.
        auto it = std::upper_bound(table->begin(), table->end(), vaddr,
                                   [](uint64_t v, const ElfSymbol& s) { return v < s.value; });
        if (it == table->begin()) continue;
        uint64_t start = std::prev(it)->value;
        while (it != table->begin() && std::prev(it)->value == start) --it;
        for (auto s = it; s != table->end() && s->value == start; ++s)
            if (s->size == 0 || vaddr < s->value + s->size) return &*s;
    }
    return nullptr;
}

const ElfSymbol* ElfFile::containing_object(uint64_t vaddr) const {
    auto it = std::upper_bound(objects.begin(), objects.end(), vaddr,
                               [](uint64_t v, const ElfSymbol& s) { return v < s.value; });
    // Objects may nest (a struct and its member's alias): the nearest start holding vaddr.
    while (it != objects.begin()) {
        --it;
        if (vaddr < it->value + it->size) return &*it;
        if (vaddr - it->value > (uint64_t{1} << 24)) break;  // nothing that far back holds it
    }
    return nullptr;
}

const FrameInfo* ElfFile::frames() const {
    if (!frames_tried_) {
        frames_tried_ = true;
        frames_ = FrameInfo::open(path_);
    }
    return frames_.get();
}

}  // namespace bdtrace::process
