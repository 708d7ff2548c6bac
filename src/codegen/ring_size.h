// The records ring's size (abi::kRingbufMap). By default the ring holds bufsize per online CPU
// (DTrace's per-CPU buffers, shared); the kernel layer maps it whole, so every byte of it counts
// in the consumer's resident memory. A program whose probes fire a bounded number of times can
// write only so much: its ring is sized by that bound instead (never above the -b limit).
#pragma once

#include <cstdint>
#include <optional>

#include "codegen/program_set.h"

namespace bdtrace::codegen {

// The bytes the kernel's ring buffer spends on a record of `size` bytes: its 8-byte header
// (BPF_RINGBUF_HDR_SZ), the whole rounded up to 8.
inline constexpr uint64_t ring_record_bytes(uint64_t size) { return (size + 8 + 7) / 8 * 8; }

// The most bytes the programs of `ps` can write to the records ring over a whole session, or
// nothing when that is unbounded. It is bounded when every enabled probe is the dtrace
// provider's: BEGIN and END fire once each, and every record a firing writes goes through one of
// the ring's two writers (ClauseGen::run): a clause's record, or on a fault its fault record
// after the ERROR clauses it fires (each of which writes its own record or its own fault
// record). So each BEGIN or END enabling writes at most 2 + (ERROR enablings) records of at most
// the largest record. Any other provider (its probes fire as often as events come), or a pid
// clause that may be enabled later, leaves it unbounded.
std::optional<uint64_t> records_bound(const ProgramSet& ps);

// The ring's bytes: the next power of two at least twice the bound (one page at least), never
// more than `cap` (the -b/bufsize ring, a power of two); `cap` when unbounded.
uint32_t records_ring_size(std::optional<uint64_t> bound, uint32_t cap);

}  // namespace bdtrace::codegen
