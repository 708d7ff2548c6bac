#include "probes/tracepoints.h"

#include <bpf/btf.h>
#include <dirent.h>
#include <sys/mount.h>
#include <sys/stat.h>

#include <algorithm>
#include <string_view>

namespace bdtrace::probes {

std::vector<Tracepoint> btf_tracepoints(const struct btf* b, const std::map<std::string, std::string>& groups) {
    static constexpr std::string_view kPrefix = "btf_trace_";
    std::vector<Tracepoint> out;
    if (!b) return out;
    uint32_t n = btf__type_cnt(b);
    for (uint32_t id = 1; id < n; ++id) {
        const struct btf_type* t = btf__type_by_id(b, id);
        if (!btf_is_typedef(t)) continue;
        const char* name = btf__name_by_offset(b, t->name_off);
        if (!name || std::string_view(name).substr(0, kPrefix.size()) != kPrefix) continue;
        const struct btf_type* ptr = btf__type_by_id(b, t->type);
        const struct btf_type* proto = ptr && btf_is_ptr(ptr) ? btf__type_by_id(b, ptr->type) : nullptr;
        if (!proto || !btf_is_func_proto(proto) || btf_vlen(proto) < 1) continue;
        Tracepoint tp;
        tp.event = name + kPrefix.size();
        if (auto it = groups.find(tp.event); it != groups.end()) tp.group = it->second;
        const struct btf_param* p = btf_params(proto);
        for (uint16_t i = 1; i < btf_vlen(proto); ++i) tp.arg_type_ids.push_back(p[i].type);
        out.push_back(std::move(tp));
    }
    std::sort(out.begin(), out.end(), [](const Tracepoint& a, const Tracepoint& b) {
        return std::tie(a.group, a.event) < std::tie(b.group, b.event);
    });
    return out;
}

namespace {

std::vector<std::string> subdirectories(const std::string& path) {
    std::vector<std::string> out;
    DIR* d = opendir(path.c_str());
    if (!d) return out;
    while (struct dirent* e = readdir(d)) {
        if (e->d_type != DT_DIR || e->d_name[0] == '.') continue;
        out.emplace_back(e->d_name);
    }
    closedir(d);
    return out;
}

}  // namespace

std::map<std::string, std::string> tracefs_groups(const std::string& tracefs) {
    std::map<std::string, std::string> out;
    std::string events = tracefs + "/events";
    struct stat st;
    if (stat(events.c_str(), &st) != 0 && tracefs == "/sys/kernel/tracing")
        (void)mount("nodev", tracefs.c_str(), "tracefs", 0, nullptr);
    for (const std::string& group : subdirectories(events))
        for (const std::string& event : subdirectories(events + "/" + group)) out.emplace(event, group);
    return out;
}

}  // namespace bdtrace::probes
