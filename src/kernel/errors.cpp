// The wording of every kernel error. Messages say what we tried, on what, and what to do about
// it, and end with the system's errno text so a search for it finds the cause.
#include <cerrno>
#include <cstring>
#include <string>
#include <string_view>

#include "kernel/result.h"

namespace bdtrace::kernel {

namespace {

constexpr int kENOTSUPP = 524;  // kernel-internal; no libc name

std::string errno_text(int err) {
    if (err == kENOTSUPP) return "Operation not supported (ENOTSUPP)";
    char buf[128];
    // GNU strerror_r returns the message pointer (possibly not buf).
    const char* s = strerror_r(err, buf, sizeof buf);
    return s ? s : "error " + std::to_string(err);
}

bool is_denied(int err) {
    return err == EPERM || err == EACCES;
}

Error make(Op op, int err, ErrorKind kind, std::string message) {
    Error e;
    e.op = op;
    e.err = err;
    e.kind = kind;
    e.message = std::move(message);
    return e;
}

std::string with_errno(std::string what, int err) {
    what += ": ";
    what += errno_text(err);
    return what;
}

std::string quoted(std::string_view s) {
    std::string q = "'";
    q += s;
    q += "'";
    return q;
}

// What the operation was, as the start of a sentence ("create map 'aggs'").
std::string doing(Op op, const std::string& subject) {
    switch (op) {
        case Op::MapCreate:
            return "create map " + quoted(subject);
        case Op::MapLookup:
            return "look up a key in map " + quoted(subject);
        case Op::MapUpdate:
            return "update map " + quoted(subject);
        case Op::MapDelete:
            return "delete a key from map " + quoted(subject);
        case Op::MapNextKey:
            return "iterate over map " + quoted(subject);
        case Op::MapMmap:
            return "map " + quoted(subject) + " into memory";
        case Op::MapFreeze:
            return "freeze map " + quoted(subject);
        case Op::BtfLoad:
            return "load BTF" + (subject.empty() ? "" : " for " + subject);
        case Op::VmlinuxBtf:
            return "read the kernel's BTF" + (subject.empty() ? "" : " for " + subject);
        case Op::ProgLoad:
            return "load program " + quoted(subject);
        case Op::ProgTestRun:
            return "run program " + quoted(subject);
        case Op::PerfEventOpen:
            return "open perf event " + subject;
        case Op::AttachPerfEvent:
            return "attach to perf event " + subject;
        case Op::AttachRawTracepoint:
            return "attach to raw tracepoint " + quoted(subject);
        case Op::AttachTracing:
            return "attach " + subject;
        case Op::AttachUprobeMulti:
            return "attach uprobes to " + subject;
        case Op::RingBufOpen:
            return "open the ring buffer " + quoted(subject);
        case Op::RingBufPoll:
            return "read the ring buffer " + quoted(subject);
        case Op::ReadCpus:
            return "read the list of online CPUs";
    }
    return "use the kernel";
}

// For "need root (...) to <verb>".
std::string privilege_verb(Op op) {
    switch (op) {
        case Op::MapCreate:
        case Op::MapLookup:
        case Op::MapUpdate:
        case Op::MapDelete:
        case Op::MapNextKey:
        case Op::MapMmap:
        case Op::MapFreeze:
            return "create and use BPF maps";
        case Op::BtfLoad:
            return "load BTF";
        case Op::ProgLoad:
            return "load BPF programs";
        case Op::ProgTestRun:
            return "run BPF programs";
        case Op::PerfEventOpen:
            return "open perf events";
        default:
            return "attach BPF programs";
    }
}

Error privilege(Op op, int err) {
    std::string caps = op == Op::PerfEventOpen ? "CAP_PERFMON" : "CAP_BPF and CAP_PERFMON";
    return make(op, err, ErrorKind::Privilege,
                with_errno("need root (" + caps + ") to " + privilege_verb(op), err));
}

Error prog_load(int err, const ErrorContext& ctx) {
    const std::string name = quoted(ctx.subject);
    const std::string& log = ctx.verifier_log;
    std::string reason = verifier_reason(log);
    Error e;
    if (log.find("cannot use helper") != std::string::npos ||
        log.find("unknown func") != std::string::npos ||
        log.find("invalid func") != std::string::npos) {
        e = make(Op::ProgLoad, err, ErrorKind::Unsupported,
                 "program " + name + " uses a helper this kernel does not allow: " + reason);
    } else if (!log.empty() && err != EPERM) {
        if (err == E2BIG) {
            e = make(Op::ProgLoad, err, ErrorKind::Failure,
                     "program " + name + " is too complex for the BPF verifier: " + reason);
        } else {
            e = make(Op::ProgLoad, err, ErrorKind::Failure,
                     "BPF verifier rejected program " + name + ": " + reason);
        }
    } else if (is_denied(err) && !ctx.have_bpf_caps) {
        e = privilege(Op::ProgLoad, err);
    } else if (err == EPERM) {
        e = make(Op::ProgLoad, err, ErrorKind::Unsupported,
                 "kernel forbids loading program " + name +
                     (ctx.detail.empty() ? "" : " (" + ctx.detail + ")") + " (EPERM)");
    } else if (err == E2BIG) {
        e = make(Op::ProgLoad, err, ErrorKind::Failure,
                 with_errno("program " + name +
                                " has too many instructions for the kernel (the limit is 1000000)",
                            err));
    } else if (err == ENOMEM) {
        e = make(Op::ProgLoad, err, ErrorKind::Failure,
                 with_errno("not enough memory to load program " + name, err));
    } else {
        std::string what = "kernel rejected program " + name;
        if (!ctx.detail.empty()) what += " (" + ctx.detail + ")";
        e = make(Op::ProgLoad, err, ErrorKind::Failure, with_errno(what, err));
    }
    e.verifier_log = log;
    return e;
}

}  // namespace

std::string_view op_name(Op op) {
    switch (op) {
        case Op::MapCreate:
            return "BPF_MAP_CREATE";
        case Op::MapLookup:
            return "BPF_MAP_LOOKUP_ELEM";
        case Op::MapUpdate:
            return "BPF_MAP_UPDATE_ELEM";
        case Op::MapDelete:
            return "BPF_MAP_DELETE_ELEM";
        case Op::MapNextKey:
            return "BPF_MAP_GET_NEXT_KEY";
        case Op::MapMmap:
            return "mmap";
        case Op::MapFreeze:
            return "BPF_MAP_FREEZE";
        case Op::BtfLoad:
            return "BPF_BTF_LOAD";
        case Op::VmlinuxBtf:
            return "vmlinux BTF";
        case Op::ProgLoad:
            return "BPF_PROG_LOAD";
        case Op::ProgTestRun:
            return "BPF_PROG_TEST_RUN";
        case Op::PerfEventOpen:
            return "perf_event_open";
        case Op::AttachPerfEvent:
            return "BPF_LINK_CREATE(BPF_PERF_EVENT)";
        case Op::AttachRawTracepoint:
            return "BPF_RAW_TRACEPOINT_OPEN";
        case Op::AttachTracing:
            return "BPF_LINK_CREATE(tracing)";
        case Op::AttachUprobeMulti:
            return "BPF_LINK_CREATE(uprobe_multi)";
        case Op::RingBufOpen:
            return "ring_buffer__new";
        case Op::RingBufPoll:
            return "ring_buffer__poll";
        case Op::ReadCpus:
            return "online CPUs";
    }
    return "?";
}

std::string verifier_reason(std::string_view log) {
    // Walk the lines backwards; skip the statistics the verifier appends and instruction dumps
    // ("12: (85) call ...", "; source line"), and keep the first line that says something.
    std::string_view best;
    size_t end = log.size();
    while (end > 0) {
        size_t start = log.rfind('\n', end - 1);
        start = start == std::string_view::npos ? 0 : start + 1;
        std::string_view line = log.substr(start, end - start);
        while (!line.empty() && (line.back() == '\n' || line.back() == ' ' || line.back() == '\0'))
            line.remove_suffix(1);
        end = start == 0 ? 0 : start - 1;
        if (line.empty()) continue;
        if (line.starts_with("processed ") || line.starts_with("verification time") ||
            line.starts_with("stack depth") || line.starts_with("max_states_per_insn") ||
            line.starts_with("mark_precise") || line.starts_with(";"))
            continue;
        // Instruction dumps start with "N: (" ; register state lines with "N: R".
        size_t i = 0;
        while (i < line.size() && line[i] >= '0' && line[i] <= '9') ++i;
        if (i > 0 && i + 1 < line.size() && line[i] == ':' && line[i + 1] == ' ') continue;
        best = line;
        break;
    }
    if (best.empty()) return log.empty() ? "no verifier log" : std::string(log.substr(0, 200));
    return std::string(best);
}

Error usage_error(Op op, std::string message) {
    return make(op, EINVAL, ErrorKind::Failure, std::move(message));
}

Error classify(Op op, int err, const ErrorContext& ctx) {
    const std::string& subj = ctx.subject;
    if (op == Op::ProgLoad) return prog_load(err, ctx);
    if (op == Op::ReadCpus || op == Op::RingBufPoll || op == Op::RingBufOpen) {
        return make(op, err, ErrorKind::Failure, with_errno("cannot " + doing(op, subj), err));
    }
    if (op == Op::PerfEventOpen) {
        if (is_denied(err)) {
            Error e = privilege(op, err);
            if (!ctx.detail.empty()) e.message += " (" + ctx.detail + ")";
            return e;
        }
        if (err == ENOENT || err == EOPNOTSUPP)
            return make(op, err, ErrorKind::Unsupported,
                        with_errno("this machine has no perf event " + subj, err));
        if (err == ENODEV)
            return make(op, err, ErrorKind::Failure,
                        with_errno("cannot " + doing(op, subj) + " (is the CPU online?)", err));
        std::string what = "cannot " + doing(op, subj);
        if (!ctx.detail.empty()) what += " (" + ctx.detail + ")";
        return make(op, err, ErrorKind::Failure, with_errno(what, err));
    }
    if (op == Op::VmlinuxBtf) {
        if (err == ESRCH)
            return make(op, err, ErrorKind::Failure,
                        "the kernel's BTF has no type " + quoted(subj));
        return make(op, err, ErrorKind::Unsupported,
                    with_errno("cannot read the kernel's BTF (/sys/kernel/btf/vmlinux; the kernel "
                               "needs CONFIG_DEBUG_INFO_BTF)",
                               err));
    }

    // Everything else is a bpf() command.
    if (is_denied(err) && !ctx.have_bpf_caps) return privilege(op, err);

    switch (op) {
        case Op::MapCreate:
            if (err == EPERM)  // old kernels: RLIMIT_MEMLOCK
                return make(op, err, ErrorKind::Privilege,
                            with_errno("cannot " + doing(op, subj) +
                                           (ctx.detail.empty() ? "" : " (" + ctx.detail + ")") +
                                           "; the locked-memory limit may be too low (ulimit -l)",
                                       err));
            if (err == ENOMEM)
                return make(op, err, ErrorKind::Failure,
                            with_errno("not enough memory for map " + quoted(subj) +
                                           (ctx.detail.empty() ? "" : " (" + ctx.detail + ")"),
                                       err));
            break;
        case Op::MapUpdate:
            if (err == E2BIG)
                return make(op, err, ErrorKind::Failure,
                            with_errno("map " + quoted(subj) + " is full", err));
            if (err == EEXIST)
                return make(op, err, ErrorKind::Failure,
                            with_errno("the key already exists in map " + quoted(subj), err));
            if (err == EPERM)
                return make(op, err, ErrorKind::Failure,
                            with_errno("map " + quoted(subj) + " is read-only (frozen)", err));
            break;
        case Op::MapMmap:
            return make(
                op, err, ErrorKind::Failure,
                with_errno("cannot map " + quoted(subj) +
                               " into memory (only arrays created with BPF_F_MMAPABLE can be)",
                           err));
        case Op::AttachRawTracepoint:
            if (err == ENOENT)
                return make(op, err, ErrorKind::Failure,
                            with_errno("no kernel tracepoint named " + quoted(subj), err));
            if (ctx.with_cookie && (err == EINVAL || err == E2BIG))
                return make(
                    op, err, ErrorKind::Unsupported,
                    with_errno("cannot " + doing(op, subj) +
                                   " with a cookie (raw tracepoint cookies need Linux 6.10)",
                               err));
            break;
        case Op::AttachTracing:
            if (err == EPERM)
                return make(op, err, ErrorKind::Unsupported,
                            "kernel forbids attaching " + subj + " (EPERM)");
            if (err == EOPNOTSUPP || err == kENOTSUPP || err == EINVAL)
                return make(op, err, ErrorKind::Unsupported,
                            with_errno("this kernel cannot " + doing(op, subj), err));
            break;
        case Op::AttachUprobeMulti:
            if (err == kENOTSUPP)
                return make(
                    op, err, ErrorKind::Failure,
                    with_errno("uprobe_multi refused an offset in " + subj +
                                   " (its instruction cannot be probed, e.g. LOCK-prefixed)",
                               err));
            if (err == ESRCH)
                return make(op, err, ErrorKind::Failure,
                            with_errno("cannot " + doing(op, subj) + ": no such process", err));
            if (err == ENOENT)
                return make(op, err, ErrorKind::Failure,
                            with_errno("cannot " + doing(op, subj) + ": no such file", err));
            if (err == EOPNOTSUPP)
                return make(op, err, ErrorKind::Unsupported,
                            with_errno("this kernel has no uprobe_multi (CONFIG_UPROBES)", err));
            if (err == EINVAL)
                return make(
                    op, err, ErrorKind::Failure,
                    with_errno("kernel rejected uprobes on " + subj +
                                   " (an offset past the end of the file? uprobe_multi needs "
                                   "Linux 6.6)",
                               err));
            break;
        case Op::AttachPerfEvent:
            if (err == EOPNOTSUPP || err == EINVAL)
                return make(
                    op, err, ErrorKind::Unsupported,
                    with_errno("this kernel cannot " + doing(op, subj) + " through a BPF link",
                               err));
            break;
        default:
            break;
    }
    std::string what = "cannot " + doing(op, subj);
    if (!ctx.detail.empty()) what += " (" + ctx.detail + ")";
    // EPERM/EACCES although we hold the capabilities: the kernel refused this particular
    // request, which is not something more privilege would fix.
    return make(op, err, ErrorKind::Failure, with_errno(what, err));
}

}  // namespace bdtrace::kernel
