// Bisection of uprobe_multi offsets on ENOTSUPP (524): one unprobeable instruction fails the whole
// link (kernel.md: libc's pthread_spin_lock starts with `lock decl`), so split until each refused
// offset is alone and attach the rest.
#include <Zydis/Zydis.h>
#include <fcntl.h>
#include <unistd.h>

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


// Offsets whose instruction x86 uprobes refuse for certain: a LOCK prefix, or a VEX/EVEX/XOP
// encoding (AVX code such as libc's __memset_avx2_*). Screening them out first spares the
// bisection, whose every failed attempt and every extra link costs milliseconds.
std::vector<bool> certainly_refused(const UprobeMultiSpec& spec) {
    std::vector<bool> out(spec.offsets.size(), false);
    int fd = ::open(spec.path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return out;
    ZydisDecoder decoder;
    ZydisDecoderInit(&decoder, ZYDIS_MACHINE_MODE_LONG_64, ZYDIS_STACK_WIDTH_64);
    for (size_t i = 0; i < spec.offsets.size(); ++i) {
        uint8_t code[ZYDIS_MAX_INSTRUCTION_LENGTH];
        ssize_t n = ::pread(fd, code, sizeof code, static_cast<off_t>(spec.offsets[i]));
        ZydisDecodedInstruction insn;
        if (n <= 0 || !ZYAN_SUCCESS(ZydisDecoderDecodeInstruction(&decoder, nullptr, code,
                                                                  static_cast<size_t>(n), &insn)))
            continue;
        out[i] = (insn.attributes & ZYDIS_ATTRIB_HAS_LOCK) != 0 ||
                 insn.encoding == ZYDIS_INSTRUCTION_ENCODING_VEX ||
                 insn.encoding == ZYDIS_INSTRUCTION_ENCODING_EVEX ||
                 insn.encoding == ZYDIS_INSTRUCTION_ENCODING_XOP;
    }
    ::close(fd);
    return out;
}

}  // namespace

Result<std::unique_ptr<Link>> attach_uprobe_multi_skipping(Kernel& k, const Program& prog,
                                                           const UprobeMultiSpec& spec,
                                                           std::vector<size_t>* refused) {
    std::vector<bool> screened = certainly_refused(spec);
    std::vector<size_t> keep, dropped;
    for (size_t i = 0; i < screened.size(); ++i) (screened[i] ? dropped : keep).push_back(i);
    if (!dropped.empty() && !keep.empty()) {
        // Attach the others (bisecting them in turn if need be) and map their indices back.
        std::vector<size_t> inner;
        auto r = attach_uprobe_multi_skipping(k, prog, subset(spec, keep), &inner);
        if (!r) return r;
        if (refused) {
            for (size_t i : dropped) refused->push_back(i);
            for (size_t i : inner) refused->push_back(keep[i]);
        }
        return r;
    }
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
