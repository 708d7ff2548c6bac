#include "process/user_symbols.h"

#include <sys/stat.h>

#include <algorithm>
#include <cstdio>

namespace bdtrace::process {

namespace {

std::string hex(uint64_t v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

}  // namespace

std::string display_name(const ElfSymbol& s) {
    if (!s.demangled.empty()) return s.demangled;
    // A versioned name in .symtab ("__libc_start_main@@GLIBC_2.34") is shown without its
    // version, as the function's name.
    return s.name.substr(0, s.name.find('@'));
}

UserSymbols::UserSymbols() = default;
UserSymbols::~UserSymbols() = default;

bool UserSymbols::reread(uint64_t pid, Space& s) {
    auto objects = read_mapped_objects(pid);
    // A process that has exited keeps the address space last seen, completed from the watch's
    // reports.
    if (!objects) return rebuild(pid, s);
    s.objects = std::move(*objects);
    s.misses.clear();
    return true;
}

UserSymbols::Space& UserSymbols::space(uint64_t pid) {
    auto it = spaces_.find(pid);
    if (it != spaces_.end()) return it->second;
    Space& s = spaces_[pid];
    reread(pid, s);
    return s;
}

void UserSymbols::remember(uint64_t pid) {
    Space& s = spaces_[pid];
    reread(pid, s);
    // Read the files too: after the process has gone, files only it could reach (another
    // mount namespace) are gone with it.
    for (const auto& obj : s.objects) file(obj);
}

namespace {

constexpr uint64_t kPage = 4096;
// Processes whose notes are kept: past this, the lowest pids' are dropped.
constexpr size_t kNotedProcesses = 65536;
constexpr size_t kNotesPerProcess = 4096;

}  // namespace

void UserSymbols::note_exec(uint64_t pid, uint64_t dev, uint64_t inode, uint64_t start_code) {
    auto& notes = notes_[pid];
    notes.clear();
    notes.push_back({dev, inode, start_code, true});
    if (auto it = spaces_.find(pid); it != spaces_.end()) it->second.misses.clear();
    if (notes_.size() > kNotedProcesses) notes_.erase(notes_.begin());
}

void UserSymbols::note_mmap(uint64_t pid, uint64_t dev, uint64_t inode, uint64_t addr) {
    auto& notes = notes_[pid];
    // A process mapping files over and over (a reader using mmap) keeps one note per place.
    for (const Note& n : notes)
        if (n.dev == dev && n.inode == inode && n.addr == addr) return;
    if (notes.size() >= kNotesPerProcess) return;
    notes.push_back({dev, inode, addr, false});
    // Addresses not found before may be in this file.
    if (auto it = spaces_.find(pid); it != spaces_.end()) it->second.misses.clear();
    if (notes_.size() > kNotedProcesses) notes_.erase(notes_.begin());
}

void UserSymbols::know_file(const MappedObject& obj) {
    // The first path learnt stays: a later one may be through the root of a process about to
    // go (its files, and their debug files, unreachable once it has).
    if (obj.path.empty() || obj.path[0] != '/' || knows_file(obj.dev, obj.inode)) return;
    MappedObject& known = paths_[{obj.dev, obj.inode}];
    known.path = obj.path;
    // Through the host's own path when it is the same file: a process's root goes with it.
    struct stat st {};
    bool host = ::stat(obj.path.c_str(), &st) == 0 && st.st_dev == obj.dev && st.st_ino == obj.inode;
    known.root = host ? std::string() : obj.root;
    known.dev = obj.dev;
    known.inode = obj.inode;
    known.module = obj.module.empty() ? obj.path.substr(obj.path.rfind('/') + 1) : obj.module;
}

std::optional<MappedObject> UserSymbols::from_note(const Note& n) {
    auto known = paths_.find({n.dev, n.inode});
    if (known == paths_.end() || n.addr == 0) return std::nullopt;
    MappedObject obj = known->second;
    obj.executable = n.exec;
    auto f = file(obj);
    if (!f || f->loads.empty()) return std::nullopt;
    uint64_t lowest = ~0ULL, lowest_exec = ~0ULL;
    for (const auto& seg : f->loads) {
        lowest = std::min(lowest, seg.vaddr & ~(kPage - 1));
        if (seg.flags & 1 /* PF_X */) lowest_exec = std::min(lowest_exec, seg.vaddr);
    }
    if (n.exec && lowest_exec == ~0ULL) return std::nullopt;
    uint64_t bias = n.exec ? n.addr - lowest_exec : n.addr - lowest;
    for (const auto& seg : f->loads) {
        MappedRange r;
        r.start = bias + (seg.vaddr & ~(kPage - 1));
        r.end = bias + ((seg.vaddr + seg.memsz + kPage - 1) & ~(kPage - 1));
        r.offset = seg.offset & ~(kPage - 1);
        r.exec = (seg.flags & 1) != 0;
        obj.ranges.push_back(r);
    }
    return obj;
}

bool UserSymbols::rebuild(uint64_t pid, Space& s) {
    auto it = notes_.find(pid);
    if (it == notes_.end() && refresh_) {
        refresh_();  // its exec may be among the reports not taken yet
        it = notes_.find(pid);
    }
    if (it == notes_.end()) return false;
    bool added = false;
    for (const Note& n : it->second) {
        bool have = std::any_of(s.objects.begin(), s.objects.end(), [&](const MappedObject& o) {
            return o.dev == n.dev && o.inode == n.inode;
        });
        if (have) continue;
        if (auto obj = from_note(n)) {
            s.objects.push_back(std::move(*obj));
            added = true;
        }
    }
    if (added) {
        std::sort(s.objects.begin(), s.objects.end(), [](const MappedObject& a, const MappedObject& b) {
            return a.ranges.front().start < b.ranges.front().start;
        });
        s.misses.clear();
    }
    return added;
}

std::shared_ptr<const ElfFile> UserSymbols::file(const MappedObject& obj) {
    auto key = std::make_pair(obj.dev, obj.inode);
    auto it = files_.find(key);
    if (it != files_.end()) return it->second;
    // Through the process's own root, so that files in other mount namespaces resolve; once the
    // process has exited, by the path as it named it.
    auto f = ElfFile::load(obj.root, obj.path);
    if (!f) f = ElfFile::load("", obj.path);
    files_[key] = f;
    return f;
}

std::optional<UserLocation> UserSymbols::locate(uint64_t pid, uint64_t addr) {
    if (pid == 0) return std::nullopt;
    Space& s = space(pid);
    for (int pass = 0; pass < 2; ++pass) {
        for (const auto& obj : s.objects) {
            for (const auto& r : obj.ranges) {
                if (addr < r.start || addr >= r.end) continue;
                UserLocation loc;
                loc.object = &obj;
                loc.file = file(obj);
                uint64_t file_off = addr - r.start + r.offset;
                loc.vaddr = file_off;
                if (loc.file) {
                    loc.vaddr = loc.file->vaddr_of_offset(file_off).value_or(file_off);
                    loc.symbol = loc.file->containing(loc.vaddr);
                }
                loc.bias = addr - loc.vaddr;
                return loc;
            }
        }
        // Not mapped when last read: a library mapped since? Read again, once per address.
        if (pass == 1 || s.misses.count(addr) || !reread(pid, s)) break;
    }
    s.misses.insert(addr);
    return std::nullopt;
}

std::string UserSymbols::uaddr(uint64_t pid, uint64_t addr) {
    auto loc = locate(pid, addr);
    if (!loc) return hex(addr);
    if (!loc->symbol) return loc->object->module + "`" + hex(addr);
    std::string out = loc->object->module + "`" + display_name(*loc->symbol);
    if (loc->vaddr > loc->symbol->value) out += "+" + hex(loc->vaddr - loc->symbol->value);
    return out;
}

std::string UserSymbols::umod(uint64_t pid, uint64_t addr) {
    auto loc = locate(pid, addr);
    return loc ? loc->object->module : hex(addr);
}

uint64_t UserSymbols::function_start(uint64_t pid, uint64_t addr) {
    auto loc = locate(pid, addr);
    if (!loc || !loc->symbol) return addr;
    return loc->symbol->value + loc->bias;
}

uint64_t UserSymbols::module_start(uint64_t pid, uint64_t addr) {
    auto loc = locate(pid, addr);
    if (!loc) return addr;
    uint64_t lo = addr;
    for (const auto& r : loc->object->ranges) lo = std::min(lo, r.start);
    return lo;
}

std::string UserSymbols::lookup(uint64_t pid, uint64_t addr) {
    if (pid == 0) return hex(addr);
    // Reads the address space again when addr is in no mapping known (a library mapped since).
    auto loc = locate(pid, addr);
    // Data objects first (a function symbol of size 0 reaches up to the next symbol): the
    // module whose segments, at its load bias, hold addr, counting their memory sizes, so that
    // .bss past the last file page (an anonymous mapping, or the rest of that page) is found.
    for (const auto& obj : space(pid).objects) {
        if (obj.ranges.empty()) continue;
        auto f = file(obj);
        if (!f || f->objects.empty()) continue;
        const auto& r = obj.ranges.front();
        auto first = f->vaddr_of_offset(r.offset);
        if (!first) continue;
        uint64_t vaddr = addr - (r.start - *first);
        for (const auto& seg : f->loads) {
            if (vaddr < seg.vaddr || vaddr >= seg.vaddr + seg.memsz) continue;
            if (const ElfSymbol* o = f->containing_object(vaddr)) {
                std::string out = obj.module + "`" + display_name(*o);
                if (vaddr > o->value) out += "+" + hex(vaddr - o->value);
                return out;
            }
        }
    }
    if (loc) return uaddr(pid, addr);
    return hex(addr);
}

std::string UserSymbols::describe(uint64_t pid, uint64_t addr) {
    auto loc = locate(pid, addr);
    if (!loc) return {};
    return uaddr(pid, addr);
}

}  // namespace bdtrace::process
