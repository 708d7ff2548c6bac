// serve_http: loads the HTTP module (bdtrace-http.so, http_module/) the first time it is
// needed and keeps it loaded (servers it made may still run).
#include <dlfcn.h>
#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <mutex>

#include "metrics/http_server.h"

namespace bdtrace::metrics {

namespace {

constexpr const char* kModule = "bdtrace-http.so";

std::string executable_dir() {
    char buf[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0) return {};
    std::string path(buf, static_cast<size_t>(n));
    return path.substr(0, path.rfind('/'));
}

}  // namespace

std::vector<std::string> http_module_candidates() {
    std::vector<std::string> out;
    if (const char* env = std::getenv("BDTRACE_HTTP_MODULE"); env && *env) out.push_back(env);
    std::string exe = executable_dir();
    if (!exe.empty()) {
        out.push_back(exe + "/" + kModule);
        out.push_back(exe + "/" + BDTRACE_SBIN_TO_MODULE_DIR + "/" + kModule);
    }
    out.push_back(std::string(BDTRACE_MODULE_DIR) + "/" + kModule);
    out.push_back(std::string(BDTRACE_DEBIAN_MODULE_DIR) + "/" + kModule);
    return out;
}

std::unique_ptr<HttpServer> serve_http(const std::string& host, uint16_t port, HttpHandler handler,
                                       std::string* error) {
    static std::mutex mutex;
    static bdtrace_http_serve_fn serve = nullptr;  // once loaded, for the process's lifetime
    {
        std::lock_guard<std::mutex> lock(mutex);
        if (!serve) {
            std::string first_error;
            for (const std::string& path : http_module_candidates()) {
                if (access(path.c_str(), F_OK) != 0) continue;
                void* h = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
                if (!h) {
                    if (first_error.empty()) first_error = dlerror();
                    continue;
                }
                serve = reinterpret_cast<bdtrace_http_serve_fn>(dlsym(h, kHttpServeSymbol));
                if (serve) break;
                if (first_error.empty()) first_error = path + ": no " + kHttpServeSymbol;
            }
            if (!serve) {
                *error = !first_error.empty() ? first_error
                                              : std::string(kModule) + " not found (the HTTP module of the bdtrace package)";
                return nullptr;
            }
        }
    }
    return std::unique_ptr<HttpServer>(serve(&host, port, &handler, error));
}

}  // namespace bdtrace::metrics
