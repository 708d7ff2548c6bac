// The table is built in one pass over .eh_frame: each CIE's initial instructions and each FDE's
// instructions run on a small state machine that follows only what the BPF unwinder uses (the
// CFA, rbp and the return address), and a row is emitted wherever the location advances. (libdw
// answers one address at a time, re-running an FDE's instructions for each: 2 s for a 35 MB
// compiler against about a tenth of that here.)
#include "process/cfi_table.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <map>

namespace bdtrace::process {

uint32_t cfi_rule(CfaKind cfa, uint32_t cfa_offset, RbpKind rbp, uint32_t rbp_slot) {
    return static_cast<uint32_t>(cfa) | static_cast<uint32_t>(rbp) << 3 | (rbp_slot & 0xff) << 5 |
           cfa_offset << kCfaOffsetShift;
}
CfaKind cfi_cfa_kind(uint32_t rule) { return static_cast<CfaKind>(rule & 7); }
uint32_t cfi_cfa_offset(uint32_t rule) { return rule >> kCfaOffsetShift; }
RbpKind cfi_rbp_kind(uint32_t rule) { return static_cast<RbpKind>(rule >> 3 & 3); }
uint32_t cfi_rbp_slot(uint32_t rule) { return rule >> 5 & 0xff; }

std::optional<uint64_t> CfiTable::bias(uint64_t start, uint64_t offset) const {
    for (const LoadSegment& s : segments) {
        uint64_t first = s.offset & ~uint64_t{4095};
        if (offset < first || offset >= s.offset + s.filesz) continue;
        return start - offset + s.offset - s.vaddr;
    }
    return std::nullopt;
}

namespace {

constexpr uint64_t kRegRbp = 6, kRegRsp = 7, kRegRa = 16;

// A reader of .eh_frame bytes; `ok` turns false at the first read past the end.
struct Reader {
    const uint8_t* p;
    const uint8_t* end;
    bool ok = true;

    uint64_t fixed(size_t n) {
        if (static_cast<size_t>(end - p) < n) {
            ok = false;
            p = end;
            return 0;
        }
        uint64_t v = 0;
        std::memcpy(&v, p, n);  // little-endian
        p += n;
        return v;
    }
    uint64_t uleb() {
        uint64_t v = 0;
        for (unsigned shift = 0; p < end; shift += 7) {
            uint8_t b = *p++;
            if (shift < 64) v |= uint64_t{b & 0x7fu} << shift;
            if (!(b & 0x80)) return v;
        }
        ok = false;
        return v;
    }
    int64_t sleb() {
        int64_t v = 0;
        unsigned shift = 0;
        uint8_t b = 0;
        do {
            if (p >= end) {
                ok = false;
                return v;
            }
            b = *p++;
            if (shift < 64) v |= static_cast<int64_t>(uint64_t{b & 0x7fu} << shift);
            shift += 7;
        } while (b & 0x80);
        if (shift < 64 && (b & 0x40)) v |= -(int64_t{1} << shift);
        return v;
    }
    // A pointer in encoding `enc` (DW_EH_PE_*), `here` the field's virtual address.
    uint64_t encoded(uint8_t enc, uint64_t here, bool relative = true) {
        if (enc == 0xff) return 0;  // omitted
        int64_t v = 0;
        switch (enc & 0x0f) {
            case 0x00: v = static_cast<int64_t>(fixed(8)); break;  // absptr
            case 0x01: v = static_cast<int64_t>(uleb()); break;
            case 0x02: v = static_cast<int64_t>(fixed(2)); break;
            case 0x03: v = static_cast<int64_t>(fixed(4)); break;
            case 0x04: v = static_cast<int64_t>(fixed(8)); break;
            case 0x09: v = sleb(); break;
            case 0x0a: v = static_cast<int16_t>(fixed(2)); break;
            case 0x0b: v = static_cast<int32_t>(fixed(4)); break;
            case 0x0c: v = static_cast<int64_t>(fixed(8)); break;
            default: ok = false; return 0;
        }
        if (relative && (enc & 0x70) == 0x10) v += static_cast<int64_t>(here);  // pcrel
        return static_cast<uint64_t>(v);
    }
};

// What the unwinder follows of the CFI's state.
struct State {
    enum class Cfa : uint8_t { Reg, Plt, Other } cfa = Cfa::Other;
    uint64_t cfa_reg = kRegRsp;
    int64_t cfa_off = 0;
    // rbp and the return address: same value, saved at CFA + off, undefined, or anything else.
    enum class Rule : uint8_t { Same, Offset, Undefined, Other };
    Rule rbp = Rule::Same, ra = Rule::Undefined;
    int64_t rbp_off = 0, ra_off = 0;

