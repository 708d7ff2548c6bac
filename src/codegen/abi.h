// The run-time contract between generated BPF programs and the consumer: the maps, the state
// word, the per-CPU scratch area and the record header. Both sides include this file and nothing
// else describes these layouts.
#pragma once

#include <cstddef>
#include <cstdint>

#include "arch/x86_64_regs.h"

namespace bdtrace::codegen::abi {

// Map ids (bpf::MapRef) of the maps every program set has, in creation order.
enum MapId : uint32_t {
    kStateMap = 0,    // ARRAY[1] of State
    kGlobalsMap = 1,  // ARRAY[1]: the global D variables
    kScratchMap = 2,  // ARRAY[cpus * programs]: a program's Scratch area of a firing, per CPU
    kRingbufMap = 3,  // RINGBUF: the record stream
    kStringsMap = 4,  // ARRAY[1], read-only: string constants, each padded to strsize
    kAggMap = 5,      // PERCPU_HASH: aggregations, key = {u32 id, u32 0, key tuple}, see AggDesc
    kDynVarMap = 6,   // HASH: dynamic variables, key = {u32 dyn id, u32 0, u64 tid or 0, key tuple}
    kSpecMap = 7,     // ARRAY[nspec + 1]: SpecSlot of each speculation id (index 0 unused)
    kSpecUseMap = 8,  // PERCPU_ARRAY[nspec + 1]: SpecUse per id; index 0 holds SpecCounters
    // ARRAY[kProbeTableEntries]: for each probe id, the epid of each pid-provider clause (its
    // slot, ProgramSet::uprobe_clauses), 0 when that clause is not enabled for the probe. The
    // consumer fills it, and adds rows for probes found after tracing started (dlopen).
    kProbeTableMap = 9,
    kNoticeMap = 10,  // RINGBUF: the pids whose loaded objects changed (the library watch)
    // HASH (not preallocated): probe id -> provider, module, function and name of a pid probe,
    // each in a strsize buffer, for probeprov/probemod/probefunc/probename in the pid
    // provider's programs (whose probes may appear while tracing). Filled by the consumer.
    kProbeNamesMap = 11,
    // ARRAY[kUsdtSiteEntries] of UsdtSiteSpec: each USDT call site's argument locations, by
    // the site index the consumer put in the attach cookie's upper half. Filled by the consumer.
    kUsdtSiteMap = 12,
    // ARRAY[2 * probes::kMaxSyscallNr]: for each system call number (entry) and number +
    // kMaxSyscallNr (return), the probe id, then the epid of each syscall-provider clause (its
    // slot, ProgramSet::syscall_clauses), 0 when that clause is not enabled for the probe.
    kSyscallTableMap = 13,
    // ARRAY[kProbeTableEntries]: for each sdt (and fbt) probe id, and for each other
    // tracepoint of a probe (a row counted down from the last, named by the cookie's upper
    // half), the tracepoint's argument count (| kSdtArgsReturn at an fbt return probe,
    // | kSdtArgsDropFirst), the identity word ((argument + 1) <<
    // kSdtIdentityShift, 0: the current task), kSdtGuards guards of proc/sched probes (SdtGuard),
    // then the epid of each sdt clause (its slot, ProgramSet::sdt_clauses), 0 when not enabled.
    kSdtTableMap = 14,
    // PERCPU_ARRAY[1] of VtimeClock: the difference between the BPF clock and the scheduler's
    // at this CPU's last switch (codegen/gen_vtime.cpp), for vtimestamp's running slice.
    kVtimeMap = 15,
    // HASH: u64 (kernel text address >> kMachineryBlockShift) -> u32 1 for each block of the
    // tracing machinery's functions (codegen/gen_kstack.cpp), filled by the consumer.
    kMachineryMap = 16,
    // PERCPU_ARRAY[aggregations without keys]: each one's entry at its AggDesc::array_slot, a
    // word saying the CPU has updated it (0: no data, as an absent hash entry), then the value
    // laid out as in kAggMap (kAggArrayData).
    kAggArrayMap = 17,
    // PERCPU_HASH[kAggSpillEntries], preallocated, laid out as kAggMap: the keyed entries a
    // burst of new keys could not get from kAggMap (not preallocated: -ENOMEM before it is
    // full). A key may be in both; the consumer merges them. One entry when kAggMap is
    // preallocated (ProgramSet::agg_spill false).
    kAggSpillMap = 18,
    // ustack() aggregation keys, unwound in BPF from .eh_frame (codegen/gen_unwind.cpp; filled by
    // runtime/unwind_tables.cpp): HASH (not preallocated) tgid -> UnwindProcess, the process's
    // executable mappings with their unwind tables; ARRAY (mmapable) of UnwindRow, every table
    // one after the other; HASH tgid -> 0, processes asked for and not loaded yet; RINGBUF of
    // {u32 tgid, u32 kUnwindNotice*}: processes to load (unknown ones, or a PC in no mapping
    // known), and processes that exec'd. One entry each
    // when the program has no ustack() key.
    kUnwindPidMap = 19,
    kUnwindRowsMap = 20,
    kUnwindPendingMap = 21,
    kUnwindNoticeMap = 22,
    kMapCount = 23,
};
inline constexpr uint32_t kAggArrayData = 8;
inline constexpr uint32_t kAggSpillEntries = 1024;

// vtimestamp's clocks (kVtimeMap's value): bpf_ktime_get_ns() - se.exec_start of the task
// switched in, and whether a switch has been seen on this CPU yet.
inline constexpr int32_t kVtimeOffset = 0;
inline constexpr int32_t kVtimeSeen = 8;
inline constexpr uint32_t kVtimeSize = 16;
// Kernel functions start at 16-byte boundaries: a return address's block names its function.
inline constexpr int32_t kMachineryBlockShift = 4;
inline constexpr uint32_t kMachineryEntries = 16384;

// The ring buffer's wakeup policy (codegen ClauseGen::ringbuf_wakeup_flags): the flags of
// bpf_ringbuf_output and the query of bpf_ringbuf_query that chooses them.
inline constexpr int32_t kRingbufNoWakeup = 1;     // BPF_RB_NO_WAKEUP
inline constexpr int32_t kRingbufForceWakeup = 2;  // BPF_RB_FORCE_WAKEUP
inline constexpr int32_t kRingbufAvailData = 0;    // BPF_RB_AVAIL_DATA

// Activity: which probes may fire. BEGIN runs alone first; END runs alone last.
enum Activity : uint32_t { kInactive = 0, kBegin = 1, kActive = 2, kDraining = 3, kEnd = 4 };

// The State map's value.
struct State {
    uint32_t activity;
    uint32_t pad;
    int64_t wall_offset_ns;  // CLOCK_REALTIME - CLOCK_MONOTONIC, for walltimestamp
};
inline constexpr int32_t kStateActivity = 0;
inline constexpr int32_t kStateWallOffset = 8;

// The Scratch map's value (per CPU), laid out by the code generator:
//   [0, 8)                  the probe id of this firing
//   [8, 16)                 timestamp, read once per firing
//   [16, 96)                arg0 .. arg9
//   [96, 104)               an 8-byte temporary for kernel reads
//   [104, 112)              records this CPU could not write (the ring buffer was full)
//   [112, 120)              aggregation updates dropped: the map was full (-x aggsize)
//   [120, 128)              dynamic variable stores dropped: the map was full (-x dynvarsize)
//   [128, 144)              arg10, arg11 (USDT probes have up to 12 arguments)
//   [144, 312)              USDT programs: a copy of the uprobe's pt_regs (registers are read
//                           from here at an offset the site's spec gives; ctx allows none)
//   [312, ...)              this-> variables, then the record buffer, then string temporaries;
//                           last, when a clause allocates, alloca()/copyin() memory: 8 bytes
//                           counting what the clause allocated, then 2 * scratchsize bytes
inline constexpr int32_t kScratchProbeId = 0;
inline constexpr int32_t kScratchTimestamp = 8;
inline constexpr int32_t kScratchArgs = 16;
inline constexpr int32_t kScratchTemp = 96;
inline constexpr int32_t kScratchDrops = 104;
inline constexpr int32_t kScratchAggDrops = 112;
inline constexpr int32_t kScratchDynDrops = 120;
inline constexpr int32_t kScratchArgsHigh = 128;
inline constexpr int32_t kScratchRegs = 144;
// sdt programs (which have no args[10..11]): the task whose identity the clauses take (tid, pid,
// execname, curthread, self->), 0 for the current one; sched:::on-cpu puts the incoming task.
inline constexpr int32_t kScratchIdentity = kScratchArgsHigh;
// pid entry and offset programs (which copy no registers): how many bytes past the function's
// first instruction the entry uprobe that fired lies (process/entry_site.h; the cookie's upper
// half), subtracted from the pc that uregs[R_PC] and ustack() report.
inline constexpr int32_t kScratchPcSkip = kScratchRegs;
inline constexpr int32_t kPtRegsSize = arch::kPtRegsSize;
inline constexpr int32_t kScratchVars = 312;

// The scratch offset of argN (N < 12).
constexpr int32_t scratch_arg(uint32_t n) { return n < 10 ? kScratchArgs + 8 * static_cast<int32_t>(n) : kScratchArgsHigh + 8 * static_cast<int32_t>(n - 10); }

// One USDT argument's location (process/usdt_args.h turned into what the BPF side reads).
struct UsdtArgSpec {
    uint8_t kind;       // 0: no argument (0), 1: constant, 2: register, 3: memory
    uint8_t size;       // bytes read from memory (1..8)
    uint8_t ext_shift;  // 64 - 8 * size: the value is shifted up and back down by this
    uint8_t is_signed;  // sign-extend rather than zero-extend
    uint8_t base;       // pt_regs offset of the (base) register, 0xff: none
    uint8_t index;      // memory: pt_regs offset of the index register, 0xff: none
    uint8_t scale;      // memory: log2 of the index's scale
    uint8_t reg_shift;  // register: 8 for %ah-style high bytes
    int64_t value;      // constant, or memory displacement
};
inline constexpr uint32_t kUsdtMaxArgs = 12;
struct UsdtSiteSpec {
    UsdtArgSpec args[kUsdtMaxArgs];
};
static_assert(sizeof(UsdtArgSpec) == 16);
inline constexpr uint32_t kUsdtSiteEntries = 8192;  // call sites one run can attach

// A guard in an sdt table row: ctl 0 for none, else (argument + 1) | kSdtGuardNe when negated
// (argument kSdtGuardCurrent: the current task); field: the byte offset + 1 of the member read
// through the argument (0: the argument itself).
struct SdtGuard {
    uint32_t ctl;
    uint32_t field;
    uint64_t mask;
    uint64_t value;
};
inline constexpr uint32_t kSdtRowIdentity = 1;  // sdt table row, in 4-byte words
inline constexpr uint32_t kSdtGuards = 3;
inline constexpr uint32_t kSdtGuardCurrent = 10;
inline constexpr uint32_t kSdtRowGuard = 2;  // kSdtGuards SdtGuards
inline constexpr uint32_t kSdtRowEpids = kSdtRowGuard + kSdtGuards * sizeof(SdtGuard) / 4;  // the first epid slot
inline constexpr uint32_t kSdtGuardNe = 0x100;
// In an sdt row's argument count: the context holds a function's arguments, then its return
// value (fexit): arg0 is 0 and arg1 the last slot read, as at DTrace's fbt return probes.
inline constexpr uint32_t kSdtArgsReturn = 0x80000000u;
// In an sdt row's argument count: the tracepoint's first argument is dropped (args, identity
// and guards count from its second; probes::ProbeSite::drop_first).
inline constexpr uint32_t kSdtArgsDropFirst = 0x40000000u;
inline constexpr uint32_t kSdtArgsCount = 0xffff;
inline constexpr uint32_t kSdtIdentityShift = 16;  // identity word: (identity argument + 1) << 16
inline constexpr uint32_t kProbeTableEntries = 65536;  // probe ids above this cannot be enabled

// The BPF unwinder's tables (kUnwindPidMap, kUnwindRowsMap). A mapping's PCs, less its bias,
// are virtual addresses of its file, looked up in rows [row_start, row_start + row_count) of
// the rows map (sorted by start; a row's rule holds up to the next row's start; rules are
// process/cfi_table.h's). A mapping with no rows (no CFI, or anonymous code) is followed by
// the frame pointer.
struct UnwindMapping {
    uint64_t start, end;  // [start, end) in the process
    uint64_t bias;
    uint32_t row_start, row_count;
};
inline constexpr uint32_t kUnwindMappings = 256;  // executable mappings of one process
struct UnwindProcess {
    uint32_t count;  // mappings, sorted by start
    uint32_t pad;
    UnwindMapping mappings[kUnwindMappings];
};
struct UnwindRow {
    uint32_t start;
    uint32_t rule;
};
// A kUnwindNoticeMap record: u32 tgid, u32 what.
inline constexpr uint32_t kUnwindNoticeLoad = 0;  // load the process's tables
inline constexpr uint32_t kUnwindNoticeExec = 1;  // it exec'd: its entry was deleted
inline constexpr uint32_t kUnwindProcesses = 8192;
inline constexpr uint32_t kUnwindRows = 1u << 20;  // rows of every table (8 MiB)
inline constexpr uint32_t kUnwindRowSearch = 21;   // steps of the binary search: 2^21 > kUnwindRows
inline constexpr uint32_t kUnwindMappingSearch = 9;  // 2^9 > kUnwindMappings

// Every record begins with this header.
struct RecordHeader {
    uint32_t epid;     // 0: a fault report (FaultRecord)
    uint32_t cpu;
    uint64_t actions;  // bit i: action i of the clause ran and its data is valid
};
inline constexpr uint32_t kRecordHeaderSize = 16;

// A clause of more than 64 actions has the bits of actions 64 and up in 8-byte words that
// follow the header (its data then starts after them): action i's bit is bit i % 64 of the
// word at action_mask_offset(i).
inline constexpr uint32_t action_mask_offset(uint32_t index) {
    return index < 64 ? 8 : kRecordHeaderSize + 8 * ((index - 64) / 64);
}
inline constexpr uint32_t action_mask_words(uint32_t actions) {  // words after the header
    return actions <= 64 ? 0 : (actions - 64 + 63) / 64;
}
// Whether action `index` of the record's clause ran.
inline bool action_ran(const uint8_t* rec, size_t size, uint32_t index) {
    uint32_t off = action_mask_offset(index);
    if (off + 8 > size) return false;
    uint64_t word = 0;
    for (int i = 0; i < 8; ++i) word |= uint64_t{rec[off + i]} << (8 * i);
    return (word >> (index % 64)) & 1;
}

// The "process" of a symbol datum {pid, address} holding a kernel address (sym(), func(),
// mod()): the consumer names it from kallsyms instead of a process's mappings.
inline constexpr uint64_t kKernelSymbolPid = ~uint64_t{0};

// A fault abandons the clause and reports itself (epid 0).
struct FaultRecord {
    RecordHeader header;
    uint32_t epid;          // the clause that faulted
    uint32_t action;        // the action index (ERROR's arg2)
    uint32_t fault;         // DTrace's fault type (ERROR's arg4)
    uint32_t offset;        // the "DIF offset" (ERROR's arg3): our instruction index
    uint64_t addr;          // the faulting address (ERROR's arg5)
};
// FaultRecord::offset of a fault raised outside any D expression (commit() of an id beyond
// nspec): DTrace names the action and no DIF offset.
inline constexpr uint32_t kFaultNoOffset = 0xffffffff;

// Speculations (codegen/gen_speculation.cpp, runtime/speculations.cpp). A slot's word holds
// state bits and, above them, the generation: the number of times the id was freed, which tells
// the consumer one use of an id from the next. speculation() claims a free slot with an atomic
// OR of kSpecAllocated; commit() and discard() end it with an atomic OR of kSpecEnding; the
// slot is freed (generation + 1, no bits) by the ending firing when, as in DTrace, only its own
// CPU holds data, and otherwise by the consumer at -x cleanrate.
struct SpecSlot {
    uint64_t word;  // kSpec* bits | generation << 32
    uint64_t cpus;  // bit (cpu % 64): that CPU has speculated into this use of the id
};
inline constexpr uint64_t kSpecAllocated = 1;  // speculation() returned the id
inline constexpr uint64_t kSpecEnding = 2;     // commit() or discard() ended it; busy until freed
inline constexpr uint64_t kSpecCommitted = 4;  // ... and it was a commit()
// Slot 0 holds no id: its word counts the ids left ending for the consumer to free.
inline constexpr int32_t kSpecSlotWord = 0;
inline constexpr int32_t kSpecSlotCpus = 8;
inline constexpr uint32_t kSpecSlotSize = 16;

// One CPU's use of a speculation's buffer, counted as DTrace counts bytes of its per-CPU
// speculative buffers (a 12-byte record header, data at natural alignment), so that specsize
// means what it means in DTrace.
struct SpecUse {
    uint64_t used;   // bytes of this CPU's share of the speculation
    uint64_t drops;  // records that did not fit (reported only if the speculation is committed)
    uint64_t pad;
};
// Index 0 of kSpecUseMap: this CPU's counts of failed speculation() calls and of drops of
// speculations it committed.
struct SpecCounters {
    uint64_t unavailable;  // no speculation was free
    uint64_t busy;         // none was free, but some were being committed or discarded
    uint64_t drops;        // speculative drops of committed speculations
};
inline constexpr int32_t kSpecUseUsed = 0;
inline constexpr int32_t kSpecUseDrops = 8;
inline constexpr int32_t kSpecCountUnavailable = 0;
inline constexpr int32_t kSpecCountBusy = 8;
inline constexpr int32_t kSpecCountDrops = 16;
inline constexpr uint32_t kSpecUseSize = 24;

// The record field of speculate(), commit() and discard(): id | generation << 32.

// DTrace's fault types (DTRACEFLT_*).
enum Fault : uint32_t {
    kFaultBadAddr = 1,
    kFaultBadAlign = 2,
    kFaultIllop = 3,
    kFaultDivZero = 4,
    kFaultNoScratch = 5,
    kFaultKPriv = 6,
    kFaultUPriv = 7,
    kFaultTupOflow = 8,
    kFaultBadStack = 9,
};

}  // namespace bdtrace::codegen::abi
