// BPF helper function ids (the kernel's enum bpf_func_id, which stopped growing at 211 in 6.2;
// newer kernel functions are kfuncs, called by BTF id) and their names for the disassembler.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace bdtrace::bpf {

// The helpers a tracer uses, by name. Every id 0..kHelperCount-1 has a name in helper_name().
namespace helper {
inline constexpr int32_t map_lookup_elem = 1;
inline constexpr int32_t map_update_elem = 2;
inline constexpr int32_t map_delete_elem = 3;
inline constexpr int32_t probe_read = 4;
inline constexpr int32_t ktime_get_ns = 5;
inline constexpr int32_t trace_printk = 6;
inline constexpr int32_t get_prandom_u32 = 7;
inline constexpr int32_t get_smp_processor_id = 8;
inline constexpr int32_t tail_call = 12;
inline constexpr int32_t get_current_pid_tgid = 14;
inline constexpr int32_t get_current_uid_gid = 15;
inline constexpr int32_t get_current_comm = 16;
inline constexpr int32_t perf_event_output = 25;
inline constexpr int32_t get_stackid = 27;
inline constexpr int32_t get_current_task = 35;
inline constexpr int32_t probe_write_user = 36;
inline constexpr int32_t probe_read_str = 45;
inline constexpr int32_t override_return = 58;
inline constexpr int32_t get_stack = 67;
inline constexpr int32_t get_current_cgroup_id = 80;
inline constexpr int32_t spin_lock = 93;
inline constexpr int32_t spin_unlock = 94;
inline constexpr int32_t send_signal = 109;
inline constexpr int32_t probe_read_user = 112;
inline constexpr int32_t probe_read_kernel = 113;
inline constexpr int32_t probe_read_user_str = 114;
inline constexpr int32_t probe_read_kernel_str = 115;
inline constexpr int32_t send_signal_thread = 117;
inline constexpr int32_t jiffies64 = 118;
inline constexpr int32_t get_ns_current_pid_tgid = 120;
inline constexpr int32_t ktime_get_boot_ns = 125;
inline constexpr int32_t ringbuf_output = 130;
inline constexpr int32_t ringbuf_reserve = 131;
inline constexpr int32_t ringbuf_submit = 132;
inline constexpr int32_t ringbuf_discard = 133;
inline constexpr int32_t ringbuf_query = 134;
inline constexpr int32_t get_task_stack = 141;
inline constexpr int32_t d_path = 147;
inline constexpr int32_t copy_from_user = 148;
inline constexpr int32_t per_cpu_ptr = 153;
inline constexpr int32_t this_cpu_ptr = 154;
inline constexpr int32_t task_storage_get = 156;
inline constexpr int32_t task_storage_delete = 157;
inline constexpr int32_t get_current_task_btf = 158;
inline constexpr int32_t ktime_get_coarse_ns = 160;
inline constexpr int32_t for_each_map_elem = 164;
inline constexpr int32_t snprintf = 165;
inline constexpr int32_t get_func_ip = 173;
inline constexpr int32_t get_attach_cookie = 174;
inline constexpr int32_t task_pt_regs = 175;
inline constexpr int32_t trace_vprintk = 177;
inline constexpr int32_t find_vma = 180;
inline constexpr int32_t loop = 181;
inline constexpr int32_t strncmp = 182;
inline constexpr int32_t get_func_arg = 183;
inline constexpr int32_t get_func_ret = 184;
inline constexpr int32_t get_func_arg_cnt = 185;
inline constexpr int32_t copy_from_user_task = 191;
inline constexpr int32_t map_lookup_percpu_elem = 195;
inline constexpr int32_t ktime_get_tai_ns = 208;
}  // namespace helper

inline constexpr int32_t kHelperCount = 212;

// "bpf_map_lookup_elem" for 1, as the kernel's verifier log spells it; nullopt for unknown ids.
std::optional<std::string_view> helper_name(int32_t id);
// The id of "bpf_NAME" or "NAME"; nullopt if there is no such helper.
std::optional<int32_t> helper_id(std::string_view name);

}  // namespace bdtrace::bpf
