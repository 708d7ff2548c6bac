// The kernel functions a tracing program is called through, found in /proc/kallsyms: what
// stands between a tracepoint's call site (or the bpf() system call that runs BEGIN and END) and
// the program, and so must not lead the kernel stacks DTrace prints (codegen/gen_kstack.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace bdtrace::process {

// Whether a kernel function is the tracing machinery for these tracepoints: bpf_trace_run<N>,
// every __bpf_trace_<class> (a tracepoint's BPF probe function, named after its event class),
// __traceiter_<event> of the given events, and BPF_PROG_TEST_RUN's raw tracepoint runner
// (__bpf_prog_test_run_raw_tp, bpf_prog_test_run_raw_tp). A name with a compiler's suffix
// (.cold, .isra.0) is its function's.
bool is_tracing_machinery(const std::string& name, const std::vector<std::string>& tracepoints);

// [start, end) of each such function in `kallsyms` (/proc/kallsyms's text), end being the next
// symbol's address; empty when addresses are hidden.
std::vector<std::pair<uint64_t, uint64_t>> tracing_machinery_ranges(const std::string& kallsyms,
                                                                    const std::vector<std::string>& tracepoints);

// The same from /proc/kallsyms itself (one pass over it, ~40 ms).
std::vector<std::pair<uint64_t, uint64_t>> tracing_machinery_ranges(const std::vector<std::string>& tracepoints);

}  // namespace bdtrace::process
