// The real kernel: maps, program loads with the verifier log, perf-event, raw-tracepoint and
// tp_btf attachments, the ring buffer. Needs root; see tests/kernel/kernel_test_util.h for when
// these tests skip. Each test triggers its own events (syscalls, timers) and waits at most 2 s.
#include <bpf/btf.h>
#include <fcntl.h>
#include <linux/btf.h>
#include <sys/syscall.h>

#include "../kernel/kernel_test_util.h"

using namespace bdtrace::kernel;
using namespace bdtrace::kernel::test;
using probe_asm::Asm;

namespace {

void some_syscalls() {
    for (int i = 0; i < 8; ++i) ::syscall(SYS_getppid);
}

}  // namespace

TEST(RealKernel, FeaturesAndCpus) {
    BDTRACE_REQUIRE_BPF();
    Kernel& k = real_kernel();
    Features f = k.features();
    RecordProperty("features", f.describe());
    std::printf("%s(%.2f ms)\n", f.describe().c_str(), f.total_ms);
    EXPECT_TRUE(f.has(Feature::Bpf));
    for (size_t i = 0; i < kFeatureCount; ++i) EXPECT_FALSE(f.status[i].reason.empty());
    if (!f.has(Feature::Fentry)) {
        EXPECT_EQ(f[Feature::Fentry].reason.rfind("fbt unavailable: ", 0), 0u);
    }

    auto cpus = k.online_cpus();
    ASSERT_TRUE(cpus) << cpus.error().message;
    ASSERT_FALSE(cpus->empty());
    EXPECT_GE(k.possible_cpus(), static_cast<int>(cpus->size()));
}

TEST(RealKernelMaps, EveryType) {
    BDTRACE_REQUIRE_BPF();
    Kernel& k = real_kernel();
    struct Case {
        MapType type;
        uint32_t key, value, entries;
    };
    const Case cases[] = {
        {MapType::Array, 4, 8, 4},
        {MapType::PercpuArray, 4, 12, 4},
        {MapType::Hash, 8, 16, 8},
        {MapType::PercpuHash, 8, 8, 8},
        {MapType::LruHash, 8, 8, 8},
        {MapType::LruPercpuHash, 8, 8, 8},
        {MapType::RingBuf, 0, 0, 5000},
        {MapType::TaskStorage, 4, 16, 0},
        {MapType::StackTrace, 4, 8 * 127, 16},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(std::string(map_type_name(c.type)));
        auto m =
            k.create_map(MapSpec{c.type, std::string("t_") + std::string(map_type_name(c.type)),
                                 c.key, c.value, c.entries, 0});
        ASSERT_TRUE(m) << m.error().message;
        EXPECT_GE((*m)->fd(), 0);
        if (c.type == MapType::RingBuf) {
            EXPECT_EQ((*m)->spec().max_entries, 8192u);
        }
    }
}

TEST(RealKernelMaps, HashLookupUpdateDeleteIterate) {
    BDTRACE_REQUIRE_BPF();
    auto m = real_kernel().create_map(MapSpec{MapType::Hash, "h", 8, 8, 4, 0});
    ASSERT_TRUE(m) << m.error().message;
    Map& h = **m;
    for (uint64_t i = 10; i < 14; ++i) ASSERT_TRUE(h.update(bytes_of(i), bytes_of(i)));
    uint64_t extra = 99;
    auto full = h.update(bytes_of(extra), bytes_of(extra));
    ASSERT_FALSE(full);
    EXPECT_EQ(full.error().err, E2BIG);
    EXPECT_EQ(full.error().message, "map 'h' is full: Argument list too long");
    uint64_t v = 0, key = 12;
    ASSERT_TRUE(*h.lookup(bytes_of(key), writable_bytes_of(v)));
    EXPECT_EQ(v, 12u);
    std::vector<uint64_t> seen;
    uint64_t cur = 0, next = 0;
    std::span<const std::byte> prev;
    while (true) {
        auto r = h.next_key(prev, writable_bytes_of(next));
        ASSERT_TRUE(r) << r.error().message;
        if (!*r) break;
        seen.push_back(next);
        cur = next;
        prev = bytes_of(cur);
    }
    EXPECT_EQ(seen.size(), 4u);
    EXPECT_TRUE(*h.remove(bytes_of(key)));
    EXPECT_FALSE(*h.remove(bytes_of(key)));
    EXPECT_FALSE(*h.lookup(bytes_of(key), writable_bytes_of(v)));
}

