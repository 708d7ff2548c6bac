// Predicates a program may decide before it touches the tracing state. A probe whose clause's
// predicate is false does nothing, so the cheapest firing is one that learns so first: when
// every clause of a program has such a predicate, the entry function (program_builders.cpp's
// build_entry) tests them before it reads the activity word and finds the scratch area, and a
// firing none passes costs a helper call and a compare or two (a system-wide
// `syscall:::entry /pid == 1234/` rejects nearly every firing it sees).
// Deciding early is only sound for a predicate that changes nothing, cannot fault (a fault
// fires ERROR, which must not happen before BEGIN or after exit()) and reads nothing the entry
// sets up: constants, scalar global variables, the current thread's pid, tid, uid, gid and cpu,
// and execname compared with a short name. Its value does not depend on the activity, which the
// entry still checks when it passes.
#pragma once

#include <cstdint>

#include "sema/typed.h"

namespace bdtrace::codegen {

bool decidable_at_entry(const sema::Node& n, uint32_t strsize);

// Whether a predicate reads a global variable. A clause enabled more than once on a probe runs
// once per enabling in one firing, and an earlier run may change a global its predicate reads:
// the entry's early test then only filters (false there is false for every run, since nothing
// ran before it), and the clause tests the predicate again, as each clause of a program with
// several does.
bool reads_global_variables(const sema::Node& n);

// For `execname == "name"` or `!=` (either side) with a name of at most 15 characters and no
// NUL, under a strsize longer than a task's comm: the name's node (the comparison is then two
// words of the comm against the name, ClauseGen::execname_literal_branch); else null.
const sema::Node* execname_literal(const sema::Node& n, uint32_t strsize);

}  // namespace bdtrace::codegen
