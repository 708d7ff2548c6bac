// A small HTTP server for the consumer's exporters (-x prometheus): one interface, so that the
// library serving it (cpp-httplib, httplib_server.cpp, the only file that includes it) stays
// out of the rest of the code.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace bdtrace::metrics {

struct HttpReply {
    int status = 200;
    std::string content_type = "text/plain; charset=utf-8";
    std::string body;
};

// Answers a GET of `path` (without the query). Called on the server's own threads.
using HttpHandler = std::function<HttpReply(const std::string& path)>;

class HttpServer {
public:
    virtual ~HttpServer() = default;  // stops listening and joins the server's threads
    // The port listened on: the one asked for, or the one the system chose for port 0.
    virtual uint16_t port() const = 0;
};

// Listens on host (a numeric IPv4 or IPv6 address) and port, and serves GET requests with
// `handler` on two threads of its own, which block every signal (they stay the process's
// main thread's). Null with `error` set (strerror's words, "Address already in use") when it
// cannot listen.
std::unique_ptr<HttpServer> serve_http(const std::string& host, uint16_t port, HttpHandler handler,
                                       std::string* error);

}  // namespace bdtrace::metrics
