#include "runtime/session.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <tuple>

#include "bpf/disasm.h"
#include "bpf/verifier_log.h"
#include "codegen/abi.h"
#include "kernel/func_btf.h"
#include "runtime/tp_btf.h"

namespace bdtrace::runtime {

using probes::AttachKind;

namespace {

SessionError from(const kernel::Error& e) {
    return SessionError{e.message, e.exit_status(), e.verifier_log};
}

}  // namespace

std::unique_ptr<Session> Session::load(kernel::Kernel& k, const codegen::ProgramSet& ps,
                                       kernel::RecordCallback on_record, SessionError* err) {
    if (!ps.assembled) {  // the assemble stage (src/assemble/) runs between codegen and here
        *err = {"failed to generate code: the programs were not assembled", 1, ""};
        return nullptr;
    }
    std::unique_ptr<Session> s(new Session(k, ps));
    // Maps are kept at their abi::MapId, whatever the order code generation lists them in.
    s->maps_.resize(codegen::abi::kMapCount);
    for (const auto& m : ps.maps) {
        kernel::MapSpec spec;
        spec.name = "dt_" + m.name;
        spec.key_size = m.key_size;
        spec.value_size = m.value_size;
        spec.max_entries = m.max_entries;
        if (m.per_cpu_rows)
            spec.max_entries *= static_cast<uint32_t>(std::max(1, k.possible_cpus()));
        switch (m.kind) {
            case codegen::MapSpec::Kind::Array: spec.type = kernel::MapType::Array; break;
            case codegen::MapSpec::Kind::PercpuArray: spec.type = kernel::MapType::PercpuArray; break;
            case codegen::MapSpec::Kind::Hash: spec.type = kernel::MapType::Hash; break;
            case codegen::MapSpec::Kind::PercpuHash: spec.type = kernel::MapType::PercpuHash; break;
            case codegen::MapSpec::Kind::Ringbuf:
                spec.type = kernel::MapType::RingBuf;
                spec.key_size = 0;
                spec.value_size = 0;
                break;
        }
        if (m.read_only) spec.flags |= kernel::kMapRdonlyProg;
        if (m.no_prealloc) spec.flags |= kernel::kMapNoPrealloc;
        if (m.mmapable) spec.flags |= kernel::kMapMmapable;
        auto map = k.create_map(spec);
        if (!map) {
            *err = from(map.error());
            return nullptr;
        }
        if (!m.initial.empty()) {
            uint32_t key = 0;
            auto r = (*map)->update(kernel::bytes_of(key), std::as_bytes(std::span(m.initial)));
            if (!r) {
                *err = from(r.error());
                return nullptr;
            }
        }
        s->maps_.at(m.id) = std::move(map.value());
    }

    for (const auto& gp : ps.programs) {
        Loaded l;
        l.kind = gp.kind;
        l.probe_ids = gp.probe_ids;
        l.code = gp.code;
        bpf::apply_map_fds(l.code.insns, l.code.relocs, [&](bpf::MapRef m) { return s->maps_.at(m)->fd(); });
        const Attacher& how = attacher(gp.kind);
        kernel::ProgramSpec spec;
        spec.type = how.type;
        spec.name = how.name;
        spec.expected_attach = how.expected_attach;
        if (how.tp_btf) {
            auto id = k.tracepoint_btf_id(how.tp_btf);
            if (!id) {
                *err = from(id.error());
                return nullptr;
            }
            spec.attach_btf_id = *id;
        }
        spec.insns = std::as_bytes(std::span(l.code.insns));
        kernel::FuncBtf fbtf;
        if (gp.needs_func_info) {
            std::vector<kernel::FunctionShape> shapes;
            for (const auto& fn : l.code.functions)
                shapes.push_back({fn.name, fn.params, fn.start});
            fbtf = kernel::build_func_btf(shapes);
            auto btf = k.load_btf(fbtf.raw);
            if (!btf) {
                *err = from(btf.error());
                return nullptr;
            }
            l.btf = std::move(btf.value());
            l.func_info = fbtf.func_info;
            spec.btf = l.btf.get();
            spec.func_info = l.func_info;
        }
        auto prog = k.load_program(spec);
        if (!prog) {
            SessionError e = from(prog.error());
            // Name the D clause and line the verifier refused, in its own words.
            if (prog.error().op == kernel::Op::ProgLoad && !prog.error().verifier_log.empty())
                e.message = "the BPF verifier refused the code of " +
                            bpf::describe(bpf::explain_verifier_log(l.code, prog.error().verifier_log)) +
                            " (-x bpflog shows the whole log)";
            *err = e;
            return nullptr;
        }
        l.prog = std::move(prog.value());
        s->programs_.push_back(std::move(l));
    }

    if (ps.notice_code) {
        std::optional<bpf::Assembled> code = ps.notice_code;
        bpf::apply_map_fds(code->insns, code->relocs, [&](bpf::MapRef m) { return s->maps_.at(m)->fd(); });
        kernel::ProgramSpec spec;
        spec.type = kernel::ProgramType::Kprobe;
        spec.name = "dt_libwatch";
        spec.expected_attach = kernel::AttachType::UprobeMulti;
        spec.insns = std::as_bytes(std::span(code->insns));
        auto prog = k.load_program(spec);
        if (!prog) {
            *err = from(prog.error());
            return nullptr;
        }
        s->notice_ = std::move(prog.value());
        Session* self = s.get();
        auto ring = k.open_ring_buffer(*s->maps_.at(codegen::abi::kNoticeMap), [self](const void* d, size_t n) {
            uint64_t pid = 0;
            if (n >= sizeof pid) std::memcpy(&pid, d, sizeof pid);
            self->notices_.push_back(pid);
        });
        if (!ring) {
            *err = from(ring.error());
            return nullptr;
        }
        s->notice_ring_ = std::move(ring.value());
    }

    if (ps.unwind_exec_code && !s->load_unwind_watch(err)) return nullptr;

    auto ring = k.open_ring_buffer(*s->maps_.at(codegen::abi::kRingbufMap), std::move(on_record));
    if (!ring) {
        *err = from(ring.error());
        return nullptr;
    }
    s->ring_ = std::move(ring.value());
    // A drain returns after this many records even while the programs keep writing, so that
    // the consumer still notices exit(), signals and the switch rate under a flood.
    s->ring_->set_batch_limit(kDrainBatch);
    return s;
}

Session::~Session() {
    // Detach before the maps go: links first (all at once where the kernel layer can), then
    // programs, then maps (member order).
    kernel_.detach_all(links_);
}

// A probe's row of the probe table as this session wrote it (zeros when never written).
uint32_t* Session::probe_row(uint32_t probe_id) {
    const size_t slots = std::max<size_t>(ps_.uprobe_clauses.size(), 1);
    if (probe_rows_.size() < (size_t{probe_id} + 1) * slots)
        probe_rows_.resize((size_t{probe_id} + 1) * slots, 0);
    return &probe_rows_[size_t{probe_id} * slots];
}

// pid provider probes: their rows of the probe table, then one uprobe_multi link per object
// file, process and program, the probe id as each offset's cookie, the process filter in the
// kernel. Offsets whose instruction the kernel cannot probe are left out (and named by
// take_skipped()) rather than failing the whole attachment.
bool Session::attach_uprobe_epids(const std::vector<const codegen::Epid*>& epids,
                                  SessionError* err) {
    const size_t slots = std::max<size_t>(ps_.uprobe_clauses.size(), 1);
    std::vector<uint32_t> uprobe_slots;
    for (const auto& uc : ps_.uprobe_clauses) uprobe_slots.push_back(uc.clause);
    // (return probe program, return uprobe link, file, pid) -> one link.
    std::map<std::tuple<bool, bool, std::string, uint64_t>, kernel::UprobeMultiSpec> by_file;
    std::vector<const codegen::Epid*> usdt;  // USDT probes not attached yet
    // The probes of `epids`, each once, in order; a probe's row as the session wrote it before
    // this call says whether it is attached already (another clause enabled it).
    std::vector<const codegen::Epid*> fresh;  // each probe's first epid in `epids`, in order
    std::vector<const codegen::Epid*> first;  // the same, by probe id (null: not in `epids`)
    for (const codegen::Epid* e : epids) {
        if (e->probe_id >= codegen::abi::kProbeTableEntries) {
            *err = {"too many probes: pid probe ids stop at " + std::to_string(codegen::abi::kProbeTableEntries), 1, ""};
            return false;
        }
        if (first.size() <= e->probe_id) first.resize(e->probe_id + 1, nullptr);
        if (!first[e->probe_id]) fresh.push_back(first[e->probe_id] = e);
    }
    // What the clauses enabled on each probe read (codegen/clause_reads.h): where its uprobes go.
    std::vector<codegen::ClauseReads> reads(first.size());
    for (const auto& e : ps_.epids)
        if (e.probe_id < reads.size()) reads[e.probe_id] |= e.reads;
    for (const codegen::Epid* e : epids) reads[e->probe_id] |= e->reads;
    for (const codegen::Epid* e : fresh) {
        // A row the session wrote before this call: another clause attached the probe already.
        const uint32_t* row = probe_row(e->probe_id);
        if (std::any_of(row, row + slots, [](uint32_t v) { return v != 0; })) continue;
        // A return probe is served by the kernel's return trampoline (a return uprobe
        // trapping at the entry site) where the probe allows it (process/uretprobe_safety.h),
        // no clause reads what only the returning instruction knows, and no call of the
        // function can be running yet (a process dtrace holds unstarted: the trampoline
        // would miss the return of a call that began before it was placed); otherwise by a
        // uprobe on each returning instruction, its offset in the function in the cookie's
        // upper half (arg0).
        const codegen::ClauseReads& r = reads[e->probe_id];
        const probes::UserFile& where = *probes::user_file(e->plan);
        const probes::UprobePlan* up = e->plan_as<probes::UprobePlan>();  // null: a USDT probe
        const bool retprobe = up && up->returns;
        bool return_uprobe =
            retprobe && up->return_uprobe &&
            (up->return_sites.empty() || (!r.return_site() && unstarted_.count(up->pid)));
        auto& spec = by_file[{retprobe, return_uprobe, where.path, where.pid}];
        spec.path = where.path;
        spec.pid = static_cast<pid_t>(where.pid);
        spec.retprobe = return_uprobe;
        if (!up) {
            usdt.push_back(e);
        } else if (return_uprobe) {
            spec.offsets.push_back(up->entry_further.file_offset ? up->entry_further.file_offset
                                                                 : up->file_offset);
            spec.cookies.push_back(e->probe_id);
        } else if (retprobe) {
            for (const auto& [file_offset, in_function] : up->return_sites) {
                spec.offsets.push_back(file_offset);
                spec.cookies.push_back(e->probe_id | (in_function << 32));
            }
        } else if (up->nop5_site && !nop5_safe()) {
            skip(*e, SkippedProbe::Why::Nop5);
        } else {
            // An entry uprobe past the first instruction (process/entry_site.h): past
            // scratch-register arithmetic only when no clause reads uregs[]; the bytes skipped
            // in the cookie's upper half give uregs[R_PC] and ustack() the function's address.
            const probes::UprobeSite& entry = r.uregs ? up->entry_exact : up->entry_further;
            if (entry.skip) {
                spec.offsets.push_back(entry.file_offset);
                spec.cookies.push_back(e->probe_id | (entry.skip << 32));
            } else {
                spec.offsets.push_back(up->file_offset);
                spec.cookies.push_back(e->probe_id);
            }
        }
    }
    // Each epid in its clause's slot of its probe's row (after the rows were read above).
    for (const codegen::Epid* e : epids)
        if (int slot = codegen::slot_of(uprobe_slots, e->clause, e->occurrence); slot >= 0)
            probe_row(e->probe_id)[static_cast<size_t>(slot)] = e->epid;
    // The rows of these probes in one batch, as the session now has them.
    std::vector<uint32_t> ids;
    ids.reserve(fresh.size());
    for (const codegen::Epid* e : fresh) ids.push_back(e->probe_id);
    std::sort(ids.begin(), ids.end());
    std::vector<uint32_t> values;
    values.reserve(ids.size() * slots);
    for (uint32_t id : ids) {
        const uint32_t* row = probe_row(id);
        values.insert(values.end(), row, row + slots);
    }
    kernel::Map& table = *maps_[codegen::abi::kProbeTableMap];
    if (auto r =
            table.update_batch(std::as_bytes(std::span(ids)), std::as_bytes(std::span(values)));
        !r) {
        *err = from(r.error());
        return false;
    }
    if (ps_.probe_names) {
        // probeprov, probemod, probefunc, probename of each new probe, one strsize buffer each.
        kernel::Map& names = *maps_[codegen::abi::kProbeNamesMap];
        std::vector<char> value(4 * ps_.strsize);
        for (const codegen::Epid* e : fresh) {
            std::fill(value.begin(), value.end(), 0);
            const std::string* fields[] = {&e->provider, &e->module, &e->function, &e->name};
            for (size_t i = 0; i < 4; ++i)
                fields[i]->copy(value.data() + i * ps_.strsize, ps_.strsize - 1);
            auto r = names.update(kernel::bytes_of(e->probe_id), std::as_bytes(std::span(value)));
            if (!r) {
                *err = from(r.error());
                return false;
            }
        }
    }
    if (!usdt.empty() && !attach_usdt(usdt, err)) return false;
    // The kernel keeps one uprobe per file and offset, with at most one semaphore: a pid probe
    // on the instruction of a traced USDT site with a semaphore must name that semaphore too, or
    // the kernel refuses the whole link (EINVAL). The semaphore is raised already.
    std::map<std::pair<std::string, uint64_t>, uint64_t> semaphores;  // (path, file offset) -> ref_ctr
    for (const auto& e : ps_.epids)
        if (const auto* u = e.plan_as<probes::UsdtPlan>())
            for (const auto& site : u->sites)
                if (site.ref_ctr_offset) semaphores[{u->path, site.file_offset}] = site.ref_ctr_offset;
    for (auto& [where, spec] : by_file) {
        if (spec.offsets.empty()) continue;
        if (!semaphores.empty()) {
            std::vector<uint64_t> refs(spec.offsets.size(), 0);
            bool any = false;
            for (size_t i = 0; i < spec.offsets.size(); ++i)
                if (auto it = semaphores.find({spec.path, spec.offsets[i]}); it != semaphores.end()) {
                    refs[i] = it->second;
                    any = true;
                }
            if (any) spec.ref_ctr_offsets = std::move(refs);
        }
        const Loaded* prog = loaded(std::get<0>(where) ? AttachKind::Uretprobe : AttachKind::Uprobe);
        if (!prog) continue;
        std::vector<size_t> refused;
        auto link = kernel::attach_uprobe_multi_skipping(kernel_, *prog->prog, spec, &refused);
        if (!link) {
            *err = from(link.error());
            return false;
        }
        links_.push_back(std::move(link.value()));
        for (size_t i : refused)
            for (const codegen::Epid* e : epids)
                if (e->probe_id == (spec.cookies[i] & 0xffffffff)) {
                    refused_ids_.insert(e->probe_id);
                    skip(*e, SkippedProbe::Why::Refused);
                    break;
                }
    }
    if (pair_flow_) disable_unpaired();
    return true;
}

bool Session::nop5_safe() { return kernel_.feature(kernel::Feature::UprobeNop5).available; }

void Session::skip(const codegen::Epid& e, SkippedProbe::Why why) {
    std::string name = e.provider + ":" + e.module + ":" + e.function + ":" + e.name;
    // A USDT probe's sites come one after the other: the probe is named once.
    if (!skipped_.empty() && skipped_.back().name == name && skipped_.back().why == why) return;
    skipped_.push_back({std::move(name), why});
}

// probeprov, probemod, probefunc and probename of each probe, one strsize buffer each, when a
// clause of the syscall or sdt programs reads them.
bool Session::put_probe_names(const std::map<uint32_t, const codegen::Epid*>& named, SessionError* err) {
    if (!ps_.probe_names) return true;
    kernel::Map& names = *maps_[codegen::abi::kProbeNamesMap];
    std::vector<char> value(4 * ps_.strsize);
    for (const auto& [id, e] : named) {
        std::fill(value.begin(), value.end(), 0);
        const std::string* fields[] = {&e->provider, &e->module, &e->function, &e->name};
        for (size_t i = 0; i < 4; ++i) fields[i]->copy(value.data() + i * ps_.strsize, ps_.strsize - 1);
        if (auto r = names.update(kernel::bytes_of(id), std::as_bytes(std::span(value))); !r) {
            *err = from(r.error());
            return false;
        }
    }
    return true;
}

bool Session::attach_syscall_epids(SessionError* err) {
    kernel::Map& table = *maps_[codegen::abi::kSyscallTableMap];
    const size_t slots = ps_.syscall_clauses.size();
    std::map<int32_t, std::vector<uint32_t>> rows;  // key -> probe id, then one epid per slot
    std::map<uint32_t, const codegen::Epid*> named;  // probe id -> an epid naming it
    for (const auto& e : ps_.epids) {
        const auto* sys = e.plan_as<probes::SyscallPlan>();
        if (!sys) continue;
        auto& row = rows[static_cast<int32_t>(codegen::syscall_table_key(*sys))];
        if (row.empty()) row.assign(1 + slots, 0);
        row[0] = e.probe_id;
        if (int slot = codegen::slot_of(ps_.syscall_clauses, e.clause, e.occurrence); slot >= 0)
            row[1 + static_cast<size_t>(slot)] = e.epid;
        named.emplace(e.probe_id, &e);
    }
    for (const auto& [key, row] : rows) {
        uint32_t k = static_cast<uint32_t>(key);
        if (auto r = table.update(kernel::bytes_of(k), std::as_bytes(std::span(row))); !r) {
            *err = from(r.error());
            return false;
        }
    }
    if (!put_probe_names(named, err)) return false;
    for (const auto& l : programs_) {
        if (l.kind != AttachKind::SyscallEntry && l.kind != AttachKind::SyscallReturn) continue;
        auto link = kernel_.attach_tracing(*l.prog, 0);
        if (!link) {
            *err = from(link.error());
            return false;
        }
        links_.push_back(std::move(link.value()));
    }
    return true;
}

namespace {

// The two guards of an sdt table row (abi::SdtGuard); a guard with no argument is none.
void store_guards(std::vector<uint32_t>& row, const probes::ProbeGuard& first, const probes::ProbeGuard& second,
                  const probes::ProbeGuard& third = {}) {
    static_assert(codegen::abi::kSdtGuards == 3 && codegen::abi::kSdtGuardCurrent == probes::kGuardCurrent);
    const probes::ProbeGuard* guards[codegen::abi::kSdtGuards] = {&first, &second, &third};
    for (size_t i = 0; i < codegen::abi::kSdtGuards; ++i) {
        const probes::ProbeGuard& g = *guards[i];
        codegen::abi::SdtGuard sg{};
        if (g.arg >= 0) {
            sg.ctl = static_cast<uint32_t>(g.arg + 1) | (g.ne ? codegen::abi::kSdtGuardNe : 0);
            sg.field = g.field_offset >= 0 ? static_cast<uint32_t>(g.field_offset + 1) : 0;
            sg.mask = g.mask;
            sg.value = g.value;
        }
        std::memcpy(&row[codegen::abi::kSdtRowGuard + i * sizeof(sg) / 4], &sg, sizeof(sg));
    }
}

}  // namespace

bool Session::attach_sdt_epids(SessionError* err) {
    kernel::Map& table = *maps_[codegen::abi::kSdtTableMap];
    const size_t slots = ps_.sdt_clauses.size();
    std::map<uint32_t, std::vector<uint32_t>> rows;  // probe id -> argument count, one epid per slot
    std::map<uint32_t, const codegen::Epid*> named;
    for (const auto& e : ps_.epids) {
        const auto* kp = e.plan_as<probes::KernelPlan>();
        if (!kp) continue;
        if (e.probe_id >= codegen::abi::kProbeTableEntries) {
            *err = {"too many probes: sdt probe ids stop at " + std::to_string(codegen::abi::kProbeTableEntries), 1, ""};
            return false;
        }
        auto& row = rows[e.probe_id];
        if (row.empty()) row.assign(codegen::abi::kSdtRowEpids + slots, 0);
        row[0] = static_cast<uint32_t>(kp->nargs) | (kp->hook == probes::KernelHook::Fexit ? codegen::abi::kSdtArgsReturn : 0);
        if (kp->identity_arg >= 0)
            row[codegen::abi::kSdtRowIdentity] = static_cast<uint32_t>(kp->identity_arg + 1) << codegen::abi::kSdtIdentityShift;
        store_guards(row, kp->guard, kp->guard2, kp->guard3);
        if (int slot = codegen::slot_of(ps_.sdt_clauses, e.clause, e.occurrence); slot >= 0)
            row[codegen::abi::kSdtRowEpids + static_cast<size_t>(slot)] = e.epid;
        named.emplace(e.probe_id, &e);
    }
    // A probe's other tracepoints: rows counted down from the table's last, with the probe's
    // epids; the cookie's upper half names the row, its lower half the probe.
    std::vector<std::pair<std::string, uint64_t>> sites;  // tracepoint, cookie
    uint32_t next_row = codegen::abi::kProbeTableEntries;
    const uint32_t last_id = rows.empty() ? 0 : rows.rbegin()->first;
    for (const auto& [id, e] : named)
        for (const probes::ProbeSite& site : e->plan_as<probes::KernelPlan>()->also) {
            if (--next_row <= last_id) {
                *err = {"too many probes: sdt probe ids stop at " + std::to_string(next_row), 1, ""};
                return false;
            }
            std::vector<uint32_t> row = rows[id];
            row[0] = static_cast<uint32_t>(site.tp_nargs) | (site.drop_first ? codegen::abi::kSdtArgsDropFirst : 0);
            store_guards(row, site.guard, site.guard2);
            row[codegen::abi::kSdtRowIdentity] =
                site.identity_arg >= 0 ? static_cast<uint32_t>(site.identity_arg + 1) << codegen::abi::kSdtIdentityShift : 0;
            rows.emplace(next_row, std::move(row));
            sites.emplace_back(site.tracepoint, uint64_t{id} | uint64_t{next_row} << 32);
        }
    for (const auto& [id, row] : rows) {
        if (auto r = table.update(kernel::bytes_of(id), std::as_bytes(std::span(row))); !r) {
            *err = from(r.error());
            return false;
        }
    }
    if (!put_probe_names(named, err)) return false;
    const Loaded* prog = loaded(AttachKind::Sdt);
    if (!prog) return true;
    std::map<uint32_t, const codegen::Epid*> hooked, traced;
    for (const auto& [id, e] : named)
        (e->plan_as<probes::KernelPlan>()->hook == probes::KernelHook::Tracepoint ? traced : hooked).emplace(id, e);
    if (!hooked.empty() && !attach_kernel_functions(*prog, hooked, err)) return false;
    if (traced.empty()) return true;
    // The probe id rides in the raw tracepoint's cookie, which Linux 6.10 brought.
    if (const kernel::FeatureStatus& st = kernel_.feature(kernel::Feature::RawTpCookie); !st.available) {
        *err = {"sdt provider unavailable: " + st.reason, 1, ""};
        return false;
    }
    for (const auto& [id, e] : traced) {
        const std::string& tracepoint = e->plan_as<probes::KernelPlan>()->tracepoint;
        auto link = kernel_.attach_raw_tracepoint(*prog->prog, tracepoint.empty() ? e->name : tracepoint, id);
        if (!link) {
            *err = from(link.error());
            return false;
        }
        links_.push_back(std::move(link.value()));
    }
    for (const auto& [tracepoint, cookie] : sites) {
        auto link = kernel_.attach_raw_tracepoint(*prog->prog, tracepoint, cookie);
        if (!link) {
            *err = from(link.error());
            return false;
        }
        links_.push_back(std::move(link.value()));
    }
    return true;
}

bool Session::watch_libraries(pid_t pid, const process::RtldHook& hook, bool stop, SessionError* err) {
    if (!notice_) return true;
    kernel::UprobeMultiSpec spec;
    spec.path = hook.root + hook.path;
    spec.pid = pid;
    spec.offsets.push_back(hook.hook_file_offset);
    spec.cookies.push_back(hook.r_debug_address | (stop ? uint64_t{1} << 63 : 0));
    auto link = kernel_.attach_uprobe_multi(*notice_, spec);
    if (!link) {
        *err = from(link.error());
        return false;
    }
    links_.push_back(std::move(link.value()));
    return true;
}

// ustack() keys: the program that forgets a process's unwind tables when it execs, and the
// requests for tables (runtime/unwind_tables.h serves them).
bool Session::load_unwind_watch(SessionError* err) {
    auto hook = attach_tp_btf(
        kernel_, *ps_.unwind_exec_code, [&](bpf::MapRef m) { return maps_.at(m)->fd(); }, "sched_process_exec",
        "dt_unwind_exec");
    if (!hook) {
        *err = from(hook.error());
        return false;
    }
    hook_programs_.push_back(std::move(hook->program));
    links_.push_back(std::move(hook->link));
    auto ring = kernel_.open_ring_buffer(*maps_.at(codegen::abi::kUnwindNoticeMap), [this](const void* d, size_t n) {
        uint32_t note[2] = {0, 0};
        if (n >= sizeof note) std::memcpy(note, d, sizeof note);
        unwind_requests_.push_back({note[0], note[1] == codegen::abi::kUnwindNoticeExec});
    });
    if (!ring) {
        *err = from(ring.error());
        return false;
    }
    unwind_ring_ = std::move(ring.value());
    return true;
}

std::vector<Session::UnwindRequest> Session::take_unwind_requests() {
    if (unwind_ring_) (void)unwind_ring_->consume();
    return std::exchange(unwind_requests_, {});
}

std::vector<uint64_t> Session::take_notices() {
    if (notice_ring_) (void)notice_ring_->poll(0);
    return std::exchange(notices_, {});
}

bool Session::attach(SessionError* err) {
    if (!attach_hooks(err)) return false;
    // Each kind's attacher once, in program order (kinds that share a plan share one).
    std::vector<bool (Session::*)(SessionError*)> done;
    for (const auto& l : programs_) {
        auto attach = attacher(l.kind).attach;
        if (!attach || std::find(done.begin(), done.end(), attach) != done.end()) continue;
        done.push_back(attach);
        if (!(this->*attach)(err)) return false;
    }
    return true;
}

bool Session::attach_user_probes(SessionError* err) {
    std::vector<const codegen::Epid*> uprobes;
    for (const auto& e : ps_.epids)
        if (probes::user_file(e.plan)) uprobes.push_back(&e);
    return uprobes.empty() || attach_uprobe_epids(uprobes, err);
}

bool Session::attach_profile(SessionError* err) {
    for (const auto& l : programs_) {
        if (attacher(l.kind).attach != &Session::attach_profile) continue;
        for (uint32_t id : l.probe_ids) {
            // The probe's period, from the plan its provider made (the epids carry it).
            const probes::ProfilePlan* plan = nullptr;
            for (const auto& x : ps_.epids)
                if (x.probe_id == id) plan = x.plan_as<probes::ProfilePlan>();
            if (!plan) continue;
            // A fixed period, also for rates: in frequency mode the kernel adapts the period to
            // the events it sees, and an idle CPU then hardly fires at all.
            kernel::PerfEventSpec spec;
            spec.clock = kernel::PerfEventSpec::Clock::PeriodNs;
            spec.value = plan->period_ns;
            if (plan->tick) {
                auto cpus = kernel_.online_cpus();
                spec.cpu = ps_.only_cpu >= 0 ? ps_.only_cpu : cpus && !cpus->empty() ? cpus->front() : 0;
            }
            spec.cookie = id;
            auto link = kernel_.attach_perf_event(*l.prog, spec);
            if (!link) {
                *err = from(link.error());
                return false;
            }
            links_.push_back(std::move(link.value()));
        }
    }
    return true;
}

void Session::set_activity(uint32_t activity) {
    uint32_t key = 0;
    codegen::abi::State st{};
    std::vector<std::byte> buf(maps_[codegen::abi::kStateMap]->value_buffer_size());
    if (auto r = maps_[codegen::abi::kStateMap]->lookup(kernel::bytes_of(key), buf); r && *r)
        std::memcpy(&st, buf.data(), sizeof st);
    st.activity = activity;
    (void)maps_[codegen::abi::kStateMap]->update(kernel::bytes_of(key), kernel::bytes_of(st));
}

uint32_t Session::activity() const {
    uint32_t key = 0;
    codegen::abi::State st{};
    std::vector<std::byte> buf(maps_[codegen::abi::kStateMap]->value_buffer_size());
    if (auto r = maps_[codegen::abi::kStateMap]->lookup(kernel::bytes_of(key), buf); r && *r)
        std::memcpy(&st, buf.data(), sizeof st);
    return st.activity;
}

void Session::set_wall_offset(int64_t ns) {
    uint32_t key = 0;
    codegen::abi::State st{};
    std::vector<std::byte> buf(maps_[codegen::abi::kStateMap]->value_buffer_size());
    if (auto r = maps_[codegen::abi::kStateMap]->lookup(kernel::bytes_of(key), buf); r && *r)
        std::memcpy(&st, buf.data(), sizeof st);
    st.wall_offset_ns = ns;
    (void)maps_[codegen::abi::kStateMap]->update(kernel::bytes_of(key), kernel::bytes_of(st));
}

const Session::Loaded* Session::loaded(AttachKind kind) const {
    for (const auto& l : programs_)
        if (l.kind == kind) return &l;
    return nullptr;
}

bool Session::has_program(AttachKind kind) const { return loaded(kind) != nullptr; }

bool Session::run(AttachKind kind, SessionError* err) {
    const Loaded* l = loaded(kind);
    if (!l) return true;
    uint64_t args[2] = {0, 0};
    auto r = kernel_.test_run(*l->prog, std::as_bytes(std::span(args)), ps_.only_cpu);
    if (!r) {
        *err = from(r.error());
        return false;
    }
    return true;
}

int Session::poll(int timeout_ms) {
    auto r = ring_->poll(timeout_ms);
    return r ? *r : 0;
}

int Session::drain() {
    auto r = ring_->consume();
    return r ? *r : 0;
}

// The scratch areas' per-CPU drop counters (each program's row on each CPU counts its own),
// read once: what each CPU added since the last call.
DropCounts Session::new_drops() {
    kernel::Map& scratch = *maps_[codegen::abi::kScratchMap];
    std::vector<std::byte> buf(scratch.value_buffer_size());
    const uint32_t rows = ps_.maps[codegen::abi::kScratchMap].max_entries;  // per CPU
    const size_t ncpu = scratch.spec().max_entries / rows;
    DropCounts totals{std::vector<uint64_t>(ncpu), std::vector<uint64_t>(ncpu), std::vector<uint64_t>(ncpu)};
    for (uint32_t key = 0; key < scratch.spec().max_entries; ++key) {
        if (auto r = scratch.lookup(kernel::bytes_of(key), buf); !r || !*r) continue;
        const size_t cpu = key / rows;
        auto add = [&](uint32_t offset, std::vector<uint64_t>& sum) {
            uint64_t v;
            std::memcpy(&v, buf.data() + offset, 8);
            sum[cpu] += v;
        };
        add(ps_.scratch.drops, totals.records);
        add(ps_.scratch.agg_drops, totals.aggregations);
        add(ps_.scratch.dyn_drops, totals.dynvars);
    }
    DropCounts out;
    auto take = [&](const std::vector<uint64_t>& total, std::vector<uint64_t>& seen, std::vector<uint64_t>& fresh) {
        seen.resize(ncpu, 0);
        fresh.assign(ncpu, 0);
        for (size_t cpu = 0; cpu < ncpu; ++cpu) {
            fresh[cpu] = total[cpu] - seen[cpu];
            seen[cpu] = total[cpu];
        }
    };
    take(totals.records, drops_seen_.records, out.records);
    take(totals.aggregations, drops_seen_.aggregations, out.aggregations);
    take(totals.dynvars, drops_seen_.dynvars, out.dynvars);
    return out;
}

uint64_t Session::new_recursion_misses() {
    uint64_t total = 0;
    for (const auto& l : programs_)
        if (l.prog) total += l.prog->recursion_misses();
    for (const auto& p : hook_programs_) total += p->recursion_misses();
    uint64_t fresh = total - misses_seen_;
    misses_seen_ = total;
    return fresh;
}

std::string Session::disassembly() const {
    std::string out;
    for (const auto& l : programs_) {
        out += std::string("program ") + attacher(l.kind).name + ":\n";
        out += bpf::disassemble(l.code);
    }
    return out;
}

}  // namespace bdtrace::runtime
