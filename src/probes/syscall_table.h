// The system calls the syscall provider offers: the x86-64 numbering (syscall_numbers.cpp) and
// which of those calls the running kernel implements (its `__x64_sys_<name>` entry points in
// kallsyms). Pure functions over their inputs, so that tests can give their own.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

struct btf;

namespace bdtrace::kbtf {
class RawBtf;
}

namespace bdtrace::probes {

struct SyscallNumber {
    const char* name;  // the UAPI name (__NR_<name>), which is the probe's function
    int32_t nr;
};

// Every x86-64 system call number known to bdtrace, in no particular order.
const std::vector<SyscallNumber>& syscall_numbers();

// The kernel function implementing a call when its name is not the call's: x86-64 maps stat
// to sys_newstat, umount2 to sys_umount, ...; otherwise `name` itself.
std::string_view syscall_entry_symbol(std::string_view name);

// The calls whose entry point is among `entry_points` (names after "__x64_sys_"), sorted by
// number. With no entry points at all (kallsyms unreadable), every numbered call.
std::vector<SyscallNumber> kernel_syscalls(const std::unordered_set<std::string>& entry_points);

// The `__x64_sys_<name>` entry points listed by a kallsyms file, without the prefix.
std::unordered_set<std::string> read_syscall_entry_points(const std::string& kallsyms_path);

// The declared types of a call's arguments ("const char *", "int"), from the kernel's BTF where
// it describes the call (syscall_args.cpp); empty when it does not.
std::vector<std::string> syscall_arg_types(const struct btf* vmlinux, std::string_view call);

// The same from the kernel's BTF (kbtf::Vmlinux::raw(), mapped): the names
// __x64_sys_<name> or __do_sys_<name> of its string section (the FUNC records' names). Much
// faster than kallsyms (the kernel formats kallsyms when it is read: ~40 ms), and on Linux 6.18
// the same set of x86-64 calls.
std::unordered_set<std::string> syscall_entry_points_btf(const kbtf::RawBtf& btf);

// Upper bound (exclusive) of the numbers the dispatch table holds.
inline constexpr int32_t kMaxSyscallNr = 1024;

}  // namespace bdtrace::probes
