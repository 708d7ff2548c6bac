// Where Solaris' plockstat has the plockstat provider (mutex-acquire, mutex-block, ...), glibc
// offers no USDT probes in Debian's build (readelf -n shows no .note.stapsdt in libc.so.6), so
// the events are rebuilt from its functions:
//   acquire      a lock function returning 0 (pid provider return probe: arg1 is the value)
//   block        the first futex() the thread makes inside a lock function: the fast path of
//                every glibc mutex and rwlock is a compare-and-swap in user space, the slow
//                path waits in futex(FUTEX_WAIT...) (or FUTEX_LOCK_PI)
//   blocked      that lock function returning: the block time runs from the futex() to it
//   release      pthread_mutex_unlock / pthread_rwlock_unlock entry (arg0 is the lock)
// Recursive mutex acquisitions are counted by depth, so that a hold runs from the first lock
// to the last unlock. pthread_spin_lock is not traced: its first instruction is LOCK-prefixed,
// where the kernel places no uprobe; glibc's adaptive mutexes spin in user space before they
// block, which no probe here sees (plockstat's "Mutex spin" sections stay empty).
#include "program.h"

namespace plockstat {

namespace {

const char* const kMutexLocks[] = {"pthread_mutex_lock", "pthread_mutex_timedlock", "pthread_mutex_clocklock"};
const char* const kMutexTry[] = {"pthread_mutex_trylock"};
const char* const kReadLocks[] = {"pthread_rwlock_rdlock", "pthread_rwlock_timedrdlock",
                                  "pthread_rwlock_clockrdlock", "pthread_rwlock_tryrdlock"};
const char* const kWriteLocks[] = {"pthread_rwlock_wrlock", "pthread_rwlock_timedwrlock",
                                   "pthread_rwlock_clockwrlock", "pthread_rwlock_trywrlock"};

template <size_t N>
std::string probes(const char* const (&funcs)[N], const char* name) {
    std::string out;
    for (size_t i = 0; i < N; ++i) out += std::string(i ? ",\n" : "") + "pid$target::" + funcs[i] + ":" + name;
    return out + "\n";
}

std::string all_locks(const char* name) {
    std::string m = probes(kMutexLocks, name), t = probes(kMutexTry, name), r = probes(kReadLocks, name),
                w = probes(kWriteLocks, name);
    m.pop_back();
    t.pop_back();
    r.pop_back();
    return m + ",\n" + t + ",\n" + r + ",\n" + w;
}

// The aggregations of one event: sum and count, and the histogram with -s.
std::string record(const ProgramOptions& o, const std::string& agg, const std::string& lock, const std::string& since) {
    std::string key = "[" + lock + ", ustack(" + (o.histograms ? "" : "5") + ")]";
    std::string out = "\t@" + agg + key + " = sum(timestamp - " + since + ");\n" +
                      "\t@" + agg + "_count" + key + " = count();\n";
    if (o.histograms) out += "\t@" + agg + "_hist" + key + " = quantize(timestamp - " + since + ");\n";
    return out;
}

}  // namespace

std::string d_program(const ProgramOptions& o) {
    // The types of the variables, which their first assignment (a 0) would make int.
    std::string p =
        "self uint64_t mtx;\nself uint64_t mtxblock;\nself uint64_t rw;\nself uint64_t rwblock;\nself int rwwr;\n";
    // Which lock a thread is taking, and whether it is a writer.
    p += probes(kMutexLocks, "entry").substr(0, probes(kMutexLocks, "entry").size() - 1) + ",\n" +
         probes(kMutexTry, "entry") + "{\n\tself->mtx = arg0;\n\tself->mtxblock = 0;\n}\n";
    p += probes(kReadLocks, "entry") + "{\n\tself->rw = arg0;\n\tself->rwwr = 0;\n\tself->rwblock = 0;\n}\n";
    p += probes(kWriteLocks, "entry") + "{\n\tself->rw = arg0;\n\tself->rwwr = 1;\n\tself->rwblock = 0;\n}\n";
    if (o.contention) {
        p += "syscall::futex:entry\n/self->mtx && !self->mtxblock/\n{\n\tself->mtxblock = timestamp;\n}\n";
        p += "syscall::futex:entry\n/self->rw && !self->rwblock/\n{\n\tself->rwblock = timestamp;\n}\n";
        p += probes(kMutexLocks, "return") + "/self->mtxblock && arg1 == 0/\n{\n" +
             record(o, "mtx_block", "self->mtx", "self->mtxblock") + "}\n";
        std::string rw = probes(kReadLocks, "return");
        rw.pop_back();
        rw += ",\n" + probes(kWriteLocks, "return");
        p += rw + "/self->rwblock && arg1 == 0 && self->rwwr/\n{\n" + record(o, "rw_w_block", "self->rw", "self->rwblock") +
             "}\n";
        p += rw + "/self->rwblock && arg1 == 0 && !self->rwwr/\n{\n" +
             record(o, "rw_r_block", "self->rw", "self->rwblock") + "}\n";
    }
    if (o.hold) {
        // Mutexes: a global array, since a mutex may be released by another thread than the
        // one that took it; the depth counts recursive acquisitions.
        p += "BEGIN\n{\n\tmtxhold[0] = timestamp;\n\tmtxhold[0] = 0;\n\tmtxdepth[0] = 0;\n}\n";
        std::string m = probes(kMutexLocks, "return");
        m.pop_back();
        m += ",\n" + probes(kMutexTry, "return");
        p += m + "/self->mtx && arg1 == 0 && mtxdepth[self->mtx] == 0/\n{\n\tmtxhold[self->mtx] = timestamp;\n}\n";
        p += m + "/self->mtx && arg1 == 0/\n{\n\tmtxdepth[self->mtx] = mtxdepth[self->mtx] + 1;\n}\n";
        p += "pid$target::pthread_mutex_unlock:entry\n/mtxdepth[arg0] > 1/\n{\n\tmtxdepth[arg0] = mtxdepth[arg0] - 1;\n}\n";
        p += "pid$target::pthread_mutex_unlock:entry\n/mtxdepth[arg0] == 1/\n{\n" +
             record(o, "mtx_hold", "arg0", "mtxhold[arg0]") + "\tmtxhold[arg0] = 0;\n\tmtxdepth[arg0] = 0;\n}\n";
        // Read-write locks: per thread, since many threads may hold one for reading.
        std::string rw = probes(kReadLocks, "return");
        rw.pop_back();
        rw += ",\n" + probes(kWriteLocks, "return");
        p += rw + "/self->rw && arg1 == 0/\n{\n\tself->rwhold[self->rw] = timestamp;\n\tself->rwwrite[self->rw] = self->rwwr;\n}\n";
        p += "pid$target::pthread_rwlock_unlock:entry\n/self->rwhold[arg0] && self->rwwrite[arg0]/\n{\n" +
             record(o, "rw_w_hold", "arg0", "self->rwhold[arg0]") + "\tself->rwhold[arg0] = 0;\n\tself->rwwrite[arg0] = 0;\n}\n";
        p += "pid$target::pthread_rwlock_unlock:entry\n/self->rwhold[arg0]/\n{\n" +
             record(o, "rw_r_hold", "arg0", "self->rwhold[arg0]") + "\tself->rwhold[arg0] = 0;\n}\n";
    }
    // The call is over.
    p += all_locks("return") + "{\n\tself->mtx = 0;\n\tself->mtxblock = 0;\n\tself->rw = 0;\n\tself->rwblock = 0;\n}\n";
    return p;
}

}  // namespace plockstat
