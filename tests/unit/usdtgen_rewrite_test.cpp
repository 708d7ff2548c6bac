// dtrace -G over objects built with DTrace's own sys/sdt.h (src/usdtgen/probe_sites.*,
// object_rewrite.*): the probe symbols' names, each call form's rewriting byte for byte, the
// notes' argument specs, and a whole object made here with libelf, rewritten and read back.
#include <fcntl.h>
#include <gelf.h>
#include <gtest/gtest.h>
#include <libelf.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include "arch/x86_64_regs.h"
#include "frontend/parse.h"
#include "process/usdt_args.h"
#include "usdtgen/elf_object.h"
#include "usdtgen/model.h"
#include "usdtgen/object_rewrite.h"
#include "usdtgen/probe_sites.h"

using namespace bdtrace;
using namespace bdtrace::usdtgen;

namespace {

std::vector<UsdtProvider> providers_of(const std::string& text) {
    frontend::SourceBuffer src("t.d", text);
    DiagnosticList diags;
    auto r = frontend::parse_program(src, {}, diags);
    EXPECT_FALSE(diags.has_errors());
    return collect_providers(*r.program, diags);
}

std::string tmp_path(const char* name) {
    const char* dir = std::getenv("TMPDIR");
    return std::string(dir ? dir : "/tmp") + "/bdtrace-rewrite-" + std::to_string(getpid()) + "-" + name;
}

std::string file_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::vector<uint8_t> bytes(std::initializer_list<int> v) {
    std::vector<uint8_t> out;
    for (int b : v) out.push_back(static_cast<uint8_t>(b));
    return out;
}

}  // namespace

TEST(UsdtRewrite, ProbeSymbols) {
    auto p = parse_probe_symbol("__dtrace_myprov___query__start");
    ASSERT_TRUE(p);
    EXPECT_FALSE(p->is_enabled);
    EXPECT_EQ(p->provider, "myprov");
    EXPECT_EQ(p->c_name, "query__start");
    auto e = parse_probe_symbol("__dtraceenabled_my_prov___go");
    ASSERT_TRUE(e);
    EXPECT_TRUE(e->is_enabled);
    EXPECT_EQ(e->provider, "my_prov");  // the provider ends at the first "___"
    EXPECT_EQ(e->c_name, "go");
    EXPECT_EQ(enabled_symbol("my_prov", "go"), "__dtraceenabled_my_prov___go");
    EXPECT_FALSE(parse_probe_symbol("__dtrace_noprobe"));
    EXPECT_FALSE(parse_probe_symbol("__dtrace____x"));  // no provider
    EXPECT_FALSE(parse_probe_symbol("__dtrace_p___"));  // no probe
    EXPECT_FALSE(parse_probe_symbol("main"));
    EXPECT_FALSE(parse_probe_symbol("_dtrace_p___x"));
}

