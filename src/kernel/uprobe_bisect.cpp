// Bisection of uprobe_multi offsets on ENOTSUPP (524): one unprobeable instruction fails the whole
// link (kernel.md: libc's pthread_spin_lock starts with `lock decl`), so split until each refused
// offset is alone and attach the rest.
#include <optional>

#include "kernel/kernel.h"
#include "kernel/sys.h"

namespace bdtrace::kernel {

namespace {

class MultiLink final : public Link {
  public:
    std::string describe() const override {
        std::string s;
        for (const auto& l : links) {
            if (!s.empty()) s += "; ";
            s += l->describe();
        }
        return s;
    }
    std::vector<std::unique_ptr<Link>> links;
};

UprobeMultiSpec subset(const UprobeMultiSpec& spec, const std::vector<size_t>& idx) {
    UprobeMultiSpec s;
    s.path = spec.path;
    s.retprobe = spec.retprobe;
    s.pid = spec.pid;
    for (size_t i : idx) {
        s.offsets.push_back(spec.offsets[i]);
        if (!spec.ref_ctr_offsets.empty()) s.ref_ctr_offsets.push_back(spec.ref_ctr_offsets[i]);
        if (!spec.cookies.empty()) s.cookies.push_back(spec.cookies[i]);
    }
    return s;
}

// Attaches spec[idx], recursing into halves on 524.
std::optional<Error> attach_part(Kernel& k, const Program& prog, const UprobeMultiSpec& spec,
                                 const std::vector<size_t>& idx, MultiLink& out,
                                 std::vector<size_t>& refused) {
    auto r = k.attach_uprobe_multi(prog, subset(spec, idx));
    if (r) {
        out.links.push_back(std::move(*r));
        return std::nullopt;
    }
    if (r.error().err != sys::kENOTSUPP) return std::move(r).error();
    if (idx.size() == 1) {
        refused.push_back(idx[0]);
        return std::nullopt;
    }
    size_t half = idx.size() / 2;
    std::vector<size_t> lo(idx.begin(), idx.begin() + static_cast<long>(half));
    std::vector<size_t> hi(idx.begin() + static_cast<long>(half), idx.end());
    if (auto e = attach_part(k, prog, spec, lo, out, refused)) return e;
    return attach_part(k, prog, spec, hi, out, refused);
}

}  // namespace

Result<std::unique_ptr<Link>> attach_uprobe_multi_skipping(Kernel& k, const Program& prog,
                                                           const UprobeMultiSpec& spec,
                                                           std::vector<size_t>* refused) {
    auto first = k.attach_uprobe_multi(prog, spec);
    if (first || first.error().err != sys::kENOTSUPP) return first;
    std::vector<size_t> all(spec.offsets.size());
    for (size_t i = 0; i < all.size(); ++i) all[i] = i;
    auto multi = std::make_unique<MultiLink>();
    std::vector<size_t> bad;
    if (auto e = attach_part(k, prog, spec, all, *multi, bad)) return std::move(*e);
    if (refused) refused->insert(refused->end(), bad.begin(), bad.end());
    if (multi->links.empty()) return std::move(first).error();  // every offset refused
    return std::unique_ptr<Link>(std::move(multi));
}

}  // namespace bdtrace::kernel