TEST(RealKernelMaps, PerCpuValues) {
    BDTRACE_REQUIRE_BPF();
    Kernel& k = real_kernel();
    auto m = k.create_map(MapSpec{MapType::PercpuArray, "pc", 4, 12, 1, 0});
    ASSERT_TRUE(m) << m.error().message;
    Map& pc = **m;
    EXPECT_EQ(pc.value_buffer_size(), size_t(16) * size_t(k.possible_cpus()));
    std::vector<std::byte> in(pc.value_buffer_size());
    for (int cpu = 0; cpu < k.possible_cpus(); ++cpu) in[size_t(cpu) * 16] = std::byte(cpu + 1);
    uint32_t key = 0;
    ASSERT_TRUE(pc.update(bytes_of(key), in));
    std::vector<std::byte> out(pc.value_buffer_size());
    ASSERT_TRUE(*pc.lookup(bytes_of(key), out));
    for (int cpu = 0; cpu < k.possible_cpus(); ++cpu)
        EXPECT_EQ(out[size_t(cpu) * 16], std::byte(cpu + 1));
    std::vector<std::byte> small(12);
    auto r = pc.lookup(bytes_of(key), small);
    ASSERT_FALSE(r);  // refused before the kernel could write past the buffer
}

TEST(RealKernelMaps, MmapGlobalsAndFreeze) {
    BDTRACE_REQUIRE_BPF();
    auto m = real_kernel().create_map(MapSpec{MapType::Array, "globals", 4, 8, 4, kMapMmapable});
    ASSERT_TRUE(m) << m.error().message;
    Map& g = **m;
    auto region = g.mmap();
    ASSERT_TRUE(region) << region.error().message;
    EXPECT_GE((*region)->size(), 32u);
    uint64_t v = 0x1234;
    std::memcpy((*region)->data() + 16, &v, 8);
    EXPECT_EQ(read_u64(g, 2), 0x1234u);
    uint32_t key = 3;
    uint64_t w = 77;
    ASSERT_TRUE(g.update(bytes_of(key), bytes_of(w)));
    uint64_t seen;
    std::memcpy(&seen, (*region)->data() + 24, 8);
    EXPECT_EQ(seen, 77u);

    // Writable mappings keep a map from being frozen; once unmapped, freezing makes it read-only.
    region->reset();
    ASSERT_TRUE(g.freeze());
    auto refused = g.update(bytes_of(key), bytes_of(w));
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().message,
              "map 'globals' is read-only (frozen): Operation not permitted");
    auto ro = g.mmap();  // a frozen map still maps, read-only
    ASSERT_TRUE(ro) << ro.error().message;

    auto plain = real_kernel().create_map(MapSpec{MapType::Array, "plain", 4, 8, 4, 0});
    ASSERT_TRUE(plain);
    EXPECT_FALSE((*plain)->mmap());
}

TEST(RealKernelMaps, TaskStorageKeyedByPidfd) {
    BDTRACE_REQUIRE_FEATURE(Feature::TaskStorage, 5, 11);
    auto m = real_kernel().create_map(MapSpec{MapType::TaskStorage, "self", 4, 8, 0, 0});
    ASSERT_TRUE(m) << m.error().message;
    int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, ::getpid(), 0));
    ASSERT_GE(pidfd, 0);
    uint64_t v = 275, out = 0;
    ASSERT_TRUE((*m)->update(bytes_of(pidfd), bytes_of(v)));
    ASSERT_TRUE(*(*m)->lookup(bytes_of(pidfd), writable_bytes_of(out)));
    EXPECT_EQ(out, 275u);
    ::close(pidfd);
}

