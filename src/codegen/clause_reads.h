// What a clause reads of the moment a probe fires. Which arguments: a program's entry stores
// only the argument slots one of its clauses reads (program_builders.h). The rest decides where
// a pid probe's uprobe may go (process/entry_site.h, process/uretprobe_safety.h). At a return
// probe, arg0 (DTrace's offset of the returning instruction), uregs[] and the user stack
// (ustack(), ustackdepth, ucaller) are the returning instruction's own: a probe any clause reads
// them at keeps a uprobe on each returning instruction; otherwise the kernel's return
// trampoline serves it. At an entry probe, uregs[] is what an entry moved past scratch-register
// arithmetic would change.
#pragma once

#include <cstdint>

#include "sema/typed.h"

namespace bdtrace::codegen {

struct ClauseReads {
    // Bit N: argN or args[N] (N < 12; sema accepts only a constant index of args[]), however
    // deep: predicate, statements, subroutine and action arguments, expanded translators.
    uint32_t args = 0;
    bool uregs = false;  // uregs[]
    bool stack = false;  // ustack(), ustackdepth, ucaller
    bool arg(uint32_t n) const { return (args >> n) & 1; }
    bool return_site() const { return arg(0) || uregs || stack; }
    ClauseReads& operator|=(const ClauseReads& o) {
        args |= o.args;
        uregs |= o.uregs;
        stack |= o.stack;
        return *this;
    }
};

// Everything the clause's predicate and statements read, however deep.
ClauseReads clause_reads(const sema::Clause& clause);

}  // namespace bdtrace::codegen
