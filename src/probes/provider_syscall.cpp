// The syscall provider: syscall:vmlinux:<call>:entry and :return for every system call the
// running kernel implements (probes/syscall_table.h: known from vmlinux BTF, or kallsyms).
// All of them attach through the two tracepoints sys_enter and sys_exit, whose programs
// dispatch on the call's number; a probe only needs its row in the dispatch table
// (codegen/gen_syscall.cpp).
#include "btf/vmlinux.h"
#include "util/glob.h"
#include "probes/probe.h"
#include "probes/syscall_format.h"
#include "probes/syscall_table.h"

namespace bdtrace::probes {

namespace {

using S = Stability;
using C = DepClass;

// DTrace's systrace provider attributes: the function names are the ISA's system calls.
constexpr ProviderAttributes kAttributes = {
    {S::Evolving, S::Evolving, C::Common},  // provider
    {S::Private, S::Private, C::Unknown},   // module
    {S::Private, S::Private, C::Isa},       // function
    {S::Evolving, S::Evolving, C::Common},  // name
    {S::Private, S::Private, C::Isa},       // arguments
};

class SyscallProvider : public Provider {
public:
    explicit SyscallProvider(const kbtf::Vmlinux& vmlinux) : vmlinux_(vmlinux) {}
    const char* name() const override { return "syscall"; }
    const ProviderAttributes& attributes() const override { return kAttributes; }
    bool ids_for_all() const override { return true; }

    // Every call's two probes, made together on the first description naming the provider so
    // that their ids do not depend on which description came first.
    void match(const Description& d, std::vector<Probe>& out) override {
        // A description whose name no syscall probe has (BEGIN, tick-1s with an empty provider)
        // does not read kallsyms.
        if (!util::glob_match(d.name, "entry") && !util::glob_match(d.name, "return")) return;
        if (probes_.empty()) {
            make();
            out.insert(out.end(), probes_.begin(), probes_.end());  // all of them get their ids now
            return;
        }
        // Once every probe has its id, only those the description can match (copying all 700
        // for each of sema's passes was most of a syscall one-liner's compile time).
        for (const Probe& p : probes_)
            if (util::glob_match(d.function, p.function) && util::glob_match(d.name, p.name) && util::glob_match(d.module, p.module))
                out.push_back(p);
    }

    // Entry probes: the call's parameters from its tracefs format (else from BTF); return
    // probes: the return value's type, for arg0 and arg1 (syscall_format.h).
    std::vector<std::string> arg_types(const Probe& p) const override {
        return syscall_probe_arg_types([this] { return vmlinux_.parsed(); }, p.function,
                                       p.kind() == AttachKind::SyscallEntry);
    }
    std::vector<std::string> arg_names(const Probe& p) const override {
        return syscall_probe_arg_names(p.function, p.kind() == AttachKind::SyscallEntry);
    }

private:
    void make() {
        std::unordered_set<std::string> entry_points;
        if (const kbtf::RawBtf* btf = vmlinux_.raw()) entry_points = syscall_entry_points_btf(*btf);
        if (entry_points.empty()) entry_points = read_syscall_entry_points("/proc/kallsyms");
        std::vector<SyscallNumber> calls = kernel_syscalls(entry_points);
        probes_.reserve(2 * calls.size());
        for (const SyscallNumber& s : calls) {
            for (AttachKind kind : {AttachKind::SyscallEntry, AttachKind::SyscallReturn}) {
                Probe p;
                p.provider = "syscall";
                p.module = "vmlinux";
                p.function = s.name;
                p.name = kind == AttachKind::SyscallEntry ? "entry" : "return";
                p.plan = SyscallPlan{s.nr, kind == AttachKind::SyscallReturn};
                probes_.push_back(std::move(p));
            }
        }
    }
    const kbtf::Vmlinux& vmlinux_;
    std::vector<Probe> probes_;
};

}  // namespace

std::unique_ptr<Provider> make_syscall_provider(const kbtf::Vmlinux& vmlinux) {
    return std::make_unique<SyscallProvider>(vmlinux);
}

}  // namespace bdtrace::probes
