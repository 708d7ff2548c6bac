// The kernel's tracepoints as the sdt provider offers them: every tracepoint vmlinux BTF
// describes (the typedef btf_trace_<event>, a pointer to the probe function's prototype: its
// first parameter is the probe's private data, the others the tracepoint's arguments), in the
// group tracefs files its event under (events/<group>/<event>).
#pragma once

#include <map>
#include <string>
#include <vector>

struct btf;

namespace bdtrace::probes {

struct Tracepoint {
    std::string group;  // "" when tracefs has no event for it (DECLARE_TRACE-only tracepoints)
    std::string event;
    std::vector<uint32_t> arg_type_ids;  // BTF ids of the arguments
};

// The tracepoints of a BTF, sorted by group and event; `groups` maps event names to groups.
std::vector<Tracepoint> btf_tracepoints(const struct btf* b, const std::map<std::string, std::string>& groups);

// event -> group from <tracefs>/events/<group>/<event>/ directories. When `tracefs` has no
// events directory and it is the standard /sys/kernel/tracing, tracefs is mounted there first
// (root only; the mount stays, as a mount made at boot would).
std::map<std::string, std::string> tracefs_groups(const std::string& tracefs = "/sys/kernel/tracing");

}  // namespace bdtrace::probes
