// System call parameters from tracefs formats (probes/syscall_format.h) and the types their C
// spellings name (sema/type_spelling.h): the parser on formats this test writes, the lookup
// of a call's format under a tracefs directory of the test's own, and the spellings resolved
// with D's types alone and with the kernel's BTF.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "vmlinux_btf.h"
#include "probes/syscall_format.h"
#include "sema/btf_types.h"
#include "sema/type_spelling.h"

using namespace bdtrace;
using probes::SyscallParam;

namespace {

// A format file as the kernel writes it: the common fields, __syscall_nr, then `fields`.
std::string format_text(const std::string& event, const std::vector<std::string>& fields) {
    std::string s = "name: " + event + "\nID: 842\nformat:\n"
                    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
                    "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
                    "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
                    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
                    "\tfield:int __syscall_nr;\toffset:8;\tsize:4;\tsigned:1;\n";
    int offset = 16;
    for (const auto& f : fields) {
        s += "\tfield:" + f + ";\toffset:" + std::to_string(offset) + ";\tsize:8;\tsigned:0;\n";
        offset += 8;
    }
    return s + "\nprint fmt: \"...\", ((unsigned long)(REC->x))\n";
}

std::vector<std::string> types_of(const std::vector<SyscallParam>& ps) {
    std::vector<std::string> out;
    for (const auto& p : ps) out.push_back(p.type);
    return out;
}

std::vector<std::string> names_of(const std::vector<SyscallParam>& ps) {
    std::vector<std::string> out;
    for (const auto& p : ps) out.push_back(p.name);
    return out;
}

bool have_btf() { return access("/sys/kernel/btf/vmlinux", R_OK) == 0; }

sema::TypeTable& btf_types() {
    static sema::TypeTable types;
    static bool loader = false;
    if (!loader) {
        types.set_btf_loader([] {
            std::string err;
            return sema::BtfSource::load(&err);
        });
        loader = true;
    }
    return types;
}

std::string spelled(sema::TypeTable& types, const std::string& spelling) {
    const sema::Type* t = sema::type_from_spelling(types, spelling);
    return t ? t->name : "(null)";
}

}  // namespace

TEST(SyscallFormat, ReadsParametersAfterSyscallNr) {
    auto ps = probes::parse_syscall_format(format_text("sys_enter_read", {"unsigned int fd", "char * buf", "size_t count"}));
    ASSERT_TRUE(ps);
    EXPECT_EQ(names_of(*ps), (std::vector<std::string>{"fd", "buf", "count"}));
    EXPECT_EQ(types_of(*ps), (std::vector<std::string>{"unsigned int", "char *", "size_t"}));
}

TEST(SyscallFormat, OddSpellings) {
    auto ps = probes::parse_syscall_format(format_text(
        "sys_enter_odd", {"const char *const * argv", "unsigned long addr", "struct stat * statbuf",
                          "const struct iovec * vec", "umode_t mode", "key_serial_t id", "aio_context_t * ctxp",
                          "u32 flags", "int * status", "char __user * name", "struct robust_list_head * * head_ptr",
                          "const void *const ptr", "unsigned len", "const enum landlock_rule_type rule_type",
                          "char comm[16]", "  unsigned   long\tx  "}));
    ASSERT_TRUE(ps);
    EXPECT_EQ(types_of(*ps),
              (std::vector<std::string>{"const char *const *", "unsigned long", "struct stat *", "const struct iovec *",
                                        "umode_t", "key_serial_t", "aio_context_t *", "u32", "int *", "char __user *",
                                        "struct robust_list_head **", "const void *const", "unsigned",
                                        "const enum landlock_rule_type", "char [16]", "unsigned long"}));
    EXPECT_EQ(names_of(*ps), (std::vector<std::string>{"argv", "addr", "statbuf", "vec", "mode", "id", "ctxp", "flags",
                                                        "status", "name", "head_ptr", "ptr", "len", "rule_type", "comm", "x"}));
}

TEST(SyscallFormat, NoParametersAndNotASyscallFormat) {
    auto none = probes::parse_syscall_format(format_text("sys_enter_getpid", {}));
    ASSERT_TRUE(none);
    EXPECT_TRUE(none->empty());
    auto ret = probes::parse_syscall_format(format_text("sys_exit_read", {"long ret"}));
    ASSERT_TRUE(ret);
    EXPECT_EQ(types_of(*ret), std::vector<std::string>{"long"});
    // sched_switch's format: no __syscall_nr field.
    EXPECT_FALSE(probes::parse_syscall_format("name: sched_switch\nformat:\n\tfield:char prev_comm[16];\toffset:8;\n"));
    EXPECT_FALSE(probes::parse_syscall_format(""));
    // A parameter that is no declaration: the others' indexes are unknown, so no parameters.
    EXPECT_FALSE(probes::parse_syscall_format(format_text("sys_enter_x", {"int fd", "*", "int flags"})));
    EXPECT_FALSE(probes::parse_syscall_format(format_text("sys_enter_x", {"", "int fd"})));
    // Other lines (name, ID, print fmt, blank) and the common fields are not parameters.
    auto one = probes::parse_syscall_format(format_text("sys_enter_x", {"int fd"}));
    ASSERT_TRUE(one);
    EXPECT_EQ(names_of(*one), std::vector<std::string>{"fd"});
}

