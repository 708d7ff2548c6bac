// The run-time contract between generated BPF programs and the consumer: the maps, the state
// word, the per-CPU scratch area and the record header. Both sides include this file and nothing
// else describes these layouts.
#pragma once

#include <cstdint>

namespace bdtrace::codegen::abi {

// Map ids (bpf::MapRef) of the maps every program set has, in creation order.
enum MapId : uint32_t {
    kStateMap = 0,    // ARRAY[1] of State
    kGlobalsMap = 1,  // ARRAY[1]: the global D variables
    kScratchMap = 2,  // PERCPU_ARRAY[1]: the Scratch area of one probe firing
    kRingbufMap = 3,  // RINGBUF: the record stream
    kStringsMap = 4,  // ARRAY[1], read-only: string constants, each padded to strsize
    kAggMap = 5,      // PERCPU_HASH: aggregations, key = {u32 id, u32 0, key tuple}, see AggDesc
    kDynVarMap = 6,   // HASH: dynamic variables, key = {u32 dyn id, u32 0, u64 tid or 0, key tuple}
    kMapCount = 7,
};

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
//   [128, ...)              this-> variables, then the record buffer, then string temporaries;
//                           last, when a clause allocates, alloca()/copyin() memory: 8 bytes
//                           counting what the clause allocated, then 2 * scratchsize bytes
inline constexpr int32_t kScratchProbeId = 0;
inline constexpr int32_t kScratchTimestamp = 8;
inline constexpr int32_t kScratchArgs = 16;
inline constexpr int32_t kScratchTemp = 96;
inline constexpr int32_t kScratchDrops = 104;
inline constexpr int32_t kScratchAggDrops = 112;
inline constexpr int32_t kScratchDynDrops = 120;
inline constexpr int32_t kScratchVars = 128;

// Every record begins with this header.
struct RecordHeader {
    uint32_t epid;     // 0: a fault report (FaultRecord)
    uint32_t cpu;
    uint64_t actions;  // bit i: action i of the clause ran and its data is valid
};
inline constexpr uint32_t kRecordHeaderSize = 16;

// A fault abandons the clause and reports itself (epid 0).
struct FaultRecord {
    RecordHeader header;
    uint32_t epid;          // the clause that faulted
    uint32_t action;        // the action index (ERROR's arg2)
    uint32_t fault;         // DTrace's fault type (ERROR's arg4)
    uint32_t offset;        // the "DIF offset" (ERROR's arg3): our instruction index
    uint64_t addr;          // the faulting address (ERROR's arg5)
};

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