    uint32_t rule(bool signal) const {
        const uint32_t unsupported = cfi_rule(CfaKind::Unsupported, 0);
        if (signal) return unsupported;
        if (ra == Rule::Undefined) return cfi_rule(CfaKind::Outermost, 0);
        if (ra != Rule::Offset || ra_off != -8) return unsupported;
        RbpKind rk = RbpKind::Same;
        uint32_t slot = 0;
        switch (rbp) {
            case Rule::Same: break;
            case Rule::Undefined: rk = RbpKind::Undefined; break;
            case Rule::Offset:
                if (rbp_off >= 0 || rbp_off % 8 || -rbp_off / 8 > 255) return unsupported;
                rk = RbpKind::Saved;
                slot = static_cast<uint32_t>(-rbp_off / 8);
                break;
            case Rule::Other: return unsupported;
        }
        if (cfa == Cfa::Plt) return cfi_rule(CfaKind::Plt, static_cast<uint32_t>(cfa_off), rk, slot);
        if (cfa != Cfa::Reg || (cfa_reg != kRegRsp && cfa_reg != kRegRbp) || cfa_off < 0 || cfa_off > kCfaOffsetMax)
            return unsupported;
        return cfi_rule(cfa_reg == kRegRsp ? CfaKind::Rsp : CfaKind::Rbp, static_cast<uint32_t>(cfa_off), rk, slot);
    }
};

struct Cie {
    uint64_t code_align = 1;
    int64_t data_align = -8;
    uint64_t ra_reg = kRegRa;
    uint8_t fde_enc = 0;
    bool has_aug_data = false;
    bool signal = false;
    const uint8_t* insns = nullptr;
    const uint8_t* insns_end = nullptr;
    bool ok = false;
};

// PLT entries' CFA (ld's): rsp + 8 + ((rip & 15) >= N) << 3, N in the offset.
bool plt_expression(const uint8_t* p, uint64_t len, int64_t* n) {
    static constexpr uint8_t head[] = {0x77, 0x08, 0x80, 0x00, 0x3f, 0x1a};  // breg7 8; breg16 0; lit15; and
    static constexpr uint8_t tail[] = {0x2a, 0x33, 0x24, 0x22};              // ge; lit3; shl; plus
    if (len != sizeof head + 1 + sizeof tail) return false;
    if (std::memcmp(p, head, sizeof head) != 0 || std::memcmp(p + sizeof head + 1, tail, sizeof tail) != 0) return false;
    uint8_t lit = p[sizeof head];
    if (lit < 0x30 || lit > 0x3f) return false;
    *n = lit - 0x30;
    return true;
}

struct Fde {
    uint64_t begin = 0, end = 0;
    std::vector<CfiRow> rows;
};

class Interpreter {
  public:
    Interpreter(const Cie& cie, uint64_t section_addr, const uint8_t* section) : cie_(cie), addr_(section_addr), base_(section) {}

