#include "usdtgen/object_rewrite.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <map>
#include <memory>

#include "usdtgen/probe_sites.h"

namespace bdtrace::usdtgen {

namespace {

constexpr uint32_t kStapsdtType = 3;  // NT_STAPSDT
constexpr const char* kBaseSymbol = "_.stapsdt.base";

struct Section {
    Elf_Scn* scn = nullptr;
    GElf_Shdr sh{};
    std::string name;
};

struct Site {
    size_t section = 0;  // the text section holding it
    uint64_t offset = 0;
    const UsdtProvider* provider = nullptr;
    const UsdtProbe* probe = nullptr;
};

// A symbol the notes refer to: one the object has (its old index) or one to add.
struct SymRef {
    bool added = false;
    size_t index = 0;  // old index, or position in Rewriter::new_syms_
};

struct NewSymbol {
    GElf_Sym sym{};
    std::string name;  // empty: st_name 0
    bool local = false;
};

class Rewriter {
public:
    Rewriter(Elf* elf, const std::string& path, const std::vector<UsdtProvider>& providers,
             RewriteOutcome& out)
        : elf_(elf), path_(path), providers_(providers), out_(out) {}

    // Finds and rewrites the sites; `changed()` says whether the file must be written.
    std::optional<std::string> run();
    bool changed() const { return !sites_.empty(); }

private:
    std::string fail() const { return "an error was encountered while processing " + path_; }
    unsigned char* buffer(size_t n) {
        owned_.push_back(std::make_unique<std::vector<unsigned char>>(n, 0));
        return owned_.back()->data();
    }
    std::optional<std::string> load();
    std::optional<std::string> relocations(size_t rel_index);
    std::optional<std::string> edit();
    size_t symbol_named(const std::string& name) const;
    SymRef section_symbol(size_t section);
    SymRef add_symbol(const GElf_Sym& sym, const std::string& name, bool local);
    size_t final_index(const SymRef& r) const;
    size_t add_section_name(const std::string& name);
    Elf_Scn* add_section(const std::string& name, Elf64_Word type, Elf64_Xword flags,
                         unsigned char* data, size_t size, size_t align, Elf_Type dtype);
    void renumber(size_t section, size_t new_locals);
    std::optional<std::string> rebuild_symbols();
    std::optional<std::string> add_notes(size_t group, const std::vector<const Site*>& sites,
                                         const SymRef& base);

    Elf* elf_;
    const std::string& path_;
    const std::vector<UsdtProvider>& providers_;
    RewriteOutcome& out_;

