// The runtime's table of program kinds: how each kind's program is loaded (its type, name and
// expected attach type) and which Session member attaches its probes. A new kind of program is a
// row here and, when it attaches differently from the others, one attacher.

#include "runtime/session.h"

namespace bdtrace::runtime {

using probes::AttachKind;

const Session::Attacher& Session::attacher(AttachKind kind) {
    using PT = kernel::ProgramType;
    using AT = kernel::AttachType;
    // BEGIN and END are run by the consumer; ERROR's clauses run inside the other programs.
    static const Attacher kBegin{"dt_begin", PT::RawTracepoint, AT::Unspecified, nullptr, nullptr};
    static const Attacher kEnd{"dt_end", PT::RawTracepoint, AT::Unspecified, nullptr, nullptr};
    static const Attacher kProfile{"dt_profile", PT::PerfEvent, AT::Unspecified, nullptr,
                                   &Session::attach_profile};
    static const Attacher kTick{"dt_tick", PT::PerfEvent, AT::Unspecified, nullptr,
                                &Session::attach_profile};
    // pid and USDT probes share the probe table: one attacher for both plans.
    static const Attacher kUprobe{"dt_uprobe", PT::Kprobe, AT::UprobeMulti, nullptr,
                                  &Session::attach_user_probes};
    static const Attacher kUretprobe{"dt_uretprobe", PT::Kprobe, AT::UprobeMulti, nullptr,
                                     &Session::attach_user_probes};
    static const Attacher kUsdt{"dt_usdt", PT::Kprobe, AT::UprobeMulti, nullptr,
                                &Session::attach_user_probes};
    static const Attacher kSysEnter{"dt_sys_enter", PT::Tracing, AT::TraceRawTp, "sys_enter",
                                    &Session::attach_syscall_epids};
    static const Attacher kSysExit{"dt_sys_exit", PT::Tracing, AT::TraceRawTp, "sys_exit",
                                   &Session::attach_syscall_epids};
    static const Attacher kSdt{"dt_sdt", PT::RawTracepoint, AT::Unspecified, nullptr,
                               &Session::attach_sdt_epids};
    switch (kind) {
        case AttachKind::Begin:
            return kBegin;
        case AttachKind::End:
            return kEnd;
        case AttachKind::Error:
            break;
        case AttachKind::Profile:
            return kProfile;
        case AttachKind::Tick:
            return kTick;
        case AttachKind::Uprobe:
            return kUprobe;
        case AttachKind::Uretprobe:
            return kUretprobe;
        case AttachKind::Usdt:
            return kUsdt;
        case AttachKind::SyscallEntry:
            return kSysEnter;
        case AttachKind::SyscallReturn:
            return kSysExit;
        case AttachKind::Sdt:
            return kSdt;
    }
    return kProfile;  // (no ERROR program is made)
}

}  // namespace bdtrace::runtime