TEST(SyscallFormat, NormalizesSpelling) {
    EXPECT_EQ(probes::normalize_type_spelling(" const  char*const*"), "const char *const *");
    EXPECT_EQ(probes::normalize_type_spelling("struct iocb * *"), "struct iocb **");
    EXPECT_EQ(probes::normalize_type_spelling("char[ 16 ]"), "char [16]");
    EXPECT_EQ(probes::normalize_type_spelling(""), "");
}

TEST(SyscallFormat, ReadFromATracefsDirectoryOnce) {
    std::filesystem::path root = std::filesystem::temp_directory_path() / ("lt_tracefs_" + std::to_string(getpid()));
    auto event = [&](const std::string& name, const std::vector<std::string>& fields) {
        std::filesystem::create_directories(root / "events/syscalls" / name);
        std::ofstream(root / "events/syscalls" / name / "format") << format_text(name, fields);
    };
    event("sys_enter_read", {"unsigned int fd", "char * buf", "size_t count"});
    event("sys_exit_read", {"long ret"});
    event("sys_enter_newstat", {"const char * filename", "struct stat * statbuf"});  // stat's kernel name
    const auto* read = probes::syscall_format("read", true, root);
    ASSERT_TRUE(read);
    EXPECT_EQ(names_of(*read), (std::vector<std::string>{"fd", "buf", "count"}));
    const auto* ret = probes::syscall_format("read", false, root);
    ASSERT_TRUE(ret);
    EXPECT_EQ(types_of(*ret), std::vector<std::string>{"long"});
    const auto* stat = probes::syscall_format("stat", true, root);
    ASSERT_TRUE(stat);
    EXPECT_EQ(types_of(*stat), (std::vector<std::string>{"const char *", "struct stat *"}));
    EXPECT_FALSE(probes::syscall_format("write", true, root));
    // Cached: the file is read once.
    std::filesystem::remove_all(root);
    EXPECT_EQ(probes::syscall_format("read", true, root), read);
}

// The kernel's BTF is parsed only for a call tracefs has no format of: a syscall one-liner's
// argument types come from tracefs alone.
TEST(SyscallFormat, BtfAskedOnlyWithoutAFormat) {
    std::filesystem::path root =
        std::filesystem::temp_directory_path() / ("lt_tracefs_btf_" + std::to_string(getpid()));
    std::filesystem::create_directories(root / "events/syscalls/sys_enter_pread64");
    std::ofstream(root / "events/syscalls/sys_enter_pread64/format")
        << format_text("sys_enter_pread64",
                       {"unsigned int fd", "char * buf", "size_t count", "loff_t pos"});
    int asked = 0;
    auto parsed = [&asked]() -> const struct btf* {
        ++asked;
        return nullptr;
    };
    EXPECT_EQ(probes::syscall_probe_arg_types(parsed, "pread64", true, root),
              (std::vector<std::string>{"unsigned int", "char *", "size_t", "loff_t"}));
    EXPECT_EQ(asked, 0);
    EXPECT_TRUE(probes::syscall_probe_arg_types(parsed, "lt_nocall", true, root).empty());
    EXPECT_EQ(asked, 1);
    std::filesystem::remove_all(root);
}

// Without tracefs formats, -lv falls back to the __do_sys_<call> BTF record the kernel keeps
// for some calls (getcwd on 6.1 to 6.18); the return value is then untyped.
TEST(SyscallFormat, WithoutTracefsTypesFromBtf) {
    if (!have_btf()) GTEST_SKIP() << "no /sys/kernel/btf/vmlinux";
    std::string none = "/nonexistent/lt_tracefs";
    auto parsed = [] { return test::vmlinux().parsed(); };
    auto getcwd = probes::syscall_probe_arg_types(parsed, "getcwd", true, none);
    if (getcwd.empty()) GTEST_SKIP() << "this kernel's BTF has no __do_sys_getcwd";
    EXPECT_EQ(getcwd, (std::vector<std::string>{"char *", "unsigned long"}));
    EXPECT_TRUE(probes::syscall_probe_arg_types(parsed, "getcwd", false, none).empty());
}

