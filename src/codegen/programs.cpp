// The program set's enablings and programs: one epid per (clause, probe), one program per kind
// of the enabled probes' plans, each clause lowered once into every program that may call it, and
// the program's entry function from its kind's builder (program_builders.h).

#include <algorithm>
#include <map>

#include "codegen/early_predicate.h"
#include "codegen/gen.h"
#include "codegen/program_builders.h"

namespace bdtrace::codegen {

using probes::AttachKind;

uint32_t table_slots(const sema::Clause& c, bool (*in_table)(const probes::Probe&)) {
    uint32_t n = 0;
    for (const auto& p : c.probes)
        if (in_table(*p.probe)) n = std::max(n, p.occurrence + 1);
    return n;
}

void Gen::run() {
    // Enabled probes: (clause, probe) pairs in program order.
    for (const auto& c : prog.clauses) {
        const ClauseReads reads = clause_reads(c);
        for (const auto& p : c.probes) {
            Epid e = enabling(*p.probe, static_cast<uint32_t>(out.epids.size() + 1), c.index,
                              p.occurrence);
            e.reads = reads;
            out.epids.push_back(std::move(e));
        }
    }

    // Which kinds of program are needed, and the probes of each.
    std::map<AttachKind, std::vector<uint32_t>> by_kind;
    for (const auto& e : out.epids) {
        if (e.kind() == AttachKind::Error) continue;  // ERROR clauses: a later stage
        auto& ids = by_kind[e.kind()];
        if (std::find(ids.begin(), ids.end(), e.probe_id) == ids.end()) ids.push_back(e.probe_id);
    }
    // The pid and USDT providers' clauses, and the programs they need (build_uprobe.cpp).
    std::map<uint32_t, UserProbeUse> user_use = wire_user_probe_clauses(*this, by_kind);

    // The syscall provider's clauses, each a column of the syscall table.
    for (const auto& c : prog.clauses) {
        uint32_t sys = table_slots(c, [](const probes::Probe& pr) {
            return pr.plan_as<probes::SyscallPlan>() != nullptr;
        });
        out.syscall_clauses.insert(out.syscall_clauses.end(), sys, c.index);
        uint32_t sdt = table_slots(
            c, [](const probes::Probe& pr) { return pr.plan_as<probes::KernelPlan>() != nullptr; });
        out.sdt_clauses.insert(out.sdt_clauses.end(), sdt, c.index);
    }

    // Lower every clause once per program kind it is enabled in (a BPF function cannot be
    // shared between programs), measuring record sizes as we go.
    program_count = static_cast<uint32_t>(by_kind.size());
    for (auto& entry_kind : by_kind) {
        // (A named reference, not a structured binding: clang 14 cannot capture bindings.)
        const AttachKind kind = entry_kind.first;
        const std::vector<uint32_t>& ids = entry_kind.second;
        context = program_builder(kind).context;
        reads_pc_skip = false;
        GenProgram gp;
        gp.kind = kind;
        gp.probe_ids = ids;
        gp.ir = std::make_unique<bpf::Program>();
        ir = gp.ir.get();
        chill_fn.reset();
        bpf::Function& main = gp.ir->add_function("entry");
        std::vector<std::pair<uint32_t, bpf::FunctionId>> fns;
        // The argument slots the entry stores: those any clause of the program reads (ClauseReads).
        uint32_t args = 0;
        // ERROR clauses first, so that the others can call them from their fault paths.
        error_fns.clear();
        for (const auto& c : prog.clauses) {
            bool is_error = std::any_of(
                c.probes.begin(), c.probes.end(),
                [&](const sema::EnabledProbe& p) { return p.probe->kind() == AttachKind::Error; });
            if (!is_error) continue;
            // ERROR's arg0..arg5 are the fault path's own (codegen.cpp); past them it reads the
            // slots of the firing it interrupts.
            args |= clause_reads(c).args & ~uint32_t{0x3f};
            bpf::Function& fn = gp.ir->add_function("error_clause" + std::to_string(c.index), 3);
            ClauseGen cg(*this, fn, c, true);
            cg.run();
            record_capacity = std::max(record_capacity, cg.record_size);
            for (auto& e : out.epids) {
                if (e.clause != c.index) continue;
                e.record_size = cg.record_size;
                e.actions = cg.actions;
                if (e.kind() == AttachKind::Error)
                    error_fns.push_back({e.epid, e.probe_id, fn.id()});
            }
        }
        std::vector<const sema::Clause*> enabled;
        for (const auto& c : prog.clauses) {
            bool on =
                std::any_of(c.probes.begin(), c.probes.end(), [&](const sema::EnabledProbe& p) {
                    return std::find(ids.begin(), ids.end(), p.probe_id) != ids.end();
                });
            if (on || user_use[c.index].in(kind)) enabled.push_back(&c);
        }
        // Clauses whose predicates all need nothing the entry sets up: the entry tests them
        // first, and a firing none of them passes ends there (none runs, so none changes what
        // another reads). Not where the activity differs (BEGIN, END, ERROR run once, on
        // purpose) nor where the firing's thread may not be the current one (sdt, proc, sched).
        std::vector<const sema::Clause*> early;
        if (!context.may_swap_identity && program_builder(kind).activity == abi::kActive &&
            std::all_of(enabled.begin(), enabled.end(), [&](const sema::Clause* c) {
                return c->predicate && decidable_at_entry(*c->predicate, strsize);
            }))
            early = enabled;
        // The one clause's test is then its own, unless another run of it in the same firing
        // (enabled twice on the probe) may change a global it reads.
        const bool decided = early.size() == 1 && !reads_global_variables(*early[0]->predicate);
        for (const sema::Clause* cp : enabled) {
            const sema::Clause& c = *cp;
            bpf::Function& fn = gp.ir->add_function("clause" + std::to_string(c.index), 3);
            ClauseGen cg(*this, fn, c);
            cg.predicate_decided = decided;
            cg.run();
            record_capacity = std::max(record_capacity, cg.record_size);
            for (auto& e : out.epids) {
                if (e.clause != c.index) continue;
                e.record_size = cg.record_size;
                e.actions = cg.actions;
            }
            for (auto& uc : out.uprobe_clauses)
                if (uc.clause == c.index) uc.record_size = cg.record_size, uc.actions = cg.actions;
            fns.emplace_back(c.index, fn.id());
            args |= clause_reads(c).args;
        }
        build_entry(*this, main, kind, static_cast<uint32_t>(out.programs.size()), args, ids, fns,
                    early);
        gp.needs_func_info = chill_fn.has_value();
        out.programs.push_back(std::move(gp));
    }
    out.strsize = strsize;
}

}  // namespace bdtrace::codegen