TEST(RealKernelPrograms, VerifierLogOnABadProgram) {
    BDTRACE_REQUIRE_BPF();
    Asm bad;
    bad.exit();  // r0 never written
    ProgramSpec ps;
    ps.name = "bad clause!";
    ps.insns = bad.bytes();
    auto p = real_kernel().load_program(ps);
    ASSERT_FALSE(p);
    const Error& e = p.error();
    EXPECT_EQ(e.op, Op::ProgLoad);
    EXPECT_EQ(e.kind, ErrorKind::Failure);
    EXPECT_EQ(e.message, "BPF verifier rejected program 'bad_clause_': R0 !read_ok");
    EXPECT_NE(e.verifier_log.find("R0 !read_ok"), std::string::npos) << e.verifier_log;

    Asm deep;  // a store below the 512-byte stack
    deep.st_imm(BPF_DW, BPF_REG_10, -520, 0).ret0();
    ps.insns = deep.bytes();
    auto d = real_kernel().load_program(ps);
    ASSERT_FALSE(d);
    EXPECT_NE(d.error().message.find("invalid write to stack R10 off=-520 size=8"),
              std::string::npos)
        << d.error().message;
}

TEST(RealKernelPrograms, LogOnSuccessAndBufferGrowth) {
    BDTRACE_REQUIRE_BPF();
    Asm ok;
    ok.ret0();
    ProgramSpec ps;
    ps.name = "ok";
    ps.insns = ok.bytes();
    ps.log_level = 1;
    auto p = real_kernel().load_program(ps);
    ASSERT_TRUE(p) << p.error().message;
    EXPECT_NE((*p)->verifier_log().find("processed 2 insns"), std::string::npos)
        << (*p)->verifier_log();

    // Level 2 prints the state at every instruction: 20,000 of them need more than the first
    // 1 MiB buffer, so the load must retry with the size the kernel asks for.
    Asm big;
    for (int i = 0; i < 20000; ++i) big.mov_imm(BPF_REG_0, i);
    big.exit();
    ps.insns = big.bytes();
    ps.log_level = 2;
    auto b = real_kernel().load_program(ps);
    ASSERT_TRUE(b) << b.error().message;
    EXPECT_GT((*b)->verifier_log().size(), size_t(1) << 20);
    EXPECT_NE((*b)->verifier_log().find("processed 20001 insns"), std::string::npos);
}

TEST(RealKernelPrograms, FdArrayAndTestRun) {
    BDTRACE_REQUIRE_BPF();
    Kernel& k = real_kernel();
    auto map = counter_map(k, "fdarr");
    ASSERT_TRUE(map);
    // r1 = map #0 of fd_array; map[0] = 0x55; return 7
    Asm a;
    a.raw(BPF_LD | BPF_DW | BPF_IMM, BPF_REG_1, BPF_PSEUDO_MAP_IDX, 0, 0)
        .raw(0, 0, 0, 0, 0)
        .st_imm(BPF_W, BPF_REG_10, -4, 0)
        .mov_reg(BPF_REG_2, BPF_REG_10)
        .add_imm(BPF_REG_2, -4)
        .call(probe_asm::kMapLookupElem)
        .jeq_imm(BPF_REG_0, 0, 2)
        .mov_imm(BPF_REG_1, 0x55)
        .stx(BPF_DW, BPF_REG_0, 0, BPF_REG_1)
        .mov_imm(BPF_REG_0, 7)
        .exit();
    ProgramSpec ps;
    ps.name = "begin";
    ps.insns = a.bytes();
    ps.fd_array = {map->fd()};
    auto p = k.load_program(ps);
    ASSERT_TRUE(p) << p.error().message << "\n" << p.error().verifier_log;
    uint64_t args[2] = {0, 0};
    auto rc = k.test_run(**p, std::as_bytes(std::span(args)), -1);
    ASSERT_TRUE(rc) << rc.error().message;
    EXPECT_EQ(*rc, 7u);
    EXPECT_EQ(read_u64(*map, 0), 0x55u);
}