// Each call form becomes a one-byte nop (the probed instruction: never a five-byte nop, which
// the kernel may turn into a call writing below the stack pointer) and padding of its length;
// a tail jump keeps returning to the caller.
TEST(UsdtRewrite, CallForms) {
    auto call = bytes({0x55, 0xe8, 0, 0, 0, 0, 0x5d});
    auto site = call_site_at(call.data(), call.size(), 2, R_X86_64_PLT32);
    ASSERT_TRUE(site);
    EXPECT_EQ(site->start, 1u);
    EXPECT_EQ(site->length, 5u);
    EXPECT_FALSE(site->tail);
    write_probe_site(call.data(), *site);
    EXPECT_EQ(call, bytes({0x55, 0x90, 0x0f, 0x1f, 0x40, 0x00, 0x5d}));

    auto jmp = bytes({0xe9, 0, 0, 0, 0});
    site = call_site_at(jmp.data(), jmp.size(), 1, R_X86_64_PC32);
    ASSERT_TRUE(site);
    EXPECT_TRUE(site->tail);
    write_probe_site(jmp.data(), *site);
    EXPECT_EQ(jmp, bytes({0x90, 0xc3, 0x0f, 0x1f, 0x00}));

    auto got = bytes({0xff, 0x15, 0, 0, 0, 0});  // call *x@GOTPCREL(%rip) (-fno-plt)
    site = call_site_at(got.data(), got.size(), 2, R_X86_64_GOTPCRELX);
    ASSERT_TRUE(site);
    EXPECT_EQ(site->length, 6u);
    write_probe_site(got.data(), *site);
    EXPECT_EQ(got, bytes({0x90, 0x0f, 0x1f, 0x44, 0x00, 0x00}));

    auto got_jmp = bytes({0xff, 0x25, 0, 0, 0, 0});
    site = call_site_at(got_jmp.data(), got_jmp.size(), 2, R_X86_64_REX_GOTPCRELX);
    ASSERT_TRUE(site);
    write_probe_site(got_jmp.data(), *site);
    EXPECT_EQ(got_jmp, bytes({0x90, 0xc3, 0x0f, 0x1f, 0x40, 0x00}));

    // Anything else is not a site this relocation completes.
    auto mov = bytes({0x48, 0x8b, 0x05, 0, 0, 0, 0});
    EXPECT_FALSE(call_site_at(mov.data(), mov.size(), 3, R_X86_64_PC32));
    EXPECT_FALSE(call_site_at(mov.data(), mov.size(), 3, R_X86_64_GOTPCRELX));
    EXPECT_FALSE(call_site_at(call.data(), call.size(), 2, R_X86_64_64));
    EXPECT_FALSE(call_site_at(call.data(), 4, 2, R_X86_64_PLT32));  // operand past the end
    EXPECT_FALSE(call_site_at(call.data(), call.size(), 0, R_X86_64_PLT32));
}

// The arguments where the call would have found them: six registers, then the stack.
TEST(UsdtRewrite, ArgumentSpecs) {
    EXPECT_EQ(call_arg_specs(0), "");
    EXPECT_EQ(call_arg_specs(2), "8@%rdi 8@%rsi");
    std::string eight = call_arg_specs(8);
    EXPECT_EQ(eight, "8@%rdi 8@%rsi 8@%rdx 8@%rcx 8@%r8 8@%r9 8@0(%rsp) 8@8(%rsp)");
    std::string err;
    auto args = process::parse_usdt_args(call_arg_specs(12), &err);
    ASSERT_TRUE(args) << err;
    ASSERT_EQ(args->size(), 12u);
    EXPECT_EQ((*args)[0].kind, process::UsdtArg::Kind::Reg);
    EXPECT_EQ((*args)[11].kind, process::UsdtArg::Kind::Mem);
    EXPECT_EQ((*args)[11].value, 40);
    EXPECT_EQ((*args)[11].base, arch::register_by_name("rsp")->offset);
    for (const auto& a : *args) {
        EXPECT_EQ(a.size, 8);
        EXPECT_FALSE(a.is_signed);
    }
}

