// "[address:]port" values of listening options (-x prometheus).
#include <arpa/inet.h>

#include "options/options.h"

namespace bdtrace::options {

std::string Endpoint::text() const {
    return (ipv6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

std::optional<Endpoint> parse_endpoint(std::string_view text) {
    Endpoint e;
    std::string_view port = text;
    if (text.starts_with("[")) {
        size_t close = text.find(']');
        if (close == std::string_view::npos || close + 1 >= text.size() || text[close + 1] != ':')
            return std::nullopt;
        e.host = std::string(text.substr(1, close - 1));
        e.ipv6 = true;
        port = text.substr(close + 2);
        in6_addr a6;
        if (inet_pton(AF_INET6, e.host.c_str(), &a6) != 1) return std::nullopt;
    } else if (size_t colon = text.rfind(':'); colon != std::string_view::npos) {
        e.host = std::string(text.substr(0, colon));
        port = text.substr(colon + 1);
        if (e.host == "localhost") e.host = "127.0.0.1";
        in_addr a4;
        if (inet_pton(AF_INET, e.host.c_str(), &a4) != 1) return std::nullopt;
    } else {
        e.host = "127.0.0.1";  // loopback unless an address is given
    }
    if (port.empty() || port.size() > 5) return std::nullopt;
    uint32_t n = 0;
    for (char c : port) {
        if (c < '0' || c > '9') return std::nullopt;
        n = n * 10 + static_cast<uint32_t>(c - '0');
    }
    if (n > 65535) return std::nullopt;
    e.port = static_cast<uint16_t>(n);
    return e;
}

}  // namespace bdtrace::options
