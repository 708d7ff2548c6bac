#include "runtime/speculations.h"

#include <algorithm>
#include <cstring>
#include <optional>

#include "codegen/abi.h"

namespace bdtrace::runtime {

namespace abi = codegen::abi;
using sema::ActionKind;

namespace {

struct Tag {
    uint32_t id, gen;
};

Tag tag_of(const codegen::ActionRecord& a, const uint8_t* rec, size_t size) {
    uint64_t v = 0;
    if (!a.fields.empty() && a.fields[0].offset + 8 <= size) std::memcpy(&v, rec + a.fields[0].offset, 8);
    return {static_cast<uint32_t>(v), static_cast<uint32_t>(v >> 32)};
}

}  // namespace

bool Speculations::hold(uint32_t id, uint32_t gen, const uint8_t* rec, size_t size) {
    // A record of a use that has already ended was traced on another CPU while the end was
    // under way: DTrace commits such a CPU's share later, when cleaning, and has nothing to
    // commit from a discarded one.
    if (auto it = ended_.find(id); it != ended_.end() && gen < it->second.below)
        return !(gen + 1 == it->second.below && it->second.committed);
    Held& h = held_[id];
    if (h.records.empty() || gen > h.gen) {
        // A newer use replaces an older one whose end was lost (a full ring buffer).
        h.gen = gen;
        h.records.clear();
    } else if (gen < h.gen) {
        return true;
    }
    h.records.emplace_back(rec, rec + size);
    return true;
}

std::vector<std::vector<uint8_t>> Speculations::end(uint32_t id, uint32_t gen, bool commit) {
    std::vector<std::vector<uint8_t>> out;
    Ended& e = ended_[id];
    if (gen + 1 >= e.below) e = {gen + 1, commit};
    auto it = held_.find(id);
    if (it == held_.end() || it->second.gen > gen) return out;
    if (it->second.gen == gen && commit) out = std::move(it->second.records);
    held_.erase(it);
    return out;
}

Speculations::Routing Speculations::route(const codegen::Epid& e, const uint8_t* rec, size_t size) {
    Routing r;
    std::optional<Tag> speculate;
    std::vector<Tag> commits, discards;
    bool other = false;
    for (const auto& a : e.actions) {
        if (!codegen::abi::action_ran(rec, size, a.index)) continue;
        switch (a.kind) {
            case ActionKind::Speculate: speculate = tag_of(a, rec, size); break;
            case ActionKind::Commit: commits.push_back(tag_of(a, rec, size)); break;
            case ActionKind::Discard: discards.push_back(tag_of(a, rec, size)); break;
            default: other = true; break;
        }
    }
    // In DTrace a discard() acts at once, while the clause's own speculative record is only
    // complete at the end of the clause, and a commit() first completes it: so discards, then
    // the record, then commits.
    for (const Tag& t : discards) end(t.id, t.gen, false);
    if (speculate) {
        r.print = !hold(speculate->id, speculate->gen, rec, size);
    } else if (!other) {
        r.print = false;  // commit() and discard() record nothing DTrace prints
    }
    for (const Tag& t : commits)
        for (auto& held : end(t.id, t.gen, true)) r.committed.push_back(std::move(held));
    return r;
}

void Speculations::clean(kernel::Map& slots, kernel::Map& uses, uint64_t now, uint64_t period) {
    if (now < next_clean_) return;
    next_clean_ = now + period;
    std::vector<std::byte> slot(slots.value_buffer_size()), use(uses.value_buffer_size());
    // Nothing to do (one lookup) unless the BPF side has left more ids ending than were freed.
    uint32_t zero = 0;
    if (auto got = slots.lookup(kernel::bytes_of(zero), slot); !got || !*got) return;
    uint64_t left;
    std::memcpy(&left, slot.data(), sizeof left);
    if (left == freed_) return;
    for (uint32_t id = 1; id <= ps_.nspec; ++id) {
        auto found = slots.lookup(kernel::bytes_of(id), slot);
        if (!found || !*found) continue;
        abi::SpecSlot s;
        std::memcpy(&s, slot.data(), sizeof s);
        if (!(s.word & abi::kSpecEnding)) {
            ending_seen_.erase(id);
            continue;
        }
        auto seen = ending_seen_.find(id);
        if (seen == ending_seen_.end() || seen->second != s.word) {
            // First seen ending: the firing that ended it may still be freeing it itself.
            ending_seen_[id] = s.word;
            continue;
        }
        ending_seen_.erase(seen);
        // Every CPU's share is done: count the drops of a committed one, then free the id.
        if (auto got = uses.lookup(kernel::bytes_of(id), use); got && *got) {
            if (s.word & abi::kSpecCommitted) {
                for (size_t off = 0; off + sizeof(abi::SpecUse) <= use.size(); off += uses.percpu_stride()) {
                    abi::SpecUse u;
                    std::memcpy(&u, use.data() + off, sizeof u);
                    cleaned_drops_ += u.drops;
                }
            }
            std::fill(use.begin(), use.end(), std::byte{0});
            (void)uses.update(kernel::bytes_of(id), use);
        }
        abi::SpecSlot free_slot{((s.word >> 32) + 1) << 32, 0};
        std::memcpy(slot.data(), &free_slot, sizeof free_slot);
        if (slots.update(kernel::bytes_of(id), slot)) ++freed_;
    }
}

std::vector<std::string> Speculations::new_drop_messages(kernel::Map& uses, bool droptags) {
    std::vector<std::string> out;
    std::vector<std::byte> values(uses.value_buffer_size());
    uint32_t key = 0;
    abi::SpecCounters total{};
    if (auto got = uses.lookup(kernel::bytes_of(key), values); got && *got) {
        for (size_t off = 0; off + sizeof total <= values.size(); off += uses.percpu_stride()) {
            abi::SpecCounters c;
            std::memcpy(&c, values.data() + off, sizeof c);
            total.unavailable += c.unavailable;
            total.busy += c.busy;
            total.drops += c.drops;
        }
    }
    total.drops += cleaned_drops_;
    // dt_handle.c's table: what is counted, its tag, its words and what follows the plural.
    auto report = [&](uint64_t now, uint64_t& reported, const char* tag, const char* what, const char* tail) {
        if (now <= reported) return;
        uint64_t n = now - reported;
        reported = now;
        std::string msg = droptags ? std::string("[") + tag + "] " : std::string();
        msg += std::to_string(n) + " " + what + (n > 1 ? "s" : "") + tail + "\n";
        out.push_back(std::move(msg));
    };
    report(total.drops, reported_drops_, "DTRACEDROP_SPEC", "speculative drop", "");
    report(total.busy, reported_busy_, "DTRACEDROP_SPECBUSY", "failed speculation",
           " (available buffer(s) still busy)");
    report(total.unavailable, reported_unavailable_, "DTRACEDROP_SPECUNAVAIL", "failed speculation",
           " (no speculative buffer available)");
    return out;
}

}  // namespace bdtrace::runtime