TEST(TypeSpelling, DTypesWithoutBtf) {
    sema::TypeTable types;
    EXPECT_EQ(spelled(types, "unsigned"), "unsigned int");
    EXPECT_EQ(spelled(types, "unsigned int"), "unsigned int");
    EXPECT_EQ(spelled(types, "long int"), "long");
    EXPECT_EQ(spelled(types, "unsigned long"), "unsigned long");
    EXPECT_EQ(spelled(types, "long long unsigned"), "unsigned long long");
    EXPECT_EQ(spelled(types, "signed char"), "signed char");
    EXPECT_EQ(spelled(types, "int *"), "int *");
    EXPECT_EQ(spelled(types, "const char *const *"), "char **");
    EXPECT_EQ(spelled(types, "char __user *"), "char *");
    EXPECT_EQ(spelled(types, "const void *const"), "void *");
    EXPECT_EQ(sema::type_from_spelling(types, "size_t"), types.lookup_typedef("size_t"));
    EXPECT_EQ(sema::type_from_spelling(types, "pid_t"), types.lookup_typedef("pid_t"));
    // Unknown names, arrays, function pointers, a declarator's name: not a type.
    EXPECT_EQ(spelled(types, "no_such_type_t"), "(null)");
    EXPECT_EQ(spelled(types, "char [16]"), "(null)");
    EXPECT_EQ(spelled(types, "void (*)(int)"), "(null)");
    EXPECT_EQ(spelled(types, "char * name"), "(null)");
    EXPECT_EQ(spelled(types, "struct"), "(null)");
    EXPECT_EQ(spelled(types, ""), "(null)");
}

TEST(TypeSpelling, UserSpacePointersAtEveryLevel) {
    sema::TypeTable types;
    const sema::Type* argv = sema::in_user_space(types, sema::type_from_spelling(types, "const char *const *"));
    ASSERT_TRUE(argv && argv->is_pointer());
    EXPECT_EQ(argv->space, sema::AddrSpace::User);
    ASSERT_TRUE(argv->target->is_pointer());
    EXPECT_EQ(argv->target->space, sema::AddrSpace::User);
    EXPECT_EQ(argv->target->target, types.int_named("char"));
    EXPECT_EQ(sema::in_user_space(types, types.int_named("int")), types.int_named("int"));
    EXPECT_EQ(sema::in_user_space(types, nullptr), nullptr);
}

TEST(TypeSpelling, KernelTypesFromBtf) {
    if (!have_btf()) GTEST_SKIP() << "no /sys/kernel/btf/vmlinux";
    sema::TypeTable& types = btf_types();
    EXPECT_EQ(spelled(types, "struct stat *"), "struct stat *");
    EXPECT_EQ(spelled(types, "const struct iovec *"), "struct iovec *");
    EXPECT_EQ(spelled(types, "union bpf_attr *"), "union bpf_attr *");
    EXPECT_EQ(spelled(types, "struct robust_list_head **"), "struct robust_list_head **");
    const sema::Type* rule = sema::type_from_spelling(types, "const enum landlock_rule_type");
    ASSERT_TRUE(rule);
    EXPECT_EQ(rule->kind, sema::TypeKind::Enum);
    for (const char* name : {"umode_t", "key_serial_t", "u32", "__u64", "__s32", "loff_t", "aio_context_t"}) {
        const sema::Type* t = sema::type_from_spelling(types, name);
        ASSERT_TRUE(t) << name;
        EXPECT_TRUE(t->is_integer()) << name;
    }
    EXPECT_EQ(sema::type_from_spelling(types, "umode_t")->size, 2u);
    EXPECT_EQ(sema::type_from_spelling(types, "u32")->size, 4u);
    const sema::Type* ctxp = sema::type_from_spelling(types, "aio_context_t *");
    ASSERT_TRUE(ctxp && ctxp->is_pointer());
    EXPECT_EQ(ctxp->target->size, 8u);
    EXPECT_EQ(spelled(types, "struct no_such_struct_lt *"), "(null)");
}

// Every parameter of every system call this kernel's tracefs describes has a type sema knows.
TEST(TypeSpelling, EveryFormatOfThisKernelResolves) {
    std::string dir = "/sys/kernel/tracing/events/syscalls";
    struct stat st;
    if (stat(dir.c_str(), &st) != 0) GTEST_SKIP() << "no " << dir << " (tracefs not mounted, or no CONFIG_FTRACE_SYSCALLS)";
    if (!have_btf()) GTEST_SKIP() << "no /sys/kernel/btf/vmlinux";
    sema::TypeTable& types = btf_types();
    size_t params = 0;
    std::vector<std::string> unresolved;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
        std::string name = e.path().filename();
        if (name.rfind("sys_enter_", 0) != 0) continue;
        std::ifstream in(e.path() / "format");
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        auto ps = probes::parse_syscall_format(text);
        ASSERT_TRUE(ps) << name;
        for (const auto& p : *ps) {
            ++params;
            if (!sema::type_from_spelling(types, p.type)) unresolved.push_back(name + ": " + p.type + " " + p.name);
        }
    }
    EXPECT_GT(params, 500u);
    EXPECT_EQ(unresolved, std::vector<std::string>{});
}
