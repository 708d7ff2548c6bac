// Unwinding a user stack after the fact, from what the probe copied: the registers (ip, sp, bp)
// and the bytes of the stack from sp up. Each frame's rules come from its module's call frame
// information (.eh_frame, read with libdw), so code built without frame pointers (Debian's libc)
// unwinds as well as code with them. The walk stops at the outermost frame (whose return address
// the CFI says is undefined, as _start's is), or where it would need memory the copy does not
// hold or a module without CFI.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "process/user_symbols.h"

namespace bdtrace::process {

struct StackCopy {
    uint64_t ip = 0, sp = 0, bp = 0;
    std::span<const uint8_t> bytes;  // the stack from sp up
};

struct Unwound {
    std::vector<uint64_t> pcs;  // the first is ip
    bool complete = false;      // reached the outermost frame
};

// One step's rules for a PC, as the CFI states them (the part of libdw's answer the unwinder
// needs): how to compute the CFA, and how the return address, rbp and rsp of the caller are
// found. Expressions are kept as DWARF operations.
struct DwarfOp {
    uint8_t atom = 0;
    uint64_t number = 0, number2 = 0;
};
struct RegisterRule {
    enum class Kind { Undefined, Same, Expr } kind = Kind::Undefined;
    std::vector<DwarfOp> ops;  // Expr: the CFA is pushed first; ends in DW_OP_stack_value for a value
};
struct FrameRules {
    std::vector<DwarfOp> cfa;
    RegisterRule ra, rbp;
};

// Where the unwinder gets the rules for a PC of a process: from the module's CFI by default;
// tests give their own.
class CfiSource {
public:
    virtual ~CfiSource() = default;
    virtual std::optional<FrameRules> rules(uint64_t pid, uint64_t pc) = 0;
};

// The .eh_frame (else .debug_frame) of each mapped file, opened once.
class ModuleCfi : public CfiSource {
public:
    explicit ModuleCfi(UserSymbols& syms);
    ~ModuleCfi() override;
    std::optional<FrameRules> rules(uint64_t pid, uint64_t pc) override;

private:
    struct File;
    UserSymbols& syms_;
    std::map<std::string, std::unique_ptr<File>> files_;
};

// Unwinds at most max_frames frames.
Unwound unwind_stack(CfiSource& cfi, uint64_t pid, const StackCopy& copy, size_t max_frames);

}  // namespace bdtrace::process
