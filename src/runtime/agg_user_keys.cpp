// ufunc()/usym() and umod() aggregation keys name a function or a module, not the address the
// probe saw: DTrace's consumer (dt_aggregate_usym, dt_aggregate_umod) moves each such key to the
// function's (module's) start before it sorts, so that every address of one function is one
// entry. Done here on the snapshot, before the rows are printed. (ustack() keys are unwound in
// BPF: codegen/gen_unwind.cpp.)
#include <algorithm>
#include <cstring>
#include <map>

#include "runtime/agg_user_keys.h"
#include "runtime/user_stack.h"

namespace bdtrace::runtime {

namespace {

// Adds the value of one entry to another's (both already merged across CPUs).
void add_value(sema::AggFunc func, std::vector<int64_t>& into, const std::vector<int64_t>& v) {
    using sema::AggFunc;
    if (into.size() != v.size() || v.empty()) return;
    switch (func) {
        case AggFunc::Min: into[0] = std::min(into[0], v[0]); return;
        case AggFunc::Max: into[0] = std::max(into[0], v[0]); return;
        case AggFunc::Stddev: {
            into[0] += v[0];
            into[1] += v[1];
            uint64_t lo = static_cast<uint64_t>(into[2]) + static_cast<uint64_t>(v[2]);
            uint64_t carry = lo < static_cast<uint64_t>(v[2]) ? 1 : 0;
            into[3] = static_cast<int64_t>(static_cast<uint64_t>(into[3]) + static_cast<uint64_t>(v[3]) + carry);
            into[2] = static_cast<int64_t>(lo);
            return;
        }
        default:
            for (size_t i = 0; i < into.size(); ++i) into[i] += v[i];
    }
}

bool has_user_keys(const codegen::AggDesc& d, const output::FormatContext& ctx) {
    for (const auto& k : d.keys)
        if (k.kind == codegen::Field::Kind::USym && k.usym != sema::Type::UserSym::Addr && ctx.user_key) return true;
    return false;
}

}  // namespace

const std::vector<AggRow>& merge_user_keys(const std::vector<AggRow>& rows, const codegen::ProgramSet& ps,
                                           const output::FormatContext& ctx, std::vector<AggRow>& holder) {
    bool any = false;
    for (const auto& d : ps.aggregations) any = any || has_user_keys(d, ctx);
    if (!any) return rows;
    holder.clear();
    std::map<std::vector<uint8_t>, size_t> at;  // key -> index in holder
    for (const AggRow& r : rows) {
        AggRow moved = r;
        if (r.agg >= 1 && r.agg <= ps.aggregations.size()) {
            const auto& keys = ps.aggregations[r.agg - 1].keys;
            for (uint32_t i = 0; i < keys.size(); ++i) {
                const codegen::Field& k = keys[i];
                if (!ctx.user_key || k.kind != codegen::Field::Kind::USym || k.usym == sema::Type::UserSym::Addr) continue;
                if (k.offset + 16 > moved.key.size()) continue;
                uint64_t pid, addr;
                std::memcpy(&pid, moved.key.data() + k.offset, 8);
                std::memcpy(&addr, moved.key.data() + k.offset + 8, 8);
                addr = ctx.user_key(user_name_of(k), pid, addr);
                std::memcpy(moved.key.data() + k.offset + 8, &addr, 8);
            }
        }
        auto it = at.find(moved.key);
        if (it == at.end()) {
            at.emplace(moved.key, holder.size());
            holder.push_back(std::move(moved));
            continue;
        }
        AggRow& into = holder[it->second];
        sema::AggFunc func = ps.aggregations[r.agg - 1].func;
        add_value(func, into.value, moved.value);
        for (size_t c = 0; c < into.percpu.size() && c < moved.percpu.size(); ++c)
            add_value(func, into.percpu[c], moved.percpu[c]);
    }
    return holder;
}

}  // namespace bdtrace::runtime
