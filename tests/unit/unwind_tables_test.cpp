// The consumer's half of the BPF unwinder (runtime/unwind_tables.h) against the fake kernel:
// this test process's own entry (its executable mappings sorted, each file's rows written once
// into the mmapped rows array, the bias that turns a PC into the file's address), requests served
// at once or a second later, processes that are gone, and a rows array too small.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>

#include "codegen/abi.h"
#include "kernel/fake_kernel.h"
#include "process/cfi_table.h"
#include "runtime/unwind_tables.h"

using namespace bdtrace;
namespace uw = bdtrace::codegen::abi;

namespace {

__attribute__((noinline)) int unwind_probe_function(int x) { return x * 5 + 2; }

struct Maps {
    kernel::FakeKernel k;
    std::unique_ptr<kernel::Map> pids, rows, pending;

    explicit Maps(uint32_t rows_capacity = 1u << 18) {
        kernel::MapSpec p;
        p.type = kernel::MapType::Hash;
        p.name = "pids";
        p.key_size = 4;
        p.value_size = sizeof(uw::UnwindProcess);
        p.max_entries = 64;
        p.flags = kernel::kMapNoPrealloc;
        pids = std::move(k.create_map(p).value());
        kernel::MapSpec r;
        r.type = kernel::MapType::Array;
        r.name = "rows";
        r.key_size = 4;
        r.value_size = sizeof(uw::UnwindRow);
        r.max_entries = rows_capacity;
        r.flags = kernel::kMapMmapable;
        rows = std::move(k.create_map(r).value());
        kernel::MapSpec w;
        w.type = kernel::MapType::Hash;
        w.name = "wait";
        w.key_size = 4;
        w.value_size = 8;
        w.max_entries = 64;
        pending = std::move(k.create_map(w).value());
    }

    std::optional<uw::UnwindProcess> entry(pid_t pid) {
        uint32_t key = static_cast<uint32_t>(pid);
        std::vector<std::byte> v(pids->value_buffer_size());
        auto r = pids->lookup(kernel::bytes_of(key), v);
        if (!r || !*r) return std::nullopt;
        uw::UnwindProcess p;
        std::memcpy(&p, v.data(), sizeof p);
        return p;
    }
    bool is_pending(pid_t pid) {
        uint32_t key = static_cast<uint32_t>(pid);
        std::vector<std::byte> v(pending->value_buffer_size());
        auto r = pending->lookup(kernel::bytes_of(key), v);
        return r && *r;
    }
    void mark_pending(pid_t pid) {
        uint32_t key = static_cast<uint32_t>(pid);
        uint64_t zero = 0;
        ASSERT_TRUE(pending->update(kernel::bytes_of(key), kernel::bytes_of(zero)));
    }
};

constexpr uint64_t kSecond = 1000000000;

}  // namespace

TEST(UnwindTables, OwnProcessIsListedWithItsRows) {
    Maps m;
    runtime::UnwindTables t(*m.pids, *m.rows, *m.pending);
    m.mark_pending(getpid());
    ASSERT_TRUE(t.load(getpid(), 0));
    EXPECT_FALSE(m.is_pending(getpid()));
    auto e = m.entry(getpid());
    ASSERT_TRUE(e);
    ASSERT_GT(e->count, 2u);  // this program, libc, ld.so at least
    ASSERT_LE(e->count, uw::kUnwindMappings);
    for (uint32_t i = 1; i < e->count; ++i) EXPECT_LT(e->mappings[i - 1].start, e->mappings[i].start);
    EXPECT_GT(t.rows_used(), 1000u);

    // The mapping of a function of this program, and the row of the function's first byte.
    uint64_t pc = reinterpret_cast<uint64_t>(&unwind_probe_function);
    const uw::UnwindMapping* m0 = nullptr;
    for (uint32_t i = 0; i < e->count; ++i)
        if (e->mappings[i].start <= pc && pc < e->mappings[i].end) m0 = &e->mappings[i];
    ASSERT_NE(m0, nullptr);
    ASSERT_GT(m0->row_count, 0u);
    auto region = m.rows->mmap();
    ASSERT_TRUE(region);
    const auto* rows = reinterpret_cast<const uw::UnwindRow*>((*region)->data()) + m0->row_start;
    uint64_t addr = pc - m0->bias;
    auto it = std::upper_bound(rows, rows + m0->row_count, addr,
                               [](uint64_t a, const uw::UnwindRow& r) { return a < r.start; });
    ASSERT_NE(it, rows);
    uint32_t rule = (it - 1)->rule;
    EXPECT_EQ(process::cfi_cfa_kind(rule), process::CfaKind::Rsp);
    EXPECT_EQ(process::cfi_cfa_offset(rule), 8u);
    EXPECT_EQ(unwind_probe_function(1), 7);

    // Loaded again: the files' rows are not written twice.
    uint64_t used = t.rows_used();
    ASSERT_TRUE(t.load(getpid(), 0));
    EXPECT_EQ(t.rows_used(), used);
}

