// dtrace -h and -G generation (src/usdtgen/): names, the header text (byte-exact against
// usdtgen/lt_probes.h), argument types, and the semaphore object read back with libelf.
#include <fcntl.h>
#include <gelf.h>
#include <gtest/gtest.h>
#include <libelf.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

#include "frontend/parse.h"
#include "usdtgen/elf_object.h"
#include "usdtgen/header.h"
#include "usdtgen/model.h"

using namespace bdtrace;
using namespace bdtrace::usdtgen;

namespace {

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

struct Collected {
    std::vector<UsdtProvider> providers;
    std::vector<std::string> errors;  // "line N: message"
};

Collected collect(const std::string& text) {
    frontend::SourceBuffer src("t.d", text);
    DiagnosticList diags;
    auto r = frontend::parse_program(src, {}, diags);
    Collected c;
    if (!diags.has_errors()) c.providers = collect_providers(*r.program, diags);
    for (const Diagnostic& d : diags.items())
        c.errors.push_back("line " + std::to_string(d.range.begin.line) + ": " + d.message);
    return c;
}

std::string tmp_path(const char* name) {
    const char* dir = std::getenv("TMPDIR");
    return std::string(dir ? dir : "/tmp") + "/bdtrace-usdtgen-" + std::to_string(getpid()) + "-" +
           name;
}

}  // namespace

TEST(UsdtGen, Names) {
    EXPECT_EQ(d_probe_name("query__start"), "query-start");
    EXPECT_EQ(d_probe_name("a___b"), "a-_b");  // pairs from the left, as DTrace turns them
    EXPECT_EQ(d_probe_name("x____y"), "x--y");
    EXPECT_EQ(d_probe_name("_a_"), "_a_");
    EXPECT_EQ(macro_spelling("query-start"), "QUERY_START");
    EXPECT_EQ(macro_spelling("a-_b"), "A__B");
    EXPECT_EQ(macro_spelling("lt_probes.h"), "LT_PROBES_H");
    UsdtProbe p;
    p.c_name = "query__start";
    EXPECT_EQ(semaphore_name("postgresql", p), "postgresql_query__start_semaphore");
}

TEST(UsdtGen, HeaderMatchesExpectedFile) {
    const std::string dir = std::string(BDTRACE_TEST_DIR) + "/unit/usdtgen/";
    Collected c = collect(read_file(dir + "lt_probes.d"));
    ASSERT_TRUE(c.errors.empty()) << c.errors[0];
    EXPECT_EQ(header_text(c.providers, "some/dir/lt_probes.h"), read_file(dir + "lt_probes.h"));
}

TEST(UsdtGen, ArgumentTypes) {
    Collected c = collect(
        "provider p { probe a(void); probe b(const volatile unsigned char *, short);"
        " probe c(char *const *, struct s **, enum e, union u *); probe d(); };");
    ASSERT_TRUE(c.errors.empty()) << c.errors[0];
    ASSERT_EQ(c.providers.size(), 1u);
    const auto& probes = c.providers[0].probes;
    ASSERT_EQ(probes.size(), 4u);
    EXPECT_TRUE(probes[0].arg_types.empty());  // (void) declares no argument
    EXPECT_EQ(probes[1].arg_types,
              (std::vector<std::string>{"const volatile unsigned char *", "short"}));
    EXPECT_EQ(probes[2].arg_types,
              (std::vector<std::string>{"char *const *", "struct s **", "enum e", "union u *"}));
    EXPECT_TRUE(probes[3].arg_types.empty());
}

TEST(UsdtGen, TypesCHasNotAreErrors) {
    Collected c = collect("provider p {\n probe a(int, userland int *);\n probe b(int x[4]);\n};");
    ASSERT_EQ(c.errors.size(), 2u);
    EXPECT_EQ(c.errors[0],
              "line 2: probe p:::a argument #2 is of type userland int, which is not a C type");
    EXPECT_EQ(
        c.errors[1],
        "line 3: probe p:::b argument #1 is of type int, which is not a scalar or pointer type");
}

// A D string argument is the address of the characters a C caller passes (2000 such probes
// in one provider are a build DTrace's tests make).
TEST(UsdtGen, StringArgumentsAreCharPointers) {
    Collected c = collect("provider p {\n probe a(string, int);\n};");
    EXPECT_TRUE(c.errors.empty());
    ASSERT_EQ(c.providers.size(), 1u);
    EXPECT_EQ(c.providers[0].probes[0].arg_types, (std::vector<std::string>{"char *", "int"}));
}