namespace {

// A relocatable object as DTrace's sys/sdt.h makes one, with no section symbol for .text (so
// that the rewriter must add one among the locals and renumber the globals):
//   0: call __dtrace_p___go             (R_X86_64_PLT32)
//   5: call __dtraceenabled_p___go      (R_X86_64_PLT32, stays)
//  10: jmp  __dtrace_p___two            (R_X86_64_PC32: a tail call)
//  15: call *__dtrace_p___go@GOTPCREL   (R_X86_64_GOTPCRELX)
//  21: ret
void write_test_object(const std::string& path) {
    elf_version(EV_CURRENT);
    int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ASSERT_GE(fd, 0);
    Elf* elf = elf_begin(fd, ELF_C_WRITE, nullptr);
    Elf64_Ehdr* eh = elf64_newehdr(elf);
    eh->e_ident[EI_DATA] = ELFDATA2LSB;
    eh->e_type = ET_REL;
    eh->e_machine = EM_X86_64;
    eh->e_version = EV_CURRENT;
    static unsigned char text[] = {0xe8, 0, 0, 0, 0, 0xe8, 0, 0, 0, 0, 0xe9, 0, 0, 0, 0,
                                   0xff, 0x15, 0, 0, 0, 0, 0xc3};
    static const char strtab[] = "\0main\0__dtrace_p___go\0__dtraceenabled_p___go\0__dtrace_p___two";
    static const char shstrtab[] = "\0.text\0.rela.text\0.symtab\0.strtab\0.shstrtab";
    static Elf64_Sym syms[5] = {};
    syms[1] = {1, ELF64_ST_INFO(STB_GLOBAL, STT_FUNC), 0, 1, 0, sizeof text};
    syms[2] = {6, ELF64_ST_INFO(STB_GLOBAL, STT_NOTYPE), 0, SHN_UNDEF, 0, 0};
    syms[3] = {22, ELF64_ST_INFO(STB_GLOBAL, STT_NOTYPE), 0, SHN_UNDEF, 0, 0};
    syms[4] = {45, ELF64_ST_INFO(STB_GLOBAL, STT_NOTYPE), 0, SHN_UNDEF, 0, 0};
    static Elf64_Rela relas[4] = {
        {1, ELF64_R_INFO(2, R_X86_64_PLT32), -4},
        {6, ELF64_R_INFO(3, R_X86_64_PLT32), -4},
        {11, ELF64_R_INFO(4, R_X86_64_PC32), -4},
        {17, ELF64_R_INFO(2, R_X86_64_GOTPCRELX), -4},
    };
    struct S {
        size_t name;
        Elf64_Word type;
        Elf64_Xword flags;
        void* data;
        size_t size;
        Elf_Type dtype;
        Elf64_Word link, info, entsize;
    };
    const S sections[] = {
        {1, SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, text, sizeof text, ELF_T_BYTE, 0, 0, 0},
        {7, SHT_RELA, SHF_INFO_LINK, relas, sizeof relas, ELF_T_RELA, 3, 1, sizeof(Elf64_Rela)},
        {18, SHT_SYMTAB, 0, syms, sizeof syms, ELF_T_SYM, 4, 1, sizeof(Elf64_Sym)},
        {26, SHT_STRTAB, 0, const_cast<char*>(strtab), sizeof strtab, ELF_T_BYTE, 0, 0, 0},
        {34, SHT_STRTAB, 0, const_cast<char*>(shstrtab), sizeof shstrtab, ELF_T_BYTE, 0, 0, 0},
    };
    for (const S& s : sections) {
        Elf_Scn* scn = elf_newscn(elf);
        Elf_Data* d = elf_newdata(scn);
        d->d_buf = s.data;
        d->d_size = s.size;
        d->d_type = s.dtype;
        d->d_align = s.dtype == ELF_T_BYTE ? 1 : 8;
        d->d_version = EV_CURRENT;
        Elf64_Shdr* sh = elf64_getshdr(scn);
        sh->sh_name = static_cast<Elf64_Word>(s.name);
        sh->sh_type = s.type;
        sh->sh_flags = s.flags;
        sh->sh_link = s.link;
        sh->sh_info = s.info;
        sh->sh_entsize = s.entsize;
        sh->sh_addralign = d->d_align;
    }
    eh->e_shstrndx = 5;
    ASSERT_GE(elf_update(elf, ELF_C_WRITE), 0) << elf_errmsg(-1);
    elf_end(elf);
    close(fd);
}

struct Object {
    std::map<std::string, std::vector<GElf_Shdr>> sections;  // by name (notes may repeat)
    std::map<std::string, std::vector<std::string>> data;
    std::vector<std::string> names;  // by section index
    std::vector<std::pair<std::string, GElf_Sym>> symbols;
    size_t first_global = 0;
    std::map<std::string, std::vector<GElf_Rela>> relas;  // by section name
};

Object read_object(const std::string& path) {
    Object o;
    int fd = open(path.c_str(), O_RDONLY);
    Elf* elf = elf_begin(fd, ELF_C_READ, nullptr);
    size_t shstrndx = 0;
    elf_getshdrstrndx(elf, &shstrndx);
    o.names.push_back("");
    for (Elf_Scn* scn = elf_nextscn(elf, nullptr); scn; scn = elf_nextscn(elf, scn)) {
        GElf_Shdr sh;
        gelf_getshdr(scn, &sh);
        std::string name = elf_strptr(elf, shstrndx, sh.sh_name);
        o.names.push_back(name);
        o.sections[name].push_back(sh);
        Elf_Data* d = elf_getdata(scn, nullptr);
        if (d && d->d_buf) o.data[name].emplace_back(static_cast<const char*>(d->d_buf), d->d_size);
        if (sh.sh_type == SHT_SYMTAB) {
            o.first_global = sh.sh_info;
            for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; ++i) {
                GElf_Sym s;
                gelf_getsym(d, static_cast<int>(i), &s);
                o.symbols.emplace_back(elf_strptr(elf, sh.sh_link, s.st_name), s);
            }
        }
        if (sh.sh_type == SHT_RELA)
            for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; ++i) {
                GElf_Rela r;
                gelf_getrela(d, static_cast<int>(i), &r);
                o.relas[name].push_back(r);
            }
    }
    elf_end(elf);
    close(fd);
    return o;
}

}  // namespace

