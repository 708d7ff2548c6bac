// The syscall provider's pure parts: the number table, which calls a kernel implements (from
// its entry points), the probes the registry makes of them, and the shape of the generated
// dispatch (two programs whatever the number of calls, one table row per enabled probe).
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <cstdio>
#include <fstream>
#include <set>

#include "btf_blob.h"
#include "codegen/abi.h"
#include "codegen/codegen.h"
#include "compile_helpers.h"
#include "btf/raw_btf.h"
#include "probes/probe.h"
#include "probes/syscall_table.h"
#include "sema/sema.h"

using namespace bdtrace;
using probes::AttachKind;

namespace {

int nr_of(const std::string& name) {
    for (const auto& s : probes::syscall_numbers())
        if (name == s.name) return s.nr;
    return -1;
}

}  // namespace

TEST(SyscallTable, NumbersAreTheX8664Abi) {
    EXPECT_EQ(nr_of("read"), 0);
    EXPECT_EQ(nr_of("write"), 1);
    EXPECT_EQ(nr_of("openat"), 257);
    EXPECT_EQ(nr_of("exit_group"), 231);
    EXPECT_EQ(nr_of("set_mempolicy_home_node"), 450);  // the last of the 6.1 header
    EXPECT_EQ(nr_of("mseal"), 462);                    // added after 6.1
    EXPECT_EQ(nr_of("uretprobe"), 335);
    std::set<std::string> names;
    std::set<int> numbers;
    for (const auto& s : probes::syscall_numbers()) {
        EXPECT_TRUE(names.insert(s.name).second) << s.name;
        EXPECT_TRUE(numbers.insert(s.nr).second) << s.nr;
        EXPECT_GE(s.nr, 0);
        EXPECT_LT(s.nr, probes::kMaxSyscallNr);
    }
}

TEST(SyscallTable, KernelCallsAreThoseWithAnEntryPoint) {
    // newstat implements stat; tuxcall has no entry point (sys_ni_syscall); ia32 and 16-bit
    // compat entry points have no x86-64 number.
    std::unordered_set<std::string> entry = {"write", "read", "newstat", "umount", "chown16", "ia32_pread64"};
    auto calls = probes::kernel_syscalls(entry);
    std::vector<std::pair<std::string, int>> got;
    for (const auto& s : calls) got.emplace_back(s.name, s.nr);
    std::vector<std::pair<std::string, int>> want = {{"read", 0}, {"write", 1}, {"stat", 4}, {"umount2", 166}};
    EXPECT_EQ(got, want);
    EXPECT_EQ(probes::syscall_entry_symbol("fstat"), "newfstat");
    EXPECT_EQ(probes::syscall_entry_symbol("sendfile"), "sendfile64");
    EXPECT_EQ(probes::syscall_entry_symbol("openat"), "openat");
}

TEST(SyscallTable, NoEntryPointsKnownMeansEveryNumberedCall) {
    auto calls = probes::kernel_syscalls({});
    EXPECT_EQ(calls.size(), probes::syscall_numbers().size());
    for (size_t i = 1; i < calls.size(); ++i) EXPECT_LT(calls[i - 1].nr, calls[i].nr);
}

TEST(SyscallTable, EntryPointsFromKallsyms) {
    std::string path = testing::TempDir() + "/kallsyms";
    {
        std::ofstream out(path);
        out << "ffffffff81000000 T _stext\n"
               "ffffffff81234560 T __x64_sys_read\n"
               "ffffffff81234570 t __x64_sys_openat\n"
               "ffffffff81234580 T __ia32_sys_read\n"
               "ffffffff81234590 T my__x64_sys_fake\n"
               "ffffffff812345a0 T __x64_sys_newstat\t[vmlinux]\n";
    }
    auto e = probes::read_syscall_entry_points(path);
    EXPECT_EQ(e, (std::unordered_set<std::string>{"read", "openat", "newstat"}));
    std::remove(path.c_str());
    EXPECT_TRUE(probes::read_syscall_entry_points(path).empty());
}

TEST(SyscallTable, EntryPointsFromBtfStrings) {
    // Names at the start of a string of the string section only; the type records around them
    // (which hold many NUL bytes) are not searched.
    testing_btf::BtfBlob b;
    b.type("int", BTF_KIND_INT, 0, 4);
    b.type("__x64_sys_read", BTF_KIND_FUNC);
    b.type("__do_sys_getpid", BTF_KIND_FUNC);
    b.type("x__x64_sys_fake", BTF_KIND_FUNC);
    b.type("__x64_sys_openat", BTF_KIND_FUNC);
    b.type("__ia32_sys_write", BTF_KIND_FUNC);
    auto btf = bdtrace::kbtf::RawBtf::from_bytes(b.bytes());
    ASSERT_TRUE(btf);
    auto e = probes::syscall_entry_points_btf(*btf);
    EXPECT_EQ(e, (std::unordered_set<std::string>{"read", "getpid", "openat"}));
}

