// What the providers built on tracepoints (proc, sched, io) learn of a tracepoint from the
// running kernel: its argument count (vmlinux BTF's btf_trace_<event> prototype) and, for a
// ProbeGuard, the offset of the field it reads (a bitfield's mask and value moved to its bit)
// and the address of the kernel function it compares with. `vmlinux` is the kernel's BTF as
// its owner parsed it (kbtf::Vmlinux::parsed(), the registry's), null when the kernel has none.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "probes/mapped_probes.h"

struct btf;

namespace bdtrace::probes {

// The tracepoint's argument count (its prototype less the private data); -1 when this kernel
// has no such tracepoint.
int32_t tracepoint_nargs(const struct btf* vmlinux, const std::string& tracepoint);

// A probe's function and its other names from a comma-separated list (MappedProbe::functions):
// the function is the first name vmlinux BTF lists as a function (else the first name), the
// aliases all the others. Nothing for an empty list.
void name_kernel_function(const struct btf* vmlinux, const char* functions, std::string& function,
                          std::vector<std::string>& aliases);
// The byte offset of `path` ("fdt", "i_sb", members of members joined by '.') in kernel
// struct `structure`, from vmlinux BTF; -1 when BTF lacks it or it is a bitfield.
int64_t struct_member_offset(const struct btf* vmlinux, const std::string& structure,
                             const std::string& path);

// Resolves a guard's field and symbol; false when this kernel's BTF or kallsyms lacks them.
// `dropped`: the tracepoint arguments before the guard's argument 0 (ProbeSite::drop_first).
bool resolve_guard(const struct btf* vmlinux, ProbeGuard& g, const std::string& tracepoint,
                   int dropped = 0);

}  // namespace bdtrace::probes
