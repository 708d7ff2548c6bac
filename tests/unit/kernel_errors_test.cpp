// The kernel boundary without a kernel: error wording and classification, verifier-log reasons.
#include <gtest/gtest.h>

#include <cerrno>

#include "kernel/result.h"

using namespace bdtrace::kernel;

namespace {

ErrorContext ctx(std::string subject, bool caps = true) {
    ErrorContext c;
    c.subject = std::move(subject);
    c.have_bpf_caps = caps;
    return c;
}

}  // namespace

TEST(KernelErrors, NeedRootToLoadPrograms) {
    Error e = classify(Op::ProgLoad, EPERM, ctx("probe", false));
    EXPECT_EQ(e.render(),
              "bdtrace: need root (CAP_BPF and CAP_PERFMON) to load BPF programs: Operation not "
              "permitted");
    EXPECT_EQ(e.kind, ErrorKind::Privilege);
    EXPECT_EQ(e.exit_status(), 2);
    EXPECT_EQ(e.err, EPERM);
    EXPECT_EQ(e.op, Op::ProgLoad);
    EXPECT_EQ(e.render("dtrace").rfind("dtrace: need root", 0), 0u);
}

TEST(KernelErrors, NeedRootForMapsAndPerfEvents) {
    EXPECT_EQ(classify(Op::MapCreate, EPERM, ctx("aggs", false)).message,
              "need root (CAP_BPF and CAP_PERFMON) to create and use BPF maps: Operation not "
              "permitted");
    Error pe = classify(Op::PerfEventOpen, EACCES, ctx("cpu-clock on cpu 0"));
    EXPECT_EQ(pe.message, "need root (CAP_PERFMON) to open perf events: Permission denied");
    EXPECT_EQ(pe.exit_status(), 2);
}

TEST(KernelErrors, VerifierRejectionIsAnErrorWithTheReason) {
    ErrorContext c = ctx("clause_3");
    c.verifier_log =
        "func#0 @0\n0: R1=ctx() R10=fp0\n0: (95) exit\nR0 !read_ok\n"
        "processed 1 insns (limit 1000000) max_states_per_insn 0 total_states 0\n";
    // The verifier says EACCES; with the capabilities held that is not a privilege problem.
    Error e = classify(Op::ProgLoad, EACCES, c);
    EXPECT_EQ(e.message, "BPF verifier rejected program 'clause_3': R0 !read_ok");
    EXPECT_EQ(e.kind, ErrorKind::Failure);
    EXPECT_EQ(e.exit_status(), 1);
    EXPECT_EQ(e.verifier_log, c.verifier_log);
}

TEST(KernelErrors, ForbiddenHelperIsUnsupported) {
    ErrorContext c = ctx("copyout");
    c.verifier_log =
        "0: (85) call bpf_probe_write_user#36\n"
        "program of this type cannot use helper bpf_probe_write_user#36\n"
        "processed 5 insns (limit 1000000)\n";
    Error e = classify(Op::ProgLoad, EINVAL, c);
    EXPECT_EQ(e.kind, ErrorKind::Unsupported);
    EXPECT_EQ(e.message,
              "program 'copyout' uses a helper this kernel does not allow: program of this type "
              "cannot use helper bpf_probe_write_user#36");
}

TEST(KernelErrors, EpermWithCapabilitiesMeansTheKernelForbidsIt) {
    Error e = classify(Op::ProgLoad, EPERM, ctx("fbt_entry"));
    EXPECT_EQ(e.kind, ErrorKind::Unsupported);
    EXPECT_EQ(e.message, "kernel forbids loading program 'fbt_entry' (EPERM)");
}

