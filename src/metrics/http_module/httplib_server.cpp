// The HTTP module (bdtrace-http.so): HttpServer on cpp-httplib (Debian's libcpp-httplib-dev),
// a listening thread and a pool of two workers. Each connection is closed after one request, so
// that one scraper keeping its connection open never keeps another waiting for a worker.
//
// A module loaded on demand (http_loader.cpp) rather than part of libbdtrace: cpp-httplib
// brings OpenSSL and brotli, whose loading would cost every bdtrace run several megabytes and
// milliseconds for a feature few runs use. It needs nothing from libbdtrace; its one entry
// point is bdtrace_http_serve_v1 (http_server.h).
#include <httplib.h>
#include <signal.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

#include "metrics/http_server.h"

namespace bdtrace::metrics {

namespace {

constexpr size_t kWorkers = 2;

class HttplibServer : public HttpServer {
public:
    HttplibServer() = default;
    ~HttplibServer() override {
        server_.stop();
        if (thread_.joinable()) thread_.join();
    }
    uint16_t port() const override { return port_; }

    bool start(const std::string& host, uint16_t port, HttpHandler handler, std::string* error) {
        server_.new_task_queue = [] { return new httplib::ThreadPool(kWorkers); };
        // SO_REUSEADDR (a restart need not wait for TIME_WAIT) but not cpp-httplib's default
        // SO_REUSEPORT, with which a second bdtrace would share the port and scrapes would be
        // spread over both.
        server_.set_socket_options([](socket_t sock) {
            int yes = 1;
            setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        });
        server_.set_keep_alive_max_count(1);
        server_.set_read_timeout(5, 0);
        server_.set_write_timeout(5, 0);
        server_.set_payload_max_length(64 * 1024);
        auto answer = [handler](const httplib::Request& req, httplib::Response& res) {
            HttpReply r = handler(req.path);
            res.status = r.status;
            res.set_content(r.body, r.content_type);
        };
        server_.Get(".*", answer);
        errno = 0;
        int bound = port == 0 ? server_.bind_to_any_port(host) : (server_.bind_to_port(host, port) ? port : -1);
        if (bound < 0) {
            *error = errno ? std::strerror(errno) : "cannot listen";
            return false;
        }
        port_ = static_cast<uint16_t>(bound);
        // The threads (the workers are started by the listening one) take this thread's signal
        // mask: block everything there, so that SIGINT and friends reach the consumer's thread.
        sigset_t all, old;
        sigfillset(&all);
        pthread_sigmask(SIG_SETMASK, &all, &old);
        thread_ = std::thread([this] { server_.listen_after_bind(); });
        pthread_sigmask(SIG_SETMASK, &old, nullptr);
        // stop() only reaches a server that is running: wait until it is.
        for (int i = 0; i < 2000 && !server_.is_running(); ++i) std::this_thread::sleep_for(std::chrono::microseconds(500));
        return true;
    }

private:
    httplib::Server server_;
    std::thread thread_;
    uint16_t port_ = 0;
};

}  // namespace

}  // namespace bdtrace::metrics

extern "C" __attribute__((visibility("default"))) bdtrace::metrics::HttpServer* bdtrace_http_serve_v1(
    const std::string* host, uint16_t port, const bdtrace::metrics::HttpHandler* handler, std::string* error) {
    auto s = std::make_unique<bdtrace::metrics::HttplibServer>();
    if (!s->start(*host, port, *handler, error)) return nullptr;
    return s.release();
}
