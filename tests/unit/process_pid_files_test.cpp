// System-wide pid probes (pid*:libc.so.6:malloc:entry): which file a module names (ld.so.cache,
// the default directories, paths) and the probes resolved in that file rather than in a process,
// compared with the same probes resolved in this very process.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "probes/probe.h"
#include "process/library_path.h"
#include "process/pid_probes.h"
#include "process/proc_maps.h"

using namespace bdtrace;
using namespace bdtrace::process;

namespace {

// An ld.so.cache image in glibc's new format: (flags, name, path, hwcap) entries.
struct CacheEntry {
    int32_t flags;
    std::string name, path;
    uint64_t hwcap = 0;
};

std::string cache_image(const std::vector<CacheEntry>& entries, size_t old_entries = 0) {
    std::string old;
    if (old_entries) {
        old = std::string("ld.so-1.7.0") + '\0';
        uint32_t n = static_cast<uint32_t>(old_entries);
        old.append(reinterpret_cast<const char*>(&n), 4);
        old.append(old_entries * 12, '\x01');
        old.resize((old.size() + 7) & ~size_t{7}, '\0');
    }
    std::string head = "glibc-ld.so.cache1.1";
    uint32_t n = static_cast<uint32_t>(entries.size());
    head.append(reinterpret_cast<const char*>(&n), 4);
    head.append(24, '\0');  // len_strings, flags, extension offset, unused
    std::string strings;
    size_t strings_at = head.size() + entries.size() * 24;
    std::string table;
    for (const auto& e : entries) {
        uint32_t key = static_cast<uint32_t>(strings_at + strings.size());
        strings += e.name + '\0';
        uint32_t value = static_cast<uint32_t>(strings_at + strings.size());
        strings += e.path + '\0';
        uint32_t os = 0;
        table.append(reinterpret_cast<const char*>(&e.flags), 4);
        table.append(reinterpret_cast<const char*>(&key), 4);
        table.append(reinterpret_cast<const char*>(&value), 4);
        table.append(reinterpret_cast<const char*>(&os), 4);
        table.append(reinterpret_cast<const char*>(&e.hwcap), 8);
    }
    return old + head + table + strings;
}

struct TempDir {
    std::string path;
    TempDir() {
        char t[] = "/tmp/bdtrace-libpath-XXXXXX";
        path = ::mkdtemp(t);
    }
    ~TempDir() { std::system(("rm -rf " + path).c_str()); }
    std::string file(const std::string& name, const std::string& bytes) const {
        std::string p = path + "/" + name;
        std::ofstream(p, std::ios::binary) << bytes;
        return p;
    }
};

const std::string kElf = std::string("\x7f") + "ELF" + std::string(60, '\0');

// The libc this process maps.
std::optional<MappedObject> own_libc() {
    auto mapped = read_mapped_objects(static_cast<uint64_t>(::getpid()));
    if (!mapped) return std::nullopt;
    for (const auto& m : *mapped)
        if (m.module == "libc.so.6") return m;
    return std::nullopt;
}

}  // namespace

TEST(LibraryPath, ParsesTheX8664EntriesOfLdSoCache) {
    std::string image = cache_image({{0x0303, "libfoo.so.1", "/usr/lib/x86_64-linux-gnu/libfoo.so.1"},
                                     {0x0003, "libfoo.so.1", "/usr/lib32/libfoo.so.1"},  // not x86-64
                                     {0x0303, "libbar.so", "/lib/libbar.so", 2}});
    auto entries = parse_ld_so_cache(image);
    ASSERT_EQ(entries.size(), 2u);
    EXPECT_EQ(entries[0].name, "libfoo.so.1");
    EXPECT_EQ(entries[0].path, "/usr/lib/x86_64-linux-gnu/libfoo.so.1");
    EXPECT_EQ(entries[1].hwcap, 2u);
    // The same table after an old-format one: string offsets count from the new header.
    auto both = parse_ld_so_cache(cache_image({{0x0303, "libfoo.so.1", "/x/libfoo.so.1"}}, 3));
    ASSERT_EQ(both.size(), 1u);
    EXPECT_EQ(both[0].path, "/x/libfoo.so.1");
    EXPECT_TRUE(parse_ld_so_cache("not a cache").empty());
    EXPECT_TRUE(parse_ld_so_cache(image.substr(0, 30)).empty());
}

