// The parameters of system calls as tracefs describes them (CONFIG_FTRACE_SYSCALLS): the event
// events/syscalls/sys_enter_<call>/format lists, after its common fields and __syscall_nr, each
// parameter with its C declaration ("char * buf"); sys_exit_<call>/format has "long ret". The
// syscall provider types args[] from these, read one call at a time, when a program names it.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

struct btf;

namespace bdtrace::probes {

struct SyscallParam {
    std::string type;  // the C spelling, spaces normalised: "const char *const *", "char [16]"
    std::string name;  // "buf"
};

// The fields after __syscall_nr of a tracefs event format, in order; nullopt when the text has
// no __syscall_nr field (not a syscall event's format) or a field after it is no declaration.
std::optional<std::vector<SyscallParam>> parse_syscall_format(std::string_view text);

// A C type spelling with its white space normalised: single spaces between words, none between
// stars ("struct robust_list_head * *" -> "struct robust_list_head **"), none before "[".
std::string normalize_type_spelling(std::string_view spelling);

// The parameters of a call's entry event (entry) or its return value (!entry), from
// <tracefs>/events/syscalls/sys_{enter,exit}_<event>/format, where event is the call's kernel
// name (syscall_entry_symbol: newstat for stat). Null when tracefs has no such event. Read once
// per call and cached; the standard tracefs is mounted first when it is not (root only).
const std::vector<SyscallParam>* syscall_format(std::string_view call, bool entry,
                                                const std::string& tracefs = "/sys/kernel/tracing");

// The argument types -lv lists for a syscall probe: the format's spellings at entry (the
// __do_sys_ BTF record's when tracefs has no format), the return value's twice at return
// (arg0 and arg1 are both the return value).
// The parameter names of a syscall entry probe from its tracefs format ("dfd", "filename"),
// empty at return and where tracefs has no format.
std::vector<std::string> syscall_probe_arg_names(std::string_view call, bool entry,
                                                 const std::string& tracefs = "/sys/kernel/tracing");

// `vmlinux`: the kernel's parsed BTF (kbtf::Vmlinux::parsed()), asked for only where tracefs has
// no format (parsing it costs a syscall one-liner ~15-30 ms of its start).
std::vector<std::string> syscall_probe_arg_types(const std::function<const struct btf*()>& vmlinux,
                                                 std::string_view call, bool entry,
                                                 const std::string& tracefs = "/sys/kernel/tracing");

}  // namespace bdtrace::probes
