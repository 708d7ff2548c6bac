// The BPF ring buffer consumer over libbpf's ring_buffer.
#include <bpf/libbpf.h>

#include <cerrno>

#include "kernel/real_kernel.h"

namespace bdtrace::kernel {

namespace {

class RealRingBuffer final : public RingBuffer {
  public:
    RealRingBuffer(const RealKernel& k, std::string name, RecordCallback cb)
        : k_(k), name_(std::move(name)), cb_(std::move(cb)) {}
    ~RealRingBuffer() override {
        if (rb_) ::ring_buffer__free(rb_);
    }

    // libbpf calls this for each record; the context is the consumer (stable: heap object).
    // A negative return stops libbpf's loop once the batch is full (the record itself is
    // consumed: libbpf moves the consumer position past it first).
    static int on_record(void* ctx, void* data, size_t size) {
        auto* self = static_cast<RealRingBuffer*>(ctx);
        self->cb_(data, size);
        ++self->delivered_;
        return self->limit_ && self->delivered_ >= self->limit_ ? kBatchFull : 0;
    }

    bool open(int map_fd) {
        rb_ = ::ring_buffer__new(map_fd, &RealRingBuffer::on_record, this, nullptr);
        return rb_ != nullptr;
    }

    Result<int> poll(int timeout_ms) override {
        delivered_ = 0;
        return result(::ring_buffer__poll(rb_, timeout_ms));
    }
    Result<int> consume() override {
        delivered_ = 0;
        return result(::ring_buffer__consume(rb_));
    }
    int epoll_fd() const override { return ::ring_buffer__epoll_fd(rb_); }
    void set_batch_limit(size_t records) override { limit_ = records; }

  private:
    static constexpr int kBatchFull = -EOVERFLOW;
    Result<int> result(int rc) {
        if (rc == kBatchFull && limit_ && delivered_ >= limit_) return static_cast<int>(delivered_);
        if (rc >= 0) return rc;
        if (rc == -EINTR) return 0;  // a signal: the caller checks its stop flag
        return k_.fail(Op::RingBufPoll, -rc, name_);
    }

    const RealKernel& k_;
    std::string name_;
    RecordCallback cb_;
    struct ring_buffer* rb_ = nullptr;
    size_t limit_ = 0;      // records per call, 0: no limit
    size_t delivered_ = 0;  // by the current call
};

}  // namespace

Result<std::unique_ptr<RingBuffer>> RealKernel::open_ring_buffer(const Map& map,
                                                                 RecordCallback callback) {
    if (map.spec().type != MapType::RingBuf)
        return usage_error(Op::RingBufOpen, "map '" + map.name() + "' is not a ring buffer");
    auto rb = std::make_unique<RealRingBuffer>(*this, map.name(), std::move(callback));
    if (!rb->open(map.fd())) return fail(Op::RingBufOpen, errno, map.name());
    return std::unique_ptr<RingBuffer>(std::move(rb));
}

}  // namespace bdtrace::kernel
