// Names of the BPF helpers by id, in the kernel's order (include/uapi/linux/bpf.h,
// __BPF_FUNC_MAPPER). The unit test checks them against the installed UAPI header.
#include "bpf/helpers.h"

#include <array>
#include <string>

namespace bdtrace::bpf {

namespace {

// Without the "bpf_" prefix, which helper_name() adds.
// clang-format off
constexpr std::array<std::string_view, kHelperCount> kNames = {
    /*   0 */ "unspec", "map_lookup_elem", "map_update_elem", "map_delete_elem", "probe_read",
    /*   5 */ "ktime_get_ns", "trace_printk", "get_prandom_u32", "get_smp_processor_id",
    /*   9 */ "skb_store_bytes", "l3_csum_replace", "l4_csum_replace", "tail_call",
    /*  13 */ "clone_redirect", "get_current_pid_tgid", "get_current_uid_gid", "get_current_comm",
    /*  17 */ "get_cgroup_classid", "skb_vlan_push", "skb_vlan_pop", "skb_get_tunnel_key",
    /*  21 */ "skb_set_tunnel_key", "perf_event_read", "redirect", "get_route_realm",
    /*  25 */ "perf_event_output", "skb_load_bytes", "get_stackid", "csum_diff",
    /*  29 */ "skb_get_tunnel_opt", "skb_set_tunnel_opt", "skb_change_proto", "skb_change_type",
    /*  33 */ "skb_under_cgroup", "get_hash_recalc", "get_current_task", "probe_write_user",
    /*  37 */ "current_task_under_cgroup", "skb_change_tail", "skb_pull_data", "csum_update",
    /*  41 */ "set_hash_invalid", "get_numa_node_id", "skb_change_head", "xdp_adjust_head",
    /*  45 */ "probe_read_str", "get_socket_cookie", "get_socket_uid", "set_hash", "setsockopt",
    /*  50 */ "skb_adjust_room", "redirect_map", "sk_redirect_map", "sock_map_update",
    /*  54 */ "xdp_adjust_meta", "perf_event_read_value", "perf_prog_read_value", "getsockopt",
    /*  58 */ "override_return", "sock_ops_cb_flags_set", "msg_redirect_map", "msg_apply_bytes",
    /*  62 */ "msg_cork_bytes", "msg_pull_data", "bind", "xdp_adjust_tail", "skb_get_xfrm_state",
    /*  67 */ "get_stack", "skb_load_bytes_relative", "fib_lookup", "sock_hash_update",
    /*  71 */ "msg_redirect_hash", "sk_redirect_hash", "lwt_push_encap", "lwt_seg6_store_bytes",
    /*  75 */ "lwt_seg6_adjust_srh", "lwt_seg6_action", "rc_repeat", "rc_keydown",
    /*  79 */ "skb_cgroup_id", "get_current_cgroup_id", "get_local_storage",
    /*  82 */ "sk_select_reuseport", "skb_ancestor_cgroup_id", "sk_lookup_tcp", "sk_lookup_udp",
    /*  86 */ "sk_release", "map_push_elem", "map_pop_elem", "map_peek_elem", "msg_push_data",
    /*  91 */ "msg_pop_data", "rc_pointer_rel", "spin_lock", "spin_unlock", "sk_fullsock",
    /*  96 */ "tcp_sock", "skb_ecn_set_ce", "get_listener_sock", "skc_lookup_tcp",
    /* 100 */ "tcp_check_syncookie", "sysctl_get_name", "sysctl_get_current_value",
    /* 103 */ "sysctl_get_new_value", "sysctl_set_new_value", "strtol", "strtoul",
    /* 107 */ "sk_storage_get", "sk_storage_delete", "send_signal", "tcp_gen_syncookie",
    /* 111 */ "skb_output", "probe_read_user", "probe_read_kernel", "probe_read_user_str",
    /* 115 */ "probe_read_kernel_str", "tcp_send_ack", "send_signal_thread", "jiffies64",
    /* 119 */ "read_branch_records", "get_ns_current_pid_tgid", "xdp_output", "get_netns_cookie",
    /* 123 */ "get_current_ancestor_cgroup_id", "sk_assign", "ktime_get_boot_ns", "seq_printf",
    /* 127 */ "seq_write", "sk_cgroup_id", "sk_ancestor_cgroup_id", "ringbuf_output",
    /* 131 */ "ringbuf_reserve", "ringbuf_submit", "ringbuf_discard", "ringbuf_query",
    /* 135 */ "csum_level", "skc_to_tcp6_sock", "skc_to_tcp_sock", "skc_to_tcp_timewait_sock",
    /* 139 */ "skc_to_tcp_request_sock", "skc_to_udp6_sock", "get_task_stack", "load_hdr_opt",
    /* 143 */ "store_hdr_opt", "reserve_hdr_opt", "inode_storage_get", "inode_storage_delete",
    /* 147 */ "d_path", "copy_from_user", "snprintf_btf", "seq_printf_btf", "skb_cgroup_classid",
    /* 152 */ "redirect_neigh", "per_cpu_ptr", "this_cpu_ptr", "redirect_peer",
    /* 156 */ "task_storage_get", "task_storage_delete", "get_current_task_btf", "bprm_opts_set",
    /* 160 */ "ktime_get_coarse_ns", "ima_inode_hash", "sock_from_file", "check_mtu",
    /* 164 */ "for_each_map_elem", "snprintf", "sys_bpf", "btf_find_by_name_kind", "sys_close",
    /* 169 */ "timer_init", "timer_set_callback", "timer_start", "timer_cancel", "get_func_ip",
    /* 174 */ "get_attach_cookie", "task_pt_regs", "get_branch_snapshot", "trace_vprintk",
    /* 178 */ "skc_to_unix_sock", "kallsyms_lookup_name", "find_vma", "loop", "strncmp",
    /* 183 */ "get_func_arg", "get_func_ret", "get_func_arg_cnt", "get_retval", "set_retval",
    /* 188 */ "xdp_get_buff_len", "xdp_load_bytes", "xdp_store_bytes", "copy_from_user_task",
    /* 192 */ "skb_set_tstamp", "ima_file_hash", "kptr_xchg", "map_lookup_percpu_elem",
    /* 196 */ "skc_to_mptcp_sock", "dynptr_from_mem", "ringbuf_reserve_dynptr",
    /* 199 */ "ringbuf_submit_dynptr", "ringbuf_discard_dynptr", "dynptr_read", "dynptr_write",
    /* 203 */ "dynptr_data", "tcp_raw_gen_syncookie_ipv4", "tcp_raw_gen_syncookie_ipv6",
    /* 206 */ "tcp_raw_check_syncookie_ipv4", "tcp_raw_check_syncookie_ipv6", "ktime_get_tai_ns",
    /* 209 */ "user_ringbuf_drain", "cgrp_storage_get", "cgrp_storage_delete",
};
// clang-format on

// "bpf_" + name for every id, built once so helper_name() can hand out views.
const std::array<std::string, kHelperCount>& full_names() {
    static const std::array<std::string, kHelperCount> names = [] {
        std::array<std::string, kHelperCount> out;
        for (size_t i = 0; i < kNames.size(); ++i) out[i] = "bpf_" + std::string(kNames[i]);
        return out;
    }();
    return names;
}

}  // namespace

std::optional<std::string_view> helper_name(int32_t id) {
    if (id <= 0 || id >= kHelperCount) return std::nullopt;
    return std::string_view(full_names()[static_cast<size_t>(id)]);
}

std::optional<int32_t> helper_id(std::string_view name) {
    if (name.substr(0, 4) == "bpf_") name.remove_prefix(4);
    for (size_t i = 1; i < kNames.size(); ++i)
        if (kNames[i] == name) return static_cast<int32_t>(i);
    return std::nullopt;
}

}  // namespace bdtrace::bpf
