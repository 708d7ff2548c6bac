#include "runtime/unwind_tables.h"

#include <signal.h>
#include <sys/auxv.h>
#include <sys/sysmacros.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

#include "codegen/abi.h"

namespace bdtrace::runtime {

namespace {

namespace abi = codegen::abi;

constexpr uint64_t kRetryNs = 1000000000;  // a process asked for again waits this long
constexpr uint64_t kPruneNs = 5000000000;  // how often exited processes are dropped

// One executable line of /proc/PID/maps.
struct ExecRange {
    uint64_t start = 0, end = 0, offset = 0, dev = 0, inode = 0;
    std::string path;  // "/..." for a file, "[vdso]", or empty
};

std::vector<ExecRange> exec_ranges(pid_t pid) {
    std::vector<ExecRange> out;
    std::ifstream maps("/proc/" + std::to_string(pid) + "/maps");
    std::string line;
    while (std::getline(maps, line)) {
        std::istringstream ls(line);
        std::string range, perms, offset, dev, inode, path;
        if (!(ls >> range >> perms >> offset >> dev >> inode)) continue;
        if (perms.size() < 3 || perms[2] != 'x') continue;
        std::getline(ls >> std::ws, path);
        ExecRange r;
        r.start = std::strtoull(range.c_str(), nullptr, 16);
        r.end = std::strtoull(range.c_str() + range.find('-') + 1, nullptr, 16);
        r.offset = std::strtoull(offset.c_str(), nullptr, 16);
        unsigned major = static_cast<unsigned>(std::strtoul(dev.c_str(), nullptr, 16));
        unsigned minor = static_cast<unsigned>(std::strtoul(dev.c_str() + dev.find(':') + 1, nullptr, 16));
        r.dev = makedev(major, minor);
        r.inode = std::strtoull(inode.c_str(), nullptr, 10);
        constexpr std::string_view deleted = " (deleted)";
        if (path.size() > deleted.size() && path.ends_with(deleted)) path.resize(path.size() - deleted.size());
        r.path = path;
        out.push_back(std::move(r));
    }
    return out;
}

// The vDSO's image as this process has it: every process of this kernel maps the same one.
std::span<const uint8_t> own_vdso() {
    auto base = getauxval(AT_SYSINFO_EHDR);
    if (!base) return {};
    for (const ExecRange& r : exec_ranges(getpid()))
        if (r.path == "[vdso]" && r.start == base) return {reinterpret_cast<const uint8_t*>(base), r.end - r.start};
    return {};
}

// What a request compares: the executable mappings, by place and file.
uint64_t layout_of(const std::vector<ExecRange>& ranges) {
    uint64_t h = 1469598103934665603ull;
    auto mix = [&h](uint64_t v) { h = (h ^ v) * 1099511628211ull; };
    for (const ExecRange& r : ranges) {
        mix(r.start);
        mix(r.end);
        mix(r.dev);
        mix(r.inode);
    }
    return h;
}

}  // namespace

UnwindTables::UnwindTables(kernel::Map& pids, kernel::Map& rows, kernel::Map& pending)
    : pids_(pids), rows_(rows), pending_(pending) {
    if (auto r = rows_.mmap()) region_ = std::move(r.value());
}

const UnwindTables::File& UnwindTables::file(const std::string& path, uint64_t dev, uint64_t inode) {
    // The vDSO is no file: key (0, 0).
    const bool vdso = path == "[vdso]";
    auto key = vdso ? std::make_pair(uint64_t{0}, uint64_t{0}) : std::make_pair(dev, inode);
    auto it = files_.find(key);
    if (it != files_.end()) return it->second;
    File f;
    if (vdso) {
        auto image = own_vdso();
        if (!image.empty()) f.table = process::build_cfi_table(image);
    } else {
        f.table = process::build_cfi_table(path);
        // Not readable now (the process went away, taking its root): tried again next time.
        static const File unread;
        if (!f.table) return unread;
    }
    if (f.table && !f.table->rows.empty() && region_) {
        const auto& rows = f.table->rows;
        // (The mapping is whole pages; the rows BPF can look up are the array's entries.)
        uint64_t capacity = std::min<uint64_t>(region_->size() / sizeof(abi::UnwindRow), rows_.spec().max_entries);
        if (next_row_ + rows.size() <= capacity) {
            static_assert(sizeof(process::CfiRow) == sizeof(abi::UnwindRow));
            std::memcpy(region_->data() + uint64_t{next_row_} * sizeof(abi::UnwindRow), rows.data(),
                        rows.size() * sizeof(abi::UnwindRow));
            f.row_start = next_row_;
            f.row_count = static_cast<uint32_t>(rows.size());
            next_row_ += f.row_count;
        } else if (!full_) {
            full_ = true;
            warning_ = "ustack() keys: the unwind tables are full (" + std::to_string(capacity) +
                       " rows); code of " + path + " and later files is unwound by frame pointers";
        }
    }
    return files_.emplace(key, std::move(f)).first->second;
}

bool UnwindTables::load(pid_t pid, uint64_t now_ns) {
    uint32_t key = static_cast<uint32_t>(pid);
    std::vector<ExecRange> ranges = exec_ranges(pid);
    if (ranges.empty()) {
        (void)pids_.remove(kernel::bytes_of(key));
        (void)pending_.remove(kernel::bytes_of(key));
        loaded_.erase(pid);
        layouts_.erase(pid);
        waiting_.erase(pid);
        return false;
    }
    std::vector<abi::UnwindMapping> maps;
    std::string root = "/proc/" + std::to_string(pid) + "/root";
    for (const ExecRange& r : ranges) {
        abi::UnwindMapping m{};
        m.start = r.start;
        m.end = r.end;
        // Files and the vDSO have CFI; other executable memory (JIT code) is walked by frame
        // pointers, but known, so that its PCs ask for nothing.
        if (!r.path.empty() && (r.path[0] == '/' || r.path == "[vdso]")) {
            const File& f = file(r.path[0] == '/' ? root + r.path : r.path, r.dev, r.inode);
            if (f.table && f.row_count)
                if (auto bias = f.table->bias(r.start, r.offset)) {
                    m.bias = *bias;
                    m.row_start = f.row_start;
                    m.row_count = f.row_count;
                }
        }
        maps.push_back(m);
    }
    std::sort(maps.begin(), maps.end(), [](const auto& a, const auto& b) { return a.start < b.start; });
    if (maps.size() > abi::kUnwindMappings) maps.resize(abi::kUnwindMappings);
    std::vector<std::byte> value(sizeof(abi::UnwindProcess));
    uint32_t count = static_cast<uint32_t>(maps.size());
    std::memcpy(value.data(), &count, 4);
    std::memcpy(value.data() + offsetof(abi::UnwindProcess, mappings), maps.data(), maps.size() * sizeof maps[0]);
    if (!pids_.update(kernel::bytes_of(key), value)) return false;
    (void)pending_.remove(kernel::bytes_of(key));
    loaded_[pid] = now_ns;
    layouts_[pid] = layout_of(ranges);
    waiting_.erase(pid);
    return true;
}

void UnwindTables::request(pid_t pid, uint64_t now_ns) {
    auto it = loaded_.find(pid);
    if (it != loaded_.end() && now_ns - it->second < kRetryNs) {
        // Asked again soon after a load: served at once when the process mapped code since
        // (a process met early in its dynamic linker, before its libraries: its first samples
        // in libc would otherwise stop there for a second), else after the second (a PC
        // outside every mapping, such as JIT code, may keep asking).
        auto known = layouts_.find(pid);
        if (known == layouts_.end() || known->second == layout_of(exec_ranges(pid))) {
            waiting_[pid] = it->second + kRetryNs;  // the request stays pending in BPF meanwhile
            return;
        }
    }
    load(pid, now_ns);
}

void UnwindTables::forget(pid_t pid) {
    loaded_.erase(pid);
    waiting_.erase(pid);
    // A request made before the exec and left waiting would keep BPF from asking again.
    uint32_t key = static_cast<uint32_t>(pid);
    (void)pending_.remove(kernel::bytes_of(key));
}

void UnwindTables::tick(uint64_t now_ns) {
    for (auto it = waiting_.begin(); it != waiting_.end();) {
        pid_t pid = it->first;
        bool due = it->second <= now_ns;
        ++it;
        if (due) load(pid, now_ns);  // erases its entry
    }
    if (now_ns < next_prune_) return;
    next_prune_ = now_ns + kPruneNs;
    for (auto it = loaded_.begin(); it != loaded_.end();) {
        if (::kill(it->first, 0) == 0 || errno != ESRCH) {
            ++it;
            continue;
        }
        uint32_t key = static_cast<uint32_t>(it->first);
        (void)pids_.remove(kernel::bytes_of(key));
        (void)pending_.remove(kernel::bytes_of(key));
        waiting_.erase(it->first);
        layouts_.erase(it->first);
        it = loaded_.erase(it);
    }
}

}  // namespace bdtrace::runtime