TEST(LibraryPath, FindsALibraryAsTheLoaderAndThePidProviderSpellIt) {
    TempDir d;
    std::string foo = d.file("libfoo.so.1", kElf);
    std::string script = d.file("libbar.so", "/* GNU ld script */");
    std::string bar = d.file("libbar.so.2", kElf);
    std::vector<LdCacheEntry> cache = {{"libfoo.so.1", foo, 0x0303, 0}, {"libbar.so", script, 0x0303, 0}};
    EXPECT_EQ(find_library("libfoo.so.1", cache, {}), foo);
    // DTrace's spellings: libfoo.so and libfoo name libfoo.so.1.
    EXPECT_EQ(find_library("libfoo.so", cache, {}), foo);
    EXPECT_EQ(find_library("libfoo", cache, {}), foo);
    EXPECT_FALSE(find_library("libfo", cache, {}));
    // A linker script is no library; the directories are searched after the cache.
    EXPECT_FALSE(find_library("libbar.so", cache, {}));
    EXPECT_EQ(find_library("libbar.so", cache, {d.path}), bar);
    EXPECT_EQ(find_library("libbar.so.2", {}, {d.path}), bar);
}

TEST(LibraryPath, ResolvesLibcAsThisProcessMapsIt) {
    auto libc = own_libc();
    if (!libc) GTEST_SKIP() << "libc.so.6 is not mapped here";
    auto path = resolve_module_file("libc.so.6");
    ASSERT_TRUE(path);
    struct stat st {};
    ASSERT_EQ(::stat(path->c_str(), &st), 0);
    EXPECT_EQ(st.st_ino, libc->inode);
    EXPECT_EQ(st.st_dev, libc->dev);
    EXPECT_EQ(resolve_module_file("libc"), path);
    // A path names itself, when it exists.
    EXPECT_EQ(resolve_module_file(*path), path);
    EXPECT_FALSE(resolve_module_file("/no/such/file.so"));
    EXPECT_FALSE(resolve_module_file("libbdtrace-no-such-library.so.9"));
    EXPECT_FALSE(resolve_module_file(""));
}

TEST(LibraryPath, NamesALearnedFileUntilForgotten) {
    // A library a traced process's loader found where this machine's would not look (-Z).
    auto libc = resolve_module_file("libc.so.6");
    if (!libc) GTEST_SKIP() << "no libc.so.6";
    EXPECT_FALSE(resolve_module_file("libbdtrace-learned.so.1"));
    learn_module_file("libbdtrace-learned.so.1", *libc);
    EXPECT_EQ(resolve_module_file("libbdtrace-learned.so.1"), libc);
    // A learned file that is gone names nothing.
    learn_module_file("libbdtrace-gone.so.1", "/no/such/dir/libbdtrace-gone.so.1");
    EXPECT_FALSE(resolve_module_file("libbdtrace-gone.so.1"));
    learn_module_file("libbdtrace-learned.so.1", "");
    learn_module_file("libbdtrace-gone.so.1", "");
    EXPECT_FALSE(resolve_module_file("libbdtrace-learned.so.1"));
}

