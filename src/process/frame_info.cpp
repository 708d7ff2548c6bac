#include "process/frame_info.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <libelf.h>
#include <unistd.h>

#include <cstdlib>
#include <vector>

namespace bdtrace::process {

namespace {

constexpr int kRegRsp = 7, kRegRa = 16;  // DWARF register numbers on x86-64

// Evaluates a rule's operations with only the CFA symbolic (0): the result relative to the
// CFA, for the forms libdw gives for "CFA + n" rules. Nullopt for anything else.
std::optional<int64_t> relative_to_cfa(const Dwarf_Op* ops, size_t n) {
    std::vector<int64_t> st{0};  // libdw's register rules start with the CFA pushed
    for (size_t i = 0; i < n; ++i) {
        const Dwarf_Op& op = ops[i];
        if (op.atom == DW_OP_call_frame_cfa) {
            st.push_back(0);
        } else if (op.atom >= DW_OP_lit0 && op.atom <= DW_OP_lit31) {
            st.push_back(op.atom - DW_OP_lit0);
        } else if (op.atom == DW_OP_consts || op.atom == DW_OP_const1s || op.atom == DW_OP_const2s ||
                   op.atom == DW_OP_const4s || op.atom == DW_OP_const8s) {
            st.push_back(static_cast<int64_t>(op.number));
        } else if (op.atom == DW_OP_constu || op.atom == DW_OP_const1u || op.atom == DW_OP_const2u ||
                   op.atom == DW_OP_const4u || op.atom == DW_OP_const8u) {
            st.push_back(static_cast<int64_t>(op.number));
        } else if (op.atom == DW_OP_plus_uconst) {
            st.back() += static_cast<int64_t>(op.number);
        } else if (op.atom == DW_OP_plus || op.atom == DW_OP_minus) {
            if (st.size() < 2) return std::nullopt;
            int64_t b = st.back();
            st.pop_back();
            st.back() = op.atom == DW_OP_plus ? st.back() + b : st.back() - b;
        } else {
            return std::nullopt;  // a register, a dereference, a stack value: not "CFA + n"
        }
    }
    return st.back();
}

}  // namespace

struct FrameInfo::Handles {
    int fd = -1;
    Elf* elf = nullptr;
    Dwarf_CFI* cfi = nullptr;
    ~Handles() {
        if (cfi) dwarf_cfi_end(cfi);
        if (elf) elf_end(elf);
        if (fd >= 0) ::close(fd);
    }
};

FrameInfo::~FrameInfo() = default;

std::unique_ptr<FrameInfo> FrameInfo::open(const std::string& path) {
    auto h = std::make_unique<Handles>();
    elf_version(EV_CURRENT);
    h->fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (h->fd < 0) return nullptr;
    h->elf = elf_begin(h->fd, ELF_C_READ, nullptr);
    if (!h->elf) return nullptr;
    h->cfi = dwarf_getcfi_elf(h->elf);
    if (!h->cfi) return nullptr;
    std::unique_ptr<FrameInfo> f(new FrameInfo());
    f->h_ = std::move(h);
    return f;
}

std::optional<bool> FrameInfo::return_address_at_rsp(uint64_t vaddr) const {
    Dwarf_Frame* frame = nullptr;
    if (dwarf_cfi_addrframe(h_->cfi, vaddr, &frame) != 0 || !frame) return std::nullopt;
    std::optional<bool> out;
    Dwarf_Op* cfa = nullptr;
    size_t ncfa = 0;
    Dwarf_Op mem[3];
    Dwarf_Op* ra = nullptr;
    size_t nra = 0;
    if (dwarf_frame_cfa(frame, &cfa, &ncfa) == 0 && dwarf_frame_register(frame, kRegRa, mem, &ra, &nra) == 0) {
        // The CFA as register + k: libdw spells such a rule DW_OP_bregx (reg, k). Based on
        // another register than %rsp (a frame pointer), the return address is not at (%rsp).
        std::optional<int64_t> reg, k;
        if (ncfa == 1 && cfa[0].atom == DW_OP_bregx) {
            reg = static_cast<int64_t>(cfa[0].number);
            k = static_cast<int64_t>(cfa[0].number2);
        } else if (ncfa == 1 && cfa[0].atom >= DW_OP_breg0 && cfa[0].atom <= DW_OP_breg31) {
            reg = cfa[0].atom - DW_OP_breg0;
            k = static_cast<int64_t>(cfa[0].number);
        }
        if (nra == 0) {
            out = false;  // the return address is undefined (the outermost frame) or unchanged
        } else if (reg && *reg != kRegRsp) {
            out = false;
        } else if (reg) {
            auto at = relative_to_cfa(ra, nra);
            if (at) out = *k == 8 && *at == -8;
        }
    }
    std::free(frame);
    return out;
}

}  // namespace bdtrace::process