TEST(RealKernelPrograms, FuncInfoFromLoadedBtf) {
    BDTRACE_REQUIRE_BPF();
    Kernel& k = real_kernel();
    // int clause(void *ctx), as the code generator would describe a clause function.
    struct btf* b = ::btf__new_empty();
    ASSERT_NE(b, nullptr);
    int int_id = ::btf__add_int(b, "int", 4, BTF_INT_SIGNED);
    int ptr_id = ::btf__add_ptr(b, 0);
    int proto = ::btf__add_func_proto(b, int_id);
    ASSERT_EQ(::btf__add_func_param(b, "ctx", ptr_id), 0);
    int func = ::btf__add_func(b, "clause", BTF_FUNC_GLOBAL, proto);
    ASSERT_GT(func, 0);
    uint32_t size = 0;
    const void* raw = ::btf__raw_data(b, &size);
    auto loaded = k.load_btf({static_cast<const std::byte*>(raw), size});
    ::btf__free(b);
    ASSERT_TRUE(loaded) << loaded.error().message;

    Asm a;
    a.ret0();
    FuncInfo fi{0, static_cast<uint32_t>(func)};
    ProgramSpec ps;
    ps.name = "clause";
    ps.insns = a.bytes();
    ps.btf = loaded->get();
    ps.func_info = std::span(&fi, 1);
    auto p = k.load_program(ps);
    ASSERT_TRUE(p) << p.error().message << "\n" << p.error().verifier_log;

    std::vector<std::byte> junk(32, std::byte{0x55});
    auto bad = k.load_btf(junk);
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().op, Op::BtfLoad);
    EXPECT_EQ(bad.error().message, "cannot load BTF (btf_header not found): Invalid argument");
}