TEST(UsdtRewrite, ObjectRewrittenOnce) {
    const std::string path = tmp_path("dtrace_sdt.o");
    write_test_object(path);
    auto providers = providers_of("provider p { probe go(); probe two(int a, char *b); };");
    RewriteOutcome out;
    ASSERT_EQ(rewrite_object(path, providers, out), std::nullopt);
    EXPECT_EQ(out.sites, 3u);
    ASSERT_EQ(out.enabled.size(), 1u);
    EXPECT_EQ(out.enabled[0].symbol, "__dtraceenabled_p___go");
    EXPECT_EQ(out.enabled[0].semaphore, "p_go_semaphore");

    Object o = read_object(path);
    const std::string& text = o.data[".text"].at(0);
    EXPECT_EQ(text, std::string("\x90\x0f\x1f\x40\x00"        // call: nop + 4-byte nop
                                "\xe8\x00\x00\x00\x00"        // is-enabled call: kept
                                "\x90\xc3\x0f\x1f\x00"        // tail jump: nop, ret
                                "\x90\x0f\x1f\x44\x00\x00"    // call through the GOT
                                "\xc3",
                                22));

    // Symbols: locals first (sh_info), the new .text section symbol among them; the probe
    // functions absolute, weak and hidden; the semaphores undefined; _.stapsdt.base defined.
    std::map<std::string, GElf_Sym> by_name;
    size_t text_sym = 0, base_section_sym = 0;
    for (size_t i = 0; i < o.symbols.size(); ++i) {
        const auto& [name, s] = o.symbols[i];
        EXPECT_EQ(GELF_ST_BIND(s.st_info) == STB_LOCAL, i < o.first_global) << name;
        if (GELF_ST_TYPE(s.st_info) == STT_SECTION && o.names.at(s.st_shndx) == ".text") text_sym = i;
        if (GELF_ST_TYPE(s.st_info) == STT_SECTION && o.names.at(s.st_shndx) == ".stapsdt.base") base_section_sym = i;
        if (!name.empty()) by_name[name] = s;
    }
    ASSERT_NE(text_sym, 0u);
    ASSERT_NE(base_section_sym, 0u);
    for (const char* fn : {"__dtrace_p___go", "__dtrace_p___two"}) {
        EXPECT_EQ(by_name[fn].st_shndx, SHN_ABS) << fn;
        EXPECT_EQ(GELF_ST_BIND(by_name[fn].st_info), STB_WEAK) << fn;
        EXPECT_EQ(GELF_ST_VISIBILITY(by_name[fn].st_other), STV_HIDDEN) << fn;
    }
    EXPECT_EQ(by_name["__dtraceenabled_p___go"].st_shndx, SHN_UNDEF);
    EXPECT_EQ(by_name["p_go_semaphore"].st_shndx, SHN_UNDEF);
    EXPECT_EQ(by_name["p_two_semaphore"].st_shndx, SHN_UNDEF);
    EXPECT_EQ(o.names.at(by_name["_.stapsdt.base"].st_shndx), ".stapsdt.base");
    EXPECT_EQ(GELF_ST_BIND(by_name["_.stapsdt.base"].st_info), STB_WEAK);

    // .stapsdt.base in a COMDAT group signed by its section symbol, as SystemTap's header does.
    ASSERT_EQ(o.sections[".group"].size(), 1u);
    EXPECT_EQ(o.sections[".group"][0].sh_info, base_section_sym);
    const std::string& group = o.data[".group"].at(0);
    uint32_t words[2];
    ASSERT_EQ(group.size(), sizeof words);
    std::memcpy(words, group.data(), sizeof words);
    EXPECT_EQ(words[0], static_cast<uint32_t>(GRP_COMDAT));
    EXPECT_EQ(o.names.at(words[1]), ".stapsdt.base");

    // The code's relocations: the rewritten ones are R_X86_64_NONE, the is-enabled call's
    // still names its function (renumbered past the new locals).
    const auto& text_relas = o.relas[".rela.text"];
    ASSERT_EQ(text_relas.size(), 4u);
    EXPECT_EQ(GELF_R_TYPE(text_relas[0].r_info), static_cast<unsigned>(R_X86_64_NONE));
    EXPECT_EQ(GELF_R_TYPE(text_relas[1].r_info), static_cast<unsigned>(R_X86_64_PLT32));
    EXPECT_EQ(o.symbols.at(GELF_R_SYM(text_relas[1].r_info)).first, "__dtraceenabled_p___go");
    EXPECT_EQ(GELF_R_TYPE(text_relas[2].r_info), static_cast<unsigned>(R_X86_64_NONE));
    EXPECT_EQ(GELF_R_SYM(text_relas[2].r_info), 0u);  // linkers refuse a NONE against an absolute

    // One stapsdt note per site, in relocation order, each relocated against .text + site,
    // _.stapsdt.base and the probe's semaphore.
    ASSERT_EQ(o.data[".note.stapsdt"].size(), 1u);
    const std::string& notes = o.data[".note.stapsdt"][0];
    std::vector<std::string> descs;
    for (size_t at = 0; at + 12 <= notes.size();) {
        uint32_t h[3];
        std::memcpy(h, notes.data() + at, 12);
        EXPECT_EQ(h[2], 3u);
        EXPECT_EQ(notes.substr(at + 12, 8), std::string("stapsdt\0", 8));
        descs.push_back(notes.substr(at + 20 + 24, h[1] - 24));
        at += 20 + (h[1] + 3) / 4 * 4;
    }
    EXPECT_EQ(descs, (std::vector<std::string>{std::string("p\0go\0\0", 6),
                                               std::string("p\0two\0008@%rdi 8@%rsi\0", 20),
                                               std::string("p\0go\0\0", 6)}));
    const auto& note_relas = o.relas[".rela.note.stapsdt"];
    ASSERT_EQ(note_relas.size(), 9u);
    const int64_t sites[] = {0, 10, 15};
    for (size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(GELF_R_SYM(note_relas[3 * i].r_info), text_sym);
        EXPECT_EQ(note_relas[3 * i].r_addend, sites[i]);
        EXPECT_EQ(o.symbols.at(GELF_R_SYM(note_relas[3 * i + 1].r_info)).first, "_.stapsdt.base");
        EXPECT_EQ(o.symbols.at(GELF_R_SYM(note_relas[3 * i + 2].r_info)).first,
                  i == 1 ? "p_two_semaphore" : "p_go_semaphore");
        for (size_t k = 0; k < 3; ++k)
            EXPECT_EQ(GELF_R_TYPE(note_relas[3 * i + k].r_info), static_cast<unsigned>(R_X86_64_64));
    }

    // Again: nothing left to rewrite, and the file is not written.
    std::string before = file_bytes(path);
    RewriteOutcome again;
    ASSERT_EQ(rewrite_object(path, providers, again), std::nullopt);
    EXPECT_EQ(again.sites, 0u);
    EXPECT_EQ(again.enabled.size(), 1u);  // the is-enabled call still wants its function
    EXPECT_EQ(file_bytes(path), before);
    unlink(path.c_str());
}