    // Runs instructions [p, end) from location `loc`; rows go to `out` when given (the CIE's
    // initial instructions run without).
    bool run(const uint8_t* p, const uint8_t* end, uint64_t& loc, std::vector<CfiRow>* out) {
        Reader r{p, end};
        while (r.ok && r.p < r.end) {
            uint8_t op = *r.p++;
            uint8_t high = op & 0xc0, low = op & 0x3f;
            if (high == 0x40) {
                advance(loc, low * cie_.code_align, out);
                continue;
            }
            if (high == 0x80) {
                set_offset(low, static_cast<int64_t>(r.uleb()) * cie_.data_align);
                continue;
            }
            if (high == 0xc0) {
                restore(low);
                continue;
            }
            switch (op) {
                case 0x00: break;  // nop
                case 0x01: {       // set_loc
                    uint64_t to = r.encoded(cie_.fde_enc, addr_ + (r.p - base_));
                    if (to < loc) return false;
                    advance(loc, to - loc, out);
                    break;
                }
                case 0x02: advance(loc, r.fixed(1) * cie_.code_align, out); break;
                case 0x03: advance(loc, r.fixed(2) * cie_.code_align, out); break;
                case 0x04: advance(loc, r.fixed(4) * cie_.code_align, out); break;
                case 0x05: {  // offset_extended
                    uint64_t reg = r.uleb();
                    set_offset(reg, static_cast<int64_t>(r.uleb()) * cie_.data_align);
                    break;
                }
                case 0x06: restore(r.uleb()); break;
                case 0x07: set_rule(r.uleb(), State::Rule::Undefined); break;
                case 0x08: set_rule(r.uleb(), State::Rule::Same); break;
                case 0x09: {  // register: saved in another register
                    uint64_t reg = r.uleb();
                    r.uleb();
                    set_rule(reg, State::Rule::Other);
                    break;
                }
                case 0x0a: stack_.push_back(s_); break;
                case 0x0b:
                    if (stack_.empty()) return false;
                    s_ = stack_.back();
                    stack_.pop_back();
                    break;
                case 0x0c:  // def_cfa
                    s_.cfa = State::Cfa::Reg;
                    s_.cfa_reg = r.uleb();
                    s_.cfa_off = static_cast<int64_t>(r.uleb());
                    break;
                case 0x0d:  // def_cfa_register
                    if (s_.cfa != State::Cfa::Reg) s_.cfa = State::Cfa::Other;
                    s_.cfa_reg = r.uleb();
                    break;
                case 0x0e: s_.cfa_off = static_cast<int64_t>(r.uleb()); break;  // def_cfa_offset
                case 0x0f: {  // def_cfa_expression
                    uint64_t len = r.uleb();
                    if (static_cast<uint64_t>(r.end - r.p) < len) return false;
                    int64_t n = 0;
                    s_.cfa = plt_expression(r.p, len, &n) ? State::Cfa::Plt : State::Cfa::Other;
                    s_.cfa_off = n;
                    r.p += len;
                    break;
                }
                case 0x10:    // expression
                case 0x16: {  // val_expression
                    uint64_t reg = r.uleb();
                    uint64_t len = r.uleb();
                    if (static_cast<uint64_t>(r.end - r.p) < len) return false;
                    r.p += len;
                    set_rule(reg, State::Rule::Other);
                    break;
                }
                case 0x11: {  // offset_extended_sf
                    uint64_t reg = r.uleb();
                    set_offset(reg, r.sleb() * cie_.data_align);
                    break;
                }
                case 0x12:  // def_cfa_sf
                    s_.cfa = State::Cfa::Reg;
                    s_.cfa_reg = r.uleb();
                    s_.cfa_off = r.sleb() * cie_.data_align;
                    break;
                case 0x13: s_.cfa_off = r.sleb() * cie_.data_align; break;  // def_cfa_offset_sf
                case 0x14:                                                  // val_offset
                    set_rule(r.uleb(), State::Rule::Other);
                    r.uleb();
                    break;
                case 0x15:  // val_offset_sf
                    set_rule(r.uleb(), State::Rule::Other);
                    r.sleb();
                    break;
                case 0x2e: r.uleb(); break;  // GNU_args_size
                case 0x2f: {                 // GNU_negative_offset_extended
                    uint64_t reg = r.uleb();
                    set_offset(reg, -static_cast<int64_t>(r.uleb()) * cie_.data_align);
                    break;
                }
                default: return false;
            }
        }
        return r.ok;
    }

    void keep_initial() { initial_ = s_; }
    const State& state() const { return s_; }