    std::vector<Section> sections_;  // by section index (0 is the null section)
    size_t old_sections_ = 0;        // sections the object had (the rest are new)
    size_t shstrndx_ = 0;
    size_t symtab_ = 0, strtab_ = 0;
    std::vector<GElf_Sym> syms_;
    std::vector<std::string> sym_names_;
    size_t first_global_ = 0;
    std::map<size_t, ProbeSymbol> probe_syms_;  // symbol index -> its probe
    std::vector<Site> sites_;
    std::vector<NewSymbol> new_syms_;
    std::map<std::string, SymRef> semaphores_;
    std::vector<std::unique_ptr<std::vector<unsigned char>>> owned_;
};

std::optional<std::string> Rewriter::load() {
    if (elf_getshdrstrndx(elf_, &shstrndx_) != 0) return fail();
    sections_.emplace_back();
    Elf_Scn* scn = nullptr;
    while ((scn = elf_nextscn(elf_, scn)) != nullptr) {
        Section s;
        s.scn = scn;
        if (!gelf_getshdr(scn, &s.sh)) return fail();
        const char* name = elf_strptr(elf_, shstrndx_, s.sh.sh_name);
        s.name = name ? name : "";
        if (s.sh.sh_type == SHT_SYMTAB) symtab_ = sections_.size();
        sections_.push_back(std::move(s));
    }
    old_sections_ = sections_.size();
    if (!symtab_) return std::nullopt;
    const GElf_Shdr& sh = sections_[symtab_].sh;
    strtab_ = sh.sh_link;
    first_global_ = sh.sh_info;
    Elf_Data* data = elf_getdata(sections_[symtab_].scn, nullptr);
    if (!data || !sh.sh_entsize || strtab_ >= sections_.size()) return fail();
    for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; ++i) {
        GElf_Sym sym;
        if (!gelf_getsym(data, static_cast<int>(i), &sym)) return fail();
        const char* name = elf_strptr(elf_, strtab_, sym.st_name);
        syms_.push_back(sym);
        sym_names_.emplace_back(name ? name : "");
        if (auto p = parse_probe_symbol(sym_names_.back()); p && i >= first_global_) probe_syms_.emplace(i, *p);
    }
    return std::nullopt;
}

std::optional<std::string> Rewriter::relocations(size_t rel_index) {
    const Section& rel = sections_[rel_index];
    Elf_Data* data = elf_getdata(rel.scn, nullptr);
    if (!data || !rel.sh.sh_entsize) return fail();
    size_t n = rel.sh.sh_size / rel.sh.sh_entsize;
    for (size_t i = 0; i < n; ++i) {
        GElf_Rela r;
        if (rel.sh.sh_type == SHT_RELA) {
            if (!gelf_getrela(data, static_cast<int>(i), &r)) return fail();
        } else {
            GElf_Rel plain;
            if (!gelf_getrel(data, static_cast<int>(i), &plain)) return fail();
            r = GElf_Rela{plain.r_offset, plain.r_info, 0};
        }
        auto it = probe_syms_.find(GELF_R_SYM(r.r_info));
        if (it == probe_syms_.end()) continue;
        const ProbeSymbol& ps = it->second;
        const UsdtProvider* prov = nullptr;
        for (const UsdtProvider& p : providers_)
            if (p.name == ps.provider) prov = &p;
        if (!prov) return "no such provider " + ps.provider;
        const UsdtProbe* probe = nullptr;
        for (const UsdtProbe& p : prov->probes)
            if (p.d_name == d_probe_name(ps.c_name)) probe = &p;
        if (!probe) return "no such probe " + d_probe_name(ps.c_name);
        if (ps.is_enabled) {
            EnabledFunction fn{sym_names_[it->first], semaphore_name(prov->name, *probe)};
            bool known = false;
            for (const EnabledFunction& e : out_.enabled) known = known || e.symbol == fn.symbol;
            if (!known) out_.enabled.push_back(std::move(fn));
            continue;
        }
        // A probe call: only in code, and only a call or a jump the relocation completes.
        if (rel.sh.sh_type != SHT_RELA || rel.sh.sh_info >= sections_.size()) return fail();
        const Section& text = sections_[rel.sh.sh_info];
        if (text.sh.sh_type != SHT_PROGBITS || !(text.sh.sh_flags & SHF_EXECINSTR)) return fail();
        Elf_Data* code = elf_getdata(text.scn, nullptr);
        if (!code || !code->d_buf || elf_getdata(text.scn, code) != nullptr) return fail();
        auto* bytes = static_cast<uint8_t*>(code->d_buf);
        auto site = call_site_at(bytes, code->d_size, r.r_offset, static_cast<uint32_t>(GELF_R_TYPE(r.r_info)));
        if (!site) return fail();
        write_probe_site(bytes, *site);
        elf_flagdata(code, ELF_C_SET, ELF_F_DIRTY);
        // Nothing to relocate there now. (Against no symbol: the linker refuses an
        // R_X86_64_NONE against an absolute symbol in position-independent output.) An
        // earlier -G's sites have no relocation left to find.
        r.r_info = GELF_R_INFO(0, R_X86_64_NONE);
        if (!gelf_update_rela(data, static_cast<int>(i), &r)) return fail();
        elf_flagdata(data, ELF_C_SET, ELF_F_DIRTY);
        sites_.push_back(Site{rel.sh.sh_info, site->start, prov, probe});
    }
    return std::nullopt;
}

size_t Rewriter::symbol_named(const std::string& name) const {
    for (size_t i = 1; i < sym_names_.size(); ++i)
        if (sym_names_[i] == name && GELF_ST_TYPE(syms_[i].st_info) != STT_SECTION) return i;
    return 0;
}

SymRef Rewriter::section_symbol(size_t section) {
    for (size_t i = 1; i < first_global_; ++i)
        if (GELF_ST_TYPE(syms_[i].st_info) == STT_SECTION && syms_[i].st_shndx == section) return {false, i};
    for (size_t k = 0; k < new_syms_.size(); ++k)
        if (new_syms_[k].local && GELF_ST_TYPE(new_syms_[k].sym.st_info) == STT_SECTION &&
            new_syms_[k].sym.st_shndx == section)
            return {true, k};
    GElf_Sym sym{};
    sym.st_info = GELF_ST_INFO(STB_LOCAL, STT_SECTION);
    sym.st_shndx = static_cast<Elf64_Section>(section);
    return add_symbol(sym, "", true);
}

SymRef Rewriter::add_symbol(const GElf_Sym& sym, const std::string& name, bool local) {
    new_syms_.push_back(NewSymbol{sym, name, local});
    return {true, new_syms_.size() - 1};
}

// Where a symbol is once the table is rebuilt: new locals after the old locals (moving every
// old global up), new globals after everything.
size_t Rewriter::final_index(const SymRef& r) const {
    size_t new_locals = 0;
    for (const NewSymbol& n : new_syms_) new_locals += n.local;
    if (!r.added) return r.index >= first_global_ ? r.index + new_locals : r.index;
    size_t locals = 0, globals = 0;
    for (size_t k = 0; k < r.index; ++k) (new_syms_[k].local ? locals : globals)++;
    return new_syms_[r.index].local ? first_global_ + locals : syms_.size() + new_locals + globals;
}

size_t Rewriter::add_section_name(const std::string& name) {
    Section& s = sections_[shstrndx_];
    Elf_Data* d = elf_getdata(s.scn, nullptr);
    size_t at = d->d_size;
    unsigned char* grown = buffer(at + name.size() + 1);
    std::memcpy(grown, d->d_buf, at);
    std::memcpy(grown + at, name.c_str(), name.size() + 1);
    d->d_buf = grown;
    d->d_size = at + name.size() + 1;
    elf_flagdata(d, ELF_C_SET, ELF_F_DIRTY);
    return at;
}

Elf_Scn* Rewriter::add_section(const std::string& name, Elf64_Word type, Elf64_Xword flags,
                               unsigned char* data, size_t size, size_t align, Elf_Type dtype) {
    size_t name_at = add_section_name(name);
    Elf_Scn* scn = elf_newscn(elf_);
    if (!scn) return nullptr;
    Elf_Data* d = elf_newdata(scn);
    if (!d) return nullptr;
    d->d_buf = data;
    d->d_size = size;
    d->d_align = align;
    d->d_type = dtype;
    d->d_version = EV_CURRENT;
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh)) return nullptr;
    sh.sh_name = static_cast<Elf64_Word>(name_at);
    sh.sh_type = type;
    sh.sh_flags = flags;
    sh.sh_addralign = align;
    sh.sh_size = size;
    if (!gelf_update_shdr(scn, &sh)) return nullptr;
    Section s;
    s.scn = scn;
    s.sh = sh;
    s.name = name;
    sections_.push_back(std::move(s));
    return scn;
}

