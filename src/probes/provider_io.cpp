// The io provider: DTrace's io:::start and io:::done on the block layer's request tracepoints,
// attached and dispatched as sdt probes (the same program, one raw tracepoint per probe). The
// request level is the one DTrace's buf_t stands for: one start and one done per request the
// driver sees, with the merged size, and block_rq_issue runs in the submitting thread when the
// request goes straight to the driver (synchronous I/O), as DTrace's start does. args[] are the
// D library's translations (io.d) of the tracepoint's struct request *: bufinfo_t, devinfo_t;
// a request carries no file, so fileinfo_t is the translation of a NULL file ("<none>").
// wait-start and wait-done stand on the scheduler's switches of a thread waiting for I/O; the
// wait names no request, so their args[] are translations of NULL ("<none>", zeros).

#include "btf/vmlinux.h"
#include "util/glob.h"
#include "probes/probe.h"
#include "probes/tracepoint_guards.h"

namespace bdtrace::probes {

namespace {

using S = Stability;
using C = DepClass;

// DTrace's io provider attributes.
constexpr ProviderAttributes kAttributes = {
    {S::Evolving, S::Evolving, C::Isa},    // provider
    {S::Private, S::Private, C::Unknown},  // module
    {S::Private, S::Private, C::Unknown},  // function
    {S::Evolving, S::Evolving, C::Isa},    // name
    {S::Evolving, S::Evolving, C::Isa},    // arguments
};

// A thread waits for I/O in io_schedule(), which marks it (task_struct's in_iowait bit) around
// its call of the scheduler: wait-start is its sched_switch away while it blocks so marked,
// in that thread; wait-done its switch back in, still marked, as that thread.
struct IoProbe {
    const char* name;
    const char* tracepoint;
    const char* functions;  // where it fires (MappedProbe::functions)
    bool request;  // the tracepoint's first argument is the struct request *
    ProbeGuard guard, guard2;
    int identity_arg = -1;
};

const IoProbe kProbes[] = {
    {"start", "block_rq_issue", "blk_mq_start_request", true, {}, {}},
    {"done", "block_rq_complete", "blk_update_request,blk_mq_end_request_batch", true, {}, {}},
    // sched_switch(preempt, prev, next, prev_state), called from io_schedule()'s schedule()
    {"wait-start", "sched_switch", "io_schedule,io_schedule_timeout", false, {1, 1, 1, false, "in_iowait", -1},
     {3, 0xffffffff, 0, true, "", -1}},
    {"wait-done", "sched_switch", "io_schedule,io_schedule_timeout", false, {2, 1, 1, false, "in_iowait", -1}, {}, 2},
};

class IoProvider : public Provider {
public:
    explicit IoProvider(const kbtf::Vmlinux& vmlinux) : vmlinux_(vmlinux) {}
    const char* name() const override { return "io"; }
    const ProviderAttributes& attributes() const override { return kAttributes; }

    bool ids_for_all() const override { return true; }

    // Both probes, so that their ids do not depend on the description that came first; a
    // description giving only a name gets those of that name (`BEGIN` alone does not pay for
    // reading the kernel's BTF).
    void match(const Description& d, std::vector<Probe>& out) override {
        bool bare_name = d.provider.empty() && d.module.empty() && d.function.empty() && !d.name.empty();
        for (const IoProbe& io : kProbes) {
            if (bare_name && !util::glob_match(d.name, io.name)) continue;
            int32_t nargs = tracepoint_nargs(vmlinux_.parsed(), io.tracepoint);
            if (nargs < 1) continue;
            Probe p;
            p.provider = "io";
            p.module = "vmlinux";
            name_kernel_function(vmlinux_.parsed(), io.functions, p.function, p.function_aliases);
            p.name = io.name;
            KernelPlan plan;
            plan.nargs = nargs;
            plan.tracepoint = io.tracepoint;
            plan.guard = io.guard;
            plan.guard2 = io.guard2;
            if (!resolve_guard(vmlinux_.parsed(), plan.guard, io.tracepoint) || !resolve_guard(vmlinux_.parsed(), plan.guard2, io.tracepoint)) continue;
            plan.identity_arg = io.identity_arg;
            p.plan = std::move(plan);
            // A wait names no request: the library translates NULL ones.
            if (io.request)
                p.translated_args = {{0, "", "bufinfo_t *"}, {0, "", "devinfo_t *"}, {-1, "file", "fileinfo_t *"}};
            else
                p.translated_args = {{-1, "request", "bufinfo_t *"}, {-1, "request", "devinfo_t *"}, {-1, "file", "fileinfo_t *"}};
            out.push_back(std::move(p));
        }
    }

    std::vector<std::string> arg_types(const Probe& p) const override {
        std::vector<std::string> out;
        for (const TranslatedArg& a : p.translated_args) out.push_back(a.type);
        return out;
    }

private:
    const kbtf::Vmlinux& vmlinux_;
};

}  // namespace

std::unique_ptr<Provider> make_io_provider(const kbtf::Vmlinux& vmlinux) {
    return std::make_unique<IoProvider>(vmlinux);
}

}  // namespace bdtrace::probes
