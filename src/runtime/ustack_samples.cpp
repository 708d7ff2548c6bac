#include "runtime/ustack_samples.h"

#include <cstring>

#include "codegen/abi.h"
#include "runtime/user_stack.h"

namespace bdtrace::runtime {

namespace {

std::vector<uint8_t> map_key(uint32_t agg, uint32_t index, std::span<const uint8_t> datum) {
    std::vector<uint8_t> k(8 + datum.size());
    std::memcpy(k.data(), &agg, 4);
    std::memcpy(k.data() + 4, &index, 4);
    if (!datum.empty()) std::memcpy(k.data() + 8, datum.data(), datum.size());
    return k;
}

}  // namespace

bool UstackSamples::add(const codegen::ProgramSet& ps, const uint8_t* rec, size_t size,
                        const output::FormatContext& ctx) {
    constexpr size_t at = codegen::abi::kUstackSampleDatum;
    if (size < at) return false;
    uint32_t agg, index;
    std::memcpy(&agg, rec + 16, 4);
    std::memcpy(&index, rec + 20, 4);
    if (agg < 1 || agg > ps.aggregations.size()) return false;
    const auto& keys = ps.aggregations[agg - 1].keys;
    if (index >= keys.size() || keys[index].kind != codegen::Field::Kind::UStack) return false;
    codegen::Field f = keys[index];
    if (size < at + f.size + 32) return false;
    std::span<const uint8_t> datum(rec + at, f.size);
    std::vector<uint8_t> k = map_key(agg, index, datum);
    if (stacks_.count(k)) return true;  // the first sample of a key names it
    f.unwind = true;
    f.size = static_cast<uint32_t>(size - at);
    stacks_.emplace(std::move(k), user_stack_pcs(f, rec + at, ctx).second);
    return true;
}

const std::vector<uint64_t>* UstackSamples::find(uint32_t agg, uint32_t index, std::span<const uint8_t> datum) const {
    auto it = stacks_.find(map_key(agg, index, datum));
    return it == stacks_.end() ? nullptr : &it->second;
}

}  // namespace bdtrace::runtime