// The probes' note section for the sites of one section group (0: none): one stapsdt note per
// site, its addresses relocated against the text section, .stapsdt.base and the semaphore.
std::optional<std::string> Rewriter::add_notes(size_t group, const std::vector<const Site*>& sites,
                                               const SymRef& base) {
    std::vector<unsigned char> note;
    std::vector<GElf_Rela> relas;
    auto put32 = [&](uint32_t v) {
        unsigned char b[4];
        std::memcpy(b, &v, 4);
        note.insert(note.end(), b, b + 4);
    };
    for (const Site* s : sites) {
        std::string desc_text = s->provider->name + '\0' + s->probe->c_name + '\0' +
                                call_arg_specs(s->probe->arg_types.size()) + '\0';
        put32(8);
        put32(static_cast<uint32_t>(24 + desc_text.size()));
        put32(kStapsdtType);
        const char owner[8] = "stapsdt";
        note.insert(note.end(), owner, owner + 8);
        size_t desc = note.size();
        note.resize(note.size() + 24, 0);
        note.insert(note.end(), desc_text.begin(), desc_text.end());
        while (note.size() % 4) note.push_back(0);
        const SymRef& sem = semaphores_.at(semaphore_name(s->provider->name, *s->probe));
        relas.push_back({desc, GELF_R_INFO(final_index(section_symbol(s->section)), R_X86_64_64),
                         static_cast<int64_t>(s->offset)});
        relas.push_back({desc + 8, GELF_R_INFO(final_index(base), R_X86_64_64), 0});
        relas.push_back({desc + 16, GELF_R_INFO(final_index(sem), R_X86_64_64), 0});
    }
    unsigned char* note_buf = buffer(note.size());
    std::memcpy(note_buf, note.data(), note.size());
    Elf64_Xword gflag = group ? SHF_GROUP : 0;
    Elf_Scn* nscn = add_section(".note.stapsdt", SHT_NOTE, gflag, note_buf, note.size(), 4, ELF_T_BYTE);
    if (!nscn) return fail();
    size_t note_index = elf_ndxscn(nscn);
    Elf_Scn* rscn = add_section(".rela.note.stapsdt", SHT_RELA, SHF_INFO_LINK | gflag,
                                buffer(relas.size() * sizeof(Elf64_Rela)),
                                relas.size() * sizeof(Elf64_Rela), 8, ELF_T_RELA);
    if (!rscn) return fail();
    Elf_Data* rdata = elf_getdata(rscn, nullptr);
    for (size_t i = 0; i < relas.size(); ++i)
        if (!gelf_update_rela(rdata, static_cast<int>(i), &relas[i])) return fail();
    GElf_Shdr rsh;
    if (!gelf_getshdr(rscn, &rsh)) return fail();
    rsh.sh_link = static_cast<Elf64_Word>(symtab_);
    rsh.sh_info = static_cast<Elf64_Word>(note_index);
    rsh.sh_entsize = sizeof(Elf64_Rela);
    if (!gelf_update_shdr(rscn, &rsh)) return fail();
    if (group) {
        // Members of the text's group: discarded with it when the linker drops a duplicate.
        Elf_Data* g = elf_getdata(sections_[group].scn, nullptr);
        if (!g) return fail();
        size_t at = g->d_size;
        unsigned char* grown = buffer(at + 8);
        std::memcpy(grown, g->d_buf, at);
        uint32_t members[2] = {static_cast<uint32_t>(note_index), static_cast<uint32_t>(elf_ndxscn(rscn))};
        std::memcpy(grown + at, members, 8);
        g->d_buf = grown;
        g->d_size = at + 8;
        elf_flagdata(g, ELF_C_SET, ELF_F_DIRTY);
    }
    return std::nullopt;
}