TEST(KernelErrors, TooComplexProgram) {
    ErrorContext c = ctx("big");
    c.verifier_log = "BPF program is too large. Processed 1000001 insn\nprocessed 1000001 insns\n";
    EXPECT_EQ(classify(Op::ProgLoad, E2BIG, c).message,
              "program 'big' is too complex for the BPF verifier: BPF program is too large. "
              "Processed 1000001 insn");
    EXPECT_EQ(classify(Op::ProgLoad, E2BIG, ctx("big")).message,
              "program 'big' has too many instructions for the kernel (the limit is 1000000): "
              "Argument list too long");
}

TEST(KernelErrors, AttachMessages) {
    EXPECT_EQ(classify(Op::AttachRawTracepoint, ENOENT, ctx("sys_enter_openat")).message,
              "no kernel tracepoint named 'sys_enter_openat': No such file or directory");
    ErrorContext cookie = ctx("sys_enter");
    cookie.with_cookie = true;
    Error old = classify(Op::AttachRawTracepoint, EINVAL, cookie);
    EXPECT_EQ(old.kind, ErrorKind::Unsupported);
    EXPECT_NE(old.message.find("need Linux 6.10"), std::string::npos);

    Error lock = classify(Op::AttachUprobeMulti, 524, ctx("/lib/libc.so.6 (2152 offsets)"));
    EXPECT_EQ(lock.message,
              "uprobe_multi refused an offset in /lib/libc.so.6 (2152 offsets) (its instruction "
              "cannot be probed, e.g. LOCK-prefixed): Operation not supported (ENOTSUPP)");
    EXPECT_EQ(lock.kind, ErrorKind::Failure);
    EXPECT_EQ(lock.err, 524);

    Error fentry = classify(Op::AttachTracing, EPERM, ctx("fentry program 'f'"));
    EXPECT_EQ(fentry.message, "kernel forbids attaching fentry program 'f' (EPERM)");
    EXPECT_EQ(fentry.exit_status(), 2);

    Error hw = classify(Op::PerfEventOpen, ENOENT, ctx("cycles on cpu 0"));
    EXPECT_EQ(hw.kind, ErrorKind::Unsupported);
}

TEST(KernelErrors, MapMessages) {
    ErrorContext c = ctx("aggs");
    c.detail = "hash, key 8 B, value 8 B, 1000000 entries";
    EXPECT_EQ(classify(Op::MapCreate, ENOMEM, c).message,
              "not enough memory for map 'aggs' (hash, key 8 B, value 8 B, 1000000 entries): "
              "Cannot allocate memory");
    EXPECT_EQ(classify(Op::MapUpdate, E2BIG, ctx("dyn")).message,
              "map 'dyn' is full: Argument list too long");
    // EPERM on an update with the capabilities held: a frozen map, not a privilege problem.
    Error frozen = classify(Op::MapUpdate, EPERM, ctx("rodata"));
    EXPECT_EQ(frozen.kind, ErrorKind::Failure);
    EXPECT_EQ(frozen.message, "map 'rodata' is read-only (frozen): Operation not permitted");
}

TEST(KernelErrors, VerifierReasonSkipsStatisticsAndDumps) {
    EXPECT_EQ(verifier_reason("0: (b7) r0 = 0\n1: (95) exit\nR0 !read_ok\n"), "R0 !read_ok");
    EXPECT_EQ(verifier_reason("invalid write to stack R10 off=-520 size=8\n"
                              "processed 3 insns (limit 1000000) max_states_per_insn 0\n"
                              "verification time 12 usec\nstack depth 0\n"),
              "invalid write to stack R10 off=-520 size=8");
    EXPECT_EQ(verifier_reason(""), "no verifier log");
}

TEST(KernelResult, ValueOrError) {
    Result<int> ok = 5;
    ASSERT_TRUE(ok);
    EXPECT_EQ(*ok, 5);
    Result<int> bad = usage_error(Op::MapLookup, "wrong key");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().message, "wrong key");
    Result<void> v;
    EXPECT_TRUE(v.ok());
    Result<void> vb = usage_error(Op::MapUpdate, "x");
    EXPECT_FALSE(vb.ok());
    EXPECT_EQ(vb.error().exit_status(), 1);
}