TEST(UnwindTables, ARequestWithinASecondWaitsForIt) {
    Maps m;
    runtime::UnwindTables t(*m.pids, *m.rows, *m.pending);
    t.request(getpid(), 10 * kSecond);
    ASSERT_TRUE(m.entry(getpid()));
    m.mark_pending(getpid());
    t.request(getpid(), 10 * kSecond + kSecond / 2);
    EXPECT_TRUE(m.is_pending(getpid()));  // not served yet: BPF asks nothing more meanwhile
    t.tick(10 * kSecond + kSecond / 2 + 1);
    EXPECT_TRUE(m.is_pending(getpid()));
    t.tick(11 * kSecond);
    EXPECT_FALSE(m.is_pending(getpid()));
}

// A process met early (in its dynamic linker, before libc is mapped) asks again at its first
// PC in the new library: served at once, not a second later, since its mappings changed.
TEST(UnwindTables, ARequestAfterNewCodeWasMappedIsServedAtOnce) {
    Maps m;
    runtime::UnwindTables t(*m.pids, *m.rows, *m.pending);
    t.request(getpid(), 10 * kSecond);
    auto before = m.entry(getpid());
    ASSERT_TRUE(before);
    // New executable code: a file of this process mapped PROT_EXEC.
    int fd = ::open("/proc/self/exe", O_RDONLY);
    ASSERT_GE(fd, 0);
    void* code = ::mmap(nullptr, 4096, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0);
    ::close(fd);
    ASSERT_NE(code, MAP_FAILED);
    m.mark_pending(getpid());
    t.request(getpid(), 10 * kSecond + 1);
    EXPECT_FALSE(m.is_pending(getpid()));
    auto after = m.entry(getpid());
    ::munmap(code, 4096);
    ASSERT_TRUE(after);
    EXPECT_EQ(after->count, before->count + 1);
}

TEST(UnwindTables, AfterAnExecTheNextRequestIsServedAtOnce) {
    Maps m;
    runtime::UnwindTables t(*m.pids, *m.rows, *m.pending);
    t.request(getpid(), 10 * kSecond);
    m.mark_pending(getpid());
    t.request(getpid(), 10 * kSecond + 1);  // waits for the second
    // The exec: BPF deleted the entry and said so.
    uint32_t key = static_cast<uint32_t>(getpid());
    ASSERT_TRUE(m.pids->remove(kernel::bytes_of(key)));
    t.forget(getpid());
    EXPECT_FALSE(m.is_pending(getpid()));  // BPF may ask again
    t.request(getpid(), 10 * kSecond + 2);
    EXPECT_TRUE(m.entry(getpid()));
}

TEST(UnwindTables, AProcessThatIsGoneIsDropped) {
    Maps m;
    runtime::UnwindTables t(*m.pids, *m.rows, *m.pending);
    pid_t child = fork();
    if (child == 0) _exit(0);
    ASSERT_GT(child, 0);
    ASSERT_EQ(waitpid(child, nullptr, 0), child);
    m.mark_pending(child);
    EXPECT_FALSE(t.load(child, 0));
    EXPECT_FALSE(m.entry(child));
    EXPECT_FALSE(m.is_pending(child));
}

TEST(UnwindTables, FullRowsAreSaidOnceAndLeaveFramePointers) {
    Maps m(16);
    runtime::UnwindTables t(*m.pids, *m.rows, *m.pending);
    ASSERT_TRUE(t.load(getpid(), 0));
    std::string w = t.take_warning();
    EXPECT_NE(w.find("the unwind tables are full (16 rows)"), std::string::npos) << w;
    EXPECT_EQ(t.take_warning(), "");
    auto e = m.entry(getpid());
    ASSERT_TRUE(e);
    uint64_t pc = reinterpret_cast<uint64_t>(&unwind_probe_function);
    for (uint32_t i = 0; i < e->count; ++i) {
        if (e->mappings[i].start <= pc && pc < e->mappings[i].end) {
            EXPECT_EQ(e->mappings[i].row_count, 0u);
        }
    }
}