// An old section's symbol indexes moved past the new locals: relocations and group signatures.
void Rewriter::renumber(size_t section, size_t new_locals) {
    Section& s = sections_[section];
    if (s.sh.sh_link != symtab_) return;
    if (s.sh.sh_type == SHT_GROUP) {
        GElf_Shdr sh;
        if (gelf_getshdr(s.scn, &sh) && sh.sh_info >= first_global_) {
            sh.sh_info += static_cast<Elf64_Word>(new_locals);
            gelf_update_shdr(s.scn, &sh);
        }
        return;
    }
    if (s.sh.sh_type != SHT_RELA && s.sh.sh_type != SHT_REL) return;
    Elf_Data* d = elf_getdata(s.scn, nullptr);
    if (!d) return;
    bool rela = s.sh.sh_type == SHT_RELA;
    size_t n = d->d_size / (rela ? sizeof(Elf64_Rela) : sizeof(Elf64_Rel));
    for (size_t k = 0; k < n; ++k) {
        GElf_Rela r{};
        GElf_Rel plain{};
        if (rela) gelf_getrela(d, static_cast<int>(k), &r);
        else gelf_getrel(d, static_cast<int>(k), &plain), r.r_info = plain.r_info;
        size_t sym = GELF_R_SYM(r.r_info);
        if (sym < first_global_) continue;
        r.r_info = GELF_R_INFO(sym + new_locals, GELF_R_TYPE(r.r_info));
        if (rela) {
            gelf_update_rela(d, static_cast<int>(k), &r);
        } else {
            plain.r_info = r.r_info;
            gelf_update_rel(d, static_cast<int>(k), &plain);
        }
    }
    elf_flagdata(d, ELF_C_SET, ELF_F_DIRTY);
}

