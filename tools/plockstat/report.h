// plockstat's report, from the aggregations bdtrace-plockstat's D program left: one section per
// kind of event that happened, in Solaris plockstat's layout.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <bdtrace/bdtrace.h>

namespace plockstat {

struct ReportOptions {
    bool contention = false;
    bool hold = false;
    bool histograms = false;  // -s: a histogram and the stack under each row
    uint64_t max_entries = UINT64_MAX;  // -n
    uint64_t stack_depth = 0;           // -s depth (ustackframes)
};

// Names a user address of the traced process ("contended`lt_lock", "0x7f...").
using AddressNamer = std::function<std::string(uint64_t address)>;

std::string report(const std::vector<bdtrace::Aggregation>& aggregations, const ReportOptions& o,
                   const AddressNamer& name);

}  // namespace plockstat
