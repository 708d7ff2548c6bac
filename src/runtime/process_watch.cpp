#include "runtime/process_watch.h"

#include <signal.h>
#include <sys/sysmacros.h>

#include <cstring>

#include "assemble/assemble.h"

namespace bdtrace::runtime {

namespace {

namespace w = codegen::watch;

// The kernel's dev_t (major << 20 | minor) as user space encodes it.
uint64_t user_dev(uint64_t kdev) { return makedev(static_cast<unsigned>(kdev >> 20), static_cast<unsigned>(kdev & 0xfffff)); }

}  // namespace

std::unique_ptr<ProcessWatch> ProcessWatch::start(kernel::Kernel& k, const kbtf::Vmlinux& vmlinux, bool every_event,
                                                  std::string* err, pid_t hold_for) {
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
    ProcessWatch* self = pw.get();
    auto ring = k.open_ring_buffer(*pw->maps_[w::kEventsMap], [self](const void* d, size_t n) {
        if (n < sizeof(w::Event)) return;
        w::Event e;
        std::memcpy(&e, d, sizeof e);
        ProcessEvent pe;
        pe.kind = (e.kind & ~w::kStopped) == w::kExec ? ProcessEvent::Kind::Exec : ProcessEvent::Kind::Mmap;
        pe.stopped = (e.kind & w::kStopped) != 0;
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
    // The ring is read before the programs run: a process they hold is always heard of.
    auto programs = w::programs(*offsets, every_event, static_cast<uint32_t>(hold_for));
    if (std::string asm_err; !assemble::assemble_watch(programs, asm_err)) {
        *err = "failed to generate code: " + asm_err;
        return nullptr;
    }
    for (w::WatchProgram& p : programs) {
        auto hook = attach_tp_btf(k, std::move(p.code), [&](bpf::MapRef m) { return pw->maps_.at(m)->fd(); },
                                  p.tracepoint, p.name);
        if (!hook) {
            *err = hook.error().message;
            return nullptr;
        }
        pw->hooks_.push_back(std::move(hook.value()));
    }
    return pw;
}

ProcessWatch::~ProcessWatch() {
    // Detach before the maps go; then nobody stays stopped: those held and not served yet, and
    // those whose reports are still in the ring.
    for (TracingHook& h : hooks_) h.link.reset();
    if (ring_)
        for (const ProcessEvent& ev : take()) resume(ev);
    for (pid_t pid : held_) ::kill(pid, SIGCONT);
}

std::vector<ProcessEvent> ProcessWatch::take() {
    (void)ring_->consume();
    for (const ProcessEvent& ev : pending_)
        if (ev.stopped) held_.insert(ev.pid);
    return std::exchange(pending_, {});
}

void ProcessWatch::resume(const ProcessEvent& ev) {
    if (!ev.stopped) return;
    held_.erase(ev.pid);
    ::kill(ev.pid, SIGCONT);
}

void ProcessWatch::forget(uint64_t dev, uint64_t inode) {
    // The seen set holds the kernel's encoding.
    uint64_t key[2] = {(static_cast<uint64_t>(major(dev)) << 20) | minor(dev), inode};
    (void)maps_[w::kSeenMap]->remove(std::as_bytes(std::span(key)));
}

}  // namespace bdtrace::runtime