  private:
    void advance(uint64_t& loc, uint64_t delta, std::vector<CfiRow>* out) {
        if (out && delta) out->push_back({static_cast<uint32_t>(loc), s_.rule(cie_.signal)});
        loc += delta;
    }
    void set_rule(uint64_t reg, State::Rule rule) {
        if (reg == kRegRbp) s_.rbp = rule;
        if (reg == cie_.ra_reg) s_.ra = rule;
    }
    void set_offset(uint64_t reg, int64_t off) {
        set_rule(reg, State::Rule::Offset);
        if (reg == kRegRbp) s_.rbp_off = off;
        if (reg == cie_.ra_reg) s_.ra_off = off;
    }
    void restore(uint64_t reg) {
        if (reg == kRegRbp) s_.rbp = initial_.rbp, s_.rbp_off = initial_.rbp_off;
        if (reg == cie_.ra_reg) s_.ra = initial_.ra, s_.ra_off = initial_.ra_off;
    }

    const Cie& cie_;
    uint64_t addr_;
    const uint8_t* base_;
    State s_, initial_;
    std::vector<State> stack_;
};

Cie parse_cie(Reader r) {
    Cie c;
    uint8_t version = static_cast<uint8_t>(r.fixed(1));
    const char* aug = reinterpret_cast<const char*>(r.p);
    const uint8_t* nul = static_cast<const uint8_t*>(std::memchr(r.p, 0, static_cast<size_t>(r.end - r.p)));
    if (!nul) return c;
    std::string augmentation(aug, reinterpret_cast<const char*>(nul));
    r.p = nul + 1;
    if (augmentation.find("eh") != std::string::npos) return c;  // a pre-GCC-3 layout
    c.code_align = r.uleb();
    c.data_align = r.sleb();
    c.ra_reg = version == 1 ? r.fixed(1) : r.uleb();
    const uint8_t* insns = nullptr;
    if (!augmentation.empty() && augmentation[0] == 'z') {
        c.has_aug_data = true;
        uint64_t len = r.uleb();
        if (static_cast<uint64_t>(r.end - r.p) < len) return c;
        insns = r.p + len;
        Reader a{r.p, insns};
        for (char ch : augmentation.substr(1)) {
            if (ch == 'R') c.fde_enc = static_cast<uint8_t>(a.fixed(1));
            else if (ch == 'L') a.fixed(1);
            else if (ch == 'P') a.encoded(static_cast<uint8_t>(a.fixed(1)) & 0x7f, 0, false);
            else if (ch == 'S') c.signal = true;
            else if (ch == 'B' || ch == 'G') continue;
            else break;  // unknown: the augmentation data's length lets the rest be skipped
        }
    } else if (!augmentation.empty()) {
        return c;  // augmentation data of unknown length
    }
    c.insns = insns ? insns : r.p;
    c.insns_end = r.end;
    c.ok = r.ok;
    return c;
}

// Every FDE of .eh_frame (at virtual address `addr`), with its rows.
std::vector<Fde> parse_eh_frame(const uint8_t* data, size_t size, uint64_t addr) {
    std::vector<Fde> fdes;
    std::map<size_t, Cie> cies;  // by offset in the section
    size_t off = 0;
    while (off + 4 <= size) {
        Reader r{data + off, data + size};
        uint64_t len = r.fixed(4);
        if (len == 0) break;  // terminator
        if (len == 0xffffffff) len = r.fixed(8);
        if (!r.ok || len > static_cast<uint64_t>(r.end - r.p)) break;
        const uint8_t* entry_end = r.p + len;
        size_t id_at = static_cast<size_t>(r.p - data);
        uint32_t id = static_cast<uint32_t>(r.fixed(4));
        size_t next = static_cast<size_t>(entry_end - data);
        if (id == 0) {
            cies[off] = parse_cie(Reader{r.p, entry_end});
            off = next;
            continue;
        }
        if (id > id_at) {
            off = next;
            continue;
        }
        auto cit = cies.find(id_at - id);
        if (cit == cies.end()) {
            // A CIE after its FDE: parse it where it is.
            size_t at = id_at - id;
            Reader c{data + at, data + size};
            uint64_t clen = c.fixed(4);
            if (clen != 0xffffffff && c.ok && clen <= static_cast<uint64_t>(c.end - c.p) && c.fixed(4) == 0)
                cit = cies.emplace(at, parse_cie(Reader{c.p, data + at + 4 + clen})).first;
        }
        if (cit == cies.end() || !cit->second.ok) {
            off = next;
            continue;
        }
        const Cie& cie = cit->second;
        Reader f{r.p, entry_end};
        Fde fde;
        fde.begin = f.encoded(cie.fde_enc, addr + static_cast<uint64_t>(f.p - data));
        uint64_t range = f.encoded(cie.fde_enc & 0x0f, 0, false);
        fde.end = fde.begin + range;
        if (cie.has_aug_data) {
            uint64_t alen = f.uleb();
            f.p = alen <= static_cast<uint64_t>(f.end - f.p) ? f.p + alen : f.end;
        }
        if (f.ok && range > 0 && fde.end <= UINT32_MAX) {
            Interpreter in(cie, addr, data);
            uint64_t loc = fde.begin;
            if (in.run(cie.insns, cie.insns_end, loc, nullptr)) {
                in.keep_initial();
                loc = fde.begin;
                if (in.run(f.p, entry_end, loc, &fde.rows)) {
                    if (loc < fde.end) fde.rows.push_back({static_cast<uint32_t>(loc), in.state().rule(cie.signal)});
                    fdes.push_back(std::move(fde));
                }
            }
        }
        off = next;
    }
    return fdes;
}

void push(std::vector<CfiRow>& rows, uint64_t start, uint32_t rule) {
    if (start > UINT32_MAX) return;
    if (!rows.empty() && rows.back().start == start) {
        rows.back().rule = rule;
        if (rows.size() > 1 && rows[rows.size() - 2].rule == rule) rows.pop_back();
        return;
    }
    if (!rows.empty() && rows.back().rule == rule) return;
    rows.push_back({static_cast<uint32_t>(start), rule});
}

struct ElfHandle {
    int fd = -1;
    Elf* elf = nullptr;
    ~ElfHandle() {
        if (elf) elf_end(elf);
        if (fd >= 0) ::close(fd);
    }
};

std::shared_ptr<const CfiTable> build(ElfHandle& h) {
    if (!h.elf || elf_kind(h.elf) != ELF_K_ELF) return nullptr;
    auto table = std::make_shared<CfiTable>();
    size_t nph = 0;
    if (elf_getphdrnum(h.elf, &nph) == 0)
        for (size_t i = 0; i < nph; ++i) {
            GElf_Phdr ph;
            if (gelf_getphdr(h.elf, static_cast<int>(i), &ph) && ph.p_type == PT_LOAD)
                table->segments.push_back({ph.p_offset, ph.p_vaddr, ph.p_filesz});
        }
    size_t shstr = 0;
    if (elf_getshdrstrndx(h.elf, &shstr) != 0) return table;
    Elf_Scn* scn = nullptr;
    while ((scn = elf_nextscn(h.elf, scn)) != nullptr) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_PROGBITS) continue;
        const char* name = elf_strptr(h.elf, shstr, sh.sh_name);
        if (!name || std::strcmp(name, ".eh_frame") != 0) continue;
        Elf_Data* d = elf_rawdata(scn, nullptr);
        if (!d || !d->d_buf) break;
        std::vector<Fde> fdes = parse_eh_frame(static_cast<const uint8_t*>(d->d_buf), d->d_size, sh.sh_addr);
        std::sort(fdes.begin(), fdes.end(), [](const Fde& a, const Fde& b) { return a.begin < b.begin; });
        const uint32_t none = cfi_rule(CfaKind::None, 0);
        uint64_t covered = 0;
        for (const Fde& f : fdes) {
            if (f.begin < covered) continue;  // overlaps the one before
            for (const CfiRow& row : f.rows) push(table->rows, row.start, row.rule);
            push(table->rows, f.end, none);  // until the next FDE, no CFI
            covered = f.end;
        }
        break;
    }
    return table;
}

}  // namespace

std::shared_ptr<const CfiTable> build_cfi_table(const std::string& path) {
    ElfHandle h;
    elf_version(EV_CURRENT);
    h.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (h.fd < 0) return nullptr;
    h.elf = elf_begin(h.fd, ELF_C_READ_MMAP, nullptr);
    return build(h);
}

std::shared_ptr<const CfiTable> build_cfi_table(std::span<const uint8_t> image) {
    ElfHandle h;
    elf_version(EV_CURRENT);
    h.elf = elf_memory(const_cast<char*>(reinterpret_cast<const char*>(image.data())), image.size());
    return build(h);
}

}  // namespace bdtrace::process
