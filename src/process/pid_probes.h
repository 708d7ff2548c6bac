// The pid provider's probe resolution: a description pid<PID>:<module>:<function>:<name> and a
// live process give the concrete probes, each with what attaching a uprobe needs (the object
// file, the file offset) and what DTrace shows (module, function, name). No attaching here.
//
// DTrace's rules (illumos dt_pid.c and libproc), kept here:
// - empty fields are "*"; modules match as module_match.h says;
// - a plain function name is looked up in .symtab, then .dynsym; the probe is named after the
//   preferred alias at its address (symbol_order.h); a glob walks .symtab in address order
//   (.dynsym only when .symtab matched nothing), one probe per address: the first alias that
//   matches; _init and _fini only when named plainly; only defined functions of non-zero size;
// - names: "entry" and "return" when the name pattern matches them; a plain name that is neither
//   is a hexadecimal offset that must lie inside the function on an instruction boundary; a glob
//   also gives every instruction offset whose "%llx" spelling it matches (so "*" gives entry,
//   return and every instruction).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bdtrace/diagnostic.h"
#include "process/elf_file.h"
#include "process/proc_maps.h"

namespace bdtrace::process {

enum class PidProbeKind { Entry, Return, Offset };

struct PidProbe {
    uint64_t pid = 0;
    size_t object = 0;       // index into PidResolution::objects
    std::string module;      // the file's base name, as DTrace shows it (a.out is shown so)
    std::string function;    // symbol name as in the file (mangled for C++)
    std::string demangled;   // C++ name demangled, else empty
    std::string name;        // "entry", "return", or the offset in hex ("1c")
    PidProbeKind kind = PidProbeKind::Entry;
    uint64_t offset = 0;     // within the function (0 for entry and return)
    uint64_t symbol_vaddr = 0;  // st_value: the function's address in the file's layout
    uint64_t symbol_size = 0;
    uint64_t address = 0;       // the probed instruction in the process (load bias applied)
    // Where the uprobe goes: the file offset of the probed instruction (of the function's first
    // instruction for return probes: a return probe is attached at the entry).
    uint64_t file_offset = 0;
    // Return probes: the file offset and in-function offset of every returning instruction
    // (return_sites.h). A function without one has no return probe (as in DTrace).
    std::vector<std::pair<uint64_t, uint64_t>> return_sites;
    // Return probes: the kernel's return trampoline (a return uprobe) may serve this probe:
    // uretprobe_safety.h allows it and the function neither tail-calls (DTrace's return probe
    // fires at the jump) nor calls itself (the kernel keeps at most 64 pending returns per
    // thread). A function that did not decode completely has only this form (arg0 0).
    bool return_uprobe = false;
    // Entry probes, and the trap of a return probe's return uprobe: where the uprobe goes in the
    // function (entry_site.h), past instructions that change no register (exact) or only
    // scratch registers (further); 0 when it stays at the first instruction. With their file
    // offsets.
    uint64_t exact_offset = 0, further_offset = 0;
    uint64_t exact_file_offset = 0, further_file_offset = 0;
    // -lv: every uprobe site of the probe, with the instruction and the kernel's path there,
    // and why a return probe does not use the return trampoline.
    std::vector<std::string> site_paths;
    std::string no_trampoline;
    // An offset probe on a 5-byte NOP other than the first instruction: on kernels that turn a
    // uprobe there into a CALL (kernel::Feature::UprobeNop5), it is not attached.
    bool nop5 = false;
    // An IFUNC: the probe sits in the implementation the process resolved it to (ifunc.h; the
    // symbol_* fields and offsets are the implementation's), or in the resolver when unknown.
    bool ifunc = false;
    std::vector<std::string> aliases;  // every function name at this address, preferred first
};

struct PidObject {
    MappedObject mapping;  // path, root, dev, inode, module, ranges
    std::shared_ptr<const ElfFile> elf;
    uint64_t load_bias = 0;  // process address = file virtual address + load_bias
};

struct PidResolution {
    std::vector<PidObject> objects;  // the objects the probes refer to
    std::vector<PidProbe> probes;
    // A plain module name that names no mapped object (DTrace then simply matches nothing; with
    // -Z the description waits for the library).
    bool module_missing = false;
    std::optional<Diagnostic> error;  // DTrace's tag and words; no source range
    // Why a function the description names plainly has no return probe (a warning).
    std::optional<Diagnostic> warning;
};

struct PidProvider {
    std::string prefix;  // "pid" for the pid provider; anything else is a USDT provider name
    uint64_t pid = 0;
};

// Splits "pid1234" (or "myprov1234") as DTrace does; on failure fills `error` (D_PROC_BADPROV,
// D_PROC_BADPID) and returns nullopt.
std::optional<PidProvider> parse_pid_provider(std::string_view provider, Diagnostic& error);

// Resolves descriptions against live processes, reading each object file once.
class PidProbeResolver {
public:
    PidResolution resolve(uint64_t pid, std::string_view module, std::string_view function,
                          std::string_view name);
    // The same description resolved in a file rather than in a process (pid 0: every process
    // that maps it, now or later): addresses are the file's own (load bias 0), `module` is what
    // the probes show. module_missing when the file cannot be read.
    PidResolution resolve_file(const std::string& path, const std::string& module, std::string_view function,
                               std::string_view name);

private:
    PidResolution absolute(uint64_t pid, const std::vector<MappedObject>& mapped,
                           std::string_view module, std::string_view name);
    std::shared_ptr<const ElfFile> elf(const MappedObject& obj);
    std::map<std::string, std::shared_ptr<const ElfFile>> cache_;
};

}  // namespace bdtrace::process
