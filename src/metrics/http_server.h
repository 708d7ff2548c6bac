// A small HTTP server for the consumer's exporters (-x prometheus): one interface, so that the
// library serving it (cpp-httplib, in http_module/httplib_server.cpp, the only file that
// includes it) stays out of the rest of the code. The implementation is a module,
// bdtrace-http.so, which serve_http loads the first time it is called (http_loader.cpp), so
// that bdtrace runs without -x prometheus never load cpp-httplib and OpenSSL.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

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
// main thread's). Null with `error` set (strerror's words, "Address already in use"; or why the
// module could not be loaded) when it cannot listen.
std::unique_ptr<HttpServer> serve_http(const std::string& host, uint16_t port, HttpHandler handler,
                                       std::string* error);

// Where serve_http looks for the module, in order: $BDTRACE_HTTP_MODULE; beside the running
// executable (the build tree); the library directory relative to it (an installed sbin/bdtrace:
// ../lib/<multiarch>/bdtrace/); the library directory of the configured install prefix and of
// Debian's /usr.
std::vector<std::string> http_module_candidates();

}  // namespace bdtrace::metrics

// The module's entry point (C linkage, found with dlsym): a started server the caller owns, or
// null with *error set. Module and library come from one build, so C++ types may cross.
using bdtrace_http_serve_fn = bdtrace::metrics::HttpServer* (*)(const std::string* host, uint16_t port,
                                                              const bdtrace::metrics::HttpHandler* handler,
                                                              std::string* error);
inline constexpr const char* kHttpServeSymbol = "bdtrace_http_serve_v1";