TEST(RealKernelAttach, TickOnOneCpuFiresWithItsCookie) {
    BDTRACE_REQUIRE_FEATURE(Feature::PerfCpuClock, 5, 15);
    Kernel& k = real_kernel();
    auto map = counter_map(k);
    auto prog = load(k, ProgramType::PerfEvent, AttachType::Unspecified, counter_program(map->fd()),
                     "tick");
    ASSERT_TRUE(prog);
    int cpu = k.online_cpus()->front();
    PerfEventSpec spec;
    spec.clock = PerfEventSpec::Clock::PeriodNs;
    spec.value = 1'000'000;  // tick-1000
    spec.cpu = cpu;
    spec.cookie = 0xc1;
    auto link = k.attach_perf_event(*prog, spec);
    ASSERT_TRUE(link) << link.error().message;
    EXPECT_EQ((*link)->describe(), "cpu-clock period 1000000 ns on cpu " + std::to_string(cpu));
    EXPECT_TRUE(eventually([&] { return read_u64(*map, 0) >= 3; }));
    EXPECT_EQ(read_u64(*map, 1), 0xc1u);
    link->reset();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    uint64_t after = read_u64(*map, 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_EQ(read_u64(*map, 0), after) << "the tick kept firing after its link was closed";
}

TEST(RealKernelAttach, ProfileOnEveryCpu) {
    BDTRACE_REQUIRE_FEATURE(Feature::PerfCpuClock, 5, 15);
    Kernel& k = real_kernel();
    auto map = counter_map(k);
    auto prog = load(k, ProgramType::PerfEvent, AttachType::Unspecified, counter_program(map->fd()),
                     "profile");
    ASSERT_TRUE(prog);
    PerfEventSpec spec;  // profile-997
    spec.cookie = 0xc0;
    auto link = k.attach_perf_event(*prog, spec);
    ASSERT_TRUE(link) << link.error().message;
    EXPECT_NE((*link)->describe().find("cpu-clock 997 Hz on cpu"), std::string::npos);
    EXPECT_TRUE(eventually([&] { return read_u64(*map, 0) >= 2; }));
    EXPECT_EQ(read_u64(*map, 1), 0xc0u);
}

TEST(RealKernelAttach, RawTracepointCookie) {
    BDTRACE_REQUIRE_FEATURE(Feature::RawTpCookie, 6, 10);
    Kernel& k = real_kernel();
    auto map = counter_map(k);
    auto prog = load(k, ProgramType::RawTracepoint, AttachType::Unspecified,
                     counter_program(map->fd()), "sys_enter");
    ASSERT_TRUE(prog);
    auto link = k.attach_raw_tracepoint(*prog, "sys_enter", 0xc0ffee);
    ASSERT_TRUE(link) << link.error().message;
    EXPECT_EQ((*link)->describe(), "raw_tp sys_enter");
    EXPECT_TRUE(eventually([&] {
        some_syscalls();
        return read_u64(*map, 0) > 0;
    }));
    EXPECT_EQ(read_u64(*map, 1), 0xc0ffeeu);
}

TEST(RealKernelAttach, UnknownTracepointIsAnError) {
    BDTRACE_REQUIRE_BPF();
    Kernel& k = real_kernel();
    Asm a;
    a.ret0();
    auto prog = load(k, ProgramType::RawTracepoint, AttachType::Unspecified, a, "nope");
    ASSERT_TRUE(prog);
    auto link = k.attach_raw_tracepoint(*prog, "sys_enter_openat", 0);  // synthetic: perf only
    ASSERT_FALSE(link);
    EXPECT_EQ(link.error().message,
              "no kernel tracepoint named 'sys_enter_openat': No such file or directory");
    EXPECT_EQ(link.error().exit_status(), 1);
}

TEST(RealKernelAttach, TpBtfWithCookie) {
    BDTRACE_REQUIRE_FEATURE(Feature::TpBtf, 5, 5);
    Kernel& k = real_kernel();
    auto id = k.tracepoint_btf_id("sys_enter");
    ASSERT_TRUE(id) << id.error().message;
    auto missing = k.tracepoint_btf_id("no_such_tracepoint");
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.error().message,
              "the kernel's BTF has no type 'btf_trace_no_such_tracepoint'");

    auto map = counter_map(k);
    auto prog = load(k, ProgramType::Tracing, AttachType::TraceRawTp, counter_program(map->fd()),
                     "tp_btf", *id);
    ASSERT_TRUE(prog);
    auto [maj, min] = kernel_version();
    uint64_t cookie = (maj > 6 || (maj == 6 && min >= 10)) ? 0xb7f : 0;
    auto link = k.attach_tracing(*prog, cookie);
    ASSERT_TRUE(link) << link.error().message;
    EXPECT_EQ((*link)->describe(), "tp_btf program 'tp_btf'");
    EXPECT_TRUE(eventually([&] {
        some_syscalls();
        return read_u64(*map, 0) > 0;
    }));
    EXPECT_EQ(read_u64(*map, 1), cookie);
}

