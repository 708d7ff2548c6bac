// Just enough BPF assembly for the feature probes and the kernel tests: a handful of encodings,
// no labels beyond explicit offsets. The code generator has the real assembler (src/bpf/).
#pragma once

#include <linux/bpf.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace bdtrace::kernel::probe_asm {

// Helper ids (enum bpf_func_id).
inline constexpr int32_t kMapLookupElem = 1;
inline constexpr int32_t kGetCurrentPidTgid = 14;
inline constexpr int32_t kProbeWriteUser = 36;
inline constexpr int32_t kSendSignal = 109;
inline constexpr int32_t kRingbufOutput = 130;
inline constexpr int32_t kTaskStorageGet = 156;
inline constexpr int32_t kGetCurrentTaskBtf = 158;
inline constexpr int32_t kGetAttachCookie = 174;

class Asm {
  public:
    Asm& raw(uint8_t code, uint8_t dst, uint8_t src, int16_t off, int32_t imm) {
        bpf_insn i{};
        i.code = code;
        i.dst_reg = dst & 0xf;
        i.src_reg = src & 0xf;
        i.off = off;
        i.imm = imm;
        insns_.push_back(i);
        return *this;
    }
    Asm& mov_imm(uint8_t dst, int32_t imm) {
        return raw(BPF_ALU64 | BPF_MOV | BPF_K, dst, 0, 0, imm);
    }
    Asm& mov_reg(uint8_t dst, uint8_t src) {
        return raw(BPF_ALU64 | BPF_MOV | BPF_X, dst, src, 0, 0);
    }
    Asm& add_imm(uint8_t dst, int32_t imm) {
        return raw(BPF_ALU64 | BPF_ADD | BPF_K, dst, 0, 0, imm);
    }
    Asm& rsh_imm(uint8_t dst, int32_t imm) {
        return raw(BPF_ALU64 | BPF_RSH | BPF_K, dst, 0, 0, imm);
    }
    // *(size *)(dst + off) = imm; size is BPF_W or BPF_DW
    Asm& st_imm(uint8_t size, uint8_t dst, int16_t off, int32_t imm) {
        return raw(BPF_ST | BPF_MEM | size, dst, 0, off, imm);
    }
    Asm& stx(uint8_t size, uint8_t dst, int16_t off, uint8_t src) {
        return raw(BPF_STX | BPF_MEM | size, dst, src, off, 0);
    }
    Asm& ldx(uint8_t size, uint8_t dst, uint8_t src, int16_t off) {
        return raw(BPF_LDX | BPF_MEM | size, dst, src, off, 0);
    }
    // lock *(u64 *)(dst + off) += src
    Asm& atomic_add64(uint8_t dst, int16_t off, uint8_t src) {
        return raw(BPF_STX | BPF_ATOMIC | BPF_DW, dst, src, off, BPF_ADD);
    }
    Asm& ld_imm64(uint8_t dst, uint64_t v) {
        raw(BPF_LD | BPF_DW | BPF_IMM, dst, 0, 0, static_cast<int32_t>(v));
        return raw(0, 0, 0, 0, static_cast<int32_t>(v >> 32));
    }
    Asm& ld_map_fd(uint8_t dst, int fd) {
        raw(BPF_LD | BPF_DW | BPF_IMM, dst, BPF_PSEUDO_MAP_FD, 0, fd);
        return raw(0, 0, 0, 0, 0);
    }
    // if dst == imm goto +off
    Asm& jeq_imm(uint8_t dst, int32_t imm, int16_t off) {
        return raw(BPF_JMP | BPF_JEQ | BPF_K, dst, 0, off, imm);
    }
    Asm& jne_imm(uint8_t dst, int32_t imm, int16_t off) {
        return raw(BPF_JMP | BPF_JNE | BPF_K, dst, 0, off, imm);
    }
    Asm& call(int32_t helper) { return raw(BPF_JMP | BPF_CALL, 0, 0, 0, helper); }
    Asm& exit() { return raw(BPF_JMP | BPF_EXIT, 0, 0, 0, 0); }
    // r0 = 0; exit
    Asm& ret0() { return mov_imm(BPF_REG_0, 0).exit(); }

    size_t size() const { return insns_.size(); }
    std::span<const std::byte> bytes() const { return std::as_bytes(std::span(insns_)); }

  private:
    std::vector<bpf_insn> insns_;
};

}  // namespace bdtrace::kernel::probe_asm
