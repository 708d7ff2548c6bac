// ustack() aggregation keys unwound through code without frame pointers. A key is the kernel's
// frame-pointer walk, which stops (or goes astray) at the first frame without one; when an
// update creates a key, the program also sends one sample of it (abi::kUstackSampleEpid: the
// registers and stack bytes of that firing). The consumer unwinds the sample with each module's
// CFI and prints the key as that stack. Keys are still counted by their frame-pointer PCs: two
// firings whose walks agree but whose deeper frames differ are one key, printed as the first
// sample's stack.
#pragma once

#include <cstdint>
#include <map>
#include <span>
#include <vector>

#include "codegen/program_set.h"
#include "output/printf_render.h"

namespace bdtrace::runtime {

class UstackSamples {
public:
    // One sample record (header included); ctx.user_unwind unwinds it. The first sample of a
    // key is kept. False when the record is not a well-formed sample of this program's keys.
    bool add(const codegen::ProgramSet& ps, const uint8_t* rec, size_t size, const output::FormatContext& ctx);
    // The PCs key element `index` of aggregation `agg` was unwound to, or null.
    const std::vector<uint64_t>* find(uint32_t agg, uint32_t index, std::span<const uint8_t> datum) const;
    size_t size() const { return stacks_.size(); }

private:
    std::map<std::vector<uint8_t>, std::vector<uint64_t>> stacks_;  // (agg, index, datum) -> PCs
};

}  // namespace bdtrace::runtime