// fbt: where the kernel allows fentry, a program on vfs_read fires on read(2); where it forbids
// it (this VM: EPERM, kernel.md), detection says so in one line and a load fails with exit
// status 2. Either way the test checks behaviour, so it never skips.
TEST(RealKernelAttach, FentryAttachesOrIsRefusedCleanly) {
    BDTRACE_REQUIRE_BPF();
    Kernel& k = real_kernel();
    const FeatureStatus& f = k.feature(Feature::Fentry);
    auto id = k.vmlinux_type_id("vfs_read", BtfKind::Func);
    ASSERT_TRUE(id) << id.error().message;
    auto map = counter_map(k);
    ProgramSpec ps;
    ps.type = ProgramType::Tracing;
    ps.expected_attach = AttachType::TraceFentry;
    ps.name = "fbt_vfs_read";
    Asm code = counter_program(map->fd());
    ps.insns = code.bytes();
    ps.attach_btf_id = *id;
    auto p = k.load_program(ps);
    if (!f.available) {
        EXPECT_EQ(f.reason.rfind("fbt unavailable: ", 0), 0u) << f.reason;
        if (p) {
            auto link = k.attach_tracing(**p, 0);
            ASSERT_FALSE(link);
            EXPECT_EQ(link.error().exit_status(), 2) << link.error().message;
        } else {
            EXPECT_EQ(p.error().exit_status(), 2) << p.error().message;
        }
        return;
    }
    ASSERT_TRUE(p) << p.error().message << "\n" << p.error().verifier_log;
    auto link = k.attach_tracing(**p, 0x5eed);
    ASSERT_TRUE(link) << link.error().message;
    int zero = ::open("/dev/zero", O_RDONLY);
    ASSERT_GE(zero, 0);
    EXPECT_TRUE(eventually([&] {
        char buf[8];
        [[maybe_unused]] auto n = ::read(zero, buf, sizeof buf);
        return read_u64(*map, 0) > 0;
    }));
    ::close(zero);
    EXPECT_EQ(read_u64(*map, 1), 0x5eedu);
}

TEST(RealKernelRingBuffer, RoundTrip) {
    BDTRACE_REQUIRE_FEATURE(Feature::RingBuf, 5, 8);
    Kernel& k = real_kernel();
    auto rb = k.create_map(MapSpec{MapType::RingBuf, "events", 0, 0, 4096, 0});
    ASSERT_TRUE(rb) << rb.error().message;
    const int32_t tgid = ::getpid();
    const uint64_t magic = 0x1122334455667788ull;
    // if (pid_tgid >> 32 == tgid) bpf_ringbuf_output(rb, {tgid, magic}, 16, 0)
    Asm a;
    a.call(probe_asm::kGetCurrentPidTgid)
        .rsh_imm(BPF_REG_0, 32)
        .jne_imm(BPF_REG_0, tgid, 11)
        .ld_imm64(BPF_REG_1, magic)
        .stx(BPF_DW, BPF_REG_10, -8, BPF_REG_1)
        .stx(BPF_DW, BPF_REG_10, -16, BPF_REG_0)
        .ld_map_fd(BPF_REG_1, (*rb)->fd())
        .mov_reg(BPF_REG_2, BPF_REG_10)
        .add_imm(BPF_REG_2, -16)
        .mov_imm(BPF_REG_3, 16)
        .mov_imm(BPF_REG_4, 0)
        .call(probe_asm::kRingbufOutput)
        .ret0();
    auto prog = load(k, ProgramType::RawTracepoint, AttachType::Unspecified, a, "emit");
    ASSERT_TRUE(prog);
    std::vector<std::vector<uint64_t>> got;
    auto consumer = k.open_ring_buffer(**rb, [&](const void* data, size_t size) {
        const auto* w = static_cast<const uint64_t*>(data);
        got.emplace_back(w, w + size / 8);
    });
    ASSERT_TRUE(consumer) << consumer.error().message;
    EXPECT_GE((*consumer)->epoll_fd(), 0);
    auto link = k.attach_raw_tracepoint(*prog, "sys_enter", 0);
    ASSERT_TRUE(link) << link.error().message;
    EXPECT_TRUE(eventually([&] {
        some_syscalls();
        auto n = (*consumer)->poll(5);
        EXPECT_TRUE(n) << n.error().message;
        return !got.empty();
    }));
    link->reset();
    ASSERT_FALSE(got.empty());
    ASSERT_EQ(got[0].size(), 2u);
    EXPECT_EQ(got[0][0], uint64_t(tgid));
    EXPECT_EQ(got[0][1], magic);
}
