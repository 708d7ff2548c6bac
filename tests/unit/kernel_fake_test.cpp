// The fake kernel that the compiler's dry runs and the runtime's tests use: kernel-like map
// semantics, recorded programs and attachments, pushed ring-buffer records, and the same error
// wording as the real kernel.
#include <gtest/gtest.h>

#include <cerrno>
#include <cstring>

#include "kernel/fake_kernel.h"
#include "kernel/probe_asm.h"

using namespace bdtrace::kernel;

namespace {

std::vector<std::byte> trivial() {
    probe_asm::Asm a;
    a.ret0();
    return {a.bytes().begin(), a.bytes().end()};
}

}  // namespace

TEST(FakeKernel, UnprivilegedSaysNeedRoot) {
    FakeKernel k(FakeKernel::Options{2, {0, 1}, false});
    auto m = k.create_map(MapSpec{});
    ASSERT_FALSE(m);
    EXPECT_EQ(m.error().render(),
              "bdtrace: need root (CAP_BPF and CAP_PERFMON) to create and use BPF maps: "
              "Operation not permitted");
    auto code = trivial();
    ProgramSpec ps;
    ps.name = "p";
    ps.insns = code;
    auto p = k.load_program(ps);
    ASSERT_FALSE(p);
    EXPECT_EQ(p.error().exit_status(), 2);
    const FeatureStatus& bpf = k.feature(Feature::Bpf);
    EXPECT_FALSE(bpf.available);
    EXPECT_TRUE(bpf.privilege);
    EXPECT_NE(bpf.reason.find("need root"), std::string::npos);
}

TEST(FakeKernel, InjectedVerifierFailure) {
    FakeKernel k;
    k.fail_next(Op::ProgLoad, EACCES, "0: (95) exit\nR0 !read_ok\nprocessed 1 insns\n");
    auto code = trivial();
    ProgramSpec ps;
    ps.name = "clause";
    ps.insns = code;
    auto p = k.load_program(ps);
    ASSERT_FALSE(p);
    EXPECT_EQ(p.error().message, "BPF verifier rejected program 'clause': R0 !read_ok");
    EXPECT_FALSE(p.error().verifier_log.empty());
    auto again = k.load_program(ps);  // the failure was for one call only
    ASSERT_TRUE(again) << again.error().message;
    ASSERT_EQ(k.loaded_programs().size(), 1u);
    EXPECT_EQ(k.loaded_programs()[0].insns.size(), 16u);
}

TEST(FakeKernel, RejectsTornInstructions) {
    FakeKernel k;
    std::vector<std::byte> bytes(12);
    ProgramSpec ps;
    ps.name = "p";
    ps.insns = bytes;
    auto p = k.load_program(ps);
    ASSERT_FALSE(p);
    EXPECT_EQ(p.error().message, "program 'p' has 12 bytes of instructions, not a multiple of 8");
}

TEST(FakeKernel, ArrayAndHashSemantics) {
    FakeKernel k;
    auto arr = k.create_map(MapSpec{MapType::Array, "a", 4, 8, 4, 0});
    ASSERT_TRUE(arr);
    uint32_t key = 2;
    uint64_t v = 0;
    ASSERT_TRUE(*(*arr)->lookup(bytes_of(key), writable_bytes_of(v)));
    EXPECT_EQ(v, 0u);
    v = 42;
    ASSERT_TRUE((*arr)->update(bytes_of(key), bytes_of(v)));
    uint64_t out = 0;
    ASSERT_TRUE(*(*arr)->lookup(bytes_of(key), writable_bytes_of(out)));
    EXPECT_EQ(out, 42u);
    key = 9;
    EXPECT_FALSE(*(*arr)->lookup(bytes_of(key), writable_bytes_of(out)));
    // A key of the wrong size never reaches the (fake) kernel.
    uint64_t wide = 1;
    auto r = (*arr)->lookup(bytes_of(wide), writable_bytes_of(out));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().message, "key of 8 bytes for map 'a' (its keys have 4)");

    auto h = k.create_map(MapSpec{MapType::Hash, "h", 8, 8, 2, 0});
    ASSERT_TRUE(h);
    for (uint64_t i = 1; i <= 2; ++i) ASSERT_TRUE((*h)->update(bytes_of(i), bytes_of(i)));
    uint64_t third = 3;
    auto full = (*h)->update(bytes_of(third), bytes_of(third));
    ASSERT_FALSE(full);
    EXPECT_EQ(full.error().message, "map 'h' is full: Argument list too long");
    uint64_t one = 1;
    auto dup = (*h)->update(bytes_of(one), bytes_of(one), UpdateMode::NoExist);
    ASSERT_FALSE(dup);
    EXPECT_EQ(dup.error().err, EEXIST);
    // Iteration visits every key once.
    std::vector<uint64_t> keys;
    uint64_t cur = 0, next = 0;
    std::span<const std::byte> prev;
    while (*(*h)->next_key(prev, writable_bytes_of(next))) {
        keys.push_back(next);
        cur = next;
        prev = bytes_of(cur);
    }
    EXPECT_EQ(keys, (std::vector<uint64_t>{1, 2}));
    EXPECT_TRUE(*(*h)->remove(bytes_of(one)));
    EXPECT_FALSE(*(*h)->remove(bytes_of(one)));
}

