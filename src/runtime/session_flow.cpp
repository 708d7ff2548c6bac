// -F pairing. DTrace's flow indentation is the consumer's: "->" at every entry probe indents,
// "<-" at every return probe unindents. A function whose entry probe the kernel refused (its
// first instruction cannot take a uprobe) but whose return probe is attached would print "<-"
// lines without "->" and shift every later line; a refused return site leaves "->" lines
// unclosed. So under -F both probes of such a function are left disabled: the partner's
// probe-table row is cleared (its uprobes stay, and find no clause to run), and the consumer
// names it beside the skipped probes.
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

bool is_flow_probe(const codegen::Epid& e) {
    return e.usdt_sites.empty() && !e.path.empty() && (e.name == "entry" || e.name == "return");
}

}  // namespace

void Session::disable_unpaired() {
    std::map<FunctionKey, bool> refused;  // functions with a refused entry or return
    for (const auto& e : ps_.epids)
        if (is_flow_probe(e) && refused_ids_.count(e.probe_id)) refused[{e.pid, e.path, e.file_offset}] = true;
    if (refused.empty()) return;
    kernel::Map& table = *maps_[codegen::abi::kProbeTableMap];
    std::vector<std::byte> zero(table.value_buffer_size());
    // A return probe refused at one of its returning instructions still fires at the others:
    // its row is cleared too, but it is named with the skipped probes already.
    for (const auto& e : ps_.epids) {
        if (!is_flow_probe(e) || unpaired_ids_.count(e.probe_id)) continue;
        if (!refused.count({e.pid, e.path, e.file_offset})) continue;
        if (!table.update(kernel::bytes_of(e.probe_id), zero)) continue;
        unpaired_ids_.insert(e.probe_id);
        if (!refused_ids_.count(e.probe_id))
            unpaired_.push_back(e.provider + ":" + e.module + ":" + e.function + ":" + e.name);
    }
}

}  // namespace bdtrace::runtime
