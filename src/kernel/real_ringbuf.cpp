// The BPF ring buffer's consumer, on the map's memory. The kernel lays a ring buffer map out as
// a page holding the consumer position (writable by the consumer), a page holding the producer
// position, then the data pages (the kernel maps those twice in a row for itself, so that a
// record is contiguous across the end). libbpf maps the data twice as well, which the process's
// resident size counts twice; this consumer maps it once and copies the rare record that wraps
// around the end. Records are 8-byte aligned and start with an 8-byte header: the length, with
// a bit while the record is being written and a bit when it was discarded.
#include <sys/epoll.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <vector>

#include "kernel/real_kernel.h"

namespace bdtrace::kernel {

namespace {

constexpr uint32_t kBusyBit = 1u << 31;     // BPF_RINGBUF_BUSY_BIT
constexpr uint32_t kDiscardBit = 1u << 30;  // BPF_RINGBUF_DISCARD_BIT
constexpr uint64_t kHeaderSize = 8;         // BPF_RINGBUF_HDR_SZ

uint64_t load_acquire(const void* p) {
    return std::atomic_ref<const uint64_t>(*static_cast<const uint64_t*>(p)).load(std::memory_order_acquire);
}

class RealRingBuffer final : public RingBuffer {
  public:
    RealRingBuffer(const RealKernel& k, std::string name, RecordCallback cb)
        : k_(k), name_(std::move(name)), cb_(std::move(cb)) {}
    ~RealRingBuffer() override {
        if (consumer_ != MAP_FAILED) ::munmap(consumer_, page_);
        if (producer_ != MAP_FAILED) ::munmap(producer_, page_ + size_);
        if (epoll_ >= 0) ::close(epoll_);
    }

    // 0, or the errno of what failed.
    int open(int map_fd, uint64_t size) {
        page_ = static_cast<uint64_t>(::sysconf(_SC_PAGESIZE));
        size_ = size;
        consumer_ = ::mmap(nullptr, page_, PROT_READ | PROT_WRITE, MAP_SHARED, map_fd, 0);
        if (consumer_ == MAP_FAILED) return errno;
        producer_ = ::mmap(nullptr, page_ + size_, PROT_READ, MAP_SHARED, map_fd, static_cast<off_t>(page_));
        if (producer_ == MAP_FAILED) return errno;
        data_ = static_cast<const uint8_t*>(producer_) + page_;
        epoll_ = ::epoll_create1(EPOLL_CLOEXEC);
        if (epoll_ < 0) return errno;
        epoll_event ev{};
        ev.events = EPOLLIN;
        if (::epoll_ctl(epoll_, EPOLL_CTL_ADD, map_fd, &ev) < 0) return errno;
        return 0;
    }

    Result<int> poll(int timeout_ms) override {
        epoll_event ev;
        int n = ::epoll_wait(epoll_, &ev, 1, timeout_ms);
        if (n < 0) {
            if (errno == EINTR) return 0;  // a signal: the caller checks its stop flag
            return k_.fail(Op::RingBufPoll, errno, name_);
        }
        return n > 0 ? consume() : Result<int>(0);
    }

    // Every complete record up to the producer's position (or the batch limit), in order; the
    // consumer position moves past each before the next, so the space is the programs' again.
    Result<int> consume() override {
        auto* consumer_pos = static_cast<uint64_t*>(consumer_);
        uint64_t cons = load_acquire(consumer_pos);
        int delivered = 0;
        const uint64_t mask = size_ - 1;
        for (;;) {
            uint64_t prod = load_acquire(producer_);
            bool progressed = false;
            while (cons < prod) {
                const uint8_t* hdr = data_ + (cons & mask);
                uint32_t len = std::atomic_ref<const uint32_t>(*reinterpret_cast<const uint32_t*>(hdr))
                                   .load(std::memory_order_acquire);
                if (len & kBusyBit) break;  // still being written: the rest waits
                uint32_t bytes = len & ~(kBusyBit | kDiscardBit);
                uint64_t next = cons + ((kHeaderSize + bytes + 7) & ~uint64_t{7});
                if (!(len & kDiscardBit)) {
                    uint64_t at = (cons + kHeaderSize) & mask;
                    if (at + bytes <= size_) {
                        cb_(data_ + at, bytes);
                    } else {
                        // The record wraps around the end of the data area.
                        wrapped_.resize(bytes);
                        uint64_t first = size_ - at;
                        std::memcpy(wrapped_.data(), data_ + at, first);
                        std::memcpy(wrapped_.data() + first, data_, bytes - first);
                        cb_(wrapped_.data(), bytes);
                    }
                    ++delivered;
                }
                cons = next;
                std::atomic_ref<uint64_t>(*consumer_pos).store(cons, std::memory_order_release);
                progressed = true;
                if (limit_ && static_cast<size_t>(delivered) >= limit_) return delivered;
            }
            if (!progressed) return delivered;
        }
    }

    int epoll_fd() const override { return epoll_; }
    void set_batch_limit(size_t records) override { limit_ = records; }

  private:
    const RealKernel& k_;
    std::string name_;
    RecordCallback cb_;
    uint64_t page_ = 4096;
    uint64_t size_ = 0;  // data bytes: a power of two
    void* consumer_ = MAP_FAILED;
    void* producer_ = MAP_FAILED;
    const uint8_t* data_ = nullptr;
    int epoll_ = -1;
    size_t limit_ = 0;  // records per call, 0: no limit
    std::vector<uint8_t> wrapped_;
};

}  // namespace

Result<std::unique_ptr<RingBuffer>> RealKernel::open_ring_buffer(const Map& map,
                                                                 RecordCallback callback) {
    if (map.spec().type != MapType::RingBuf)
        return usage_error(Op::RingBufOpen, "map '" + map.name() + "' is not a ring buffer");
    auto rb = std::make_unique<RealRingBuffer>(*this, map.name(), std::move(callback));
    if (int e = rb->open(map.fd(), map.spec().max_entries)) return fail(Op::RingBufOpen, e, map.name());
    return std::unique_ptr<RingBuffer>(std::move(rb));
}

}  // namespace bdtrace::kernel