TEST(FakeKernel, LruEvictsInsteadOfFailing) {
    FakeKernel k;
    auto h = k.create_map(MapSpec{MapType::LruHash, "lru", 8, 8, 4, 0});
    ASSERT_TRUE(h);
    for (uint64_t i = 0; i < 10; ++i) ASSERT_TRUE((*h)->update(bytes_of(i), bytes_of(i)));
    uint64_t v;
    uint64_t newest = 9, oldest = 0;
    EXPECT_TRUE(*(*h)->lookup(bytes_of(newest), writable_bytes_of(v)));
    EXPECT_FALSE(*(*h)->lookup(bytes_of(oldest), writable_bytes_of(v)));
}

TEST(FakeKernel, PerCpuValuesAreSlotsOf8Bytes) {
    FakeKernel k(FakeKernel::Options{4, {0, 1, 2, 3}, true});
    auto m = k.create_map(MapSpec{MapType::PercpuArray, "pc", 4, 12, 1, 0});
    ASSERT_TRUE(m);
    EXPECT_EQ((*m)->percpu_stride(), 16u);
    EXPECT_EQ((*m)->value_buffer_size(), 64u);
    std::vector<std::byte> small(12);
    uint32_t key = 0;
    auto r = (*m)->lookup(bytes_of(key), small);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().message, "value buffer of 12 bytes for map 'pc' (it needs 64)");
    std::vector<std::byte> all(64);
    EXPECT_TRUE(*(*m)->lookup(bytes_of(key), all));
}

TEST(FakeKernel, MmapSharesTheArray) {
    FakeKernel k;
    auto m = k.create_map(MapSpec{MapType::Array, "globals", 4, 8, 2, kMapMmapable});
    ASSERT_TRUE(m);
    auto region = (*m)->mmap();
    ASSERT_TRUE(region);
    uint64_t v = 7;
    std::memcpy((*region)->data() + 8, &v, 8);
    uint32_t key = 1;
    uint64_t out = 0;
    ASSERT_TRUE(*(*m)->lookup(bytes_of(key), writable_bytes_of(out)));
    EXPECT_EQ(out, 7u);
    auto plain = k.create_map(MapSpec{MapType::Array, "plain", 4, 8, 2, 0});
    auto no = (*plain)->mmap();
    ASSERT_FALSE(no);
    EXPECT_NE(no.error().message.find("BPF_F_MMAPABLE"), std::string::npos);
}

TEST(FakeKernel, LinksLiveAsLongAsTheirHandles) {
    FakeKernel k;
    auto code = trivial();
    ProgramSpec ps;
    ps.name = "syscall";
    ps.insns = code;
    auto p = k.load_program(ps);
    ASSERT_TRUE(p);
    {
        auto l1 = k.attach_raw_tracepoint(**p, "sys_enter", 7);
        ASSERT_TRUE(l1);
        PerfEventSpec tick;
        tick.clock = PerfEventSpec::Clock::PeriodNs;
        tick.value = 1000000;
        tick.cpu = 0;
        auto l2 = k.attach_perf_event(**p, tick);
        ASSERT_TRUE(l2);
        EXPECT_EQ((*l2)->describe(), "cpu-clock period 1000000 ns on cpu 0");
        auto live = k.attachments();
        ASSERT_EQ(live.size(), 2u);
        EXPECT_EQ(live[0].what, "raw_tp sys_enter");
        EXPECT_EQ(live[0].cookie, 7u);
    }
    EXPECT_TRUE(k.attachments().empty());
    p->reset();
    EXPECT_EQ(k.live_programs(), 0u);
}

TEST(FakeKernel, RingBufferDeliversPushedRecords) {
    FakeKernel k;
    auto rb = k.create_map(MapSpec{MapType::RingBuf, "events", 0, 0, 5000, 0});
    ASSERT_TRUE(rb);
    EXPECT_EQ((*rb)->spec().max_entries, 8192u);  // rounded up to a power of two
    std::vector<std::string> got;
    auto consumer = k.open_ring_buffer(
        **rb, [&](const void* d, size_t n) { got.emplace_back(static_cast<const char*>(d), n); });
    ASSERT_TRUE(consumer);
    EXPECT_GE((*consumer)->epoll_fd(), 0);
    std::string a = "hello", b = "world!";
    k.push_record(**rb, std::as_bytes(std::span(a)));
    k.push_record(**rb, std::as_bytes(std::span(b)));
    auto n = (*consumer)->poll(0);
    ASSERT_TRUE(n);
    EXPECT_EQ(*n, 2);
    EXPECT_EQ(got, (std::vector<std::string>{"hello", "world!"}));
    EXPECT_EQ(*(*consumer)->poll(0), 0);
}

