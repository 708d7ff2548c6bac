#include "usdtgen/elf_object.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "process/usdt_notes.h"

namespace bdtrace::usdtgen {

namespace {

constexpr uint16_t kSemaphoreSize = sizeof(unsigned short);

// A string table under construction: offsets of names as they are added.
struct StringTable {
    std::string bytes{'\0'};
    size_t add(const std::string& s) {
        size_t at = bytes.size();
        bytes += s;
        bytes += '\0';
        return at;
    }
};

// Owns what libelf is handed: the data buffers must outlive elf_update().
struct Buffers {
    StringTable shstr, str;
    std::vector<unsigned char> probes, text, notes;
    std::vector<Elf64_Rela> text_relas;
    std::vector<Elf64_Sym> syms;
};

Elf_Scn* add_section(Elf* elf, size_t name, Elf64_Word type, Elf64_Xword flags, void* data,
                     size_t size, size_t align, Elf_Type dtype) {
    Elf_Scn* scn = elf_newscn(elf);
    if (!scn) return nullptr;
    Elf_Data* d = elf_newdata(scn);
    if (!d) return nullptr;
    d->d_buf = size ? data : nullptr;
    d->d_size = size;
    d->d_align = align;
    d->d_type = dtype;
    d->d_version = EV_CURRENT;
    Elf64_Shdr* sh = elf64_getshdr(scn);
    if (!sh) return nullptr;
    sh->sh_name = static_cast<Elf64_Word>(name);
    sh->sh_type = type;
    sh->sh_flags = flags;
    sh->sh_addralign = align;
    return scn;
}

std::string elf_error() {
    return elf_errmsg(elf_errno());
}

// An is-enabled function: movzwl semaphore(%rip), %eax; ret. The displacement is relocated.
constexpr unsigned char kEnabledCode[] = {0x0f, 0xb7, 0x05, 0, 0, 0, 0, 0xc3};
constexpr size_t kEnabledDisp = 3;
constexpr size_t kEnabledStride = 16;  // each function on its own 16 bytes

void put_note(std::vector<unsigned char>& out, const std::string& owner, uint32_t type,
              const std::string& desc) {
    auto put32 = [&](uint32_t v) {
        unsigned char b[4];
        std::memcpy(b, &v, 4);
        out.insert(out.end(), b, b + 4);
    };
    put32(static_cast<uint32_t>(owner.size() + 1));
    put32(static_cast<uint32_t>(desc.size()));
    put32(type);
    out.insert(out.end(), owner.begin(), owner.end());
    out.push_back(0);
    while (out.size() % 4) out.push_back(0);
    out.insert(out.end(), desc.begin(), desc.end());
    while (out.size() % 4) out.push_back(0);
}

std::optional<std::string> build(Elf* elf, const SemaphoreObject& obj, Buffers& b) {
    Elf64_Ehdr* eh = elf64_newehdr(elf);
    if (!eh) return elf_error();
    eh->e_ident[EI_DATA] = ELFDATA2LSB;
    eh->e_ident[EI_OSABI] = ELFOSABI_NONE;
    eh->e_type = ET_REL;
    eh->e_machine = EM_X86_64;
    eh->e_version = EV_CURRENT;

    const bool has_text = !obj.enabled.empty();
    const bool has_notes = !obj.mappings.empty();
    // Section indexes follow creation order, starting at 1.
    Elf64_Half next = 1;
    const Elf64_Half probes_index = next++;
    const Elf64_Half text_index = has_text ? next++ : 0;
    if (has_text) ++next;   // .rela.text
    if (has_notes) ++next;  // the argument mappings
    ++next;                 // .note.GNU-stack
    const Elf64_Half symtab_index = next++;
    const Elf64_Half strtab_index = next++;

    b.probes.assign(obj.semaphores.size() * kSemaphoreSize, 0);
    if (!add_section(elf, b.shstr.add(".probes"), SHT_PROGBITS, SHF_ALLOC | SHF_WRITE,
                     b.probes.data(), b.probes.size(), kSemaphoreSize, ELF_T_BYTE))
        return elf_error();

    // Locals first (null, file, the .probes and .text sections), then the globals.
    b.syms.push_back(Elf64_Sym{});
    Elf64_Sym file{};
    file.st_name = static_cast<Elf64_Word>(b.str.add(obj.source_name));
    file.st_info = ELF64_ST_INFO(STB_LOCAL, STT_FILE);
    file.st_shndx = SHN_ABS;
    b.syms.push_back(file);
    Elf64_Sym section{};
    section.st_info = ELF64_ST_INFO(STB_LOCAL, STT_SECTION);
    section.st_shndx = probes_index;
    b.syms.push_back(section);
    if (has_text) {
        section.st_shndx = text_index;
        b.syms.push_back(section);
    }
    const size_t first_global = b.syms.size();
    for (size_t i = 0; i < obj.semaphores.size(); ++i) {
        Elf64_Sym s{};
        s.st_name = static_cast<Elf64_Word>(b.str.add(obj.semaphores[i]));
        s.st_info = ELF64_ST_INFO(STB_GLOBAL, STT_OBJECT);
        s.st_other = obj.hidden ? STV_HIDDEN : STV_DEFAULT;
        s.st_shndx = probes_index;
        s.st_value = i * kSemaphoreSize;
        s.st_size = kSemaphoreSize;
        b.syms.push_back(s);
    }
    if (has_text) {
        for (size_t i = 0; i < obj.enabled.size(); ++i) {
            size_t at = i * kEnabledStride;
            b.text.resize(at + kEnabledStride, 0xcc);
            std::memcpy(b.text.data() + at, kEnabledCode, sizeof kEnabledCode);
            Elf64_Rela r{};
            r.r_offset = at + kEnabledDisp;
            r.r_info = ELF64_R_INFO(first_global + obj.enabled[i].semaphore, R_X86_64_PC32);
            r.r_addend = -4;
            b.text_relas.push_back(r);
            // Hidden as the semaphores are: each executable or library has its own.
            Elf64_Sym s{};
            s.st_name = static_cast<Elf64_Word>(b.str.add(obj.enabled[i].symbol));
            s.st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC);
            s.st_other = STV_HIDDEN;
            s.st_shndx = text_index;
            s.st_value = at;
            s.st_size = sizeof kEnabledCode;
            b.syms.push_back(s);
        }
        if (!add_section(elf, b.shstr.add(".text"), SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR,
                         b.text.data(), b.text.size(), kEnabledStride, ELF_T_BYTE))
            return elf_error();
        Elf_Scn* rela = add_section(elf, b.shstr.add(".rela.text"), SHT_RELA, SHF_INFO_LINK,
                                    b.text_relas.data(), b.text_relas.size() * sizeof(Elf64_Rela), 8,
                                    ELF_T_RELA);
        if (!rela) return elf_error();
        Elf64_Shdr* sh = elf64_getshdr(rela);
        sh->sh_link = symtab_index;
        sh->sh_info = text_index;
        sh->sh_entsize = sizeof(Elf64_Rela);
    }
    if (has_notes) {
        for (const SemaphoreObject::ArgMapping& m : obj.mappings) {
            std::string desc = m.provider + '\0' + m.probe + '\0';
            for (size_t i = 0; i < m.native.size(); ++i) desc += (i ? " " : "") + std::to_string(m.native[i]);
            desc += '\0';
            put_note(b.notes, process::kArgMapOwner, process::kArgMapType, desc);
        }
        if (!add_section(elf, b.shstr.add(process::kArgMapSection), SHT_NOTE, 0, b.notes.data(), b.notes.size(), 4,
                         ELF_T_BYTE))
            return elf_error();
    }
    if (!add_section(elf, b.shstr.add(".note.GNU-stack"), SHT_PROGBITS, 0, nullptr, 0, 1, ELF_T_BYTE))
        return elf_error();

