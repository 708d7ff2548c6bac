// The process watch's exec program (codegen/process_watch.h): it holds (SIGSTOP) only when given
// the consumer's pid, and then only after its report is in the ring.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "assemble/assemble.h"
#include "bpf/assembler.h"
#include "bpf/helpers.h"
#include "bpf/insn.h"
#include "codegen/process_watch.h"

namespace bdtrace {
namespace {

namespace w = codegen::watch;

w::Offsets some_offsets() {
    w::Offsets o{};
    o.bprm_file = 64;
    o.task_files = 1800;
    o.files_fdt = 32;
    o.fdt_max_fds = 0;
    o.fdt_fd = 8;
    o.file_inode = 32;
    o.inode_ino = 64;
    o.inode_sb = 40;
    o.sb_dev = 16;
    o.regs_orig_ax = 120;
    o.regs_r8 = 72;
    o.task_parent = 1400;
    o.task_tgid = 1396;
    return o;
}

// The helpers the program calls, in instruction order.
std::vector<int32_t> helper_calls(const bpf::Program& p) {
    std::string err;
    auto code = bpf::assemble(p, err);
    EXPECT_TRUE(code) << err;
    std::vector<int32_t> calls;
    if (!code) return calls;
    for (const bpf::Insn& i : code->insns)
        if (i.code == (bpf::kClassJmp | bpf::kJmpCall) && i.src == 0) calls.push_back(i.imm);
    return calls;
}

size_t count(const std::vector<int32_t>& v, int32_t x) { return static_cast<size_t>(std::count(v.begin(), v.end(), x)); }

TEST(ProcessWatchProgram, ExecHoldsNobodyWithoutTheConsumersPid) {
    auto calls = helper_calls(*w::exec_program(some_offsets(), false));
    EXPECT_EQ(count(calls, bpf::helper::send_signal), 0u);
    EXPECT_EQ(count(calls, bpf::helper::get_current_task), 0u);
    EXPECT_EQ(count(calls, bpf::helper::ringbuf_output), 1u);
}

TEST(ProcessWatchProgram, ExecHoldsDescendantsAfterTheirReport) {
    auto calls = helper_calls(*w::exec_program(some_offsets(), false, 4242));
    ASSERT_EQ(count(calls, bpf::helper::send_signal), 1u);
    EXPECT_EQ(count(calls, bpf::helper::get_current_task), 1u);  // the real_parent walk
    auto report = std::find(calls.begin(), calls.end(), bpf::helper::ringbuf_output);
    auto stop = std::find(calls.begin(), calls.end(), bpf::helper::send_signal);
    ASSERT_NE(report, calls.end());
    EXPECT_LT(report - calls.begin(), stop - calls.begin());
}

// Codegen says where each program attaches and the assemble stage makes its code: the runtime
// only loads and attaches them.
TEST(ProcessWatchProgram, ProgramsNameTheirTracepointsAndAssemble) {
    auto programs = w::programs(some_offsets(), false, 0);
    ASSERT_EQ(programs.size(), 2u);
    EXPECT_STREQ(programs[0].tracepoint, "sched_process_exec");
    EXPECT_STREQ(programs[1].tracepoint, "vm_unmapped_area");
    std::string err;
    ASSERT_TRUE(assemble::assemble_watch(programs, err)) << err;
    for (const auto& p : programs) EXPECT_FALSE(p.code.insns.empty()) << p.name;
}

TEST(ProcessWatchProgram, MmapNeverHolds) {
    auto calls = helper_calls(*w::mmap_program(some_offsets(), false));
    EXPECT_EQ(count(calls, bpf::helper::send_signal), 0u);
}

}  // namespace
}  // namespace bdtrace
