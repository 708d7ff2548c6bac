// What a clause reads of the moment a pid probe fires, beyond the arguments: this decides where
// the probe's uprobe may go (process/entry_site.h, process/uretprobe_safety.h). At a return
// probe, arg0 (DTrace's offset of the returning instruction), uregs[] and the user stack
// (ustack(), ustackdepth, ucaller) are the returning instruction's own: a probe any clause reads
// them at keeps a uprobe on each returning instruction; otherwise the kernel's return
// trampoline serves it. At an entry probe, uregs[] is what an entry moved past scratch-register
// arithmetic would change.
#pragma once

#include "sema/typed.h"

namespace bdtrace::codegen {

struct ClauseReads {
    bool arg0 = false;   // arg0, args[0]
    bool uregs = false;  // uregs[]
    bool stack = false;  // ustack(), ustackdepth, ucaller
    bool return_site() const { return arg0 || uregs || stack; }
    ClauseReads& operator|=(const ClauseReads& o) {
        arg0 |= o.arg0;
        uregs |= o.uregs;
        stack |= o.stack;
        return *this;
    }
};

// Everything the clause's predicate and statements read, however deep.
ClauseReads clause_reads(const sema::Clause& clause);

}  // namespace bdtrace::codegen
