#include "probes/attach_plan.h"

namespace bdtrace::probes {

AttachKind kind_of(const AttachPlan& plan) {
    struct Kind {
        AttachKind operator()(const DtracePlan& p) const { return p.which; }
        AttachKind operator()(const ProfilePlan& p) const {
            return p.tick ? AttachKind::Tick : AttachKind::Profile;
        }
        AttachKind operator()(const UprobePlan& p) const {
            return p.returns ? AttachKind::Uretprobe : AttachKind::Uprobe;
        }
        AttachKind operator()(const UsdtPlan&) const { return AttachKind::Usdt; }
        AttachKind operator()(const SyscallPlan& p) const {
            return p.returns ? AttachKind::SyscallReturn : AttachKind::SyscallEntry;
        }
        AttachKind operator()(const KernelPlan&) const { return AttachKind::Sdt; }
    };
    return std::visit(Kind{}, plan);
}

}  // namespace bdtrace::probes