// The symbol table with the new symbols in place (names at the end of the string table).
std::optional<std::string> Rewriter::rebuild_symbols() {
    size_t new_locals = 0;
    for (const NewSymbol& s : new_syms_) new_locals += s.local;
    if (new_locals) {
        for (size_t i = 1; i < old_sections_; ++i) {
            if (sections_[i].sh.sh_type == SHT_SYMTAB_SHNDX) return fail();
            renumber(i, new_locals);
        }
    }
    Elf_Data* sd = elf_getdata(sections_[strtab_].scn, nullptr);
    if (!sd) return fail();
    std::string added;
    std::vector<size_t> name_at(new_syms_.size(), 0);
    for (size_t i = 0; i < new_syms_.size(); ++i) {
        if (new_syms_[i].name.empty()) continue;
        name_at[i] = sd->d_size + added.size();
        added += new_syms_[i].name;
        added += '\0';
    }
    if (!added.empty()) {
        unsigned char* grown = buffer(sd->d_size + added.size());
        std::memcpy(grown, sd->d_buf, sd->d_size);
        std::memcpy(grown + sd->d_size, added.data(), added.size());
        sd->d_buf = grown;
        sd->d_size += added.size();
        elf_flagdata(sd, ELF_C_SET, ELF_F_DIRTY);
    }
    std::vector<GElf_Sym> table(syms_.begin(), syms_.begin() + static_cast<long>(first_global_));
    auto append_new = [&](bool local) {
        for (size_t i = 0; i < new_syms_.size(); ++i) {
            if (new_syms_[i].local != local) continue;
            table.push_back(new_syms_[i].sym);
            table.back().st_name = static_cast<Elf64_Word>(name_at[i]);
        }
    };
    append_new(true);
    table.insert(table.end(), syms_.begin() + static_cast<long>(first_global_), syms_.end());
    append_new(false);
    Elf_Data* d = elf_getdata(sections_[symtab_].scn, nullptr);
    if (!d) return fail();
    d->d_buf = buffer(table.size() * sizeof(Elf64_Sym));
    d->d_size = table.size() * sizeof(Elf64_Sym);
    for (size_t i = 0; i < table.size(); ++i)
        if (!gelf_update_sym(d, static_cast<int>(i), &table[i])) return fail();
    elf_flagdata(d, ELF_C_SET, ELF_F_DIRTY);
    GElf_Shdr sh;
    if (!gelf_getshdr(sections_[symtab_].scn, &sh)) return fail();
    sh.sh_info = static_cast<Elf64_Word>(first_global_ + new_locals);
    if (!gelf_update_shdr(sections_[symtab_].scn, &sh)) return fail();
    return std::nullopt;
}

