#include "runtime/process_watch.h"

#include <sys/sysmacros.h>

#include <cstring>

#include "bpf/assembler.h"

namespace bdtrace::runtime {

namespace {

namespace w = codegen::watch;

// The kernel's dev_t (major << 20 | minor) as user space encodes it.
uint64_t user_dev(uint64_t kdev) { return makedev(static_cast<unsigned>(kdev >> 20), static_cast<unsigned>(kdev & 0xfffff)); }

}  // namespace

std::unique_ptr<ProcessWatch> ProcessWatch::start(kernel::Kernel& k, const kbtf::Vmlinux& vmlinux, bool every_event,
                                                  std::string* err) {
    std::unique_ptr<ProcessWatch> pw(new ProcessWatch());
    auto offsets = w::kernel_offsets(vmlinux.parsed());
    if (!offsets) {
        *err = "cannot follow new processes: this kernel's BTF lacks a structure the watch reads";
        return nullptr;
    }
    kernel::MapSpec events;
    events.type = kernel::MapType::RingBuf;
    events.name = "dt_watch_ev";
    events.key_size = 0;
    events.value_size = 0;
    events.max_entries = w::kEventsBytes;
    kernel::MapSpec seen;
    seen.type = kernel::MapType::LruHash;
    seen.name = "dt_watch_seen";
    seen.key_size = 16;
    seen.value_size = 8;
    seen.max_entries = w::kSeenEntries;
    for (const kernel::MapSpec* spec : {&events, &seen}) {
        auto m = k.create_map(*spec);
        if (!m) {
            *err = m.error().message;
            return nullptr;
        }
        pw->maps_.push_back(std::move(m.value()));
    }
    struct Hook {
        const char* tracepoint;
        const char* name;
        std::unique_ptr<bpf::Program> ir;
    };
    Hook hooks[] = {{"sched_process_exec", "dt_watch_exec", w::exec_program(*offsets, every_event)},
                    {"vm_unmapped_area", "dt_watch_mmap", w::mmap_program(*offsets, every_event)}};
    for (Hook& h : hooks) {
        std::string asm_err;
        auto code = bpf::assemble(*h.ir, asm_err);
        if (!code) {
            *err = "failed to generate code: " + asm_err;
            return nullptr;
        }
        bpf::apply_map_fds(code->insns, code->relocs, [&](bpf::MapRef m) { return pw->maps_.at(m)->fd(); });
        auto id = k.tracepoint_btf_id(h.tracepoint);
        if (!id) {
            *err = id.error().message;
            return nullptr;
        }
        kernel::ProgramSpec spec;
        spec.type = kernel::ProgramType::Tracing;
        spec.expected_attach = kernel::AttachType::TraceRawTp;
        spec.attach_btf_id = *id;
        spec.name = h.name;
        spec.insns = std::as_bytes(std::span(code->insns));
        auto prog = k.load_program(spec);
        if (!prog) {
            *err = prog.error().message;
            return nullptr;
        }
        auto link = k.attach_tracing(*prog.value(), 0);
        if (!link) {
            *err = link.error().message;
            return nullptr;
        }
        pw->programs_.push_back(std::move(prog.value()));
        pw->links_.push_back(std::move(link.value()));
    }
    ProcessWatch* self = pw.get();
    auto ring = k.open_ring_buffer(*pw->maps_[w::kEventsMap], [self](const void* d, size_t n) {
        if (n < sizeof(w::Event)) return;
        w::Event e;
        std::memcpy(&e, d, sizeof e);
        ProcessEvent pe;
        pe.kind = e.kind == w::kExec ? ProcessEvent::Kind::Exec : ProcessEvent::Kind::Mmap;
        pe.pid = static_cast<pid_t>(e.pid);
        pe.dev = user_dev(e.dev);
        pe.inode = e.inode;
        pe.addr = e.addr;
        self->pending_.push_back(pe);
    });
    if (!ring) {
        *err = ring.error().message;
        return nullptr;
    }
    pw->ring_ = std::move(ring.value());
    return pw;
}

ProcessWatch::~ProcessWatch() {
    links_.clear();  // detach before the maps go
}

std::vector<ProcessEvent> ProcessWatch::take() {
    (void)ring_->consume();
    return std::exchange(pending_, {});
}

void ProcessWatch::forget(uint64_t dev, uint64_t inode) {
    // The seen set holds the kernel's encoding.
    uint64_t key[2] = {(static_cast<uint64_t>(major(dev)) << 20) | minor(dev), inode};
    (void)maps_[w::kSeenMap]->remove(std::as_bytes(std::span(key)));
}

}  // namespace bdtrace::runtime
