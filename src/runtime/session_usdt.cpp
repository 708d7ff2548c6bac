// USDT probes: every call site gets an index (the attach cookie's upper half; the probe id is
// the lower half) and a row of abi::kUsdtSiteMap with its argument specs, which the USDT
// program evaluates (codegen/gen_usdt.cpp); the sites of one file in one process (or in every
// process, pid 0) share one uprobe_multi link, their semaphores given as ref_ctr offsets so
// that the kernel counts them up while attached and down when the link closes.
#include <map>
#include <tuple>

#include "codegen/abi.h"
#include "runtime/session.h"

namespace bdtrace::runtime {

namespace {

codegen::abi::UsdtArgSpec spec_of(const process::UsdtArg& a) {
    codegen::abi::UsdtArgSpec s{};
    s.kind = a.kind == process::UsdtArg::Kind::Const ? 1 : a.kind == process::UsdtArg::Kind::Reg ? 2 : 3;
    s.size = a.size;
    s.ext_shift = static_cast<uint8_t>(64 - 8 * a.size);
    s.is_signed = a.is_signed;
    s.base = a.base < 0 ? 0xff : static_cast<uint8_t>(a.base);
    s.index = a.index < 0 ? 0xff : static_cast<uint8_t>(a.index);
    s.scale = a.scale == 8 ? 3 : a.scale == 4 ? 2 : a.scale == 2 ? 1 : 0;
    s.reg_shift = a.shift;
    s.value = a.value;
    return s;
}

}  // namespace

bool Session::attach_usdt(const std::vector<const codegen::Epid*>& epids, SessionError* err) {
    const Loaded* prog = loaded(probes::AttachKind::Usdt);
    if (!prog) return true;
    kernel::Map& sites = *maps_[codegen::abi::kUsdtSiteMap];
    std::map<std::tuple<std::string, uint64_t>, kernel::UprobeMultiSpec> by_file;
    for (const codegen::Epid* e : epids) {
        const auto& plan = *e->plan_as<probes::UsdtPlan>();
        auto& spec = by_file[{plan.path, plan.pid}];
        spec.path = plan.path;
        spec.pid = static_cast<pid_t>(plan.pid);
        for (const auto& site : plan.sites) {
            if (site.nop5 && !nop5_safe()) {
                skip(*e, SkippedProbe::Why::Nop5);
                continue;
            }
            if (!site.error.empty()) {
                unusable_sites_.push_back(e->provider + ":" + e->module + ":" + e->function + ":" + e->name + " (" +
                                          site.arg_text + ")");
                continue;
            }
            if (next_usdt_site_ >= codegen::abi::kUsdtSiteEntries) {
                *err = {"too many USDT call sites: at most " + std::to_string(codegen::abi::kUsdtSiteEntries) +
                            " can be enabled",
                        1, ""};
                return false;
            }
            uint32_t index = next_usdt_site_++;
            codegen::abi::UsdtSiteSpec value{};
            for (size_t i = 0; i < site.args.size() && i < codegen::abi::kUsdtMaxArgs; ++i)
                value.args[i] = spec_of(site.args[i]);
            if (auto r = sites.update(kernel::bytes_of(index), kernel::bytes_of(value)); !r) {
                *err = {r.error().message, r.error().exit_status(), ""};
                return false;
            }
            spec.offsets.push_back(site.file_offset);
            spec.ref_ctr_offsets.push_back(site.ref_ctr_offset);
            spec.cookies.push_back(e->probe_id | (uint64_t{index} << 32));
        }
    }
    for (auto& [where, spec] : by_file) {
        if (spec.offsets.empty()) continue;
        // Without one semaphore the array is left out: the kernel then counts none.
        bool any_semaphore = false;
        for (uint64_t r : spec.ref_ctr_offsets) any_semaphore |= r != 0;
        if (!any_semaphore) spec.ref_ctr_offsets.clear();
        std::vector<size_t> refused;
        auto link = kernel::attach_uprobe_multi_skipping(kernel_, *prog->prog, spec, &refused);
        if (!link) {
            *err = {link.error().message, link.error().exit_status(), link.error().verifier_log};
            return false;
        }
        links_.push_back(std::move(link.value()));
        for (size_t i : refused)
            for (const codegen::Epid* e : epids)
                if (e->probe_id == (spec.cookies[i] & 0xffffffff)) {
                    skip(*e, SkippedProbe::Why::Refused);
                    break;
                }
    }
    return true;
}

}  // namespace bdtrace::runtime
