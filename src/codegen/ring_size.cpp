// The records ring's size from what the program can write (ring_size.h).

#include "codegen/ring_size.h"

#include <algorithm>

namespace bdtrace::codegen {

using probes::AttachKind;

namespace {

constexpr uint32_t kPage = 4096;  // the kernel's smallest ring buffer

bool fires_bounded(AttachKind k) {
    return k == AttachKind::Begin || k == AttachKind::End || k == AttachKind::Error;
}

}  // namespace

std::optional<uint64_t> records_bound(const ProgramSet& ps) {
    // Clauses enabled later (pid probes of libraries not loaded yet) or dispatched by tables
    // fire on events. Every other program exists for its epids' kind, so the epids decide.
    if (!ps.uprobe_clauses.empty() || !ps.syscall_clauses.empty() || !ps.sdt_clauses.empty())
        return std::nullopt;
    uint64_t largest = sizeof(abi::FaultRecord);
    uint64_t firings = 0, errors = 0;
    for (const auto& e : ps.epids) {
        if (!fires_bounded(e.kind())) return std::nullopt;
        largest = std::max<uint64_t>(largest, e.record_size);
        if (e.kind() == AttachKind::Error)
            ++errors;
        else
            ++firings;
    }
    // Each firing: its record, or its fault record and one record per ERROR enabling.
    return firings * (2 + errors) * ring_record_bytes(largest);
}

uint32_t records_ring_size(std::optional<uint64_t> bound, uint32_t cap) {
    if (!bound) return cap;
    uint64_t size = kPage;
    while (size < 2 * *bound && size < cap) size <<= 1;
    return static_cast<uint32_t>(std::min<uint64_t>(size, cap));
}

}  // namespace bdtrace::codegen