TEST(SyscallProvider, ProbesPerCall) {
    probes::Registry r;
    auto read = r.match({"syscall", "", "read", ""});
    ASSERT_EQ(read.size(), 2u);
    EXPECT_EQ(read[0]->module, "vmlinux");
    EXPECT_EQ(read[0]->name, "entry");
    EXPECT_EQ(read[0]->kind(), AttachKind::SyscallEntry);
    EXPECT_EQ(read[1]->name, "return");
    EXPECT_EQ(read[1]->kind(), AttachKind::SyscallReturn);
    EXPECT_EQ(read[0]->syscall_nr(), 0);
    EXPECT_EQ(read[1]->id, read[0]->id + 1);
    // All the calls' probes were made together: ids do not depend on what was named first.
    auto write = r.match({"syscall", "vmlinux", "write", "entry"});
    ASSERT_EQ(write.size(), 1u);
    EXPECT_EQ(write[0]->id, read[0]->id + 2);
    probes::Registry other;
    EXPECT_EQ(other.match({"syscall", "", "write", "entry"})[0]->id, write[0]->id);
}

// -lv lists each entry probe's parameter types from the call's tracefs format, and the return
// value's type twice (arg0 and arg1) at return probes.
TEST(SyscallProvider, ArgTypesFromTracefs) {
    struct stat st;
    if (stat("/sys/kernel/tracing/events/syscalls/sys_enter_write/format", &st) != 0)
        GTEST_SKIP() << "tracefs has no syscall formats here (not mounted, or no CONFIG_FTRACE_SYSCALLS)";
    probes::Registry r;
    auto write = r.match({"syscall", "", "write", ""});
    ASSERT_EQ(write.size(), 2u);
    EXPECT_EQ(r.info(*write[0]).arg_types, (std::vector<std::string>{"unsigned int", "const char *", "size_t"}));
    EXPECT_EQ(r.info(*write[1]).arg_types, (std::vector<std::string>{"long", "long"}));
    auto execve = r.match({"syscall", "", "execve", "entry"});
    ASSERT_EQ(execve.size(), 1u);
    EXPECT_EQ(r.info(*execve[0]).arg_types,
              (std::vector<std::string>{"const char *", "const char *const *", "const char *const *"}));
    auto getpid = r.match({"syscall", "", "getpid", "entry"});
    ASSERT_EQ(getpid.size(), 1u);
    EXPECT_TRUE(r.info(*getpid[0]).arg_types.empty());
}

TEST(SyscallProvider, FbtAsksOnceAndSaysWhy) {
    probes::Registry r;
    int asked = 0;
    r.set_fbt_check([&] {
        ++asked;
        return std::string("fbt provider unavailable: no");
    });
    EXPECT_TRUE(r.match({"", "", "", "BEGIN"}).size() == 1);
    EXPECT_FALSE(r.take_error());
    EXPECT_EQ(asked, 0);  // not asked unless fbt is named
    EXPECT_TRUE(r.match({"fbt", "", "vfs_read", "entry"}).empty());
    auto why = r.take_error();
    ASSERT_TRUE(why);
    EXPECT_EQ(why->message, "fbt provider unavailable: no");
    r.match({"fbt", "", "", ""});
    EXPECT_EQ(asked, 1);
}

TEST(SyscallCodegen, TwoProgramsAndOneRowPerProbe) {
    sema::TypeTable types;
    probes::Registry registry;
    auto ps = test::compile(registry, types,
                            "syscall::read:entry, syscall::write:return { @ = count(); }\n"
                            "syscall::read:entry /errno == 0/ { trace(arg0); }\n"
                            "BEGIN { }\n");
    ASSERT_TRUE(ps);
    std::vector<AttachKind> kinds;
    for (const auto& p : ps->programs) kinds.push_back(p.kind);
    EXPECT_EQ(kinds, (std::vector<AttachKind>{AttachKind::Begin, AttachKind::SyscallEntry, AttachKind::SyscallReturn}));
    EXPECT_EQ(ps->syscall_clauses, (std::vector<uint32_t>{0, 1}));
    std::vector<int32_t> keys;
    for (const auto& e : ps->epids) {
        const auto* sys = e.plan_as<probes::SyscallPlan>();
        keys.push_back(sys ? static_cast<int32_t>(codegen::syscall_table_key(*sys)) : -1);
    }
    // read entry (0), write return (1 + kMaxSyscallNr), read entry again, BEGIN (none).
    EXPECT_EQ(keys, (std::vector<int32_t>{0, 1 + probes::kMaxSyscallNr, 0, -1}));
    const codegen::MapSpec& table = ps->maps.at(codegen::abi::kSyscallTableMap);
    EXPECT_EQ(table.max_entries, 2u * probes::kMaxSyscallNr);
    EXPECT_EQ(table.value_size, 4u * 3);  // the probe id, then one epid per syscall clause
    // Each program has its own scratch area: one may interrupt another on its CPU.
    EXPECT_EQ(ps->maps.at(codegen::abi::kScratchMap).max_entries, 3u);
}
