// Names and small pieces shared by the real and the fake kernel.
#include <chrono>
#include <cstdio>

#include "kernel/kernel.h"

namespace bdtrace::kernel {

std::string_view map_type_name(MapType t) {
    switch (t) {
        case MapType::Array:
            return "array";
        case MapType::PercpuArray:
            return "percpu_array";
        case MapType::Hash:
            return "hash";
        case MapType::PercpuHash:
            return "percpu_hash";
        case MapType::LruHash:
            return "lru_hash";
        case MapType::LruPercpuHash:
            return "lru_percpu_hash";
        case MapType::RingBuf:
            return "ringbuf";
        case MapType::TaskStorage:
            return "task_storage";
        case MapType::StackTrace:
            return "stack_trace";
    }
    return "?";
}

bool is_percpu(MapType t) {
    return t == MapType::PercpuArray || t == MapType::PercpuHash || t == MapType::LruPercpuHash;
}

size_t Map::value_buffer_size() const {
    return is_percpu(spec_.type) ? size_t(percpu_stride()) * size_t(ncpus_) : spec_.value_size;
}

Result<void> Map::update_batch(std::span<const std::byte> keys, std::span<const std::byte> values,
                               UpdateMode mode) {
    const size_t ks = spec_.key_size, vs = value_buffer_size();
    const size_t count = ks ? keys.size() / ks : 0;
    if (ks == 0 || keys.size() != count * ks || values.size() != count * vs)
        return usage_error(Op::MapUpdate, "batch of " + std::to_string(keys.size()) +
                                              " key bytes and " + std::to_string(values.size()) +
                                              " value bytes for map '" + name() +
                                              "' (its keys have " + std::to_string(ks) +
                                              ", its values " + std::to_string(vs) + ")");
    if (count == 0) return {};
    auto done = try_update_batch(keys, values, count, mode);
    if (!done) return std::move(done.error());
    for (size_t i = *done; i < count; ++i)
        if (auto r = update(keys.subspan(i * ks, ks), values.subspan(i * vs, vs), mode); !r)
            return r;
    return {};
}

Result<size_t> Map::try_update_batch(std::span<const std::byte>, std::span<const std::byte>, size_t,
                                     UpdateMode) {
    return size_t{0};
}

std::string_view program_type_name(ProgramType t) {
    switch (t) {
        case ProgramType::Kprobe:
            return "kprobe";
        case ProgramType::Tracepoint:
            return "tracepoint";
        case ProgramType::RawTracepoint:
            return "raw_tracepoint";
        case ProgramType::PerfEvent:
            return "perf_event";
        case ProgramType::Tracing:
            return "tracing";
    }
    return "?";
}

std::string_view feature_name(Feature f) {
    switch (f) {
        case Feature::Bpf:
            return "bpf";
        case Feature::RingBuf:
            return "ringbuf";
        case Feature::PerfCpuClock:
            return "perf_cpu_clock";
        case Feature::RawTpCookie:
            return "raw_tp_cookie";
        case Feature::TpBtf:
            return "tp_btf";
        case Feature::UprobeMulti:
            return "uprobe_multi";
        case Feature::UprobeSession:
            return "uprobe_session";
        case Feature::Fentry:
            return "fentry";
        case Feature::ProbeWriteUser:
            return "probe_write_user";
        case Feature::SendSignal:
            return "send_signal";
        case Feature::TaskStorage:
            return "task_storage";
        case Feature::UprobeNop5:
            return "uprobe_nop5";
    }
    return "?";
}

std::string Features::describe() const {
    std::string out;
    for (size_t i = 0; i < kFeatureCount; ++i) {
        const FeatureStatus& s = status[i];
        char head[64];
        std::snprintf(head, sizeof head, "%-17s %-4s %6.2f ms  ",
                      std::string(feature_name(static_cast<Feature>(i))).c_str(),
                      s.available ? "yes" : "no", s.probe_ms);
        out += head;
        out += s.reason;
        out += '\n';
    }
    return out;
}

Features Kernel::features() {
    auto t0 = std::chrono::steady_clock::now();
    Features all;
    for (size_t i = 0; i < kFeatureCount; ++i) all.status[i] = feature(static_cast<Feature>(i));
    all.total_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return all;
}

Result<uint32_t> Kernel::tracepoint_btf_id(std::string_view tracepoint) {
    std::string name = "btf_trace_";
    name += tracepoint;
    return vmlinux_type_id(name, BtfKind::Typedef);
}

}  // namespace bdtrace::kernel
