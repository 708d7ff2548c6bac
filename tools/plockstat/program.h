// The D program bdtrace-plockstat enables: glibc's lock functions on the pid provider (entry
// and return), and the futex system call made inside them, which is where a thread blocks.
#pragma once

#include <string>

namespace plockstat {

struct ProgramOptions {
    bool contention = false;  // -C: how often and how long threads blocked
    bool hold = false;        // -H: how long locks were held
    bool histograms = false;  // -s depth: quantize() and whole stacks besides sum and count
};

// The program's text. Its aggregations, each keyed [lock address, ustack()]:
//   mtx_hold, rw_r_hold, rw_w_hold, mtx_block, rw_r_block, rw_w_block: sum() of nanoseconds;
//   NAME_count: count(); with histograms also NAME_hist: quantize() of nanoseconds.
std::string d_program(const ProgramOptions& o);

}  // namespace plockstat