TEST(FakeKernel, RingBufferBatchLimit) {
    FakeKernel k;
    auto rb = k.create_map(MapSpec{MapType::RingBuf, "events", 0, 0, 4096, 0});
    ASSERT_TRUE(rb);
    int got = 0;
    auto consumer = k.open_ring_buffer(**rb, [&](const void*, size_t) { ++got; });
    ASSERT_TRUE(consumer);
    (*consumer)->set_batch_limit(2);
    std::string r = "x";
    for (int i = 0; i < 5; ++i) k.push_record(**rb, std::as_bytes(std::span(r)));
    EXPECT_EQ(*(*consumer)->consume(), 2);
    EXPECT_EQ(*(*consumer)->poll(0), 2);
    EXPECT_EQ(*(*consumer)->consume(), 1);
    EXPECT_EQ(got, 5);
}

TEST(FakeKernel, FeaturesCanBeTakenAway) {
    FakeKernel k;
    EXPECT_TRUE(k.feature(Feature::Fentry).available);
    k.set_feature(Feature::Fentry, false, "fbt unavailable: kernel forbids fentry (EPERM)");
    Features f = k.features();
    EXPECT_FALSE(f.has(Feature::Fentry));
    EXPECT_TRUE(f.has(Feature::UprobeMulti));
    EXPECT_NE(f.describe().find("fentry            no"), std::string::npos);
    EXPECT_EQ(f[Feature::Fentry].reason, "fbt unavailable: kernel forbids fentry (EPERM)");
}

TEST(FakeKernel, InventsStableBtfIds) {
    FakeKernel k;
    auto a = k.tracepoint_btf_id("sched_switch");
    auto b = k.tracepoint_btf_id("sched_switch");
    ASSERT_TRUE(a);
    EXPECT_EQ(*a, *b);
    k.remove_vmlinux_type("btf_trace_nope");
    auto c = k.tracepoint_btf_id("nope");
    ASSERT_FALSE(c);
    EXPECT_EQ(c.error().message, "the kernel's BTF has no type 'btf_trace_nope'");
}

TEST(FakeKernel, UprobeBisectionSkipsRefusedOffsets) {
    FakeKernel k;
    auto code = trivial();
    ProgramSpec ps;
    ps.type = ProgramType::Kprobe;
    ps.expected_attach = AttachType::UprobeMulti;
    ps.name = "pid";
    ps.insns = code;
    auto p = k.load_program(ps);
    ASSERT_TRUE(p);
    UprobeMultiSpec spec;
    spec.path = "/lib/libc.so.6";
    spec.offsets = {0x10, 0x20, 0x30, 0x40, 0x50};
    spec.cookies = {1, 2, 3, 4, 5};
    k.refuse_uprobe_offset(spec.path, 0x20);
    k.refuse_uprobe_offset(spec.path, 0x50);
    auto plain = k.attach_uprobe_multi(**p, spec);
    ASSERT_FALSE(plain);
    EXPECT_EQ(plain.error().err, 524);

    std::vector<size_t> refused;
    auto link = attach_uprobe_multi_skipping(k, **p, spec, &refused);
    ASSERT_TRUE(link) << link.error().message;
    EXPECT_EQ(refused, (std::vector<size_t>{1, 4}));
    size_t offsets = 0;
    for (const auto& a : k.attachments()) {
        offsets += a.what.find("(1 offset") != std::string::npos ? 1 : 2;
        EXPECT_NE(a.cookie, 2u);
        EXPECT_NE(a.cookie, 5u);
    }
    EXPECT_EQ(offsets, 3u);
    link->reset();
    EXPECT_TRUE(k.attachments().empty());

    // Other errors are not bisected.
    k.fail_next(Op::AttachUprobeMulti, ESRCH);
    auto gone = attach_uprobe_multi_skipping(k, **p, spec, &refused);
    ASSERT_FALSE(gone);
    EXPECT_EQ(gone.error().err, ESRCH);
}

// Map::update_batch: one batch where the kernel has the command, one update per entry where it
// refuses it.
TEST(KernelFake, UpdateBatchFallsBackToSingleUpdates) {
    FakeKernel k;
    auto m = k.create_map({MapType::Array, "rows", 4, 8, 4, 0});
    ASSERT_TRUE(m);
    const uint32_t keys[] = {1, 3};
    const uint64_t values[] = {11, 33};
    for (bool refused : {false, true}) {
        k.refuse_map_batches(refused);
        ASSERT_TRUE(
            (*m)->update_batch(std::as_bytes(std::span(keys)), std::as_bytes(std::span(values))));
        uint64_t v = 0;
        ASSERT_TRUE((*m)->lookup(bytes_of(keys[1]), writable_bytes_of(v)));
        EXPECT_EQ(v, 33u);
    }
    EXPECT_EQ(k.map_batches(), 1u);
    EXPECT_EQ(k.map_calls(Op::MapUpdate), 2u);  // the refused batch's, one by one
    // Sizes that do not make whole entries are refused before the kernel sees them.
    EXPECT_FALSE((*m)->update_batch(std::as_bytes(std::span(keys)),
                                    std::as_bytes(std::span(values)).first(12)));
}
