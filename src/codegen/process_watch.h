// The process watch: two small programs that tell the consumer when a process starts running a
// file it may not know (exec), or maps one (mmap, as the dynamic linker does for every library,
// at start and at dlopen()). Consumers of it: system-wide USDT descriptions (a provider that
// appears in a new file is matched and attached), and later anything else that follows new
// processes. Not part of a D program's ProgramSet: the runtime loads it beside the session
// (runtime/process_watch.h).
//
// Kernel side (tp_btf, no kprobes needed):
//  - sched_process_exec(task, old_pid, bprm): the file is bprm->file;
//  - vm_unmapped_area(addr, info): the kernel looking for room for a mapping that is not
//    MAP_FIXED; when the current system call is mmap() with a file descriptor, the file is the
//    descriptor's (task->files->fdt->fd[fd]). ld.so's first mapping of every object is such
//    a call; anonymous mappings (malloc's, thread stacks) leave after two register reads.
// Each file is reported once per watch (a seen set keyed by device and inode, filled by the
// programs with BPF_NOEXIST), unless the consumer forgets it again, or the watch reports every
// event (`every_event`).
//
// Holding the consumer's own descendants: given the consumer's process id, the exec program
// walks the new program's real_parent chain; a descendant of the consumer (a command its
// system() runs, and that command's children) is reported whether its file was seen or not,
// flagged kStopped, and stopped (SIGSTOP, taken before its first instruction) until the consumer
// has attached the probes its file carries and continues it. Others are never stopped: a stop
// could surprise their shell's job control. No stop is sent when the report could not be made.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "bpf/assembler.h"
#include "bpf/ir.h"

struct btf;

namespace bdtrace::codegen {

namespace watch {

// The watch's maps (bpf::MapRef values of its programs).
enum MapId : uint32_t {
    kEventsMap = 0,  // RINGBUF of Event
    kSeenMap = 1,    // LRU_HASH {u64 dev, u64 inode} -> u8: files reported already
    kMapCount = 2,
};

enum EventKind : uint32_t { kExec = 1, kMmap = 2 };
// Or'ed into Event::kind: the program stopped the process (a descendant of the consumer).
inline constexpr uint32_t kStopped = 1u << 31;

// One report. dev is the kernel's encoding (major << 20 | minor) of the file's super block.
struct Event {
    uint32_t kind;
    uint32_t pid;  // the process (thread group id)
    uint64_t dev;
    uint64_t inode;
    uint64_t addr;  // kMmap: where the mapping goes; 0 for kExec
};

inline constexpr uint32_t kEventsBytes = 64 * 1024;
inline constexpr uint32_t kSeenEntries = 16384;

// Where the programs find what they read, from vmlinux BTF.
struct Offsets {
    int32_t bprm_file;       // linux_binprm.file
    int32_t task_files;      // task_struct.files
    int32_t files_fdt;       // files_struct.fdt
    int32_t fdt_max_fds;     // fdtable.max_fds
    int32_t fdt_fd;          // fdtable.fd
    int32_t file_inode;      // file.f_inode
    int32_t inode_ino;       // inode.i_ino
    int32_t inode_sb;        // inode.i_sb
    int32_t sb_dev;          // super_block.s_dev
    int32_t regs_orig_ax;    // pt_regs.orig_ax: the system call number
    int32_t regs_r8;         // pt_regs.r8: mmap()'s file descriptor
    int32_t task_parent;     // task_struct.real_parent
    int32_t task_tgid;       // task_struct.tgid
    int32_t task_mm;         // task_struct.mm
    int32_t mm_start_code;   // mm_struct.start_code: where exec put the program's code
};

// The running kernel's offsets from its BTF (kbtf::Vmlinux::parsed()); nullopt when it lacks one.
std::optional<Offsets> kernel_offsets(const struct btf* vmlinux);

// `hold_for`: the consumer's process id, whose descendants are stopped at exec (0: none).
std::unique_ptr<bpf::Program> exec_program(const Offsets& o, bool every_event, uint32_t hold_for = 0);
std::unique_ptr<bpf::Program> mmap_program(const Offsets& o, bool every_event);

// One of the watch's programs: the tp_btf tracepoint it hooks, its name, its IR, and its code
// once the assemble stage has made it (assemble::assemble_watch). The runtime only loads and
// attaches them.
struct WatchProgram {
    const char* tracepoint;
    const char* name;
    std::unique_ptr<bpf::Program> ir;
    bpf::Assembled code;
};

// The watch's two programs: exec (sched_process_exec), then mmap (vm_unmapped_area).
std::vector<WatchProgram> programs(const Offsets& o, bool every_event, uint32_t hold_for);

}  // namespace watch

}  // namespace bdtrace::codegen