// `probe p(int i, int j) : (int j, int i, int i, int j)`: each translated argument is the
// native one of its name; a mapping that changes nothing is none.
TEST(UsdtGen, ArgumentMappings) {
    Collected c = collect(
        "provider p {\n probe place(int i, int j) : (int j, int i, int i, int j);\n"
        " probe same(int a, char *b) : (int a, char *b);\n probe swap(int a, char *b) : (char *b, int a);\n"
        " probe plain(int a);\n};");
    ASSERT_TRUE(c.errors.empty()) << c.errors[0];
    const auto& probes = c.providers.at(0).probes;
    EXPECT_EQ(probes[0].mapping, (std::vector<size_t>{1, 0, 0, 1}));
    EXPECT_EQ(probes[0].arg_types.size(), 2u);  // the native arguments are what sites pass
    EXPECT_TRUE(probes[1].mapping.empty());
    EXPECT_EQ(probes[2].mapping, (std::vector<size_t>{1, 0}));
    EXPECT_TRUE(probes[3].mapping.empty());
}

TEST(UsdtGen, MoreArgumentsThanSdtRecords) {
    std::string args = "int";
    for (int i = 1; i < 13; ++i) args += ", int";
    Collected c =
        collect("provider p { probe many(" + args + "); probe twelve(" + args.substr(5) + "); };");
    ASSERT_EQ(c.errors.size(), 1u);
    EXPECT_EQ(c.errors[0],
              "line 1: probe p:::many has 13 arguments: sys/sdt.h probes record at most 12");
}

TEST(UsdtGen, ProviderDefinedTwiceMergesProbes) {
    Collected c = collect(
        "provider p { probe a(int); };\nprovider q { probe z(); };\nprovider p { probe a(int); "
        "probe b(); };");
    ASSERT_TRUE(c.errors.empty());
    ASSERT_EQ(c.providers.size(), 2u);
    EXPECT_EQ(c.providers[0].name, "p");
    ASSERT_EQ(c.providers[0].probes.size(), 2u);
    EXPECT_EQ(c.providers[0].probes[1].c_name, "b");
    EXPECT_EQ(c.providers[1].name, "q");
}

TEST(UsdtGen, NoProviderGivesTheFrameOnly) {
    std::string h = header_text({}, "");
    EXPECT_EQ(h.find("#ifndef\t_"), h.find("#ifndef\t_SDT_HAS_SEMAPHORES"));  // no include guard
    EXPECT_EQ(h.find("#define\t", h.find("_DTRACE_VERSION 1") + 1), std::string::npos);
}

namespace {

struct ReadBack {
    GElf_Ehdr ehdr{};
    std::map<std::string, GElf_Shdr> sections;
    std::map<std::string, size_t> index;
    std::vector<std::pair<std::string, GElf_Sym>> symbols;
    size_t first_global = 0;
};

ReadBack read_object(const std::string& path) {
    ReadBack rb;
    elf_version(EV_CURRENT);
    int fd = open(path.c_str(), O_RDONLY);
    EXPECT_GE(fd, 0);
    Elf* elf = elf_begin(fd, ELF_C_READ, nullptr);
    EXPECT_NE(elf, nullptr);
    gelf_getehdr(elf, &rb.ehdr);
    size_t shstrndx = 0;
    elf_getshdrstrndx(elf, &shstrndx);
    for (Elf_Scn* scn = elf_nextscn(elf, nullptr); scn; scn = elf_nextscn(elf, scn)) {
        GElf_Shdr sh;
        gelf_getshdr(scn, &sh);
        std::string name = elf_strptr(elf, shstrndx, sh.sh_name);
        rb.sections[name] = sh;
        rb.index[name] = elf_ndxscn(scn);
        if (sh.sh_type != SHT_SYMTAB) continue;
        rb.first_global = sh.sh_info;
        Elf_Data* d = elf_getdata(scn, nullptr);
        for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; ++i) {
            GElf_Sym s;
            gelf_getsym(d, static_cast<int>(i), &s);
            rb.symbols.emplace_back(elf_strptr(elf, sh.sh_link, s.st_name), s);
        }
    }
    elf_end(elf);
    close(fd);
    return rb;
}

}  // namespace