TEST(PidFiles, ProbesInTheFileAreThoseOfEveryProcess) {
    auto path = resolve_module_file("libc.so.6");
    if (!path || !own_libc()) GTEST_SKIP() << "no libc.so.6";
    PidProbeResolver resolver;
    for (const char* name : {"entry", "return", "*"}) {
        auto in_file = resolver.resolve_file(*path, "libc.so.6", "malloc", name);
        auto in_self = resolver.resolve(static_cast<uint64_t>(::getpid()), "libc.so.6", "malloc", name);
        ASSERT_FALSE(in_file.error);
        ASSERT_EQ(in_file.probes.size(), in_self.probes.size()) << name;
        for (size_t i = 0; i < in_file.probes.size(); ++i) {
            const auto& f = in_file.probes[i];
            const auto& s = in_self.probes[i];
            EXPECT_EQ(f.pid, 0u);
            EXPECT_EQ(f.module, "libc.so.6");
            EXPECT_EQ(f.name, s.name);
            EXPECT_EQ(f.file_offset, s.file_offset);
            EXPECT_EQ(f.return_sites, s.return_sites);
            EXPECT_EQ(f.address, f.symbol_vaddr + f.offset);  // the file's own addresses
        }
    }
    // An IFUNC is probed in the implementation this machine's processes resolve it to.
    auto f = resolver.resolve_file(*path, "libc.so.6", "strlen", "entry");
    auto s = resolver.resolve(static_cast<uint64_t>(::getpid()), "libc.so.6", "strlen", "entry");
    ASSERT_EQ(f.probes.size(), 1u);
    ASSERT_EQ(s.probes.size(), 1u);
    EXPECT_EQ(f.probes[0].symbol_vaddr, s.probes[0].symbol_vaddr);
    // DTrace's error for a function the file lacks; a file that does not exist matches nothing.
    auto missing = resolver.resolve_file(*path, "libc.so.6", "bdtrace_no_such_function", "entry");
    ASSERT_TRUE(missing.error);
    EXPECT_EQ(missing.error->message, "failed to lookup 'bdtrace_no_such_function' in module 'libc.so.6'");
    auto gone = resolver.resolve_file("/no/such/file", "/no/such/file", "main", "entry");
    EXPECT_TRUE(gone.module_missing);
    EXPECT_TRUE(gone.probes.empty());
}

TEST(PidFiles, RegistryServesProviderPatternsSystemWide) {
    if (!resolve_module_file("libc.so.6")) GTEST_SKIP() << "no libc.so.6";
    probes::Registry r;
    auto a = r.match({"pid*", "libc.so.6", "getpid", "entry"});
    ASSERT_EQ(a.size(), 1u);
    EXPECT_EQ(a[0]->provider, "pid");
    EXPECT_EQ(a[0]->module, "libc.so.6");
    EXPECT_EQ(probes::user_file(a[0]->plan)->pid, 0u);
    EXPECT_EQ(a[0]->kind(), probes::AttachKind::Uprobe);
    // Every pattern matching "pid" names the same probe, listed once.
    for (const char* prov : {"pid", "p*d", "pi?"}) {
        auto b = r.match({prov, "libc.so.6", "getpid", "entry"});
        ASSERT_EQ(b.size(), 1u) << prov;
        EXPECT_EQ(b[0]->id, a[0]->id) << prov;
    }
    auto ret = r.match({"pid*", "libc", "getpid", "return"});
    ASSERT_EQ(ret.size(), 1u);
    EXPECT_EQ(ret[0]->kind(), probes::AttachKind::Uretprobe);
    // Not a file: a module pattern, no module, a wildcard-only provider, a missing library.
    EXPECT_TRUE(r.match({"pid*", "libc*", "getpid", "entry"}).empty());
    EXPECT_TRUE(r.match({"pid*", "", "getpid", "entry"}).empty());
    EXPECT_TRUE(r.match({"*", "libc.so.6", "getpid", "entry"}).empty());
    EXPECT_TRUE(r.match({"pid*", "libbdtrace-none.so.1", "getpid", "entry"}).empty());
    (void)r.take_error();
    // Every function of libc: a warning that says what it costs.
    auto all = r.match({"pid*", "libc.so.6", "", "entry"});
    EXPECT_GT(all.size(), 1000u);
    auto why = r.take_error();
    ASSERT_TRUE(why);
    EXPECT_EQ(why->severity, Severity::Warning);
    EXPECT_NE(why->message.find("functions of"), std::string::npos) << why->message;
}
