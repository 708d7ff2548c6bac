// The Prometheus exporter (-x prometheus): serves GET /metrics while tracing runs. Each scrape
// gets a snapshot taken after it arrived: the serving thread asks, the consumer's thread makes
// the snapshot on its next pass through work() (it alone reads the maps and names symbols) and
// hands it over as an immutable value; the serving thread then writes the text with no lock
// held. The consumer never waits for the serving thread.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "metrics/http_server.h"
#include "output/prometheus.h"

namespace bdtrace::metrics {

class Exporter {
public:
    using Snapshot = std::vector<output::PromFamily>;

    // Listens on host:port (numeric). Null with `error` set (strerror's words).
    static std::unique_ptr<Exporter> start(const std::string& host, uint16_t port, std::string* error);
    // Answers the scrapes still waiting with 503 and stops serving.
    ~Exporter();
    Exporter(const Exporter&) = delete;
    Exporter& operator=(const Exporter&) = delete;

    uint16_t port() const { return server_->port(); }

    // The consumer's thread: when a scrape waits, `take` makes the snapshot it is answered
    // with. Costs one atomic load otherwise.
    void serve(const std::function<Snapshot()>& take);

    // How long a scrape waits for the consumer before it is answered 503.
    static constexpr int kScrapeWaitMs = 5000;

private:
    Exporter() = default;
    HttpReply answer(const std::string& path);

    std::mutex mutex_;
    std::condition_variable ready_;
    std::atomic<bool> wanted_{false};
    uint64_t asked_ = 0;     // scrapes that have asked for a snapshot
    uint64_t answered_ = 0;  // the scrapes up to this one have a snapshot in latest_
    bool closing_ = false;
    std::shared_ptr<const Snapshot> latest_;
    std::unique_ptr<HttpServer> server_;  // last: stopped first
};

}  // namespace bdtrace::metrics
