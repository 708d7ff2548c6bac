// The argument specs of a USDT call site, as <sys/sdt.h> writes them in the .note.stapsdt note:
// one operand per argument, "SIZE@OPERAND" with a negative SIZE for a signed value (and an "f"
// after it for a floating-point one, whose bits the operand holds), the operand
// in GNU as (AT&T) syntax of x86-64: a register (%rax, %eax, %ax, %al, %ah, %r8d ...), a
// constant ($5), memory (-24(%rbp), 16(%rax,%rdx,8), sym+8(%rip)). Parsing only: what each
// argument is and where it lives, no reading.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bdtrace::process {

inline constexpr size_t kUsdtMaxArgs = 12;  // sys/sdt.h's STAP_PROBE12

struct UsdtArg {
    enum class Kind : uint8_t { Const, Reg, Mem };
    Kind kind = Kind::Const;
    uint8_t size = 8;        // bytes of the value: 1, 2, 4 or 8
    bool is_signed = false;  // a negative SIZE
    bool is_float = false;   // "8f@": a float or double's bits (D reads them as an integer)
    // Reg and Mem: the base register as its byte offset in x86-64's struct pt_regs, or -1 (Mem
    // with no base). A sub-register (%eax, %al) names its full register; `shift` is 8 for the
    // high byte registers (%ah ...), else 0.
    int16_t base = -1;
    int16_t index = -1;      // Mem: the index register's pt_regs offset, or -1
    uint8_t scale = 1;       // Mem: 1, 2, 4 or 8
    uint8_t shift = 0;
    bool rip = false;        // Mem: relative to the instruction pointer (base is ip)
    int64_t value = 0;       // Const: the constant; Mem: the displacement
    std::string symbol;      // Mem: a symbol the displacement is relative to ("g" in g+4(%rip))
    std::string text;        // the spec as written
};

// One site's specs, split on spaces; nullopt (and `error`) when one does not parse.
std::optional<std::vector<UsdtArg>> parse_usdt_args(std::string_view specs, std::string* error = nullptr);
std::optional<UsdtArg> parse_usdt_arg(std::string_view spec, std::string* error = nullptr);


}  // namespace bdtrace::process
