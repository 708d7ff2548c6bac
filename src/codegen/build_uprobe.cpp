// The pid provider's programs: uprobes on entry and offset probes, and on return probes' sites
// (or the kernel's return trampoline). The cookie holds the probe id, and in its upper half the
// bytes an entry uprobe lies past the function's first instruction, or a return site's offset in
// the function; the clauses come from the probe table (program_builders.cpp).

#include "arch/x86_64_regs.h"
#include "bpf/helpers.h"
#include "codegen/gen.h"
#include "codegen/program_builders.h"
#include "util/glob.h"
#include "process/pid_probes.h"

namespace bdtrace::codegen {

using bpf::AluOp;
using bpf::VReg;
using probes::AttachKind;

// The firing's row of the probe table comes first: a firing this process has no probe for (the
// pid filter of a uprobe on a file other processes run too, a system-wide probe's other
// processes) costs the cookie and that lookup, no scratch lookup and no argument copy.
void build_uprobe_entry(EntrySetup& s) {
    bpf::Function& f = s.f;
    VReg probe = probe_id_of(s, true);
    VReg row = probe_table_row(s, probe);
    find_scratch(s);
    // An entry uprobe past the function's first instruction (process/entry_site.h): the
    // bytes it lies past in the cookie's upper half, for uregs[R_PC] and ustack().
    // (Stored only for a program whose clauses read it: it lies on a cache line of its own.)
    if (s.g.reads_pc_skip) {
        VReg skip = f.vreg();
        f.mov(skip, probe);
        f.alu64(AluOp::Rsh, skip, 32);
        f.store(8, s.scratch, abi::kScratchPcSkip, skip);
    }
    store_cookie_probe(s, probe);
    // The x86-64 argument registers the clauses read, from the pt_regs the uprobe hands over.
    for (uint32_t i = 0; i < 6; ++i) {
        if (!s.reads_arg(i)) continue;
        VReg r = f.vreg();
        f.load(8, r, s.ctx, arch::kCallArgs[i]);
        f.store(8, s.scratch, static_cast<int16_t>(abi::scratch_arg(i)), r);
    }
    // arg6-arg9: the ABI passes them on the stack, above the return address the call
    // pushed: 8(%rsp) up at the entry (DTrace reads them there at every pid probe). A read
    // that fails leaves zeros. Read (one bpf_probe_read_user, the costliest part of the
    // entry) only when a clause reads one of them.
    constexpr uint32_t kStackArgs = 0x3c0;  // arg6..arg9
    if (s.args & kStackArgs) {
        constexpr int16_t kPtRegsSp = 152;
        VReg sp = f.vreg();
        f.load(8, sp, s.ctx, kPtRegsSp);
        f.alu64(AluOp::Add, sp, 8);
        VReg dst = f.vreg();
        f.mov(dst, s.scratch);
        f.alu64(AluOp::Add, dst, static_cast<int64_t>(abi::scratch_arg(6)));
        f.call_helper(bpf::helper::probe_read_user, {dst, 8 * 4, sp});
    }
    call_table_clauses(s, row);
}

void build_uretprobe_entry(EntrySetup& s) {
    bpf::Function& f = s.f;
    VReg probe = probe_id_of(s, true);
    VReg row = probe_table_row(s, probe);
    find_scratch(s);
    // DTrace's return probes: arg0 is the offset of the returning instruction in the
    // function (the cookie's upper half; 0 for a return uprobe), arg1 the return value.
    if (s.reads_arg(0)) {
        VReg off = f.vreg();
        f.mov(off, probe);
        f.alu64(AluOp::Rsh, off, 32);
        f.store(8, s.scratch, abi::scratch_arg(0), off);
    }
    store_cookie_probe(s, probe);
    if (s.reads_arg(1)) {
        VReg r = f.vreg();
        f.load(8, r, s.ctx, arch::kReturnValue);
        f.store(8, s.scratch, abi::scratch_arg(1), r);
    }
    call_table_clauses(s, row);
}

bool UserProbeUse::in(AttachKind kind) const {
    return (kind == AttachKind::Uprobe && entry) || (kind == AttachKind::Uretprobe && ret) ||
           (kind == AttachKind::Usdt && usdt);
}

std::map<uint32_t, UserProbeUse> wire_user_probe_clauses(
    Gen& g, std::map<AttachKind, std::vector<uint32_t>>& by_kind) {
    // The pid provider's clauses: those with uprobe probes now, and those whose descriptions may
    // gain probes later (a library not loaded yet), in the programs their names can reach.
    std::map<uint32_t, UserProbeUse> uses;
    for (const auto& c : g.prog.clauses) {
        UserProbeUse& use = uses[c.index];
        for (const auto& p : c.probes) {
            const AttachKind k = p.probe->kind();
            if (k == AttachKind::Uprobe) use.entry = true;
            if (k == AttachKind::Uretprobe) use.ret = true;
            if (k == AttachKind::Usdt) use.usdt = true;
        }
        for (const auto& d : c.dynamic_descriptions) {
            // USDT descriptions of a process (myprov1234) may gain probes as the pid
            // provider's do (a library loaded later); system-wide ones (USDT, and the pid
            // provider's pid*:file) as new files are run or mapped (the process watch).
            Diagnostic ignored;
            auto prov = process::parse_pid_provider(d.provider, ignored);
            // No pid: a USDT provider glob system-wide (test_prov*), or pid* system-wide; a
            // provider glob with one (p*d1234) may name pid and USDT probes both.
            if (!prov && !probes::pid_system_wide(d)) {
                if (probes::usdt_system_wide(d)) use.usdt = true;
                continue;
            }
            if (prov && prov->prefix != "pid") use.usdt = true;
            if (prov && !util::glob_match(prov->prefix, "pid")) continue;
            use.entry |= d.name != "return";
            use.ret |= d.name.empty() || util::glob_match(d.name, "return");
        }
        if (use.usdt) by_kind[AttachKind::Usdt];
        if (!use.entry && !use.ret && !use.usdt) continue;
        UprobeClause uc;
        uc.clause = c.index;
        uc.reads = clause_reads(c);
        uc.descriptions = c.dynamic_descriptions;
        g.out.uprobe_clauses.push_back(std::move(uc));
        // More slots when several descriptions may enable one probe, now or once a library
        // is loaded (the descriptions stay with the first).
        uint32_t slots = std::max<uint32_t>(
            table_slots(c,
                        [](const probes::Probe& pr) { return probes::is_uprobe_kind(pr.kind()); }),
            static_cast<uint32_t>(c.dynamic_descriptions.size()));
        for (uint32_t k = 1; k < slots; ++k) {
            UprobeClause more;
            more.clause = c.index;
            g.out.uprobe_clauses.push_back(std::move(more));
        }
        if (use.entry) by_kind[AttachKind::Uprobe];
        if (use.ret) by_kind[AttachKind::Uretprobe];
    }

    return uses;
}

}  // namespace bdtrace::codegen