TEST(UsdtGen, SemaphoreObjectReadBack) {
    const std::string path = tmp_path("sem.o");
    SemaphoreObject obj;
    obj.source_name = "lt_probes.d";
    obj.semaphores = {"lt_zero_semaphore", "lt_one_semaphore", "lt_query__start_semaphore"};
    ASSERT_EQ(write_semaphore_object(path, obj), std::nullopt);
    ReadBack rb = read_object(path);
    unlink(path.c_str());

    EXPECT_EQ(rb.ehdr.e_ident[EI_CLASS], ELFCLASS64);
    EXPECT_EQ(rb.ehdr.e_ident[EI_DATA], ELFDATA2LSB);
    EXPECT_EQ(rb.ehdr.e_type, ET_REL);
    EXPECT_EQ(rb.ehdr.e_machine, EM_X86_64);

    ASSERT_TRUE(rb.sections.count(".probes"));
    const GElf_Shdr& probes = rb.sections[".probes"];
    EXPECT_EQ(probes.sh_type, SHT_PROGBITS);
    EXPECT_EQ(probes.sh_flags, static_cast<GElf_Xword>(SHF_ALLOC | SHF_WRITE));
    EXPECT_EQ(probes.sh_size, 6u);
    EXPECT_EQ(probes.sh_addralign, 2u);
    ASSERT_TRUE(rb.sections.count(".note.GNU-stack"));
    EXPECT_EQ(rb.sections[".note.GNU-stack"].sh_size, 0u);
    EXPECT_EQ(rb.sections[".note.GNU-stack"].sh_flags, 0u);  // not executable

    std::vector<std::string> globals;
    for (size_t i = 0; i < rb.symbols.size(); ++i) {
        const auto& [name, s] = rb.symbols[i];
        if (GELF_ST_TYPE(s.st_info) == STT_FILE) {
            EXPECT_EQ(name, "lt_probes.d");
        }
        if (GELF_ST_BIND(s.st_info) != STB_GLOBAL) {
            EXPECT_LT(i, rb.first_global);  // locals come first, as sh_info says
            continue;
        }
        EXPECT_GE(i, rb.first_global);
        globals.push_back(name);
        EXPECT_EQ(GELF_ST_TYPE(s.st_info), STT_OBJECT);
        EXPECT_EQ(GELF_ST_VISIBILITY(s.st_other), STV_HIDDEN);
        EXPECT_EQ(s.st_shndx, rb.index[".probes"]);
        EXPECT_EQ(s.st_size, 2u);
        EXPECT_EQ(s.st_value, 2u * globals.size() - 2);
    }
    EXPECT_EQ(globals, obj.semaphores);
}

TEST(UsdtGen, SharedSemaphoresAndEmptyObject) {
    const std::string path = tmp_path("shared.o");
    SemaphoreObject obj;
    obj.source_name = "x.d";
    obj.semaphores = {"p_a_semaphore"};
    obj.hidden = false;
    ASSERT_EQ(write_semaphore_object(path, obj), std::nullopt);
    ReadBack rb = read_object(path);
    ASSERT_FALSE(rb.symbols.empty());
    EXPECT_EQ(rb.symbols.back().first, "p_a_semaphore");
    EXPECT_EQ(GELF_ST_VISIBILITY(rb.symbols.back().second.st_other), STV_DEFAULT);

    // A script with no provider (CPython's configure links "BEGIN{}") still makes an object.
    obj.semaphores.clear();
    ASSERT_EQ(write_semaphore_object(path, obj), std::nullopt);
    rb = read_object(path);
    unlink(path.c_str());
    EXPECT_EQ(rb.sections[".probes"].sh_size, 0u);
    EXPECT_EQ(rb.first_global, rb.symbols.size());
}

TEST(UsdtGen, WriteAndInputErrors) {
    EXPECT_EQ(write_semaphore_object("/nonexistent-dir/x.o", {}),
              "failed to open /nonexistent-dir/x.o: No such file or directory");
    EXPECT_EQ(check_input_object("/nonexistent-dir/x.o"),
              "failed to open /nonexistent-dir/x.o: No such file or directory");
    const std::string text = tmp_path("text.o");
    std::ofstream(text) << "not an object\n";
    EXPECT_EQ(check_input_object(text), "failed to process " + text + ": not an ELF file");
    unlink(text.c_str());
    const std::string obj = tmp_path("ok.o");
    ASSERT_EQ(write_semaphore_object(obj, {}), std::nullopt);
    EXPECT_EQ(check_input_object(obj), std::nullopt);
    unlink(obj.c_str());
}
