// Feature detection by doing: each probe creates, loads or attaches the smallest thing that
// needs the feature, then releases it. Verifier messages such as "cannot use helper" count as
// "unsupported" (libbpf 1.1 and bpftool only look for "unknown func", which is why their probes
// are wrong on current kernels).
#include <elf.h>
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <optional>
#include <thread>

#include "kernel/probe_asm.h"
#include "kernel/real_kernel.h"

namespace bdtrace::kernel {

namespace {

using probe_asm::Asm;

FeatureStatus yes(std::string why) {
    return FeatureStatus{true, std::move(why), false, 0};
}

FeatureStatus no(std::string prefix, const Error& e) {
    return FeatureStatus{false, prefix + e.message, e.kind == ErrorKind::Privilege, 0};
}

Result<std::unique_ptr<Program>> load(Kernel& k, const char* name, ProgramType type,
                                      AttachType attach, const Asm& code, uint32_t btf_id = 0) {
    ProgramSpec spec;
    spec.type = type;
    spec.expected_attach = attach;
    spec.name = name;
    spec.insns = code.bytes();
    spec.attach_btf_id = btf_id;
    return k.load_program(spec);
}

Asm trivial() {
    Asm a;
    a.ret0();
    return a;
}

// Closing a uprobe link waits for an SRCU grace period (20-60 ms on the reference VM). Nothing
// waits for a probe's detach, so it happens on a short-lived thread.
void release_in_background(std::unique_ptr<Link> link, std::unique_ptr<Program> prog) {
    std::thread([l = std::move(link), p = std::move(prog)]() mutable {
        l.reset();
        p.reset();
    }).detach();
}

// The file offset of the ELF entry point: an instruction that uprobes accept and that this
// process never executes again, so a probe there is harmless.
std::optional<uint64_t> entry_offset(const char* path) {
    std::ifstream in(path, std::ios::binary);
    Elf64_Ehdr eh{};
    if (!in.read(reinterpret_cast<char*>(&eh), sizeof eh)) return std::nullopt;
    if (std::memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 || eh.e_ident[EI_CLASS] != ELFCLASS64)
        return std::nullopt;
    for (unsigned i = 0; i < eh.e_phnum; ++i) {
        Elf64_Phdr ph{};
        in.seekg(static_cast<std::streamoff>(eh.e_phoff + uint64_t(i) * eh.e_phentsize));
        if (!in.read(reinterpret_cast<char*>(&ph), sizeof ph)) return std::nullopt;
        if (ph.p_type == PT_LOAD && (ph.p_flags & PF_X) && eh.e_entry >= ph.p_vaddr &&
            eh.e_entry < ph.p_vaddr + ph.p_filesz)
            return eh.e_entry - ph.p_vaddr + ph.p_offset;
    }
    return std::nullopt;
}

FeatureStatus probe_bpf(Kernel& k) {
    // The program first: tracing programs need CAP_PERFMON as well as CAP_BPF, so its refusal
    // names both.
    auto prog =
        load(k, "bdtrace_probe", ProgramType::RawTracepoint, AttachType::Unspecified, trivial());
    if (!prog) return no("", prog.error());
    MapSpec ms;
    ms.name = "bdtrace_probe";
    auto map = k.create_map(ms);
    if (!map) return no("", map.error());
    return yes("maps and tracing programs load");
}

FeatureStatus probe_uprobe(Kernel& k, AttachType at, const char* what) {
    std::string prefix = std::string(what) + " unavailable: ";
    auto off = entry_offset("/proc/self/exe");
    if (!off) return FeatureStatus{false, prefix + "cannot read the ELF entry of /proc/self/exe"};
    auto prog = load(k, "bdtrace_probe", ProgramType::Kprobe, at, trivial());
    if (!prog) return no(prefix, prog.error());
    UprobeMultiSpec spec;
    spec.path = "/proc/self/exe";
    spec.offsets = {*off};
    // Filtered to init, which does not map our executable: the link is made and checked, but no
    // breakpoint is written anywhere (with our own pid it would be, at 5-16 ms).
    spec.pid = 1;
    auto link = k.attach_uprobe_multi(**prog, spec);
    if (!link) return no(prefix, link.error());
    release_in_background(std::move(*link), std::move(*prog));
    return yes(std::string(what) + " link on /proc/self/exe");
}

// A program that calls `helper` with harmless arguments; loaded, never attached.
FeatureStatus probe_helper(Kernel& k, const Asm& code, const char* prefix, const char* forbidden,
                           const char* ok) {
    auto prog = load(k, "bdtrace_probe", ProgramType::RawTracepoint, AttachType::Unspecified, code);
    if (prog) return yes(ok);
    const Error& e = prog.error();
    if (e.kind == ErrorKind::Unsupported)
        return FeatureStatus{
            false, std::string(prefix) + forbidden + " (" + verifier_reason(e.verifier_log) + ")"};
    return no(prefix, e);
}

FeatureStatus probe_fentry(Kernel& k) {
    const std::string prefix = "fbt unavailable: ";
    uint32_t id = 0;
    const char* target = nullptr;
    for (const char* fn : {"bpf_fentry_test1", "vfs_read"}) {
        auto r = k.vmlinux_type_id(fn, BtfKind::Func);
        if (r) {
            id = *r;
            target = fn;
            break;
        }
        if (r.error().kind != ErrorKind::Failure) return no(prefix, r.error());
    }
    if (!target) return FeatureStatus{false, prefix + "no fentry target in the kernel's BTF"};
    auto prog =
        load(k, "bdtrace_probe", ProgramType::Tracing, AttachType::TraceFentry, trivial(), id);
    if (!prog) {
        if (prog.error().err == EPERM && prog.error().kind == ErrorKind::Unsupported)
            return FeatureStatus{false, prefix + "kernel forbids fentry (EPERM)"};
        return no(prefix, prog.error());
    }
    auto link = k.attach_tracing(**prog, 0);
    if (!link) {
        if (link.error().err == EPERM && link.error().kind == ErrorKind::Unsupported)
            return FeatureStatus{false, prefix + "kernel forbids fentry (EPERM)"};
        return no(prefix, link.error());
    }
    return yes(std::string("fentry attached to ") + target);
}

}  // namespace

FeatureStatus probe_feature(Kernel& k, Feature f) {
    if (f == Feature::Bpf) return probe_bpf(k);
    const FeatureStatus& bpf = k.feature(Feature::Bpf);
    if (!bpf.available) return FeatureStatus{false, bpf.reason, bpf.privilege, 0};

    switch (f) {
        case Feature::Bpf:
            break;
        case Feature::RingBuf: {
            MapSpec ms;
            ms.type = MapType::RingBuf;
            ms.name = "bdtrace_probe";
            ms.max_entries = 4096;
            auto map = k.create_map(ms);
            if (!map) return no("ring buffer unavailable: ", map.error());
            return yes("ring buffer map created");
        }
        case Feature::PerfCpuClock: {
            const char* prefix = "profile and tick unavailable: ";
            auto prog = load(k, "bdtrace_probe", ProgramType::PerfEvent, AttachType::Unspecified,
                             trivial());
            if (!prog) return no(prefix, prog.error());
            auto cpus = k.online_cpus();
            if (!cpus) return no(prefix, cpus.error());
            PerfEventSpec spec;
            spec.clock = PerfEventSpec::Clock::PeriodNs;
            spec.value = 1'000'000'000;  // never fires before we detach
            spec.cpu = cpus->front();
            auto link = k.attach_perf_event(**prog, spec);
            if (!link) return no(prefix, link.error());
            return yes("cpu-clock perf event linked with a cookie");
        }
        case Feature::RawTpCookie: {
            const char* prefix = "raw tracepoint cookies unavailable: ";
            auto prog = load(k, "bdtrace_probe", ProgramType::RawTracepoint,
                             AttachType::Unspecified, trivial());
            if (!prog) return no(prefix, prog.error());
            auto link = k.attach_raw_tracepoint(**prog, "sys_enter", 1);
            if (!link) return no(prefix, link.error());
            return yes("raw_tp sys_enter attached with a cookie");
        }
        case Feature::TpBtf: {
            const char* prefix = "tp_btf unavailable: ";
            auto id = k.tracepoint_btf_id("sys_enter");
            if (!id) return no(prefix, id.error());
            auto prog = load(k, "bdtrace_probe", ProgramType::Tracing, AttachType::TraceRawTp,
                             trivial(), *id);
            if (!prog) return no(prefix, prog.error());
            auto link = k.attach_tracing(**prog, 0);
            if (!link) return no(prefix, link.error());
            return yes("tp_btf sys_enter attached");
        }
        case Feature::UprobeMulti:
            return probe_uprobe(k, AttachType::UprobeMulti, "uprobe_multi");
        case Feature::UprobeSession:
            return probe_uprobe(k, AttachType::UprobeSession, "uprobe_session");
        case Feature::Fentry:
            return probe_fentry(k);
        case Feature::UprobeNop5:
            return probe_uprobe_nop5(k);
        case Feature::ProbeWriteUser: {
            // bpf_probe_write_user(NULL, fp-8, 8)
            Asm a;
            a.st_imm(BPF_DW, BPF_REG_10, -8, 0)
                .mov_imm(BPF_REG_1, 0)
                .mov_reg(BPF_REG_2, BPF_REG_10)
                .add_imm(BPF_REG_2, -8)
                .mov_imm(BPF_REG_3, 8)
                .call(probe_asm::kProbeWriteUser)
                .ret0();
            return probe_helper(
                k, a, "copyout unavailable: ", "kernel forbids bpf_probe_write_user (lockdown?)",
                "bpf_probe_write_user allowed");
        }
        case Feature::SendSignal: {
            Asm a;
            a.mov_imm(BPF_REG_1, 0).call(probe_asm::kSendSignal).ret0();
            return probe_helper(k, a, "raise() unavailable: ", "kernel forbids bpf_send_signal",
                                "bpf_send_signal allowed");
        }
        case Feature::TaskStorage: {
            const char* prefix = "task storage unavailable: ";
            MapSpec ms;
            ms.type = MapType::TaskStorage;
            ms.name = "bdtrace_probe";
            ms.value_size = 8;
            auto map = k.create_map(ms);
            if (!map) return no(prefix, map.error());
            // bpf_task_storage_get(map, bpf_get_current_task_btf(), NULL, 0)
            Asm a;
            a.call(probe_asm::kGetCurrentTaskBtf)
                .mov_reg(BPF_REG_2, BPF_REG_0)
                .ld_map_fd(BPF_REG_1, (*map)->fd())
                .mov_imm(BPF_REG_3, 0)
                .mov_imm(BPF_REG_4, 0)
                .call(probe_asm::kTaskStorageGet)
                .ret0();
            auto prog =
                load(k, "bdtrace_probe", ProgramType::RawTracepoint, AttachType::Unspecified, a);
            if (!prog) return no(prefix, prog.error());
            return yes("task storage map used by bpf_task_storage_get");
        }
    }
    return FeatureStatus{false, "unknown feature"};
}

}  // namespace bdtrace::kernel
