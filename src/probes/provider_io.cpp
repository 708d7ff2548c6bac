// The io provider: DTrace's io:::start and io:::done on the block layer's request tracepoints,
// attached and dispatched as sdt probes (the same program, one raw tracepoint per probe). The
// request level is the one DTrace's buf_t stands for: one start and one done per request the
// driver sees, with the merged size, and block_rq_issue runs in the submitting thread when the
// request goes straight to the driver (synchronous I/O), as DTrace's start does. args[] are the
// D library's translations (io.d) of the tracepoint's struct request *: bufinfo_t, devinfo_t;
// a request carries no file, so fileinfo_t is the translation of a NULL file ("<none>").
// wait-start and wait-done have no tracepoint to stand on and are not offered.
#include <bpf/btf.h>

#include "probes/btf_spell.h"
#include "probes/glob.h"
#include "probes/probe.h"

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

struct IoProbe {
    const char* name;
    const char* tracepoint;  // its first argument is the struct request *
};

constexpr IoProbe kProbes[] = {
    {"start", "block_rq_issue"},
    {"done", "block_rq_complete"},
};

// The tracepoint's argument count from its BTF prototype (btf_trace_<event>: the first
// parameter is the probe's private data); -1 when this kernel lacks it.
int32_t tracepoint_nargs(const char* event) {
    const struct btf* b = vmlinux_btf();
    if (!b) return -1;
    int id = btf__find_by_name_kind(b, (std::string("btf_trace_") + event).c_str(), BTF_KIND_TYPEDEF);
    if (id <= 0) return -1;
    const struct btf_type* ptr = btf__type_by_id(b, btf__type_by_id(b, static_cast<uint32_t>(id))->type);
    const struct btf_type* proto = ptr && btf_is_ptr(ptr) ? btf__type_by_id(b, ptr->type) : nullptr;
    if (!proto || !btf_is_func_proto(proto) || btf_vlen(proto) < 2) return -1;
    return btf_vlen(proto) - 1;
}

class IoProvider : public Provider {
public:
    const char* name() const override { return "io"; }
    const ProviderAttributes& attributes() const override { return kAttributes; }

    bool ids_for_all() const override { return true; }

    // Both probes, so that their ids do not depend on the description that came first; a
    // description giving only a name gets those of that name (`BEGIN` alone does not pay for
    // reading the kernel's BTF).
    void match(const Description& d, std::vector<Probe>& out) override {
        bool bare_name = d.provider.empty() && d.module.empty() && d.function.empty() && !d.name.empty();
        for (const IoProbe& io : kProbes) {
            if (bare_name && !glob_match(d.name, io.name)) continue;
            int32_t nargs = tracepoint_nargs(io.tracepoint);
            if (nargs < 0) continue;
            Probe p;
            p.provider = "io";
            p.module = "vmlinux";  // Oracle Linux's: module vmlinux, function empty
            p.name = io.name;
            p.attach = AttachKind::Sdt;
            p.tp_nargs = nargs;
            p.tracepoint = io.tracepoint;
            p.translated_args = {{0, "", "bufinfo_t *"}, {0, "", "devinfo_t *"}, {-1, "file", "fileinfo_t *"}};
            out.push_back(std::move(p));
        }
    }

    std::vector<std::string> arg_types(const Probe& p) const override {
        std::vector<std::string> out;
        for (const TranslatedArg& a : p.translated_args) out.push_back(a.type);
        return out;
    }
};

}  // namespace

std::unique_ptr<Provider> make_io_provider() { return std::make_unique<IoProvider>(); }

}  // namespace bdtrace::probes
