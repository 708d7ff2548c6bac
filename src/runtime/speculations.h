// The consumer's side of speculations. The BPF side (codegen/gen_speculation.cpp) keeps each
// id's state; the records a clause made after speculate() arrive on the ring buffer tagged with
// the id and its generation, and are held here until the record of the commit() or discard()
// that ends that use of the id: a commit prints them there, in the order they were traced,
// a discard drops them. Held records of an id that is never ended are dropped at exit, as
// DTrace drops uncommitted speculative buffers.
//
// Here too: freeing the ids the BPF side left ending (data on other CPUs, DTrace's
// COMMITTINGMANY and DISCARDING states) at -x cleanrate, and DTrace's messages for speculations
// that failed and records that did not fit.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "codegen/program_set.h"
#include "kernel/kernel.h"

namespace bdtrace::runtime {

class Speculations {
public:
    explicit Speculations(const codegen::ProgramSet& ps) : ps_(ps) {}
    bool used() const { return ps_.speculations; }

    // What to do with one record of epid `e` (its action bits say which actions ran): print it
    // now or not (held, or nothing but commit()/discard()), then print `committed`, in order.
    struct Routing {
        bool print = true;
        std::vector<std::vector<uint8_t>> committed;
    };
    Routing route(const codegen::Epid& e, const uint8_t* rec, size_t size);

    // The cleaner, once per `period` ns (-x cleanrate) of the clock `now`: frees the ids that
    // were already ending at its previous pass, so an id is busy for one to two periods.
    void clean(kernel::Map& slots, kernel::Map& uses, uint64_t now, uint64_t period);

    // "N speculative drops", "N failed speculations (...)" since the last call, in DTrace's
    // order, each ending with a newline ("[DTRACEDROP_*] " first with -x droptags).
    std::vector<std::string> new_drop_messages(kernel::Map& uses, bool droptags);

private:
    struct Held {
        uint32_t gen = 0;
        std::vector<std::vector<uint8_t>> records;
    };
    // Holds the record; false when it belongs to a use of the id that a commit() already ended
    // (it raced with the commit on another CPU: print it now).
    bool hold(uint32_t id, uint32_t gen, const uint8_t* rec, size_t size);
    std::vector<std::vector<uint8_t>> end(uint32_t id, uint32_t gen, bool commit);

    const codegen::ProgramSet& ps_;
    std::map<uint32_t, Held> held_;
    struct Ended {
        uint32_t below = 0;      // generations below this one are over
        bool committed = false;  // the last one (below - 1) was committed
    };
    std::map<uint32_t, Ended> ended_;
    std::map<uint32_t, uint64_t> ending_seen_;     // id -> its word when the cleaner last saw it ending
    uint64_t next_clean_ = 0;
    uint64_t freed_ = 0;  // ids the cleaner freed (the BPF side counts those it left ending)
    uint64_t cleaned_drops_ = 0;                   // drops of committed shares the cleaner freed
    uint64_t reported_drops_ = 0, reported_busy_ = 0, reported_unavailable_ = 0;
};

}  // namespace bdtrace::runtime
