// Subroutine lowering by table: each group file lists the sema::Subr ids it lowers (at its end),
// and ClauseGen::subroutine() calls the entry of a node's id. subr_lowering() is complete: every
// id sema makes has an entry (a unit test walks them).
#pragma once

#include <vector>

#include "bpf/ir.h"
#include "sema/typed.h"

namespace bdtrace::codegen {

class ClauseGen;

// A subroutine's value (for a string: the address of its buffer).
using SubrLowering = bpf::VReg (*)(ClauseGen&, const sema::Node&);

struct SubrEntry {
    sema::Subr subr;
    SubrLowering lower;
};

// The groups' entries.
std::vector<SubrEntry> string_subr_entries();       // gen_subr_string.cpp
std::vector<SubrEntry> memory_subr_entries();       // gen_subr_memory.cpp
std::vector<SubrEntry> speculation_subr_entries();  // gen_speculation.cpp
std::vector<SubrEntry> ustack_subr_entries();       // gen_subr_ustack.cpp: stacks and symbols

// The lowering of subroutine s; null when no group has one.
SubrLowering subr_lowering(sema::Subr s);

}  // namespace bdtrace::codegen