std::optional<std::string> Rewriter::edit() {
    // The probe functions are gone from the code: define them (absolute 0, weak so that every
    // object may, hidden so that no library exports them) so that nothing is left undefined.
    for (const auto& [index, ps] : probe_syms_) {
        GElf_Sym& s = syms_[index];
        if (ps.is_enabled || s.st_shndx != SHN_UNDEF) continue;
        s.st_shndx = SHN_ABS;
        s.st_value = 0;
        s.st_info = GELF_ST_INFO(STB_WEAK, STT_NOTYPE);
        s.st_other = STV_HIDDEN;
    }
    // .stapsdt.base as SystemTap's header makes it (one byte in a COMDAT group whose signature
    // is the section's symbol, and a weak hidden symbol on it), unless the object has it.
    SymRef base{false, symbol_named(kBaseSymbol)};
    Elf_Scn* group = nullptr;
    SymRef signature;
    if (!base.index) {
        unsigned char* group_buf = buffer(8);
        group = add_section(".group", SHT_GROUP, 0, group_buf, 8, 4, ELF_T_WORD);
        if (!group) return fail();
        Elf_Scn* bscn = add_section(".stapsdt.base", SHT_PROGBITS, SHF_ALLOC | SHF_GROUP, buffer(1), 1, 1, ELF_T_BYTE);
        if (!bscn) return fail();
        size_t bindex = elf_ndxscn(bscn);
        uint32_t words[2] = {GRP_COMDAT, static_cast<uint32_t>(bindex)};
        std::memcpy(group_buf, words, 8);
        signature = section_symbol(bindex);
        GElf_Sym b{};
        b.st_info = GELF_ST_INFO(STB_WEAK, STT_NOTYPE);
        b.st_other = STV_HIDDEN;
        b.st_shndx = static_cast<Elf64_Section>(bindex);
        b.st_size = 1;
        base = add_symbol(b, kBaseSymbol, false);
    }
    // The semaphores the notes name (the -G object defines them), and the text sections'
    // symbols: every new symbol is known before any final index is used.
    for (const Site& s : sites_) {
        std::string sem = semaphore_name(s.provider->name, *s.probe);
        if (!semaphores_.count(sem)) {
            size_t i = symbol_named(sem);
            if (i) {
                semaphores_[sem] = SymRef{false, i};
            } else {
                GElf_Sym u{};
                u.st_info = GELF_ST_INFO(STB_GLOBAL, STT_NOTYPE);
                semaphores_[sem] = add_symbol(u, sem, false);
            }
        }
        section_symbol(s.section);
    }
    if (group) {
        GElf_Shdr gsh;
        if (!gelf_getshdr(group, &gsh)) return fail();
        gsh.sh_link = static_cast<Elf64_Word>(symtab_);
        gsh.sh_info = static_cast<Elf64_Word>(final_index(signature));
        gsh.sh_entsize = 4;
        if (!gelf_update_shdr(group, &gsh)) return fail();
    }
    if (auto err = rebuild_symbols()) return err;
    // One note section per section group of the sites (their code may be a COMDAT group's).
    std::map<size_t, size_t> group_of;  // section -> its SHT_GROUP section
    for (size_t i = 1; i < old_sections_; ++i) {
        if (sections_[i].sh.sh_type != SHT_GROUP) continue;
        Elf_Data* g = elf_getdata(sections_[i].scn, nullptr);
        if (!g) continue;
        const auto* w = static_cast<const uint32_t*>(g->d_buf);
        for (size_t k = 1; k < g->d_size / 4; ++k) group_of[w[k]] = i;
    }
    std::map<size_t, std::vector<const Site*>> by_group;
    for (const Site& s : sites_) {
        auto it = group_of.find(s.section);
        by_group[it == group_of.end() ? 0 : it->second].push_back(&s);
    }
    for (const auto& [g, sites] : by_group)
        if (auto err = add_notes(g, sites, base)) return err;
    return std::nullopt;
}

std::optional<std::string> Rewriter::run() {
    if (auto err = load()) return err;
    if (probe_syms_.empty()) return std::nullopt;
    GElf_Ehdr eh;
    if (!gelf_getehdr(elf_, &eh)) return fail();
    if (eh.e_type != ET_REL || eh.e_machine != EM_X86_64 || gelf_getclass(elf_) != ELFCLASS64) return fail();
    for (size_t i = 1; i < sections_.size(); ++i) {
        if (sections_[i].sh.sh_type != SHT_RELA && sections_[i].sh.sh_type != SHT_REL) continue;
        if (sections_[i].sh.sh_link != symtab_) continue;
        if (auto err = relocations(i)) return err;
    }
    out_.sites += sites_.size();
    if (sites_.empty()) return std::nullopt;
    return edit();
}

}  // namespace

std::optional<std::string> rewrite_object(const std::string& path,
                                          const std::vector<UsdtProvider>& providers,
                                          RewriteOutcome& out) {
    if (elf_version(EV_CURRENT) == EV_NONE) return std::string(elf_errmsg(-1));
    int fd = open(path.c_str(), O_RDWR | O_CLOEXEC);
    if (fd < 0) return "failed to open " + path + ": " + std::strerror(errno);
    (void)elf_errno();
    Elf* elf = elf_begin(fd, ELF_C_RDWR, nullptr);
    std::optional<std::string> err;
    if (!elf || elf_kind(elf) != ELF_K_ELF) {
        err = "failed to process " + path + ": " + (elf ? "not an ELF file" : elf_errmsg(-1));
    } else {
        RewriteOutcome mine;
        Rewriter rw(elf, path, providers, mine);
        err = rw.run();
        // Written only when every site was understood: a failure leaves the file as it was.
        if (!err && rw.changed() && elf_update(elf, ELF_C_WRITE) < 0)
            err = "failed to write " + path + ": " + elf_errmsg(-1);
        if (!err) {
            out.sites += mine.sites;
            for (auto& e : mine.enabled) {
                bool known = false;
                for (const EnabledFunction& k : out.enabled) known = known || k.symbol == e.symbol;
                if (!known) out.enabled.push_back(std::move(e));
            }
        }
    }
    if (elf) elf_end(elf);
    close(fd);
    return err;
}

}  // namespace bdtrace::usdtgen