TEST(UsdtRewrite, UnknownProbesLeaveTheObjectAlone) {
    const std::string path = tmp_path("unknown.o");
    write_test_object(path);
    std::string before = file_bytes(path);
    RewriteOutcome out;
    EXPECT_EQ(rewrite_object(path, providers_of("provider q { probe go(); };"), out), "no such provider p");
    EXPECT_EQ(rewrite_object(path, providers_of("provider p { probe go(); };"), out), "no such probe two");
    EXPECT_EQ(file_bytes(path), before);
    unlink(path.c_str());
}

// The -G object: the is-enabled functions read their probe's semaphore; argument mappings are
// notes of their own.
TEST(UsdtRewrite, EnabledFunctionsAndMappings) {
    const std::string path = tmp_path("gen.o");
    SemaphoreObject obj;
    obj.source_name = "p.d";
    obj.semaphores = {"p_go_semaphore", "p_place_semaphore"};
    obj.enabled = {{"__dtraceenabled_p___place", 1}};
    obj.mappings = {{"p", "place", {1, 0, 0, 1}}};
    ASSERT_EQ(write_semaphore_object(path, obj), std::nullopt);
    Object o = read_object(path);
    unlink(path.c_str());
    ASSERT_EQ(o.data[".text"].size(), 1u);
    EXPECT_EQ(o.data[".text"][0].substr(0, 8), std::string("\x0f\xb7\x05\0\0\0\0\xc3", 8));  // movzwl, ret
    ASSERT_EQ(o.relas[".rela.text"].size(), 1u);
    const GElf_Rela& r = o.relas[".rela.text"][0];
    EXPECT_EQ(r.r_offset, 3u);
    EXPECT_EQ(r.r_addend, -4);
    EXPECT_EQ(GELF_R_TYPE(r.r_info), static_cast<unsigned>(R_X86_64_PC32));
    EXPECT_EQ(o.symbols.at(GELF_R_SYM(r.r_info)).first, "p_place_semaphore");
    bool found = false;
    for (const auto& [name, s] : o.symbols) {
        if (name != "__dtraceenabled_p___place") continue;
        found = true;
        EXPECT_EQ(GELF_ST_TYPE(s.st_info), STT_FUNC);
        EXPECT_EQ(GELF_ST_BIND(s.st_info), STB_GLOBAL);
        EXPECT_EQ(GELF_ST_VISIBILITY(s.st_other), STV_HIDDEN);
        EXPECT_EQ(o.names.at(s.st_shndx), ".text");
    }
    EXPECT_TRUE(found);
    ASSERT_EQ(o.data[".note.bdtrace"].size(), 1u);
    const std::string& note = o.data[".note.bdtrace"][0];
    EXPECT_NE(note.find(std::string("bdtrace\0", 8)), std::string::npos);
    EXPECT_NE(note.find(std::string("p\0place\0" "1 0 0 1\0", 16)), std::string::npos);
}
