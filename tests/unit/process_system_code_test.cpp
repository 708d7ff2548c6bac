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

#include "process/entry_site.h"
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
    // The kernel's path for each function's entry uprobe: at its first instruction, and where
    // entry_site.h places it (past instructions that change nothing, or only scratch registers).
    std::map<UprobePath, size_t> first, exact, further;
    size_t tail_calls = 0, leaves = 0, self_calls = 0, landings_unknown = 0;
    std::map<std::string, size_t> still_slow;  // why_not of the entries left single-stepped
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
        std::vector<uint8_t> bytes = elf->read(s.value, s.size);
        EntryPlacement place = place_entry(bytes, code, s.value, readable_of(*elf));
        ++c.first[place.first.insn.path];
        ++c.exact[place.exact.insn.path];
        ++c.further[place.further.insn.path];
        if (!fast_path(place.further.insn.path)) {
            // By reason, with the instruction's mnemonic and not its operands.
            std::string why = place.why_not;
            if (auto tick = why.find('`'); tick != std::string::npos) {
                auto end = why.find_first_of(" `", tick + 1);
                why = why.substr(0, end) + "...` " + why.substr(why.find("changes"));
            }
            ++c.still_slow[why];
        }
        if (place.further.offset) {
            EXPECT_TRUE(code.is_insn(place.further.offset)) << s.name;
            EXPECT_FALSE(code.lands_in(1, place.further.offset)) << s.name;
        }
        if (!code.has_call && !code.returns.empty()) ++c.leaves;
        c.self_calls += code.self_call;
        c.landings_unknown += !code.landings_known;
        for (const ReturnSite& r : code.returns)
            if (r.kind != ReturnKind::Ret) {
                ++c.tail_calls;
                break;
            }
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
    auto paths = [](const std::map<UprobePath, size_t>& m) {
        std::string out;
        for (const auto& [p, n] : m) out += std::string(out.empty() ? "" : ", ") + std::string(path_name(p)) + " " + std::to_string(n);
        return out;
    };
    std::printf("  entry uprobes: at the first instruction: %s\n", paths(c.first).c_str());
    std::printf("  past instructions that change nothing: %s\n", paths(c.exact).c_str());
    std::printf("  past scratch-register arithmetic too: %s\n", paths(c.further).c_str());
    std::printf("  %zu functions with a tail call, %zu leaves, %zu call themselves, %zu jump through a register inside\n",
                c.tail_calls, c.leaves, c.self_calls, c.landings_unknown);
    for (const auto& [why, n] : c.still_slow) std::printf("  still single-stepped: %zu: %s\n", n, why.c_str());
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
