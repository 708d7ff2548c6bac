// Every function of the dynamic linker, the C library and libstdc++ that this test process maps
// decodes to the sites the pid provider would probe: instruction starts inside the function,
// return sites and 5-byte NOPs on instruction starts, no site inside another function, and a
// decode that reaches the function's end or says why it stopped. Their local symbols (the PLT
// resolver, .cold parts) come from the debug files when installed (libc6-dbg).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <map>
#include <string>

#include "process/function_code.h"
#include "process/proc_maps.h"
#include "process/uretprobe_safety.h"

using namespace bdtrace::process;

namespace {

std::string mapped_path(const char* module_prefix) {
    auto mapped = read_mapped_objects(static_cast<uint64_t>(getpid()));
    if (!mapped) return "";
    for (const auto& m : *mapped)
        if (m.module.rfind(module_prefix, 0) == 0) return m.root + m.path;
    return "";
}

struct Census {
    size_t functions = 0, incomplete = 0, no_return = 0, sites = 0, nop5 = 0;
    std::map<ReturnKind, size_t> by_kind;
    std::vector<std::string> stopped;  // name: why
};

// Decodes every function of the file and checks the invariants; returns the counts.
Census check_file(const std::string& path, std::shared_ptr<const ElfFile>& elf) {
    Census c;
    elf = ElfFile::load("", path);
    if (!elf) {
        ADD_FAILURE() << "cannot read " << path;
        return c;
    }
    const auto& table = elf->symtab.empty() ? elf->dynsym : elf->symtab;
    uint64_t last = ~uint64_t{0};
    for (const ElfSymbol& s : table) {
        if (s.size == 0 || s.value == last) continue;  // aliases share one decode
        last = s.value;
        ++c.functions;
        FunctionCode code = decode_function(*elf, s);
        if (!code.complete) {
            ++c.incomplete;
            EXPECT_FALSE(code.why.empty()) << s.name;
            c.stopped.push_back(s.name + ": " + code.why);
            continue;
        }
        if (code.insns.empty()) {
            ADD_FAILURE() << s.name << ": no instructions";
            continue;
        }
        EXPECT_EQ(code.insns.front(), 0u) << s.name;
        for (size_t i = 1; i < code.insns.size(); ++i) EXPECT_LT(code.insns[i - 1], code.insns[i]) << s.name;
        EXPECT_LT(code.insns.back(), s.size) << s.name;
        for (const ReturnSite& r : code.returns) {
            EXPECT_TRUE(code.is_insn(r.offset)) << s.name << " return site " << r.offset;
            const ElfSymbol* owner = elf->containing(s.value + r.offset);
            EXPECT_TRUE(owner && owner->value == s.value)
                << s.name << "+" << r.offset << " lies in " << (owner ? owner->name : "no function");
            ++c.by_kind[r.kind];
        }
        for (uint64_t n : code.nop5) EXPECT_TRUE(code.is_insn(n)) << s.name;
        c.sites += code.returns.size();
        c.nop5 += code.nop5.size();
        if (code.returns.empty()) ++c.no_return;
    }
    return c;
}

void report(const char* what, Census c) {
    std::printf("%s: %zu functions, %zu incomplete, %zu without a return site; %zu return sites (ret %zu, jmp %zu, "
                "jcc %zu, indirect %zu); %zu 5-byte NOPs\n",
                what, c.functions, c.incomplete, c.no_return, c.sites, c.by_kind[ReturnKind::Ret],
                c.by_kind[ReturnKind::Jump], c.by_kind[ReturnKind::CondJump],
                c.by_kind[ReturnKind::IndirectJump], c.nop5);
    for (const auto& s : c.stopped) std::printf("  %s\n", s.c_str());
}

const ElfSymbol* find(const ElfFile& elf, const std::string& name) {
    for (const auto& s : elf.symtab)
        if (s.name == name) return &s;
    return nullptr;
}

}  // namespace

TEST(SystemCode, DynamicLinker) {
    std::string path = mapped_path("ld-linux");
    if (path.empty()) GTEST_SKIP() << "no ld-linux mapped";
    std::shared_ptr<const ElfFile> elf;
    Census c = check_file(path, elf);
    report(path.c_str(), c);
    EXPECT_GT(c.functions, 20u);
    EXPECT_EQ(c.incomplete, 0u);
    // The PLT resolvers end in `jmp *%r11` to the function they resolved: that is their return
    // site, and a return uprobe is refused (their (%rsp) is the link map the PLT pushed).
    const ElfSymbol* resolver = elf ? find(*elf, "_dl_runtime_resolve_xsavec") : nullptr;
    if (!resolver) GTEST_SKIP() << "no local symbols for ld.so (install libc6-dbg)";
    FunctionCode code = decode_function(*elf, *resolver);
    ASSERT_TRUE(code.complete) << code.why;
    ASSERT_EQ(code.returns.size(), 1u);
    EXPECT_EQ(code.returns[0].kind, ReturnKind::IndirectJump);
    EXPECT_EQ(code.returns[0].offset, code.insns.back());
    // Its CFI puts the return address two words up at the entry.
    EXPECT_EQ(code.entry_return_address, std::optional<bool>(false));
    std::vector<std::string> names = {resolver->name};
    EXPECT_FALSE(uretprobe_safety(names, code, false).safe);
    // An ordinary function's entry holds its return address.
    if (const ElfSymbol* fixup = find(*elf, "_dl_fixup")) {
        EXPECT_EQ(decode_function(*elf, *fixup).entry_return_address, std::optional<bool>(true));
    }
}

TEST(SystemCode, CLibrary) {
    std::string path = mapped_path("libc.so");
    if (path.empty()) GTEST_SKIP() << "no libc mapped";
    std::shared_ptr<const ElfFile> elf;
    Census c = check_file(path, elf);
    report(path.c_str(), c);
    EXPECT_GT(c.functions, 1000u);
    EXPECT_EQ(c.incomplete, 0u);
    EXPECT_GT(c.by_kind[ReturnKind::Ret], 1000u);
    if (const ElfSymbol* restorer = elf ? find(*elf, "__restore_rt") : nullptr) {
        FunctionCode code = decode_function(*elf, *restorer);
        EXPECT_TRUE(code.returns.empty());
    }
}

TEST(SystemCode, CxxLibrary) {
    std::string path = mapped_path("libstdc++");
    if (path.empty()) GTEST_SKIP() << "no libstdc++ mapped";
    std::shared_ptr<const ElfFile> elf;
    Census c = check_file(path, elf);
    report(path.c_str(), c);
    EXPECT_GT(c.functions, 1000u);
    EXPECT_EQ(c.incomplete, 0u);
}
