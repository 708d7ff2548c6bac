// Statements and actions: each action appends its data (if it has any) to the clause's record
// and sets its bit in the record header, so the consumer knows which actions ran.
#include "bpf/helpers.h"
#include "codegen/gen.h"
#include "formats/printf_conversions.h"
#include "formats/printf_format.h"

namespace bdtrace::codegen {

using bpf::AluOp;
using bpf::Cond;
using bpf::VReg;
using sema::ActionKind;
using sema::NodeKind;

namespace {

bool is_string_value(const sema::Node& n) {
    if (n.type->is_string()) return true;
    // A char array in memory is recorded as a string, as DTrace does.
    return n.kind == NodeKind::Load && n.type->kind == sema::TypeKind::Array && n.type->target->is_char();
}

}  // namespace

// timestamp is read once per firing, when a clause first needs it, so that every clause of the
// firing sees the same value and firings that never use it do not pay for the clock.
VReg ClauseGen::firing_timestamp() {
    VReg r = f.vreg();
    f.load(8, r, scratch, abi::kScratchTimestamp);
    bpf::Label have = f.new_label();
    f.branch(Cond::Ne, r, 0, have);
    VReg now = f.call_helper(bpf::helper::ktime_get_ns, {});
    f.store(8, scratch, abi::kScratchTimestamp, now);
    f.mov(r, now);
    f.bind(have);
    return r;
}

// One more in a per-CPU drop counter of the scratch area (records, aggregations, variables).
void ClauseGen::count_drop(int32_t offset) {
    VReg drops = f.vreg();
    f.load(8, drops, scratch, static_cast<int16_t>(offset));
    f.alu64(AluOp::Add, drops, 1);
    f.store(8, scratch, static_cast<int16_t>(offset), drops);
}

// The wakeup flags of a record sent to the ring buffer. The consumer sleeps in epoll on it
// and reads it at the switch rate; a record wakes it early only once the buffer holds a quarter
// of its size (BPF_RB_FORCE_WAKEUP), so that a flood is drained as it comes without a wakeup per
// record (BPF_RB_NO_WAKEUP otherwise).
VReg ClauseGen::ringbuf_wakeup_flags() {
    VReg rb = f.vreg();
    f.load_map_fd(rb, abi::kRingbufMap);
    VReg avail = f.call_helper(bpf::helper::ringbuf_query, {rb, static_cast<int64_t>(abi::kRingbufAvailData)});
    VReg flags = f.vreg();
    f.mov(flags, static_cast<int64_t>(abi::kRingbufNoWakeup));
    bpf::Label quiet = f.new_label();
    f.branch(Cond::Lt, avail, static_cast<int64_t>(g.opts.bufsize / 4), quiet);
    f.mov(flags, static_cast<int64_t>(abi::kRingbufForceWakeup));
    f.bind(quiet);
    return flags;
}

int64_t ClauseGen::stack_flags() const {
    if (g.context.clean_kernel_stack) return 0;
    return is_error_clause ? 3 : 2;  // BPF_F_SKIP_FIELD_MASK: frames to skip
}

Field ClauseGen::record_value(const sema::Node& n) {
    Field fld;
    fld.type_name = n.type->name;
    if (is_user_record(n)) return user_record_value(n);
    if (n.kind == NodeKind::Builtin && n.builtin == sema::BuiltinVar::Ustackdepth) return ustack_depth_record();
    if (n.kind == NodeKind::Subr && n.subr == sema::Subr::Stack) {
        // The byte count bpf_get_stack returns, then the frames (kernel PCs).
        fld.kind = Field::Kind::Stack;
        fld.size = static_cast<uint32_t>(8 + 8 * n.value);
        fld.offset = record_size;
        VReg skip = stack_skip();
        VReg dst = f.vreg();
        f.mov(dst, record);
        f.alu64(AluOp::Add, dst, static_cast<int64_t>(fld.offset + 8));
        VReg got = f.call_helper(bpf::helper::get_stack, {ctx, dst, static_cast<int64_t>(8 * n.value), skip});
        f.store(8, record, static_cast<int16_t>(fld.offset), got);
        record_size += fld.size;
        return fld;
    }
    if (is_string_value(n)) {
        fld.kind = Field::Kind::String;
        fld.size = g.strsize;  // D's strsize characters and the NUL: -x rawbytes shows the whole buffer
        fld.offset = record_size;
        if (n.kind == NodeKind::Builtin && n.builtin == sema::BuiltinVar::Execname && g.strsize > Gen::kCommBytes) {
            // A task's name is at most 15 characters and a NUL: records of a flood of printf's
            // of execname hold 16 bytes of it, not strsize.
            fld.stored = Gen::kCommBytes;
            VReg dst = f.vreg();
            f.mov(dst, record);
            f.alu64(AluOp::Add, dst, static_cast<int64_t>(fld.offset));
            current_comm(dst);
            record_size += Gen::kCommBytes;
            return fld;
        }
        VReg src = string_operand(n);
        VReg dst = f.vreg();
        f.mov(dst, record);
        f.alu64(AluOp::Add, dst, static_cast<int64_t>(fld.offset));
        f.store(1, dst, 0, static_cast<int64_t>(0));
        copy_string(dst, src);
        record_size += (g.strsize + 7) / 8 * 8;
        return fld;
    }
    if (!n.type->is_scalar()) {
        // Structs, unions and other arrays in memory or in D variables: their bytes.
        if (n.kind != NodeKind::Load && n.kind != NodeKind::Global && n.kind != NodeKind::ClauseVar &&
            n.kind != NodeKind::DynVar && n.kind != NodeKind::Comma)
            g.error("D_UNKNOWN", n.range, "recording values of type " + n.type->name + " is not yet supported");
        bool user = false;
        VReg src = record_address(n, &user);
        if (n.type->size == 0 || n.type->size > 4096)
            g.error("D_UNKNOWN", n.range, "recording values of type " + n.type->name + " is not supported: size " + std::to_string(n.type->size));
        fld.kind = Field::Kind::Bytes;
        fld.size = static_cast<uint32_t>(n.type->size);
        fld.offset = record_size;
        VReg dst = f.vreg();
        f.mov(dst, record);
        f.alu64(AluOp::Add, dst, static_cast<int64_t>(fld.offset));
        VReg rc = f.call_helper(user ? bpf::helper::probe_read_user : bpf::helper::probe_read_kernel,
                                {dst, static_cast<int64_t>(fld.size), src});
        bpf::Label ok = f.new_label();
        f.branch(Cond::Eq, rc, 0, ok);
        fault(abi::kFaultBadAddr, src);
        f.bind(ok);
        record_size += (fld.size + 7) / 8 * 8;
        return fld;
    }
    fld.kind = Field::Kind::Int;
    fld.size = static_cast<uint32_t>(n.type->size);
    fld.is_signed = n.type->is_signed;
    fld.is_pointer = n.type->is_pointer();
    fld.is_float = n.type->kind == sema::TypeKind::Float;
    if (fld.is_float && n.type->size > 8)
        g.error("D_UNKNOWN", n.range, "recording long double values is not yet supported");
    fld.offset = record_size;
    VReg v = value(n);
    normalize(v, n.type);  // recorded at its type's width, as DTrace records it
    f.store(8, record, static_cast<int16_t>(fld.offset), v);
    record_size += 8;
    return fld;
}

void ClauseGen::action(const sema::Action& a) {
    ActionRecord rec;
    rec.kind = a.kind;
    rec.index = a.index;
    rec.format = a.format;
    rec.aggs = a.aggs;
    rec.keep = a.keep;
    switch (a.kind) {
        case ActionKind::Print:
            rec.print_type = a.args[0]->type;
            rec.fields.push_back(record_value(*a.args[0]));
            break;
        case ActionKind::Trace:
        case ActionKind::Printf:
        case ActionKind::System:
        case ActionKind::Freopen:
        case ActionKind::Stack: {
            for (const auto& arg : a.args) rec.fields.push_back(record_value(*arg));
            // %A names user addresses in the process that fired: record its pid too.
            auto parsed = formats::parse_format(a.format);
            bool user_addr = false;
            if (parsed.format)
                for (const auto& piece : parsed.format->pieces)
                    if (piece.conv && piece.conv->name == "A") user_addr = true;
            if (user_addr) {
                Field pid;
                pid.kind = Field::Kind::Int;
                pid.size = 4;
                pid.is_pid = true;
                pid.offset = record_size;
                VReg v = f.call_helper(bpf::helper::get_current_pid_tgid, {});
                f.alu64(AluOp::Rsh, v, 32);
                f.store(8, record, static_cast<int16_t>(pid.offset), v);
                record_size += 8;
                rec.fields.push_back(pid);
            }
            break;
        }
        case ActionKind::Tracemem:
        case ActionKind::Printm: {
            // The bytes at the address, read from kernel memory into the record.
            const sema::Node& addr_node = *a.args[a.kind == ActionKind::Tracemem ? 0 : 1];
            Field fld;
            fld.kind = Field::Kind::Bytes;
            fld.size = static_cast<uint32_t>(a.size);
            fld.offset = record_size;
            VReg addr = value(addr_node);
            VReg dst = f.vreg();
            f.mov(dst, record);
            f.alu64(AluOp::Add, dst, static_cast<int64_t>(fld.offset));
            VReg rc = f.call_helper(bpf::helper::probe_read_kernel, {dst, static_cast<int64_t>(a.size), addr});
            bpf::Label ok = f.new_label();
            f.branch(Cond::Eq, rc, 0, ok);
            fault(abi::kFaultBadAddr, addr);
            f.bind(ok);
            record_size += static_cast<uint32_t>((a.size + 7) / 8 * 8);
            rec.fields.push_back(fld);
            if (a.kind == ActionKind::Tracemem && a.args.size() == 3) rec.fields.push_back(record_value(*a.args[2]));
            break;
        }
        case ActionKind::Copyout:
        case ActionKind::Copyoutstr: {
            // Only where the kernel allows user writes (sema refuses them elsewhere).
            VReg src = a.kind == ActionKind::Copyoutstr ? string(*a.args[0]) : value(*a.args[0]);
            VReg addr = value(*a.args[1]);
            VReg n = value(*a.args[2]);
            f.call_helper(bpf::helper::probe_write_user, {addr, src, n});
            break;  // records nothing, but is an action: the firing's probe line is printed
        }
        case ActionKind::Exit: {
            rec.fields.push_back(record_value(*a.args[0]));
            // No probe fires after exit(); END runs when the consumer notices.
            VReg st = f.vreg();
            f.load_map_value(st, abi::kStateMap, 0);
            f.store(4, st, abi::kStateActivity, static_cast<int64_t>(abi::kDraining));
            break;
        }
        case ActionKind::Printa:
        case ActionKind::Clear:
        case ActionKind::Trunc:
        case ActionKind::Denormalize:
            break;  // the consumer acts on the aggregation when it reaches the record
        case ActionKind::Normalize:  // the divisor, as the probe saw it
        case ActionKind::Setopt:     // the option's name and value
            for (const auto& arg : a.args) rec.fields.push_back(record_value(*arg));
            break;
        case ActionKind::Speculate:
        case ActionKind::Commit:
        case ActionKind::Discard:
            speculation_action(a, rec);  // sets its bit only when it records
            return;
        case ActionKind::Chill: {
            // Spin with bpf_loop (at most 2^23 rounds of reading the clock, a few hundred ms).
            // bpf_loop wants its callback's context on the stack.
            VReg ns = value(*a.args[0]);
            bpf::StackSlot slot = f.alloc_stack(16);
            VReg start = f.call_helper(bpf::helper::ktime_get_ns, {});
            f.store(8, slot, 0, start);
            f.store(8, slot, 8, ns);
            VReg ctxp = f.vreg();
            f.addr_of(ctxp, slot);
            VReg cb = f.vreg();
            f.load_func(cb, g.chill_callback());
            f.call_helper(bpf::helper::loop, {int64_t{1} << 23, cb, ctxp, 0});
            break;
        }
        case ActionKind::Ftruncate: break;  // the consumer truncates its output file
        case ActionKind::Breakpoint:
            g.error("D_UNKNOWN", a.range,
                    "breakpoint( ) is not available: this kernel cannot stop in a kernel debugger from a BPF program");
        case ActionKind::Panic:
            g.error("D_UNKNOWN", a.range, "panic( ) is not available: this kernel cannot be panicked from a BPF program");
        case ActionKind::Raise: {
            VReg sig = value(*a.args[0]);
            f.call_helper(bpf::helper::send_signal, {sig});
            break;
        }
        case ActionKind::Stop: {
            f.call_helper(bpf::helper::send_signal, {19});  // SIGSTOP
            break;
        }
        default:
            g.error("D_UNKNOWN", a.range, "this action is not yet supported by the code generator");
    }
    // Every action sets its bit, data or not (raise(), stop(), chill(), copyout() record
    // nothing): DTrace prints the probe line of every firing of a clause with an action.
    // Mark the action as done.
    mark_action(a.index);
    actions.push_back(std::move(rec));
}

void ClauseGen::statements(const std::vector<sema::StmtPtr>& list) {
    for (const auto& s : list) {
        next_temp = 0;
        // DTrace makes every statement of a clause an action; faults report its 1-based index.
        ++current_action;
        f.set_source(static_cast<int>(s->range.begin.line), g.source_line(s->range.begin.line));
        switch (s->kind) {
            case sema::Stmt::Kind::Expr:
                if (s->expr->type->is_string()) string(*s->expr);
                else value(*s->expr);
                break;
            case sema::Stmt::Kind::Action: action(*s->action); break;
            case sema::Stmt::Kind::Aggregate: aggregate(*s->agg); break;
            case sema::Stmt::Kind::If: {
                bpf::Label no = f.new_label(), done = f.new_label();
                branch_if_false(*s->expr, no);
                ++conditional_depth;
                statements(s->then_body);
                f.jump(done);
                f.bind(no);
                statements(s->else_body);
                --conditional_depth;
                f.bind(done);
                break;
            }
        }
    }
}

}  // namespace bdtrace::codegen
