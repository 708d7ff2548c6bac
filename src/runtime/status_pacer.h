// -x statusrate: DTrace's consumer learns that a clause called exit() from its status checks,
// one per status period, so END fires up to a period after the exit. A pacer with no period
// (the option not given) lets every pass of the consumer look.
#pragma once

#include <cstdint>

namespace bdtrace::runtime {

class StatusPacer {
public:
    explicit StatusPacer(uint64_t period_ns = 0) : period_(period_ns) {}
    // Whether a status check is due at `now` (ns, a monotonic clock): the first one a whole
    // period after the first call, then one a period.
    bool due(uint64_t now) {
        if (period_ == 0) return true;
        if (next_ == 0) next_ = now + period_;
        if (now < next_) return false;
        next_ = now + period_;
        return true;
    }

private:
    uint64_t period_;
    uint64_t next_ = 0;
};

}  // namespace bdtrace::runtime
