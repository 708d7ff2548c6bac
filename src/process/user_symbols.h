// User addresses to names, as DTrace's consumer names them (dtrace_uaddr2str, dt_print_usym,
// dt_print_umod): per process, the address space read from /proc/PID/maps and the function
// symbols of the mapped files (elf_file.h: .symtab, a separate debug file's .symtab, .dynsym),
// each file read once.
//
// A process's address space is read when the consumer first sees one of its addresses (or when
// remember() is told to), read again when an address falls outside every mapping it knows (a
// library mapped since), and kept after the process has exited, so that stacks aggregated
// during a run still print names at its end.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "process/elf_file.h"
#include "process/proc_maps.h"

namespace bdtrace::process {

// Where a user address is: the object mapped there and the address in that file's own layout.
struct UserLocation {
    const MappedObject* object = nullptr;
    std::shared_ptr<const ElfFile> file;  // null when the file cannot be read
    uint64_t vaddr = 0;                   // the address as the file's symbols count
    uint64_t bias = 0;                    // process address = vaddr + bias
    const ElfSymbol* symbol = nullptr;    // the function containing it, if any
};

class UserSymbols {
public:
    UserSymbols();
    ~UserSymbols();

    // Reads the process's address space now (when a -c/-p process starts or maps a library),
    // so that its addresses can be named after it has exited.
    void remember(uint64_t pid);

    // A process that exited before it was read (a short-lived program traced system-wide): its
    // address space rebuilt from the process watch's reports (runtime/process_watch.h) and the
    // files' program headers. At exec, the program and binfmt_elf's start_code (its lowest
    // executable segment plus the load bias; the process's earlier notes are dropped); at each
    // mmap of a file that is not MAP_FIXED, where it went (the dynamic linker's first mapping of
    // an object, at its load bias). Only files whose path is known are rebuilt: know_file()
    // (the traced files, the consumer's own, those of live processes).
    void note_exec(uint64_t pid, uint64_t dev, uint64_t inode, uint64_t start_code);
    void note_mmap(uint64_t pid, uint64_t dev, uint64_t inode, uint64_t addr);
    void know_file(const MappedObject& obj);
    bool knows_file(uint64_t dev, uint64_t inode) const { return paths_.count({dev, inode}) != 0; }
    // Called when a process has neither maps nor notes: the reports still waiting are taken.
    void set_refresh(std::function<void()> refresh) { refresh_ = std::move(refresh); }

    // dtrace_uaddr2str: "module`function+0xoff" ("module`function" at its start),
    // "module`0xaddr" inside a module without a symbol there, else "0xaddr".
    std::string uaddr(uint64_t pid, uint64_t addr);
    // usym()/ufunc(): the function containing addr named at its start, as uaddr() names it.
    std::string usym(uint64_t pid, uint64_t addr) { return uaddr(pid, function_start(pid, addr)); }
    // umod(): the module's base name, else "0xaddr".
    std::string umod(uint64_t pid, uint64_t addr);
    // The start of the function containing addr (addr itself when there is none): aggregation
    // keys of usym()/ufunc() are merged on it, as DTrace merges them.
    uint64_t function_start(uint64_t pid, uint64_t addr);
    // The lowest address of the module containing addr (addr itself outside every module):
    // umod() keys are merged on it.
    uint64_t module_start(uint64_t pid, uint64_t addr);
    // Where addr is, or nullopt outside every mapped file.
    std::optional<UserLocation> locate(uint64_t pid, uint64_t addr);

    // libproc's Pxlookup_by_addr: uaddr()'s name for a function, and for an address in a data
    // object (a global, a static, .bss past the module's file mappings) "module`object+0xoff".
    std::string lookup(uint64_t pid, uint64_t addr);

    // %A before this class knew about modules: the name, or "" when there is none.
    std::string describe(uint64_t pid, uint64_t addr);

private:
    struct Space {
        std::vector<MappedObject> objects;
        std::set<uint64_t> misses;  // addresses still unmapped after a fresh read
    };
    struct Note {
        uint64_t dev = 0, inode = 0, addr = 0;
        bool exec = false;
    };
    Space& space(uint64_t pid);
    bool reread(uint64_t pid, Space& s);
    bool rebuild(uint64_t pid, Space& s);
    std::optional<MappedObject> from_note(const Note& n);
    std::shared_ptr<const ElfFile> file(const MappedObject& obj);
    std::map<uint64_t, Space> spaces_;
    std::map<std::pair<uint64_t, uint64_t>, std::shared_ptr<const ElfFile>> files_;  // dev, inode
    std::map<uint64_t, std::vector<Note>> notes_;  // by pid, since its last exec
    std::function<void()> refresh_;
    std::map<std::pair<uint64_t, uint64_t>, MappedObject> paths_;  // dev, inode: root and path
};

// The function's name as DTrace prints it: C++ names demangled, symbol versions left out.
std::string display_name(const ElfSymbol& s);

}  // namespace bdtrace::process
