// One ELF object file as the pid provider and user symbolisation need it: its PT_LOAD segments
// (virtual address <-> file offset), its function symbols from .symtab and .dynsym (the .symtab
// of a separate debug file when the file itself is stripped), and the bytes of a function.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace bdtrace::process {

class FrameInfo;

struct ElfSymbol {
    std::string name;       // as in the file (mangled for C++)
    std::string demangled;  // C++ names demangled; empty when the name is not mangled
    uint64_t value = 0;     // st_value: the virtual address in the file's own layout
    uint64_t size = 0;
    uint8_t bind = 0;     // STB_*
    bool ifunc = false;   // STT_GNU_IFUNC: value is the resolver, not the implementation
};

struct ElfSegment {
    uint64_t offset = 0, vaddr = 0, filesz = 0, memsz = 0;
    uint32_t flags = 0;  // PF_*
};

class ElfFile {
public:
    // Reads root + path (root: a process's "/proc/PID/root", or "" for our own files); a stripped
    // file's separate debug file is looked for under the same root (debug_file.h).
    // Null when the file cannot be opened or is not ELF.
    static std::shared_ptr<const ElfFile> load(const std::string& root, const std::string& path);

    uint16_t type = 0;  // ET_EXEC, ET_DYN
    std::vector<ElfSegment> loads;
    // Defined functions (STT_FUNC, STT_GNU_IFUNC), each table in DTrace's by-address order
    // (address, then the preferred name first among aliases; see symbol_order.h).
    std::vector<ElfSymbol> symtab, dynsym;
    // Data objects with a size (STT_OBJECT: globals, statics, .bss), by address: from .symtab
    // (or the debug file's), else .dynsym. Only user_symbols' lookup() reads them.
    std::vector<ElfSymbol> objects;
    // Functions GCC split into hot and cold parts ("f" and "f.cold", "f.cold.1", ...): by the
    // base name, the [start, end) of every part, the base's own included.
    std::map<std::string, std::vector<std::pair<uint64_t, uint64_t>>> split_parts;
    std::string build_id;    // hex
    std::string debug_file;  // the separate debug file whose .symtab was read, if any

    std::optional<uint64_t> file_offset(uint64_t vaddr) const;
    std::optional<uint64_t> vaddr_of_offset(uint64_t offset) const;
    // The bytes at [vaddr, vaddr + size) read from the file; empty when not in a file segment.
    std::vector<uint8_t> read(uint64_t vaddr, uint64_t size) const;
    // The same into `out` (out.size() bytes); false when they are not all in the file.
    bool read_into(uint64_t vaddr, std::span<uint8_t> out) const;
    // The function containing vaddr (.symtab first, then .dynsym), or null.
    const ElfSymbol* containing(uint64_t vaddr) const;
    // The data object holding vaddr, or null.
    const ElfSymbol* containing_object(uint64_t vaddr) const;
    // The file as it was opened (the root prefix included).
    const std::string& path() const { return path_; }
    // Its call frame information (frame_info.h), opened on first use; null when it has none.
    const FrameInfo* frames() const;

private:
    std::string path_;
    uint64_t serial_ = 0;  // which load() made it (read() keeps the last file read open)
    mutable std::shared_ptr<FrameInfo> frames_;
    mutable bool frames_tried_ = false;
};

// Many reads of one file in address order (the functions of a library, one after the other):
// the bytes come from one larger read (a pread, not a mapping: a file truncated under a
// mapping would kill the reader) and are handed out as slices of it.
class ElfWindow {
public:
    explicit ElfWindow(const ElfFile& elf) : elf_(elf) {}
    // What elf.read(vaddr, size) gives, valid until the next call.
    std::span<const uint8_t> bytes(uint64_t vaddr, uint64_t size);

private:
    static constexpr uint64_t kFirst = 4096, kMost = 128 * 1024;
    const ElfFile& elf_;
    std::vector<uint8_t> buf_;  // the file's bytes at start_
    uint64_t start_ = 0;
    uint64_t span_ = kFirst;      // the size of the last window
    unsigned served_ = 0;         // the ranges it served
    std::vector<uint8_t> alone_;  // a range read by itself
};

}  // namespace bdtrace::process
