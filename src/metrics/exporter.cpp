#include "metrics/exporter.h"

#include <chrono>

namespace bdtrace::metrics {

std::unique_ptr<Exporter> Exporter::start(const std::string& host, uint16_t port, std::string* error) {
    std::unique_ptr<Exporter> e(new Exporter());
    Exporter* self = e.get();
    e->server_ = serve_http(host, port, [self](const std::string& path) { return self->answer(path); }, error);
    if (!e->server_) return nullptr;
    return e;
}

Exporter::~Exporter() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        closing_ = true;
    }
    ready_.notify_all();
    server_.reset();
}

void Exporter::serve(const std::function<Snapshot()>& take) {
    if (!wanted_.load(std::memory_order_acquire)) return;
    uint64_t covers;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        wanted_.store(false, std::memory_order_relaxed);
        covers = asked_;  // scrapes arriving from now on ask again
    }
    auto snapshot = std::make_shared<const Snapshot>(take());
    {
        std::lock_guard<std::mutex> lock(mutex_);
        latest_ = std::move(snapshot);
        answered_ = covers;
    }
    ready_.notify_all();
}

HttpReply Exporter::answer(const std::string& path) {
    if (path == "/") return {200, "text/plain; charset=utf-8", "bdtrace: the aggregations are at /metrics\n"};
    if (path != "/metrics") return {404, "text/plain; charset=utf-8", "not found: the aggregations are at /metrics\n"};
    std::shared_ptr<const Snapshot> snapshot;
    {
        std::unique_lock<std::mutex> lock(mutex_);
        uint64_t ticket = ++asked_;
        wanted_.store(true, std::memory_order_release);
        bool got = ready_.wait_for(lock, std::chrono::milliseconds(kScrapeWaitMs),
                                   [&] { return answered_ >= ticket || closing_; });
        if (!got || answered_ < ticket) return {503, "text/plain; charset=utf-8", "tracing is not running\n"};
        snapshot = latest_;
    }
    // Formatted with no lock held: the snapshot is this scrape's to read.
    return {200, "text/plain; version=0.0.4; charset=utf-8", output::prometheus_text(*snapshot)};
}

}  // namespace bdtrace::metrics
