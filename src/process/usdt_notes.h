// The USDT probes an ELF file carries: <sys/sdt.h> writes one SHT_NOTE entry of owner "stapsdt"
// (type 3) per call site into .note.stapsdt: the site's address, the address the assembler
// gave .stapsdt.base, the semaphore's address (0: none), then provider, probe and argument
// specs as NUL-terminated strings. Read with libelf; addresses are turned into file offsets
// here, so that a site can be given to uprobe_multi as it is.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "process/usdt_args.h"

namespace bdtrace::process {

// Beside the stapsdt notes, dtrace -G may record argument mappings (`probe p(int a, char *b) :
// (char *b, int a)`) that the notes cannot say: notes of owner "bdtrace", type 1, in section
// .note.bdtrace, each described by the provider, the probe's C name and the native argument
// index of each argument ("1 0 0 1"), NUL-terminated. Every site of such a probe then has those
// arguments, in that order.
inline constexpr const char* kArgMapOwner = "bdtrace";
inline constexpr uint32_t kArgMapType = 1;
inline constexpr const char* kArgMapSection = ".note.bdtrace";

struct UsdtNote {
    std::string provider;
    std::string name;       // as in the note (C spelling: function__entry)
    uint64_t pc = 0;        // the site's virtual address in the file, .stapsdt.base applied
    uint64_t pc_offset = 0;  // its file offset (where the uprobe goes)
    uint64_t semaphore = 0;  // the semaphore's virtual address, 0 when none
    uint64_t semaphore_offset = 0;  // its file offset (uprobe_multi's ref_ctr_offset), 0 when none
    std::string arg_text;   // the specs as written
    std::vector<UsdtArg> args;  // parsed; rip-relative symbols already folded into the displacement
    std::string error;      // why the specs did not parse (args is empty then)
};

struct UsdtFile {
    std::vector<UsdtNote> notes;  // in the note section's order
};

// Null when the file cannot be read as ELF; an ELF file without probes gives no notes.
std::shared_ptr<const UsdtFile> read_usdt_notes(const std::string& path);

// An address of a note as the file has it now: prelink moves a file's sections after the
// assembler wrote the notes; the note's base (where .stapsdt.base was then) against the
// section's address now gives the move. 0 (no semaphore) stays 0; no section, no move.
uint64_t usdt_adjust(uint64_t addr, uint64_t note_base, const std::optional<uint64_t>& base_section);

// DTrace's probe name for a C probe name: every "__" becomes "-" (function__entry is
// function-entry), as dtrace -h's header spells them.
std::string usdt_probe_name(const std::string& c_name);

}  // namespace bdtrace::process
