// The names proc, sched and io probes carry (module vmlinux, the kernel function where they
// fire), the older names descriptions may use for them, and the "did you mean" hint for a
// description that matches nothing (Registry::near_match).
#include <gtest/gtest.h>
#include <unistd.h>

#include "vmlinux_btf.h"
#include "probes/probe.h"
#include "probes/tracepoint_guards.h"

using namespace bdtrace;

namespace {

bool have_btf() { return access("/sys/kernel/btf/vmlinux", R_OK) == 0; }

std::vector<std::string> names(const std::vector<const probes::Probe*>& found) {
    std::vector<std::string> out;
    for (const probes::Probe* p : found) out.push_back(p->full_name());
    return out;
}

}  // namespace

TEST(ProbeNames, FunctionIsTheFirstNameBtfLists) {
    if (!have_btf()) GTEST_SKIP() << "no /sys/kernel/btf/vmlinux";
    std::string fn;
    std::vector<std::string> aliases;
    // An old name first that this kernel lacks: the current one is chosen, the old one kept.
    probes::name_kernel_function(test::vmlinux().parsed(), "_do_fork,kernel_clone", fn, aliases);
    EXPECT_EQ(fn, "kernel_clone");
    EXPECT_EQ(aliases, (std::vector<std::string>{"_do_fork"}));
    // No name BTF lists: the first.
    fn.clear(), aliases.clear();
    const struct btf* b = test::vmlinux().parsed();
    probes::name_kernel_function(b, "lt_no_such_function,lt_nor_this", fn, aliases);
    EXPECT_EQ(fn, "lt_no_such_function");
    fn.clear(), aliases.clear();
    probes::name_kernel_function(test::vmlinux().parsed(), "", fn, aliases);
    EXPECT_EQ(fn, "");
    EXPECT_TRUE(aliases.empty());
}

TEST(ProbeNames, OlderNamesAndClonesMatch) {
    if (!have_btf()) GTEST_SKIP() << "no /sys/kernel/btf/vmlinux";
    probes::Registry r;
    EXPECT_EQ(names(r.match({"proc", "", "_do_fork", "create"})), (std::vector<std::string>{"proc:vmlinux:kernel_clone:create"}));
    EXPECT_EQ(names(r.match({"proc", "vmlinux", "do_execveat_common.isra.0", "exec"})),
              (std::vector<std::string>{"proc:vmlinux:do_execveat_common:exec"}));
    EXPECT_EQ(names(r.match({"proc", "", "kernel_clone", "*create"})),
              (std::vector<std::string>{"proc:vmlinux:kernel_clone:create", "proc:vmlinux:kernel_clone:lwp-create"}));
    // A glob is matched against the names as they are, never cut at a dot.
    EXPECT_TRUE(r.match({"proc", "", "do_execveat_common.*", "exec"}).empty());
    EXPECT_TRUE(r.match({"proc", "", "kernel", "create"}).empty());
    EXPECT_EQ(names(r.match({"io", "", "blk_mq_start_request", ""})),
              (std::vector<std::string>{"io:vmlinux:blk_mq_start_request:start"}));
}

TEST(ProbeNames, NearMatch) {
    if (!have_btf()) GTEST_SKIP() << "no /sys/kernel/btf/vmlinux";
    probes::Registry r;
    // The same provider and name in another function: one probe.
    EXPECT_EQ(r.near_match({"proc", "", "fork1", "create"}), "proc:vmlinux:kernel_clone:create");
    EXPECT_EQ(r.near_match({"sched", "genunix", "", "off-cpu"}), "sched:vmlinux:__schedule:off-cpu");
    // A name a letter or two away: the description mended.
    EXPECT_EQ(r.near_match({"proc", "", "", "exec-sucess"}), "proc:::exec-success");
    EXPECT_EQ(r.near_match({"syscall", "", "read", "entyr"}), "syscall::read:entry");
    // Many probes, or nothing near: no hint.
    EXPECT_EQ(r.near_match({"syscall", "", "nosuchcall", "entry"}), std::nullopt);
    EXPECT_EQ(r.near_match({"proc", "", "", "something-else"}), std::nullopt);
    // Providers whose probes are made on demand are not asked (no probe is made for a hint).
    EXPECT_EQ(r.near_match({"pid1", "", "nosuch", "entry"}), std::nullopt);
}