    Elf_Scn* symtab = add_section(elf, b.shstr.add(".symtab"), SHT_SYMTAB, 0, b.syms.data(),
                                  b.syms.size() * sizeof(Elf64_Sym), 8, ELF_T_SYM);
    if (!symtab) return elf_error();
    Elf64_Shdr* sh = elf64_getshdr(symtab);
    sh->sh_link = strtab_index;
    sh->sh_info = static_cast<Elf64_Word>(first_global);
    sh->sh_entsize = sizeof(Elf64_Sym);
    const size_t n_strtab = b.shstr.add(".strtab");
    const size_t n_shstrtab = b.shstr.add(".shstrtab");
    if (!add_section(elf, n_strtab, SHT_STRTAB, 0, b.str.bytes.data(), b.str.bytes.size(), 1, ELF_T_BYTE))
        return elf_error();
    Elf_Scn* shstrtab = add_section(elf, n_shstrtab, SHT_STRTAB, 0, b.shstr.bytes.data(),
                                    b.shstr.bytes.size(), 1, ELF_T_BYTE);
    if (!shstrtab) return elf_error();
    eh->e_shstrndx = static_cast<Elf64_Half>(elf_ndxscn(shstrtab));
    if (elf_update(elf, ELF_C_WRITE) < 0) return elf_error();
    return std::nullopt;
}

}  // namespace

std::optional<std::string> write_semaphore_object(const std::string& path,
                                                  const SemaphoreObject& obj) {
    if (elf_version(EV_CURRENT) == EV_NONE) return "failed to write " + path + ": " + elf_error();
    int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) return "failed to open " + path + ": " + std::strerror(errno);
    Elf* elf = elf_begin(fd, ELF_C_WRITE, nullptr);
    std::optional<std::string> err;
    if (!elf) {
        err = elf_error();
    } else {
        Buffers b;
        err = build(elf, obj, b);
        elf_end(elf);
    }
    if (close(fd) != 0 && !err) err = std::strerror(errno);
    if (!err) return std::nullopt;
    unlink(path.c_str());
    return "failed to write " + path + ": " + *err;
}

std::optional<std::string> check_input_object(const std::string& path) {
    if (elf_version(EV_CURRENT) == EV_NONE) return elf_error();
    int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return "failed to open " + path + ": " + std::strerror(errno);
    (void)elf_errno();  // libelf's error is sticky: forget an earlier one
    Elf* elf = elf_begin(fd, ELF_C_READ, nullptr);
    std::optional<std::string> err;
    if (!elf || elf_kind(elf) != ELF_K_ELF) {
        int e = elf_errno();
        const char* why = e ? elf_errmsg(e) : "not an ELF file";
        err = "failed to process " + path + ": " + why;
    }
    if (elf) elf_end(elf);
    close(fd);
    return err;
}

}  // namespace bdtrace::usdtgen
