// -F pairing. DTrace's flow indentation is the consumer's: "->" at every entry probe indents,
// "<-" at every return probe unindents. A function whose entry probe the kernel refused (its
// first instruction cannot take a uprobe) but whose return probe is attached would print "<-"
// lines without "->" and shift every later line; a refused return site leaves "->" lines
// unclosed. So under -F both probes of such a function are left disabled: the partner's
// probe-table row is cleared (its uprobes stay, and find no clause to run), and the consumer
// names it beside the skipped probes.
#include <algorithm>
#include <cstring>
#include <map>
#include <tuple>

#include "codegen/abi.h"
#include "runtime/session.h"

namespace bdtrace::runtime {

namespace {

// A pid probe's function: process, file and the function's file offset (entry and return
// probes of one function share it).
using FunctionKey = std::tuple<uint64_t, std::string, uint64_t>;

// The function of a pid entry or return probe; null for other probes.
const probes::UprobePlan* flow_probe(const codegen::Epid& e) {
    const auto* up = e.plan_as<probes::UprobePlan>();
    return up && (e.name == "entry" || e.name == "return") ? up : nullptr;
}

FunctionKey function_of(const probes::UprobePlan& up) { return {up.pid, up.path, up.file_offset}; }

}  // namespace

void Session::disable_unpaired() {
    std::map<FunctionKey, bool> refused;  // functions with a refused entry or return
    for (const auto& e : ps_.epids)
        if (const auto* up = flow_probe(e); up && refused_ids_.count(e.probe_id)) refused[function_of(*up)] = true;
    if (refused.empty()) return;
    kernel::Map& table = *maps_[codegen::abi::kProbeTableMap];
    std::vector<std::byte> zero(table.value_buffer_size());
    // A return probe refused at one of its returning instructions still fires at the others:
    // its row is cleared too, but it is named with the skipped probes already.
    for (const auto& e : ps_.epids) {
        const auto* up = flow_probe(e);
        if (!up || unpaired_ids_.count(e.probe_id)) continue;
        if (!refused.count(function_of(*up))) continue;
        if (!table.update(kernel::bytes_of(e.probe_id), zero)) continue;
        std::fill_n(probe_row(e.probe_id), zero.size() / 4, 0u);
        unpaired_ids_.insert(e.probe_id);
        if (!refused_ids_.count(e.probe_id))
            unpaired_.push_back(e.provider + ":" + e.module + ":" + e.function + ":" + e.name);
    }
}

}  // namespace bdtrace::runtime
